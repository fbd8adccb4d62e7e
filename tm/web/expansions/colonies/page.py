"""The Colonies expansion's page manifest: its new-game switch, its section of the game
screen (tiles, tracks, fleets), its item of the status strip (colonies built), its note
in the end table, the words of its choices, its prompts by purpose, its action-menu group
(trades), its solo setup offer of colony tiles, its log texts, its catalog and the card
text's words for its notation."""
from __future__ import annotations

from tm.web.expansions import ActionGroup, PageManifest, Section, Switch, View
from tm.web.expansions.colonies.card_words import CARD_WORDS
from tm.web.expansions.colonies.log import COLONY_LOG
from tm.web.expansions.colonies.prompts import (
    COLONY_PURPOSES,
    offer_tiles,
    option_prompt,
    trade_buttons,
)
from tm.web.expansions.colonies.section import (
    COLONY_LABELS,
    colonies_count,
    colonies_section,
    held_words,
    trade_words,
)
from tm.web.expansions.colonies.words import EN_COLONIES
from tm.web.html import esc
from tm.web.i18n import t, tn

NAME = "colonies"  # the engine's manifest (tm.expansions.colonies)
SECTION_KEYS = ("expansions", "players")  # the view's parts its section reads


def strip_item(view: View, p: int) -> tuple[str, str, str] | None:
    """Colonies built, in the status strip (only in a game with Colonies)."""
    built = colonies_count(view, p)
    if built is None:
        return None
    return "scol", esc(t("strip.colonies", n=built)), tn("strip.colonies_label", built)


def colonies_built(view: View, p: int) -> str:
    """Under a player's name in the end table: colonies built (Colonies only; no VP)."""
    built = colonies_count(view, p)
    if built is None:
        return ""
    return f'<span class="end-colonies">{esc(tn("end.colonies_built", built))}</span>'


PAGE = PageManifest(
    name=NAME,
    switch=Switch(box=NAME, words="start.colonies"),
    words=EN_COLONIES,
    section=Section(SECTION_KEYS, colonies_section),
    strip=strip_item,
    end_column=colonies_built,
    labels={"trade": trade_words, **{key: held_words for key in COLONY_LABELS},
            "convert_heat_with_resources": lambda view, label: t(
                "action.convert_heat_with_resources")},
    group_kinds={"conversions": ("convert_heat_with_resources",)},  # Stormcraft's floaters
    name_fields={"colony": "colony", "trade": "colony"},  # (placeholders naming a tile)
    options={purpose: option_prompt for purpose in sorted(COLONY_PURPOSES)},
    action_groups=(ActionGroup("trades", ("trade",), trade_buttons, after="projects"),),
    offer_items={"colony_tile": offer_tiles},
    log_texts=COLONY_LOG,
    card_words=CARD_WORDS,
)
