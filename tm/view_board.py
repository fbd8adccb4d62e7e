"""The board, the map and the global parameters as a view has them (:mod:`tm.view`).

A view's spaces are kept from the last view while everything on them is the same, and a
lean view's (the bots' rollouts) are shared between lean views: views are read, never
written.
"""
from __future__ import annotations

from functools import cache, lru_cache
from typing import cast

from tm.board import parameters
from tm.core.mapdef import MapDef
from tm.core.ruleset import Rules, rules_of
from tm.core.state import GameState
from tm.view_model import MapView, ParameterView, SpaceView


@lru_cache(maxsize=16)
def _static_spaces(map_def: MapDef) -> tuple[tuple[str, SpaceView], ...]:
    """The printed board: what never changes during a game (derived from frozen map data;
    nothing lies on it)."""
    return tuple((sp.id, {"id": sp.id, "kind": sp.kind, "row": sp.row, "x": sp.x,
                          "volcanic": sp.volcanic, "bonus": list(sp.bonus), "name": sp.name,
                          "reserved_for": sp.reserved_for, "cost": sp.cost, "effect": sp.effect,
                          "neighbors": list(sp.neighbors), "tile": None, "owner": None,
                          "claim": None, "card": None}) for sp in map_def.spaces.values())


# Lean views' spaces: each space by map, id and what lies on it, and each board's list of
# them by what lies on its spaces, shared by every lean view (never written), so a
# rollout's view copies nothing of the board. (Cleared when large: a long-lived page.)
_LEAN_SPACE: dict[tuple[object, ...], SpaceView] = {}
_LEAN_BOARD: dict[tuple[object, ...], list[SpaceView]] = {}


def lean_spaces(g: GameState) -> list[SpaceView]:
    """Every space of the board with what lies on it now, as shared read-only entries."""
    board_def = rules_of(g).map
    key = (board_def.name, *((sid, e.get("tile"), e.get("owner"), e.get("claim"), e.get("card"))
                             for sid, e in g.board.items()))
    if key in _LEAN_BOARD:
        return _LEAN_BOARD[key]
    if len(_LEAN_BOARD) > 500 or len(_LEAN_SPACE) > 4000:
        _LEAN_BOARD.clear()
        _LEAN_SPACE.clear()
    found: list[SpaceView] = []
    _LEAN_BOARD[key] = found
    for sid, static in _static_spaces(board_def):
        entry = g.board.get(sid) or {}
        at = (board_def.name, sid, entry.get("tile"), entry.get("owner"), entry.get("claim"),
              entry.get("card"))
        space = _LEAN_SPACE.get(at)
        if space is None:
            space = _LEAN_SPACE[at] = cast(SpaceView, {
                **static, "tile": at[2], "owner": at[3], "claim": at[4], "card": at[5]})
        found.append(space)
    return found


def spaces(g: GameState) -> list[SpaceView]:
    """Every space of the board with what lies on it now."""
    board_def = rules_of(g).map
    found = []
    for sid, static in _static_spaces(board_def):
        entry = g.board.get(sid) or {}
        found.append({**static, "bonus": list(static["bonus"]),
                      "neighbors": list(static["neighbors"]), "tile": entry.get("tile"),
                      "owner": entry.get("owner"), "claim": entry.get("claim"),
                      "card": entry.get("card")})
    return cast(list[SpaceView], found)


@cache
def _lean_map_of(rules: Rules, solo: bool) -> MapView:
    """A ruleset's map section, shared by lean views (rules are built once per options key
    and told apart by identity: tm.core.ruleset)."""
    return _map_of(rules, solo)


def lean_map(g: GameState) -> MapView:
    return _lean_map_of(rules_of(g), len(g.players) == 1)


def map_section(g: GameState) -> MapView:
    """The board's name, its title, milestones, awards, track bonuses and, in solo, the
    generation the game ends with (R-SOLO-3, R-MAP-4)."""
    return _map_of(rules_of(g), len(g.players) == 1)


def _map_of(rules: Rules, solo: bool) -> MapView:
    board_def = rules.map
    return {"name": board_def.name, "title": board_def.title,
            "milestones": list(board_def.milestone_names), "awards": list(board_def.award_names),
            "track_bonuses": [{"param": b.param, "at": b.at, "gain": b.gain}
                              for b in board_def.track_bonuses],
            "last_generation": rules.solo_generations if solo else None}


def parameters_section(g: GameState) -> dict[str, ParameterView]:
    return {name: {"value": int(getattr(g, name)), "start": goal.start, "max": goal.max,
                   "step": goal.step, "maxed": parameters.is_maxed(g, name)}
            for name, goal in parameters.limits(g).items()}


