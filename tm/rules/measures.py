"""What milestones and awards count: a measure as data, and the registry of counts.

A :class:`Measure` names a kind of count (a key of :data:`COUNTS`) and what it counts:
tile kinds, tags, resources or card types in ``of``, and for tile counts a space filter
(``where``, a key of :data:`SPACE_FILTERS`) and rows; for card counts a printed cost.
Each count is a small named function; a count that needs more is one more function
registered with :func:`register_count`.

Tags are those of cards in play (events never count, R-CARD-4); a player's cards are
their project cards in play and their events, by printed type; card resources are those
on the player's cards; tiles are those carrying the player's marker (oceans have none).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from types import MappingProxyType

from tm.board import placement as board
from tm.cards import card, corporation_deck, prelude_deck, project_deck
from tm.cards.dsl import TAGS, WILD, Card
from tm.cards.tableau import resource_cards, tag_count, tag_counts
from tm.core import ruleset as expansions
from tm.core.mapdef import Measure, Space
from tm.core.memo import remembered
from tm.core.ruleset import rules_of
from tm.core.state import RESOURCES, GameState

CountFn = Callable[[GameState, int, Measure], int]
SpaceFilter = Callable[[GameState, Mapping[str, Space], Space], bool]  # (the map's spaces)


# ---------------------------------------------------------------- tiles
def _next_to_ocean(g: GameState, spaces: Mapping[str, Space], sp: Space) -> bool:
    return any(board.tile_at(g, n) == "ocean" for n in sp.neighbors)


def _not_next_to_ocean(g: GameState, spaces: Mapping[str, Space], sp: Space) -> bool:
    return not _next_to_ocean(g, spaces, sp)  # off-map spaces have no neighbours: never next to one


def _on_or_next_to_volcanic(g: GameState, spaces: Mapping[str, Space], sp: Space) -> bool:
    return sp.volcanic or any(spaces[n].volcanic for n in sp.neighbors)


SPACE_FILTERS: Mapping[str, SpaceFilter] = MappingProxyType({
    "next_to_ocean": _next_to_ocean,
    "not_next_to_ocean": _not_next_to_ocean,
    "volcanic_area": _on_or_next_to_volcanic,
})


def tile_category(tile: str) -> str:
    """city (Capital included), greenery, ocean, or special (every other tile)."""
    if tile in board.CITY_TILES:
        return "city"
    return tile if tile in ("greenery", "ocean") else "special"


def _owned(g: GameState, p: int, m: Measure) -> Iterator[tuple[Space, str]]:
    """(space, tile) of p's tiles passing the measure's kinds, rows and filter."""
    spaces = rules_of(g).map.spaces
    for sid in board.owned_spaces(g, p):
        sp, tile = spaces[sid], str(board.tile_at(g, sid))
        if m.of and tile not in m.of:
            continue
        if m.rows and sp.row not in m.rows:  # off-map spaces lie in no row
            continue
        if m.where is not None and not SPACE_FILTERS[m.where](g, spaces, sp):
            continue
        yield sp, tile


def _tiles(g: GameState, p: int, m: Measure) -> int:
    """Tiles of the kinds ``of`` (every kind when empty) carrying p's marker."""
    return sum(1 for _ in _owned(g, p, m))


def _tile_kinds(g: GameState, p: int, m: Measure) -> int:
    """How many of the categories ``of`` (city, greenery, special) p owns a tile of."""
    owned = {tile_category(tile) for _, tile in _owned(g, p, Measure("tile_kinds"))}
    return len(owned & set(m.of))


def _largest_group(g: GameState, p: int, m: Measure) -> int:
    """The most of p's tiles on Mars joined space to space by p's own tiles."""
    mine = {sp.id for sp, _ in _owned(g, p, m) if sp.kind != "offmap"}
    largest, seen = 0, set()
    for start in mine:
        if start in seen:
            continue
        group, todo = 0, [start]
        seen.add(start)
        while todo:
            group += 1
            for n in board.neighbors(g, todo.pop()):
                if n in mine and n not in seen:
                    seen.add(n)
                    todo.append(n)
        largest = max(largest, group)
    return largest


def _cities_and_colonies(g: GameState, p: int, m: Measure) -> int:
    """City tiles anywhere (off-map included) and colonies (R-COL: an expansion counts them)."""
    return board.count_tiles(g, board.CITY_TILES, owner=p) + expansions.count(g, p, "colonies")


# ---------------------------------------------------------------- tags and cards
def _tags(g: GameState, p: int, m: Measure) -> int:
    """Tags in play, a wild tag standing in for one of them (milestones)."""
    return sum(tag_count(g.players[p], tag) for tag in m.of)


def _printed_tags(g: GameState, p: int, m: Measure) -> int:
    """Tags in play as printed: wild tags do not count (awards)."""
    return sum(tag_count(g.players[p], tag, wild=False) for tag in m.of)


def _distinct_tags(g: GameState, p: int, m: Measure) -> int:
    """Kinds of tag in play (events' tags never count), each wild tag one more kind, up to
    the kinds of tag the game's cards have (R-MAP-5)."""
    return tag_types(g, tag_counts(g.players[p]))


