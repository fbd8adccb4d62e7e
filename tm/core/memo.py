"""Answers remembered during a pass that only reads the game (a view being built).

Building a view asks the same questions many times over (where may this player put a
city? which of their cards give a discount?): the standard projects, the cards in hand and
the action menu each ask them again. Inside :func:`reading` the state does not change, so
a question asked again with the same arguments gets the first answer; outside it nothing is
remembered. Arguments are told apart by identity (a state is a mutable dataclass), which
is sound because the answers are forgotten when the pass ends and each answer keeps its
arguments alive until then (a freed object's id may be given to a new one).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

T = TypeVar("T")

_ANSWERS: dict[tuple[Any, ...], Any] | None = None  # during a reading pass only


@contextmanager
def reading() -> Iterator[None]:
    """A pass that does not change the game: remembered answers last until its end."""
    global _ANSWERS
    outer = _ANSWERS
    if outer is None:
        _ANSWERS = {}
    try:
        yield
    finally:
        _ANSWERS = outer


def remembered(fn: Callable[..., T]) -> Callable[..., T]:
    """``fn``'s answers remembered inside :func:`reading` (``fn`` must only read; a list it
    returns is handed out as a copy, so a caller that changes it changes nobody else's)."""
    @wraps(fn)
    def asked(*args: Any, **named: Any) -> T:
        answers = _ANSWERS
        if answers is None:
            return fn(*args, **named)
        # (a view asks tens of thousands: the key built inline, plain values as they are)
        parts: list[Any] = [fn]
        for arg in args:
            parts.append(arg if type(arg) in _BY_VALUE else _key(arg))
        if named:
            parts += [(name, _key(value)) for name, value in sorted(named.items())]
        key = tuple(parts)
        entry = answers.get(key)
        if entry is None:
            # the arguments are kept with the answer: an object told apart by its id must
            # live as long as the pass, or another could take its id and its answer
            entry = answers[key] = (fn(*args, **named), args, named)
        found = entry[0]
        return list(found) if isinstance(found, list) else found  # type: ignore[return-value]
    return asked


_BY_VALUE = frozenset({str, int, bool, type(None)})


def _key(arg: Any) -> Any:
    if type(arg) in _BY_VALUE or isinstance(arg, (str, int)):
        return arg
    return id(arg)
