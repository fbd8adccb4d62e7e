"""A test double of a device's dealer in a sealed game (tm.core.dealer).

:class:`KnownDealer` stands for what the fair deck gives one device: a fixed permutation
of each deck (the "truth" no real device knows, seeded here), the seat it plays for, and
the game's piles (read from the state) to know which positions that seat drew. It opens
its own seat's draws, and positions :meth:`KnownDealer.learn` made readable (a card
shown: its keys arrived); nothing else. A sealed game across devices is one ``Game`` per
seat, each with its own ``KnownDealer`` (``tests/engine/test_sealed.py``)."""
from __future__ import annotations

import zlib
from typing import Any

from tm.cards import corporation_deck, prelude_deck, project_deck
from tm.core.rng import Rng
from tm.core.ruleset import rules_for
from tm.core.state import Options


def truth(options: Options, seed: int) -> dict[str, list[str]]:
    """Each deck's names in a seeded secret order: position ``i`` holds ``[deck][i]``."""
    sets = rules_for(options).card_sets
    decks = {"project": project_deck(sets), "corporation": corporation_deck(sets),
             "prelude": prelude_deck(sets)}
    rng = Rng.from_seed(seed)
    for names in decks.values():
        rng.shuffle(names)
    return decks


class KnownDealer:
    """One device's dealer: its seat's draws and the cards it learned (see the module)."""

    def __init__(self, options: Options, seat: int, seed: int = 0) -> None:
        self.truth = truth(options, seed)
        self.seed, self.seat = seed, seat
        self.game: Any = None  # the device's Game (attach): its state holds the piles
        self.learned: dict[str, set[int]] = {deck: set() for deck in self.truth}

    def attach(self, game: Any) -> None:
        """Deal for ``game`` (a tm.Game): it reads the piles from its state."""
        self.game = game
        game.dealer = self

    def learn(self, deck: str, position: int) -> None:
        """``position`` of ``deck`` was shown and its keys arrived: readable from now."""
        self.learned.setdefault(deck, set()).add(position)

    def open(self, deck: str, position: int) -> str | None:
        """The card's name if this device may read it, else None."""
        names = self.truth.get(deck) or self._generation(deck)
        if names is None or not 0 <= position < len(names):
            return None
        if position in self.learned.get(deck, ()) or self._drew(deck, position):
            return names[position]
        return None

    def _drew(self, deck: str, position: int) -> bool:
        if self.game is None:
            return False
        piles = self.game.state.sealed.get("piles", {}).get(deck)
        if piles is None:
            return False
        return position in piles["assigned"][self.seat][:piles["drawn"][self.seat]]

    def _generation(self, deck: str) -> list[str] | None:
        """A reshuffled generation's secret order: its sources' names in a seeded order
        (what the devices' joint reshuffle stands for), once the state holds it."""
        if self.game is None:
            return None
        sources = self.game.state.sealed.get("reshuffles", {}).get(deck)
        if sources is None:
            return None
        names = []
        for label, position in sources:
            older = self.truth.get(label) or self._generation(label)
            assert older is not None
            names.append(older[position])
        Rng.from_seed(self.seed * 1000 + zlib.crc32(deck.encode())).shuffle(names)
        self.truth[deck] = names
        return names