def tag_types(g: GameState, counts: Mapping[str, int]) -> int:
    """The one rule of counting tag types (R-MAP-5): the kinds among ``counts`` (tags in
    play, by kind), and each wild tag one more kind, at most the game's kinds of tag."""
    printed = sum(1 for tag, n in counts.items() if n > 0 and tag != WILD)
    return min(printed + counts.get(WILD, 0), len(game_tag_types(rules_of(g).card_sets)))


@lru_cache(maxsize=8)
def game_tag_types(sets: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of tag a card in play can have in a game of these card sets (an event's
    never counts, a wild tag stands in for one of them)."""
    found = {tag for name in (*project_deck(sets), *corporation_deck(sets), *prelude_deck(sets))
             for tag in card(name).tags}
    return tuple(tag for tag in TAGS if tag in found and tag not in (WILD, "event"))


def _own_cards(g: GameState, p: int, m: Measure) -> Iterator[Card]:
    """p's project cards in play and events, of the types ``of``, printed at min_cost+."""
    pl = g.players[p]
    for name in (*pl.played, *pl.events):
        c = card(name)
        if c.type in m.of and c.cost >= m.min_cost:
            yield c


def _cards(g: GameState, p: int, m: Measure) -> int:
    return sum(1 for _ in _own_cards(g, p, m))


def _cards_with_requirements(g: GameState, p: int, m: Measure) -> int:
    return sum(1 for c in _own_cards(g, p, m) if c.requires)


def _hand(g: GameState, p: int, m: Measure) -> int:
    return len(g.players[p].hand)


def _card_resources(g: GameState, p: int, m: Measure) -> int:
    """Resources on p's cards, of the kinds ``of`` (every kind when empty)."""
    pl = g.players[p]
    return sum(pl.card_res.get(name, 0) for name in resource_cards(pl)
               if not m.of or card(name).resource in m.of)


def _resource_kinds(g: GameState, p: int, m: Measure) -> int:
    """Standard resources p has at least one of, and kinds of resource on p's cards."""
    pl = g.players[p]
    on_cards = {card(name).resource for name in resource_cards(pl) if pl.card_res.get(name, 0)}
    return sum(1 for r in RESOURCES if pl.res[r] > 0) + len(on_cards)


# ---------------------------------------------------------------- production and stock
def _tr(g: GameState, p: int, m: Measure) -> int:
    return g.players[p].tr


def _production(g: GameState, p: int, m: Measure) -> int:
    return sum(g.players[p].prod[r] for r in m.of)


def _max_production(g: GameState, p: int, m: Measure) -> int:
    return max(g.players[p].prod[r] for r in m.of)


def _productions_above_start(g: GameState, p: int, m: Measure) -> int:
    """Productions of ``of`` above where they started (1 each, 0 with Corporate Era)."""
    start = rules_of(g).starting_production
    return sum(1 for r in m.of if g.players[p].prod[r] > start)


def _stock(g: GameState, p: int, m: Measure) -> int:
    return sum(g.players[p].res[r] for r in m.of)


def _min_stock(g: GameState, p: int, m: Measure) -> int:
    return min(g.players[p].res[r] for r in m.of)


def _delegates(g: GameState, p: int, m: Measure) -> int:
    """Delegates in Turmoil's parties: none, as no expansion here has Turmoil."""
    return 0


_COUNTS: dict[str, CountFn] = {}
COUNTS: Mapping[str, CountFn] = MappingProxyType(_COUNTS)


def register_count(name: str, fn: CountFn) -> None:
    """Add a kind of count measures may use (a named function; a second one raises)."""
    if name in _COUNTS:
        raise ValueError(f"a count called {name!r} is registered already")
    _COUNTS[name] = fn


# The counts this module defines, put in the table by the load order (tm.expansions).
BUILTIN_COUNTS: tuple[tuple[str, CountFn], ...] = (
    ("tr", _tr), ("tiles", _tiles), ("tile_kinds", _tile_kinds),
    ("largest_group", _largest_group), ("cities_and_colonies", _cities_and_colonies),
    ("tags", _tags), ("printed_tags", _printed_tags), ("distinct_tags", _distinct_tags),
    ("cards", _cards),
    ("cards_with_requirements", _cards_with_requirements), ("hand", _hand),
    ("card_resources", _card_resources), ("resource_kinds", _resource_kinds),
    ("production", _production), ("max_production", _max_production),
    ("productions_above_start", _productions_above_start), ("stock", _stock),
    ("min_stock", _min_stock), ("delegates", _delegates),
)


@remembered
def measure_value(g: GameState, p: int, measure: Measure) -> int:
    """A measure's value for player ``p`` now (remembered while a view is built: its scores,
    standings and action menu ask the same)."""
    if measure.where is not None and measure.where not in SPACE_FILTERS:
        raise ValueError(f"unknown space filter {measure.where!r}")
    return _COUNTS[measure.count](g, p, measure)
