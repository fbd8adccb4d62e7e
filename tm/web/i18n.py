"""The message catalog: every word the page shows, by key (English first).

The English words are the dicts here (and the ``EN_*`` dicts of the i18n_*.py modules
merged into ``EN``); the other languages are gettext catalogs, tm/web/locale/<lang>.po,
written from these by scripts/i18n_extract.py and read at runtime (:mod:`tm.web.po`).
``t`` shows the language chosen with :func:`set_language` and falls back to English.
Counted phrases have ``.zero`` / ``.one`` / ``.other`` forms picked by ``tn``; in another
language ``t`` picks that language's plural category from the count ``n``.
Card wording lives beside it in :mod:`tm.web.i18n_cards` (merged into ``EN``).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# The expansions' catalogs (their page manifests' words) merge into EN in the slots they
# always had: EN's order is every .po file's order.
from tm.web.expansions.colonies.words import EN_COLONIES
from tm.web.expansions.prelude.words import EN_PRELUDE
from tm.web.i18n_bots import EN_BOTS
from tm.web.i18n_cards import EN_CARDS
from tm.web.i18n_decide import EN_DECIDE
from tm.web.i18n_errors import EN_ERRORS
from tm.web.i18n_lang import EN_LANG
from tm.web.i18n_linkplay import EN_LINKPLAY
from tm.web.i18n_log import EN_LOG
from tm.web.i18n_maps import EN_MAPS
from tm.web.i18n_page import EN_PAGE
from tm.web.i18n_playtest import EN_PLAYTEST
from tm.web.i18n_polish import EN_POLISH
from tm.web.i18n_rules import EN_RULES

EN: dict[str, str] = {
    # app
    "app.title": "Terraforming Mars",
    "app.loading": "Loading the Python runtime…",
    "app.menu": "Menu",
    "app.storage_full": "Saving failed: this browser's storage is full. The game goes on "
                        "but is not saved; delete old games to make room.",
    "app.import_failed": "That file is not a game this version can open: {reason}",
    "app.error": "Something went wrong: {reason}",
    # start screen
    "start.new_game": "New game",
    "start.players": "Players",
    "start.player_n": "Player {n}",
    "start.name": "Name",
    "start.colour": "Colour",
    "start.beginner": "Beginner corporation",
    "start.corporate_era": "Corporate Era",
    "start.draft": "Draft",
    "start.strict_undo": "Strict undo (solo)",
    "start.board": "Board",
    "start.prelude": "Prelude",
    "start.board_preview.one": "{board}: {n} space on Mars",
    "start.board_preview.other": "{board}: {n} spaces on Mars",
    "start.board_goals": "Milestones: {milestones}. Awards: {awards}.",
    "start.seed": "Seed (optional)",
    "start.start": "Start game",
    "start.saved_games": "Saved games",
    "start.no_saves": "No saved games yet.",
    "start.continue": "Continue",
    "start.delete": "Delete",
    "start.export": "Export",
    "start.import": "Import a game file",
    "start.damaged": "Damaged save ({key}): it cannot be opened.",
    "start.save_summary": "{names} · generation {generation} · {when}",
    "start.save_over": "finished",
    "start.solo_note": "One player plays solo: 14 generations against the clock (12 with "
                       "Prelude, 16 on Amazonis Planitia).",
    "board.tharsis": "Tharsis",
    "board.elysium": "Elysium",
    "board.hellas": "Hellas",
    "board.vastitas_borealis": "Vastitas Borealis",
    "board.amazonis_planitia": "Amazonis Planitia",
    "colour.red": "Red", "colour.green": "Green", "colour.blue": "Blue",
    "colour.yellow": "Yellow", "colour.black": "Black", "colour.purple": "Purple",
    # hand-off
    "handoff.pass_to": "Pass the device to {name}",
    "handoff.ready": "I am {name}: show my cards",
    "handoff.hint": "The other players' hands stay hidden until {name} is ready.",
    # game screen: header and tracks
    "game.generation": "Generation {n}",
    "game.generation_solo": "Generation {n} of {last}",
    "game.parameters": "Global parameters",
    "game.temperature": "Temperature",
    "game.oxygen": "Oxygen",
    "game.oceans": "Oceans",
    "game.track_range": "{low} to {high}",
    "game.track_done": "maximum reached",
    "unit.temperature": "{n} °C",
    "unit.oxygen": "{n} %",
    "unit.oceans": "{n} of {max}",
    # game screen: players
    "game.players": "Players",
    "game.tr": "TR",
    "game.tr_long": "Terraform rating {tr}",
    "game.score_now": "{n} VP now",
    "game.hand": "Your hand",
    "game.hand_of": "Hand of {name}",
    "game.hand_empty": "No cards in hand.",
    "game.played": "Played cards",
    "game.group.corporation": "Corporation",
    "game.group.automated": "Automated",
    "game.group.active": "Active",
    "game.group.event": "Events",
    "game.no_cards": "No cards played yet.",
    "game.card_resources": "Resources on cards",
    "game.resource": "Resource",
    "game.amount": "Amount",
    "game.production": "Production",
    "game.tags": "Tags",
    "game.no_tags": "no tags yet",
    "game.cards_in_hand.zero": "no cards in hand",
    "game.cards_in_hand.one": "1 card in hand",
    "game.cards_in_hand.other": "{n} cards in hand",
    "game.passed": "passed",
    "game.acting": "taking a turn",
    "game.first": "first player",
    "game.no_corporation": "no corporation yet",
    "game.neutral": "Neutral",
    "game.export": "Export game",
    "game.waiting": "Waiting for {name}",
    "game.your_turn": "{name}, your decision",
    "game.action_n": "action {n} of 2",
    "game.playable": "playable",
    "game.action_used": "action used this generation",
    # why something cannot be done now (the view's reasons)
    "why.card": "Not playable: {list}",
    "why.requirement": "requirements not met",
    "why.cost": "costs {cost} MC, you can pay {budget}",
    "why.production": "production too low",
    "why.no_space": "no space to place it",
    "why.no_target": "nothing to target",
    "why.resources": "not enough {list}",
    "why.no_cards": "no cards in hand",
    "why.claimed": "claimed by {name}",
    "why.funded": "funded by {name}",
    "why.limit": "all {count} taken",
    "why.condition": "has {current} of {needed}",
    "why.cannot_resolve": "cannot be done now",
    "why.unknown": "not possible now",
    "why.sep": " · ",
    # milestones and awards
    "game.ma": "Milestones and awards",
    "game.milestones": "Milestones",
    "game.awards": "Awards",
    "game.claimed_by": "claimed by {name}",
    "game.funded_by": "funded by {name}",
    "game.claim_cost": "claim for {cost} MC",
    "game.fund_cost": "fund for {cost} MC",
    "game.ma_closed": "no more can be claimed",
    "game.aw_closed": "no more can be funded",
    "game.meets": "meets it",
    "game.progress": "{value} of {threshold}",
    "ms.Terraformer": "terraform rating of 35",
    "ms.Mayor": "3 cities",
    "ms.Gardener": "3 greeneries",
    "ms.Builder": "8 building tags",
    "ms.Planner": "16 cards in hand",
    "aw.Landlord": "most tiles in play",
    "aw.Banker": "highest MC production",
    "aw.Scientist": "most science tags",
    "aw.Thermalist": "most heat",
    "aw.Miner": "most steel and titanium",
    # the board
    "board.legend": "Key",
    "board.space": "space {id}",
    "board.volcanic": "volcanic",
    "board.ocean_space": "ocean space",
    "board.reserved": "reserved for {card}",
    "board.bonus": "bonus: {list}",
    "board.tile_of": "{tile} of {name}",
    "board.legal": "you may place here",
    "board.owner": "owner marker",
    "board.pick_hint": "Place {tile}: pick a highlighted space",
    "board.pick": "Pick a highlighted space on the board, or one of these:",
    "bonus.steel": "steel", "bonus.titanium": "titanium", "bonus.plants": "plant",
    "bonus.heat": "heat", "bonus.card": "card",
    "bonus_letter.steel": "S", "bonus_letter.titanium": "T", "bonus_letter.plants": "P",
    "bonus_letter.heat": "H", "bonus_letter.card": "C",
    # prompts
    "prompt.action": "Choose an action",
    "prompt.action_second": "Choose a second action, or end your turn",
    "prompt.first_action": "Your corporation's first action",
    "prompt.group.cards": "Play a card",
    "prompt.group.projects": "Standard projects",
    "prompt.group.milestones": "Claim a milestone",
    "prompt.group.awards": "Fund an award",
    "prompt.group.card_actions": "Card actions",
    "prompt.group.conversions": "Conversions",
    "prompt.group.turn": "Your turn",
    "prompt.space": "Place {tile}",
    "prompt.space_for": "Place {tile} for {card}",
    # the spaces by their numbers as the board shows them (on hover and focus): "03"
    "prompt.row.one": "Row {row}: space {spaces}",
    "prompt.row.other": "Row {row}: spaces {spaces}",
    "prompt.offmap_row": "Off Mars: {spaces}",
    "prompt.cards.buy_cards": "Buy cards for {price} MC each (up to {max})",
    "prompt.cards.keep_cards": "Keep {min} of these cards",
    "prompt.cards.sell_patents": "Sell cards for 1 MC each",
    "prompt.card.add_res": "Add {qty} to which card?",
    "prompt.card.take_res": "Remove {qty} from which card?",
    "prompt.card.draft": "Draft: keep one card, pass the rest",
    "prompt.card.keep_cards": "Keep one of these cards",
    "prompt.drafted": "Drafted so far: {list}",
    "prompt.card_owner": "of {name}",
    "prompt.player.reduce_prod": "Whose {res} production drops by {count}?",
    "prompt.player.remove_any": "Remove up to {count} from whom?",
    "prompt.cards.discard_to_draw": "You may discard a card to draw one",
    "prompt.card.remove_animals": "Remove animals from which card?",
    "prompt.card.copy_production": "Copy the production box of which building card?",
    "prompt.player.rob": "Take resources from whom?",
    "prompt.amount": "How many?",
    "prompt.amount_sample": "Any amount from {min} to {max} is allowed; these are a selection.",
    "prompt.amount.heat_prod_to_mc_prod": "How much heat production becomes MC production?",
    "prompt.amount.energy_to_mc": "How much energy do you turn into MC?",
    "prompt.pay": "Pay {cost} MC",
    "prompt.pay.card": "Pay {cost} MC for {card}",
    "prompt.pay.project": "Pay {cost} MC for the standard project {project}",
    "prompt.pay.milestone": "Pay {cost} MC to claim {milestone}",
    "prompt.pay.award": "Pay {cost} MC to fund {award}",
    "prompt.pay.action": "Pay {cost} MC for the action of {card}",
    "prompt.pay.cards.one": "Pay {cost} MC for 1 card",
    "prompt.pay.cards.other": "Pay {cost} MC for {n} cards",
    "pay.hint": "Choose how much of each resource to spend; MC pays the rest.",
    "pay.rate": "{qty} = {value} MC · you have {have}",
    "pay.rate_only": "{qty} = {value} MC",
    "pay.mc_rest": "pays the rest · you have {have}",
    "pay.none": "None",
    "pay.max": "Max ({n})",
    "pay.set": "Use {n}",
    "pay.less_label": "One {res} less",
    "pay.more_label": "One {res} more",
    "pay.none_label": "No {res}",
    "pay.best_label": "Use {qty}",
    "pay.status": "Paying {cost} MC with {paid}",
    "pay.short": "Not enough MC: {n} MC short. Use more of your other resources.",
    "pay.too_much": "That is more than the cost: use less.",
    "prompt.setup.setup": "Choose your corporation and the project cards to buy",
    "setup.secret": "Your choice stays secret: nobody sees it until every player has chosen.",
    "setup.corporations": "Corporation",
    "setup.cards": "Project cards ({price} MC each)",
    "setup.money.zero": "{corporation}: {mc} MC to start, no cards bought, {left} MC left",
    "setup.money.one": "{corporation}: {mc} MC to start, 1 card for {cost} MC, {left} MC left",
    "setup.money.other": "{corporation}: {mc} MC to start, {n} cards for {cost} MC, "
                         "{left} MC left",
    "setup.picked.zero": "No corporation chosen yet · no cards picked",
    "setup.picked.one": "No corporation chosen yet · 1 card picked",
    "setup.picked.other": "No corporation chosen yet · {n} cards picked",
    "setup.need_corporation": "Choose a corporation first",
    "setup.too_many.zero": "{corporation} cannot pay for any card: put them back",
    "setup.too_many.one": "{corporation} can pay for only 1 card: put some back",
    "setup.too_many.other": "{corporation} can pay for only {n} cards: put some back",
    "prompt.done.buy_cards.zero": "Buy no cards",
    "prompt.done.buy_cards.one": "Buy 1 card ({total} MC)",
    "prompt.done.buy_cards.other": "Buy {n} cards ({total} MC)",
    "prompt.done.sell_patents.zero": "Sell no cards",
    "prompt.done.sell_patents.one": "Sell 1 card for 1 MC",
    "prompt.done.sell_patents.other": "Sell {n} cards for {n} MC",
    "prompt.done.discard_to_draw.zero": "Keep my hand",
    "prompt.done.discard_to_draw.one": "Discard it and draw a card",
    "prompt.done.discard_to_draw.other": "Discard them and draw",
    "prompt.done.keep_cards.one": "Keep this card",
    "prompt.done.keep_cards.other": "Keep these {n} cards",
    "prompt.option": "Choose one",
    "prompt.option_for": "Choose one for {card}",
    "prompt.add_to_card": "add {qty} to {card}",
    "prompt.option.final_greenery": "Final greenery: turn plants into a greenery?",
    "prompt.confirm": "Confirm",
    "prompt.selected_of": "{n} selected (choose {min} to {max})",
    "prompt.buy_total": "Cost: {total} MC of your {mc} MC",
    "prompt.none": "No one",
    "prompt.starting_mc": "{n} MC to start",
    # action choices
    "action.play_card": "Play {card}",
    "action.card_action": "Use the action of {card}",
    "action.standard_project": "{project} ({cost} MC)",
    "action.claim_milestone": "Claim {milestone} ({cost} MC)",
    "action.fund_award": "Fund {award} ({cost} MC)",
    "action.convert_plants.one": "Plants → greenery ({n} plant)",
    "action.convert_plants.other": "Plants → greenery ({n} plants)",
    "action.convert_heat": "Heat → temperature ({n} heat)",
    "action.end_turn": "End turn",
    "action.pass": "Pass",
    "action.first_action": "Corporation's first action",
    "action.card": "{card}",
    "action.pick": "Pick {card}",
    "action.unpick": "Put back {card}",
    "action.corporation": "{card} ({n} MC to start)",
    "action.setup_done.zero": "Start with {card} and no cards",
    "action.setup_done.one": "Start with {card} and 1 card",
    "action.setup_done.other": "Start with {card} and {n} cards",
    "action.use": "Use {qty}",
    "action.confirm_pay": "Pay {paid}",
    "option.final_greenery.one": "Place a greenery ({n} plant)",
    "option.final_greenery.other": "Place a greenery ({n} plants)",
    "option.done": "Done",
    # standard projects
    "project.sell_patents": "Sell patents",
    "project.power_plant": "Power plant",
    "project.asteroid": "Asteroid",
    "project.aquifer": "Aquifer",
    "project.greenery": "Greenery",
    "project.city": "City",
    "project_does.sell_patents": "discard cards for 1 MC each",
    "project_does.power_plant": "+1 energy production",
    "project_does.asteroid": "raise temperature",
    "project_does.aquifer": "place an ocean",
    "project_does.greenery": "place a greenery",
    "project_does.city": "place a city, +1 MC production",
    # resources, parameters and tiles
    "res.megacredits": "MC", "res.steel": "Steel", "res.titanium": "Titanium",
    "res.plants": "Plants", "res.energy": "Energy", "res.heat": "Heat",
    "res.animal": "animals", "res.microbe": "microbes", "res.science": "science",
    "res.fighter": "fighters", "res.card": "card",
    "param.temperature": "temperature", "param.oxygen": "oxygen", "param.oceans": "oceans",
    "tile.ocean": "an ocean", "tile.greenery": "a greenery", "tile.city": "a city",
    "tile.capital": "the Capital city", "tile.special": "a special tile",
    "tile.natural_preserve": "the Natural Preserve tile",
    "tile.mohole_area": "the Mohole Area tile",
    "tile.nuclear_zone": "the Nuclear Zone tile", "tile.lava_flows": "the Lava Flows tile",
    "tile.commercial_district": "the Commercial District tile",
    "tile.ecological_zone": "the Ecological Zone tile",
    "tile.industrial_center": "the Industrial Center tile",
    "tile.mining_area": "the Mining Area tile", "tile.mining_rights": "the Mining Rights tile",
    "tile.restricted_area": "the Restricted Area tile", "tile.claim": "your land claim",
    "tilename.ocean": "ocean", "tilename.greenery": "greenery", "tilename.city": "city",
    "tilename.capital": "Capital", "tilename.natural_preserve": "Natural Preserve",
    "tilename.mohole_area": "Mohole Area", "tilename.nuclear_zone": "Nuclear Zone",
    "tilename.lava_flows": "Lava Flows",
    "tileshort.natural_preserve": "NP", "tileshort.mohole_area": "MA",
    "tileshort.nuclear_zone": "NZ", "tileshort.lava_flows": "LF",
    # end screen
    "end.title": "Game over",
    "end.caption": "Final score",
    "end.winner": "{names} wins",
    "end.winners": "{names} share the win",
    "end.solo_won": "Mars is terraformed: you win with {total} VP",
    "end.solo_lost": "Mars was not terraformed in time: you lose ({total} VP)",
    "end.col.player": "Player", "end.col.tr": "TR", "end.col.milestones": "Milestones",
    "end.col.awards": "Awards", "end.col.greeneries": "Greeneries", "end.col.cities": "Cities",
    "end.col.cards": "Cards", "end.col.total": "Total",
    "end.winner_mark": "winner",
    # sharing, undo, replay (share_html)
    "tools.undo": "Undo", "tools.redo": "Redo", "tools.share": "Copy link",
    "tools.show_scores": "Live scores", "tools.hide_scores": "Hide scores",
    "tools.replay": "Replay",
    "share.title": "Link to this game",
    "share.hint": "Anyone who opens this link sees this game at this point and can continue "
                  "it as their own copy. A link to a game with no moves is a challenge: the "
                  "same deal.",
    "share.copy": "Copy", "share.close": "Close", "share.copied": "Link copied",
    "link.viewing": "You are looking at a shared game. It is not saved on this device until "
                    "you continue it as your own copy.",
    "link.continue": "Continue as a new local game",
    "link.bad": "This link cannot be opened: {reason}. Your saved games are untouched.",
    "scores.title": "Live scores",
    "replay.title": "Replay",
    "replay.position": "Move {pos} of {total} · generation {generation}",
    "replay.start": "Start", "replay.prev_generation": "Generation",
    "replay.prev": "Move", "replay.next": "Move",
    "replay.next_generation": "Generation", "replay.end": "End",
    "replay.branch": "Play on from here", "replay.exit": "Back to the game",
    "chart.title": "VP and TR by generation",
    "chart.key": "Key to the chart",
    "chart.key_vp": "victory points (solid line)",
    "chart.key_tr": "terraform rating (dashed line)",
    "chart.caption": "Victory points and terraform rating at the end of each generation",
    "chart.generation": "Generation", "chart.vp_of": "{name} VP", "chart.tr_of": "{name} TR",
    "end.link": "Anyone can replay and check this result:",
    "end.link_text": "link to the finished game",
    # a save or link that replays differently under today's rules
    "rules.changed": "The rules have changed since this game was saved: it may not go on "
                     "exactly as it was played.",
    "rules.changed_cards": "This game was saved under older rules. Its moves have been "
                           "replayed under today's rules, which changed how these cards "
                           "work: {cards}. Scores may differ from the game as it was played.",
    "rules.changed_state": "The rules have changed since this game was saved: its moves no "
                           "longer lead to the same position, so the game goes on from the "
                           "position that was saved. Earlier moves cannot be undone or "
                           "replayed.",
    "rules.changed_link": "This link was made under other rules. Its moves have been replayed "
                          "under today's rules and may not lead to the position it was "
                          "shared from.",
    # log
    "game.log": "Game log",
    **EN_CARDS,
    **EN_PAGE,
    **EN_PRELUDE,
    **EN_MAPS,
    **EN_LOG,
    **EN_DECIDE,
    **EN_POLISH,
    **EN_RULES,
    **EN_COLONIES,
    **EN_PLAYTEST,
    **EN_LANG,
    **EN_ERRORS,
    **EN_LINKPLAY,
    **EN_BOTS,
}

LANGUAGES = ("en", "de", "ja", "be")  # each has tm/web/locale/<lang>.po
# Placeholders whose values are English names of cards, milestones, awards, colony tiles
# or map spaces: t() shows them by their name in the language (:func:`name`). Other code
# that shows a name calls name() (or card_name, colony_name, space_name) itself.
NAME_FIELDS = {"card": "card", "corporation": "card", "milestone": "milestone",
               "award": "award", "colony": "colony", "trade": "colony", "place": "space"}
# Placeholders that hold identifiers, never grouped like a number.
_PLAIN_NUMBERS = {"id", "seed", "key", "year", "pos"}
PLURAL_BASES = {k.rsplit(".", 1)[0] for k in EN if k.endswith((".one", ".other"))}
CATALOGS: dict[str, dict[str, str]] = {"en": EN}
_current = ["en"]


def catalog(lang: str) -> dict[str, str]:
    """The messages of ``lang`` by key (read from its .po file the first time)."""
    if lang not in CATALOGS:
        import pkgutil

        from tm.web.po import messages

        data = pkgutil.get_data("tm.web", f"locale/{lang}.po") if lang in LANGUAGES else None
        CATALOGS[lang] = messages(data.decode("utf-8"), lang) if data else {}
    return CATALOGS[lang]


def set_language(lang: str) -> str:
    """Show every later message in ``lang`` (unknown languages show English)."""
    _current[0] = lang if lang in LANGUAGES else "en"
    catalog(_current[0])
    return _current[0]


def language() -> str:
    """The language messages are shown in."""
    return _current[0]


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Messages in ``lang`` for the duration (one drawing of a screen, one action of the
    App): the language a screen model carries, set by whoever draws or acts in it."""
    before = _current[0]
    chosen = set_language(lang)
    try:
        yield chosen
    finally:
        _current[0] = before


