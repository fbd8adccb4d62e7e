"""Playing on maps other than Tharsis: goals, track bonuses, every bonus kind and special
spaces come from the map's data (R-MAP-1, R-MAP-3, R-MAP-4, R-GLOB, R-TILE-5)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.kits.mapkit import (
    AMAZONIS,
    AMAZONIS_COST_SPACE,
    SMALL,
    SMALL_OCEAN_SPACE,
    SMALL_TOLL_SPACE,
    registered,
)
from tm import Game, IllegalMove
from tm.board.parameters import all_maxed, is_maxed
from tm.board.placement import legal_spaces
from tm.core.frozen import thaw
from tm.core.state import RESOURCES, GameState, from_dict, to_dict
from tm.sim import simulate
from tm.testing import (
    answer,
    make_game,
    parameters,
    player_state,
    prompt,
    put_in_play,
    set_parameters,
    set_resources,
)

QUIET_LAND = "76"  # Amazonis: land, no bonus, no ocean space next to it
ENERGY_SPACE = "68"  # two energy icons, no ocean space next to it
ANY_SPACE = "83"  # one "any standard resource" icon, no ocean space next to it


def new_game(board: str, players: int = 2) -> Game:
    registered(board)
    game, _ = make_game(players=players, board=board)
    return game


def act(game: Game, kind: str, *values: Any, **fields: Any) -> None:
    """Player 0 acts; the other player passes first when it is their turn."""
    waiting = prompt(game)
    if waiting.player != 0 and waiting.kind == "action":
        answer(game, "pass", player=waiting.player)
    answer(game, kind, *values, player=0, **fields)


def me(game: Game) -> dict[str, Any]:
    return player_state(game, 0)


def city_on(game: Game, space: str, mc: int) -> None:
    """Player 0 builds the City standard project (25 MC) on ``space`` holding ``mc`` MC."""
    set_resources(game, 0, megacredits=mc)
    act(game, "standard_project", project="city")
    answer(game, "space", space)


# ---------------------------------------------------------------- goals (R-MAP-4, R-END-1)
def test_amazonis_goals_decide_when_mars_is_terraformed_R_MAP_4() -> None:
    game = new_game(AMAZONIS)
    set_parameters(game, temperature=8, oxygen=14, oceans=9)  # Tharsis's goals
    assert not all_maxed(game.state)
    assert not is_maxed(game.state, "oceans")
    set_resources(game, 0, megacredits=14)
    act(game, "standard_project", project="asteroid")
    assert parameters(game)["temperature"] == 10 and me(game)["tr"] == 21
    set_parameters(game, temperature=14, oxygen=18, oceans=11)
    assert all_maxed(game.state)
    assert {"type": "standard_project", "project": "aquifer"} not in [
        c.response for c in prompt(game, 0).choices()]


@pytest.mark.parametrize("oceans, over", [(10, False), (11, True)])
def test_amazonis_game_ends_after_production_once_its_goals_are_reached_R_END_1(
        oceans: int, over: bool) -> None:
    game = new_game(AMAZONIS)
    set_parameters(game, temperature=14, oxygen=18, oceans=oceans)
    while game.pending and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)
    assert game.is_over is over


# ---------------------------------------------------------------- track bonuses (R-MAP-4)
def _asteroid_from(temperature: int) -> Game:
    game = new_game(AMAZONIS)
    set_parameters(game, temperature=temperature)
    set_resources(game, 0, megacredits=14)
    act(game, "standard_project", project="asteroid")
    return game


@pytest.mark.parametrize("start, heat, plants", [
    (-26, 1, 0), (-22, 1, 0), (-14, 0, 1), (-16, 0, 0), (-4, 0, 0), (10, 0, 0)])
def test_amazonis_temperature_bonuses_R_MAP_4(start: int, heat: int, plants: int) -> None:
    game = _asteroid_from(start)
    assert parameters(game)["temperature"] == start + 2
    assert me(game)["production"]["heat"] == heat
    assert me(game)["production"]["plants"] == plants
    assert me(game)["tr"] == 21


def test_amazonis_zero_degrees_asks_for_an_ocean_R_MAP_4() -> None:
    game = _asteroid_from(-2)
    board = registered(AMAZONIS)
    waiting = prompt(game)
    assert (waiting.player, waiting.kind) == (0, "space")
    assert set(waiting.data["spaces"]) == {
        sid for sid, sp in board.spaces.items() if sp.kind == "ocean"}
    answer(game, "space", "09")
    assert parameters(game)["oceans"] == 1 and me(game)["tr"] == 22


def _greenery_at_oxygen(oxygen: int) -> Game:
    game = new_game(AMAZONIS)
    set_parameters(game, temperature=-10, oxygen=oxygen)
    set_resources(game, 0, megacredits=23)
    act(game, "standard_project", project="greenery")
    answer(game, "space", QUIET_LAND)
    return game


@pytest.mark.parametrize("oxygen, cards, temperature, tr", [
    (6, 1, -10, 21),  # 7 %: draw a card
    (7, 0, -10, 21),  # 8 %: nothing on this map
    (10, 0, -8, 22),  # 11 %: a temperature step, with its TR
    (17, 0, -10, 21),
])
def test_amazonis_oxygen_bonuses_R_MAP_4(oxygen: int, cards: int, temperature: int,
                                         tr: int) -> None:
    game = _greenery_at_oxygen(oxygen)
    assert parameters(game)["oxygen"] == oxygen + 1
    assert len(me(game)["hand"]) == cards
    assert parameters(game)["temperature"] == temperature
    assert me(game)["tr"] == tr


# ---------------------------------------------------------------- bonus kinds (R-MAP-1)
def test_an_energy_space_gives_one_energy_per_icon_R_MAP_1() -> None:
    game = new_game(AMAZONIS)
    city_on(game, ENERGY_SPACE, 25)
    assert me(game)["energy"] == 2 and me(game)["megacredits"] == 0


@pytest.mark.parametrize("resource", RESOURCES)
def test_an_any_resource_space_gives_one_of_the_players_choice_R_MAP_1(resource: str) -> None:
    game = new_game(AMAZONIS)
    city_on(game, ANY_SPACE, 25)
    waiting = prompt(game)
    assert (waiting.player, waiting.kind, len(waiting.choices())) == (0, "option", 6)
    assert thaw(waiting.data["options"]) == [[{"k": "gain", "res": {r: 1}}] for r in RESOURCES]
    answer(game, "option", RESOURCES.index(resource))
    assert {r: me(game)[r] for r in RESOURCES} == {r: int(r == resource) for r in RESOURCES}
    assert prompt(game).kind == "action"


def test_a_game_waiting_on_a_bonus_choice_is_plain_data() -> None:
    game = new_game(AMAZONIS)
    city_on(game, ANY_SPACE, 25)
    assert prompt(game).kind == "option"
    data = json.loads(json.dumps(to_dict(game.state)))
    assert to_dict(from_dict(GameState, data)) == to_dict(game.state)


def test_a_megacredit_space_pays_per_icon_R_MAP_1() -> None:
    game = new_game(SMALL)
    city_on(game, "05", 25)
    assert me(game)["megacredits"] == 2


@pytest.mark.parametrize("holders, asked", [([], False), (["Fish"], False),
                                            (["Fish", "Birds"], True)])
def test_animal_icons_go_onto_one_card_that_holds_animals_R_MAP_1(
        holders: list[str], asked: bool) -> None:
    game = new_game(SMALL)
    put_in_play(game, 0, holders + ["Ants"])
    city_on(game, "03", 25)
    if asked:
        waiting = prompt(game)
        assert (waiting.kind, list(waiting.data["cards"])) == ("card", holders)
        answer(game, "card", "Birds")
    expected = {"Fish": 2} if holders == ["Fish"] else {"Birds": 2} if holders else {}
    assert {c: n for c, n in me(game)["card_resources"].items() if n} == expected
    assert prompt(game).kind == "action"


def test_a_microbe_icon_goes_onto_a_card_that_holds_microbes_R_MAP_1() -> None:
    game = new_game(SMALL)
    put_in_play(game, 0, ["Fish", "Ants"])
    city_on(game, "04", 25)
    assert {c: n for c, n in me(game)["card_resources"].items() if n} == {"Ants": 1}


# ---------------------------------------------------------------- special spaces (R-MAP-3)
def test_a_space_the_player_cannot_pay_for_is_not_legal_R_MAP_3() -> None:
    game = new_game(AMAZONIS)
    set_resources(game, 0, megacredits=28)  # 3 left after the project: less than 4
    act(game, "standard_project", project="city")
    assert AMAZONIS_COST_SPACE not in set(prompt(game).data["spaces"])
    with pytest.raises(IllegalMove):
        game.respond(0, {"type": "space", "space": AMAZONIS_COST_SPACE})
    assert me(game)["megacredits"] == 3
    g = game.state
    assert AMAZONIS_COST_SPACE not in legal_spaces(g, 0, "greenery", "land")
    set_resources(game, 0, megacredits=4)
    assert AMAZONIS_COST_SPACE in legal_spaces(g, 0, "greenery", "land")
    assert legal_spaces(g, 0, "city", "city", space=AMAZONIS_COST_SPACE) == [
        AMAZONIS_COST_SPACE]
    set_resources(game, 0, megacredits=3)
    assert legal_spaces(g, 0, "city", "city", space=AMAZONIS_COST_SPACE) == []


def test_a_space_with_a_cost_charges_it_and_raises_the_temperature_R_MAP_3() -> None:
    game = new_game(AMAZONIS)
    city_on(game, AMAZONIS_COST_SPACE, 29)
    assert me(game)["megacredits"] == 0
    assert parameters(game)["temperature"] == -28 and me(game)["tr"] == 21
    assert {"key": "paid", "player": 0, "megacredits": 4} in game.state.log


def test_nothing_is_paid_there_once_the_temperature_is_maxed_R_MAP_3() -> None:
    game = new_game(AMAZONIS)
    set_parameters(game, temperature=14)
    city_on(game, AMAZONIS_COST_SPACE, 25)
    assert me(game)["megacredits"] == 0 and me(game)["tr"] == 20
    assert parameters(game)["temperature"] == 14


def test_the_ocean_space_costs_6_and_gives_an_ocean_while_oceans_remain_R_MAP_3() -> None:
    game = new_game(SMALL)
    set_resources(game, 0, megacredits=30)
    act(game, "standard_project", project="city")
    assert SMALL_OCEAN_SPACE not in set(prompt(game).data["spaces"])
    answer(game, "space", "33")
    game = new_game(SMALL)
    city_on(game, SMALL_OCEAN_SPACE, 31)
    assert me(game)["megacredits"] == 0
    waiting = prompt(game)
    assert (waiting.player, waiting.kind) == (0, "space")
    answer(game, "space", "24")  # not next to 21: no MC for the ocean (R-TILE-5)
    assert parameters(game)["oceans"] == 1 and me(game)["tr"] == 21
    assert me(game)["megacredits"] == 0


def test_the_ocean_space_is_free_once_the_oceans_are_out_R_MAP_3() -> None:
    game = new_game(SMALL)
    set_parameters(game, oceans=4)
    assert is_maxed(game.state, "oceans")
    city_on(game, SMALL_OCEAN_SPACE, 25)
    assert me(game)["megacredits"] == 2 * sum(  # only the ocean tiles next to it (R-TILE-5)
        game.state.board.get(n, {}).get("tile") == "ocean"
        for n in registered(SMALL).spaces[SMALL_OCEAN_SPACE].neighbors)
    assert prompt(game).kind == "action" and parameters(game)["oceans"] == 4


def test_a_space_with_only_a_cost_always_charges_it_R_MAP_3() -> None:
    game = new_game(SMALL)
    set_parameters(game, temperature=8, oxygen=14, oceans=4)
    city_on(game, SMALL_TOLL_SPACE, 28)
    assert me(game)["megacredits"] == 0


def test_a_restricted_space_never_takes_a_tile_R_MAP_1() -> None:
    game = new_game(SMALL)
    set_resources(game, 0, megacredits=100)
    g = game.state
    for tile, rule in (("city", "city"), ("greenery", "greenery"), ("city", "land"),
                       ("ocean", "ocean"), ("special", "isolated")):
        assert "07" not in legal_spaces(g, 0, tile, rule)
    assert legal_spaces(g, 0, "city", "city", space="07") == []


# ---------------------------------------------------------------- random play
@pytest.mark.parametrize("board", [AMAZONIS, SMALL])
def test_random_games_on_other_maps_keep_every_invariant(board: str) -> None:
    """The simulator's invariants (parameters within the map's goals, oceans counted,
    save → load → same state) hold after every move of random games on these maps."""
    registered(board)
    report = simulate(3, 3, 11, board=board)
    assert report.failures == [] and report.games == 3
