"""The four published maps besides Tharsis, space by space against the reference
(R-MAP-1..4): type, bonus, volcanic, name, neighbours, special spaces, goals, track bonuses,
milestones and awards; the name each registers under; solo length (R-SOLO-3, R-MAP-4).
Expectations come from ../shared/reference/boards.json and milestones_awards.json and from
RULES.md by hand."""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.facts import load_reference
from tm import Game, Options
from tm.board.maps import builtin_maps
from tm.board.maps.geometry import is_edge
from tm.core.manifest import Manifest, add, known
from tm.core.mapdef import STANDARD_GOALS, STANDARD_TRACK_BONUSES, get_map
from tm.rules import milestones
from tm.testing import make_game, parameters

# our map name → (reference id, the title players see), from the brief and RULES R-MAP
BOARDS = {
    "elysium": ("elysium", "Elysium"),
    "hellas": ("hellas", "Hellas"),
    "vastitas_borealis": ("vastitas_borealis_nova", "Vastitas Borealis"),
    "amazonis_planitia": ("amazonis_planitia_published", "Amazonis Planitia"),
}
OUR_BONUS = {"steel": "steel", "titanium": "titanium", "plant": "plants", "heat": "heat",
             "energy": "energy", "draw_card": "card", "any_standard_resource": "any_resource",
             "animal": "animal", "microbe": "microbe"}
# R-MAP-3: a reference "bonus" that is a special space: (MC cost, what it gives)
SPECIAL = {"ocean": (6, "ocean"), "temperature": (4, "temperature")}
# The reference describes the Hellas pole in its name; the board says "South Pole".
NAMES = {("hellas", "61"): "South Pole"}
OUR_GAIN = {"heat_production": "heat_production", "plant_production": "plant_production",
            "ocean_tile": "ocean", "temperature_step": "temperature", "draw_card": "card"}


def ref_map(name: str) -> dict[str, Any]:
    found: dict[str, Any] = load_reference("boards.json")["maps"][BOARDS[name][0]]
    return found


def ref_items() -> dict[str, dict[str, Any]]:
    return {i["name"]: i for i in load_reference("milestones_awards.json")["items"]}


# ---------------------------------------------------------------- registered, offered, chosen
def test_the_engine_ships_five_maps_under_their_names_and_titles() -> None:
    shipped = builtin_maps()
    assert [(m.name, m.title) for m in shipped] == [
        ("tharsis", "Tharsis"), *((name, title) for name, (_, title) in BOARDS.items())]
    for name, (ref_id, title) in BOARDS.items():
        assert get_map(name).title == title == load_reference("boards.json")["maps"][ref_id][
            "display_name"]


@pytest.mark.parametrize("name", [*BOARDS, "tharsis"])
def test_options_board_accepts_each_map(name: str) -> None:
    game = Game.new(Options(players=2, seed=1, board=name))
    assert game.view(None)["map"]["name"] == name
    assert len(game.view(None)["spaces"]) == len(get_map(name).spaces)


@pytest.mark.parametrize("name", ["Hellas", "vastitas_borealis_nova", "amazonis", "utopia", ""])
def test_options_board_refuses_other_names(name: str) -> None:
    with pytest.raises(ValueError):
        Game.new(Options(players=2, seed=1, board=name))


# ---------------------------------------------------------------- every space (R-MAP-1)
@pytest.mark.parametrize("name", BOARDS)
def test_every_space_matches_the_reference_R_MAP_1(name: str) -> None:
    ref, board = ref_map(name), get_map(name)
    assert len(board.mars_ids) == ref["counts"]["total_on_mars"] == len(ref["spaces"])
    assert board.row_lengths == tuple(ref["row_lengths"])
    assert [(s.id, s.name) for s in board.spaces.values() if s.kind == "offmap"] == [
        (o["id"], o["name"]) for o in ref["offmap_spaces"]]
    for r in ref["spaces"]:
        space = board.spaces[r["id"]]
        special = [b for b in r["bonus"] if b in SPECIAL]
        cost, effect = SPECIAL[special[0]] if special else (0, None)
        assert (space.row, space.x, space.kind, space.volcanic) == (
            r["row"], r["x"], r["type"], r["volcanic"]), r["id"]
        assert space.bonus == tuple(OUR_BONUS[b] for b in r["bonus"] if b not in SPECIAL), r["id"]
        assert (space.cost, space.effect) == (cost, effect), r["id"]
        assert space.name == NAMES.get((name, r["id"]), r["name"]), r["id"]
        assert list(space.neighbors) == r["neighbors"], r["id"]
        assert is_edge(space) is r["edge"], r["id"]
        assert space.reserved_for is None, r["id"]  # R-MAP-2: only Tharsis reserves one


@pytest.mark.parametrize("name", BOARDS)
def test_counts_of_ocean_land_and_volcanic_spaces(name: str) -> None:
    counts, board = ref_map(name)["counts"], get_map(name)
    kinds = [board.spaces[s].kind for s in board.mars_ids]
    assert kinds.count("ocean") == counts["ocean"] and kinds.count("land") == counts["land"]
    assert sum(board.spaces[s].volcanic for s in board.mars_ids) == counts["volcanic"]
    assert board.has_volcanic is (counts["volcanic"] > 0)


