"""The game's own pseudo-random generator.

SplitMix64: the whole state is one 64-bit integer kept in the game state, so a
game replays identically on any Python version (``random`` promises no stable
``shuffle`` or ``randrange`` across versions).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


@dataclass(slots=True)
class Rng:
    """A SplitMix64 stream; ``state`` is the only thing to save."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A stream for a seed; any int (negative or large) is folded to 64 bits."""
        return cls(seed & _MASK)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = ((1 << 64) // n) * n
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        """One element of a non-empty list."""
        return items[self.below(len(items))]
