"""Parts of a view shared between views or copied the quick way (:mod:`tm.view`).

The printed board of each map (what never changes during a game); for lean views (what
the expert's rollouts read: :func:`tm.view.view_for`) each board's spaces with what lies on
them, shared by every lean view and never written; and an ask's details copied as plain
data without the generic checks of :func:`tm.core.frozen.thaw` for the plain types an ask
holds.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from tm.core.frozen import freeze, thaw
from tm.core.mapdef import MapDef
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.view_model import SpaceView


@lru_cache(maxsize=16)
def static_spaces(map_def: MapDef) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The printed board: what never changes during a game (derived from frozen map data)."""
    found = []
    for sp in map_def.spaces.values():
        found.append((sp.id, {"id": sp.id, "kind": sp.kind, "row": sp.row, "x": sp.x,
                              "volcanic": sp.volcanic, "bonus": list(sp.bonus),
                              "name": sp.name, "reserved_for": sp.reserved_for,
                              "cost": sp.cost, "effect": sp.effect,
                              "neighbors": list(sp.neighbors)}))
    return tuple(found)


# Lean views' spaces: each space by map, id and what lies on it, and each board's list of
# them by what lies on its spaces, shared by every lean view (never written), so a
# rollout's view copies nothing of the board. (Cleared when large: a long-lived page.)
_LEAN_SPACE: dict[tuple[Any, ...], SpaceView] = {}
_LEAN_BOARD: dict[tuple[Any, ...], list[SpaceView]] = {}


def lean_spaces(g: GameState) -> list[SpaceView]:
    """Every space of the board with what lies on it now, as shared read-only entries."""
    board_def = rules_of(g).map
    key = (board_def.name, *((sid, e.get("tile"), e.get("owner"), e.get("claim"), e.get("card"))
                             for sid, e in g.board.items()))
    found = _LEAN_BOARD.get(key)
    if found is not None:
        return found
    if len(_LEAN_BOARD) > 500 or len(_LEAN_SPACE) > 20_000:
        _LEAN_BOARD.clear()
        _LEAN_SPACE.clear()
    found = _LEAN_BOARD[key] = []
    for sid, static in static_spaces(board_def):
        entry = g.board.get(sid) or {}
        at = (board_def.name, sid, entry.get("tile"), entry.get("owner"), entry.get("claim"),
              entry.get("card"))
        space = _LEAN_SPACE.get(at)
        if space is None:
            space = _LEAN_SPACE[at] = cast(SpaceView, {
                **static, "tile": at[2], "owner": at[3], "claim": at[4], "card": at[5]})
        found.append(space)
    return found


_AS_IS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    """A plain copy of an ask's detail: what ``thaw(freeze(value))`` (the prompt's frozen
    data, thawed) makes of it, without its generic checks for the plain types an ask holds."""
    kind = type(value)
    if kind in _AS_IS:
        return value
    if kind is dict:
        return {k: plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [plain(v) for v in value]
    return thaw(freeze(value))
