"""Expansions as manifests: data plus named hook points, never ``if expansion == ...``.

A manifest says what an expansion brings: its card sets, how it changes setup (starting
production, whether solo needs it, how long solo lasts, steps before the deal, cards it
offers in the secret setup decision), steps it runs after the setup reveal and at the end
of each generation, standard projects and action types it adds, its own section of the
game state and of ``view()`` (with who sees each key of its section: ``seen``, the marks of
:func:`tm.core.state.seen`), and its words in the contract (``vocabulary``: its purposes,
ask and response shapes and log records, :class:`tm.core.contract.Vocabulary`). A game's
rules (:mod:`tm.core.ruleset`) hold the manifests it plays with, and the engine asks them
at those points through that module. The manifests are installed once, in the listed
order of :mod:`tm.expansions`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tm.core.contract import Label, Response, Step, Vocabulary, add_vocabulary
from tm.core.frozen import freeze, register
from tm.core.records import add_records
from tm.core.state import GameState, Options

Hook = Callable[[GameState], None]
ViewFn = Callable[[GameState, "int | None"], Mapping[str, object]]  # its own shape each
HeldFn = Callable[[GameState], list[str]]
CountFn = Callable[[GameState, int], int]
MarksFn = Callable[[GameState], list[str]]
Why = tuple[str, str] | None  # None when legal, else (reason, rule id)
Project = tuple[int, tuple[Step, ...]]  # a standard project: (cost in MC, its steps)


@dataclass(frozen=True, slots=True)
class ActionType:
    """One type of action on the action menu (R-ACT-1): ``offer(g, p)`` lists its responses,
    ``why_not(g, p, response)`` checks one (None when legal) and ``perform`` carries it out,
    so the menu and validation never disagree; ``keys`` are the response's fields besides
    its type; ``label(g, p, response)`` gives more fields for the choice's label record."""

    offer: Callable[[GameState, int], Iterator[Response]]
    why_not: Callable[[GameState, int, Response], Why]
    perform: Callable[[GameState, int, Response], None]
    keys: tuple[str, ...] = ()
    label: Callable[[GameState, int, Response], Label] | None = None


@dataclass(frozen=True, slots=True)
class SetupOffer:
    """Cards an expansion deals each player in the secret setup decision, of which the
    player keeps exactly ``keep``: ``deal(g, p)`` gives the cards (from the expansion's own
    deck), ``take(g, p, kept, rest)`` applies the choice when setup is revealed; ``rule``
    is the rule id an illegal keep cites. ``item`` says what the offer holds (``card``:
    names of the card registry; else e.g. ``colony_tile``), ``printed(name)`` what such an
    item that is not a card says (its printed parts, for readers of the view)."""

    name: str
    keep: int
    deal: Callable[[GameState, int], list[str]]
    take: Callable[[GameState, int, list[str], list[str]], None]
    rule: str = "R-SETUP-4"
    applies: Callable[[GameState], bool] | None = None  # None: in every game of the expansion
    item: str = "card"
    printed: Callable[[str], Mapping[str, object]] | None = None


@dataclass(frozen=True, slots=True)
class Manifest:
    """What one expansion adds to the game (see the module docstring)."""

    name: str
    card_sets: tuple[str, ...] = ()
    starting_production: int | None = None  # R-SETUP-3: None keeps the base game's 1
    required_in_solo: bool = False  # R-SOLO-1
    solo_generations: int | None = None  # R-SOLO-3: None keeps the base game's 14
    setup: tuple[Hook, ...] = ()  # run once before the deal (e.g. a deck of its own)
    setup_offers: tuple[SetupOffer, ...] = ()  # more cards to choose from in setup
    after_reveal: tuple[Hook, ...] = ()  # run once, after setup, before the first action
    generation_end: tuple[Hook, ...] = ()  # run after each production phase
    projects: Mapping[str, Project] = field(default_factory=dict)  # standard projects
    actions: Mapping[str, ActionType] = field(default_factory=dict)  # by response type
    state: Mapping[str, Any] = field(default_factory=dict)  # its section's starting content
    # who sees each key of its section through view() (the marks of tm.core.state.seen; in a
    # list with one entry per seat, each seat owns its entry); a test fails on a key unmarked
    seen: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    view: ViewFn | None = None  # its section of view(player): only what ``seen`` allows
    cards_held: HeldFn | None = None  # cards its section holds (decks, discards, kept)
    counts: Mapping[str, CountFn] = field(default_factory=dict)  # what it adds to a player's
    # counts, by name (e.g. "colonies": the player's colonies), read through :func:`count`
    sim_marks: MarksFn | None = None  # what a finished game used (for simulate's report)
    sealed: bool = True  # whether a sealed game (tm.core.sealed: tokens) can use it yet
    vocabulary: Vocabulary = Vocabulary()  # its purposes, ask and response shapes, records

    def __post_init__(self) -> None:
        for name in ("projects", "state"):
            object.__setattr__(self, name, freeze(getattr(self, name)))
        object.__setattr__(self, "actions", MappingProxyType(dict(self.actions)))
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        object.__setattr__(self, "seen", MappingProxyType(dict(self.seen)))


_REGISTRY: dict[str, Manifest] = {}
MANIFESTS: Mapping[str, Manifest] = MappingProxyType(_REGISTRY)


def add(manifest: Manifest) -> Manifest:
    """Register an expansion's manifest and its words in the contract (a second one under
    the same name, or a word already listed, raises)."""
    register(_REGISTRY, manifest.name, manifest, "expansion")
    add_vocabulary(manifest.vocabulary)
    add_records(manifest.vocabulary.records)
    return manifest


def known() -> tuple[str, ...]:
    """Names of every registered expansion."""
    return tuple(_REGISTRY)


def manifest(name: str) -> Manifest:
    """The manifest of one expansion (KeyError if unknown)."""
    return _REGISTRY[name]


def chosen(options: Options) -> list[Manifest]:
    """The expansions a game plays with, in the order the options name them."""
    names = list(options.expansions)
    if options.players == 1:  # R-SOLO-1
        names += [m.name for m in _REGISTRY.values() if m.required_in_solo and m.name not in names]
    return [_REGISTRY[name] for name in names]
