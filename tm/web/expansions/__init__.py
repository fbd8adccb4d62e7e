"""Page manifests: everything one expansion brings to the page, as data the core page
loops over, never ``if expansion == ...``.

Each expansion the engine ships has a page manifest (:class:`PageManifest`) in this
package, beside everything page-side of it (``colonies/``: its section of the game
screen, its prompts, its log texts, its words; ``prelude/``; ``corpera.py``). The
listed load order is :data:`tm.web.expansions.pages.PAGES` (the engine's own order,
``tm.expansions.MANIFESTS``). Nothing outside this package compares an expansion's or a
map's name (``tests/web/test_name_scan.py`` scans for it).

This module holds only the record types, importing nothing of the page. A manifest's
``words`` (its English catalog, ``<name>/words.py``) reach :mod:`tm.web.i18n` only through
it: :mod:`tm.web.expansions.pages` adds them, in the load order.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tm.cards.dsl import Card, Step
from tm.core.contract import Purpose
from tm.view_model import GameView

View = GameView  # (as tm.web.model.View: the engine's view() of one viewer)
Record = Mapping[str, Any]  # one log record, its players already named
Pairs = Sequence[tuple[int, Mapping[str, Any]]]  # (index, choice) of a decision's choices
# ``Any`` below is a prompt (tm.web.prompt_base.Ask): typed loosely so that this module,
# read by the catalog below every renderer, imports none of them.
LabelFn = Callable[[View, Mapping[str, Any]], str]  # a choice's words from its label
PromptFn = Callable[[Any], str]  # a whole decision's HTML
GroupFn = Callable[[Any, Pairs], list[str]]  # an action-menu group's buttons
OfferFn = Callable[[Any, Mapping[str, Any], Mapping[str, int]], str]  # a setup offer's items
LogFn = Callable[[Record, View], str]  # a log record in words
StripFn = Callable[[View, int], tuple[str, str, str] | None]  # (class, shown, said)
PlayerFn = Callable[[View, int], str]  # HTML about one player (e.g. the end table)
SectionFn = Callable[[View, Sequence[str]], str]  # a part of the game screen (view, colours)


@dataclass(frozen=True, slots=True)
class Switch:
    """The new-game form's checkbox that plays with the expansion: the form field
    ``box``, its words ``words`` (a catalog key), ticked at first when ``default``; a
    ``variant`` box stands with the game's variants (before the draft), the others below
    them with the expansions."""

    box: str
    words: str
    default: bool = False
    variant: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    """The expansion's own part of the game screen (and of a replay): drawn by ``render``
    from the view's parts ``keys`` alone (a region: kept while those are unchanged)."""

    keys: tuple[str, ...]
    render: SectionFn


@dataclass(frozen=True, slots=True)
class ActionGroup:
    """A group of the action menu the expansion adds: its name (``prompt.group.<name>``),
    the choice types it holds, the buttons ``buttons`` draws, shown after the group
    ``after``."""

    name: str
    kinds: tuple[str, ...]
    buttons: GroupFn
    after: str


# (A count, a requirement and a step are records of the card notation: ``Step``'s shape.)
CountWordsFn = Callable[[Step, "Card | None", str], str]  # (value, card, "_div" or "")
RequirementWordsFn = Callable[[Step], str]  # a requirement in short form
StepWordsFn = Callable[[Step], "str | None"]  # None: the step's generic words
PointsWordsFn = Callable[[int, Card], str]  # what a card's VP counted: (count, card)


@dataclass(frozen=True, slots=True)
class CardWords:
    """How the card text words an expansion's own notation: its counts (``per`` kinds),
    requirement kinds (``r``) and steps (``k``, when a step's catalog words ``ct.<k>`` are
    not enough), each by kind (read by :mod:`tm.web.card_text`), and what a card's VP
    counted by its count's kind (``points``: the end screen's card VP)."""

    counts: Mapping[str, CountWordsFn] = field(default_factory=dict)
    requirements: Mapping[str, RequirementWordsFn] = field(default_factory=dict)
    steps: Mapping[str, StepWordsFn] = field(default_factory=dict)
    points: Mapping[str, PointsWordsFn] = field(default_factory=dict)


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class PageManifest:
    """What one expansion (``name``: the engine's manifest name) adds to the page."""

    name: str
    switch: Switch | None = None  # the new-game form's checkbox
    words: Mapping[str, str] = field(default_factory=dict)  # its English catalog
    section: Section | None = None  # its part of the game screen
    strip: StripFn | None = None  # its item of the status strip
    end_column: PlayerFn | None = None  # under a player's name in the end table
    labels: Mapping[str, LabelFn] = field(default_factory=dict)  # choice words by label key
    options: Mapping[Purpose, PromptFn] = field(default_factory=dict)  # option prompts by purpose
    action_groups: tuple[ActionGroup, ...] = ()  # groups of the action menu
    offer_items: Mapping[str, OfferFn] = field(default_factory=dict)  # setup offers by item
    full_card_purposes: tuple[Purpose, ...] = ()  # card prompts that show whole cards
    log_texts: Mapping[str, LogFn] = field(default_factory=dict)  # log records by key
    card_words: CardWords | None = None  # the card text's words for its notation
    # choice types it adds to a group of the base game's action menu, by group
    group_kinds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    name_fields: Mapping[str, str] = field(default_factory=dict)  # placeholders holding names

    def __post_init__(self) -> None:
        for name in ("words", "labels", "options", "offer_items", "log_texts", "group_kinds",
                     "name_fields"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
