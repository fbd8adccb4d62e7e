"""Rules of terraforming and income: production (R-GEN-6), global parameters (R-GLOB),
production limits (R-PROD) and paying (R-PAY), through the public API and the scenario kit."""
from __future__ import annotations

from typing import Any

import pytest

from tm import Game, IllegalMove
from tm.testing import (
    answer,
    choice_types,
    choices,
    give_cards,
    make_game,
    parameters,
    place,
    player_state,
    prompt,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
)

OCEAN_SPACES = {"04", "06", "07", "13", "28", "32", "33", "34", "43", "44", "45", "63"}
QUIET_LAND = "47"  # a land space with no printed bonus and no ocean space next to it
QUIET_OCEAN = "07"  # an ocean space with no printed bonus


# ---------------------------------------------------------------- helpers
def act(game: Game, kind: str, *values: Any, **fields: Any) -> None:
    """Player 0 takes an action; player 1 passes first if it is their turn."""
    waiting = prompt(game)
    if waiting.player != 0 and waiting.kind == "action":
        answer(game, "pass", player=waiting.player)
    answer(game, kind, *values, player=0, **fields)


def pass_until_production(game: Game) -> None:
    """Everyone passes until the production phase has run."""
    while game.pending and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)


def tr(game: Game, p: int = 0) -> int:
    return int(player_state(game, p)["tr"])


def prod(game: Game, p: int = 0) -> dict[str, int]:
    return dict(player_state(game, p)["production"])


def playable(game: Game, name: str, p: int = 0) -> bool:
    return {"type": "play_card", "card": name} in choices(game, p)


def space_choices(game: Game) -> set[str]:
    waiting = prompt(game)
    assert waiting.kind == "space", waiting
    return set(waiting.data["spaces"])


# ---------------------------------------------------------------- production (R-GEN-6)
def test_R_GEN_6_energy_becomes_heat_before_income() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, energy=5, heat=1)
    set_production(game, p0, energy=2, heat=1)
    pass_until_production(game)
    state = player_state(game, p0)
    assert state["heat"] == 1 + 5 + 1  # old heat + converted energy + heat production
    assert state["energy"] == 2  # this generation's energy production is not converted


def test_R_GEN_6_income_is_tr_plus_mc_production_and_one_per_step() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p0, megacredits=4)
    set_production(game, p0, megacredits=-3, steel=2, titanium=1, plants=3)
    set_production(game, p1, megacredits=5)
    pass_until_production(game)
    state = player_state(game, p0)
    assert state["megacredits"] == 4 + 20 - 3
    assert (state["steel"], state["titanium"], state["plants"]) == (2, 1, 3)
    assert player_state(game, p1)["megacredits"] == 20 + 5


def test_R_GEN_6_used_card_actions_are_available_again() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Tardigrades"])
    act(game, "card_action", "Tardigrades")
    assert {"type": "card_action", "card": "Tardigrades"} not in choices(game, p0)
    pass_until_production(game)
    for p in (0, 1):
        answer(game, "cards", [], player=p)
    act(game, "card_action", "Tardigrades")
    assert player_state(game, p0)["card_resources"]["Tardigrades"] == 2


# ---------------------------------------------------------------- ranges (R-GLOB-1)
def test_R_GLOB_1_temperature_has_19_steps_from_minus_30_to_plus_8() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, heat=8 * 20)
    seen = []
    for _ in range(19):
        act(game, "convert_heat")
        if prompt(game).kind == "space":  # the ocean at 0 °C
            answer(game, "space", QUIET_OCEAN)
        seen.append(parameters(game)["temperature"])
    assert seen == list(range(-28, 9, 2))
    assert tr(game) == 20 + 19 + 1  # 19 steps and the bonus ocean
    assert prod(game)["heat"] == 2  # the −24 and −20 °C bonuses
    give_cards(game, p0, ["Asteroid"])
    set_resources(game, p0, megacredits=14)
    act(game, "play_card", "Asteroid")  # a 20th step does not exist
    assert parameters(game)["temperature"] == 8
    assert tr(game) == 40


def test_R_GLOB_1_oxygen_has_14_steps() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=8)
    set_resources(game, p0, plants=8 * 15)
    for step in range(1, 16):
        act(game, "convert_plants")
        answer(game, "space", sorted(space_choices(game))[0])
        assert parameters(game)["oxygen"] == min(step, 14)
    assert tr(game) == 20 + 14


