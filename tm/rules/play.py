"""Playing a project card (R-ACT-1, R-CARD): requirements, cost, legality, resolution."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypedDict

from tm.board import parameters
from tm.board import placement as board
from tm.cards import card
from tm.cards.dsl import Card, Req, Step
from tm.cards.tableau import standing_effects, tag_count
from tm.core.contract import CardAsk
from tm.core.dealing import deal_of
from tm.core.entries import marked
from tm.core.errors import reason
from tm.core.flow import ask, handler, op, push, run_steps
from tm.core.frozen import register
from tm.core.ledger import log
from tm.core.memo import remembered
from tm.core.responses import CardResponse
from tm.core.state import GameState
from tm.vocab.kinds import can_steps, step_kind
from tm.vocab.own_triggers import play_steps_to_check
from tm.vocab.payment import can_afford, pay_op
from tm.vocab.triggers import card_played


@remembered
def cost_of(g: GameState, p: int, c: Card) -> int:
    """The card's cost after discounts, never below 0 (R-PAY-3; remembered while a view is
    built: its hand, action menu and labels ask it of each card)."""
    pl = g.players[p]
    off = 0
    for e in standing_effects(g, pl, "discount"):
        matching = 1 if e["tag"] is None else c.tags.count(e["tag"])
        off += e["amount"] * (min(matching, 1) if e.get("per") == "card" else matching)
    return max(0, c.cost - off)


RequirementFn = Callable[[GameState, int, Req], int]
REQUIREMENTS: dict[str, RequirementFn] = {}  # more requirement kinds, registered by card sets


def requirement_kind(kind: str) -> Callable[[RequirementFn], RequirementFn]:
    """Mark what a requirement kind measures (``{"r": kind, "count"|"max": n}``; installed
    by :func:`add_requirement_kind`)."""
    return marked("requirement_kind", kind)


def add_requirement_kind(kind: str, fn: RequirementFn) -> None:
    """Put a requirement kind in the table (a second one of the name raises)."""
    register(REQUIREMENTS, kind, fn, "requirement kind")


def requirement_value(g: GameState, p: int, req: Req) -> int:
    """Where player ``p`` stands now on what a requirement measures."""
    pl = g.players[p]
    kind = req["r"]
    if kind == "global":
        return int(getattr(g, req["param"]))
    if kind == "tag":
        return tag_count(pl, req["tag"])  # R-CARD-5: the card itself is not in play yet
    if kind == "prod":
        return pl.prod[req["res"]]
    if kind == "tiles":
        kinds = board.CITY_TILES if req["tile"] == "city" else frozenset({req["tile"]})
        owner = p if req["scope"] == "self" else None
        return board.count_tiles(g, kinds, owner=owner)
    if kind in REQUIREMENTS:
        return REQUIREMENTS[kind](g, p, req)
    raise ValueError(f"unknown requirement {kind!r}")


def requirement_bonus(g: GameState, p: int) -> int:
    """Steps by which global requirements may be missed (cards like Adaptation Technology)."""
    return sum(e["steps"] for e in standing_effects(g, g.players[p], "req_bonus"))


def _requirement_met(g: GameState, p: int, req: Req, bonus: int) -> bool:
    value = requirement_value(g, p, req)
    if req["r"] == "global":
        slack = bonus * parameters.limits(g)[req["param"]].step
        if "min" in req:
            least: int = req["min"]
            return value + slack >= least
        most: int = req["max"]
        return value - slack <= most
    bound: int = req["max"] if "max" in req else req["count"]
    return value <= bound if "max" in req else value >= bound


def requirement_status(g: GameState, p: int, req: Req) -> dict[str, Any]:
    """One requirement as data: what it asks, where the player stands, whether it holds."""
    bound = "max" if "max" in req else "min"
    needed = req.get(bound, req.get("count"))
    return {"requirement": dict(req), "current": requirement_value(g, p, req),
            "needed": needed, "bound": bound,
            "met": _requirement_met(g, p, req, requirement_bonus(g, p))}


def requirements_met(g: GameState, p: int, c: Card) -> bool:
    """Whether the card's requirements hold now (R-CARD-1), with ±steps bonuses."""
    bonus = requirement_bonus(g, p)
    return all(_requirement_met(g, p, req, bonus) for req in c.requires)


def reserve_of(c: Card) -> dict[str, int]:
    """Resources the card's own play steps spend, kept out of its payment."""
    reserve: dict[str, int] = {}
    for step in c.play:
        if step["k"] == "spend":
            for r, n in step["res"].items():
                reserve[r] = reserve.get(r, 0) + n
    return reserve


