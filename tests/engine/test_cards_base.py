"""Card behaviour: every card of the base game added later (``ADDED_LATER``,
tm/expansions/base/cards.py) played for real.

Cards with an action, an ongoing effect, a choice, a red border, a tile, a custom
step, a payment on play or card resources each get tests named after the card.
The pure data cards are covered by one table test whose expected changes are
written out by hand from the printed cards, not computed from our definitions.
Then the tiles, red borders, events with choices, Flooding, the active cards and
Search For Life.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.cardkit import (
    METAL_SPACES,
    NEUTRAL,
    OCEAN_SPACES,
    THARSIS,
    act,
    can_play,
    can_use,
    card_vp,
    held,
    is_printed_event,
    me,
    new_game,
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
from tm.cards import card, project_deck
from tm.expansions.base.cards import ADDED_LATER as CARDS  # (the batch these tests cover)
from tm.testing import (
    answer,
    choice_types,
    choices,
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
# name: requirement setting, cards in play, then the change in production, resources
# (MC after paying the cost), TR, oceans placed (spaces answered in order) and card VP.
PURE: dict[str, dict[str, Any]] = {
    "Algae": {"params": {"oceans": 5}, "prod": {"plants": 2}, "res": {"plants": 1}},
    "Beam From A Thorium Asteroid": {"in_play": ["Asteroid Mining"],
                                     "prod": {"heat": 3, "energy": 3}, "vp": 1},
    "Black Polar Dust": {"prod": {"megacredits": -2, "heat": 3}, "oceans": ["07"], "tr": 1},
    "Breathing Filters": {"params": {"oxygen": 7}, "vp": 2},
    "Bushes": {"params": {"temperature": -10}, "prod": {"plants": 2}, "res": {"plants": 2}},
    "Colonizer Training Camp": {"params": {"oxygen": 5}, "vp": 2},
    "Designed Microorganisms": {"params": {"temperature": -14}, "prod": {"plants": 2}},
    "Farming": {"params": {"temperature": 4}, "prod": {"megacredits": 2, "plants": 2},
                "res": {"plants": 2}, "vp": 2},
    "Fueled Generators": {"prod": {"energy": 1, "megacredits": -1}},
    "GHG Factories": {"prod": {"energy": -1, "heat": 4}},
    "Giant Space Mirror": {"prod": {"energy": 3}},
    "Great Dam": {"params": {"oceans": 4}, "prod": {"energy": 2}, "vp": 1},
    "Ice Cap Melting": {"params": {"temperature": 2}, "oceans": ["07"], "tr": 1},
    "Immigration Shuttles": {"prod": {"megacredits": 5}, "vp": 1},  # 3 cities in play / 3
    "Import of Advanced GHG": {"prod": {"heat": 2}},
    "Industrial Microbes": {"prod": {"energy": 1, "steel": 1}},
    "Kelp Farming": {"params": {"oceans": 6}, "prod": {"megacredits": 2, "plants": 3},
                     "res": {"plants": 2}, "vp": 1},
    "Lake Marineris": {"params": {"temperature": 0}, "oceans": ["07", "04"],
                       "res": {"steel": 2}, "tr": 2, "vp": 2},  # 04 carries two steel
    "Lunar Beam": {"prod": {"megacredits": -2, "heat": 2, "energy": 2}},
    "Magnetic Field Generators": {"prod": {"energy": -4, "plants": 2}, "tr": 3},
    "Methane From Titan": {"params": {"oxygen": 2}, "prod": {"heat": 2, "plants": 2}, "vp": 2},
    "Micro-Mills": {"prod": {"heat": 1}},
    "Noctis Farming": {"params": {"temperature": -20}, "prod": {"megacredits": 1},
                       "res": {"plants": 2}, "vp": 1},
    "Permafrost Extraction": {"params": {"temperature": -8}, "oceans": ["07"], "tr": 1},
    "Peroxide Power": {"prod": {"energy": 2, "megacredits": -1}},
    "Soil Factory": {"prod": {"energy": -1, "plants": 1}, "vp": 1},
    "Soletta": {"prod": {"heat": 7}},
    "Tundra Farming": {"params": {"temperature": -6}, "prod": {"plants": 1, "megacredits": 2},
                       "res": {"plants": 1}, "vp": 2},
    "Wave Power": {"params": {"oceans": 3}, "prod": {"energy": 1}, "vp": 1},
    "Windmills": {"params": {"oxygen": 7}, "prod": {"energy": 1}, "vp": 1},
}
BASE_PARAMS = {"temperature": -16, "oxygen": 3}
START_PROD = {"megacredits": 0, "steel": 4, "titanium": 4, "plants": 4, "energy": 4, "heat": 4}


def _staged(name: str) -> Game:
    row = PURE[name]
    game = new_game()
    put_in_play(game, 0, row.get("in_play", []))
    for sid, owner in (("47", 0), ("50", 1), ("01", 0)):  # two cities on Mars, one off it
        place(game, sid, "city", owner)
    set_parameters(game, **(BASE_PARAMS | row.get("params", {})))
    set_production(game, 0, **START_PROD)
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=printed_cost(name))
    return game


@pytest.mark.parametrize("name", sorted(PURE))
def test_pure_data_card_changes_the_state_as_printed(name: str) -> None:
    """R-ACT-1, R-CARD-2/4/6, R-GLOB-2, R-TILE-1/5: every delta written out by hand."""
    row = PURE[name]
    game = _staged(name)
    before, start, vp_before = me(game), parameters(game), card_vp(game)
    act(game, "play_card", name)
    for sid in row.get("oceans", []):
        assert offered_spaces(game) == sorted(s for s in OCEAN_SPACES if s not in tiles(game))
        act(game, "space", sid)
    after, end = me(game), parameters(game)
    assert after["production"] == {r: START_PROD[r] + row.get("prod", {}).get(r, 0)
                                   for r in START_PROD}
    gained = row.get("res", {})
    assert {r: after[r] for r in START_PROD} == {
        r: (0 if r == "megacredits" else before[r]) + gained.get(r, 0) for r in START_PROD}
    assert after["tr"] == before["tr"] + row.get("tr", 0)
    assert end["oceans"] == start["oceans"] + len(row.get("oceans", []))
    assert all(tiles(game)[sid]["tile"] == "ocean" for sid in row.get("oceans", []))
    assert (end["temperature"], end["oxygen"]) == (start["temperature"], start["oxygen"])
    assert card_vp(game) - vp_before == row.get("vp", 0)
    is_event = is_printed_event(name)
    assert (name in after["events"], name in after["played"]) == (is_event, not is_event)
    assert waiting_kind(game) in (None, "action")


# one step short of each requirement (R-CARD-1) and the tag requirement (R-CARD-5)
SHORT = {
    "Algae": {"oceans": 4}, "Breathing Filters": {"oxygen": 6}, "Bushes": {"temperature": -12},
    "Colonizer Training Camp": {"oxygen": 6}, "Designed Microorganisms": {"temperature": -12},
    "Farming": {"temperature": 2}, "Great Dam": {"oceans": 3},
    "Ice Cap Melting": {"temperature": 0},
    "Kelp Farming": {"oceans": 5}, "Lake Marineris": {"temperature": -2},
    "Methane From Titan": {"oxygen": 1}, "Noctis Farming": {"temperature": -22},
    "Permafrost Extraction": {"temperature": -10}, "Tundra Farming": {"temperature": -8},
    "Wave Power": {"oceans": 2}, "Windmills": {"oxygen": 6},
}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_pure_data_card_waits_for_its_requirement_R_CARD_1(name: str) -> None:
    game = new_game()
    set_parameters(game, **(BASE_PARAMS | SHORT[name]))
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=printed_cost(name))
    assert not can_play(game, name)
    set_parameters(game, **PURE[name]["params"])
    assert can_play(game, name)


def test_beam_from_a_thorium_asteroid_needs_a_jovian_tag_in_play_R_CARD_5() -> None:
    game = new_game()
    give_cards(game, 0, ["Beam From A Thorium Asteroid"])
    set_resources(game, 0, megacredits=32)
    assert not can_play(game, "Beam From A Thorium Asteroid")
    put_in_play(game, 0, ["Asteroid Mining"])
    assert can_play(game, "Beam From A Thorium Asteroid")


# ================================================================ plants and card resources
def test_moss_needs_and_spends_one_plant_and_three_oceans_R_CARD_1() -> None:
    game = new_game()
    give_cards(game, 0, ["Moss"])
    set_resources(game, 0, megacredits=4, plants=1)
    set_parameters(game, oceans=2)
    assert not can_play(game, "Moss")
    set_parameters(game, oceans=3)
    set_resources(game, 0, plants=0)
    assert not can_play(game, "Moss")
    set_resources(game, 0, plants=3)
    act(game, "play_card", "Moss")
    assert me(game)["plants"] == 2
    assert prod(game)["plants"] == 1
    assert me(game)["megacredits"] == 0


def test_eos_chasma_national_park_adds_an_animal_to_an_animal_card() -> None:
    game = new_game()
    set_parameters(game, temperature=-12)
    put_in_play(game, 0, ["Fish"])
    play(game, "Eos Chasma National Park", mc=19)
    assert held(game, "Fish") == 1
    assert me(game)["plants"] == 3
    assert me(game)["megacredits"] == 3
    assert prod(game)["megacredits"] == 2
    assert card_vp(game) == 1 + 1  # its own point and Fish's animal


def test_eos_chasma_national_park_asks_which_animal_card_and_plays_without_one() -> None:
    game = new_game()
    set_parameters(game, temperature=-12)
    put_in_play(game, 0, ["Fish", "Birds"])
    play(game, "Eos Chasma National Park")
    assert sorted(c["card"] for c in choices(game, 0)) == ["Birds", "Fish"]
    act(game, "card", "Birds")
    assert (held(game, "Birds"), held(game, "Fish")) == (1, 0)
    game = new_game()
    set_parameters(game, temperature=-12)
    play(game, "Eos Chasma National Park")
    assert me(game)["plants"] == 3
    assert me(game)["card_resources"] == {}
    assert waiting_kind(game) == "action"


def test_livestock_costs_a_plant_production_and_gathers_animals_for_points() -> None:
    game = new_game()
    set_parameters(game, oxygen=9)
    give_cards(game, 0, ["Livestock"])
    set_resources(game, 0, megacredits=13)
    assert not can_play(game, "Livestock")  # R-PROD-2: no plant production to lower
    set_production(game, 0, plants=1)
    act(game, "play_card", "Livestock")
    assert prod(game)["plants"] == 0
    assert prod(game)["megacredits"] == 2
    use(game, "Livestock")
    assert held(game, "Livestock") == 1
    assert not can_use(game, "Livestock")  # once per generation (R-ACT-5)
    assert card_vp(game) == 1


def test_livestock_needs_oxygen_9_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oxygen=8)
    set_production(game, 0, plants=1)
    give_cards(game, 0, ["Livestock"])
    set_resources(game, 0, megacredits=13)
    assert not can_play(game, "Livestock")


def test_extreme_cold_fungus_gains_a_plant_when_no_microbe_card_is_in_play() -> None:
    game = new_game()
    set_parameters(game, temperature=-10)
    play(game, "Extreme-Cold Fungus")
    use(game, "Extreme-Cold Fungus")
    assert me(game)["plants"] == 1
    assert waiting_kind(game) == "action"


def test_extreme_cold_fungus_puts_two_microbes_on_another_card() -> None:
    game = new_game()
    set_parameters(game, temperature=-10)
    put_in_play(game, 0, ["Tardigrades"])
    play(game, "Extreme-Cold Fungus")
    use(game, "Extreme-Cold Fungus")
    assert choice_types(game, 0) == ["option", "option"]
    act(game, "option", 1)
    assert held(game, "Tardigrades") == 2
    assert me(game)["plants"] == 0


def test_extreme_cold_fungus_needs_temperature_at_most_minus_10_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, temperature=-8)
    give_cards(game, 0, ["Extreme-Cold Fungus"])
    set_resources(game, 0, megacredits=13)
    assert not can_play(game, "Extreme-Cold Fungus")


def test_ecological_zone_needs_an_own_greenery_and_goes_next_to_any_greenery() -> None:
    game = new_game()
    place(game, "58", "greenery", 1)
    give_cards(game, 0, ["Ecological Zone"])
    set_resources(game, 0, megacredits=12)
    assert not can_play(game, "Ecological Zone")  # the opponent's greenery does not count
    place(game, "47", "greenery", 0)
    act(game, "play_card", "Ecological Zone")
    near = {n for g in ("47", "58") for n in THARSIS.spaces[g].neighbors
            if THARSIS.spaces[n].kind == "land"}
    assert offered_spaces(game) == sorted(near)
    act(game, "space", "57")
    assert tiles(game)["57"] == {"tile": "ecological_zone", "owner": 0, "card": "Ecological Zone"}
    assert held(game, "Ecological Zone") == 2  # its own animal and plant tags


def test_ecological_zone_gains_an_animal_per_animal_or_plant_tag_played() -> None:
    game = new_game()
    place(game, "47", "greenery", 0)
    play(game, "Ecological Zone")
    act(game, "space", "48")
    put_in_play(game, 0, ["Adapted Lichen", "Fish", "Tardigrades"])
    play(game, "Advanced Ecosystems")  # plant, microbe, animal
    assert held(game, "Ecological Zone") == 4
    play(game, "Power Plant")
    assert held(game, "Ecological Zone") == 4
    assert card_vp(game) == 3 + 4 // 2


def test_ecological_zone_ignores_the_opponents_cards() -> None:
    game = new_game()
    place(game, "47", "greenery", 0)
    play(game, "Ecological Zone")
    act(game, "space", "48")
    answer(game, "end_turn", player=0)
    give_cards(game, 1, ["Adapted Lichen"])
    set_resources(game, 1, megacredits=9)
    answer(game, "play_card", "Adapted Lichen", player=1)
    assert held(game, "Ecological Zone") == 2
    assert card_vp(game) == 1


# ================================================================ tiles (R-TILE)
def test_cupola_city_places_a_city_while_oxygen_is_at_most_9_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oxygen=10)
    set_production(game, 0, energy=1)
    give_cards(game, 0, ["Cupola City"])
    set_resources(game, 0, megacredits=16)
    assert not can_play(game, "Cupola City")
    set_parameters(game, oxygen=9)
    set_production(game, 0, energy=0)
    assert not can_play(game, "Cupola City")  # R-PROD-2: no energy production to lower
    set_production(game, 0, energy=1)
    act(game, "play_card", "Cupola City")
    act(game, "space", "48")
    assert tiles(game)["48"] == {"tile": "city", "owner": 0}
    assert (prod(game)["energy"], prod(game)["megacredits"]) == (0, 3)


def test_open_city_needs_oxygen_12_and_gives_plants_and_mc_production() -> None:
    game = new_game()
    set_parameters(game, oxygen=11)
    set_production(game, 0, energy=1)
    give_cards(game, 0, ["Open City"])
    set_resources(game, 0, megacredits=23)
    assert not can_play(game, "Open City")
    set_parameters(game, oxygen=12)
    act(game, "play_card", "Open City")
    act(game, "space", "48")
    assert tiles(game)["48"] == {"tile": "city", "owner": 0}
    assert (prod(game)["energy"], prod(game)["megacredits"]) == (0, 4)
    assert me(game)["plants"] == 2
    assert card_vp(game) == 1


def test_underground_city_trades_two_energy_production_for_steel_production() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    give_cards(game, 0, ["Underground City"])
    set_resources(game, 0, megacredits=18)
    assert not can_play(game, "Underground City")  # R-PROD-2
    set_production(game, 0, energy=2)
    act(game, "play_card", "Underground City")
    place_city = offered_spaces(game)
    assert "31" not in place_city  # Noctis City's reserved space (R-TILE-2)
    act(game, "space", "53")
    assert tiles(game)["53"] == {"tile": "city", "owner": 0}
    assert (prod(game)["energy"], prod(game)["steel"]) == (0, 2)
    assert me(game)["steel"] == 2  # the space's bonus (R-TILE-5)


def test_protected_valley_places_a_greenery_on_an_ocean_space_R_TILE_2() -> None:
    game = new_game()
    play(game, "Protected Valley")
    assert offered_spaces(game) == OCEAN_SPACES
    act(game, "space", "07")
    assert tiles(game)["07"] == {"tile": "greenery", "owner": 0}
    assert parameters(game)["oxygen"] == 1
    assert parameters(game)["oceans"] == 0
    assert me(game)["tr"] == 21
    assert prod(game)["megacredits"] == 2
    assert game.scores()[0]["greeneries"] == 1


@pytest.mark.parametrize(("space", "metal", "bonus"), [("58", "titanium", 1), ("53", "steel", 2)])
def test_mining_rights_raises_production_of_the_metal_under_its_tile(
        space: str, metal: str, bonus: int) -> None:
    game = new_game()
    play(game, "Mining Rights")
    assert offered_spaces(game) == METAL_SPACES
    act(game, "space", space)
    assert tiles(game)[space] == {"tile": "mining_rights", "owner": 0, "card": "Mining Rights"}
    assert prod(game) == dict.fromkeys(prod(game), 0) | {metal: 1}
    assert me(game)[metal] == bonus  # the placement bonus (R-TILE-5)


def test_mining_rights_on_pavonis_mons_takes_titanium_not_plants() -> None:
    game = new_game()
    for sid in METAL_SPACES:
        if sid != "21":
            place(game, sid, "city", 1)
    play(game, "Mining Rights")  # one legal space left: no question
    assert tiles(game)["21"]["tile"] == "mining_rights"
    assert prod(game)["titanium"] == 1
    assert prod(game)["plants"] == 0
    assert (me(game)["plants"], me(game)["titanium"]) == (1, 1)


def test_mining_rights_cannot_be_played_without_a_free_metal_space() -> None:
    game = new_game()
    for sid in METAL_SPACES:
        place(game, sid, "city", 1)
    give_cards(game, 0, ["Mining Rights"])
    set_resources(game, 0, megacredits=9)
    assert not can_play(game, "Mining Rights")


# ================================================================ red borders (R-PROD-3)
def test_deimos_down_raises_temperature_three_steps_and_removes_up_to_8_plants() -> None:
    game = new_game()
    set_parameters(game, temperature=-10)
    set_resources(game, 1, plants=10)
    play(game, "Deimos Down")
    act(game, "player", 1)
    assert me(game, 1)["plants"] == 2
    assert me(game)["steel"] == 4
    assert parameters(game)["temperature"] == -4
    assert me(game)["tr"] == 23
    assert "Deimos Down" in me(game)["events"]


def test_deimos_down_plant_removal_is_optional_R_PROD_3() -> None:
    game = new_game()
    set_parameters(game, temperature=-10)
    set_resources(game, 1, plants=3)
    play(game, "Deimos Down")
    assert {"type": "none"} in choices(game, 0)
    act(game, "none")
    assert me(game, 1)["plants"] == 3


def test_giant_ice_asteroid_places_two_oceans_and_removes_up_to_6_plants() -> None:
    game = new_game()
    set_parameters(game, temperature=-10)
    set_resources(game, 1, plants=8)
    play(game, "Giant Ice Asteroid")
    act(game, "space", "07")
    act(game, "space", "04")
    act(game, "player", 1)
    assert me(game, 1)["plants"] == 2
    assert parameters(game)["temperature"] == -6
    assert parameters(game)["oceans"] == 2
    assert me(game)["tr"] == 24
    assert me(game)["steel"] == 2  # 04's placement bonus


# ================================================================ events with choices
def test_imported_hydrogen_gives_plants_when_no_card_takes_microbes_or_animals() -> None:
    game = new_game()
    play(game, "Imported Hydrogen")
    act(game, "space", "07")
    assert me(game)["plants"] == 3
    assert parameters(game)["oceans"] == 1
    assert waiting_kind(game) == "action"


@pytest.mark.parametrize(("option", "plants", "fish", "tardigrades"),
                         [(0, 3, 0, 0), (1, 0, 0, 3), (2, 0, 2, 0)])
def test_imported_hydrogen_chooses_plants_microbes_or_animals(
        option: int, plants: int, fish: int, tardigrades: int) -> None:
    game = new_game()
    put_in_play(game, 0, ["Fish", "Tardigrades"])
    play(game, "Imported Hydrogen")
    act(game, "space", "07")
    assert choice_types(game, 0) == ["option"] * 3
    act(game, "option", option)
    assert me(game)["plants"] == plants
    assert (held(game, "Fish"), held(game, "Tardigrades")) == (fish, tardigrades)


def test_imported_nitrogen_gives_tr_plants_microbes_and_animals() -> None:
    game = new_game()
    put_in_play(game, 0, ["Fish", "Tardigrades"])
    play(game, "Imported Nitrogen")
    assert me(game)["tr"] == 21
    assert me(game)["plants"] == 4
    assert (held(game, "Fish"), held(game, "Tardigrades")) == (2, 3)


def test_imported_nitrogen_without_resource_cards_gives_tr_and_plants() -> None:
    game = new_game()
    play(game, "Imported Nitrogen")
    assert (me(game)["tr"], me(game)["plants"]) == (21, 4)
    assert me(game)["card_resources"] == {}


def test_large_convoy_places_an_ocean_draws_two_and_adds_four_animals() -> None:
    game = new_game()
    put_in_play(game, 0, ["Fish"])
    play(game, "Large Convoy")
    act(game, "space", "07")
    assert len(me(game)["hand"]) == 2
    act(game, "option", 1)
    assert held(game, "Fish") == 4
    assert me(game)["plants"] == 0
    assert card_vp(game) == 2 + 4


def test_large_convoy_gives_five_plants_without_an_animal_card() -> None:
    game = new_game()
    play(game, "Large Convoy")
    act(game, "space", "07")
    assert me(game)["plants"] == 5
    assert len(me(game)["hand"]) == 2
    assert me(game)["tr"] == 21


# ================================================================ Flooding
def test_flooding_may_remove_4_mc_from_the_owner_of_a_tile_next_to_the_ocean() -> None:
    game = new_game()
    place(game, "05", "city", 1)
    set_resources(game, 1, megacredits=10)
    play(game, "Flooding")
    act(game, "space", "06")
    assert choices(game, 0) == [{"type": "player", "player": 1}, {"type": "none"}]
    act(game, "player", 1)
    assert me(game, 1)["megacredits"] == 6
    assert me(game)["megacredits"] == 0  # removed, not stolen
    assert me(game)["tr"] == 21
    assert card_vp(game) == -1


def test_flooding_removal_is_optional_and_limited_to_what_they_have() -> None:
    game = new_game()
    place(game, "05", "city", 1)
    set_resources(game, 1, megacredits=3)
    play(game, "Flooding")
    act(game, "space", "06")
    act(game, "none")
    assert me(game, 1)["megacredits"] == 3
    game = new_game()
    place(game, "05", "city", 1)
    set_resources(game, 1, megacredits=3)
    play(game, "Flooding")
    act(game, "space", "06")
    act(game, "player", 1)
    assert me(game, 1)["megacredits"] == 0


def test_flooding_asks_nothing_without_an_opponents_tile_next_to_the_ocean() -> None:
    game = new_game()
    place(game, "05", "city", 0)  # own tile next to it
    place(game, "53", "city", 1)  # the opponent's tile far away
    set_resources(game, 1, megacredits=10)
    play(game, "Flooding")
    act(game, "space", "06")
    assert waiting_kind(game) == "action"
    assert me(game, 1)["megacredits"] == 10


def test_flooding_in_solo_has_no_one_to_take_from_R_SOLO_4() -> None:
    game = new_game(players=1)
    free = next(sid for sid in OCEAN_SPACES if sid not in tiles(game))
    land = next(n for n in THARSIS.spaces[free].neighbors
                if THARSIS.spaces[n].kind == "land" and n not in tiles(game))
    place(game, land, "city", NEUTRAL)
    play(game, "Flooding")
    act(game, "space", free)
    assert waiting_kind(game) == "action"
    assert tiles(game)[free]["tile"] == "ocean"
    assert tiles(game)[land]["owner"] == NEUTRAL


def test_flooding_with_every_ocean_out_only_scores_its_minus_one() -> None:
    game = new_game()
    set_parameters(game, oceans=9)
    play(game, "Flooding")
    assert waiting_kind(game) == "action"
    assert me(game)["tr"] == 20
    assert card_vp(game) == -1


# ================================================================ active cards
@pytest.mark.parametrize(("name", "energy", "titanium"),
                         [("Ore Processor", 4, 1), ("Water Splitting Plant", 3, 0)])
def test_ore_processor_and_water_splitting_plant_turn_energy_into_oxygen(
        name: str, energy: int, titanium: int) -> None:
    game = new_game()
    set_parameters(game, oceans=2)
    play(game, name)
    set_resources(game, 0, energy=energy - 1)
    assert not can_use(game, name)
    set_resources(game, 0, energy=energy + 1)
    use(game, name)
    assert me(game)["energy"] == 1
    assert me(game)["titanium"] == titanium
    assert parameters(game)["oxygen"] == 1
    assert me(game)["tr"] == 21


def test_water_splitting_plant_needs_two_oceans_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oceans=1)
    give_cards(game, 0, ["Water Splitting Plant"])
    set_resources(game, 0, megacredits=12)
    assert not can_play(game, "Water Splitting Plant")


def test_ore_processor_still_works_with_oxygen_maxed_R_GLOB_5() -> None:
    game = new_game()
    set_parameters(game, oxygen=14)
    play(game, "Ore Processor")
    set_resources(game, 0, energy=4)
    use(game, "Ore Processor")
    assert (me(game)["energy"], me(game)["titanium"]) == (0, 1)
    assert me(game)["tr"] == 20


def test_martian_rails_pays_one_mc_per_city_on_mars() -> None:
    game = new_game()
    play(game, "Martian Rails")
    for sid, owner in (("47", 0), ("50", 1), ("01", 0)):  # 01 is off Mars
        place(game, sid, "city", owner)
    assert not can_use(game, "Martian Rails")  # no energy to spend
    set_resources(game, 0, energy=2)
    use(game, "Martian Rails")
    assert (me(game)["energy"], me(game)["megacredits"]) == (1, 2)


def test_underground_detonations_pays_10_mc_for_two_heat_production() -> None:
    game = new_game()
    play(game, "Underground Detonations")
    set_resources(game, 0, megacredits=9, steel=5)
    assert not can_use(game, "Underground Detonations")  # steel cannot pay an action
    set_resources(game, 0, megacredits=12)
    use(game, "Underground Detonations")
    assert prod(game)["heat"] == 2
    assert (me(game)["megacredits"], me(game)["steel"]) == (2, 5)


def test_underground_detonations_lets_helion_pay_with_heat_R_PAY_1() -> None:
    game = new_game(corporations=["Helion"])
    play(game, "Underground Detonations")
    set_resources(game, 0, megacredits=4, heat=6)
    use(game, "Underground Detonations")
    assert prompt(game, 0).kind == "pay"
    act(game, "pay", megacredits=4, heat=6)
    assert (me(game)["megacredits"], me(game)["heat"]) == (0, 0)
    assert prod(game)["heat"] == 3 + 2


# ================================================================ Search For Life
def _only_card_left(game: Game, name: str) -> None:
    """Empty the deck and discard pile into player 1's hand, leaving ``name`` to be sold."""
    in_play = me(game)["played"]
    give_cards(game, 1, [n for n in project_deck(("base", "corpera"))
                         if n != name and n not in in_play])
    give_cards(game, 0, [name])


