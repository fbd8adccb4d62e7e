"""Named functions for the few cards the step vocabulary cannot say.

Each entry is ``name: (can, run)``; a card uses one through ``custom(name)``
in its steps. This file is the one place that lists cards needing code.
"""
from __future__ import annotations

from collections.abc import Callable

from tm.cards.dsl import Step
from tm.cards.tableau import tag_count
from tm.core.contract import AmountAsk
from tm.core.entries import marked
from tm.core.flow import ask, handler
from tm.core.frozen import register
from tm.core.ledger import change_prod, change_res, raise_tr
from tm.core.responses import AmountResponse
from tm.core.state import NEUTRAL, GameState

CanFn = Callable[[GameState, int, "str | None", Step], bool]
RunFn = Callable[[GameState, int, "str | None", Step], None]
CUSTOM: dict[str, tuple[CanFn | None, RunFn]] = {}


def custom_step(name: str, can: CanFn | None = None) -> Callable[[RunFn], RunFn]:
    """Mark a custom step as ``name`` (installed by :func:`add_custom_step`)."""
    return marked("custom_step", name, can)


def add_custom_step(name: str, fn: RunFn, can: CanFn | None = None) -> None:
    """Put a custom step in the table (a second one of the name raises)."""
    register(CUSTOM, name, (can, fn), "custom step")


# ---------------------------------------------------------------- converting production
def _heat_prod(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return g.players[p].prod["heat"] >= 1


@custom_step("heat_prod_to_mc_prod", can=_heat_prod)
def _insulation(g: GameState, p: int, src: str | None, step: Step) -> None:
    ask(g, p, "amount", "heat_prod_to_mc_prod", min=1, max=g.players[p].prod["heat"])


@handler("heat_prod_to_mc_prod")
def _insulated(g: GameState, p: int, prompt: AmountAsk, response: AmountResponse) -> None:
    change_prod(g, p, {"heat": -response["amount"], "megacredits": response["amount"]})


def _has_energy(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return g.players[p].res["energy"] >= 1


@custom_step("energy_to_mc", can=_has_energy)
def _power_infrastructure(g: GameState, p: int, src: str | None, step: Step) -> None:
    ask(g, p, "amount", "energy_to_mc", min=1, max=g.players[p].res["energy"])


@handler("energy_to_mc")
def _energy_sold(g: GameState, p: int, prompt: AmountAsk, response: AmountResponse) -> None:
    change_res(g, p, {"energy": -response["amount"], "megacredits": response["amount"]})


# ---------------------------------------------------------------- conditions
@custom_step("plant_tags_3_then_4_else_1")
def _nitrogen_rich(g: GameState, p: int, src: str | None, step: Step) -> None:
    change_prod(g, p, {"plants": 4 if tag_count(g.players[p], "plant") >= 3 else 1}, card=src)


def _tr_raised(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return pl.tr_raised_gen == g.generation and pl.res["megacredits"] >= 3


@custom_step("unmi", can=_tr_raised)
def _unmi(g: GameState, p: int, src: str | None, step: Step) -> None:
    change_res(g, p, {"megacredits": -3}, "spent", card=src)
    raise_tr(g, p, 1, card=src)


@custom_step("neutral_cities_prod")
def _tharsis_solo(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Cities placed before the corporation (the solo neutral ones) still pay it."""
    change_prod(g, p, {"megacredits": sum(
        1 for entry in g.board.values() if entry["tile"] == "city" and entry["owner"] == NEUTRAL)},
        card=src)
