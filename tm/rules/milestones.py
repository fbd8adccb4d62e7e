"""Milestones and awards: what each measures, claiming, funding and award scoring (R-MA).

A map names its milestones and awards; this module's registry resolves each
name to a measure written as data (a kind of count and what it counts, e.g.
building tags, threshold 8; see :mod:`tm.rules.measures`). A count that data cannot
say is one more named function registered with :func:`register_count`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tm.board import placement as board
from tm.cards.dsl import Step
from tm.core.errors import reason
from tm.core.flow import ask, handler
from tm.core.ledger import log
from tm.core.state import RESOURCES, GameState
from tm.prompts.contract import OptionAsk, OptionResponse
from tm.rules.measures import COUNTS as COUNTS  # re-exported: the measures' registry
from tm.rules.measures import Measure as Measure
from tm.rules.measures import measure_value as measure_value
from tm.rules.measures import register_count as register_count
from tm.vocab.kinds import step_kind

CLAIM_COST = 8  # R-ACT-3
MAX_CLAIMED = 3
MILESTONE_VP = 5
FUND_COSTS = (8, 14, 20)  # R-ACT-4
AWARD_VP = (5, 2)  # R-MA-3


@dataclass(frozen=True, slots=True)
class Milestone:
    """A milestone: claimable once its measure reaches the threshold (R-ACT-3), and only in
    a game with the expansion it ``requires`` (Lobbyist: Turmoil, which we do not have)."""

    name: str
    measure: Measure
    threshold: int
    requires: str | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """An award: the players with the highest measure score (R-MA-3)."""

    name: str
    measure: Measure


_MILESTONES: dict[str, Milestone] = {}
_AWARDS: dict[str, Award] = {}
MILESTONES: Mapping[str, Milestone] = MappingProxyType(_MILESTONES)  # every map's, by name
AWARDS: Mapping[str, Award] = MappingProxyType(_AWARDS)


def register_milestone(milestone: Milestone) -> None:
    """Add a milestone; a second one of the same name, or an unknown count, raises."""
    if milestone.name in _MILESTONES or milestone.measure.count not in COUNTS:
        raise ValueError(f"cannot register milestone {milestone.name!r} twice or "
                         f"with count {milestone.measure.count!r}")
    _MILESTONES[milestone.name] = milestone


def register_award(award: Award) -> None:
    """Add an award; a second one of the same name, or an unknown count, raises."""
    if award.name in _AWARDS or award.measure.count not in COUNTS:
        raise ValueError(f"cannot register award {award.name!r} twice or "
                         f"with count {award.measure.count!r}")
    _AWARDS[award.name] = award


CITIES = tuple(sorted(board.CITY_TILES))
PROJECTS = ("automated", "active")  # green and blue cards

for _milestone in (
    # Tharsis (R-MA-1)
    Milestone("Terraformer", Measure("tr"), 35),
    Milestone("Mayor", Measure("tiles", CITIES), 3),
    Milestone("Gardener", Measure("tiles", ("greenery",)), 3),
    Milestone("Builder", Measure("tags", ("building",)), 8),
    Milestone("Planner", Measure("hand"), 16),
    # Elysium (R-MAP-1)
    Milestone("Generalist", Measure("productions_above_start", RESOURCES), 6),
    Milestone("Specialist", Measure("max_production", RESOURCES), 10),
    Milestone("Ecologist", Measure("tags", ("plant", "animal", "microbe")), 4),
    Milestone("Tycoon", Measure("cards", PROJECTS), 15),
    Milestone("Legend", Measure("cards", ("event",)), 5),
    # Hellas
    Milestone("Diversifier", Measure("distinct_tags"), 8),
    Milestone("Tactician", Measure("cards_with_requirements", PROJECTS), 5),
    Milestone("Polar Explorer", Measure("tiles", rows=(7, 8)), 3),
    Milestone("Energizer", Measure("production", ("energy",)), 6),
    Milestone("Rim Settler", Measure("tags", ("jovian",)), 3),
    # Vastitas Borealis
    Milestone("Agronomist", Measure("tags", ("plant",)), 4),
    Milestone("Engineer", Measure("production", ("energy", "heat")), 10),
    Milestone("Spacefarer", Measure("tags", ("space",)), 4),
    Milestone("Geologist", Measure("tiles", where="volcanic_area"), 3),
    Milestone("Farmer", Measure("card_resources", ("animal", "microbe")), 5),
    # Amazonis Planitia (R-MAP-4); Merchant is checked before its 8 MC are paid
    Milestone("Terran", Measure("tags", ("earth",)), 5),
    Milestone("Landshaper", Measure("tile_kinds", ("city", "greenery", "special")), 3),
    Milestone("Merchant", Measure("min_stock", RESOURCES), 3),
    Milestone("Sponsor", Measure("cards", PROJECTS, min_cost=20), 3),
    Milestone("Lobbyist", Measure("delegates"), 7, requires="turmoil"),
):
    register_milestone(_milestone)

for _award in (
    # Tharsis (R-MA-2)
    Award("Landlord", Measure("tiles")),  # every owned tile: oceans have no owner
    Award("Banker", Measure("production", ("megacredits",))),
    Award("Scientist", Measure("printed_tags", ("science",))),
    Award("Thermalist", Measure("stock", ("heat",))),
    Award("Miner", Measure("stock", ("steel", "titanium"))),
    # Elysium
    Award("Celebrity", Measure("cards", PROJECTS, min_cost=20)),
    Award("Industrialist", Measure("stock", ("steel", "energy"))),
    Award("Desert Settler", Measure("tiles", rows=(5, 6, 7, 8))),
    Award("Estate Dealer", Measure("tiles", where="next_to_ocean")),
    Award("Benefactor", Measure("tr")),
    # Hellas
    Award("Cultivator", Measure("tiles", ("greenery",))),
    Award("Magnate", Measure("cards", ("automated",))),
    Award("Space Baron", Measure("printed_tags", ("space",))),
    Award("Excentric", Measure("card_resources")),
    Award("Contractor", Measure("printed_tags", ("building",))),
    # Vastitas Borealis
    Award("Traveller", Measure("printed_tags", ("jovian", "earth"))),
    Award("Landscaper", Measure("largest_group")),
    Award("Highlander", Measure("tiles", where="not_next_to_ocean")),
    Award("Promoter", Measure("cards", ("event",))),
    Award("Blacksmith", Measure("production", ("steel", "titanium"))),
    # Amazonis Planitia
    Award("Collector", Measure("resource_kinds")),
    Award("Innovator", Measure("cards", (*PROJECTS, "event"))),
    Award("Constructor", Measure("cities_and_colonies")),
    Award("Manufacturer", Measure("production", ("steel", "heat"))),
    Award("Physicist", Measure("printed_tags", ("science", "space"))),
):
    register_award(_award)


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
        return reason("ms.none", "no such milestone in this game"), "R-MA-1"
    if any(claimed == name for claimed, _ in g.milestones):
        return reason("ms.claimed", "milestone already claimed"), "R-ACT-3"
    if len(g.milestones) >= MAX_CLAIMED:
        return reason("ms.three", "three milestones are claimed already"), "R-ACT-3"
    if not has_expansion(g, name):
        return reason("ms.expansion", "needs an expansion this game does not have"), "R-MAP-4"
    if milestone_value(g, p, name) < _MILESTONES[name].threshold:
        return reason("ms.condition", "condition not met"), "R-ACT-3"
    return None


def has_expansion(g: GameState, name: str) -> bool:
    """Whether the game has the expansion a milestone requires (Lobbyist: never, R-MAP-4)."""
    requires = _MILESTONES[name].requires
    return requires is None or requires in g.options.expansions


def fund_cost(g: GameState) -> int:
    """Cost of funding the next award."""
    return FUND_COSTS[min(len(g.awards), len(FUND_COSTS) - 1)]


def why_not_fund(g: GameState, name: str) -> tuple[str, str] | None:
    """None when the award may be funded now, else (reason, rule)."""
    if name not in awards_in_play(g):
        return reason("aw.none", "no such award in this game"), "R-MA-2"
    if any(funded == name for funded, _ in g.awards):
        return reason("aw.funded", "award already funded"), "R-ACT-4"
    if len(g.awards) >= len(FUND_COSTS):
        return reason("aw.three", "three awards are funded already"), "R-ACT-4"
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


# ---------------------------------------------------------------- an award for free
def fundable_awards(g: GameState) -> list[str]:
    """Awards that may be funded now (none in solo, none once three are funded)."""
    return [name for name in awards_in_play(g)
            if why_not_fund(g, name) is None]


def _can_fund(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(fundable_awards(g))


@step_kind("fund_award", can=_can_fund)
def _fund_award(g: GameState, p: int, src: str | None, step: Step) -> None:
    awards = fundable_awards(g)
    if len(awards) == 1:
        fund_free(g, p, awards[0])
    elif awards:
        ask(g, p, "option", "fund_award_free", options=[[] for _ in awards],
            open=list(range(len(awards))), src=src, awards=awards,
            labels=[{"key": "fund_award", "award": name, "cost": 0} for name in awards])


@handler("fund_award_free")
def _funded(g: GameState, p: int, prompt: OptionAsk, response: OptionResponse) -> None:
    fund_free(g, p, prompt["awards"][response["option"]])


def fund_free(g: GameState, p: int, name: str) -> None:
    """Fund an award at no cost; it counts among the three funded (R-ACT-4)."""
    g.awards.append([name, p])
    log(g, "award", player=p, award=name)
