"""Elysium: a large ocean area in the north, Olympus Mons with three cards.

Notation (see :mod:`tm.board.maps.geometry`): ``.`` land, ``~`` ocean, ``^`` volcanic
land; bonus letters ``s`` steel, ``t`` titanium, ``p`` plants, ``c`` card, repeated
once per icon. Goals and track bonuses are the standard ones; no space is reserved for
Noctis City, which follows city rules here (R-MAP-2).
"""
from __future__ import annotations

from tm.board.maps.geometry import build_spaces
from tm.core.mapdef import (
    PROJECTS,
    STANDARD_GOALS,
    STANDARD_TRACK_BONUSES,
    Award,
    MapDef,
    Measure,
    Milestone,
)
from tm.core.state import RESOURCES

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

MILESTONES = (  # R-MAP-1
    Milestone("Generalist", Measure("productions_above_start", RESOURCES), 6),
    Milestone("Specialist", Measure("max_production", RESOURCES), 10),
    Milestone("Ecologist", Measure("tags", ("plant", "animal", "microbe")), 4),
    Milestone("Tycoon", Measure("cards", PROJECTS), 15),
    Milestone("Legend", Measure("cards", ("event",)), 5),
)
AWARDS = (
    Award("Celebrity", Measure("cards", PROJECTS, min_cost=20)),
    Award("Industrialist", Measure("stock", ("steel", "energy"))),
    Award("Desert Settler", Measure("tiles", rows=(5, 6, 7, 8))),
    Award("Estate Dealer", Measure("tiles", where="next_to_ocean")),
    Award("Benefactor", Measure("tr")),
)

MAP = MapDef(
    name="elysium",
    spaces=build_spaces(ROWS, names=NAMES),
    milestones=MILESTONES,
    awards=AWARDS,
    goals=STANDARD_GOALS,
    track_bonuses=STANDARD_TRACK_BONUSES,
    title="Elysium",
)
