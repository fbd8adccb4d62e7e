"""Milestones and awards: what each measures, claiming, funding and award scoring (R-MA).

Each map defines its own milestones and awards, a measure written as data each (a kind of
count and what it counts, e.g. building tags, threshold 8); this module indexes every
map's by name and counts them with :mod:`tm.rules.measures`. A count that data cannot
say is one more named function registered with :func:`register_count`.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tm.cards.dsl import Step
from tm.core.contract import OptionAsk
from tm.core.errors import reason
from tm.core.flow import ask, handler
from tm.core.ledger import log
from tm.core.mapdef import Award, MapDef, Milestone
from tm.core.responses import OptionResponse
from tm.core.ruleset import Rules, rules_of
from tm.core.state import GameState
from tm.rules.measures import COUNTS as COUNTS  # re-exported: the measures' registry
from tm.rules.measures import measure_value as measure_value
from tm.rules.measures import register_count as register_count
from tm.vocab.kinds import step_kind

CLAIM_COST = 8  # R-ACT-3
MAX_CLAIMED = 3
MILESTONE_VP = 5
FUND_COSTS = (8, 14, 20)  # R-ACT-4
AWARD_VP = (5, 2)  # R-MA-3




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


def index_map(map_def: MapDef) -> None:
    """Index a map's own milestones and awards by name (the load order of
    :mod:`tm.expansions` does, for each shipped map): a game reads those in play from its
    rules (``rules_of(g).milestones``); the index is every map's, for readers of a view."""
    for milestone in map_def.milestones:
        register_milestone(milestone)
    for award in map_def.awards:
        register_award(award)


def milestone_value(g: GameState, p: int, name: str) -> int:
    """Where player ``p`` stands on a milestone's measure."""
    return measure_value(g, p, rules_of(g).milestones[name].measure)


def award_value(g: GameState, p: int, name: str) -> int:
    """Where player ``p`` stands on an award's measure."""
    return measure_value(g, p, rules_of(g).awards[name].measure)


def why_not_claim(g: GameState, p: int, name: str) -> tuple[str, str] | None:
    """None when ``p`` may claim the milestone now, else (reason, rule)."""
    rules = rules_of(g)
    milestone = rules.milestones.get(name)
    if milestone is None:
        return reason("ms.none", "no such milestone in this game"), "R-MA-1"
    if any(claimed == name for claimed, _ in g.milestones):
        return reason("ms.claimed", "milestone already claimed"), "R-ACT-3"
    if len(g.milestones) >= MAX_CLAIMED:
        return reason("ms.three", "three milestones are claimed already"), "R-ACT-3"
    if not _requires_met(rules, milestone):
        return reason("ms.expansion", "needs an expansion this game does not have"), "R-MAP-4"
    if measure_value(g, p, milestone.measure) < milestone.threshold:
        return reason("ms.condition", "condition not met"), "R-ACT-3"
    return None


def has_expansion(g: GameState, name: str) -> bool:
    """Whether the game has the expansion a milestone requires (Lobbyist: never, R-MAP-4)."""
    rules = rules_of(g)
    return _requires_met(rules, rules.milestones[name])


def _requires_met(rules: Rules, milestone: Milestone) -> bool:
    return milestone.requires is None or milestone.requires in rules.expansions


def fund_cost(g: GameState) -> int:
    """Cost of funding the next award."""
    return FUND_COSTS[min(len(g.awards), len(FUND_COSTS) - 1)]


def why_not_fund(g: GameState, name: str, rules: Rules | None = None) -> tuple[str, str] | None:
    """None when the award may be funded now, else (reason, rule) (``rules``: the game's,
    when the caller holds them)."""
    if name not in (rules or rules_of(g)).awards:
        return reason("aw.none", "no such award in this game"), "R-MA-2"
    if any(funded == name for funded, _ in g.awards):
        return reason("aw.funded", "award already funded"), "R-ACT-4"
    if len(g.awards) >= len(FUND_COSTS):
        return reason("aw.three", "three awards are funded already"), "R-ACT-4"
    return None


def award_points(g: GameState, name: str) -> dict[int, int]:
    """VP per player for one funded award: ties are friendly; no 2nd with 2 players (R-MA-3)."""
    measure = rules_of(g).awards[name].measure
    values = {pl.index: measure_value(g, pl.index, measure) for pl in g.players}
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
    rules = rules_of(g)
    return [name for name in rules.awards if why_not_fund(g, name, rules) is None]


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
