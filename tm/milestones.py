"""Milestones and awards: what each measures, claiming, funding and award scoring (R-MA)."""
from __future__ import annotations

from collections.abc import Callable

from tm import board
from tm.player import tag_count
from tm.state import GameState

CLAIM_COST = 8  # R-ACT-3
MAX_CLAIMED = 3
MILESTONE_VP = 5
FUND_COSTS = (8, 14, 20)  # R-ACT-4
AWARD_VP = (5, 2)  # R-MA-3

Measure = Callable[[GameState, int], int]

_GREENERY = frozenset({"greenery"})


def _owned_non_ocean(g: GameState, p: int) -> int:
    return len(board.owned_spaces(g, p))


MILESTONES: dict[str, tuple[Measure, int]] = {  # R-MA-1: name: (measure, threshold)
    "Terraformer": (lambda g, p: g.players[p].tr, 35),
    "Mayor": (lambda g, p: board.count_tiles(g, board.CITY_TILES, owner=p), 3),
    "Gardener": (lambda g, p: board.count_tiles(g, _GREENERY, owner=p), 3),
    "Builder": (lambda g, p: tag_count(g.players[p], "building"), 8),
    "Planner": (lambda g, p: len(g.players[p].hand), 16),
}

AWARDS: dict[str, Measure] = {  # R-MA-2
    "Landlord": _owned_non_ocean,
    "Banker": lambda g, p: g.players[p].prod["megacredits"],
    "Scientist": lambda g, p: tag_count(g.players[p], "science"),
    "Thermalist": lambda g, p: g.players[p].res["heat"],
    "Miner": lambda g, p: g.players[p].res["steel"] + g.players[p].res["titanium"],
}


def milestones_in_play(g: GameState) -> tuple[str, ...]:
    """The board's milestones; none in solo (R-MA-4)."""
    return () if len(g.players) == 1 else board.map_of(g).milestones


def awards_in_play(g: GameState) -> tuple[str, ...]:
    """The board's awards; none in solo (R-MA-4)."""
    return () if len(g.players) == 1 else board.map_of(g).awards


def why_not_claim(g: GameState, p: int, name: str) -> tuple[str, str] | None:
    """None when ``p`` may claim the milestone now, else (reason, rule)."""
    if name not in milestones_in_play(g):
        return "no such milestone in this game", "R-MA-1"
    if any(claimed == name for claimed, _ in g.milestones):
        return "milestone already claimed", "R-ACT-3"
    if len(g.milestones) >= MAX_CLAIMED:
        return "three milestones are claimed already", "R-ACT-3"
    measure, threshold = MILESTONES[name]
    if measure(g, p) < threshold:
        return "condition not met", "R-ACT-3"
    return None


def fund_cost(g: GameState) -> int:
    """Cost of funding the next award."""
    return FUND_COSTS[min(len(g.awards), len(FUND_COSTS) - 1)]


def why_not_fund(g: GameState, name: str) -> tuple[str, str] | None:
    """None when the award may be funded now, else (reason, rule)."""
    if name not in awards_in_play(g):
        return "no such award in this game", "R-MA-2"
    if any(funded == name for funded, _ in g.awards):
        return "award already funded", "R-ACT-4"
    if len(g.awards) >= len(FUND_COSTS):
        return "three awards are funded already", "R-ACT-4"
    return None


def award_points(g: GameState, name: str) -> dict[int, int]:
    """VP per player for one funded award: ties are friendly; no 2nd with 2 players (R-MA-3)."""
    measure = AWARDS[name]
    values = {pl.index: measure(g, pl.index) for pl in g.players}
    ranked = sorted(set(values.values()), reverse=True)
    points: dict[int, int] = {}
    firsts = [p for p, v in values.items() if v == ranked[0]]
    for p in firsts:
        points[p] = AWARD_VP[0]
    if len(firsts) == 1 and len(g.players) > 2 and len(ranked) > 1:
        for p, v in values.items():
            if v == ranked[1]:
                points[p] = AWARD_VP[1]
    return points
