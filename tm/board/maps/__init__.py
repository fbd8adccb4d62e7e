"""The registry of Mars boards: the maps this engine ships, in the listed order players are
offered them. A map module is data only (see :mod:`tm.board.maps.model`); nothing outside
this package compares a board's name: the engine asks the game's map.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tm.board.maps import amazonis, elysium, hellas, tharsis, vastitas
from tm.board.maps.model import (
    BONUS_KINDS,
    GAINS,
    PARAMETERS,
    SPACE_KINDS,
    STANDARD_GOALS,
    STANDARD_TRACK_BONUSES,
    Goal,
    MapDef,
    Space,
    TrackBonus,
)

__all__ = ["BONUS_KINDS", "BUILTIN_NAMES", "GAINS", "MAPS", "PARAMETERS", "SPACE_KINDS",
           "STANDARD_GOALS", "STANDARD_TRACK_BONUSES", "Goal", "MapDef", "Space", "TrackBonus",
           "builtin_maps", "get_map", "register"]

_MAPS: dict[str, MapDef] = {}
MAPS: Mapping[str, MapDef] = MappingProxyType(_MAPS)  # read-only view of the registry


def register(map_def: MapDef) -> MapDef:
    """Add a map to the registry under its name; a second map of that name raises."""
    if map_def.name in _MAPS:
        raise ValueError(f"a map called {map_def.name!r} is registered already")
    _MAPS[map_def.name] = map_def
    return map_def


BUILTIN: tuple[MapDef, ...] = tuple(register(m.MAP) for m in (
    tharsis, elysium, hellas, vastitas, amazonis))
# Their names, in the same order (Options(board=...) takes these).
BUILTIN_NAMES = tuple(m.name for m in BUILTIN)


def get_map(name: str) -> MapDef:
    """The registered map called ``name``."""
    return _MAPS[name]


def builtin_maps() -> tuple[MapDef, ...]:
    """The maps this engine ships, in the order players are offered them."""
    return BUILTIN
