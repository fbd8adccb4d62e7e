"""The board, the map and the global parameters as a view has them (:mod:`tm.view`).

Nothing is kept here: an observer (:class:`tm.view.Observer`) keeps the printed board it
builds its views' spaces from (:func:`printed_spaces`), and a lean one (the bots'
rollouts) its shared spaces.
"""
from __future__ import annotations

from typing import cast

from tm.board import parameters
from tm.core.mapdef import MapDef
from tm.core.ruleset import Rules, rules_of
from tm.core.state import GameState
from tm.view_model import MapView, ParameterView, SpaceView

Printed = tuple[tuple[str, SpaceView], ...]


def printed_spaces(map_def: MapDef) -> Printed:
    """The printed board: what never changes during a game (derived from frozen map data;
    nothing lies on it)."""
    return tuple((sp.id, {"id": sp.id, "kind": sp.kind, "row": sp.row, "x": sp.x,
                          "volcanic": sp.volcanic, "bonus": list(sp.bonus), "name": sp.name,
                          "reserved_for": sp.reserved_for, "cost": sp.cost, "effect": sp.effect,
                          "neighbors": list(sp.neighbors), "tile": None, "owner": None,
                          "claim": None, "card": None}) for sp in map_def.spaces.values())


def spaces(g: GameState, printed: Printed) -> list[SpaceView]:
    """Every space of the board (``printed``: :func:`printed_spaces` of its map) with what
    lies on it now, each a copy."""
    found = []
    for sid, static in printed:
        entry = g.board.get(sid) or {}
        found.append({**static, "bonus": list(static["bonus"]),
                      "neighbors": list(static["neighbors"]), "tile": entry.get("tile"),
                      "owner": entry.get("owner"), "claim": entry.get("claim"),
                      "card": entry.get("card")})
    return cast(list[SpaceView], found)


def map_section(g: GameState) -> MapView:
    """The board's name, its title, milestones, awards, track bonuses and, in solo, the
    generation the game ends with (R-SOLO-3, R-MAP-4)."""
    return map_of(rules_of(g), len(g.players) == 1)


def map_of(rules: Rules, solo: bool) -> MapView:
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