def pick_language(preferred: list[str]) -> str:
    """The first of the browser's languages (``de-AT``, ``ja``, …) we have, else English."""
    for tag in preferred:
        base = str(tag).lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return "en"


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value).replace("+", "").replace("\u2212", "-"))
    except ValueError:
        return None


def _template(message_key: str, lang: str, values: dict[str, Any]) -> str | None:
    messages = catalog(lang)
    base, _, form = message_key.rpartition(".")
    if lang != "en" and form in ("one", "other") and base in PLURAL_BASES:
        count = _count(values["count"] if "count" in values else values.get("n"))
        if count is None:  # no number to count by: the English form's nearest category
            from tm.web.po import CATEGORIES

            forms = CATEGORIES.get(lang, ("other",))
            category = form if form in forms else forms[-1]
        else:
            from tm.web.po import plural_category

            category = plural_category(lang, count)
        return messages.get(f"{base}.{category}") or messages.get(f"{base}.other")
    return messages.get(message_key)


def format_number(n: int, lang: str | None = None) -> str:
    """A whole number as the language writes it (digit grouping from 10 000 up)."""
    lang = lang or _current[0]
    if abs(n) < 10000:
        return str(n)
    grouped = f"{abs(n):,}".replace(",", {"de": ".", "be": "\u00a0"}.get(lang, ","))
    return ("-" if n < 0 else "") + grouped