def test_R_GLOB_1_oceans_stop_at_9() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=18 * 9)
    for count in range(1, 10):
        act(game, "standard_project", project="aquifer")
        answer(game, "space", sorted(space_choices(game))[0])
        assert parameters(game)["oceans"] == count
    assert tr(game) == 29
    set_resources(game, p0, megacredits=18)
    act(game, "standard_project", project="aquifer")  # still offered (R-GLOB-5): no 10th ocean
    assert parameters(game)["oceans"] == 9
    assert tr(game) == 29
    assert sum(1 for t in game.view(None)["board"].values() if t["tile"] == "ocean") == 9


# ---------------------------------------------------------------- TR per step (R-GLOB-2)
def test_R_GLOB_2_each_step_gives_the_raising_player_one_tr() -> None:
    game, (p0, p1) = make_game()
    give_cards(game, p0, ["Big Asteroid"])
    set_resources(game, p0, megacredits=27)
    act(game, "play_card", "Big Asteroid")
    assert parameters(game)["temperature"] == -26
    assert (tr(game, p0), tr(game, p1)) == (22, 20)


def test_R_GLOB_2_ocean_tile_gives_one_tr() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=18)
    act(game, "standard_project", project="aquifer")
    answer(game, "space", QUIET_OCEAN)
    assert parameters(game)["oceans"] == 1
    assert tr(game) == 21


# ---------------------------------------------------------------- bonuses (R-GLOB-3)
@pytest.mark.parametrize(("start", "heat_production"), [
    (-26, 1),  # reaches −24
    (-28, 1),  # −26, −24
    (-24, 1),  # −22, −20
    (-22, 1),  # −20, −18
    (-20, 0),  # −18, −16: both marks already passed
    (-30, 0),  # −28, −26: not there yet
])
def test_R_GLOB_3_heat_production_at_minus_24_and_minus_20(start: int,
                                                           heat_production: int) -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=start)
    give_cards(game, p0, ["Big Asteroid"])
    set_resources(game, p0, megacredits=27)
    act(game, "play_card", "Big Asteroid")
    assert parameters(game)["temperature"] == start + 4
    assert prod(game)["heat"] == heat_production
    assert tr(game) == 22


def test_R_GLOB_3_both_marks_in_one_card_give_two_heat_production() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=-26)
    give_cards(game, p0, ["Big Asteroid"])
    set_resources(game, p0, megacredits=27 + 14)
    act(game, "play_card", "Big Asteroid")  # −22: one mark
    act(game, "standard_project", project="asteroid")  # −20: the other
    assert prod(game)["heat"] == 2
    assert tr(game) == 23


def test_R_GLOB_3_reaching_0_asks_for_an_ocean_space() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=-2)
    set_resources(game, p0, megacredits=14)
    act(game, "standard_project", project="asteroid")
    assert parameters(game)["temperature"] == 0
    assert prompt(game).player == p0
    assert space_choices(game) == OCEAN_SPACES
    answer(game, "space", QUIET_OCEAN)
    assert parameters(game)["oceans"] == 1
    assert game.view(None)["board"][QUIET_OCEAN]["tile"] == "ocean"
    assert tr(game) == 22


def test_R_GLOB_3_no_ocean_at_0_when_nine_are_out() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=-2, oceans=9)
    set_resources(game, p0, megacredits=14)
    act(game, "standard_project", project="asteroid")
    assert parameters(game)["temperature"] == 0
    assert parameters(game)["oceans"] == 9
    assert prompt(game).kind == "action"  # straight on to the next action
    assert tr(game) == 21


# ---------------------------------------------------------------- oxygen 8 % (R-GLOB-4)
def _greenery_at_oxygen_7(temperature: int) -> Game:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=temperature, oxygen=7)
    set_resources(game, p0, megacredits=23)
    act(game, "standard_project", project="greenery")
    answer(game, "space", QUIET_LAND)
    return game


def test_R_GLOB_4_oxygen_8_raises_temperature() -> None:
    game = _greenery_at_oxygen_7(-10)
    assert parameters(game)["oxygen"] == 8
    assert parameters(game)["temperature"] == -8
    assert tr(game) == 22  # oxygen step and temperature step


