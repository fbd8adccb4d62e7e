"""Card behaviour, part three: the ongoing effects of tm/cards/corpera_more.py
(discounts, Standard Technology, Protected Habitats, Mars University, Olympus
Conference, Viral Enhancers) and the check that every card of the module is tested.
"""
from __future__ import annotations

from tests.engine import test_cards_corpera_more as part_one
from tests.engine import test_cards_corpera_more_2 as part_two
from tests.engine.test_cards_corpera_more import (
    act,
    can_play,
    can_use,
    card_vp,
    held,
    me,
    new_game,
    offered_cards,
    offered_players,
    play,
    prod,
    slug,
    waiting_kind,
)
from tm.cards import card
from tm.cards.dsl import Card
from tm.expansions.corpera.cards_more import CARDS
from tm.rules.play import cost_of
from tm.testing import (
    answer,
    choice_types,
    give_cards,
    prompt,
    put_in_play,
    set_parameters,
    set_resources,
)


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
    names = [n for module in (part_one, part_two) for n in vars(module) if n.startswith("test_")]
    names += [n for n in globals() if n.startswith("test_")]
    untested = [c.name for c in CARDS if c.name not in part_one.PURE
                and not any(n.startswith(f"test_{slug(c.name)}_") for n in names)]
    assert untested == []
    assert all(not card(name).action and not card(name).effects for name in part_one.PURE)
