"""How a game's cards come off its decks: the seam between the seeded and the sealed mode.

Every game has a :class:`Deal`, chosen when the game is made (:func:`deal_for`) and made
again from what its state records (:func:`deal_of`): :data:`SEEDED`, the open deck the
game's RNG shuffles, or a sealed game's (:class:`tm.core.sealed.SealedDeal`: tokens in
seats' piles, shuffled by the devices together). The rules ask it to lay out a deck face
down, draw, show a card to all and name what this device reads, and never ask which mode
they play.

A sealed game's deal carries the device's :class:`~tm.core.dealer.Dealer` (its keys). The
:class:`~tm.Game` holds that deal, never its state: saves, copies and pickles of the state
know nothing of it. While the game plays or is read (:func:`playing`), :func:`deal_of`
gives the rules the game's own deal for its state; any other state (a copy read aside, a
state checked on its own) gets its mode's deal without a dealer, which reads nothing.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Protocol

from tm.core.contract import Choice, Response
from tm.core.dealer import Dealer
from tm.core.ledger import log
from tm.core.sealed import SealedDeal, Shown
from tm.core.state import GameState


class Deal(Protocol):
    """What the rules ask of a game's decks (see the module docstring)."""

    @property
    def dealer(self) -> Dealer | None:
        """The device's keys (a sealed game's; None: none given, or a seeded game)."""
        ...

    def with_dealer(self, dealer: Dealer | None) -> Deal:
        """This deal for one device: opening what ``dealer`` reads."""
        ...

    def face_down(self, g: GameState, deck: str, cards: list[str]) -> list[str]:
        """Deck ``deck`` (``project``, ``corporation``, ``prelude``) of ``cards`` as the
        state keeps it face down."""
        ...

    def draw(self, g: GameState, deck: str, seat: int, pile: list[str],
             discard: list[str] | None = None) -> str | None:
        """The card ``seat`` draws next from ``pile`` (taken out of it), the ``discard``
        pile shuffled in when it runs out (a project deck's reshuffle logged); None when
        both are used up."""
        ...

    def show(self, g: GameState, text: str, seat: int) -> str:
        """Card ``text`` shown to all by ``seat``: its name."""
        ...

    def shown_response(self, g: GameState, p: int,
                       answer: Choice | Response) -> Shown:
        """Seat ``p``'s response (``answer``: a Choice or a plain response) with the card
        it shows to all named, the way to take that back and {name: text} to record the
        move with; as it is when it shows no card this device reads by another text."""
        ...

    def readable(self, text: str) -> bool:
        """Whether card ``text`` is a name the rules can read (not a sealed card's token
        this device cannot open)."""
        ...

    def hand_unread(self, g: GameState, p: int) -> bool:
        """Whether ``p``'s hand holds cards only its owner's device reads."""
        ...

    def names(self, g: GameState) -> dict[str, str]:
        """{text: name} of the cards in ``g``'s readable places that this device reads by
        another text than their name (none in a seeded game)."""
        ...


class SeededDeal:
    """The open deck: the game's seeded RNG shuffles it; every card is a name."""

    dealer: Dealer | None = None

    def __reduce__(self) -> tuple[object, ...]:
        return (_seeded, ())  # (one of it: a copy is the same)

    def with_dealer(self, dealer: Dealer | None) -> Deal:
        return self

    def face_down(self, g: GameState, deck: str, cards: list[str]) -> list[str]:
        g.rng.shuffle(cards)
        return cards

    def draw(self, g: GameState, deck: str, seat: int, pile: list[str],
             discard: list[str] | None = None) -> str | None:
        if not pile:
            if not discard:
                return None
            pile.extend(discard)  # (R-GEN-7: the discards, shuffled, are the new deck)
            discard.clear()
            g.rng.shuffle(pile)
            if deck == "project":
                log(g, "reshuffle", size=len(pile))
        return pile.pop(0)

    def show(self, g: GameState, text: str, seat: int) -> str:
        return text

    def shown_response(self, g: GameState, p: int,
                       answer: Choice | Response) -> Shown:
        return answer, None, {}

    def readable(self, text: str) -> bool:
        return True

    def hand_unread(self, g: GameState, p: int) -> bool:
        return False

    def names(self, g: GameState) -> dict[str, str]:
        return {}


SEEDED = SeededDeal()
_SEALED = SealedDeal(None)  # a sealed game's deal without a device: it reads nothing


def _seeded() -> SeededDeal:
    return SEEDED


_PLAYING: ContextVar[tuple[GameState, Deal] | None] = ContextVar("tm_playing", default=None)


@contextmanager
def playing(g: GameState, deal: Deal) -> Iterator[None]:
    """While the body runs, :func:`deal_of` gives ``deal`` for ``g`` (the Game binds its
    deal so: the rules reach it through the state they are handed)."""
    token = bind(g, deal)
    try:
        yield
    finally:
        _PLAYING.reset(token)


def bind(g: GameState, deal: Deal) -> Token[tuple[GameState, Deal] | None]:
    """:func:`playing` without its context manager (a move's hot path: give the token
    returned to :func:`unbind` in a ``finally``)."""
    return _PLAYING.set((g, deal))


unbind = _PLAYING.reset  # (a move's hot path: no call of ours around it)


def deal_of(g: GameState) -> Deal:
    """The deal of ``g``: its game's while it plays (:func:`playing`), else the deal of
    the mode its state records (a sealed game's piles), without a dealer (a bot's sample
    of a sealed game is a world of names: seeded)."""
    bound = _PLAYING.get()
    if bound is not None and bound[0] is g:
        return bound[1]
    return deal_for(bool(g.sealed))


def deal_for(sealed: bool, dealer: Dealer | None = None) -> Deal:
    """The deal of a game of that mode, for the device holding ``dealer`` (the one place
    the mode is chosen)."""
    if not sealed:
        return SEEDED
    return _SEALED if dealer is None else SealedDeal(dealer)