def format_moment(moment: Any, lang: str | None = None) -> str:
    """A date and time (a ``datetime``) as the language writes it (``fmt.datetime``)."""
    return t("fmt.datetime", lang, year=f"{moment.year:04d}", month=f"{moment.month:02d}",
             day=f"{moment.day:02d}", hour=f"{moment.hour:02d}", minute=f"{moment.minute:02d}")


def name(kind: str, english: str, lang: str | None = None) -> str:
    """The one way a name reaches the page: the published (or our) name of a card,
    milestone, award, colony tile or map space in the language (``name.<kind>.<English>``
    in its catalog); the English name when the catalog has none."""
    lang = lang or _current[0]
    if lang == "en" or not english:
        return english
    return catalog(lang).get(f"name.{kind}.{english}") or english


def card_name(english: str) -> str:
    """A card's name in the current language."""
    return name("card", english)


def colony_name(english: str) -> str:
    """A colony tile's name in the current language."""
    return name("colony", english)


def space_name(english: str) -> str:
    """The printed name of a map space (a volcano, a pole, a card's own space) in the
    current language."""
    return name("space", english)


def _shown(field: str, value: Any, lang: str) -> Any:
    if field in NAME_FIELDS and isinstance(value, str):
        return name(NAME_FIELDS[field], value, lang)
    if isinstance(value, int) and not isinstance(value, bool) and field not in _PLAIN_NUMBERS:
        return format_number(value, lang)
    return value


