"""Where to place a tile: the ``space`` prompt, in one step or two.

A placement with few legal spaces lists them all. With more than
:data:`MAX_SPACE_CHOICES` (an early city may go on 48), it first lists the board rows
that hold a legal space (``{"type": "region", "row": 4}``; off-map spaces are row -1),
then the spaces of the chosen row; the row is held in the ask. A space may always be
named directly: :func:`expand_space` turns it into the row step and the space step, the
form a game records. A row may be chosen again while one is held (to look elsewhere).
"""
from __future__ import annotations

from tm.core.contract import Choice, Response
from tm.core.errors import IllegalMove, reason
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.prompts.selection import Item, expect

MAX_SPACE_CHOICES = 20


def _rule(d: Item) -> str:
    return "R-TILE-1" if d.get("tile") == "ocean" else "R-TILE-2"


def _row_of(g: GameState, sid: str) -> int:
    return rules_of(g).map.spaces[sid].row


def rows(g: GameState, d: Item) -> list[int]:
    """Rows holding a legal space, top row first (off-map, -1, before them)."""
    return sorted({_row_of(g, s) for s in d["spaces"]})


def _by_rows(g: GameState, d: Item) -> bool:
    return len(d["spaces"]) > MAX_SPACE_CHOICES


def _open_spaces(g: GameState, d: Item) -> list[str]:
    if not _by_rows(g, d):
        return list(d["spaces"])
    return [s for s in d["spaces"] if _row_of(g, s) == d.get("row")]


def space_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    """The legal spaces, or first the rows that hold them when there are many."""
    if _by_rows(g, d) and d.get("row") is None:
        return [Choice({"type": "region", "row": row},
                       {"key": "region", "row": row, "tile": d.get("tile"),
                        "spaces": [s for s in d["spaces"] if _row_of(g, s) == row]})
                for row in rows(g, d)]
    return [Choice({"type": "space", "space": s}, {"key": "space", "space": s,
                                                   "tile": d.get("tile")})
            for s in _open_spaces(g, d)]


def check_space(g: GameState, p: int, d: Item, r: Response) -> Response:
    """A row (when placing by rows) or a space of the open row, in clean form."""
    expect(r, "space", "region")
    if r["type"] == "region":
        row = r.get("row")
        if not _by_rows(g, d) or not isinstance(row, int) or isinstance(row, bool) \
                or row not in rows(g, d):
            raise IllegalMove(reason("move.row", "no legal space in that row"), _rule(d))
        return {"type": "region", "row": row}
    space = r.get("space")
    if not isinstance(space, str) or space not in _open_spaces(g, d):
        raise IllegalMove(reason("move.space", "that space is not legal for this tile"), _rule(d))
    return {"type": "space", "space": space}


def expand_space(g: GameState, p: int, d: Item, r: Response) -> list[Response] | None:
    """A legal space named while its row is not the open one: choose the row, then it."""
    space = r.get("space")
    if (r["type"] != "space" or not _by_rows(g, d) or not isinstance(space, str)
            or space not in d["spaces"] or space in _open_spaces(g, d)):
        return None
    return [{"type": "region", "row": _row_of(g, space)}, {"type": "space", "space": space}]


def stage_space(d: Item, r: Response) -> Response | None:
    """Hold a chosen row (None: the ask stays), or pass the chosen space on."""
    if r["type"] == "region":
        d["row"] = r["row"]
        return None
    return r