def test_R_GLOB_4_oxygen_chain_crossing_minus_24_gives_heat_production() -> None:
    game = _greenery_at_oxygen_7(-26)
    assert parameters(game)["temperature"] == -24
    assert prod(game)["heat"] == 1
    assert tr(game) == 22


def test_R_GLOB_4_oxygen_chain_reaching_minus_20_gives_heat_production() -> None:
    game = _greenery_at_oxygen_7(-22)
    assert parameters(game)["temperature"] == -20
    assert prod(game)["heat"] == 1
    assert tr(game) == 22


def test_R_GLOB_4_oxygen_chain_reaching_0_places_an_ocean() -> None:
    game = _greenery_at_oxygen_7(-2)
    assert parameters(game)["temperature"] == 0
    assert space_choices(game) == OCEAN_SPACES
    answer(game, "space", QUIET_OCEAN)
    assert parameters(game)["oceans"] == 1
    assert tr(game) == 23  # oxygen, temperature, ocean


def test_R_GLOB_4_two_oxygen_steps_through_8_raise_temperature_once() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=-10, oxygen=7)
    set_production(game, p0, energy=2)
    give_cards(game, p0, ["Strip Mine"])
    set_resources(game, p0, megacredits=25)
    act(game, "play_card", "Strip Mine")
    assert parameters(game)["oxygen"] == 9
    assert parameters(game)["temperature"] == -8
    assert tr(game) == 23


def test_R_GLOB_4_no_temperature_step_when_temperature_is_maxed() -> None:
    game = _greenery_at_oxygen_7(8)
    assert parameters(game)["oxygen"] == 8
    assert parameters(game)["temperature"] == 8
    assert tr(game) == 21


# ---------------------------------------------------------------- maxed (R-GLOB-5)
def test_R_GLOB_5_maxed_temperature_card_still_playable_without_tr() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=8)
    give_cards(game, p0, ["Asteroid"])
    set_resources(game, p0, megacredits=14)
    assert playable(game, "Asteroid")
    act(game, "play_card", "Asteroid")
    assert parameters(game)["temperature"] == 8
    assert tr(game) == 20
    assert player_state(game, p0)["titanium"] == 2  # the rest of the card still happens


def test_R_GLOB_5_maxed_oxygen_greenery_gives_no_tr() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, oxygen=14)
    set_resources(game, p0, plants=8)
    act(game, "convert_plants")
    answer(game, "space", QUIET_LAND)
    assert game.view(None)["board"][QUIET_LAND] == {"tile": "greenery", "owner": p0}
    assert parameters(game)["oxygen"] == 14
    assert tr(game) == 20


def test_R_GLOB_5_big_asteroid_at_plus_6_raises_only_one_step() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=6)
    give_cards(game, p0, ["Big Asteroid"])
    set_resources(game, p0, megacredits=27)
    act(game, "play_card", "Big Asteroid")
    assert parameters(game)["temperature"] == 8
    assert tr(game) == 21
    assert player_state(game, p0)["titanium"] == 4


def test_R_GLOB_5_comet_playable_with_nine_oceans() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, oceans=9)
    give_cards(game, p0, ["Comet"])
    set_resources(game, p0, megacredits=21)
    assert playable(game, "Comet")
    act(game, "play_card", "Comet")
    assert parameters(game)["oceans"] == 9
    assert parameters(game)["temperature"] == -28
    assert tr(game) == 21  # the temperature step only
    assert prompt(game).kind == "action"


def test_R_GLOB_5_towing_a_comet_on_finished_mars_gives_only_plants() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    give_cards(game, p0, ["Towing A Comet"])
    set_resources(game, p0, megacredits=23)
    act(game, "play_card", "Towing A Comet")
    assert player_state(game, p0)["plants"] == 2
    assert tr(game) == 20


# ---------------------------------------------------------------- where TR comes from (R-GLOB-6)
def test_R_GLOB_6_claiming_a_milestone_does_not_raise_tr() -> None:
    game, (p0, _) = make_game()
    for space in ("03", "05", "10"):
        place(game, space, "greenery", p0)
    set_resources(game, p0, megacredits=8)
    act(game, "claim_milestone", "Gardener")
    assert game.view(None)["milestones"] == [["Gardener", p0]]
    assert tr(game) == 20


