"""Milestones and awards: what each measures, claiming, funding and award scoring (R-MA).

A map names its milestones and awards; this module's registry resolves each
name to a measure written as data (a kind of count and what it counts, e.g.
building tags, threshold 8). A count that data cannot say is one more named
function registered with :func:`register_count`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tm import board
from tm.player import tag_count
from tm.state import GameState

CLAIM_COST = 8  # R-ACT-3
MAX_CLAIMED = 3
MILESTONE_VP = 5
FUND_COSTS = (8, 14, 20)  # R-ACT-4
AWARD_VP = (5, 2)  # R-MA-3

CountFn = Callable[[GameState, int, tuple[str, ...]], int]


@dataclass(frozen=True, slots=True)
class Measure:
    """What a milestone or award counts for a player, as data: a kind of count
    (a key of :data:`COUNTS`) and the tiles, tags or resources it adds up."""

    count: str
    of: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Milestone:
    """A milestone: claimable once its measure reaches the threshold (R-ACT-3)."""

    name: str
    measure: Measure
    threshold: int


@dataclass(frozen=True, slots=True)
class Award:
    """An award: the players with the highest measure score (R-MA-3)."""

    name: str
    measure: Measure


def _tr(g: GameState, p: int, of: tuple[str, ...]) -> int:
    return g.players[p].tr


def _tiles(g: GameState, p: int, of: tuple[str, ...]) -> int:
    """Tiles of the kinds ``of`` carrying p's marker; every owned tile when ``of`` is empty."""
    if not of:
        return len(board.owned_spaces(g, p))
    return board.count_tiles(g, frozenset(of), owner=p)


def _tags(g: GameState, p: int, of: tuple[str, ...]) -> int:
    """Tags in play, a wild tag standing in for one of them (milestones)."""
    return sum(tag_count(g.players[p], tag) for tag in of)


def _printed_tags(g: GameState, p: int, of: tuple[str, ...]) -> int:
    """Tags in play as printed: wild tags do not count (awards)."""
    return sum(tag_count(g.players[p], tag, wild=False) for tag in of)


def _hand(g: GameState, p: int, of: tuple[str, ...]) -> int:
    return len(g.players[p].hand)


def _production(g: GameState, p: int, of: tuple[str, ...]) -> int:
    return sum(g.players[p].prod[r] for r in of)


def _stock(g: GameState, p: int, of: tuple[str, ...]) -> int:
    return sum(g.players[p].res[r] for r in of)


_COUNTS: dict[str, CountFn] = {}
_MILESTONES: dict[str, Milestone] = {}
_AWARDS: dict[str, Award] = {}
COUNTS: Mapping[str, CountFn] = MappingProxyType(_COUNTS)
MILESTONES: Mapping[str, Milestone] = MappingProxyType(_MILESTONES)  # every map's, by name
AWARDS: Mapping[str, Award] = MappingProxyType(_AWARDS)


def register_count(name: str, fn: CountFn) -> None:
    """Add a kind of count measures may use (a named function; a second one raises)."""
    if name in _COUNTS:
        raise ValueError(f"a count called {name!r} is registered already")
    _COUNTS[name] = fn


def register_milestone(milestone: Milestone) -> None:
    """Add a milestone; a second one of the same name, or an unknown count, raises."""
    if milestone.name in _MILESTONES or milestone.measure.count not in _COUNTS:
        raise ValueError(f"cannot register milestone {milestone.name!r} twice or "
                         f"with count {milestone.measure.count!r}")
    _MILESTONES[milestone.name] = milestone


def register_award(award: Award) -> None:
    """Add an award; a second one of the same name, or an unknown count, raises."""
    if award.name in _AWARDS or award.measure.count not in _COUNTS:
        raise ValueError(f"cannot register award {award.name!r} twice or "
                         f"with count {award.measure.count!r}")
    _AWARDS[award.name] = award


for _name, _fn in (("tr", _tr), ("tiles", _tiles), ("tags", _tags),
                   ("printed_tags", _printed_tags), ("hand", _hand),
                   ("production", _production), ("stock", _stock)):
    register_count(_name, _fn)

for _milestone in (  # R-MA-1
    Milestone("Terraformer", Measure("tr"), 35),
    Milestone("Mayor", Measure("tiles", tuple(sorted(board.CITY_TILES))), 3),
    Milestone("Gardener", Measure("tiles", ("greenery",)), 3),
    Milestone("Builder", Measure("tags", ("building",)), 8),
    Milestone("Planner", Measure("hand"), 16),
):
    register_milestone(_milestone)

for _award in (  # R-MA-2
    Award("Landlord", Measure("tiles")),  # every owned tile: oceans have no owner
    Award("Banker", Measure("production", ("megacredits",))),
    Award("Scientist", Measure("printed_tags", ("science",))),
    Award("Thermalist", Measure("stock", ("heat",))),
    Award("Miner", Measure("stock", ("steel", "titanium"))),
):
    register_award(_award)


def measure_value(g: GameState, p: int, measure: Measure) -> int:
    """A measure's value for player ``p`` now."""
    return _COUNTS[measure.count](g, p, measure.of)


def milestone_value(g: GameState, p: int, name: str) -> int:
    """Where player ``p`` stands on a milestone's measure."""
    return measure_value(g, p, _MILESTONES[name].measure)


def award_value(g: GameState, p: int, name: str) -> int:
    """Where player ``p`` stands on an award's measure."""
    return measure_value(g, p, _AWARDS[name].measure)


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
    if milestone_value(g, p, name) < _MILESTONES[name].threshold:
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
    values = {pl.index: award_value(g, pl.index, name) for pl in g.players}
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
