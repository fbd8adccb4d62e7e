"""Cards whose ongoing effect counts the card itself ("including this" in the reference).

A card is in play while its own play resolves, so its own tags and its own tile set off its
own effects; a corporation is played when it is taken (R-SETUP-4). One test per card of the
reference that says so, named after the card; then the R-PROD-2 decision for Immigrant City
(RULES.md, Decisions): playable at -4 MC production, since its own city gives back 1.
"""
from __future__ import annotations

import json

import pytest

from tests.engine.test_corporations import dealt_game
from tests.kits.cardkit import (
    act,
    can_play,
    held,
    me,
    new_game,
    offered_spaces,
    play,
    prod,
    slug,
    tiles,
    waiting_kind,
)
from tests.kits.facts import load_reference
from tm import IllegalMove
from tm.cards.dsl import Card, city, on_tile
from tm.cards.dsl import prod as prod_step
from tm.testing import (
    choose_setup,
    finish_setup,
    give_cards,
    make_game,
    place,
    prompt,
    set_parameters,
    set_production,
    set_resources,
)
from tm.vocab.own_triggers import play_steps_to_check


def test_every_including_this_card_of_the_reference_has_a_test_here() -> None:
    cards = load_reference("cards_base.json")
    including = sorted(c["name"] for c in cards if '"including_this": true' in json.dumps(
        c["effect"]))
    assert including == ["Decomposers", "Ecological Zone", "Immigrant City", "Mars University",
                         "Olympus Conference", "Saturn Systems", "Viral Enhancers"]
    names = [n for n in globals() if n.startswith("test_")]
    assert [c for c in including if not any(
        n.startswith(f"test_{slug(c)}_") and "including_this" in n for n in names)] == []


# ---------------------------------------------------------------- project cards
def test_decomposers_gains_a_microbe_for_its_own_microbe_tag_including_this() -> None:
    game = new_game()
    set_parameters(game, oxygen=3)
    play(game, "Decomposers")
    assert held(game, "Decomposers") == 1


def test_ecological_zone_gains_an_animal_per_own_animal_and_plant_tag_including_this() -> None:
    game = new_game()
    place(game, "47", "greenery", 0)
    play(game, "Ecological Zone")
    act(game, "space", "48")
    assert held(game, "Ecological Zone") == 2


def test_mars_university_offers_a_swap_for_its_own_science_tag_including_this() -> None:
    game = new_game()
    give_cards(game, 0, ["Mine"])
    play(game, "Mars University")
    assert prompt(game, 0).purpose == "discard_to_draw"
    act(game, "cards", [])
    assert me(game)["hand"] == ["Mine"]
    assert waiting_kind(game) == "action"


def test_olympus_conference_stores_science_for_its_own_science_tag_including_this() -> None:
    game = new_game()
    play(game, "Olympus Conference")
    assert held(game, "Olympus Conference") == 1  # nothing to spend yet: no question
    assert waiting_kind(game) == "action"


def test_viral_enhancers_gives_a_plant_for_its_own_microbe_tag_including_this() -> None:
    game = new_game()
    play(game, "Viral Enhancers")
    assert me(game)["plants"] == 1  # it holds no resources itself: the plant, unasked


def test_immigrant_city_gains_mc_production_for_its_own_city_including_this() -> None:
    game = new_game()
    set_production(game, 0, energy=1)
    play(game, "Immigrant City")
    act(game, "space", "47")
    assert tiles(game)["47"] == {"tile": "city", "owner": 0}
    assert prod(game)["megacredits"] == -2 + 1
    assert prod(game)["energy"] == 0


# ---------------------------------------------------------------- corporations (R-SETUP-4)
def test_saturn_systems_starts_with_mc_production_for_its_own_jovian_tag_including_this() -> None:
    """R-SETUP-4: a corporation taken is played; its own Jovian tag counts."""
    game = dealt_game("Saturn Systems")
    choose_setup(game, 0, "Saturn Systems")
    finish_setup(game)  # the other player's corporation has no Jovian tag
    assert prod(game) == {"megacredits": 1, "steel": 0, "titanium": 1, "plants": 0,
                          "energy": 0, "heat": 0}


def test_saturn_systems_staged_by_the_test_kit_also_counts_its_own_tag_including_this() -> None:
    game, _ = make_game(corporations=["Saturn Systems", ""])
    assert prod(game)["megacredits"] == 1
    assert me(game)["megacredits"] == 0  # the kit applies start effects, not starting MC


def test_corporations_without_an_own_tag_trigger_start_as_before_R_SETUP_4() -> None:
    game, _ = make_game(corporations=["CrediCor", "Interplanetary Cinematics"])
    assert me(game)["megacredits"] == 0  # CrediCor: its own 0 MC "cost" earns nothing
    assert me(game, 1)["megacredits"] == 0  # a corporation is not an event
    assert me(game, 1)["steel"] == 20


# ---------------------------------------------------------------- Immigrant City at -4 (R-PROD-2)
def test_immigrant_city_playable_at_minus_4_mc_production_ends_at_minus_5_R_PROD_2() -> None:
    """Decision: its own city gives back 1 MC production, so -4 - 2 + 1 = -5 (R-PROD-1)."""
    game = new_game()
    set_production(game, 0, energy=1, megacredits=-4)
    give_cards(game, 0, ["Immigrant City"])
    set_resources(game, 0, megacredits=13)
    assert can_play(game, "Immigrant City")
    act(game, "play_card", "Immigrant City")
    assert "47" in offered_spaces(game)
    assert prod(game)["megacredits"] == -4  # its city comes first: never below -5 meanwhile
    act(game, "space", "47")
    assert prod(game)["megacredits"] == -5
    assert prod(game)["energy"] == 0
    assert tiles(game)["47"] == {"tile": "city", "owner": 0}


def test_immigrant_city_refused_at_minus_5_mc_production_R_PROD_2() -> None:
    game = new_game()
    set_production(game, 0, energy=1, megacredits=-5)
    give_cards(game, 0, ["Immigrant City"])
    set_resources(game, 0, megacredits=13)
    assert not can_play(game, "Immigrant City")
    with pytest.raises(IllegalMove) as refused:
        game.respond(0, {"type": "play_card", "card": "Immigrant City"})
    assert refused.value.rule == "R-PROD-2"


def test_immigrant_city_at_minus_4_still_needs_its_energy_production_R_PROD_2() -> None:
    """The credit is MC production only: the energy step is checked as printed."""
    game = new_game()
    set_production(game, 0, energy=1, megacredits=-4)
    give_cards(game, 0, ["Immigrant City"])
    set_resources(game, 0, megacredits=13)
    assert can_play(game, "Immigrant City")
    set_production(game, 0, energy=0)
    assert not can_play(game, "Immigrant City")


def _test_card(*play_steps: dict[str, object]) -> Card:
    return Card(name="Test City", number="X", set="test", type="active", cost=1,
                play=tuple(play_steps),
                effects=(on_tile([prod_step(megacredits=1)], tile="city", by="any"),))


def test_own_tile_trigger_counts_only_for_a_production_step_after_the_tile_R_PROD_2() -> None:
    """The production check counts what the card's own earlier steps give back, never what
    a later step will: production never dips below -5 on the way."""
    game = new_game()
    after = _test_card(city(), prod_step(megacredits=-2))
    before = _test_card(prod_step(megacredits=-2), city())
    assert play_steps_to_check(game.state, after)[1]["res"] == {"megacredits": -1}
    assert play_steps_to_check(game.state, before)[0]["res"] == {"megacredits": -2}