@pytest.mark.parametrize(("top", "science"), [("Tardigrades", 1), ("Power Plant", 0)])
def test_search_for_life_keeps_a_science_resource_for_a_revealed_microbe_card(
        top: str, science: int) -> None:
    game = new_game()
    set_parameters(game, oxygen=6)
    play(game, "Search For Life")
    _only_card_left(game, top)
    act(game, "standard_project", "sell_patents")
    act(game, "cards", [top])  # the discard pile now holds only this card
    use(game, "Search For Life")
    assert held(game, "Search For Life") == science
    assert me(game)["megacredits"] == 0  # the 1 MC from selling paid the action
    assert game.view(None)["discard"] == 1  # the revealed card, face down again
    assert top not in me(game)["hand"]
    assert {"key": "revealed", "player": 0, "card": top} in game.view(None)["log"]
    assert card_vp(game) == 3 * science


def test_search_for_life_scores_3_vp_with_any_science_resource() -> None:
    game = new_game()
    put_in_play(game, 0, ["Search For Life"])
    assert card_vp(game) == 0
    put_in_play(game, 1, ["Search For Life"], resources=2)
    assert (card_vp(game, 0), card_vp(game, 1)) == (0, 3)


def test_search_for_life_needs_1_mc_and_a_card_to_reveal() -> None:
    game = new_game()
    play(game, "Search For Life")
    assert not can_use(game, "Search For Life")  # no MC
    set_resources(game, 0, megacredits=1)
    assert can_use(game, "Search For Life")
    give_cards(game, 1, [n for n in project_deck(("base", "corpera")) if n != "Search For Life"])
    assert not can_use(game, "Search For Life")  # nothing left to reveal


def test_search_for_life_needs_oxygen_at_most_6_R_CARD_1() -> None:
    game = new_game()
    set_parameters(game, oxygen=7)
    give_cards(game, 0, ["Search For Life"])
    set_resources(game, 0, megacredits=3)
    assert not can_play(game, "Search For Life")


def test_every_card_of_the_module_has_a_table_row_or_a_named_test() -> None:
    names = [n for n in globals() if n.startswith("test_")]
    untested = [c.name for c in CARDS if c.name not in PURE
                and not any(n.startswith(f"test_{slug(c.name)}_") for n in names)]
    assert untested == []
    assert all(not card(name).action and not card(name).effects for name in PURE)
