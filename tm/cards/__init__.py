"""The card registry: every implemented card by name, per set.

Each set's module exports ``CARDS: list[Card]``; :mod:`tm.expansions` installs them once,
in its listed order (the order every deck is built in).
"""
from __future__ import annotations

from collections.abc import Iterable

from tm.cards.dsl import Card

_REGISTRY: dict[str, Card] = {}


def install(cards: Iterable[Card]) -> None:
    """Add cards to the registry, in order (a name defined twice raises)."""
    for card in cards:
        if card.name in _REGISTRY:
            raise ValueError(f"card defined twice: {card.name}")
        _REGISTRY[card.name] = card


def _load() -> dict[str, Card]:
    return _REGISTRY


def card(name: str) -> Card:
    """The definition of the card called ``name``."""
    return _REGISTRY[name]  # (asked ~300 times a decision: no call in between)


def all_cards() -> list[Card]:
    """Every implemented card, corporations included, in definition order."""
    return list(_load().values())


def project_deck(sets: tuple[str, ...]) -> list[str]:
    """Names of the project cards of the given sets, in a stable order."""
    return [c.name for c in _load().values() if c.set in sets and c.is_project]


def prelude_deck(sets: tuple[str, ...]) -> list[str]:
    """Names of the prelude cards of the given sets, in a stable order."""
    return [c.name for c in _load().values() if c.set in sets and c.is_prelude]


def corporation_deck(sets: tuple[str, ...]) -> list[str]:
    """Names of the corporations of the given sets (the beginner one excluded)."""
    return [c.name for c in _load().values()
            if c.set in sets and c.is_corporation and c.name != BEGINNER]


BEGINNER = "Beginner Corporation"
