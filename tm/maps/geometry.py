"""Hex geometry of the Mars boards and the compact notation maps are written in.

A board is nine strings, one per row, top row first. Each row holds one token
per space, separated by whitespace (extra spaces may be used to draw the hex
shape). A token is one kind character followed by bonus letters:

    ``.`` land    ``~`` ocean    ``^`` volcanic land
    ``s`` steel   ``t`` titanium ``p`` plants  ``h`` heat  ``c`` card

A letter repeated means several icons: ``~pp`` is an ocean space with two
plants, ``^pt`` a volcanic land space with one plant and one titanium.

Spaces are numbered "03".."63" left to right, top row first. Coordinates:
``row`` is y (0 = top), and ``x = (9 - row_length) + col``, so every row ends
at x = 8. Neighbours follow the hex rule and are listed clockwise from the
top-left: top-left, top-right, right, bottom-right, bottom-left, left.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from tm.maps import MIDDLE_ROW, ROW_LENGTHS, Space

KINDS: dict[str, tuple[str, bool]] = {
    ".": ("land", False),
    "~": ("ocean", False),
    "^": ("land", True),
}
BONUS_LETTERS: dict[str, str] = {
    "s": "steel",
    "t": "titanium",
    "p": "plants",
    "h": "heat",
    "c": "card",
}
STANDARD_OFFMAP: tuple[tuple[str, str], ...] = (
    ("01", "Ganymede Colony"),
    ("02", "Phobos Space Haven"),
)
FIRST_MARS_ID = 3
BOARD_WIDTH = max(ROW_LENGTHS)


def parse_token(token: str) -> tuple[str, bool, tuple[str, ...]]:
    """Decode one space token into ``(kind, volcanic, bonus)``."""
    if not token or token[0] not in KINDS:
        raise ValueError(f"bad space token {token!r}: must start with one of {''.join(KINDS)}")
    kind, volcanic = KINDS[token[0]]
    bonus: list[str] = []
    for letter in token[1:]:
        if letter not in BONUS_LETTERS:
            raise ValueError(f"bad bonus letter {letter!r} in space token {token!r}")
        bonus.append(BONUS_LETTERS[letter])
    return kind, volcanic, tuple(bonus)


def on_board(x: int, y: int) -> bool:
    """Whether (x, y) is a space of the standard 61-space hex board."""
    if not 0 <= y < len(ROW_LENGTHS):
        return False
    return BOARD_WIDTH - ROW_LENGTHS[y] <= x < BOARD_WIDTH


def neighbor_coords(x: int, y: int) -> list[tuple[int, int]]:
    """Coordinates next to (x, y) on the board, clockwise from the top-left."""
    up = x if y <= MIDDLE_ROW else x - 1  # x of the top-left neighbour
    down = x - 1 if y < MIDDLE_ROW else x  # x of the bottom-left neighbour
    ring = [
        (up, y - 1),
        (up + 1, y - 1),
        (x + 1, y),
        (down + 1, y + 1),
        (down, y + 1),
        (x - 1, y),
    ]
    return [(nx, ny) for nx, ny in ring if on_board(nx, ny)]


def is_edge(space: Space) -> bool:
    """Whether a Mars space lies on the outer ring of the board."""
    x, y = space.x, space.row
    last = len(ROW_LENGTHS) - 1
    return y in (0, last) or x == BOARD_WIDTH - 1 or x + y == MIDDLE_ROW or y - x == MIDDLE_ROW


def space_id(x: int, y: int) -> str:
    """The two-digit id of the Mars space at (x, y)."""
    if not on_board(x, y):
        raise ValueError(f"({x}, {y}) is not on the board")
    before = sum(ROW_LENGTHS[:y])
    col = x - (BOARD_WIDTH - ROW_LENGTHS[y])
    return f"{FIRST_MARS_ID + before + col:02d}"


def build_spaces(
    rows: Iterable[str],
    names: Mapping[str, str] | None = None,
    reserved: Mapping[str, str] | None = None,
    offmap: Iterable[tuple[str, str]] = STANDARD_OFFMAP,
) -> dict[str, Space]:
    """Turn a board in row notation into its spaces, off-map ones first, in id order.

    ``names`` maps space ids to printed names, ``reserved`` maps space ids to
    the card that alone may use them, ``offmap`` lists ``(id, name)`` pairs of
    off-map city spaces (kind "offmap", no neighbours, row and x of -1).
    """
    names = dict(names or {})
    reserved = dict(reserved or {})
    tokens = [row.split() for row in rows]
    lengths = tuple(len(row) for row in tokens)
    if lengths != ROW_LENGTHS:
        raise ValueError(f"row lengths {lengths} differ from {ROW_LENGTHS}")
    spaces = {sid: Space(id=sid, row=-1, x=-1, kind="offmap", name=name) for sid, name in offmap}
    for y, row in enumerate(tokens):
        for col, token in enumerate(row):
            x = BOARD_WIDTH - len(row) + col
            sid = space_id(x, y)
            kind, volcanic, bonus = parse_token(token)
            spaces[sid] = Space(
                id=sid,
                row=y,
                x=x,
                kind=kind,
                volcanic=volcanic,
                bonus=bonus,
                reserved_for=reserved.pop(sid, None),
                name=names.pop(sid, None),
                neighbors=tuple(space_id(nx, ny) for nx, ny in neighbor_coords(x, y)),
            )
    unknown = sorted(set(names) | set(reserved))
    if unknown:
        raise ValueError(f"names or reservations for unknown spaces: {unknown}")
    return spaces
