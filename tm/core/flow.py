"""The decision queues: deferred work as data, and the loop that runs it.

Each player has a queue of items (plain dicts). An item is an *op* that the
engine runs (``{"op": "steps", ...}``) or an *ask* that waits for the
player's response (``{"op": "ask", "kind": ..., "on": purpose, ...}``; the purpose names
the handler of the response, and is one of the public :func:`tm.core.contract.purposes`).
Nothing in a queue is a closure, so a game waiting on a choice saves as JSON.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypedDict, cast

from tm.core.contract import Kind, Purpose, Step, check_ask, check_purpose
from tm.core.entries import marked
from tm.core.frozen import register, thaw
from tm.core.state import GameState

Item = dict[str, Any]  # a queued op or ask, as the JSON of the state holds it
# What an op does: (game, its item). Each op takes its own item's shape (a TypedDict beside
# the op: StepsOp below, PlaceOp, PayOp, ...), so the table holds them as Any.
OpFn = Callable[[GameState, Any], None]
# What an answer does: (game, player, the ask, the final response). Each handler takes its
# purpose's ask and response shapes (tm.core.contract), so the table holds them as Any.
HandlerFn = Callable[[GameState, int, Any, Any], None]

OPS: dict[str, OpFn] = {}
HANDLERS: dict[str, HandlerFn] = {}  # by purpose


def op(name: str) -> Callable[[OpFn], OpFn]:
    """Mark an op runner as the one for ``name`` (installed by :func:`add_op`)."""
    return marked("op", name)


def handler(name: Purpose) -> Callable[[HandlerFn], HandlerFn]:
    """Mark what a prompt's response does, for its purpose ``name`` (installed by
    :func:`add_handler`, which checks the purpose is listed: an expansion's are registered
    with its manifest, before the handlers are installed)."""
    return marked("handler", name)


def add_op(name: str, fn: OpFn) -> None:
    """Put an op runner in the table (a second one of the name raises)."""
    register(OPS, name, fn, "op")


def add_handler(name: str, fn: HandlerFn) -> None:
    """Put a purpose's handler in the table (a second one of the purpose, or a purpose not
    listed, raises)."""
    register(HANDLERS, check_purpose(name), fn, "handler")


class StepsOp(TypedDict):
    """Card steps to run for ``p``, the first now and the rest after what it queues
    (``src``: the card they come from)."""

    op: Literal["steps"]
    p: int
    src: str | None
    steps: list[Step]  # (thawed: plain dicts, as a queue is JSON)


def push(g: GameState, player: int, *items: Mapping[str, object]) -> None:
    """Put items (ops, each of its own shape, or asks) at the front of a player's queue,
    to run next, in the given order."""
    g.queues[player][0:0] = cast(list[Item], list(items))


def append(g: GameState, player: int, *items: Mapping[str, object]) -> None:
    """Put items at the back of a player's queue."""
    g.queues[player].extend(cast(list[Item], list(items)))


SELECTIONS = ("cards", "setup")  # kinds whose asks hold picks made so far


def ask(g: GameState, player: int, kind: Kind, on: Purpose, **data: Any) -> None:
    """Wait for ``player`` to decide; ``on`` is the purpose (it names the handler of the
    response). ValueError for a purpose not listed, or not asked as this kind."""
    check_ask(kind, on)
    item = {"op": "ask", "kind": kind, "on": on, **data}
    if kind in SELECTIONS:
        item.setdefault("picked", [])
    push(g, player, item)


def run_steps(g: GameState, player: int, steps: Sequence[Step],
              src: str | None) -> None:
    """Queue card steps to run next for ``player`` (``src`` is the card they come from).

    The queue gets a plain copy: definitions stay frozen, the state stays JSON.
    """
    if steps:
        push(g, player, StepsOp(op="steps", p=player, src=src, steps=thaw(steps)))


def head(g: GameState, player: int) -> Item | None:
    """The item a player's queue will run or ask next."""
    queue = g.queues[player]
    return queue[0] if queue else None


def run(g: GameState, advance: Callable[[GameState], bool]) -> None:
    """Run queued ops until every queue is empty or waits on an ask.

    The active player's queue runs first. When all queues are empty,
    ``advance`` moves the phase on; it returns False when nothing is left.
    """
    while True:
        ran = False
        count = len(g.queues)
        for offset in range(count):
            player = (g.active + offset) % count
            queue = g.queues[player]
            while queue and queue[0]["op"] != "ask":
                item = queue.pop(0)
                OPS[item["op"]](g, item)
                ran = True
            if ran:
                break
        if ran:
            continue
        if any(g.queues):
            return
        if not advance(g):
            return
