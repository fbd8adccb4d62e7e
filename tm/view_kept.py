"""An observer that keeps what it worked out: the page's reader of views (its
:class:`tm.web.model.ViewCache` owns one), so a move's view works out again only the
sections whose inputs changed.

Each kept section is held with the inputs it was worked out from, as text (the ``repr`` of
what it reads: a few µs, and text never changes under it), and worked out again when they
differ: a card in hand by the card, its owner's seat, the world (the game's fields but
its players, log and decision queues: the parameters, the board, the expansions' state,
the piles...) and, for a card whose play reaches other seats, theirs; a seat's cards
worth VP by every seat's cards in play and resources on cards, the board and the
expansions' state; the standings, the viewer's standard projects, milestones and awards
by every seat and the world. What it hands out is a copy, so every view stays the
reader's own (tests/engine/test_frozen_definitions.py) and equals a view built anew
(tests/engine/test_view_kept.py). Nothing here is module-wide: a new observer keeps
nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TypeVar, cast

from tm.cards import card
from tm.core.state import GameState, PlayerState, to_dict
from tm.rules.scoring import CardPoints, Score, card_points, scores
from tm.view import Observer
from tm.view_model import GameView, HandEntry, ScoreRow, Standings, UsableView

# The game's fields a kept section never reads: the seats (keyed one by one), the log, the
# decision queues, whose turn it is, the seeds (a view reads none of them for these).
_NOT_WORLD = frozenset({"players", "log", "queues", "rng", "active", "actions_this_turn",
                        "ruled"})
_WORLD = tuple(f.name for f in fields(GameState) if f.name not in _NOT_WORLD)
T = TypeVar("T")
# Play steps that read other seats (what they can take or lower: R-PROD-2).
_REACHING = frozenset({"take_res", "reduce_prod", "remove_res", "steal"})


@dataclass(frozen=True, slots=True)
class Inputs:
    """What one view's kept sections read, as text: the world, each seat, every seat's
    cards in play (with the board and the expansions' state: what card VP counts)."""

    world: str
    seats: tuple[str, ...]
    tableaux: str

    @classmethod
    def of(cls, g: GameState) -> Inputs:
        return cls(world=repr(tuple(getattr(g, name) for name in _WORLD)),
                   seats=tuple(repr(pl) for pl in g.players),
                   tableaux=repr((g.board, g.ext, [_tableau(pl) for pl in g.players])))


def _tableau(pl: PlayerState) -> tuple[object, ...]:
    return (pl.corporation, pl.played, pl.events, pl.card_res)


class KeepingObserver(Observer):
    """A reader of views that keeps sections with their inputs (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self._inputs = Inputs("", (), "")
        self._hand: dict[tuple[int, str], tuple[tuple[str, ...], HandEntry]] = {}
        self._points: dict[int, tuple[str, list[CardPoints]]] = {}
        self._whole: dict[str, tuple[tuple[str, ...], object]] = {}  # by section: all seats'
        self._reaching: dict[str, bool] = {}  # by card: whether its play reaches others

    def build(self, g: GameState, viewer: int | None) -> GameView:
        self._inputs = Inputs.of(g)
        return super().build(g, viewer)

    def _all(self) -> tuple[str, ...]:
        return (self._inputs.world, *self._inputs.seats)

    def _kept_whole(self, section: str, work: Callable[[], T]) -> T:
        """A section read from every seat and the world, kept while they are the same: a
        copy."""
        key = self._all()
        kept = self._whole.get(section)
        if kept is None or kept[0] != key:
            kept = self._whole[section] = (key, work())
        return cast(T, to_dict(kept[1]))

    def scores(self, g: GameState) -> list[ScoreRow]:
        points = [self._card_points(g, pl.index) for pl in g.players]
        rows: list[Score] = self._kept_whole("scores", lambda: scores(
            g, [sum(e["vp"] for e in found) for found in points]))
        return [ScoreRow(**row, card_points=[cast(CardPoints, dict(e)) for e in found])
                for row, found in zip(rows, points, strict=True)]

    def _card_points(self, g: GameState, p: int) -> list[CardPoints]:
        kept = self._points.get(p)
        if kept is None or kept[0] != self._inputs.tableaux:
            kept = self._points[p] = (self._inputs.tableaux, card_points(g, p))
        return kept[1]

    def standings(self, g: GameState) -> Standings:
        return self._kept_whole("standings", lambda: super(KeepingObserver, self).standings(g))

    def menu(self, g: GameState, p: int) -> UsableView:
        for gone in [n for n in self._hand if n[0] == p and n[1] not in g.players[p].hand]:
            del self._hand[gone]  # (a card no longer in hand: forgotten)
        return self._kept_whole(f"menu {p}", lambda: super(KeepingObserver, self).menu(g, p))

    def hand_card(self, g: GameState, p: int, name: str) -> HandEntry:
        key = self._card_key(g, p, name)
        kept = self._hand.get((p, name))
        if kept is None or kept[0] != key:
            kept = self._hand[p, name] = (key, super().hand_card(g, p, name))
        return cast(HandEntry, to_dict(kept[1]))

    def _card_key(self, g: GameState, p: int, name: str) -> tuple[str, ...]:
        """What a card's cost and playability read: its owner's seat and the world, and
        the other seats for a card whose play reaches them."""
        if name not in self._reaching:
            self._reaching[name] = any(s["k"] in _REACHING for s in card(name).play)
        seats = self._inputs.seats
        return (self._inputs.world, *(seats if self._reaching[name] else (seats[p],)))

