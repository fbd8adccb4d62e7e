"""Step kinds of resources and production: gain, production, spend, pay (R-PROD, R-PAY)."""
from __future__ import annotations

from collections.abc import Callable

from tm.cards.dsl import Step
from tm.core.flow import push
from tm.core.ledger import change_prod, change_res
from tm.core.state import GameState
from tm.vocab.kinds import PROD_FLOOR, amount, step_kind
from tm.vocab.payment import can_afford, pay_op


# ---------------------------------------------------------------- resources
def _prod_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return all(pl.prod[r] + amount(g, p, src, v) >= PROD_FLOOR.get(r, 0)
               for r, v in step["res"].items())  # R-PROD-2


@step_kind("prod", can=_prod_ok)
def _prod(g: GameState, p: int, src: str | None, step: Step) -> None:
    change_prod(g, p, {r: amount(g, p, src, v) for r, v in step["res"].items()}, card=src)


def _gain_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return all(pl.res[r] + amount(g, p, src, v) >= 0 for r, v in step["res"].items())


@step_kind("gain", can=_gain_ok)
def _gain(g: GameState, p: int, src: str | None, step: Step) -> None:
    change_res(g, p, {r: amount(g, p, src, v) for r, v in step["res"].items()}, card=src)


class HeatPayer:
    """Another way to pay heat a card spends (Colonies: Stormcraft's floaters): ``extra``
    is how much more heat a player can pay that way, ``pay`` pays ``heat`` in all (it may
    ask how much comes from there)."""

    extra: Callable[[GameState, int], int] = staticmethod(lambda g, p: 0)
    pay: Callable[[GameState, int, str | None, int], None] | None = None


HEAT_PAYER = HeatPayer()


def _spend_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return all(pl.res[r] + (HEAT_PAYER.extra(g, p) if r == "heat" else 0) >= v
               for r, v in step["res"].items())


@step_kind("spend", can=_spend_ok)
def _spend(g: GameState, p: int, src: str | None, step: Step) -> None:
    res = dict(step["res"])
    heat = res.pop("heat", 0) if HEAT_PAYER.pay is not None and HEAT_PAYER.extra(g, p) else 0
    if res:
        change_res(g, p, {r: -v for r, v in res.items()}, "spent", card=src)
    if heat and HEAT_PAYER.pay is not None:
        HEAT_PAYER.pay(g, p, src, heat)


def _pay_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return can_afford(g, p, step["amount"], steel=step["steel"], titanium=step["titanium"])


@step_kind("pay", can=_pay_ok)
def _pay(g: GameState, p: int, src: str | None, step: Step) -> None:
    push(g, p, pay_op(p, step["amount"], steel=step["steel"], titanium=step["titanium"],
                      for_={"action": src} if src else None))
