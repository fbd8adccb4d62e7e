"""Card behaviour: every card of tm/cards/base_more.py played for real.

Cards with an action, an ongoing effect, a choice, a red border, a tile, a custom
step, a payment on play or card resources each get tests named after the card.
The pure data cards are covered by one table test whose expected changes are
written out by hand from the printed cards, not computed from our definitions.
Tiles, red borders, events with choices and the active cards are in part two
(test_cards_base_more_2.py), which imports the helpers below.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.cardkit import (  # noqa: F401  (re-exported to the part-two modules)
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
    offered_cards,
    offered_players,
    offered_spaces,
    others_pass,
    play,
    printed_cost,
    prod,
    slug,
    tiles,
    use,
    waiting_kind,
)
from tm import Game
from tm.testing import (
    answer,
    choice_types,
    choices,
    give_cards,
    parameters,
    place,
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