def pays_with(c: Card) -> dict[str, Any]:
    """Which metals may pay for the card (R-PAY-1), and its tags (cards whose resources
    pay for cards with certain tags read them)."""
    return {"steel": "building" in c.tags, "titanium": "space" in c.tags, "tags": c.tags}


def why_not_playable(g: GameState, p: int, name: str) -> tuple[str, str] | None:
    """None when ``p`` may play ``name`` now, else (reason, rule id)."""
    pl = g.players[p]
    if name not in pl.hand:
        return reason("play.not_in_hand", "card not in hand"), "R-ACT-1"
    c = card(name)
    if not requirements_met(g, p, c):
        return reason("play.requirements", "requirements not met"), "R-CARD-1"
    if not can_afford(g, p, cost_of(g, p, c), reserve=reserve_of(c), **pays_with(c)):
        return reason("play.cannot_pay", "cannot pay the cost"), "R-PAY-1"
    if not can_steps(g, p, name, play_steps_to_check(g, c)):  # own triggers count
        return reason("play.effect", "its effect cannot be carried out"), "R-PROD-2"
    return None


def start_play(g: GameState, p: int, name: str) -> None:
    """Queue payment, resolution and triggers for playing ``name``."""
    c = card(name)
    push(g, p, pay_op(p, cost_of(g, p, c), reserve=reserve_of(c), for_={"card": name},
                      **pays_with(c)),
         {"op": "play_card", "p": p, "card": name})


class CardOp(TypedDict):
    """A queued step of playing ``card`` for ``p``: ``play_card`` puts it in play once
    paid, ``card_played`` fires what reacts to its play once its own steps ran."""

    op: Literal["play_card", "card_played"]
    p: int
    card: str


@op("play_card")
def _play_card(g: GameState, item: CardOp) -> None:
    p, name = item["p"], item["card"]
    pl = g.players[p]
    c = card(name)
    pl.hand.remove(name)
    pl.next_card = []  # one-shot modifiers apply to this card only
    if c.is_event:
        pl.events.append(name)
    else:
        pl.played.append(name)
    if any(e.get("next_card") for e in c.effects):
        pl.next_card, pl.next_card_gen = [name], g.generation
    log(g, "card_played", player=p, card=name)
    push(g, p, {"op": "card_played", "p": p, "card": name})
    run_steps(g, p, c.play, name)


@op("card_played")
def _card_played(g: GameState, item: CardOp) -> None:
    card_played(g, item["p"], card(item["card"]))


def apply_corporation(g: GameState, p: int, name: str) -> None:
    """Take a corporation: its starting MC, its start effects and first action (R-SETUP-4).

    The corporation is played: after its start effects, card-played effects fire for its
    own tags as for any card (Saturn Systems counts its own Jovian tag)."""
    pl = g.players[p]
    c = card(name)
    pl.corporation = name
    pl.res["megacredits"] += c.starting_mc
    pl.first_action_due = bool(c.first_action)
    log(g, "corporation", player=p, card=name, megacredits=c.starting_mc)
    push(g, p, {"op": "card_played", "p": p, "card": name})  # "including this"
    run_steps(g, p, c.play, name)


# ---------------------------------------------------------------- play a card from hand
def playable_from_hand(g: GameState, p: int) -> list[str]:
    """Cards in ``p``'s hand that could be played now (one-shot modifiers counted)."""
    deal = deal_of(g)
    return [name for name in g.players[p].hand
            if deal.readable(name) and why_not_playable(g, p, name) is None]


def _sealed_hand(g: GameState, p: int) -> bool:
    """Whether ``p``'s hand holds sealed cards (tokens): only its owner's device reads them."""
    return deal_of(g).hand_unread(g, p)


def _can_play_from_hand(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return _sealed_hand(g, p) or bool(playable_from_hand(g, p))


@step_kind("play_from_hand", can=_can_play_from_hand)
def _play_from_hand(g: GameState, p: int, src: str | None, step: Step) -> None:
    if _sealed_hand(g, p):  # its owner's device lists the cards it can play, or "none"
        ask(g, p, "card", "play_from_hand", cards=list(g.players[p].hand), src=src,
            playable=True)
        return
    cards = playable_from_hand(g, p)
    if len(cards) == 1:
        start_play(g, p, cards[0])
    elif cards:
        ask(g, p, "card", "play_from_hand", cards=cards, src=src)


@handler("play_from_hand")
def _picked_to_play(g: GameState, p: int, prompt: CardAsk,
                    response: CardResponse) -> None:
    if response["type"] == "card":  # (else none: a sealed hand with none playable)
        start_play(g, p, response["card"])