def test_the_special_spaces_are_the_hellas_pole_and_the_vastitas_centre_R_MAP_3() -> None:
    found = {(name, sp.id, sp.cost, sp.effect) for name in BOARDS
             for sp in get_map(name).spaces.values() if sp.cost or sp.effect}
    assert found == {("hellas", "61", 6, "ocean"), ("vastitas_borealis", "33", 4, "temperature")}


def test_amazonis_planitia_is_91_spaces_in_11_rows_with_15_oceans_R_MAP_4() -> None:
    board = get_map("amazonis_planitia")
    assert len(board.mars_ids) == 91
    assert board.row_lengths == (6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6)
    assert sum(board.spaces[s].kind == "ocean" for s in board.mars_ids) == 15
    assert board.spaces["57"].bonus == ("energy", "energy")
    assert [s for s in board.mars_ids if "any_resource" in board.spaces[s].bonus] == [
        "35", "41", "83"]


# ---------------------------------------------------------------- goals and track bonuses
@pytest.mark.parametrize("name", ["elysium", "hellas", "vastitas_borealis"])
def test_standard_goals_and_track_bonuses_R_GLOB_1_R_GLOB_3(name: str) -> None:
    board = get_map(name)
    assert dict(board.goals) == dict(STANDARD_GOALS)
    assert set(board.track_bonuses) == set(STANDARD_TRACK_BONUSES)


def test_amazonis_goals_and_track_bonuses_match_the_reference_R_MAP_4() -> None:
    params = ref_map("amazonis_planitia")["global_parameters"]
    board = get_map("amazonis_planitia")
    assert {p: (g.start, g.max, g.step) for p, g in board.goals.items()} == {
        "temperature": (params["temperature"]["min"], params["temperature"]["max"],
                        params["temperature"]["step"]),
        "oxygen": (params["oxygen"]["min"], params["oxygen"]["max"], 1),
        "oceans": (0, params["oceans"], 1)}
    assert (board.goals["temperature"].max, board.goals["oxygen"].max,
            board.goals["oceans"].max) == (14, 18, 11)  # R-MAP-4
    assert {(b.param, b.at, b.gain) for b in board.track_bonuses} == {
        (b["track"], b["at"], OUR_GAIN[b["bonus"]]) for b in params["track_bonuses"]}
    assert not any(b.param == "oxygen" and b.at == 8 for b in board.track_bonuses)


def test_the_view_shows_the_maps_goals_and_track_bonuses() -> None:
    game, _ = make_game(players=2, board="amazonis_planitia")
    view = game.view(None)
    assert view["parameters"]["oceans"]["max"] == 11
    assert view["parameters"]["temperature"]["max"] == 14
    assert {"param": "oxygen", "at": 11, "gain": "temperature"} in view["map"]["track_bonuses"]
    assert view["map"]["title"] == "Amazonis Planitia"
    assert view["map"]["last_generation"] is None


# ---------------------------------------------------------------- milestones and awards
@pytest.mark.parametrize("name", BOARDS)
def test_milestones_and_awards_are_the_reference_ones(name: str) -> None:
    ref, board, items = ref_map(name), get_map(name), ref_items()
    shown = [items[m].get("display_name", m) for m in ref["milestones"]]
    assert list(board.milestone_names) == shown
    assert list(board.award_names) == ref["awards"]
    assert set(board.milestone_names) <= set(milestones.MILESTONES)
    assert set(board.award_names) <= set(milestones.AWARDS)


# ---------------------------------------------------------------- solo length (R-MAP-4)
def _solo_generations(board: str, expansions: list[str]) -> int:
    game = Game.new(Options(players=1, seed=3, board=board, expansions=expansions))
    last: int = game.view(None)["map"]["last_generation"]
    while not game.is_over:
        player, waiting = game.pending[0]
        passing = [c for c in waiting.choices() if c["type"] in ("pass", "done", "confirm")]
        game.respond(player, (passing or waiting.choices())[0])
    assert parameters(game)["generation"] == last
    return last


TWELVE = "test_twelve_solo_generations"  # a stand-in for Prelude's shorter solo game (R-PRE-4)


def _twelve() -> str:
    if TWELVE not in known():
        add(Manifest(name=TWELVE, solo_generations=12))
    return TWELVE


@pytest.mark.parametrize("board, expansions, generations", [
    ("tharsis", ["corpera"], 14), ("hellas", ["corpera"], 14),
    ("amazonis_planitia", ["corpera"], 16), ("amazonis_planitia", [None], 14),
    ("tharsis", [None], 12)])
def test_solo_lasts_two_more_generations_on_amazonis_R_MAP_4_R_SOLO_3(
        board: str, expansions: list[str | None], generations: int) -> None:
    chosen = [e if e is not None else _twelve() for e in expansions]
    assert _solo_generations(board, chosen) == generations
