"""Amazonis Planitia, the smooth plain: the published large board as Board Game Arena has it.

91 spaces in 11 rows (R-MAP-4). Notation (see :mod:`tm.board.maps.geometry`): ``.`` land,
``~`` ocean, ``^`` volcanic land; bonus letters ``s`` steel, ``t`` titanium,
``p`` plants, ``e`` energy, ``c`` card, ``*`` one standard resource of the player's
choice, repeated once per icon. Goals: 11 oceans, +14 °C, 18 % oxygen, with this map's
own track bonuses. Turmoil delegate icons (Viking, Olympus Mons, Ascraeus Mons) give
nothing, and the Lobbyist milestone can never be claimed (no Turmoil). A solo game here
lasts two generations more. Noctis City follows city rules (R-MAP-2).
"""
from __future__ import annotations

from tm.board.maps.geometry import build_spaces
from tm.board.maps.model import Goal, MapDef, TrackBonus

ROWS: tuple[str, ...] = (
    "               .s    .ss   .s    .c    .tt   .",                   # 03-08
    "            ~     .     .s    .     .p    ~pp   ~tt",              # 09-15
    "         ~ss   .     .cc   .     .p    ~     .     .",             # 16-23
    "      .t    ~     .     .     .p    .p    .pp   .p    .pc",        # 24-32
    "   ^ss   .p    .*    .p    ~c    .p    .pp   .p    .*    ~pp",     # 33-42
    ".p    .p    .pp   .pp   ~pp   ~pp   .pps  .p    .     .p    ~c",   # 43-53
    "   .p    .pp   ~pp   .ee   .e    .ee   .     .p    .p    .",       # 54-63
    "      .p    ~cc   .p    .e    .ee   .p    ^     .s    ^",          # 64-72
    "         ~st   .     .t    .     .     .pp   .     ^t",            # 73-80
    "            ~     .     .*    .     .ppp  .pp   ^ss",              # 81-87
    "               .     .st   .ss   .     .p    .c",                  # 88-93
)

NAMES: dict[str, str] = {
    "10": "Viking",
    "33": "Hecates Tholus",
    "70": "Olympus Mons",
    "72": "Ascraeus Mons",
    "80": "Pavonis Mons",
    "87": "Arsia Mons",
}

GOALS = {  # R-MAP-4
    "temperature": Goal(-30, 14, 2),
    "oxygen": Goal(0, 18, 1),
    "oceans": Goal(0, 11, 1),
}
TRACK_BONUSES = (  # R-MAP-4: nothing at 8 % oxygen on this map
    TrackBonus("oxygen", 7, "card"),
    TrackBonus("oxygen", 11, "temperature"),
    TrackBonus("temperature", -24, "heat_production"),
    TrackBonus("temperature", -20, "heat_production"),
    TrackBonus("temperature", -12, "plant_production"),
    TrackBonus("temperature", 0, "ocean"),
)

MAP = AMAZONIS_PLANITIA = (
    MapDef(
        name="amazonis_planitia",
        spaces=build_spaces(ROWS, names=NAMES),
        milestones=("Terran", "Landshaper", "Merchant", "Sponsor", "Lobbyist"),
        awards=("Collector", "Innovator", "Constructor", "Manufacturer", "Physicist"),
        goals=GOALS,
        track_bonuses=TRACK_BONUSES,
        title="Amazonis Planitia",
        solo_extra_generations=2,  # R-MAP-4: 16 generations, 14 with Prelude
    )
)
