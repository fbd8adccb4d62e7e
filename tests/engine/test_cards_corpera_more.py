"""Card behaviour: every card of tm/cards/corpera_more.py played for real.

Cards with an action, an ongoing effect, a choice, a red border, a tile, a custom
step or card resources each get tests named after the card. The pure data cards
are covered by one table test whose expected changes are written out by hand
from the printed cards, not computed from our definitions. Part one: helpers, the
table and the red borders; parts two (_2) and three (_3) hold the rest.
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
    choice_types,
    give_cards,
    parameters,
    place,
    prompt,
    put_in_play,
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
