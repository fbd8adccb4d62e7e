"""The worked-out sections of a view kept from the last view of the same state (issue 46).

Most of a view is worked out from the state: the scores, the standings on milestones and
awards, and for the viewer each card in hand, standard project, milestone and award with
whether it can be used now and why not (:mod:`tm.view`). On the page a move is mostly one
step of a decision (a card chosen, then how to pay, then where to place): each step
changes only the decision queues, and the worked-out sections come out as they were.
They read everything of the state but the queues (only the waiting decision and who must
decide read those, and they are built anew every time), so they are kept by the state
less its queues: its fields serialised with pickle (exact: equal bytes are an equal state,
dict order included; a state that only looks equal gives other bytes, and is worked out
again) and its log, compared record by record (records are never changed once logged).

A sealed game is never kept (its cards are read through the device's dealer, which may
learn a card with no change to the state). Kept per viewer, the few last seen; shared
between views, which are read and never written.
"""
from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import fields
from typing import TypeVar, cast

from tm.core.state import GameState

T = TypeVar("T")
KEPT_MAX = 8  # viewers kept (a hot-seat game's seats and a spectator)
# What the worked-out sections may read: every field but the queues, the log (compared
# apart), the rules (they follow from the options) and a sealed game's dealer.
_KEYED = tuple(f.name for f in fields(GameState)
               if f.name not in ("queues", "log", "ruled", "dealer"))
# By viewer: the state's bytes, its log (as a list of the same records) and the sections.
_KEPT: dict[int | None, tuple[bytes, list[object], object]] = {}


def state_bytes(g: GameState) -> bytes | None:
    """The state less its queues, log, rules and dealer, serialised (None: a sealed game)."""
    if g.sealed or g.dealer is not None or g.options.sealed:
        return None
    return pickle.dumps(tuple(getattr(g, name) for name in _KEYED), pickle.HIGHEST_PROTOCOL)


def kept(g: GameState, viewer: int | None, work: Callable[[], T]) -> T:
    """``work()`` (the worked-out sections for ``viewer``), or what it gave for the last
    state that differed from ``g`` in its decision queues at most."""
    key = state_bytes(g)
    if key is None:
        return work()
    last = _KEPT.get(viewer)
    if last is not None and last[0] == key and last[1] == g.log:
        return cast(T, last[2])  # (what work() gave for this viewer)
    found = work()
    _KEPT.pop(viewer, None)
    _KEPT[viewer] = (key, list(g.log), found)
    while len(_KEPT) > KEPT_MAX:
        del _KEPT[next(iter(_KEPT))]
    return found


def forget() -> None:
    """Work every section out afresh (tests compare kept and fresh views)."""
    _KEPT.clear()
