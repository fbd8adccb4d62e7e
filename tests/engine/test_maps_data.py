"""Maps are data (R-MAP-1): shapes, neighbours, goals, track bonuses, the registries, and
that nothing in the engine asks a board for its name. Expectations come from
../shared/reference (boards.json, milestones_awards.json) and from RULES.md by hand."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from tests.kits.facts import load_reference
from tests.kits.mapkit import AMAZONIS, AMAZONIS_COST_SPACE, amazonis_reference, registered
from tm.board.maps.geometry import Geometry, build_spaces, is_edge
from tm.core.mapdef import (
    MAPS,
    STANDARD_GOALS,
    Goal,
    MapDef,
    Measure,
    Milestone,
    Space,
    TrackBonus,
    get_map,
    register,
)
from tm.rules import milestones

TM = Path(__file__).resolve().parents[2] / "tm"


# ---------------------------------------------------------------- Tharsis (R-GLOB, R-MAP-2)
def test_tharsis_goals_are_those_of_R_GLOB_1() -> None:
    goals = get_map("tharsis").goals
    assert {p: (g.start, g.max, g.step) for p, g in goals.items()} == {
        "temperature": (-30, 8, 2), "oxygen": (0, 14, 1), "oceans": (0, 9, 1)}
    assert list(goals) == ["temperature", "oxygen", "oceans"]
    assert [g.steps for g in goals.values()] == [19, 14, 9]  # R-GLOB-1: 19 temperature steps


def test_tharsis_track_bonuses_are_those_of_R_GLOB_3_and_R_GLOB_4() -> None:
    assert set(get_map("tharsis").track_bonuses) == {
        TrackBonus("temperature", -24, "heat_production"),
        TrackBonus("temperature", -20, "heat_production"),
        TrackBonus("temperature", 0, "ocean"),
        TrackBonus("oxygen", 8, "temperature"),
    }


def test_tharsis_spaces_cost_nothing_and_only_noctis_city_is_reserved_R_MAP_2() -> None:
    ref = {s["id"]: s for s in load_reference("boards.json")["maps"]["tharsis"]["spaces"]}
    tharsis = get_map("tharsis")
    for sid, space in tharsis.spaces.items():
        assert (space.cost, space.effect) == (0, None), sid
        assert space.kind != "restricted", sid
        if sid in ref:
            assert (space.kind, space.neighbors) == (ref[sid]["type"], tuple(ref[sid]["neighbors"]))
    assert [sid for sid, sp in tharsis.spaces.items() if sp.reserved_for] == ["31"]


# ---------------------------------------------------------------- any shape (R-MAP-4)
def _rule_neighbors(ref: dict[str, Any], x: int, y: int) -> list[str]:
    """boards.json's adjacency rule in words, with its middle row (geometry.middle_row)."""
    rows, middle = ref["row_lengths"], ref["geometry"]["middle_row"]
    width = max(rows)

    def sid(nx: int, ny: int) -> str | None:
        if 0 <= ny < len(rows) and width - rows[ny] <= nx < width:
            return f"{3 + sum(rows[:ny]) + nx - (width - rows[ny]):02d}"
        return None

    up = [(x, y - 1), (x + 1, y - 1)] if y <= middle else [(x - 1, y - 1), (x, y - 1)]
    down = [(x - 1, y + 1), (x, y + 1)] if y < middle else [(x, y + 1), (x + 1, y + 1)]
    ring = [up[0], up[1], (x + 1, y), down[1], down[0], (x - 1, y)]  # clockwise from top-left
    return [s for s in (sid(nx, ny) for nx, ny in ring) if s is not None]


def test_amazonis_has_91_spaces_in_11_rows_R_MAP_4() -> None:
    ref, board = amazonis_reference(), registered(AMAZONIS)
    assert len(board.mars_ids) == 91 == ref["counts"]["total_on_mars"]
    assert board.row_lengths == (6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6) == tuple(ref["row_lengths"])
    assert board.mars_ids == [f"{n:02d}" for n in range(3, 94)]
    assert [(s.id, s.name) for s in board.spaces.values() if s.kind == "offmap"] == [
        (o["id"], o["name"]) for o in ref["offmap_spaces"]]
    for r in ref["spaces"]:
        space = board.spaces[r["id"]]
        assert (space.row, space.x, space.kind, space.volcanic, space.name) == (
            r["row"], r["x"], r["type"], r["volcanic"], r["name"]), r["id"]


def test_amazonis_neighbours_follow_the_reference_adjacency_rule_R_MAP_4() -> None:
    ref, board = amazonis_reference(), registered(AMAZONIS)
    for r in ref["spaces"]:
        neighbors = list(board.spaces[r["id"]].neighbors)
        assert neighbors == r["neighbors"] == _rule_neighbors(ref, r["x"], r["row"]), r["id"]
        assert is_edge(board.spaces[r["id"]]) is r["edge"], r["id"]
    assert sum(is_edge(board.spaces[s]) for s in board.mars_ids) == 30  # the reference's count


