"""The action menu (R-ACT) and standard projects (R-SP).

Each action type has a ``why_not`` check (None when legal, :mod:`tm.rules.action_checks`)
and a ``perform``; the menu offers every choice whose check passes, and a response is
checked the same way, so the menu and validation can never disagree.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Literal, TypedDict

from tm.cards import card
from tm.cards.dsl import raise_
from tm.core.contract import ActionAsk, CardsAsk, Choice, Label, Response
from tm.core.dealing import deal_of
from tm.core.errors import reason
from tm.core.flow import ask, handler, op, push, run_steps
from tm.core.frozen import thaw
from tm.core.ledger import change_res, log
from tm.core.manifest import ActionType, Why
from tm.core.responses import CardsResponse
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.rules import milestones
from tm.rules.action_checks import (
    HEAT_PER_STEP,
    always,
    merged,
    plant_cost,
    project_cost,
    projects_of,
    why_award,
    why_card_action,
    why_end_turn,
    why_heat,
    why_milestone,
    why_plants,
    why_play,
    why_project,
)
from tm.rules.play import cost_of, start_play
from tm.vocab.kinds import can_steps
from tm.vocab.payment import pay_op
from tm.vocab.tiles import place_op
from tm.vocab.triggers import project_used


def actions_of(g: GameState) -> Mapping[str, ActionType]:
    """The action types of this game: the base game's and its expansions' (read-only)."""
    return merged(g, "actions", ACTIONS)


# ---------------------------------------------------------------- effects
def _done(g: GameState, p: int) -> None:
    push(g, p, {"op": "action_done", "p": p})


def _do_play(g: GameState, p: int, r: Response) -> None:
    _done(g, p)
    start_play(g, p, r["card"])


def _do_project(g: GameState, p: int, r: Response) -> None:
    project = r["project"]
    _done(g, p)
    if project == "sell_patents":
        hand = g.players[p].hand
        ask(g, p, "cards", "sell_patents", cards=list(hand), min=1, max=len(hand))
        return
    base, steps = projects_of(g)[project]
    push(g, p, pay_op(p, project_cost(g, p, project), for_={"project": project}),
         {"op": "steps", "p": p, "src": None, "steps": thaw(steps)},
         {"op": "project_used", "p": p, "project": project, "base": base})
    log(g, "project", player=p, project=project)


class ProjectUsedOp(TypedDict):
    """A standard project ``p`` used, once its steps ran (``base``: its printed cost)."""

    op: Literal["project_used"]
    p: int
    project: str
    base: int


class ActionDoneOp(TypedDict):
    """One of ``p``'s actions done (the turn counts it)."""

    op: Literal["action_done"]
    p: int


@op("project_used")
def _project_used(g: GameState, item: ProjectUsedOp) -> None:
    project_used(g, item["p"], item["project"], item["base"])


@handler("sell_patents")
def _sold(g: GameState, p: int, prompt: CardsAsk, response: CardsResponse) -> None:
    pl = g.players[p]
    for name in response["cards"]:
        pl.hand.remove(name)
        g.discard.append(name)
    sold = len(response["cards"])
    pl.res["megacredits"] += sold  # R-SP-1: 1 MC each
    log(g, "project", player=p, project="sell_patents", count=sold, megacredits=sold)
    push(g, p, {"op": "project_used", "p": p, "project": "sell_patents", "base": 0})


def _do_card_action(g: GameState, p: int, r: Response) -> None:
    g.players[p].used_actions.append(r["card"])
    log(g, "card_action", player=p, card=r["card"])
    _done(g, p)
    run_steps(g, p, card(r["card"]).action, r["card"])


def _do_milestone(g: GameState, p: int, r: Response) -> None:
    g.milestones.append([r["milestone"], p])
    log(g, "milestone", player=p, milestone=r["milestone"])
    _done(g, p)
    push(g, p, pay_op(p, milestones.CLAIM_COST, for_={"milestone": r["milestone"]}))


def _do_award(g: GameState, p: int, r: Response) -> None:
    cost = milestones.fund_cost(g)
    g.awards.append([r["award"], p])
    log(g, "award", player=p, award=r["award"])
    _done(g, p)
    push(g, p, pay_op(p, cost, for_={"award": r["award"]}))


def _do_plants(g: GameState, p: int, r: Response) -> None:
    change_res(g, p, {"plants": -plant_cost(g, p)}, "spent")
    _done(g, p)
    push(g, p, place_op(p, "greenery", "greenery", None, None))


def _do_heat(g: GameState, p: int, r: Response) -> None:
    change_res(g, p, {"heat": -HEAT_PER_STEP}, "spent")
    _done(g, p)
    run_steps(g, p, [raise_("temperature")], None)


def _do_first_action(g: GameState, p: int, r: Response) -> None:
    pl = g.players[p]
    pl.first_action_due = False
    _done(g, p)
    assert pl.corporation is not None
    run_steps(g, p, card(pl.corporation).first_action, pl.corporation)


def _do_end_turn(g: GameState, p: int, r: Response) -> None:
    g.actions_this_turn = 2


def _do_pass(g: GameState, p: int, r: Response) -> None:
    g.players[p].passed = True  # R-ACT-8
    log(g, "pass", player=p)


