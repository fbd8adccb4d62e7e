"""The dealer: what this device may read of a sealed game's cards (issue 32).

In a sealed game (``Options(sealed=True)``) the state holds a token (``"#p17"``: deck
letter and position) for every card not yet shown to all, identical on every device. A
:class:`Dealer` is the device's window on them: it opens a position of a deck to the
card's name when this device holds the keys (its own seat's draws, and cards shown whose
keys arrived), else None. It is given to the game, never saved, copied or shown:
``Game.new(options, dealer=...)``, ``Game.from_save(data, dealer=...)`` or
``game.dealer = ...``; the game's deal carries it (:mod:`tm.core.dealing`), held by the
``Game``, not its state. Seeded games have none. The test double is
:class:`tm.testing.dealer.KnownDealer`.
"""
from __future__ import annotations

from typing import Protocol


class Dealer(Protocol):
    """Opens the cards this device may read (see the module docstring)."""

    def open(self, deck: str, position: int) -> str | None:
        """The name of the card at ``position`` of ``deck`` (``project``, ``corporation``,
        ``prelude``) if this device may read it, else None."""
        ...
