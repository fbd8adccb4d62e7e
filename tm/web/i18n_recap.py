"""Words of the recap of the others' moves since the viewer last acted.

``recap.do.*`` are a record of the acting player without their name: the recap names the
player once above their actions (:mod:`tm.web.recap_text`).
"""
from __future__ import annotations

EN_RECAP: dict[str, str] = {
    "recap.title.one": "Since your last move: {n} move by the others",
    "recap.title.other": "Since your last move: {n} moves by the others",
    "recap.joiner": "; ",
    "recap.prev": "Previous",
    "recap.next": "Next",
    "recap.step_of": "Move {n} of {total}",
    "recap.skip": "Skip",
    "recap.close": "Close",
    "recap.show": "Show on the board",
    "recap.back": "Back to the list",
    "recap.do.card_played": "plays {card}",
    "recap.do.card_action": "uses the action of {card}",
    "recap.do.milestone": "claims the milestone {milestone}",
    "recap.do.award": "funds the award {award}",
    "recap.do.pass": "passes",
    "recap.do.project": "standard project {project}",
    "recap.do.sold": "sells {cards} for {qty}",
    "recap.do.tile": "places {tile} on {space}",
    "recap.do.bonus": "placement bonus: {list}",
    "recap.do.ocean_bonus": "{qty} for adjacent oceans",
    "recap.do.tr": "TR {tr}",
    "recap.do.gain": "gains {list}",
    "recap.do.lose": "loses {list}",
    "recap.do.paid": "pays {list}",
    "recap.do.spent": "spends {list}",
    "recap.do.prod": "production {list}",
    "recap.do.card_res": "{qty} on {card}",
    "recap.do.draw": "draws {cards}",
    "recap.do.corporation": "takes {card}",
    "recap.do.corporation_mc": "takes {card} and its {qty}",
    "recap.do.bought": "buys {cards}",
    "recap.do.res_removed": "removes {res} from {target}",
    "recap.do.res_stolen": "steals {res} from {target}",
}
