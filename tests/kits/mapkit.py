"""Synthetic maps for the map tests, built here from reference facts or written by hand.

They prove the map mechanism (any shape, every bonus kind, goals, track bonuses,
special spaces) without adding a real map to ``tm/board/maps`` (where each published
map is a data module).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

from tests.kits.facts import load_reference
from tm.board.maps import tharsis
from tm.board.maps.geometry import build_spaces
from tm.core.mapdef import (
    MAPS,
    STANDARD_GOALS,
    STANDARD_TRACK_BONUSES,
    Goal,
    MapDef,
    TrackBonus,
    register,
)

AMAZONIS = "test_amazonis_planitia"  # built from boards.json's amazonis_planitia_published
SMALL = "test_small_hex"  # 7 rows, written in our notation below
THARSIS_MA = {  # a test board's milestones and awards: Tharsis's own records
    "milestones": tharsis.MILESTONES,
    "awards": tharsis.AWARDS,
}

# Reference bonus names → our notation letters; reference track gains → our gains.
REF_LETTERS = {"steel": "s", "titanium": "t", "plant": "p", "heat": "h", "energy": "e",
               "draw_card": "c", "any_standard_resource": "*", "animal": "a", "microbe": "m"}
REF_GAINS = {"heat_production": "heat_production", "plant_production": "plant_production",
             "ocean_tile": "ocean", "temperature_step": "temperature", "draw_card": "card"}

# The synthetic Amazonis adds one special space of its own (the published map has none):
# like Vastitas Borealis's centre it costs 4 MC and raises the temperature (R-MAP-3).
AMAZONIS_COST_SPACE = "60"  # land, no bonus, no ocean space next to it
AMAZONIS_COST = 4


def amazonis_reference() -> dict[str, Any]:
    """boards.json's record of the published Amazonis Planitia."""
    ref: dict[str, Any] = load_reference("boards.json")["maps"]["amazonis_planitia_published"]
    return ref


def _token(space: dict[str, Any]) -> str:
    kind = "^" if space["volcanic"] else "~" if space["type"] == "ocean" else "."
    return kind + "".join(REF_LETTERS[b] for b in space["bonus"])


def amazonis_def() -> MapDef:
    """The reference Amazonis Planitia as a MapDef, rows rewritten in our notation."""
    ref = amazonis_reference()
    rows = [" ".join(_token(s) for s in ref["spaces"] if s["row"] == y)
            for y in range(len(ref["row_lengths"]))]
    params = ref["global_parameters"]
    goals = {
        "temperature": Goal(params["temperature"]["min"], params["temperature"]["max"],
                            params["temperature"]["step"]),
        "oxygen": Goal(params["oxygen"]["min"], params["oxygen"]["max"]),
        "oceans": Goal(0, params["oceans"]),
    }
    bonuses = tuple(TrackBonus(b["track"], b["at"], REF_GAINS[b["bonus"]])
                    for b in params["track_bonuses"])
    names = {s["id"]: s["name"] for s in ref["spaces"] if s["name"]}
    return MapDef(
        name=AMAZONIS,
        spaces=build_spaces(rows, names=names, costs={AMAZONIS_COST_SPACE: AMAZONIS_COST},
                            effects={AMAZONIS_COST_SPACE: "temperature"}),
        goals=goals, track_bonuses=bonuses, **THARSIS_MA,
    )


SMALL_ROWS = (
    "      .aa .m  .$$ ~",          # 03-06: 2 animals, 1 microbe, 2 MC
    "    #   .   .   .   ~",        # 07-11: 07 restricted
    "  .   .   .   .   .   ~",      # 12-17
    ".   .   .   .   .   .   ~",    # 18-24: 21 Hellas-like (pay 6 MC, gain an ocean)
    "  .   .   .   .   .   ~",      # 25-30
    "    .   .   .   .   .",        # 31-35
    "      .   .   .   .",          # 36-39: 37 costs 3 MC, gives nothing
)
SMALL_OCEAN_SPACE = "21"
SMALL_TOLL_SPACE = "37"
SMALL_GOALS = MappingProxyType({**STANDARD_GOALS, "oceans": Goal(0, 4)})


def small_def() -> MapDef:
    """A 37-space board with the bonus kinds and special spaces Tharsis lacks."""
    return MapDef(
        name=SMALL,
        spaces=build_spaces(SMALL_ROWS, costs={SMALL_OCEAN_SPACE: 6, SMALL_TOLL_SPACE: 3},
                            effects={SMALL_OCEAN_SPACE: "ocean"}),
        goals=SMALL_GOALS, track_bonuses=STANDARD_TRACK_BONUSES, **THARSIS_MA,
    )


def registered(name: str) -> MapDef:
    """One of the synthetic maps, registered on first use (the registry refuses a second)."""
    if name not in MAPS:
        register(amazonis_def() if name == AMAZONIS else small_def())
    return MAPS[name]