def test_R_GLOB_6_explicit_tr_effect_raises_tr_without_parameters() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Release of Inert Gases"])
    set_resources(game, p0, megacredits=14)
    before = parameters(game)
    act(game, "play_card", "Release of Inert Gases")
    assert tr(game) == 22
    assert parameters(game) == before


def test_R_GLOB_6_projects_without_parameter_steps_leave_tr() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Sponsors"])
    set_resources(game, p0, megacredits=11 + 6)
    act(game, "standard_project", project="power_plant")
    act(game, "play_card", "Sponsors")
    assert prod(game)["energy"] == 1
    assert prod(game)["megacredits"] == 2
    assert tr(game) == 20


# ---------------------------------------------------------------- floors (R-PROD-1)
def test_R_PROD_1_mc_production_may_go_down_to_minus_5() -> None:
    game, (p0, _) = make_game()
    set_production(game, p0, megacredits=-4)
    give_cards(game, p0, ["Investment Loan"])
    set_resources(game, p0, megacredits=3)
    act(game, "play_card", "Investment Loan")
    assert prod(game)["megacredits"] == -5
    assert player_state(game, p0)["megacredits"] == 10


def test_R_PROD_1_mc_production_never_below_minus_5() -> None:
    game, (p0, _) = make_game()
    set_production(game, p0, megacredits=-5)
    give_cards(game, p0, ["Investment Loan"])
    set_resources(game, p0, megacredits=3)
    assert not playable(game, "Investment Loan")
    with pytest.raises(IllegalMove):
        game.respond(p0, {"type": "play_card", "card": "Investment Loan"})
    assert prod(game)["megacredits"] == -5
    assert player_state(game, p0)["megacredits"] == 3


@pytest.mark.parametrize(("name", "resource", "cost"), [
    ("Food Factory", "plants", 12),
    ("Carbonate Processing", "energy", 6),
])
def test_R_PROD_1_other_productions_never_below_0(name: str, resource: str, cost: int) -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, [name])
    set_resources(game, p0, megacredits=cost)
    assert not playable(game, name)
    set_production(game, p0, **{resource: 1})
    assert playable(game, name)
    act(game, "play_card", name)
    assert prod(game)[resource] == 0


def test_R_PROD_1_resources_never_below_0() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Local Heat Trapping"])
    set_resources(game, p0, megacredits=1, heat=4)
    assert not playable(game, "Local Heat Trapping")
    set_resources(game, p0, heat=5)
    act(game, "play_card", "Local Heat Trapping")
    # with no animal card the plants are the only option: no prompt
    assert player_state(game, p0)["heat"] == 0
    assert player_state(game, p0)["plants"] == 4


# ---------------------------------------------------------------- own production (R-PROD-2)
def test_R_PROD_2_lowering_own_mc_production_below_minus_5_is_not_playable() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Nuclear Power"])
    set_resources(game, p0, megacredits=10)
    set_production(game, p0, megacredits=-4)
    assert not playable(game, "Nuclear Power")
    set_production(game, p0, megacredits=-3)
    act(game, "play_card", "Nuclear Power")
    assert prod(game)["megacredits"] == -5
    assert prod(game)["energy"] == 3


def test_R_PROD_2_lowering_own_energy_needs_that_energy_production() -> None:
    game, (p0, p1) = make_game()
    set_production(game, p1, energy=3)  # someone else's energy does not help
    give_cards(game, p0, ["Noctis City"])
    set_resources(game, p0, megacredits=18)
    assert not playable(game, "Noctis City")
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "play_card", "card": "Noctis City"})
    assert error.value.rule == "R-PROD-2"


# ---------------------------------------------------------------- red borders (R-PROD-3)
def test_R_PROD_3_decrease_targets_the_player_who_has_the_production() -> None:
    game, (p0, p1) = make_game()
    set_production(game, p1, heat=2)
    give_cards(game, p0, ["Heat Trappers"])
    set_resources(game, p0, megacredits=6)
    act(game, "play_card", "Heat Trappers")
    assert prod(game, p1)["heat"] == 0
    assert prod(game, p0)["energy"] == 1


def test_R_PROD_3_decrease_may_have_to_target_yourself() -> None:
    game, (p0, p1) = make_game()
    set_production(game, p0, heat=3)
    set_production(game, p1, heat=1)  # too little to lose 2
    give_cards(game, p0, ["Heat Trappers"])
    set_resources(game, p0, megacredits=6)
    act(game, "play_card", "Heat Trappers")
    assert prod(game, p0)["heat"] == 1
    assert prod(game, p0)["energy"] == 1
    assert prod(game, p1)["heat"] == 1


