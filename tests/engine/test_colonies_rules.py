"""The Colonies rules (R-COL-1 to R-COL-5, R-SOLO-5), each through scenarios built with
the kit and played through the public API."""
from __future__ import annotations

from typing import Any

import pytest

from tm import Game, IllegalMove, Options
from tm.testing import (
    answer,
    choice_types,
    choices,
    colony_tiles,
    finish_setup,
    give_colony,
    make_game,
    player_state,
    prompt,
    put_in_play,
    set_colony_tiles,
    set_fleets,
    set_marker,
    set_resources,
)

COLONIES = ["corpera", "colonies"]


def _trades(game: Any) -> list[str]:
    return [c["tile"] for c in choices(game) if c["type"] == "trade"]


def _pass_generation(game: Any) -> None:
    """Everyone passes and buys nothing until the next action phase."""
    start = game.state.generation
    while game.state.generation == start or prompt(game).kind != "action":
        waiting = prompt(game)
        if waiting.kind == "action":
            answer(game, "pass")
        elif waiting.kind == "cards":
            answer(game, "cards", [])
        else:
            game.respond(waiting.player, waiting.choices()[0])


# ---------------------------------------------------------------- R-COL-1
@pytest.mark.parametrize(("players", "tiles"), [(2, 5), (3, 5), (4, 6), (5, 7)])
def test_tiles_in_play_by_player_count_R_COL_1(players: int, tiles: int) -> None:
    game = Game.new(Options(players=players, seed=11, expansions=COLONIES))
    section = game.view(0)["expansions"]["colonies"]
    assert len(section["tiles"]) == tiles
    assert len(section["unused"]) == 11 - tiles
    assert all(t["marker"] == 1 and t["colonies"] == [] for t in section["tiles"])
    assert [f["total"] for f in section["fleets"]] == [1] * players  # one fleet each


def test_tiles_are_drawn_by_the_seed_R_COL_1() -> None:
    drawn = {tuple(t["name"] for t in Game.new(Options(players=2, seed=s, expansions=COLONIES))
                   .view(0)["expansions"]["colonies"]["tiles"]) for s in range(6)}
    assert len(drawn) > 1
    again = Game.new(Options(players=2, seed=3, expansions=COLONIES)).view(0)
    assert again["expansions"] == Game.new(Options(players=2, seed=3,
                                                   expansions=COLONIES)).view(0)["expansions"]


def test_solo_keeps_three_of_four_tiles_in_the_setup_decision_R_COL_1() -> None:
    game = Game.new(Options(players=1, seed=5, expansions=COLONIES))
    offer = next(o for o in prompt(game).data["offers"] if o["name"] == "colony_tiles")
    dealt = list(offer["cards"])
    assert len(dealt) == 4 and offer["keep"] == 3
    assert "done" not in choice_types(game)  # three must be kept first
    corporation = prompt(game).data["corporations"][0]
    answer(game, "corporation", corporation)
    for name in dealt[1:]:
        answer(game, "keep", offer="colony_tiles", card=name)
    assert not [c for c in prompt(game).choices() if c["type"] == "keep"]  # no fourth
    answer(game, "done")
    section = game.view(0)["expansions"]["colonies"]
    assert sorted(t["name"] for t in section["tiles"]) == sorted(dealt[1:])
    assert dealt[0] in section["unused"] and len(section["unused"]) == 8


def test_solo_starts_with_minus_2_mc_production_R_SOLO_5() -> None:
    game = Game.new(Options(players=1, seed=2, expansions=COLONIES))
    assert game.state.players[0].prod["megacredits"] == -2
    finish_setup(game)
    plain = Game.new(Options(players=1, seed=2, expansions=["corpera"]))
    assert plain.state.players[0].prod["megacredits"] == 0


def test_two_players_are_not_asked_about_tiles_R_COL_1() -> None:
    game = Game.new(Options(players=2, seed=5, expansions=COLONIES))
    assert not prompt(game).data.get("offers")


# ---------------------------------------------------------------- R-COL-2
def test_a_tile_waits_for_a_card_that_holds_its_resource_R_COL_2() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Enceladus", "Luna"])
    set_resources(game, 0, megacredits=40)
    assert colony_tiles(game)["Enceladus"]["active"] is False
    assert _trades(game) == ["Luna"]
    answer(game, "standard_project", "build_colony")  # only Luna can take a colony
    assert colony_tiles(game)["Luna"]["colonies"] == [0]
    put_in_play(game, 1, ["Decomposers"])  # any player's microbe card wakes it up
    assert colony_tiles(game)["Enceladus"]["active"] is True
    assert "Enceladus" in _trades(game)


