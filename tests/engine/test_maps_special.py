"""Playing on the published maps: the Hellas South Pole and the Vastitas Borealis centre
(R-MAP-3), Noctis City off Tharsis (R-MAP-2), volcanic placements, bonuses and track
bonuses from each map's data (R-MAP-1, R-MAP-4), and random games on every map and
player count. Expectations come from ../shared/reference/boards.json and RULES.md."""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.facts import load_reference
from tm import Game, IllegalMove
from tm.sim import simulate
from tm.testing import (
    answer,
    give_cards,
    legal_spaces,
    make_game,
    parameters,
    place,
    player_state,
    prompt,
    set_parameters,
    set_production,
    set_resources,
)

REF_IDS = {"elysium": "elysium", "hellas": "hellas", "vastitas_borealis": "vastitas_borealis_nova",
           "amazonis_planitia": "amazonis_planitia_published"}
SOUTH_POLE, CENTRE = "61", "33"


def ref_spaces(board: str) -> dict[str, dict[str, Any]]:
    spaces = load_reference("boards.json")["maps"][REF_IDS[board]]["spaces"]
    return {s["id"]: s for s in spaces}


def new_game(board: str) -> Game:
    game, _ = make_game(players=2, board=board)
    return game


def act(game: Game, kind: str, *values: Any, **fields: Any) -> None:
    while prompt(game).player != 0 and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)
    answer(game, kind, *values, player=0, **fields)


def me(game: Game) -> dict[str, Any]:
    return player_state(game, 0)


def space_choices(game: Game) -> set[str]:
    return set(legal_spaces(game, 0))


def city_project(game: Game, mc: int) -> None:
    set_resources(game, 0, megacredits=mc)
    act(game, "standard_project", project="city")


# ---------------------------------------------------------------- Hellas (R-MAP-3)
def test_the_south_pole_needs_6_mc_beyond_the_project_R_MAP_3() -> None:
    game = new_game("hellas")
    city_project(game, 30)
    assert SOUTH_POLE not in space_choices(game)
    with pytest.raises(IllegalMove):
        game.respond(0, {"type": "space", "space": SOUTH_POLE})
    game = new_game("hellas")
    city_project(game, 31)
    assert SOUTH_POLE in space_choices(game)


def test_the_south_pole_costs_6_and_gives_an_ocean_R_MAP_3() -> None:
    game = new_game("hellas")
    city_project(game, 31)
    answer(game, "space", SOUTH_POLE)
    assert me(game)["megacredits"] == 0
    waiting = prompt(game)
    assert (waiting.player, waiting.kind) == (0, "space")
    oceans = {sid for sid, s in ref_spaces("hellas").items() if s["type"] == "ocean"}
    assert space_choices(game) == oceans
    answer(game, "space", "03")  # plants 2, far from the pole
    assert parameters(game)["oceans"] == 1
    assert me(game)["tr"] == 21 and me(game)["plants"] == 2
    assert me(game)["production"]["megacredits"] == 1  # the City project's own


def test_the_south_pole_is_free_and_gives_nothing_once_the_oceans_are_out_R_MAP_3() -> None:
    game = new_game("hellas")
    set_parameters(game, oceans=9)
    city_project(game, 25)
    assert SOUTH_POLE in space_choices(game)
    answer(game, "space", SOUTH_POLE)
    assert me(game)["megacredits"] == 0 and prompt(game).kind == "action"
    assert parameters(game)["oceans"] == 9 and me(game)["tr"] == 20


def test_a_greenery_on_the_south_pole_pays_too_R_MAP_3() -> None:
    game = new_game("hellas")
    set_resources(game, 0, plants=8, megacredits=6)
    act(game, "convert_plants")
    answer(game, "space", SOUTH_POLE)
    assert me(game)["megacredits"] == 0
    answer(game, "space", "08")
    assert parameters(game)["oxygen"] == 1 and parameters(game)["oceans"] == 1
    assert me(game)["tr"] == 22


def test_hellas_has_no_volcanic_space_so_lava_flows_goes_on_any_land() -> None:
    game = new_game("hellas")
    give_cards(game, 0, ["Lava Flows"])
    set_resources(game, 0, megacredits=18)
    act(game, "play_card", "Lava Flows")
    land = {sid for sid, s in ref_spaces("hellas").items() if s["type"] == "land"}
    assert space_choices(game) == land - {SOUTH_POLE}  # nothing left to pay the pole with


