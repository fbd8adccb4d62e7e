"""Colonies (R-COL) in scenarios: the tiles in play, markers, colonies and fleets."""
from __future__ import annotations

from typing import Any

from tm.expansions.colonies import colony as colonies
from tm.expansions.colonies.colony import tile_entry
from tm.expansions.colonies.tiles import TILES
from tm.game import Game


# ---------------------------------------------------------------- colonies (R-COL)
def _colony_section(game: Game) -> colonies.Section:
    return colonies.section(game.state)

def _colony_tile(game: Game, name: str) -> colonies.TileInPlay:
    entry = tile_entry(game.state, name)
    if entry is None:
        raise AssertionError(f"{name} is not a colony tile in play")
    return entry

def set_colony_tiles(game: Game, names: list[str]) -> None:
    """Make exactly these colony tiles the ones in play: markers at 1, no colonies, no
    fleet visiting; every other tile goes out of play."""
    sec = _colony_section(game)
    for name in names:
        if name not in TILES:
            raise AssertionError(f"no colony tile {name!r}")
    sec["tiles"] = [{"name": n, "marker": 1, "colonies": [], "visitor": None} for n in names]
    sec["unused"] = sorted(n for n in TILES if n not in names)

def set_marker(game: Game, tile: str, marker: int) -> None:
    """Put a tile's marker on a track position (0..6)."""
    assert 0 <= marker <= 6, marker
    _colony_tile(game, tile)["marker"] = marker

def give_colony(game: Game, p: int, tile: str) -> None:
    """Put a colony of player ``p`` on a tile directly (no reward, no triggers)."""
    _colony_tile(game, tile)["colonies"].append(p)

def set_fleets(game: Game, p: int, fleets: int) -> None:
    """Give a player this many trade fleets."""
    _colony_section(game)["fleets"][p] = fleets

def colony_tiles(game: Game) -> dict[str, dict[str, Any]]:
    """Each colony tile in play by name: marker, colonies (owners), visitor, active."""
    return {t["name"]: {key: t[key] for key in ("marker", "colonies", "visitor", "active")}
            for t in game.view(None)["expansions"]["colonies"]["tiles"]}
