"""Hellas: the southern basin, with the south pole's ocean space.

Notation (see :mod:`tm.board.maps.geometry`): ``.`` land, ``~`` ocean; bonus letters
``s`` steel, ``t`` titanium, ``p`` plants, ``h`` heat, ``c`` card, repeated once
per icon. No space is volcanic: a volcanic-only placement may go on any land space
(:func:`tm.board.placement.legal_spaces`). The South Pole costs 6 MC and gives an ocean while
oceans remain (R-MAP-3). Goals and track bonuses are the standard ones; Noctis City
follows city rules (R-MAP-2).
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

ROWS: tuple[str, ...] = (
    "            ~pp   .pp   .pp   .ps   .p",               # 03-07
    "         ~pp   .pp   .p    .ps   .p    .p",            # 08-13
    "      ~p    .p    .s    .s    .     .pp   .pc",        # 14-20
    "   ~p    .p    .s    .ss   .s    ~p    ~p    .p",      # 21-28
    ".c    .     .     .ss   .     ~c    ~hhh  ~     .p",   # 29-37
    "   .t    .     .s    .     .     ~     ~s    .",       # 38-45
    "      ~tt   .     .     .c    .     .     .t",         # 46-52
    "         .s    .c    .hh   .hh   .t    .t",            # 53-58
    "            .     .hh   .     .hh   .",                # 59-63
)

SOUTH_POLE = "61"
NAMES: dict[str, str] = {SOUTH_POLE: "South Pole"}

MILESTONES = (
    Milestone("Diversifier", Measure("distinct_tags"), 8),
    Milestone("Tactician", Measure("cards_with_requirements", PROJECTS), 5),
    Milestone("Polar Explorer", Measure("tiles", rows=(7, 8)), 3),
    Milestone("Energizer", Measure("production", ("energy",)), 6),
    Milestone("Rim Settler", Measure("tags", ("jovian",)), 3),
)
AWARDS = (
    Award("Cultivator", Measure("tiles", ("greenery",))),
    Award("Magnate", Measure("cards", ("automated",))),
    Award("Space Baron", Measure("printed_tags", ("space",))),
    Award("Excentric", Measure("card_resources")),
    Award("Contractor", Measure("printed_tags", ("building",))),
)

MAP = MapDef(
    name="hellas",
    spaces=build_spaces(ROWS, names=NAMES, costs={SOUTH_POLE: 6},
                        effects={SOUTH_POLE: "ocean"}),
    milestones=MILESTONES,
    awards=AWARDS,
    goals=STANDARD_GOALS,
    track_bonuses=STANDARD_TRACK_BONUSES,
    title="Hellas",
)
