"""The rules one game is played by: its map, its expansions, its card sets and its goals.

A :class:`Rules` is built once from the options that fix it (the board, the expansions,
the number of seats: :func:`rules_for`) and handed down with the game: every rule asks
``rules_of(g)`` for the map, the manifests or the milestones in play instead of looking
a name up in a registry at each use. It is never saved or shown: it follows from the
options, which are. Games with the same such options share one (it is immutable), and a
copy of a game (a pickle) carries only the options it is rebuilt from.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tm.core.contract import Offer
from tm.core.frozen import thaw
from tm.core.manifest import Manifest, SetupOffer, chosen, manifest
from tm.core.mapdef import Award, MapDef, Milestone, get_map
from tm.core.state import GameState, Options, to_dict

SOLO_GENERATIONS = 14  # R-SOLO-3: a solo game's length without an expansion that shortens it
Key = tuple[str, tuple[str, ...], int]  # board, expansions as named, seats


@dataclass(frozen=True, slots=True, eq=False)
class Rules:
    """What one game is played with (see the module docstring)."""

    key: Key
    map: MapDef
    manifests: tuple[Manifest, ...]  # the expansions in play, in the options' order
    card_sets: tuple[str, ...]  # the base game's and every expansion's
    starting_production: int  # each production at the start (R-SETUP-3)
    solo_generations: int  # how long a solo game lasts (R-SOLO-3, R-MAP-4)
    milestones: Mapping[str, Milestone]  # those in play, by name: none in solo (R-MA-4)
    awards: Mapping[str, Award]

    def __repr__(self) -> str:
        return f"Rules{self.key!r}"

    def __reduce__(self) -> tuple[object, ...]:
        return (_built, (self.key,))  # (its manifests hold functions: rebuilt from the key)

    @property
    def expansions(self) -> tuple[str, ...]:
        """The names of the expansions in play (a solo game's required ones included)."""
        return tuple(m.name for m in self.manifests)

    @property
    def milestone_names(self) -> tuple[str, ...]:
        """The milestones in play, in printed order."""
        return tuple(self.milestones)

    @property
    def award_names(self) -> tuple[str, ...]:
        """The awards in play, in printed order."""
        return tuple(self.awards)


_BUILT: dict[Key, Rules] = {}


def rules_for(options: Options) -> Rules:
    """The rules a game with these options is played by (KeyError: an unknown board or
    expansion; the game checks options before it asks)."""
    return _built((options.board, tuple(options.expansions), options.players))


def rules_of(g: GameState) -> Rules:
    """The rules game ``g`` is played by, built from its options the first time."""
    found = g.ruled
    if not isinstance(found, Rules):
        found = g.ruled = rules_for(g.options)
    return found


def _built(key: Key) -> Rules:
    found = _BUILT.get(key)
    if found is None:
        found = _BUILT[key] = _build(key)
    return found


def _build(key: Key) -> Rules:
    board, expansions, seats = key
    manifests = tuple(chosen(Options(players=seats, expansions=list(expansions))))
    map_def = get_map(board)
    solo = seats == 1
    starts = [m.starting_production for m in manifests if m.starting_production is not None]
    lengths = [m.solo_generations for m in manifests if m.solo_generations is not None]
    return Rules(
        key=key, map=map_def, manifests=manifests,
        card_sets=("base", *(s for m in manifests for s in m.card_sets)),
        starting_production=min(starts) if starts else 1,
        solo_generations=(min(lengths) if lengths else SOLO_GENERATIONS)
        + map_def.solo_extra_generations,
        milestones=MappingProxyType({} if solo else {m.name: m for m in map_def.milestones}),
        awards=MappingProxyType({} if solo else {a.name: a for a in map_def.awards}))


# ---------------------------------------------------------------- the expansions' points
def run_hooks(g: GameState, hook: str) -> None:
    """Run one named hook (``setup``, ``after_reveal`` or ``generation_end``) of every
    active manifest."""
    for m in rules_of(g).manifests:
        for fn in getattr(m, hook):
            fn(g)


def setup_offers(g: GameState) -> dict[str, SetupOffer]:
    """The setup offers of this game's expansions, by name."""
    return {offer.name: offer for m in rules_of(g).manifests for offer in m.setup_offers
            if offer.applies is None or offer.applies(g)}


def deal_offers(g: GameState, p: int) -> list[Offer]:
    """Deal player ``p`` every setup offer: ``{"name", "cards", "keep", "picked"}`` each."""
    return [{"name": name, "cards": offer.deal(g, p), "keep": offer.keep, "rule": offer.rule,
             "picked": []} for name, offer in setup_offers(g).items()]


def describe_offers(g: GameState, offers: list[Offer]) -> None:
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


def take_offers(g: GameState, p: int, dealt: list[Offer],
                kept: dict[str, list[str]]) -> None:
    """Apply what player ``p`` kept of each setup offer (at the setup reveal)."""
    offers = setup_offers(g)
    for entry in dealt:
        keep = kept.get(entry["name"], [])
        offers[entry["name"]].take(g, p, keep, [c for c in entry["cards"] if c not in keep])


def cards_held(g: GameState) -> list[str]:
    """Every card the active expansions' sections hold (for card-count invariants)."""
    return [name for m in rules_of(g).manifests if m.cards_held is not None
            for name in m.cards_held(g)]


def start_sections(g: GameState) -> None:
    """Give each active expansion that declares one its own section of the state."""
    for m in rules_of(g).manifests:
        if m.state:
            g.ext[m.name] = thaw(m.state)


def view_sections(g: GameState, viewer: int | None) -> dict[str, Any]:
    """Each active expansion's section of a player's view."""
    return {m.name: m.view(g, viewer) for m in rules_of(g).manifests if m.view is not None}


def section_as_seen(g: GameState, name: str, viewer: int | None) -> dict[str, Any]:
    """Expansion ``name``'s section as ``viewer`` sees it by its marks (``seen``), key by
    key in their order: a public key copied, a per-seat list of owner-only entries with the
    viewer's own entry copied and the others' as their sizes, a counted secret as its size;
    anything else (and any key without a mark) left out."""
    sec = g.ext[name]
    found: dict[str, Any] = {}
    for key, mark in manifest(name).seen.items():
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
    return sum(m.counts[what](g, p) for m in rules_of(g).manifests if what in m.counts)


def sim_marks(g: GameState) -> list[str]:
    """What a finished game used, as marks the simulator counts games by."""
    return [mark for m in rules_of(g).manifests if m.sim_marks is not None
            for mark in m.sim_marks(g)]
