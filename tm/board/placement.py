"""Tiles on Mars: where each tile may go (R-TILE, R-MAP) and what placing one gives."""
from __future__ import annotations

from collections.abc import Iterator

from tm.board import parameters
from tm.core.mapdef import CITY_TILES as CITY_TILES  # (what counts as a city, here too)
from tm.core.mapdef import MapDef, Space
from tm.core.memo import remembered
from tm.core.ruleset import rules_of
from tm.core.state import NEUTRAL, GameState


def tile_at(g: GameState, sid: str) -> str | None:
    """The tile kind on a space, or None when it is free."""
    entry = g.board.get(sid)
    return entry["tile"] if entry else None


def owner_at(g: GameState, sid: str) -> int | None:
    """The owner marker on a space (None for oceans and free spaces)."""
    entry = g.board.get(sid)
    return entry.get("owner") if entry else None


def is_city(g: GameState, sid: str) -> bool:
    """Whether a city (Capital included) stands on the space."""
    return tile_at(g, sid) in CITY_TILES


def neighbors(g: GameState, sid: str) -> tuple[str, ...]:
    """Adjacent space ids, in the board's neighbour order."""
    return rules_of(g).map.spaces[sid].neighbors


def adjacent_count(g: GameState, sid: str, tiles: frozenset[str]) -> int:
    """How many neighbours of ``sid`` hold a tile of one of the given kinds."""
    return sum(1 for n in neighbors(g, sid) if tile_at(g, n) in tiles)


def owned_spaces(g: GameState, player: int) -> list[str]:
    """Spaces whose tile carries ``player``'s marker."""
    return [sid for sid, entry in g.board.items() if entry.get("owner") == player and entry["tile"]]


def count_tiles(g: GameState, kinds: frozenset[str], owner: int | None = None,
                mars_only: bool = False) -> int:
    """Tiles of the given kinds, optionally one owner's, optionally only on Mars."""
    spaces = rules_of(g).map.spaces
    return sum(1 for sid, entry in g.board.items()
               if entry["tile"] in kinds
               and (owner is None or entry.get("owner") == owner)
               and (not mars_only or spaces[sid].kind != "offmap"))


def space_cost(g: GameState, space: Space) -> int:
    """MC due for using a space now: its cost while its effect can still happen (R-MAP-3)."""
    if space.effect is not None and not parameters.can_gain(g, space.effect):
        return 0
    return space.cost


def can_pay_for(g: GameState, space: Space, player: int) -> bool:
    """Whether ``player`` can pay what using the space costs now (R-MAP-3)."""
    cost = space_cost(g, space)
    return cost == 0 or player == NEUTRAL or g.players[player].res["megacredits"] >= cost


def _free_for(g: GameState, space: Space, player: int, tile: str) -> bool:
    entry = g.board.get(space.id)
    if entry and (entry["tile"] or entry.get("claim", player) != player):
        return False
    if not can_pay_for(g, space, player):
        return False
    return space.reserved_for is None or space.reserved_for == tile


def _free(g: GameState, board: MapDef, player: int, tile: str, kind: str) -> Iterator[Space]:
    """Spaces of ``kind`` free for ``tile`` (lazily: :func:`has_legal_space` stops early)."""
    return (sp for sp in board.spaces.values()
            if sp.kind == kind and _free_for(g, sp, player, tile))


def _by_rule(g: GameState, board: MapDef, player: int, tile: str, on: str) -> Iterator[Space]:
    """The spaces placement rule ``on`` allows on the game's ``board``, lazily; greenery: any
    free land (the rule to be next to one's own tiles only narrows a non-empty set:
    :func:`_greenery_spaces`)."""
    if on == "ocean":
        return _free(g, board, player, tile, "ocean")
    if on == "greenery":
        return _free(g, board, player, "greenery", "land")
    return (sp for sp in _free(g, board, player, tile, "land")
            if _land_rule(g, board, player, sp, on))