def test_amazonis_bonuses_keep_every_icon_R_MAP_1() -> None:
    names = {"plant": "plants", "draw_card": "card", "any_standard_resource": "any_resource"}
    board = registered(AMAZONIS)
    for r in amazonis_reference()["spaces"]:
        assert board.spaces[r["id"]].bonus == tuple(names.get(b, b) for b in r["bonus"])
    assert board.spaces["57"].bonus == ("energy", "energy")
    assert board.spaces["83"].bonus == ("any_resource",)
    assert (board.spaces[AMAZONIS_COST_SPACE].cost,
            board.spaces[AMAZONIS_COST_SPACE].effect) == (4, "temperature")


def test_amazonis_goals_and_track_bonuses_are_those_of_R_MAP_4() -> None:
    board = registered(AMAZONIS)
    assert {p: (g.start, g.max, g.step) for p, g in board.goals.items()} == {
        "temperature": (-30, 14, 2), "oxygen": (0, 18, 1), "oceans": (0, 11, 1)}
    assert board.goals["temperature"].steps == 22
    assert set(board.track_bonuses) == {
        TrackBonus("oxygen", 7, "card"), TrackBonus("oxygen", 11, "temperature"),
        TrackBonus("temperature", -24, "heat_production"),
        TrackBonus("temperature", -20, "heat_production"),
        TrackBonus("temperature", -12, "plant_production"), TrackBonus("temperature", 0, "ocean"),
    }


def test_geometry_takes_rows_of_any_length_and_number() -> None:
    small = Geometry((2, 3, 2))
    assert small.neighbor_coords(1, 1) == [(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 1)]
    assert [small.space_id(x, y) for x, y in ((1, 0), (0, 1), (2, 2))] == ["03", "05", "09"]
    assert Geometry((3, 4, 5, 4)).on_board(0, 2) and not Geometry((3, 4)).on_board(0, 0)
    for bad in ((), (3, 3), (3, 5), (0, 1)):
        with pytest.raises(ValueError):
            Geometry(bad)


# ---------------------------------------------------------------- immutable, registered once
def test_a_second_map_with_a_registered_name_is_refused() -> None:
    tharsis = get_map("tharsis")
    with pytest.raises(ValueError):
        register(tharsis)
    with pytest.raises(ValueError):
        register(dataclasses.replace(registered(AMAZONIS), milestones=()))
    assert MAPS["tharsis"] is tharsis
    with pytest.raises(TypeError):
        MAPS["mine"] = tharsis  # type: ignore[index]


def test_map_data_cannot_be_mutated() -> None:
    tharsis = get_map("tharsis")
    with pytest.raises(dataclasses.FrozenInstanceError):
        tharsis.name = "mars"  # type: ignore[misc]
    with pytest.raises(TypeError):
        tharsis.spaces["03"] = tharsis.spaces["04"]  # type: ignore[index]
    with pytest.raises(TypeError):
        tharsis.goals["oceans"] = Goal(0, 12)  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        tharsis.goals["oceans"].max = 12  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        tharsis.spaces["03"].bonus = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        tharsis.track_bonuses[0].at = 2  # type: ignore[misc]
    assert isinstance(tharsis.spaces["03"].bonus, tuple)
    assert isinstance(tharsis.track_bonuses, tuple) and isinstance(tharsis.milestone_names, tuple)
    with pytest.raises(TypeError):
        STANDARD_GOALS["oceans"] = Goal(0, 12)  # type: ignore[index]


def test_a_map_keeps_its_own_copy_of_what_it_was_given() -> None:
    spaces = dict(build_spaces([". .", ". . .", ". ."]))
    goals = dict(STANDARD_GOALS)
    mayor = milestones.MILESTONES["Mayor"]
    board = MapDef("copy test", spaces, [mayor], [], goals, ())  # type: ignore[arg-type]
    spaces.clear()
    goals["oceans"] = Goal(0, 1)
    assert len(board.spaces) == 9 and board.goals["oceans"].max == 9
    assert board.milestone_names == ("Mayor",)


@pytest.mark.parametrize("change", [
    {"track_bonuses": (TrackBonus("oxygen", 8, "rain"),)},
    {"track_bonuses": (TrackBonus("venus", 8, "card"),)},
    {"goals": {**STANDARD_GOALS, "temperature": Goal(-30, 8, 3)}},
    {"spaces": {"03": Space("03", 0, 0, "land", bonus=("gold",))}},
    {"spaces": {"03": Space("03", 0, 0, "land", effect="rain")}},
    {"spaces": {"03": Space("03", 0, 0, "lava")}},
    {"spaces": {"03": Space("03", 0, 0, "land", neighbors=("99",))}},
])
def test_a_map_with_unknown_data_is_refused(change: dict[str, Any]) -> None:
    fields = {"name": "bad", "spaces": {"03": Space("03", 0, 0, "land")}, "milestones": (),
              "awards": (), "goals": STANDARD_GOALS, "track_bonuses": ()}
    with pytest.raises(ValueError):
        MapDef(**{**fields, **change})


