"""What makes an action of the menu legal (R-ACT) and the standard projects (R-SP): each
action type's ``why_not`` check (None when legal), the projects' costs after discounts
and the plants a greenery takes. :mod:`tm.rules.actions` lists and performs them."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar, cast

from tm.board import placement as board
from tm.cards import card
from tm.cards.dsl import city, greenery, ocean, prod, raise_
from tm.cards.tableau import effects, standing_effects
from tm.core.contract import Response
from tm.core.errors import reason
from tm.core.frozen import freeze
from tm.core.manifest import Project, Why
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.rules import milestones
from tm.rules.play import why_not_playable
from tm.vocab.kinds import can_steps
from tm.vocab.payment import can_afford

PROJECTS: dict[str, Project] = freeze({  # R-SP: name: (cost, effect)
    "sell_patents": (0, ()),
    "power_plant": (11, (prod(energy=1),)),
    "asteroid": (14, (raise_("temperature"),)),
    "aquifer": (18, (ocean(),)),
    "greenery": (23, (greenery(),)),
    "city": (25, (city(), prod(megacredits=1))),  # R-TILE-7: only this city adds MC production
})
PLANTS_PER_GREENERY = 8  # R-ACT-6
HEAT_PER_STEP = 8  # R-ACT-7
T = TypeVar("T")


# Each ruleset's tables, the base game's entries and its expansions' (rules are built once
# per options key and shared: kept alive here, so an id is never given to another); the
# action menu asks them tens of times.
_MERGED: dict[tuple[int, str], tuple[object, Mapping[str, object]]] = {}


def merged(g: GameState, table: str, base: Mapping[str, T]) -> Mapping[str, T]:
    """``base`` with each of the game's manifests' ``table`` (a Manifest field), read-only."""
    rules = rules_of(g)
    found = _MERGED.get((id(rules), table))
    if found is None or found[0] is not rules:
        entries = dict(base)
        for m in rules.manifests:
            entries.update(getattr(m, table))
        found = _MERGED[id(rules), table] = (rules, MappingProxyType(entries))
    return cast(Mapping[str, T], found[1])


def projects_of(g: GameState) -> Mapping[str, Project]:
    """The standard projects of this game: the base game's and its expansions' (read-only)."""
    return merged(g, "projects", PROJECTS)


def project_cost(g: GameState, p: int, project: str) -> int:
    """A standard project's cost after discounts (e.g. a power plant for less)."""
    base = projects_of(g)[project][0]
    off: int = sum(e["amount"] for e in standing_effects(g, g.players[p], "project_discount")
                   if e["project"] == project)
    return max(0, base - off)


def plant_cost(g: GameState, p: int) -> int:
    """Plants needed for a greenery (cards may lower it)."""
    off: int = sum(e["amount"] for _, e in effects(g.players[p], "plant_discount"))
    return PLANTS_PER_GREENERY - off


# ---------------------------------------------------------------- checks
def why_project(g: GameState, p: int, r: Response) -> Why:
    project = r.get("project")
    projects = projects_of(g)
    if not isinstance(project, str) or project not in projects:
        return reason("action.no_project", "no such standard project"), "R-ACT-2"
    if project == "sell_patents":
        return None if g.players[p].hand else (reason("action.no_cards_to_sell",
                                                      "no cards to sell"), "R-SP-1")
    if not can_afford(g, p, project_cost(g, p, project)):
        return reason("action.cannot_pay",
                      "cannot pay the cost"), "R-SP-" + str(list(projects).index(project) + 1)
    steps = projects[project][1]  # with 9 oceans out the aquifer is paid and places none
    if not can_steps(g, p, None, steps):
        return reason("action.no_space",
                      "no legal space"), "R-TILE-4" if project == "city" else "R-TILE-3"
    return None


def why_card_action(g: GameState, p: int, r: Response) -> Why:
    pl = g.players[p]
    name = r.get("card")
    if name not in pl.played and name != pl.corporation:
        return reason("action.not_in_play", "card not in play"), "R-ACT-5"
    assert isinstance(name, str)
    if not card(name).action:
        return reason("action.no_action", "card has no action"), "R-ACT-5"
    if name in pl.used_actions:
        return reason("action.used", "action already used this generation"), "R-ACT-5"
    if not can_steps(g, p, name, card(name).action):
        return reason("action.cannot_act", "action cannot be carried out"), "R-ACT-5"
    return None


def why_milestone(g: GameState, p: int, r: Response) -> Why:
    why = milestones.why_not_claim(g, p, str(r.get("milestone")))
    if why is None and not can_afford(g, p, milestones.CLAIM_COST):
        return reason("action.cannot_pay_claim", "cannot pay 8 MC"), "R-ACT-3"
    return why


def why_award(g: GameState, p: int, r: Response) -> Why:
    why = milestones.why_not_fund(g, str(r.get("award")))
    if why is None and not can_afford(g, p, milestones.fund_cost(g)):
        return reason("action.cannot_fund", "cannot pay the funding cost"), "R-ACT-4"
    return why


def why_plants(g: GameState, p: int, r: Response) -> Why:
    if g.players[p].res["plants"] < plant_cost(g, p):
        return reason("action.plants", "not enough plants"), "R-ACT-6"
    if not board.has_legal_space(g, p, "greenery", "greenery"):
        return reason("action.no_greenery_space", "no space for a greenery"), "R-TILE-3"
    return None


def why_heat(g: GameState, p: int, r: Response) -> Why:
    if g.players[p].res["heat"] >= HEAT_PER_STEP:
        return None
    return reason("action.heat", "not enough heat"), "R-ACT-7"


def why_end_turn(g: GameState, p: int, r: Response) -> Why:
    if g.actions_this_turn == 1:
        return None
    return reason("action.none_yet", "no action taken this turn yet"), "R-GEN-5"


def why_play(g: GameState, p: int, r: Response) -> Why:
    return why_not_playable(g, p, str(r.get("card")))


def always(g: GameState, p: int, r: Response) -> Why:
    return None
