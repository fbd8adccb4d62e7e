"""Tharsis, the base game board.

Notation (see :mod:`tm.board.maps.geometry`): ``.`` land, ``~`` ocean, ``^`` volcanic
land; bonus letters ``s`` steel, ``t`` titanium, ``p`` plants, ``h`` heat,
``c`` card, repeated once per icon. Goals and track bonuses are the standard
ones (R-GLOB-1, R-GLOB-3, R-GLOB-4); Noctis City has its own space (R-MAP-2).
"""
from __future__ import annotations

from tm.board.maps.geometry import build_spaces
from tm.board.maps.model import STANDARD_GOALS, STANDARD_TRACK_BONUSES, MapDef

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

MAP = THARSIS = (
    MapDef(
        name="tharsis",
        spaces=build_spaces(ROWS, names=NAMES, reserved=RESERVED),
        milestones=("Terraformer", "Mayor", "Gardener", "Builder", "Planner"),
        awards=("Landlord", "Banker", "Scientist", "Thermalist", "Miner"),
        goals=STANDARD_GOALS,
        track_bonuses=STANDARD_TRACK_BONUSES,
        title="Tharsis",
    )
)
