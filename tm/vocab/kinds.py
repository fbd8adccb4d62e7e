"""The card-step interpreter: the step kinds' registry, ``can`` and ``run``, amounts.

Every step is a dict with a ``k`` key (see :mod:`tm.cards.dsl`). ``can_step``
answers whether it may run now (card legality is requirements plus
``can_steps`` of the play steps); a kind's run function does it, queueing an ask
whenever the player must choose. The families of kinds live beside this module
(resources, tiles, cards, choices), each marking its kinds with :func:`step_kind`
(installed by the listed load order of :mod:`tm.expansions`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tm.board import placement as board
from tm.cards.dsl import Step
from tm.cards.tableau import tag_count
from tm.core.entries import marked
from tm.core.flow import StepsOp, op, push
from tm.core.frozen import register
from tm.core.state import GameState

PROD_FLOOR = {"megacredits": -5}  # R-PROD-1; every other production floors at 0

CanFn = Callable[[GameState, int, "str | None", Step], bool]
RunFn = Callable[[GameState, int, "str | None", Step], None]
CountableFn = Callable[[GameState, int, "str | None", Mapping[str, Any]], int]
CAN: dict[str, CanFn] = {}
RUN: dict[str, RunFn] = {}
COUNTABLES: dict[str, CountableFn] = {}  # more countables, registered by card sets


def countable(per: str) -> Callable[[CountableFn], CountableFn]:
    """Mark a countable (``{"per": per, ...}``) that :func:`amount` does not know
    (installed by :func:`add_countable`)."""
    return marked("countable", per)


def step_kind(kind: str, can: CanFn | None = None) -> Callable[[RunFn], RunFn]:
    """Mark the runner (with its optional check) of a step kind (installed by
    :func:`add_step_kind`)."""
    return marked("step_kind", kind, can)


def add_countable(per: str, fn: CountableFn) -> None:
    """Put a countable in the table (a second one of the name raises)."""
    register(COUNTABLES, per, fn, "countable")


def add_step_kind(kind: str, fn: RunFn, can: CanFn | None = None) -> None:
    """Put a step kind's runner and check in the tables (a second one raises)."""
    if can is not None:
        register(CAN, kind, can, "step check")
    register(RUN, kind, fn, "step kind")


def can_step(g: GameState, p: int, src: str | None, step: Step) -> bool:
    """Whether a step may run now for player ``p``."""
    check = CAN.get(step["k"])
    return check is None or check(g, p, src, step)


def can_steps(g: GameState, p: int, src: str | None, steps: Iterable[Step]) -> bool:
    """Whether every step of a list may run (``can_execute`` of the whole)."""
    return all(can_step(g, p, src, step) for step in steps)


@op("steps")
def _run_steps(g: GameState, item: StepsOp) -> None:
    steps = item["steps"]
    if len(steps) > 1:
        push(g, item["p"], {**item, "steps": steps[1:]})
    RUN[steps[0]["k"]](g, item["p"], item["src"], steps[0])


# ---------------------------------------------------------------- amounts
def amount(g: GameState, p: int, src: str | None, value: int | Mapping[str, Any]) -> int:
    """Evaluate an amount: a plain int or a countable (per tag, per city, ...)."""
    if isinstance(value, int):
        return value
    per = value["per"]
    if per == "tag":
        scope = value.get("scope", "self")
        count = sum(tag_count(pl, value["tag"]) for pl in g.players
                    if scope == "all" or (pl.index == p) == (scope == "self"))
    elif per == "city":
        count = board.count_tiles(g, board.CITY_TILES, mars_only=value["where"] == "mars")
    elif per == "res":
        held = g.players[p].card_res.get(src or "", 0)
        count = held * value.get("mult", 1)
    elif per == "adjacent":
        count = _adjacent_to_own_tile(g, p, src, value["tile"])
    elif per == "event":
        count = sum(len(pl.events) for pl in g.players)
    elif per == "held":
        count = value["points"] if g.players[p].card_res.get(src or "", 0) >= 1 else 0
    elif per in COUNTABLES:
        count = COUNTABLES[per](g, p, src, value)
    else:
        raise ValueError(f"unknown countable {per!r}")
    divisor: int = value.get("div", 1)
    return count // divisor


def _adjacent_to_own_tile(g: GameState, p: int, src: str | None, tile: str) -> int:
    kinds = board.CITY_TILES if tile == "city" else frozenset({tile})
    for sid, entry in g.board.items():
        if entry.get("card") == src and entry.get("owner") == p:
            return board.adjacent_count(g, sid, kinds)
    return 0
