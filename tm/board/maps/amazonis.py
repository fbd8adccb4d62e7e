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
from tm.core.mapdef import PROJECTS, Award, Goal, MapDef, Measure, Milestone, TrackBonus
from tm.core.state import RESOURCES

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

MILESTONES = (  # R-MAP-4; Merchant is checked before its 8 MC are paid
    Milestone("Terran", Measure("tags", ("earth",)), 5),
    Milestone("Landshaper", Measure("tile_kinds", ("city", "greenery", "special")), 3),
    Milestone("Merchant", Measure("min_stock", RESOURCES), 3),
    Milestone("Sponsor", Measure("cards", PROJECTS, min_cost=20), 3),
    Milestone("Lobbyist", Measure("delegates"), 7, requires="turmoil"),
)
AWARDS = (
    Award("Collector", Measure("resource_kinds")),
    Award("Innovator", Measure("cards", (*PROJECTS, "event"))),
    Award("Constructor", Measure("cities_and_colonies")),
    Award("Manufacturer", Measure("production", ("steel", "heat"))),
    Award("Physicist", Measure("printed_tags", ("science", "space"))),
)

MAP = MapDef(
    name="amazonis_planitia",
    spaces=build_spaces(ROWS, names=NAMES),
    milestones=MILESTONES,
    awards=AWARDS,
    goals=GOALS,
    track_bonuses=TRACK_BONUSES,
    title="Amazonis Planitia",
    solo_extra_generations=2,  # R-MAP-4: 16 generations, 14 with Prelude
)
