"""The Mars boards this engine ships, in the listed order players are offered them. A map
module is data only (its records: :mod:`tm.core.mapdef`); :func:`install` registers them
(once, from the load order of :mod:`tm.expansions`), and a game finds its map through its
rules (:func:`tm.core.ruleset.rules_of`), never by comparing a board's name.
"""
from __future__ import annotations

from tm.board.maps import amazonis, elysium, hellas, tharsis, vastitas
from tm.core.mapdef import MAPS, MapDef, register

BUILTIN: tuple[MapDef, ...] = tuple(m.MAP for m in (tharsis, elysium, hellas, vastitas, amazonis))
# Their names, in the same order (Options(board=...) takes these).
BUILTIN_NAMES = tuple(m.name for m in BUILTIN)


def install() -> None:
    """Register the shipped maps (once)."""
    for map_def in BUILTIN:
        if map_def.name not in MAPS:
            register(map_def)


def builtin_maps() -> tuple[MapDef, ...]:
    """The maps this engine ships, in the order players are offered them."""
    return BUILTIN
