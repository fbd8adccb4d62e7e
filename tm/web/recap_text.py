"""The recap's words for one action: short, because its player is named once above their
actions (:mod:`tm.web.recap_html`).

A record of the acting player reads without their name ("plays Birds", "pays 12 M€",
"places a greenery on space 32"); a record naming someone else, or of a kind with no short
phrase (an expansion's), reads as in the log, names and all.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tm.cards import card
from tm.web.card_text import qty, tile_phrase
from tm.web.i18n import t
from tm.web.log_text import amounts, log_line, param_change, space_ref
from tm.web.model import View, player_name
from tm.web.recap import RecapAction

Record = Mapping[str, Any]
_CURRENCIES = ("megacredits", "steel", "titanium", "heat", "energy")


def action_text(view: View, action: RecapAction) -> str:
    """An action's records as one short line (gains and payments included)."""
    return t("recap.joiner").join(short_line(view, r, action.player) for r in action.records)


def short_line(view: View, record: Record, player: int) -> str:
    """One record without the acting ``player``'s name (the log's words otherwise)."""
    phrase = _PHRASES.get(str(record.get("key")))
    if phrase is None or record.get("player") != player:
        return log_line(view, record)
    try:
        return phrase(view, record)
    except (KeyError, TypeError, ValueError, AttributeError):
        return log_line(view, record)  # (a damaged record: as the log reads it)


def _project(view: View, r: Record) -> str:
    if r.get("project") == "sell_patents" and "count" in r:
        count = int(r["count"])
        return t("recap.do.sold", cards=qty("card", count), qty=qty("megacredits", count))
    return t("recap.do.project", project=t(f"project.{r.get('project')}"))


def _param(view: View, r: Record) -> str:
    change = param_change(r, view)
    return change if "tr" not in r else change + t("recap.joiner") + _tr(view, r)


def _tr(view: View, r: Record) -> str:
    return t("recap.do.tr", tr=r["tr"])


def _gain(view: View, r: Record) -> str:
    res: Mapping[str, int] = r.get("res") or {}
    gains = {k: n for k, n in res.items() if n > 0}
    losses = {k: -n for k, n in res.items() if n < 0}
    said = [t("recap.do.gain", list=amounts(gains))] if gains else []
    said += [t("recap.do.lose", list=amounts(losses))] if losses else []
    return t("recap.joiner").join(said)


def _paid(view: View, r: Record) -> str:
    paid = [qty(c, int(r[c])) for c in _CURRENCIES if r.get(c)]
    paid += [t("log.paid_from", qty=qty(_unit(name), int(n)), card=name)
             for name, n in (r.get("cards") or {}).items()]
    return t("recap.do.paid", list=t("list.and").join(paid) or qty("megacredits", 0))


def _spent(view: View, r: Record) -> str:
    res: Mapping[str, int] = r.get("res") or {}
    return t("recap.do.spent", list=amounts({k: -n for k, n in res.items()}))


def _prod(view: View, r: Record) -> str:
    return t("recap.do.prod", list=amounts(r.get("prod") or {}, signed=True))


def _card_res(view: View, r: Record) -> str:
    name = str(r.get("card"))
    return t("recap.do.card_res", qty=qty(_unit(name), int(r.get("count", 0)), signed=True),
             card=name)


def _unit(name: str) -> str:
    """The resource a card holds ("microbe"), as the log counts it."""
    try:
        return card(name).resource or "resource"
    except KeyError:
        return "resource"


def _bonus(view: View, r: Record) -> str:
    got = amounts(r.get("res") or {})
    cards = int(r.get("cards", 0))
    listed = t("list.and").join(x for x in (got, qty("card", cards) if cards else "") if x)
    return t("recap.do.bonus", list=listed)


def _removed(view: View, r: Record) -> str:
    key = "recap.do.res_stolen" if r.get("steal") else "recap.do.res_removed"
    return t(key, target=player_name(view, r["target"]),
             res=qty(str(r.get("res")), int(r.get("count", 0))))


def _corporation(view: View, r: Record) -> str:
    if r.get("megacredits"):
        return t("recap.do.corporation_mc", card=r["card"],
                 qty=qty("megacredits", int(r["megacredits"])))
    return t("recap.do.corporation", card=r["card"])


def _plain(key: str, *fields: str) -> Callable[[View, Record], str]:
    def phrase(view: View, r: Record) -> str:
        return t(key, **{f: r[f] for f in fields})
    return phrase


_PHRASES: dict[str, Callable[[View, Record], str]] = {
    "card_played": _plain("recap.do.card_played", "card"),
    "card_action": _plain("recap.do.card_action", "card"),
    "milestone": _plain("recap.do.milestone", "milestone"),
    "award": _plain("recap.do.award", "award"),
    "pass": _plain("recap.do.pass"),
    "project": _project,
    "tile": lambda view, r: t("recap.do.tile", tile=tile_phrase(str(r["tile"])),
                              space=space_ref(view, r["space"])),
    "bonus": _bonus,
    "ocean_bonus": lambda view, r: t("recap.do.ocean_bonus",
                                     qty=qty("megacredits", int(r.get("megacredits", 0)))),
    "param": _param,
    "tr": _tr,
    "gain": _gain,
    "paid": _paid,
    "spent": _spent,
    "prod": _prod,
    "card_res": _card_res,
    "draw": lambda view, r: t("recap.do.draw", cards=qty("card", int(r.get("count", 0)))),
    "corporation": _corporation,  # (the setup: recapped in a game played by link)
    "bought": lambda view, r: t("recap.do.bought", cards=qty("card", int(r.get("count", 0)))),
    "res_removed": _removed,
}
