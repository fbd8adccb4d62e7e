"""The cards one seat cannot see, for :mod:`tm.bots.determinize`: which cards its view
places (:func:`seen_cards`), which hidden cards the public log places (:func:`known_places`:
revealed from the deck, preludes discarded), and a :class:`Sample` that deals the rest of
each kind (project cards, corporations, preludes) to the hidden piles, shuffled by ``rng``.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from tm.bots.expansions import listed as expansions
from tm.cards import card, corporation_deck, project_deck
from tm.cards.dsl import WILD
from tm.core.ruleset import Rules
from tm.view_model import GameView

Json = dict[str, Any]
Pile = tuple[str, str, "int | None"]  # a hidden pile: (dataclass or expansion, field, seat)
# A player's fields where the view shows cards (tableaux to all; the rest to their owner).
_PLACED = ("played", "events", "hand", "offer", "draft_hand", "drafted", "dealt_corps")
# Records naming a card that went face down, by key: the pile it went to.
DISCARDED_BY: dict[str, Pile] = {
    record: (where, name, None) for record, (where, name) in expansions.DISCARDED_BY.items()}
_KINDS: dict[str, Callable[[tuple[str, ...]], list[str]]] = {
    "project": project_deck, "corporation": corporation_deck, **expansions.DECKS}


class Sample:
    """What one sampling draws from: the view, the seat, rng, the cards whose place the log
    tells (:func:`known_places`) and the unseen cards by kind, shuffled."""

    def __init__(self, view: GameView, seat: int, rng: random.Random, rules: Rules) -> None:
        self.view, self.seat, self.rng, self.rules = view, seat, rng, rules
        placed = set(seen_cards(view, seat))
        self.known = {pile: cards[:count_in_view(view, pile)]  # (any more: back among the unseen)
                      for pile, cards in known_places(view, seat, placed).items()}
        placed.update(name for cards in self.known.values() for name in cards)
        self.unseen: dict[str, list[str]] = {}
        for kind, deck in _KINDS.items():
            cards = [name for name in deck(rules.card_sets) if name not in placed]
            rng.shuffle(cards)
            self.unseen[kind] = cards

    def deal(self, kind: str, count: int, pile: Pile) -> list[str]:
        """``count`` cards for a hidden pile: those the log places there, then unseen cards
        of its kind (ValueError: the view counts more than exist)."""
        dealt = self.known.pop(pile, [])
        count -= len(dealt)
        pool = self.unseen[kind]
        if count > len(pool):
            raise ValueError(f"the view counts {count} hidden {kind} cards; "
                             f"{len(pool)} are unseen")
        self.unseen[kind] = pool[count:]
        dealt += pool[:count]
        self.rng.shuffle(dealt)
        return dealt


def count_in_view(view: GameView, pile: Pile) -> int:
    """How many cards the view counts in a hidden pile."""
    where, name, seat = pile
    part: Any = view if where == "game" else (
        view["players"][seat or 0] if where == "player" else view["expansions"][where])
    found = part[name]
    return int(found[seat or 0] if isinstance(found, list) else found)


def seen_cards(view: GameView, seat: int) -> Iterator[str]:
    """Every card the view places: tableaux, corporations, the seat's own piles and setup
    choice, the expansions' public and own card lists, the cards of its decision."""
    for pl in view["players"]:
        if pl["corporation"]:
            yield pl["corporation"]
        for name in _PLACED:
            found = pl[name]  # type: ignore[literal-required]
            if isinstance(found, list):
                yield from found
        choice = pl["setup_choice"]
        if isinstance(choice, dict):
            yield from choice.get("cards") or ()
    for where, key in expansions.PLACED:
        for entry in view["expansions"].get(where, {}).get(key) or ():
            if isinstance(entry, list):
                yield from entry
    decision = view.get("you", {}).get("decision")
    if decision:
        yield from decision["data"].get("cards") or ()


def known_places(view: GameView, seat: int, placed: set[str]) -> dict[Pile, list[str]]:
    """Hidden cards whose place the public log tells (and the view does not place): since
    the last reshuffle, the cards revealed from the deck (those a player kept lie in their
    hand, the others in the discard pile) and the preludes discarded for 15 MC."""
    log = view["log"]
    start = max((i + 1 for i, r in enumerate(log) if r["key"] == "reshuffle"), default=0)
    known: dict[Pile, list[str]] = {}
    batch: list[Json] = []
    for record in [*log[start:], {"key": ""}]:
        if record["key"] == "revealed" and (not batch or batch[0]["player"] == record["player"]):
            batch.append(record)
            continue
        if batch:
            kept = int(record.get("count", 0)) if record["key"] == "draw" and record.get(
                "player") == batch[0]["player"] else 0
            _settle([r["card"] for r in batch], int(batch[0]["player"]), kept, seat, known)
            batch = [record] if record["key"] == "revealed" else []
        if record["key"] in DISCARDED_BY:
            known.setdefault(DISCARDED_BY[record["key"]], []).append(record["card"])
    return {pile: [c for c in cards if c not in placed] for pile, cards in known.items()}


def _settle(cards: list[str], p: int, kept: int, seat: int,
            known: dict[Pile, list[str]]) -> None:
    """Where a run of revealed cards went: ``kept`` of them (the last one and those sharing
    the tag it was dug for) to player ``p``'s hand, the rest to the discard pile (a card of
    the seat's own hand that is not there any more lies in the discard pile too)."""
    found: list[str] = []
    if kept >= len(cards):
        found = list(cards)
    elif kept:
        tags = [t for t in card(cards[-1]).tags if t != WILD]
        shared = [[c for c in cards if t in card(c).tags] for t in tags]
        found = next((group for group in shared if len(group) == kept), cards[-kept:])
    for name in cards:
        pile: Pile = ("player", "hand", p) if name in found and p != seat else (
            "game", "discard", None)
        known.setdefault(pile, []).append(name)
