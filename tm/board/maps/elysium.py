"""Elysium: a large ocean area in the north, Olympus Mons with three cards.

Notation (see :mod:`tm.board.maps.geometry`): ``.`` land, ``~`` ocean, ``^`` volcanic
land; bonus letters ``s`` steel, ``t`` titanium, ``p`` plants, ``c`` card, repeated
once per icon. Goals and track bonuses are the standard ones; no space is reserved for
Noctis City, which follows city rules here (R-MAP-2).
"""
from __future__ import annotations

from tm.board.maps.geometry import build_spaces
from tm.board.maps.model import STANDARD_GOALS, STANDARD_TRACK_BONUSES, MapDef

ROWS: tuple[str, ...] = (
    "            ~     ~t    ~c    ~s    .c",                # 03-07
    "         ^t    .     .     ~     ~     .ss",            # 08-13
    "      ^tt   .     .c    .     ~p    ~     ^ccc",        # 14-20
    "   .p    .p    .p    ~pp   .p    ~p    ~p    .ps",      # 21-28
    ".pp   .pp   .pp   ~pp   .pp   .ppp  .pp   .pp   ^pt",   # 29-37
    "   .s    .p    .p    .p    .p    .p    .p    .",        # 38-45
    "      .t    .s    .     .     .s    .     .",           # 46-52
    "         .ss   .     .     .     .ss   .",              # 53-58
    "            .s    .     .c    .c    .ss",               # 59-63
)

NAMES: dict[str, str] = {
    "08": "Hecates Tholus",
    "14": "Elysium Mons",
    "20": "Olympus Mons",
    "37": "Arsia Mons",
}

MAP = ELYSIUM = (
    MapDef(
        name="elysium",
        spaces=build_spaces(ROWS, names=NAMES),
        milestones=("Generalist", "Specialist", "Ecologist", "Tycoon", "Legend"),
        awards=("Celebrity", "Industrialist", "Desert Settler", "Estate Dealer", "Benefactor"),
        goals=STANDARD_GOALS,
        track_bonuses=STANDARD_TRACK_BONUSES,
        title="Elysium",
    )
)
