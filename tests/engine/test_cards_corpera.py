"""Card behaviour: every card of Corporate Era added later (``ADDED_LATER``,
tm/expansions/corpera/cards.py) played for real.

Cards with an action, an ongoing effect, a choice, a red border, a tile, a custom
step or card resources each get tests named after the card. The pure data cards
are covered by one table test whose expected changes are written out by hand
from the printed cards, not computed from our definitions. The helpers and the table,
the red borders, the tiles, Land Claim, card resources, Robotic Workforce, the blue
actions, the ongoing effects (discounts, Standard Technology, Protected Habitats, Mars
University, Olympus Conference, Viral Enhancers) and the check that every card of the
module is tested.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.cardkit import (
    NEUTRAL,
    act,
    can_play,
    can_use,
    card_vp,
    held,
    is_printed_event,
    me,
    new_game,
    offered_cards,
    offered_players,
    offered_spaces,
    play,
    printed_cost,
    prod,
    slug,
    tiles,
    use,
    waiting_kind,
)
from tm import Game
from tm.cards import card
from tm.cards.dsl import Card
from tm.expansions.corpera.cards import ADDED_LATER as CARDS  # (the batch these tests cover)
from tm.rules.play import cost_of
from tm.testing import (
    answer,
    choice_types,
    give_cards,
    parameters,
    place,
    prompt,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
)

# ================================================================ the pure data table
# Staged tableau of player 0: science 5, building 2, power 2, space 2, earth 1, jovian 1;
# one event each (2 events played); two cities on Mars.
TABLEAU = ["Research", "Development Center", "Fusion Power", "Solar Wind Power", "Sponsors",
           "Asteroid Mining"]
# name: the change in production, resources (MC after paying the cost), TR, hand, card VP.
PURE: dict[str, dict[str, Any]] = {
    "Building Industries": {"prod": {"energy": -1, "steel": 2}},
    "Callisto Penal Mines": {"prod": {"megacredits": 3}, "vp": 2},
    "Fuel Factory": {"prod": {"energy": -1, "megacredits": 1, "titanium": 1}},
    "Gene Repair": {"prod": {"megacredits": 2}, "vp": 2},
    "Interstellar Colony Ship": {"vp": 4},
    "Io Mining Industries": {"prod": {"titanium": 2, "megacredits": 2}, "vp": 2},  # 2 jovian
    "Lagrange Observatory": {"hand": 1, "vp": 1},
    "Lightning Harvest": {"prod": {"energy": 1, "megacredits": 1}, "vp": 1},
    "Media Archives": {"res": {"megacredits": 2}},  # two events played so far
    "Medical Lab": {"prod": {"megacredits": 1}, "vp": 1},  # 3 building tags / 2
    "Mineral Deposit": {"res": {"steel": 5}},
    "Miranda Resort": {"prod": {"megacredits": 1}, "vp": 1},  # one earth tag
    "Rad-Suits": {"prod": {"megacredits": 1}, "vp": 1},
    "Satellites": {"prod": {"megacredits": 3}},  # 3 space tags, its own included
    "Technology Demonstration": {"hand": 2},
    "Terraforming Ganymede": {"tr": 2, "vp": 2},  # 2 jovian tags, its own included
    "Trans-Neptune Probe": {"vp": 1},
    "Tropical Resort": {"prod": {"megacredits": 3, "heat": -2}, "vp": 2},
    "Vesta Shipyard": {"prod": {"titanium": 1}, "vp": 1},
}
START_PROD = {"megacredits": 0, "steel": 4, "titanium": 4, "plants": 4, "energy": 4, "heat": 4}


def _staged(name: str) -> Game:
    game = new_game()
    put_in_play(game, 0, TABLEAU + ["Asteroid"])
    put_in_play(game, 1, ["Comet"])
    place(game, "47", "city", 0)
    place(game, "50", "city", 1)
    set_production(game, 0, **START_PROD)
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=printed_cost(name))
    return game


@pytest.mark.parametrize("name", sorted(PURE))
def test_pure_data_card_changes_the_state_as_printed(name: str) -> None:
    """R-ACT-1, R-CARD-2/4/6, R-GLOB-2: every delta written out by hand."""
    row = PURE[name]
    game = _staged(name)
    before, start, vp_before = me(game), parameters(game), card_vp(game)
    act(game, "play_card", name)
    after = me(game)
    assert after["production"] == {r: START_PROD[r] + row.get("prod", {}).get(r, 0)
                                   for r in START_PROD}
    gained = row.get("res", {})
    assert {r: after[r] for r in START_PROD} == {
        r: (0 if r == "megacredits" else before[r]) + gained.get(r, 0) for r in START_PROD}
    assert after["tr"] == before["tr"] + row.get("tr", 0)
    assert len(after["hand"]) == len(before["hand"]) - 1 + row.get("hand", 0)
    assert parameters(game) == start
    assert card_vp(game) - vp_before == row.get("vp", 0)
    is_event = is_printed_event(name)
    assert (name in after["events"], name in after["played"]) == (is_event, not is_event)
    assert waiting_kind(game) in (None, "action")


REQUIRES_SCIENCE = {"Gene Repair": 3, "Lightning Harvest": 3, "Interstellar Colony Ship": 5}


@pytest.mark.parametrize("name", sorted(REQUIRES_SCIENCE))
def test_pure_data_card_waits_for_its_science_tags_R_CARD_1(name: str) -> None:
    game = new_game()
    science = ["Research", "Development Center", "Fusion Power", "Solar Wind Power"]  # 5 tags
    put_in_play(game, 0, science[:REQUIRES_SCIENCE[name] - 2])  # one tag short
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=printed_cost(name))
    assert not can_play(game, name)
    put_in_play(game, 0, science[REQUIRES_SCIENCE[name] - 2:REQUIRES_SCIENCE[name] - 1])
    assert can_play(game, name)


def test_rad_suits_needs_two_cities_in_play_anyones_R_CARD_1() -> None:
    game = new_game()
    place(game, "47", "city", 1)
    give_cards(game, 0, ["Rad-Suits"])
    set_resources(game, 0, megacredits=6)
    assert not can_play(game, "Rad-Suits")
    place(game, "50", "city", 1)
    assert can_play(game, "Rad-Suits")


def test_rad_suits_counts_the_neutral_cities_in_solo_R_SOLO_2() -> None:
    game = new_game(players=1)
    give_cards(game, 0, ["Rad-Suits"])
    set_resources(game, 0, megacredits=6)
    assert can_play(game, "Rad-Suits")


def test_terraforming_ganymede_counts_no_event_tags_R_CARD_4() -> None:
    game = new_game()
    put_in_play(game, 0, ["Asteroid Mining", "Asteroid"])
    play(game, "Terraforming Ganymede")
    assert me(game)["tr"] == 22


def test_media_archives_counts_everyones_events() -> None:
    game = new_game()
    put_in_play(game, 0, ["Asteroid"])
    put_in_play(game, 1, ["Comet", "Ice Asteroid"])
    play(game, "Media Archives")
    assert me(game)["megacredits"] == 3


# ================================================================ red borders (R-PROD-3)
def test_asteroid_mining_consortium_steals_titanium_production() -> None:
    game = new_game()
    set_production(game, 0, titanium=1)
    set_production(game, 1, titanium=2)
    play(game, "Asteroid Mining Consortium")
    assert offered_players(game) == [0, 1]
    act(game, "player", 1)
    assert prod(game)["titanium"] == 2
    assert prod(game, 1)["titanium"] == 1
    assert card_vp(game) == 1


def test_asteroid_mining_consortium_needs_own_titanium_production_R_CARD_1() -> None:
    game = new_game()
    set_production(game, 1, titanium=2)
    give_cards(game, 0, ["Asteroid Mining Consortium"])
    set_resources(game, 0, megacredits=13)
    assert not can_play(game, "Asteroid Mining Consortium")


def test_great_escarpment_consortium_steals_steel_production() -> None:
    game = new_game()
    set_production(game, 0, steel=1)
    set_production(game, 1, steel=2)
    play(game, "Great Escarpment Consortium")
    act(game, "player", 1)
    assert (prod(game)["steel"], prod(game, 1)["steel"]) == (2, 1)


def test_great_escarpment_consortium_needs_own_steel_production_R_CARD_1() -> None:
    game = new_game()
    set_production(game, 1, steel=2)
    give_cards(game, 0, ["Great Escarpment Consortium"])
    set_resources(game, 0, megacredits=6)
    assert not can_play(game, "Great Escarpment Consortium")


def test_power_supply_consortium_needs_two_power_tags_and_steals_energy_production() -> None:
    game = new_game()
    put_in_play(game, 0, ["Power Plant"])
    set_production(game, 1, energy=1)
    give_cards(game, 0, ["Power Supply Consortium"])
    set_resources(game, 0, megacredits=5)
    assert not can_play(game, "Power Supply Consortium")
    put_in_play(game, 0, ["Geothermal Power"])
    act(game, "play_card", "Power Supply Consortium")
    assert prod(game)["energy"] == 1
    assert prod(game, 1)["energy"] == 0


def test_power_supply_consortium_in_solo_takes_from_the_neutral_player_R_SOLO_4() -> None:
    game = new_game(players=1)
    put_in_play(game, 0, ["Power Plant", "Geothermal Power"])
    play(game, "Power Supply Consortium")
    assert prod(game)["energy"] == 1


def test_sabotage_removes_up_to_three_titanium_from_an_opponent_R_PROD_3() -> None:
    game = new_game()
    set_resources(game, 0, titanium=5)
    set_resources(game, 1, titanium=5, steel=2, megacredits=4)
    play(game, "Sabotage")
    assert choice_types(game, 0) == ["option"] * 3
    act(game, "option", 0)
    assert offered_players(game) == [1, None]  # opponents only; "up to" may pick nobody
    act(game, "player", 1)
    assert me(game, 1)["titanium"] == 2
    assert me(game)["titanium"] == 5


def test_sabotage_removes_up_to_four_steel_or_seven_mc() -> None:
    game = new_game()
    set_resources(game, 1, steel=6, megacredits=9)
    play(game, "Sabotage")
    act(game, "option", 1)
    act(game, "player", 1)
    assert me(game, 1)["steel"] == 2
    play(game, "Sabotage")
    act(game, "option", 2)
    act(game, "player", 1)
    assert me(game, 1)["megacredits"] == 2


def test_sabotage_takes_no_more_than_the_target_has_and_is_optional() -> None:
    game = new_game()
    set_resources(game, 1, steel=2, megacredits=4)
    play(game, "Sabotage")
    act(game, "option", 2)
    act(game, "player", 1)
    assert me(game, 1)["megacredits"] == 0
    play(game, "Sabotage")
    act(game, "option", 1)
    act(game, "none")
    assert me(game, 1)["steel"] == 2


def test_hired_raiders_steals_up_to_two_steel() -> None:
    game = new_game()
    set_resources(game, 1, steel=1, megacredits=10)
    play(game, "Hired Raiders")
    act(game, "option", 0)
    act(game, "player", 1)
    assert (me(game)["steel"], me(game, 1)["steel"]) == (1, 0)


def test_hired_raiders_steals_up_to_three_mc() -> None:
    game = new_game()
    set_resources(game, 1, megacredits=10)
    play(game, "Hired Raiders")
    act(game, "option", 1)
    act(game, "player", 1)
    assert (me(game)["megacredits"], me(game, 1)["megacredits"]) == (3, 7)


def test_hired_raiders_in_solo_gains_in_full_from_the_neutral_player_R_SOLO_4() -> None:
    game = new_game(players=1)
    play(game, "Hired Raiders")
    act(game, "option", 0)
    assert offered_players(game) == [NEUTRAL, None]
    act(game, "player", NEUTRAL)
    assert me(game)["steel"] == 2


def test_virus_removes_up_to_two_animals_from_any_card() -> None:
    game = new_game()
    put_in_play(game, 1, ["Fish"], resources=3)
    put_in_play(game, 0, ["Pets"], resources=4)  # Pets' animals are protected
    play(game, "Virus")
    act(game, "option", 0)
    assert offered_cards(game) == ["Fish"]
    act(game, "card", "Fish")
    assert held(game, "Fish", 1) == 1
    assert held(game, "Pets") == 4


def test_virus_removes_up_to_five_plants_from_any_player() -> None:
    game = new_game()
    put_in_play(game, 1, ["Fish"], resources=1)
    set_resources(game, 1, plants=7)
    play(game, "Virus")
    act(game, "option", 1)
    act(game, "player", 1)
    assert me(game, 1)["plants"] == 2
    assert held(game, "Fish", 1) == 1


def test_virus_without_animals_out_goes_straight_to_plants() -> None:
    game = new_game()
    set_resources(game, 1, plants=3)
    play(game, "Virus")
    assert prompt(game, 0).kind == "player"
    act(game, "player", 1)
    assert me(game, 1)["plants"] == 0


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


# ================================================================ ongoing effects
def test_anti_gravity_technology_needs_seven_science_and_discounts_every_card() -> None:
    game = new_game()
    put_in_play(game, 0, ["Research", "Development Center", "Fusion Power",
                          "Solar Wind Power", "AI Central"])
    give_cards(game, 0, ["Anti-Gravity Technology"])
    set_resources(game, 0, megacredits=14)
    assert not can_play(game, "Anti-Gravity Technology")
    put_in_play(game, 0, ["Artificial Photosynthesis"])
    act(game, "play_card", "Anti-Gravity Technology")
    play(game, "Mine", mc=2)
    assert prod(game)["steel"] == 1
    assert me(game)["megacredits"] == 0
    assert card_vp(game) == 3 + 2  # Research's and AI Central's VP too


def test_earth_catapult_discounts_every_card_by_2() -> None:
    game = new_game()
    play(game, "Earth Catapult")
    play(game, "Sponsors", mc=4)
    assert prod(game)["megacredits"] == 2
    assert me(game)["megacredits"] == 0


def test_mass_converter_gives_energy_production_and_discounts_space_cards() -> None:
    game = new_game()
    put_in_play(game, 0, ["Research", "Development Center", "Fusion Power", "AI Central"])
    play(game, "Mass Converter")
    assert prod(game)["energy"] == 6
    play(game, "Technology Demonstration", mc=3)
    assert len(me(game)["hand"]) == 2
    give_cards(game, 0, ["Mine"])
    assert cost_of(game.state, 0, card("Mine")) == 4


def test_mass_converter_discount_counts_once_per_card_quantum_extractor_per_tag() -> None:
    game = new_game()
    twin = Card(name="Twin Space Tags", number="X", set="test", type="automated", cost=20,
                tags=("space", "space"))
    put_in_play(game, 0, ["Mass Converter"])
    assert cost_of(game.state, 0, twin) == 18
    put_in_play(game, 1, ["Quantum Extractor"])
    assert cost_of(game.state, 1, twin) == 16


def test_quantum_extractor_needs_four_science_and_discounts_space_tags() -> None:
    game = new_game()
    put_in_play(game, 0, ["Research", "Development Center"])
    give_cards(game, 0, ["Quantum Extractor"])
    set_resources(game, 0, megacredits=13)
    assert not can_play(game, "Quantum Extractor")
    put_in_play(game, 0, ["Fusion Power"])
    act(game, "play_card", "Quantum Extractor")
    assert prod(game)["energy"] == 4
    play(game, "Asteroid", mc=12)
    assert me(game)["megacredits"] == 0
    assert me(game)["titanium"] == 2


def test_space_station_discounts_space_cards_by_2() -> None:
    game = new_game()
    set_resources(game, 0, titanium=0)
    play(game, "Space Station")
    play(game, "Vesta Shipyard", mc=13)
    assert me(game)["megacredits"] == 0
    play(game, "Mine", mc=4)  # no space tag: full price
    assert me(game)["megacredits"] == 0
    assert card_vp(game) == 2


def test_standard_technology_refunds_3_mc_after_standard_projects_but_not_sales() -> None:
    game = new_game()
    play(game, "Standard Technology")
    set_resources(game, 0, megacredits=11)
    act(game, "standard_project", "power_plant")
    assert me(game)["megacredits"] == 3
    give_cards(game, 0, ["Mine"])
    act(game, "standard_project", "sell_patents")
    act(game, "cards", ["Mine"])
    assert me(game)["megacredits"] == 4


def test_protected_habitats_keeps_opponents_off_plants_animals_and_microbes() -> None:
    game = new_game()
    put_in_play(game, 1, ["Protected Habitats"])
    put_in_play(game, 1, ["Fish", "Tardigrades"], resources=2)
    set_resources(game, 1, plants=6)
    set_resources(game, 0, plants=1)
    put_in_play(game, 0, ["Predators", "Ants"])
    assert not can_use(game, "Predators")
    assert not can_use(game, "Ants")
    play(game, "Virus")  # animals out of reach: straight to plants, only own plants offered
    assert offered_players(game) == [0, None]
    act(game, "none")
    assert me(game, 1)["plants"] == 6
    assert (held(game, "Fish", 1), held(game, "Tardigrades", 1)) == (2, 2)


def test_protected_habitats_does_not_stop_its_owner() -> None:
    game = new_game()
    put_in_play(game, 0, ["Protected Habitats"])
    put_in_play(game, 0, ["Fish"], resources=2)
    set_resources(game, 0, plants=4)
    play(game, "Virus")
    act(game, "option", 0)
    act(game, "card", "Fish")
    assert held(game, "Fish") == 0
    play(game, "Virus")
    act(game, "player", 0)
    assert me(game)["plants"] == 0


def test_mars_university_may_swap_a_card_per_science_tag_its_own_included() -> None:
    game = new_game()
    give_cards(game, 0, ["Mine"])
    play(game, "Mars University")
    assert prompt(game, 0).purpose == "discard_to_draw"
    assert offered_cards(game) == ["Mine"]
    act(game, "cards", ["Mine"])
    hand = me(game)["hand"]
    assert len(hand) == 1 and hand != ["Mine"]
    assert "Mine" in game.state.discard
    play(game, "Research")  # two science tags: two optional swaps, after its own draw
    act(game, "cards", [])
    act(game, "cards", [])
    assert len(me(game)["hand"]) == 3
    assert waiting_kind(game) == "action"


def test_mars_university_with_an_empty_hand_asks_nothing() -> None:
    game = new_game()
    play(game, "Mars University")
    assert waiting_kind(game) == "action"
    assert card_vp(game) == 1


def test_olympus_conference_stores_science_or_spends_it_to_draw() -> None:
    game = new_game()
    play(game, "Olympus Conference")
    assert held(game, "Olympus Conference") == 1  # its own science tag; nothing to spend yet
    play(game, "Lagrange Observatory")
    assert choice_types(game, 0) == ["option", "option"]
    act(game, "option", 1)
    assert held(game, "Olympus Conference") == 0
    assert len(me(game)["hand"]) == 2  # Lagrange's draw and the conference's
    play(game, "Mine")  # no science tag: nothing happens
    assert held(game, "Olympus Conference") == 0
    assert card_vp(game) == 2


def test_viral_enhancers_gives_a_plant_or_feeds_the_card_just_played() -> None:
    game = new_game()
    play(game, "Viral Enhancers")
    assert me(game)["plants"] == 1  # its own microbe tag
    play(game, "Tardigrades")
    assert choice_types(game, 0) == ["option", "option"]
    act(game, "option", 1)
    assert held(game, "Tardigrades") == 1
    assert me(game)["plants"] == 1
    set_parameters(game, temperature=-24)
    play(game, "Lichen")  # no resources on Lichen: the plant, without asking
    assert me(game)["plants"] == 2


def test_viral_enhancers_ignores_other_players_cards() -> None:
    game = new_game()
    put_in_play(game, 0, ["Viral Enhancers"])
    give_cards(game, 1, ["Tardigrades"])
    set_resources(game, 1, megacredits=4)
    answer(game, "pass", player=0)
    answer(game, "play_card", "Tardigrades", player=1)
    assert me(game)["plants"] == 0
    assert me(game, 1)["plants"] == 0


# ================================================================ coverage of this module
def test_every_card_of_the_module_has_a_table_row_or_a_named_test() -> None:
    names = [n for n in globals() if n.startswith("test_")]
    untested = [c.name for c in CARDS if c.name not in PURE
                and not any(n.startswith(f"test_{slug(c.name)}_") for n in names)]
    assert untested == []
    assert all(not card(name).action and not card(name).effects for name in PURE)
