"""Map data: the spaces of each Mars board and the registry of boards.

A map module (``tm/maps/tharsis.py`` and later ones) describes its spaces in a
compact notation of our own and registers a :class:`MapDef`. Neighbours are
computed from the hex geometry, never written by hand.
"""
from __future__ import annotations

from dataclasses import dataclass

ROW_LENGTHS: tuple[int, ...] = (5, 6, 7, 8, 9, 8, 7, 6, 5)
MIDDLE_ROW = 4


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a board. ``kind`` is "land", "ocean" or "offmap"."""

    id: str
    row: int
    x: int
    kind: str
    volcanic: bool = False
    bonus: tuple[str, ...] = ()  # resource names ("steel", "titanium", "plants", "heat") or "card"
    reserved_for: str | None = None  # card name that alone may use this space
    name: str | None = None
    neighbors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MapDef:
    """A board: its spaces in id order, and the milestones and awards it uses."""

    name: str
    spaces: dict[str, Space]
    milestones: tuple[str, ...]
    awards: tuple[str, ...]

    @property
    def mars_ids(self) -> list[str]:
        """Ids of the spaces on Mars (not off-map), top row first."""
        return [sid for sid, sp in self.spaces.items() if sp.kind != "offmap"]


MAPS: dict[str, MapDef] = {}


def register(map_def: MapDef) -> MapDef:
    """Add a map to the registry under its name."""
    MAPS[map_def.name] = map_def
    return map_def


def get_map(name: str) -> MapDef:
    """The registered map called ``name`` (maps register on import)."""
    if not MAPS:
        from tm.maps import tharsis  # noqa: F401  (registers itself)
    return MAPS[name]