def t(message_key: str, lang: str | None = None, **values: Any) -> str:
    """The message for ``message_key`` with ``{name}`` fields filled; the key if unknown."""
    lang = lang or _current[0]
    template = (_template(message_key, lang, values) if lang != "en" else None) \
        or EN.get(message_key) or message_key
    try:
        return template.format(**{k: _shown(k, v, lang) for k, v in values.items()})
    except (KeyError, IndexError, ValueError):
        return template


def sentence(text: str) -> str:
    """Text as a heading starts, in sentence case: its first letter upper-case (a German
    phrase may begin with an article, "einen Ozean platzieren"; a Belarusian one with a
    verb)."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def has(message_key: str) -> bool:
    """Whether the catalog has a message for ``message_key``."""
    return message_key in EN


def plural_key(message_key: str, n: int) -> str:
    """``key.zero`` / ``key.one`` / ``key.other`` for a count (zero falls back to other).

    The key names the English form; :func:`t` picks the form of the shown language from
    the count in ``n``."""
    form = "zero" if n == 0 else "one" if abs(n) == 1 else "other"
    key = f"{message_key}.{form}"
    return key if key in EN or form != "zero" else f"{message_key}.other"


def tn(message_key: str, n: int, lang: str | None = None, **values: Any) -> str:
    """A counted message with ``{n}`` filled (see :func:`plural_key`)."""
    return t(plural_key(message_key, n), lang, n=n, **values)