@op("action_done")
def _action_done(g: GameState, item: ActionDoneOp) -> None:
    g.actions_this_turn += 1


# ---------------------------------------------------------------- the menu
def _cards_in_hand(g: GameState, p: int) -> Iterator[Response]:
    deal = deal_of(g)
    for name in g.players[p].hand:
        if deal.readable(name):  # (a sealed card this device cannot read: not listed)
            yield {"type": "play_card", "card": name}


def _projects(g: GameState, p: int) -> Iterator[Response]:
    for project in projects_of(g):
        yield {"type": "standard_project", "project": project}


def _card_actions(g: GameState, p: int) -> Iterator[Response]:
    pl = g.players[p]
    for name in [pl.corporation, *pl.played]:
        if name and card(name).action:
            yield {"type": "card_action", "card": name}


def _milestones(g: GameState, p: int) -> Iterator[Response]:
    for name in rules_of(g).milestones:
        yield {"type": "claim_milestone", "milestone": name}


def _awards(g: GameState, p: int) -> Iterator[Response]:
    for name in rules_of(g).awards:
        yield {"type": "fund_award", "award": name}


def _single(kind: str) -> Callable[[GameState, int], Iterator[Response]]:
    def offer(g: GameState, p: int) -> Iterator[Response]:
        yield {"type": kind}
    return offer


ACTIONS: dict[str, ActionType] = {  # by response type
    "play_card": ActionType(_cards_in_hand, why_play, _do_play, ("card",)),
    "card_action": ActionType(_card_actions, why_card_action, _do_card_action, ("card",)),
    "standard_project": ActionType(_projects, why_project, _do_project, ("project",)),
    "claim_milestone": ActionType(_milestones, why_milestone, _do_milestone, ("milestone",)),
    "fund_award": ActionType(_awards, why_award, _do_award, ("award",)),
    "convert_plants": ActionType(_single("convert_plants"), why_plants, _do_plants),
    "convert_heat": ActionType(_single("convert_heat"), why_heat, _do_heat),
    "end_turn": ActionType(_single("end_turn"), why_end_turn, _do_end_turn),
    "pass": ActionType(_single("pass"), always, _do_pass),
}


def first_action_due(g: GameState, p: int) -> bool:
    """Whether ``p``'s corporation's first action must come first: it is due and can be
    carried out (Vitor's free award is dropped in solo and once three are funded)."""
    pl = g.players[p]
    return pl.first_action_due and pl.corporation is not None and can_steps(
        g, p, pl.corporation, card(pl.corporation).first_action)


def why_not(g: GameState, p: int, response: Response) -> Why:
    """None when the action is legal for ``p`` now, else (reason, rule id)."""
    kind = response.get("type")
    if first_action_due(g, p):  # the corporation's first action comes first
        if kind == "first_action":
            return None
        return reason("action.first_action",
                      "your corporation's first action comes first"), "R-SETUP-4"
    table = actions_of(g)
    if kind not in table:
        return reason("action.unknown", "unknown action"), "R-ACT-1"
    return table[str(kind)].why_not(g, p, response)


def choices(g: GameState, p: int) -> list[Choice]:
    """Every legal action for ``p`` now, each with its label (what it is, what it costs)."""
    pl = g.players[p]
    if first_action_due(g, p):
        return [Choice({"type": "first_action"}, {"key": "first_action",
                                                  "card": pl.corporation})]
    return [Choice(choice, label(g, p, choice))
            for action in actions_of(g).values()
            for choice in action.offer(g, p) if action.why_not(g, p, choice) is None]


def label(g: GameState, p: int, choice: Response) -> Label:
    """What an action choice is, as a record the page translates (with its cost)."""
    kind = choice["type"]
    found: Label = {"key": kind, **{k: v for k, v in choice.items() if k != "type"}}
    if kind == "play_card":
        found["cost"] = cost_of(g, p, card(choice["card"]))
    elif kind == "standard_project":
        found["cost"] = project_cost(g, p, choice["project"])
    elif kind == "claim_milestone":
        found["cost"] = milestones.CLAIM_COST
    elif kind == "fund_award":
        found["cost"] = milestones.fund_cost(g)
    elif kind == "convert_plants":
        found["plants"] = plant_cost(g, p)
    elif kind == "convert_heat":
        found["heat"] = HEAT_PER_STEP
    entry = actions_of(g).get(kind)
    if entry is not None and entry.label is not None:  # an expansion's action describes itself
        found.update(entry.label(g, p, choice))
    return found


def clean(g: GameState, response: Response) -> Response:
    """The response reduced to the keys its action type uses."""
    kind = response["type"]
    table = actions_of(g)
    keys = table[kind].keys if kind in table else ()
    return {"type": kind, **{k: response[k] for k in keys}}


def perform(g: GameState, p: int, response: Response) -> None:
    """Carry out a checked action."""
    if response["type"] == "first_action":
        _do_first_action(g, p, response)
    else:
        actions_of(g)[response["type"]].perform(g, p, response)


@handler("action")
def _act(g: GameState, p: int, prompt: ActionAsk, response: Response) -> None:
    log(g, "action", player=p, action=response["type"])  # the log separates a turn's actions
    perform(g, p, response)
