"""Links from the game to the rules reference (rules.html, scripts/build_rules.py): the rule a
prompt, a refused move or a "why not" line cites, opened at its anchor (``#R-PAY-1``).

A refused move names its rule itself (``IllegalMove.rule``). Prompts and the view's reasons
carry no rule id, so the tables below name one for each prompt kind and purpose, and for
each reason; tests check that every id here has an anchor in the reference.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tm.core.contract import Purpose, purpose_rule, purposes
from tm.web.html import attrs
from tm.web.i18n import t

PAGE = "rules.html"

# What a decision is about -> the rule it follows (kind, purpose); card effects that ask
# something cite the rule their kind of effect follows. An expansion's purposes name their
# rules in its vocabulary (tm.core.contract.purpose_rule).
PROMPT_RULES: Mapping[tuple[str, str], str] = {
    ("action", "action"): "R-GEN-5",
    ("setup", "setup"): "R-SETUP-4",
    ("cards", "buy_cards"): "R-GEN-3",
    ("cards", "sell_patents"): "R-SP-1",
    ("cards", "keep_cards"): "R-ACT-1",
    ("card", "draft"): "R-GEN-4",
    ("card", "keep_cards"): "R-ACT-1",
    ("card", "play_from_hand"): "R-ACT-1",
    ("card", "add_res"): "R-CARD-6",
    ("card", "take_res"): "R-PROD-3",
    ("player", "reduce_prod"): "R-PROD-3",
    ("player", "remove_any"): "R-PROD-3",
    ("pay", "pay"): "R-PAY-1",
    ("option", "final_greenery"): "R-END-1",
    ("option", "choose"): "R-ACT-1",
    ("option", "fund_award_free"): "R-ACT-4",
}
# A placement cites the rule of the tile placed (any other tile: the placement bonus).
TILE_RULES: Mapping[str, str] = {"ocean": "R-TILE-1", "greenery": "R-TILE-3",
                                 "city": "R-TILE-4"}
OTHER_TILE = "R-TILE-5"
# A card effect with no room left: for an ocean the ocean limit, else where tiles may go.
NO_SPACE_RULES: Mapping[str, str] = {"ocean": "R-TILE-1", "tile": "R-TILE-4"}
ANY_CARD = "R-ACT-1"  # playing a card, when nothing more precise applies
ABSENT_EXPANSION = "R-MAP-4"  # a milestone of an expansion the game lacks (Lobbyist)
# Any other decision of a kind: the rule that kind of decision follows.
KIND_RULES: Mapping[str, str] = {
    "action": "R-GEN-5", "setup": "R-SETUP-4", "cards": "R-ACT-1", "card": "R-ACT-1",
    "player": "R-PROD-3", "amount": "R-ACT-5", "pay": "R-PAY-1", "option": "R-ACT-1",
    "space": "R-TILE-5",
}
# The standard projects (the view's names) and their rows of the reference.
PROJECT_RULES: Mapping[str, str] = {
    "sell_patents": "R-SP-1", "power_plant": "R-SP-2", "asteroid": "R-SP-3",
    "aquifer": "R-SP-4", "greenery": "R-SP-5", "city": "R-SP-6", "build_colony": "R-SP-7",
}
# Why a card in hand cannot be played (the view's reason keys, tm/rules/playability.py).
CARD_REASON_RULES: Mapping[str, str] = {
    "requirement": "R-CARD-1", "cost": "R-PAY-1", "production": "R-PROD-2",
    "no_target": "R-PROD-3", "resources": "R-ACT-1", "cannot_resolve": "R-ACT-1",
    "ocean_maxed": "R-GLOB-5",
}
# The groups of the action menu whose entries are listed with their reasons.
GROUP_RULES: Mapping[str, str] = {"claim_milestone": "R-ACT-3", "fund_award": "R-ACT-4",
                                  "standard_project": "R-ACT-2"}


def href(rule: str) -> str:
    """The reference opened at ``rule``'s anchor."""
    return f"{PAGE}#{rule}"


def rule_link(rule: str | None) -> str:
    """A small "?" link to the rule (a new tab: the game stays as it is, and it is saved
    anyway); nothing when there is no rule to cite."""
    if not rule:
        return ""
    label = t("rules.link", rule=rule)
    link = attrs(class_="rule-link", href=href(rule), target="_blank", rel="noopener",
                 title=label, aria_label=label, data_rule=rule)
    return f"<a{link}>?</a>"


def prompt_rule(kind: str, purpose: Purpose, data: Mapping[str, Any]) -> str:
    """The rule a decision follows."""
    if kind == "space" and purpose == "place":
        return TILE_RULES.get(str(data.get("tile")), OTHER_TILE)
    return (PROMPT_RULES.get((kind, purpose)) or purpose_rule(purpose)
            or KIND_RULES.get(kind, KIND_RULES["action"]))


def card_rule(reasons: Sequence[Mapping[str, Any]]) -> str:
    """The rule behind the first reason a card in hand cannot be played now."""
    for reason in reasons:
        key = str(reason.get("key"))
        if key == "no_space":
            return NO_SPACE_RULES.get(str(reason.get("step")), NO_SPACE_RULES["tile"])
        if key in CARD_REASON_RULES:
            return CARD_REASON_RULES[key]
    return ANY_CARD if reasons else ""


def entry_rule(kind: str, name: str, reasons: Sequence[Mapping[str, Any]]) -> str:
    """The rule behind a greyed entry of the action menu: a standard project's row, the
    milestone or award action (a milestone of an absent expansion: the map's rule)."""
    if kind == "standard_project":
        return PROJECT_RULES.get(name, GROUP_RULES[kind])
    if kind == "claim_milestone" and any(r.get("key") == "expansion" for r in reasons):
        return ABSENT_EXPANSION
    return GROUP_RULES.get(kind, ANY_CARD)


def all_rules() -> set[str]:
    """Every rule id this module may link to (tests check each has an anchor)."""
    tables = (PROMPT_RULES, TILE_RULES, KIND_RULES, PROJECT_RULES, CARD_REASON_RULES,
              GROUP_RULES, NO_SPACE_RULES)
    own = {purpose_rule(purpose) for purpose in purposes()} - {None}
    return {rule for table in tables for rule in table.values()} | {
        OTHER_TILE, ANY_CARD, ABSENT_EXPANSION} | {str(rule) for rule in own}