def _no_city_next(g: GameState, sp: Space) -> bool:
    return not any(is_city(g, n) for n in sp.neighbors)


def _greenery_spaces(g: GameState, board: MapDef, player: int) -> list[Space]:
    land = list(_free(g, board, player, "greenery", "land"))
    mine = set(owned_spaces(g, player))
    near = [sp for sp in land if any(n in mine for n in sp.neighbors)]
    return near or land  # R-TILE-3: next to your own tiles when you can


@remembered
def legal_spaces(g: GameState, player: int, tile: str, on: str,
                 space: str | None = None) -> list[str]:
    """Space ids where ``player`` may put ``tile`` under placement rule ``on``.

    ``on`` is one of: ocean (ocean spaces), land, city (R-TILE-4), greenery
    (R-TILE-3), volcanic (any land on a board without volcanic spaces), volcanic_city (a
    volcanic space, cities next to it allowed; by city rules on a map without volcanic
    spaces), isolated (no neighbouring tile), adjacent_city, adjacent_greenery, metal (space bonus
    steel/titanium), metal_near_own, two_cities (next to at least two cities).
    ``space`` names one space (by id, name or the card it is reserved for); a board
    without it falls back to ``on``.
    A restricted space is never legal, nor one whose cost ``player`` cannot pay (R-MAP-3).
    """
    board = rules_of(g).map
    if space is not None:
        named = _named_space(board, space)
        if named is not None:
            sp = board.spaces[named]
            usable = sp.kind != "restricted" and can_pay_for(g, sp, player)
            return [named] if usable and tile_at(g, named) is None else []
    found = (_greenery_spaces(g, board, player) if on == "greenery"
             else _by_rule(g, board, player, tile, on))
    return [sp.id for sp in found]


@remembered
def has_legal_space(g: GameState, player: int, tile: str, on: str,
                    space: str | None = None) -> bool:
    """Whether :func:`legal_spaces` has any space (the same question, stopping at the first
    legal space: the action menu asks it of every standard project and tile card)."""
    board = rules_of(g).map
    if space is not None and _named_space(board, space) is not None:
        return bool(legal_spaces(g, player, tile, on, space))
    return any(True for _ in _by_rule(g, board, player, tile, on))


def _named_space(board: MapDef, name: str) -> str | None:
    """A space by id, by its name, or by the card it is reserved for (R-MAP-2)."""
    for sp in board.spaces.values():
        if name in (sp.id, sp.name, sp.reserved_for):
            return sp.id
    return None


def _has_metal(sp: Space) -> bool:
    return "steel" in sp.bonus or "titanium" in sp.bonus


def _land_rule(g: GameState, board: MapDef, player: int, sp: Space, on: str) -> bool:
    if on == "land":
        return True
    if on == "city":
        return _no_city_next(g, sp)
    if on == "volcanic":  # a board without volcanic spaces takes any land space instead
        return sp.volcanic or not board.has_volcanic
    if on == "volcanic_city":
        return sp.volcanic if board.has_volcanic else _no_city_next(g, sp)
    if on == "isolated":
        return not any(tile_at(g, n) for n in sp.neighbors)
    if on == "adjacent_city":
        return any(is_city(g, n) for n in sp.neighbors)
    if on == "adjacent_greenery":
        return any(tile_at(g, n) == "greenery" for n in sp.neighbors)
    if on == "metal":
        return _has_metal(sp)
    if on == "metal_near_own":
        return _has_metal(sp) and any(owner_at(g, n) == player for n in sp.neighbors)
    if on == "two_cities":
        return sum(1 for n in sp.neighbors if is_city(g, n)) >= 2
    raise ValueError(f"unknown placement rule {on!r}")


def set_tile(g: GameState, sid: str, tile: str, owner: int | None) -> None:
    """Put a tile on a space (no bonuses, no triggers)."""
    g.board[sid] = {"tile": tile, "owner": owner}
