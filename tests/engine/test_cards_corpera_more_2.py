"""Card behaviour, part two: the tiles, Land Claim, card resources, Robotic Workforce
and the blue actions of tm/cards/corpera_more.py (helpers and the pure data table are
in test_cards_corpera_more.py).
"""
from __future__ import annotations

from tests.engine.test_cards_corpera_more import (
    act,
    can_play,
    can_use,
    card_vp,
    held,
    me,
    new_game,
    offered_cards,
    offered_spaces,
    play,
    prod,
    tiles,
    use,
    waiting_kind,
)
from tm.testing import (
    answer,
    give_cards,
    place,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
)


# ================================================================ tiles
def test_corporate_stronghold_places_a_city_R_TILE_4() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    place(game, "47", "city", 1)
    play(game, "Corporate Stronghold")
    spaces = offered_spaces(game)
    assert "48" not in spaces and "54" not in spaces and "55" in spaces
    act(game, "space", "55")
    assert tiles(game)["55"] == {"tile": "city", "owner": 0}
    assert prod(game)["megacredits"] == 3
    assert prod(game)["energy"] == 0
    assert card_vp(game) == -2


def test_corporate_stronghold_needs_energy_production_R_PROD_2() -> None:
    game = new_game()
    give_cards(game, 0, ["Corporate Stronghold"])
    set_resources(game, 0, megacredits=11)
    assert not can_play(game, "Corporate Stronghold")


def test_commercial_district_scores_one_vp_per_adjacent_city() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    play(game, "Commercial District")
    act(game, "space", "48")
    assert tiles(game)["48"] == {"tile": "commercial_district", "owner": 0,
                                 "card": "Commercial District"}
    assert prod(game)["megacredits"] == 4
    assert prod(game)["energy"] == 0
    assert card_vp(game) == 0
    place(game, "47", "city", 1)
    place(game, "49", "city", 0)
    place(game, "55", "greenery", 0)
    assert card_vp(game) == 2


def test_mining_area_goes_on_a_metal_space_next_to_own_tile_and_adds_its_production() -> None:
    game = new_game()
    place(game, "54", "greenery", 0)
    place(game, "57", "greenery", 1)  # not ours: 58 (titanium) is not offered
    play(game, "Mining Area")
    assert offered_spaces(game) == ["53", "59", "60"]
    act(game, "space", "53")
    assert tiles(game)["53"]["tile"] == "mining_area"
    assert prod(game)["steel"] == 1
    assert me(game)["steel"] == 2  # the space's placement bonus (R-TILE-5)


def test_mining_area_on_a_titanium_space_adds_titanium_production() -> None:
    game = new_game()
    place(game, "57", "city", 0)
    play(game, "Mining Area")
    assert tiles(game)["58"]["tile"] == "mining_area"  # the only legal space
    assert prod(game)["titanium"] == 1
    assert prod(game)["steel"] == 0


def test_mining_area_cannot_be_played_without_a_metal_space_next_to_own_tile() -> None:
    game = new_game()
    place(game, "48", "city", 0)
    give_cards(game, 0, ["Mining Area"])
    set_resources(game, 0, megacredits=4)
    assert not can_play(game, "Mining Area")


def test_industrial_center_goes_next_to_a_city_and_buys_steel_production() -> None:
    game = new_game()
    place(game, "03", "city", 1)
    play(game, "Industrial Center")
    assert offered_spaces(game) == ["08", "09"]  # 04 is an ocean space
    act(game, "space", "09")
    assert tiles(game)["09"]["owner"] == 0
    set_resources(game, 0, megacredits=6)
    assert not can_use(game, "Industrial Center")
    set_resources(game, 0, megacredits=7)
    use(game, "Industrial Center")
    assert prod(game)["steel"] == 1
    assert me(game)["megacredits"] == 0


