"""Vastitas Borealis, the ancient sea: the published board as Board Game Arena has it.

Notation (see :mod:`tm.board.maps.geometry`): ``.`` land, ``~`` ocean, ``^`` volcanic
land; bonus letters ``s`` steel, ``t`` titanium, ``p`` plants, ``h`` heat, ``c`` card,
repeated once per icon. The centre space (33) holds frozen CO2: it costs 4 MC and raises
the temperature one step while the temperature can rise, and nothing once it is maxed
(R-MAP-3). The Turmoil delegate icons of the Viking spaces give nothing (no Turmoil).
Goals and track bonuses are the standard ones; Noctis City follows city rules (R-MAP-2).
"""
from __future__ import annotations

from tm.board.maps.geometry import build_spaces
from tm.core.mapdef import (
    STANDARD_GOALS,
    STANDARD_TRACK_BONUSES,
    Award,
    MapDef,
    Measure,
    Milestone,
)

ROWS: tuple[str, ...] = (
    "            .p    .     ^s    .     .",                 # 03-07
    "         .pp   .pp   .     .     .p    ^c",             # 08-13
    "      .c    ~pp   ~pp   .pp   .p    .     .",           # 14-20
    "   ^ss   .t    ~pp   .p    .     .c    .p    .",        # 21-28
    ".     .     ~p    .pp   .     ~pp   ~pp   ~pp   .cc",   # 29-37
    "   .cc   .     .p    ~hh   ~hhp  ~c    .p    .tt",      # 38-45
    "      ^t    .s    ~     ~hh   .pp   .p    .",           # 46-52
    "         .p    .     .p    .sp   .s    .p",             # 53-58
    "            .     .     .c    .t    .s",                # 59-63
)

CENTRE = "33"
NAMES: dict[str, str] = {
    "05": "Hecates Tholus",
    "13": "Elysium Mons",
    "21": "Alba Mons",
    "28": "Viking 2",
    "46": "Uranius Tholus",
    "59": "Viking 1",
}

MILESTONES = (
    Milestone("Agronomist", Measure("tags", ("plant",)), 4),
    Milestone("Engineer", Measure("production", ("energy", "heat")), 10),
    Milestone("Spacefarer", Measure("tags", ("space",)), 4),
    Milestone("Geologist", Measure("tiles", where="volcanic_area"), 3),
    Milestone("Farmer", Measure("card_resources", ("animal", "microbe")), 5),
)
AWARDS = (
    Award("Traveller", Measure("printed_tags", ("jovian", "earth"))),
    Award("Landscaper", Measure("largest_group")),
    Award("Highlander", Measure("tiles", where="not_next_to_ocean")),
    Award("Promoter", Measure("cards", ("event",))),
    Award("Blacksmith", Measure("production", ("steel", "titanium"))),
)

MAP = MapDef(
    name="vastitas_borealis",
    spaces=build_spaces(ROWS, names=NAMES, costs={CENTRE: 4},
                        effects={CENTRE: "temperature"}),
    milestones=MILESTONES,
    awards=AWARDS,
    goals=STANDARD_GOALS,
    track_bonuses=STANDARD_TRACK_BONUSES,
    title="Vastitas Borealis",
)
