"""Named functions for the few cards the step vocabulary cannot say.

Each entry is ``name: (can, run)``; a card uses one through ``custom(name)``
in its steps. This file is the one place that lists cards needing code.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tm.cards.dsl import Step
from tm.flow import ask, handler
from tm.frozen import register
from tm.player import log, tag_count, tr_up
from tm.state import NEUTRAL, GameState

CanFn = Callable[[GameState, int, "str | None", Step], bool]
RunFn = Callable[[GameState, int, "str | None", Step], None]
CUSTOM: dict[str, tuple[CanFn | None, RunFn]] = {}


def custom_step(name: str, can: CanFn | None = None) -> Callable[[RunFn], RunFn]:
    """Register a custom step under ``name``."""
    def add(fn: RunFn) -> RunFn:
        register(CUSTOM, name, (can, fn), "custom step")
        return fn
    return add


# ---------------------------------------------------------------- converting production
def _heat_prod(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return g.players[p].prod["heat"] >= 1


@custom_step("heat_prod_to_mc_prod", can=_heat_prod)
def _insulation(g: GameState, p: int, src: str | None, step: Step) -> None:
    ask(g, p, "amount", "heat_prod_to_mc_prod", min=1, max=g.players[p].prod["heat"])


@handler("heat_prod_to_mc_prod")
def _insulated(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    pl = g.players[p]
    pl.prod["heat"] -= response["amount"]
    pl.prod["megacredits"] += response["amount"]


def _has_energy(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return g.players[p].res["energy"] >= 1


@custom_step("energy_to_mc", can=_has_energy)
def _power_infrastructure(g: GameState, p: int, src: str | None, step: Step) -> None:
    ask(g, p, "amount", "energy_to_mc", min=1, max=g.players[p].res["energy"])


@handler("energy_to_mc")
def _energy_sold(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    pl = g.players[p]
    pl.res["energy"] -= response["amount"]
    pl.res["megacredits"] += response["amount"]


# ---------------------------------------------------------------- conditions
@custom_step("plant_tags_3_then_4_else_1")
def _nitrogen_rich(g: GameState, p: int, src: str | None, step: Step) -> None:
    pl = g.players[p]
    pl.prod["plants"] += 4 if tag_count(pl, "plant") >= 3 else 1


def _tr_raised(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return pl.tr_raised_gen == g.generation and pl.res["megacredits"] >= 3


@custom_step("unmi", can=_tr_raised)
def _unmi(g: GameState, p: int, src: str | None, step: Step) -> None:
    pl = g.players[p]
    pl.res["megacredits"] -= 3
    tr_up(g, pl, 1)
    log(g, "tr", player=p, tr=pl.tr)


@custom_step("neutral_cities_prod")
def _tharsis_solo(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Cities placed before the corporation (the solo neutral ones) still pay it."""
    g.players[p].prod["megacredits"] += sum(
        1 for entry in g.board.values() if entry["tile"] == "city" and entry["owner"] == NEUTRAL)
