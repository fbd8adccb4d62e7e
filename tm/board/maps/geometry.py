"""Hex geometry of the Mars boards and the compact notation maps are written in.

A board is a list of strings, one per row, top row first; rows may be of any
length and number as long as neighbouring rows differ by one space (a hex
board: Tharsis has 9 rows of 5..9, Amazonis Planitia 11 rows of 6..11). Each
row holds one token per space, separated by whitespace (extra spaces may be
used to draw the hex shape). A token is one kind character followed by bonus
letters:

    ``.`` land    ``~`` ocean    ``^`` volcanic land    ``#`` restricted (no tile, ever)
    ``s`` steel   ``t`` titanium ``p`` plants  ``h`` heat  ``e`` energy  ``$`` megacredits
    ``c`` card    ``*`` one standard resource of the player's choice
    ``a`` animal  ``m`` microbe (onto one of the player's cards that holds them)

A letter repeated means several icons: ``~pp`` is an ocean space with two
plants, ``^pt`` a volcanic land space with one plant and one titanium.

Spaces are numbered "03", "04", ... left to right, top row first. Coordinates:
``row`` is y (0 = top), and ``x = (width - row_length) + col`` where width is
the longest row, so every row ends at x = width - 1. Neighbours follow the hex
rule and are listed clockwise from the top-left: top-left, top-right, right,
bottom-right, bottom-left, left.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from tm.core.mapdef import Space

KINDS: dict[str, tuple[str, bool]] = {
    ".": ("land", False),
    "~": ("ocean", False),
    "^": ("land", True),
    "#": ("restricted", False),
}
BONUS_LETTERS: dict[str, str] = {
    "s": "steel",
    "t": "titanium",
    "p": "plants",
    "h": "heat",
    "e": "energy",
    "$": "megacredits",
    "c": "card",
    "*": "any_resource",
    "a": "animal",
    "m": "microbe",
}
STANDARD_OFFMAP: tuple[tuple[str, str], ...] = (
    ("01", "Ganymede Colony"),
    ("02", "Phobos Space Haven"),
)
FIRST_MARS_ID = 3


@dataclass(frozen=True, slots=True)
class Geometry:
    """The shape of a hex board: how many spaces each row holds, top row first."""

    rows: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.rows or min(self.rows) < 1:
            raise ValueError(f"a board needs rows of at least one space: {self.rows}")
        if any(abs(a - b) != 1 for a, b in pairwise(self.rows)):
            raise ValueError(f"neighbouring rows must differ by one space: {self.rows}")

    @property
    def width(self) -> int:
        """Spaces in the longest row."""
        return max(self.rows)

    def indent(self, y: int) -> int:
        """The x of row ``y``'s first space (rows are right-aligned)."""
        return self.width - self.rows[y]

    def on_board(self, x: int, y: int) -> bool:
        """Whether (x, y) is a space of this board."""
        return 0 <= y < len(self.rows) and self.indent(y) <= x < self.width

    def neighbor_coords(self, x: int, y: int) -> list[tuple[int, int]]:
        """Coordinates next to (x, y) on the board, clockwise from the top-left.

        In half-space units a space lies at ``2x - indent``; its neighbours are one
        unit off in the rows above and below and two units off in its own row.
        """
        half = 2 * x - self.indent(y)
        ring = [(half - 1, y - 1), (half + 1, y - 1), (half + 2, y),
                (half + 1, y + 1), (half - 1, y + 1), (half - 2, y)]
        found = []
        for h, ny in ring:
            if 0 <= ny < len(self.rows) and (h + self.indent(ny)) % 2 == 0:
                nx = (h + self.indent(ny)) // 2
                if self.on_board(nx, ny):
                    found.append((nx, ny))
        return found

    def space_id(self, x: int, y: int) -> str:
        """The two-digit id of the Mars space at (x, y)."""
        if not self.on_board(x, y):
            raise ValueError(f"({x}, {y}) is not on the board")
        return f"{FIRST_MARS_ID + sum(self.rows[:y]) + x - self.indent(y):02d}"


STANDARD = Geometry((5, 6, 7, 8, 9, 8, 7, 6, 5))  # Tharsis, Elysium, Hellas, Vastitas Borealis


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


def is_edge(space: Space) -> bool:
    """Whether a Mars space lies on the outer ring of its board (fewer than 6 neighbours)."""
    return space.kind != "offmap" and len(space.neighbors) < 6


def build_spaces(
    rows: Iterable[str],
    names: Mapping[str, str] | None = None,
    reserved: Mapping[str, str] | None = None,
    offmap: Iterable[tuple[str, str]] = STANDARD_OFFMAP,
    costs: Mapping[str, int] | None = None,
    effects: Mapping[str, str] | None = None,
) -> Mapping[str, Space]:
    """Turn a board in row notation into its spaces, off-map ones first, in id order.

    ``names`` maps space ids to printed names, ``reserved`` maps space ids to
    the card that alone may use them, ``offmap`` lists ``(id, name)`` pairs of
    off-map city spaces (kind "offmap", no neighbours, row and x of -1);
    ``costs`` and ``effects`` give special spaces their MC cost and what they
    give (R-MAP-3). The result is read-only.
    """
    extras: dict[str, dict[str, Any]] = {
        "name": dict(names or {}), "reserved_for": dict(reserved or {}),
        "cost": dict(costs or {}), "effect": dict(effects or {})}
    tokens = [row.split() for row in rows]
    shape = Geometry(tuple(len(row) for row in tokens))
    spaces = {sid: Space(id=sid, row=-1, x=-1, kind="offmap", name=name) for sid, name in offmap}
    for y, row in enumerate(tokens):
        for col, token in enumerate(row):
            x = shape.indent(y) + col
            sid = shape.space_id(x, y)
            kind, volcanic, bonus = parse_token(token)
            special = {key: table.pop(sid) for key, table in extras.items() if sid in table}
            spaces[sid] = Space(
                id=sid, row=y, x=x, kind=kind, volcanic=volcanic, bonus=bonus,
                neighbors=tuple(shape.space_id(nx, ny) for nx, ny in shape.neighbor_coords(x, y)),
                **special,
            )
    unknown = sorted(sid for table in extras.values() for sid in table)
    if unknown:
        raise ValueError(f"names, reservations, costs or effects for unknown spaces: {unknown}")
    return MappingProxyType(spaces)
