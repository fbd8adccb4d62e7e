"""The card text's words for each expansion's own notation (its page manifest's
``card_words``: its counts, requirement kinds, steps and VP counts), merged once in the load order
by :mod:`tm.web.expansions.pages` (:func:`add_card_words`) and read by
:mod:`tm.web.card_text` by kind."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from tm.web.expansions import (
    CardWords,
    CountWordsFn,
    PointsWordsFn,
    RequirementWordsFn,
    StepWordsFn,
)

COUNTS: dict[str, CountWordsFn] = {}  # by ``per`` kind
REQUIREMENTS: dict[str, RequirementWordsFn] = {}  # by ``r`` kind
STEPS: dict[str, StepWordsFn] = {}  # by ``k``
POINTS: dict[str, PointsWordsFn] = {}  # what a card's VP counted, by its ``per`` kind
T = TypeVar("T")


def add_card_words(words: CardWords) -> None:
    """Add an expansion's words for its counts, requirements and steps (a kind that has
    words already raises)."""
    _merge(COUNTS, words.counts)
    _merge(REQUIREMENTS, words.requirements)
    _merge(STEPS, words.steps)
    _merge(POINTS, words.points)


def _merge(mine: dict[str, T], theirs: Mapping[str, T]) -> None:
    twice = sorted(set(mine) & set(theirs))
    if twice:
        raise ValueError(f"card words given twice: {twice}")
    mine.update(theirs)