def test_restricted_area_places_its_tile_and_draws_a_card_for_2_mc() -> None:
    game = new_game()
    play(game, "Restricted Area")
    assert "31" not in offered_spaces(game)  # reserved for Noctis City (R-TILE-2)
    act(game, "space", "48")
    assert tiles(game)["48"]["tile"] == "restricted_area"
    set_resources(game, 0, megacredits=1)
    assert not can_use(game, "Restricted Area")
    set_resources(game, 0, megacredits=2)
    use(game, "Restricted Area")
    assert me(game)["megacredits"] == 0
    assert len(me(game)["hand"]) == 1


def test_land_claim_reserves_a_space_for_its_owner_only() -> None:
    game = new_game()
    play(game, "Land Claim")
    spaces = offered_spaces(game)
    assert "31" not in spaces and "04" not in spaces and "53" in spaces  # land, not reserved
    act(game, "space", "53")
    assert tiles(game)["53"] == {"tile": None, "owner": None, "claim": 0}
    set_resources(game, 1, megacredits=25)
    answer(game, "pass", player=0)
    answer(game, "standard_project", "city", player=1)
    assert "53" not in offered_spaces(game, 1)
    answer(game, "space", "47", player=1)
    assert game.scores()[0]["total"] == 20  # the claim scores nothing and breaks nothing


def test_land_claim_owner_places_there_and_takes_the_placement_bonus() -> None:
    game = new_game()
    play(game, "Land Claim")
    act(game, "space", "53")
    set_resources(game, 0, megacredits=25)
    act(game, "standard_project", "city")
    assert "53" in offered_spaces(game)
    act(game, "space", "53")
    assert tiles(game)["53"] == {"tile": "city", "owner": 0}
    assert me(game)["steel"] == 2
    assert game.view(0)["board"]["53"]["tile"] == "city"


def test_land_claim_blocks_other_players_greenery_next_to_their_tiles_R_TILE_3() -> None:
    game = new_game()
    play(game, "Land Claim")
    act(game, "space", "48")
    place(game, "47", "city", 1)
    set_resources(game, 1, plants=8)
    answer(game, "pass", player=0)
    answer(game, "convert_plants", player=1)
    spaces = offered_spaces(game, 1)
    assert "48" not in spaces and "46" in spaces


# ================================================================ card resources and copies
def test_ceos_favorite_project_adds_to_a_card_already_holding_resources() -> None:
    game = new_game()
    put_in_play(game, 0, ["Tardigrades", "Security Fleet"], resources=2)
    put_in_play(game, 0, ["Physics Complex"])
    play(game, "CEO's Favorite Project")
    assert offered_cards(game) == ["Security Fleet", "Tardigrades"]
    act(game, "card", "Security Fleet")
    assert held(game, "Security Fleet") == 3
    assert held(game, "Tardigrades") == 2
    assert held(game, "Physics Complex") == 0


def test_ceos_favorite_project_needs_a_card_holding_a_resource() -> None:
    game = new_game()
    put_in_play(game, 0, ["Tardigrades"])
    give_cards(game, 0, ["CEO's Favorite Project"])
    set_resources(game, 0, megacredits=1)
    assert not can_play(game, "CEO's Favorite Project")


def test_robotic_workforce_copies_the_production_box_of_a_building_card() -> None:
    game = new_game()
    put_in_play(game, 0, ["Building Industries", "Mine", "Research", "Sponsors"])
    set_production(game, 0, energy=1)
    play(game, "Robotic Workforce")
    assert offered_cards(game) == ["Building Industries", "Mine"]  # building cards only
    act(game, "card", "Building Industries")
    assert prod(game)["energy"] == 0
    assert prod(game)["steel"] == 2


def test_robotic_workforce_skips_boxes_that_cannot_be_applied_R_PROD_2() -> None:
    game = new_game()
    put_in_play(game, 0, ["Building Industries", "Mine"])
    play(game, "Robotic Workforce")  # no energy production: only Mine is eligible
    assert prod(game)["steel"] == 1
    assert waiting_kind(game) == "action"