def test_an_inactive_tile_keeps_its_marker_at_generation_end_R_COL_2() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Titan", "Io"])
    _pass_generation(game)
    assert colony_tiles(game)["Titan"]["marker"] == 1
    assert colony_tiles(game)["Io"]["marker"] == 2


# ---------------------------------------------------------------- R-COL-3
def test_build_colony_costs_17_mc_R_SP_7_R_COL_3() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Ceres"])
    set_resources(game, 0, megacredits=16)
    assert not [c for c in choices(game) if c.get("project") == "build_colony"]
    set_resources(game, 0, megacredits=17)
    answer(game, "standard_project", "build_colony")
    assert player_state(game, 0)["megacredits"] == 0
    assert player_state(game, 0)["production"]["steel"] == 1


def test_one_colony_per_player_per_tile_and_three_per_tile_R_COL_3() -> None:
    game, _ = make_game(3, expansions=COLONIES)
    set_colony_tiles(game, ["Ceres", "Io"])
    give_colony(game, 0, "Ceres")
    set_resources(game, 0, megacredits=17)
    answer(game, "standard_project", "build_colony")  # Ceres is out: Io without asking
    assert colony_tiles(game)["Io"]["colonies"] == [0]
    give_colony(game, 1, "Io")
    give_colony(game, 2, "Io")
    set_resources(game, 0, megacredits=17)
    assert not [c for c in choices(game) if c.get("project") == "build_colony"]
    with pytest.raises(IllegalMove):
        game.respond(0, {"type": "standard_project", "project": "build_colony"})


def test_the_marker_moves_up_to_the_colony_count_R_COL_3() -> None:
    game, _ = make_game(3, expansions=COLONIES)
    set_colony_tiles(game, ["Ganymede"])
    give_colony(game, 1, "Ganymede")
    set_marker(game, "Ganymede", 1)
    set_resources(game, 0, megacredits=17)
    answer(game, "standard_project", "build_colony")
    assert colony_tiles(game)["Ganymede"]["marker"] == 2  # two colonies now
    set_marker(game, "Ganymede", 5)
    give_colony(game, 2, "Ganymede")
    assert colony_tiles(game)["Ganymede"]["marker"] == 5  # never down by building


# ---------------------------------------------------------------- R-COL-4
@pytest.mark.parametrize(("resources", "paid"), [
    ({"megacredits": 9}, {"megacredits": 9}),
    ({"energy": 3}, {"energy": 3}),
    ({"titanium": 3}, {"titanium": 3}),
])
def test_a_trade_costs_9_mc_or_3_energy_or_3_titanium_R_COL_4(
        resources: dict[str, int], paid: dict[str, int]) -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Callisto"])
    short = {r: n - 1 for r, n in resources.items()}
    set_resources(game, 0, **short)
    assert _trades(game) == []
    set_resources(game, 0, **resources)
    answer(game, "trade", "Callisto")
    for r, n in paid.items():
        assert player_state(game, 0)[r] == resources[r] - n + (2 if r == "energy" else 0)


def test_the_trader_chooses_the_fee_and_discounts_lower_each_R_COL_4() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Triton"])
    put_in_play(game, 0, ["Cryo-Sleep", "Rim Freighters"])
    set_resources(game, 0, megacredits=7, energy=1, titanium=1)
    answer(game, "trade", "Triton")
    fees = {c.label["resource"]: c.label["amount"] for c in prompt(game).choices()}
    assert fees == {"megacredits": 7, "energy": 1, "titanium": 1}
    answer(game, "option", 2)  # titanium
    assert player_state(game, 0)["titanium"] == 1 - 1 + 1  # Triton at 1: 1 titanium


def test_a_tile_takes_one_fleet_per_generation_R_COL_4() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Io", "Luna"])
    set_fleets(game, 0, 2)
    set_resources(game, 0, megacredits=18)
    set_resources(game, 1, megacredits=9)
    answer(game, "trade", "Io")
    assert _trades(game) == ["Luna"]  # Io is visited; a second fleet may go elsewhere
    answer(game, "trade", "Luna")
    assert _trades(game) == []  # player 1: both tiles are visited this generation
    with pytest.raises(IllegalMove):
        game.respond(1, {"type": "trade", "tile": "Io"})