def test_R_PROD_3_not_playable_when_nobody_has_the_production() -> None:
    game, (p0, p1) = make_game()
    set_production(game, p0, heat=1)
    set_production(game, p1, heat=1)
    give_cards(game, p0, ["Heat Trappers"])
    set_resources(game, p0, megacredits=6)
    assert not playable(game, "Heat Trappers")


def test_R_PROD_3_decrease_is_mandatory_when_several_could_lose_it() -> None:
    game, (p0, p1) = make_game()
    set_production(game, p0, heat=2)
    set_production(game, p1, heat=4)
    give_cards(game, p0, ["Heat Trappers"])
    set_resources(game, p0, megacredits=6)
    act(game, "play_card", "Heat Trappers")
    assert prompt(game).kind == "player"
    assert choice_types(game) == ["player", "player"]  # no "none"
    with pytest.raises(IllegalMove):
        game.respond(p0, {"type": "none"})
    answer(game, "player", p1)
    assert (prod(game, p0)["heat"], prod(game, p1)["heat"]) == (2, 2)


def test_R_PROD_3_removing_plants_is_optional() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p1, plants=5)
    give_cards(game, p0, ["Asteroid"])
    set_resources(game, p0, megacredits=14)
    act(game, "play_card", "Asteroid")
    assert "none" in choice_types(game)
    assert {c.get("player") for c in choices(game)} == {p1, None}
    answer(game, "none")
    assert player_state(game, p1)["plants"] == 5
    assert parameters(game)["temperature"] == -28


def test_R_PROD_3_removing_plants_is_limited_to_what_the_target_has() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p1, plants=2)
    set_resources(game, p0, plants=6)
    give_cards(game, p0, ["Asteroid"])
    set_resources(game, p0, megacredits=14)
    act(game, "play_card", "Asteroid")
    answer(game, "player", p1)
    assert player_state(game, p1)["plants"] == 0
    assert player_state(game, p0)["plants"] == 6


def test_R_PROD_3_no_removal_question_when_nobody_has_plants() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Asteroid"])
    set_resources(game, p0, megacredits=14)
    act(game, "play_card", "Asteroid")
    assert prompt(game).kind == "action"
    assert player_state(game, p0)["titanium"] == 2


# ---------------------------------------------------------------- paying (R-PAY)
def test_R_PAY_1_steel_pays_building_cards_at_2() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Geothermal Power"])  # 11, building
    set_resources(game, p0, megacredits=5, steel=3)
    act(game, "play_card", "Geothermal Power")
    assert prompt(game).kind == "pay"
    assert prompt(game).data["rates"] == {"megacredits": 1, "steel": 2}
    answer(game, "pay", megacredits=5, steel=3)
    state = player_state(game, p0)
    assert (state["megacredits"], state["steel"]) == (0, 0)
    assert state["production"]["energy"] == 2


def test_R_PAY_1_steel_does_not_pay_other_cards() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Sponsors"])  # 6, earth
    set_resources(game, p0, megacredits=5, steel=10)
    assert not playable(game, "Sponsors")
    set_resources(game, p0, megacredits=6)
    act(game, "play_card", "Sponsors")  # paid in MC without asking
    state = player_state(game, p0)
    assert (state["megacredits"], state["steel"]) == (0, 10)


def test_R_PAY_1_titanium_pays_space_cards_at_3() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Asteroid"])  # 14, space
    set_resources(game, p0, megacredits=2, titanium=4, steel=5)
    act(game, "play_card", "Asteroid")
    assert prompt(game).data["rates"] == {"megacredits": 1, "titanium": 3}
    answer(game, "pay", megacredits=2, titanium=4)
    state = player_state(game, p0)
    assert (state["megacredits"], state["steel"]) == (0, 5)
    assert state["titanium"] == 2  # 4 paid, 2 gained by the card


def test_R_PAY_1_titanium_refused_for_a_building_card() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Geothermal Power"])
    set_resources(game, p0, megacredits=11, steel=1, titanium=4)
    act(game, "play_card", "Geothermal Power")
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "pay", "megacredits": 2, "titanium": 3})
    assert error.value.rule == "R-PAY-1"
    assert "titanium" not in prompt(game).data["use"]  # never offered
    answer(game, "pay", megacredits=11, steel=0)
    assert player_state(game, p0)["titanium"] == 4