# ---------------------------------------------------------------- Vastitas Borealis (R-MAP-3)
def test_the_centre_costs_4_and_raises_the_temperature_R_MAP_3() -> None:
    game = new_game("vastitas_borealis")
    city_project(game, 28)
    assert CENTRE not in space_choices(game)
    game = new_game("vastitas_borealis")
    city_project(game, 29)
    answer(game, "space", CENTRE)
    assert me(game)["megacredits"] == 0
    assert parameters(game)["temperature"] == -28 and me(game)["tr"] == 21


def test_the_centre_raises_the_temperature_to_a_track_bonus_R_MAP_3_R_GLOB_3() -> None:
    game = new_game("vastitas_borealis")
    set_parameters(game, temperature=-26)
    city_project(game, 29)
    answer(game, "space", CENTRE)
    assert parameters(game)["temperature"] == -24
    assert me(game)["production"]["heat"] == 1


def test_nothing_is_paid_at_the_centre_once_the_temperature_is_maxed_R_MAP_3() -> None:
    game = new_game("vastitas_borealis")
    set_parameters(game, temperature=8)
    city_project(game, 25)
    answer(game, "space", CENTRE)
    assert me(game)["megacredits"] == 0 and me(game)["tr"] == 20
    assert parameters(game)["temperature"] == 8


def test_the_centre_counts_oceans_next_to_it_after_paying_R_MAP_3_R_TILE_5() -> None:
    game = new_game("vastitas_borealis")
    place(game, "34", "ocean", None)
    assert "34" in ref_spaces("vastitas_borealis")[CENTRE]["neighbors"]
    city_project(game, 29)
    answer(game, "space", CENTRE)
    assert me(game)["megacredits"] == 2


# ---------------------------------------------------------------- Noctis City (R-MAP-2)
@pytest.mark.parametrize("board", list(REF_IDS))
def test_noctis_city_follows_city_rules_off_tharsis_R_MAP_2(board: str) -> None:
    game = new_game(board)
    spaces = ref_spaces(board)
    city = next(sid for sid, s in spaces.items() if s["type"] == "land" and not s["bonus"]
                and len(s["neighbors"]) == 6)
    place(game, city, "city", 1)
    give_cards(game, 0, ["Noctis City"])
    set_production(game, 0, energy=1)
    set_resources(game, 0, megacredits=18)
    act(game, "play_card", "Noctis City")
    expected = {sid for sid, s in spaces.items() if s["type"] == "land" and sid != city
                and city not in s["neighbors"] and not s["bonus"].count("ocean")
                and not s["bonus"].count("temperature")}
    assert space_choices(game) == expected  # the special spaces need MC the card left none of


# ---------------------------------------------------------------- volcanic spaces
@pytest.mark.parametrize("board", ["elysium", "vastitas_borealis", "amazonis_planitia"])
def test_lava_flows_goes_only_on_the_maps_volcanic_spaces(board: str) -> None:
    game = new_game(board)
    give_cards(game, 0, ["Lava Flows"])
    set_resources(game, 0, megacredits=18)
    act(game, "play_card", "Lava Flows")
    volcanic = {sid for sid, s in ref_spaces(board).items() if s["volcanic"]}
    assert space_choices(game) == volcanic and len(volcanic) in (4, 5)


# ---------------------------------------------------------------- printed bonuses (R-MAP-1)
def test_olympus_mons_on_elysium_draws_three_cards_R_MAP_1() -> None:
    game = new_game("elysium")
    city_project(game, 25)
    answer(game, "space", "20")
    assert len(me(game)["hand"]) == 3


def test_an_amazonis_energy_space_gives_energy_and_its_any_space_a_choice_R_MAP_1() -> None:
    game = new_game("amazonis_planitia")
    city_project(game, 25)
    answer(game, "space", "57")
    assert me(game)["energy"] == 2
    game = new_game("amazonis_planitia")
    city_project(game, 25)
    answer(game, "space", "41")
    assert prompt(game).kind == "option" and len(prompt(game).choices()) == 6


# ---------------------------------------------------------------- random play
@pytest.mark.parametrize("board", list(REF_IDS))
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_on_each_map_keep_every_invariant(board: str, players: int) -> None:
    report = simulate(1, players, 900 + players, board=board)
    assert report.failures == [] and report.games == 1