def test_one_fleet_means_one_trade_R_COL_4() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Io", "Luna"])
    set_resources(game, 0, megacredits=18)
    answer(game, "trade", "Io")
    assert _trades(game) == []


def test_a_trade_offset_may_raise_the_marker_first_R_COL_4() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Luna"])
    put_in_play(game, 0, ["Trade Envoys"])
    set_marker(game, "Luna", 3)
    set_resources(game, 0, megacredits=9)
    answer(game, "trade", "Luna")
    assert [c.label["marker"] for c in prompt(game).choices()] == [3, 4]
    answer(game, "option", 1)
    assert player_state(game, 0)["megacredits"] == 10  # Luna at 4
    assert colony_tiles(game)["Luna"]["marker"] == 0


# ---------------------------------------------------------------- R-COL-5
def test_markers_rise_each_generation_to_6_and_fleets_return_R_COL_5() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Ceres", "Io"])
    set_marker(game, "Io", 6)
    set_resources(game, 0, megacredits=9)
    answer(game, "trade", "Ceres")
    assert colony_tiles(game)["Ceres"] == {"marker": 0, "colonies": [], "visitor": 0,
                                           "active": True}
    _pass_generation(game)
    tiles = colony_tiles(game)
    assert tiles["Ceres"]["marker"] == 1 and tiles["Ceres"]["visitor"] is None
    assert tiles["Io"]["marker"] == 6  # never above 6
    assert game.view(0)["expansions"]["colonies"]["fleets"][0] == {"total": 1, "free": 1}


def test_colonies_count_for_the_constructor_award() -> None:
    from tm.rules.milestones import award_value
    game, _ = make_game(2, expansions=COLONIES, board="amazonis_planitia")
    set_colony_tiles(game, ["Ceres", "Io"])
    give_colony(game, 1, "Ceres")
    give_colony(game, 1, "Io")
    assert award_value(game.state, 1, "Constructor") == 2


def test_the_view_shows_tiles_fleets_and_what_building_and_trading_give() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Luna", "Pluto"])
    give_colony(game, 1, "Luna")
    set_marker(game, "Luna", 3)
    set_resources(game, 0, megacredits=9)
    section = game.view(0)["expansions"]["colonies"]
    luna = section["tiles"][0]
    assert (luna["name"], luna["marker"], luna["colonies"], luna["visitor"], luna["active"]) == (
        "Luna", 3, [1], None, True)
    assert luna["trade"] == [{"k": "gain", "res": {"megacredits": 7}}]
    assert luna["build"] == [{"k": "prod", "res": {"megacredits": 2}}]
    assert luna["bonus"] == [{"k": "gain", "res": {"megacredits": 2}}]
    assert section["you"]["trade"] == ["Luna", "Pluto"]
    assert section["you"]["fees"] == {"megacredits": 9}
    assert section["you"]["build"] == ["Luna", "Pluto"]
    assert section["build_cost"] == 17


def test_a_trade_choice_says_what_it_gives_and_costs_R_COL_4() -> None:
    game, _ = make_game(2, expansions=COLONIES)
    set_colony_tiles(game, ["Io"])
    give_colony(game, 1, "Io")
    set_marker(game, "Io", 4)
    set_resources(game, 0, megacredits=9, energy=3)
    label = next(c.label for c in prompt(game).choices() if c["type"] == "trade")
    assert label == {"key": "trade", "tile": "Io", "marker": 4,
                     "gain": [{"k": "gain", "res": {"heat": 8}}],
                     "fees": {"megacredits": 9, "energy": 3}, "colonies": [1]}


def test_a_corporation_that_holds_floaters_wakes_titan_R_COL_2() -> None:
    game, _ = make_game(2, expansions=COLONIES, corporations=[None, "Stormcraft Incorporated"])
    set_colony_tiles(game, ["Titan", "Miranda"])
    tiles = colony_tiles(game)
    assert (tiles["Titan"]["active"], tiles["Miranda"]["active"]) == (True, False)
    set_resources(game, 0, megacredits=17)
    answer(game, "standard_project", "build_colony")  # Titan: player 0 has no floater card
    assert colony_tiles(game)["Titan"]["colonies"] == [0]
    assert player_state(game, 0)["card_resources"] == {}  # the 3 floaters are lost
