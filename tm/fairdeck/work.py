"""Work a page can run in slices (issue 49): a generator that yields how many units of work
it did since its last yield (a card's step checked, a post taken) and returns its result.
Run in one piece (:func:`finish`) or a few units at a time between frames, it gives the
same result: nothing here reads a clock, the caller decides when to stop."""
from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")
Work = Generator[int, None, T]


def finish(work: Work[T]) -> T:
    """What ``work`` returns, run in one piece."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]



def uncounted(work: Work[T]) -> Work[T]:
    """``work`` whose units are not counted (it yields 0: places to pause, no progress),
    inside work counted in other units (a post taken, whatever it costs)."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        yield 0
