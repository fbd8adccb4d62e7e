"""Why something can or cannot be done now, as data the page translates.

Each reason is a record with a ``key``: ``requirement`` (with the requirement, the
current value and the value needed), ``cost`` (the cost after discounts and what the
player could pay), ``production`` (a production that would fall too low), ``no_space``,
``no_target``, ``resources`` (resources the card spends are missing), ``no_cards``,
``claimed`` / ``funded`` (by whom), ``limit`` (three already), ``condition`` (a
milestone's measure and threshold), ``expansion`` (a milestone needs an expansion the
game lacks), ``ocean_maxed`` etc. An empty list means it can be done. These never
decide legality: the rules modules do; this explains their answer.
"""
from __future__ import annotations

from typing import Any

from tm.cards import card
from tm.cards.dsl import Step
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.rules import action_checks, milestones
from tm.rules.play import cost_of, pays_with, requirement_status, reserve_of
from tm.vocab.kinds import can_step
from tm.vocab.own_triggers import play_steps_to_check
from tm.vocab.payment import budget

Reason = dict[str, Any]
_STEP_REASONS = {"prod": "production", "tile": "no_space", "ocean": "no_space",
                 "take_res": "no_target", "reduce_prod": "no_target", "spend": "resources",
                 "spend_here": "resources", "pay": "cost"}


def step_reasons(g: GameState, p: int, src: str | None, steps: Any) -> list[Reason]:
    """What keeps a list of steps from running: one reason per failing step."""
    found: list[Reason] = []
    for step in steps:
        if not can_step(g, p, src, step):
            found.append(_step_reason(step))
    return found


def _step_reason(step: Step) -> Reason:
    key = _STEP_REASONS.get(step["k"], "cannot_resolve")
    reason: Reason = {"key": key, "step": step["k"]}
    if key in ("production", "resources"):
        reason["resources"] = sorted(step["res"])
    return reason


def card_reasons(g: GameState, p: int, name: str) -> list[Reason]:
    """Every reason ``p`` cannot play ``name`` from hand now (empty: playable)."""
    c = card(name)
    found: list[Reason] = []
    for req in c.requires:
        status = requirement_status(g, p, req)
        if not status["met"]:
            found.append({"key": "requirement", **status})
    cost = cost_of(g, p, c)
    can_pay = budget(g, p, reserve=reserve_of(c), **pays_with(c))
    if can_pay < cost:
        found.append({"key": "cost", "cost": cost, "budget": can_pay})
    found += step_reasons(g, p, name, play_steps_to_check(g, c))
    return found


def project_reasons(g: GameState, p: int, project: str) -> list[Reason]:
    """Why a standard project cannot be used now (empty: it can)."""
    if project == "sell_patents":
        return [] if g.players[p].hand else [{"key": "no_cards"}]
    cost = action_checks.project_cost(g, p, project)
    found: list[Reason] = []
    if budget(g, p) < cost:
        found.append({"key": "cost", "cost": cost, "budget": budget(g, p)})
    found += step_reasons(g, p, None, action_checks.projects_of(g)[project][1])
    return found


def milestone_reasons(g: GameState, p: int, name: str) -> list[Reason]:
    """Why ``p`` cannot claim a milestone now (empty: claimable)."""
    owner = next((q for claimed, q in g.milestones if claimed == name), None)
    if owner is not None:
        return [{"key": "claimed", "player": owner}]
    found: list[Reason] = []
    if len(g.milestones) >= milestones.MAX_CLAIMED:
        found.append({"key": "limit", "count": milestones.MAX_CLAIMED})
    milestone = rules_of(g).milestones[name]
    if not milestones.has_expansion(g, name):
        found.append({"key": "expansion", "expansion": milestone.requires})
    value, threshold = milestones.milestone_value(g, p, name), milestone.threshold
    if value < threshold:
        found.append({"key": "condition", "current": value, "needed": threshold})
    if budget(g, p) < milestones.CLAIM_COST:
        found.append({"key": "cost", "cost": milestones.CLAIM_COST, "budget": budget(g, p)})
    return found


def award_reasons(g: GameState, p: int, name: str) -> list[Reason]:
    """Why ``p`` cannot fund an award now (empty: fundable)."""
    owner = next((q for funded, q in g.awards if funded == name), None)
    if owner is not None:
        return [{"key": "funded", "player": owner}]
    found: list[Reason] = []
    if len(g.awards) >= len(milestones.FUND_COSTS):
        found.append({"key": "limit", "count": len(milestones.FUND_COSTS)})
    cost = milestones.fund_cost(g)
    if budget(g, p) < cost:
        found.append({"key": "cost", "cost": cost, "budget": budget(g, p)})
    return found