def test_R_PAY_1_card_effects_raise_metal_values() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Advanced Alloys"])
    give_cards(game, p0, ["Geothermal Power"])
    set_resources(game, p0, megacredits=2, steel=3)
    act(game, "play_card", "Geothermal Power")
    assert prompt(game).data["rates"]["steel"] == 3
    answer(game, "pay", megacredits=2, steel=3)
    assert player_state(game, p0)["megacredits"] == 0


def test_R_PAY_2_overpaying_with_steel_gives_no_change() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Geothermal Power"])  # 11
    set_resources(game, p0, megacredits=3, steel=6)  # 12 MC of steel
    act(game, "play_card", "Geothermal Power")
    answer(game, "pay", megacredits=0, steel=6)
    state = player_state(game, p0)
    assert (state["megacredits"], state["steel"]) == (3, 0)
    assert "Geothermal Power" in state["played"]


def test_R_PAY_2_overpaying_with_titanium_gives_no_change() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Asteroid"])  # 14
    set_resources(game, p0, megacredits=0, titanium=5)  # 15 MC of titanium
    act(game, "play_card", "Asteroid")
    answer(game, "pay", titanium=5)
    state = player_state(game, p0)
    assert (state["megacredits"], state["titanium"]) == (0, 2)


@pytest.mark.parametrize("payment", [
    {"megacredits": 1, "steel": 6},  # a spare MC on top of enough steel
    {"megacredits": 12, "steel": 0},  # one MC more than the cost
    {"megacredits": 2, "steel": 5},  # 12: the spare MC could be left out
    {"megacredits": 4, "steel": 3},  # 10: too little
])
def test_R_PAY_2_payment_with_a_spare_or_missing_unit_is_refused(payment: dict[str, int]) -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Geothermal Power"])
    set_resources(game, p0, megacredits=20, steel=6)
    act(game, "play_card", "Geothermal Power")
    with pytest.raises(IllegalMove):
        game.respond(p0, {"type": "pay", **payment})
    assert prompt(game).kind == "pay"
    assert player_state(game, p0)["megacredits"] == 20
    assert player_state(game, p0)["steel"] == 6


def test_R_PAY_2_offered_payments_have_no_spare_units() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Geothermal Power"])
    set_resources(game, p0, megacredits=20, steel=6)
    act(game, "play_card", "Geothermal Power")
    offered = set()
    for steel in range(7):  # every amount of steel the stepper can reach
        trial = game.copy()
        if steel:
            trial.respond(p0, {"type": "use", "resource": "steel", "amount": steel})
        for c in prompt(trial).choices():
            if c["type"] == "confirm":
                offered.add((c.label["paid"]["megacredits"], c.label["paid"]["steel"]))
    assert offered == {(11, 0), (9, 1), (7, 2), (5, 3), (3, 4), (1, 5), (0, 6)}
    with pytest.raises(IllegalMove):  # a 7th steel would be a whole spare unit
        game.respond(p0, {"type": "use", "resource": "steel", "amount": 7})


def test_R_PAY_3_discount_lowers_the_cost() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Earth Office"])
    give_cards(game, p0, ["Sponsors"])  # 6, earth
    set_resources(game, p0, megacredits=2)
    assert not playable(game, "Sponsors")
    set_resources(game, p0, megacredits=3)
    act(game, "play_card", "Sponsors")
    assert player_state(game, p0)["megacredits"] == 0


def test_R_PAY_3_discounts_add_up() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Earth Office", "Research Outpost"])
    give_cards(game, p0, ["Acquired Company"])  # 10, earth: 10 − 3 − 1
    set_resources(game, p0, megacredits=7)
    act(game, "play_card", "Acquired Company")
    assert player_state(game, p0)["megacredits"] == 1


def test_R_PAY_3_cost_never_goes_below_0() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Indentured Workers", "Earth Office"])  # −8 on a card costing 1
    act(game, "play_card", "Indentured Workers")
    act(game, "play_card", "Earth Office")
    state = player_state(game, p0)
    assert state["megacredits"] == 0
    assert "Earth Office" in state["played"]
