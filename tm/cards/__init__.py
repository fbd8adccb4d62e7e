"""The card registry: every implemented card by name, per set.

Set modules (``base``, ``corpera``, ``prelude``, ``colonies``) each export
``CARDS: list[Card]``; the registry is built on first use so importing ``tm`` stays cheap.
"""
from __future__ import annotations

import importlib

from tm.cards.dsl import Card

SET_MODULES: tuple[str, ...] = ("base", "corpera", "base_more", "corpera_more", "prelude",
                                 "colonies")
_REGISTRY: dict[str, Card] = {}


def _load() -> dict[str, Card]:
    if not _REGISTRY:
        for module_name in SET_MODULES:
            module = importlib.import_module(f"tm.cards.{module_name}")
            for card in module.CARDS:
                if card.name in _REGISTRY:
                    raise ValueError(f"card defined twice: {card.name}")
                _REGISTRY[card.name] = card
    return _REGISTRY


def card(name: str) -> Card:
    """The definition of the card called ``name``."""
    return _load()[name]


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
