"""More of Colonies (R-COL): the countables and requirement kinds its cards use (colonies,
resources of a kind on your cards) and Stormcraft's floaters as heat, an action of its own
beside converting heat (R-ACT-7). Registered on import by :mod:`tm.expansions.colonies.manifest`.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tm.cards.tableau import effects, resource_cards
from tm.core.contract import Response
from tm.core.errors import reason
from tm.core.flow import ask, handler, push, run_steps
from tm.core.ledger import change_res, log
from tm.core.manifest import ActionType, Why
from tm.core.responses import AmountResponse
from tm.core.state import GameState
from tm.expansions.colonies.vocabulary import HeatAsk
from tm.rules.play import requirement_kind
from tm.vocab.kinds import countable
from tm.vocab.resources import HEAT_PAYER

NAME = "colonies"


def colonies_of(g: GameState, p: int | None) -> int:
    """Colonies of player ``p`` (None: everyone's)."""
    return sum(len(t["colonies"]) if p is None else t["colonies"].count(p)
               for t in g.ext[NAME]["tiles"])


# ---------------------------------------------------------------- counts and requirements
@countable("colony")
def _per_colony(g: GameState, p: int, src: str | None, value: Any) -> int:
    if NAME not in g.ext:
        return 0
    return colonies_of(g, None if value.get("scope") == "all" else p)


@countable("card_res")
def _per_card_res(g: GameState, p: int, src: str | None, value: Any) -> int:
    pl = g.players[p]
    return sum(pl.card_res.get(name, 0) for name in resource_cards(pl, value["rtype"]))


@requirement_kind("colony")
def _colonies_req(g: GameState, p: int, req: Any) -> int:
    return colonies_of(g, p) if NAME in g.ext else 0


@requirement_kind("card_res")
def _card_res_req(g: GameState, p: int, req: Any) -> int:
    return _per_card_res(g, p, None, req)


# ---------------------------------------------------------------- Stormcraft: floaters as heat
HEAT_PER_STEP = 8  # R-ACT-7


def _heat_cards(g: GameState, p: int) -> list[tuple[str, int]]:
    pl = g.players[p]
    return [(c.name, int(e["amount"])) for c, e in effects(pl, "res_as_heat")
            if pl.card_res.get(c.name, 0) > 0]


def _floater_range(g: GameState, p: int) -> tuple[str, int, int, int] | None:
    """(card, value, fewest, most) resources usable as heat for one temperature step."""
    cards = _heat_cards(g, p)
    if not cards:
        return None
    name, value = cards[0]
    heat, held = g.players[p].res["heat"], g.players[p].card_res[name]
    fewest = max(1, -(-(HEAT_PER_STEP - heat) // value))
    most = min(held, -(-HEAT_PER_STEP // value))
    return (name, value, fewest, most) if fewest <= most else None


def _offer_heat(g: GameState, p: int) -> Iterator[Response]:
    yield {"type": "convert_heat_with_resources"}


def _why_heat(g: GameState, p: int, r: Response) -> Why:
    return None if _floater_range(g, p) else (reason("action.heat", "not enough heat"), "R-ACT-7")


def _heat(g: GameState, p: int, r: Response) -> None:
    found = _floater_range(g, p)
    assert found is not None
    name, value, fewest, most = found
    push(g, p, {"op": "action_done", "p": p})
    if fewest == most:
        _use_as_heat(g, p, name, value, fewest)
    else:
        ask(g, p, "amount", "resources_as_heat", min=fewest, max=most, card=name, value=value)


@handler("resources_as_heat")
def _heat_amount(g: GameState, p: int, prompt: HeatAsk, response: AmountResponse) -> None:
    _use_as_heat(g, p, prompt["card"], prompt["value"], response["amount"])


def _use_as_heat(g: GameState, p: int, name: str, value: int, count: int) -> None:
    pl = g.players[p]
    pl.card_res[name] -= count
    pl.res["heat"] -= max(0, HEAT_PER_STEP - value * count)
    log(g, "card_res", player=p, card=name, count=-count)
    run_steps(g, p, [{"k": "raise", "param": "temperature", "steps": 1}], None)




HEAT_ACTION = ActionType(_offer_heat, _why_heat, _heat)


# ---------------------------------------------------------------- floaters for heat a card spends
def _extra_heat(g: GameState, p: int) -> int:
    """Heat ``p``'s floaters may pay (Stormcraft: 2 each)."""
    return sum(value * g.players[p].card_res.get(name, 0) for name, value in _heat_cards(g, p))


def _pay_heat(g: GameState, p: int, src: str | None, need: int) -> None:
    """Pay ``need`` heat a card spends (Local Heat Trapping, Caretaker Contract) with heat
    and floaters: as many floaters as the player likes, from the fewest the heat in stock
    leaves needed to the most that do not overpay by a whole floater."""
    name, value = _heat_cards(g, p)[0]
    heat, held = g.players[p].res["heat"], g.players[p].card_res[name]
    fewest = max(0, -(-(need - heat) // value))
    most = min(held, -(-need // value))
    if fewest == most:
        _heat_paid(g, p, src, name, value, need, fewest)
    else:
        ask(g, p, "amount", "floaters_for_heat", min=fewest, max=most, card=name, value=value,
            need=need, src=src)


@handler("floaters_for_heat")
def _floaters_chosen(g: GameState, p: int, prompt: HeatAsk,
                     response: AmountResponse) -> None:
    _heat_paid(g, p, prompt["src"], prompt["card"], prompt["value"], prompt["need"],
               response["amount"])


def _heat_paid(g: GameState, p: int, src: str | None, name: str, value: int, need: int,
               count: int) -> None:
    if count:
        g.players[p].card_res[name] -= count
        log(g, "card_res", player=p, card=name, count=-count)
    heat = max(0, need - value * count)
    if heat:
        change_res(g, p, {"heat": -heat}, "spent", card=src)


HEAT_PAYER.extra = _extra_heat
HEAT_PAYER.pay = _pay_heat
