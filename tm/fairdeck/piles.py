"""Which seat draws which position of the locked deck, decided before anyone looks.

Each seat has a pile of positions reserved to it, topped up from the deck's next free
position after each of its draws so it always holds ``window`` undrawn ones. The
reservations follow from the draw counts alone, never from the cards, so every draw has
the distribution of a draw from one shared deck. Because they are known ahead, every other
seat publishes its key parts for them with its next ordinary message, and the drawing seat
reads its card with no hand-off. The price: a seat can read up to ``window`` of its own
future draws early (see docs/fair-deck.md).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


class PileEmpty(LookupError):
    """The seat's pile and the deck's free positions are used up: the discards must be
    shuffled into a new deck (a joint shuffle, so a hand-off round)."""


@dataclass(slots=True)
class Piles:
    """The reservations of one locked deck; plain data, saved with the game."""
    seats: int
    size: int
    window: int
    next_free: int = 0
    assigned: list[list[int]] = field(default_factory=list)
    drawn: list[int] = field(default_factory=list)

    @classmethod
    def deal(cls, seats: int, size: int, window: int, first: int = 0) -> Piles:
        """Fresh piles: ``first + window`` positions each, dealt round the table
        (``first`` is the opening deal, e.g. 10 project cards)."""
        piles = cls(seats, size, window, 0, [[] for _ in range(seats)], [0] * seats)
        for _ in range(first + window):
            for seat in range(seats):
                piles._reserve(seat)
        return piles

    def _reserve(self, seat: int) -> None:
        if self.next_free < self.size:
            self.assigned[seat].append(self.next_free)
            self.next_free += 1

    def undrawn(self, seat: int) -> list[int]:
        """The positions reserved to ``seat`` that it has not drawn yet, in draw order."""
        return self.assigned[seat][self.drawn[seat]:]

    def draw(self, seat: int) -> int:
        """The position ``seat`` draws next; tops its pile up. Raises :class:`PileEmpty`."""
        if not self.undrawn(seat):
            raise PileEmpty(f"seat {seat} has no position left to draw")
        position = self.assigned[seat][self.drawn[seat]]
        self.drawn[seat] += 1
        while len(self.undrawn(seat)) < self.window and self.next_free < self.size:
            self._reserve(seat)
        return position

    def drawn_by(self, seat: int) -> list[int]:
        """The positions ``seat`` has drawn, in order."""
        return self.assigned[seat][:self.drawn[seat]]

    def owner_of(self, position: int) -> int | None:
        """The seat ``position`` is reserved to, or None while it is free."""
        for seat, positions in enumerate(self.assigned):
            if position in positions:
                return seat
        return None

    def due(self, giver: int, sent: Sequence[int]) -> list[int]:
        """The positions ``giver`` still owes key parts for: those reserved to each other
        seat beyond the ``sent[seat]`` first ones it already covered, seat by seat."""
        return [position for seat in range(self.seats) if seat != giver
                for position in self.assigned[seat][sent[seat]:]]
