"""Tharsis, the base game board.

Notation (see :mod:`tm.board.maps.geometry`): ``.`` land, ``~`` ocean, ``^`` volcanic
land; bonus letters ``s`` steel, ``t`` titanium, ``p`` plants, ``h`` heat,
``c`` card, repeated once per icon. Goals and track bonuses are the standard
ones (R-GLOB-1, R-GLOB-3, R-GLOB-4); Noctis City has its own space (R-MAP-2).
"""
from __future__ import annotations

from tm.board.maps.geometry import build_spaces
from tm.core.mapdef import (
    CITIES,
    STANDARD_GOALS,
    STANDARD_TRACK_BONUSES,
    Award,
    MapDef,
    Measure,
    Milestone,
)

ROWS: tuple[str, ...] = (
    "            .ss ~ss .   ~c  ~",                      # 03-07
    "          .   ^s  .   .   .   ~cc",                  # 08-13
    "        ^c  .   .   .   .   .   .s",                 # 14-20
    "      ^pt .p  .p  .p  .pp .p  .p  ~pp",              # 21-28
    "    ^pp .pp .pp ~pp ~pp ~pp .pp .pp .pp",            # 29-37
    "      .p  .pp .p  .p  .p  ~p  ~p  ~p",               # 38-45
    "        .   .   .   .   .   .p  .",                  # 46-52
    "          .ss .   .c  .c  .   .t",                   # 53-58
    "            .s  .ss .   .   ~tt",                    # 59-63
)

NAMES: dict[str, str] = {
    "09": "Tharsis Tholus",
    "14": "Ascraeus Mons",
    "21": "Pavonis Mons",
    "29": "Arsia Mons",
}

RESERVED: dict[str, str] = {"31": "Noctis City"}

MILESTONES = (  # R-MA-1
    Milestone("Terraformer", Measure("tr"), 35),
    Milestone("Mayor", Measure("tiles", CITIES), 3),
    Milestone("Gardener", Measure("tiles", ("greenery",)), 3),
    Milestone("Builder", Measure("tags", ("building",)), 8),
    Milestone("Planner", Measure("hand"), 16),
)
AWARDS = (  # R-MA-2
    Award("Landlord", Measure("tiles")),  # every owned tile: oceans have no owner
    Award("Banker", Measure("production", ("megacredits",))),
    Award("Scientist", Measure("printed_tags", ("science",))),
    Award("Thermalist", Measure("stock", ("heat",))),
    Award("Miner", Measure("stock", ("steel", "titanium"))),
)

MAP = MapDef(
    name="tharsis",
    spaces=build_spaces(ROWS, names=NAMES, reserved=RESERVED),
    milestones=MILESTONES,
    awards=AWARDS,
    goals=STANDARD_GOALS,
    track_bonuses=STANDARD_TRACK_BONUSES,
    title="Tharsis",
)