def test_build_spaces_places_costs_effects_and_restricted_spaces_R_MAP_3() -> None:
    spaces = build_spaces(["# .e", ". .$* .am", ". ."], costs={"05": 6},
                          effects={"05": "ocean"})
    assert spaces["03"].kind == "restricted"
    assert (spaces["05"].cost, spaces["05"].effect) == (6, "ocean")
    assert spaces["04"].bonus == ("energy",)
    assert spaces["06"].bonus == ("megacredits", "any_resource")
    assert spaces["07"].bonus == ("animal", "microbe")
    with pytest.raises(ValueError):
        build_spaces([". .", ". . .", ". ."], costs={"99": 1})
    with pytest.raises(TypeError):
        spaces["03"] = spaces["04"]  # type: ignore[index]


# ---------------------------------------------------------------- milestones and awards (R-MA)
def _expected_measure(condition: dict[str, Any]) -> Measure:
    """Our measure for a reference condition, by a hand-written table of its notation."""
    kind = condition.get("measure") or condition.get("count")
    if kind == "terraform_rating":
        return Measure("tr")
    if kind == "city_tiles_owned":
        return Measure("tiles", ("capital", "city"))
    if kind == "greenery_tiles_owned":
        return Measure("tiles", ("greenery",))
    if kind == "tiles_owned":
        assert condition["exclude_tiles"] == ["ocean"]
        return Measure("tiles")  # every owned tile; oceans have no owner
    if kind == "tags":  # milestones count wild tags, awards only printed ones
        count = "tags" if condition.get("wild_tags_count", True) else "printed_tags"
        return Measure(count, tuple(condition["tags"]))
    if kind == "cards_in_hand":
        return Measure("hand")
    if kind == "production":
        return Measure("production", (condition["resource"],))
    assert kind == "stock", kind
    return Measure("stock", tuple(condition["resources"]))


def test_tharsis_milestone_and_award_measures_match_the_reference_R_MA_1_R_MA_2() -> None:
    items = {i["name"]: i for i in load_reference("milestones_awards.json")["items"]}
    tharsis = get_map("tharsis")
    for name in tharsis.milestone_names:
        ms = milestones.MILESTONES[name]
        assert ms.measure == _expected_measure(items[name]["condition"]), name
        assert ms.threshold == items[name]["condition"]["min"], name
    for name in tharsis.award_names:
        assert milestones.AWARDS[name].measure == _expected_measure(items[name]["condition"])


def test_every_registered_map_names_known_milestones_and_awards() -> None:
    registered(AMAZONIS)
    get_map("tharsis")
    for board in MAPS.values():
        assert set(board.milestone_names) <= set(milestones.MILESTONES), board.name
        assert set(board.award_names) <= set(milestones.AWARDS), board.name


def test_the_milestone_registries_refuse_a_second_entry_of_one_name() -> None:
    mayor = milestones.MILESTONES["Mayor"]
    with pytest.raises(ValueError):
        milestones.register_milestone(mayor)
    with pytest.raises(ValueError):
        milestones.register_award(milestones.AWARDS["Banker"])
    with pytest.raises(ValueError):
        milestones.register_count("tags", milestones.COUNTS["tags"])
    with pytest.raises(ValueError):  # a measure must name a registered count
        milestones.register_milestone(
            Milestone("Dreamer", Measure("dreams"), 1))
    assert "Dreamer" not in milestones.MILESTONES
    with pytest.raises(TypeError):
        milestones.MILESTONES["Mayor"] = mayor  # type: ignore[index]


# ---------------------------------------------------------------- no board names in the engine
MAP_NAMES = "|".join(sorted(load_reference("boards.json")["maps"]) + ["amazonis_planitia"])
NAME_TESTS = [
    re.compile(rf"(==|!=)\s*['\"]({MAP_NAMES})['\"]"),
    re.compile(rf"['\"]({MAP_NAMES})['\"]\s*(==|!=|\bin\b)"),
    re.compile(r"\bboard(\.name)?\s*(==|!=|\bin\b)"),
    re.compile(r"\bmatch\s+[\w.]*board\b"),
]


def test_no_engine_code_outside_tm_board_maps_compares_a_board_name() -> None:
    found = []
    for path in sorted(TM.rglob("*.py")):
        if path.parent == TM / "board" / "maps":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if any(test.search(code) for test in NAME_TESTS):
                found.append(f"{path.relative_to(TM.parent)}:{number}: {line.strip()}")
    assert not found, "board names compared outside tm/board/maps:\n" + "\n".join(found)


@pytest.mark.parametrize("line", [
    'if g.options.board == "tharsis":',
    "if options.board != 'elysium':",
    'if "hellas" == name:',
    'if board.name == other:',
    'if g.options.board in ("amazonis_planitia_published", "x"):',
    "match g.options.board:",
])
def test_the_board_name_check_catches_the_usual_spellings(line: str) -> None:
    assert any(test.search(line) for test in NAME_TESTS)
