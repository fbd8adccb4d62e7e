"""Expansions as manifests: data plus named hook points, never ``if expansion == ...``.

A manifest says what an expansion brings: its card sets, how it changes setup (starting
production, whether solo needs it, how long solo lasts, steps before the deal, cards it
offers in the secret setup decision), steps it runs after the setup reveal and at the end
of each generation, standard projects and action types it adds, its own section of the
game state and of ``view()`` (with who sees each key of its section: ``seen``, the marks of
:func:`tm.core.state.seen`). The engine asks the active manifests at those points. The
manifests are installed once, in the listed order of :mod:`tm.expansions`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tm.core.frozen import freeze, register, thaw
from tm.core.state import GameState, Options, to_dict

Hook = Callable[[GameState], None]
ViewFn = Callable[[GameState, "int | None"], dict[str, Any]]
HeldFn = Callable[[GameState], list[str]]
CountFn = Callable[[GameState, int], int]
MarksFn = Callable[[GameState], list[str]]


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
    printed: Callable[[str], dict[str, Any]] | None = None


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
    projects: Mapping[str, Any] = field(default_factory=dict)  # name: (cost, steps)
    actions: Mapping[str, Any] = field(default_factory=dict)  # type: (offer, check, do, keys
    # [, label]): label(g, p, choice) gives more fields for the choice's label record
    state: Mapping[str, Any] = field(default_factory=dict)  # its section's starting content
    # who sees each key of its section through view() (the marks of tm.core.state.seen; in a
    # list with one entry per seat, each seat owns its entry); a test fails on a key unmarked
    seen: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    view: ViewFn | None = None  # its section of view(player): only what ``seen`` allows
    cards_held: HeldFn | None = None  # cards its section holds (decks, discards, kept)
    counts: Mapping[str, CountFn] = field(default_factory=dict)  # what it adds to a player's
    # counts, by name (e.g. "colonies": the player's colonies), read through :func:`count`
    sim_marks: MarksFn | None = None  # what a finished game used (for simulate's report)

    def __post_init__(self) -> None:
        for name in ("projects", "state"):
            object.__setattr__(self, name, freeze(getattr(self, name)))
        object.__setattr__(self, "actions", MappingProxyType(dict(self.actions)))
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        object.__setattr__(self, "seen", MappingProxyType(dict(self.seen)))


_REGISTRY: dict[str, Manifest] = {}
MANIFESTS: Mapping[str, Manifest] = MappingProxyType(_REGISTRY)


def add(manifest: Manifest) -> Manifest:
    """Register an expansion's manifest (a second one under the same name raises)."""
    return register(_REGISTRY, manifest.name, manifest, "expansion")


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


def active(g: GameState) -> Iterator[Manifest]:
    """The manifests of this game's expansions."""
    yield from chosen(g.options)


def card_sets(options: Options) -> tuple[str, ...]:
    """The base game's cards and every chosen expansion's."""
    return ("base", *(s for m in chosen(options) for s in m.card_sets))


def starting_production(options: Options) -> int:
    """Each production at the start: 1 in the base game, else what an expansion says."""
    found = [m.starting_production for m in chosen(options) if m.starting_production is not None]
    return min(found) if found else 1


def solo_generations(options: Options, default: int) -> int:
    """How many generations a solo game lasts (R-SOLO-3)."""
    found = [m.solo_generations for m in chosen(options) if m.solo_generations is not None]
    return min(found) if found else default


def run_hooks(g: GameState, hook: str) -> None:
    """Run one named hook (``setup``, ``after_reveal`` or ``generation_end``) of every
    active manifest."""
    for m in active(g):
        for fn in getattr(m, hook):
            fn(g)


def setup_offers(g: GameState) -> dict[str, SetupOffer]:
    """The setup offers of this game's expansions, by name."""
    return {offer.name: offer for m in active(g) for offer in m.setup_offers
            if offer.applies is None or offer.applies(g)}


def deal_offers(g: GameState, p: int) -> list[dict[str, Any]]:
    """Deal player ``p`` every setup offer: ``{"name", "cards", "keep", "picked"}`` each."""
    return [{"name": name, "cards": offer.deal(g, p), "keep": offer.keep, "rule": offer.rule,
             "picked": []} for name, offer in setup_offers(g).items()]


def describe_offers(g: GameState, offers: list[dict[str, Any]]) -> None:
    """Add to a setup decision's offers (a copy for the view; the ask itself is stored
    as it was dealt) what kind of item each holds and, for items that are not cards, what
    each item says, so a reader of the view needs no expansion's name to judge them."""
    known = setup_offers(g)
    for entry in offers:
        offer = known.get(entry.get("name", ""))
        if offer is None:
            continue
        entry["item"] = offer.item
        if offer.printed is not None:
            entry["printed"] = {name: offer.printed(name) for name in entry.get("cards") or ()}


def take_offers(g: GameState, p: int, dealt: list[dict[str, Any]],
                kept: dict[str, list[str]]) -> None:
    """Apply what player ``p`` kept of each setup offer (at the setup reveal)."""
    offers = setup_offers(g)
    for entry in dealt:
        keep = kept.get(entry["name"], [])
        offers[entry["name"]].take(g, p, keep, [c for c in entry["cards"] if c not in keep])


def cards_held(g: GameState) -> list[str]:
    """Every card the active expansions' sections hold (for card-count invariants)."""
    return [name for m in active(g) if m.cards_held is not None for name in m.cards_held(g)]


def start_sections(g: GameState) -> None:
    """Give each active expansion that declares one its own section of the state."""
    for m in active(g):
        if m.state:
            g.ext[m.name] = thaw(m.state)


def view_sections(g: GameState, viewer: int | None) -> dict[str, Any]:
    """Each active expansion's section of a player's view."""
    return {m.name: m.view(g, viewer) for m in active(g) if m.view is not None}


def section_as_seen(g: GameState, name: str, viewer: int | None) -> dict[str, Any]:
    """Expansion ``name``'s section as ``viewer`` sees it by its marks (``seen``), key by
    key in their order: a public key copied, a per-seat list of owner-only entries with the
    viewer's own entry copied and the others' as their sizes, a counted secret as its size;
    anything else (and any key without a mark) left out."""
    sec = g.ext[name]
    found: dict[str, Any] = {}
    for key, mark in _REGISTRY[name].seen.items():
        if mark["seen"] == "public":
            found[key] = to_dict(sec[key])
        elif mark["seen"] == "owner" and mark["count"]:
            found[key] = [to_dict(entry) if seat == viewer else len(entry)
                          for seat, entry in enumerate(sec[key])]
        elif mark["count"]:
            found[key] = len(sec[key])
    return found


def count(g: GameState, p: int, what: str) -> int:
    """What the active expansions count for player ``p`` under ``what`` (0 without any)."""
    return sum(m.counts[what](g, p) for m in active(g) if what in m.counts)


def sim_marks(g: GameState) -> list[str]:
    """What a finished game used, as marks the simulator counts games by."""
    return [mark for m in active(g) if m.sim_marks is not None for mark in m.sim_marks(g)]