def test_robotic_workforce_needs_a_building_card_with_production() -> None:
    game = new_game()
    put_in_play(game, 0, ["Research", "Sponsors", "Rover Construction"])
    put_in_play(game, 0, ["Mineral Deposit"])  # an event: never copied
    give_cards(game, 0, ["Robotic Workforce"])
    set_resources(game, 0, megacredits=9)
    assert not can_play(game, "Robotic Workforce")


def test_robotic_workforce_copies_mining_area_production_from_its_tile() -> None:
    game = new_game()
    place(game, "57", "city", 0)
    play(game, "Mining Area")
    play(game, "Robotic Workforce")
    assert prod(game)["titanium"] == 2


def test_robotic_workforce_copies_medical_lab_with_todays_building_tags() -> None:
    game = new_game()
    put_in_play(game, 0, ["Medical Lab", "Mine", "Power Plant", "Space Elevator"])
    play(game, "Robotic Workforce")
    act(game, "card", "Medical Lab")
    assert prod(game)["megacredits"] == 2  # four building tags / 2


# ================================================================ actions
def test_caretaker_contract_turns_eight_heat_into_tr() -> None:
    game = new_game()
    set_parameters(game, temperature=-2)
    give_cards(game, 0, ["Caretaker Contract"])
    set_resources(game, 0, megacredits=3)
    assert not can_play(game, "Caretaker Contract")
    set_parameters(game, temperature=0)
    act(game, "play_card", "Caretaker Contract")
    set_resources(game, 0, heat=7)
    assert not can_use(game, "Caretaker Contract")
    set_resources(game, 0, heat=9)
    use(game, "Caretaker Contract")
    assert (me(game)["heat"], me(game)["tr"]) == (1, 21)


def test_electro_catapult_sells_a_plant_or_a_steel_for_7_mc() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    set_parameters(game, oxygen=8)
    play(game, "Electro Catapult")
    assert prod(game)["energy"] == 0
    assert not can_use(game, "Electro Catapult")
    set_resources(game, 0, plants=1, steel=1)
    use(game, "Electro Catapult")
    act(game, "option", 1)
    assert (me(game)["megacredits"], me(game)["steel"], me(game)["plants"]) == (7, 0, 1)
    assert card_vp(game) == 1
    game = new_game()
    put_in_play(game, 0, ["Electro Catapult"])
    set_resources(game, 0, plants=2)
    use(game, "Electro Catapult")  # only the plant can be sold: nothing is asked
    assert (me(game)["megacredits"], me(game)["plants"]) == (7, 1)


def test_electro_catapult_needs_oxygen_at_most_8_R_CARD_1() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    set_parameters(game, oxygen=9)
    give_cards(game, 0, ["Electro Catapult"])
    set_resources(game, 0, megacredits=17)
    assert not can_play(game, "Electro Catapult")


def test_space_elevator_sells_steel_for_5_mc() -> None:
    game = new_game()
    play(game, "Space Elevator")
    assert prod(game)["titanium"] == 1
    assert not can_use(game, "Space Elevator")
    set_resources(game, 0, steel=2)
    use(game, "Space Elevator")
    assert (me(game)["steel"], me(game)["megacredits"]) == (1, 5)
    assert card_vp(game) == 2


def test_physics_complex_turns_six_energy_into_a_science_worth_2_vp() -> None:
    game = new_game()
    play(game, "Physics Complex")
    set_resources(game, 0, energy=5)
    assert not can_use(game, "Physics Complex")
    set_resources(game, 0, energy=6)
    use(game, "Physics Complex")
    assert (held(game, "Physics Complex"), me(game)["energy"]) == (1, 0)
    assert card_vp(game) == 2


def test_security_fleet_turns_titanium_into_fighters_worth_1_vp() -> None:
    game = new_game()
    play(game, "Security Fleet")
    assert not can_use(game, "Security Fleet")
    set_resources(game, 0, titanium=1)
    use(game, "Security Fleet")
    assert (held(game, "Security Fleet"), me(game)["titanium"]) == (1, 0)
    assert card_vp(game) == 1
