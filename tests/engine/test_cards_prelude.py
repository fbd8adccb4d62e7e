"""Card behaviour: every prelude of tm/expansions/prelude/cards.py played for real (R-PRE).

Preludes whose whole effect is production, stock, TR and plain draws are checked against
the ``effect`` fields of the reference file (shared/reference/cards_prelude.json), read
here independently of our definitions; the others (tiles, payments, digging the deck,
playing a card from hand, raising parameters) each have a test written from the card.
The expansion's corporations and project cards are in
test_cards_prelude_corporations_and_projects.py.
"""
from __future__ import annotations

import pytest

from tests.kits.cardkit import me, printed_cost, slug
from tests.kits.facts import load_reference
from tm import Game
from tm.testing import (
    answer,
    choices,
    give_cards,
    make_game,
    parameters,
    play_prelude,
    preludes,
    prompt,
    set_production,
    set_resources,
    stack_deck,
)

REFERENCE = {c["name"]: c for c in load_reference("cards_prelude.json")}
BASE = {c["name"]: c for c in load_reference("cards_base.json")}
SIX = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
SIMPLE_KEYS = {"production", "stock", "tr", "draw"}
SIMPLE = sorted(name for name, c in REFERENCE.items() if c["type"] == "prelude"
                and set(c["effect"]["play"]) <= SIMPLE_KEYS
                and "tag" not in c["effect"]["play"].get("draw", {})
                and not c["effect"].get("play_conditions"))
EMPTY_OCEAN, TITANIUM_OCEAN = "07", "63"  # Tharsis: no bonus; two titanium
BARE_LAND = "05"  # Tharsis: land, no bonus, no ocean next to it


def prelude_game(players: int = 2) -> Game:
    """A staged game with Prelude, player 0 to act, nothing in hand or in stock."""
    game, _ = make_game(players, expansions=["corpera", "prelude"])
    return game


def printed_tags(name: str) -> dict[str, int]:
    tags = REFERENCE[name]["tags"]
    return {t: tags.count(t) for t in tags}


def has_tag(name: str, tag: str) -> bool:
    """Whether a base-game card prints ``tag`` (from the reference, not our definitions)."""
    return tag in BASE[name]["tags"]


# ---------------------------------------------------------------- the reference table
def test_the_table_covers_the_preludes_it_should() -> None:
    assert len(SIMPLE) == 21 and "Allied Bank" in SIMPLE and "Loan" in SIMPLE
    assert "Experimental Forest" not in SIMPLE  # dug cards: its own test


@pytest.mark.parametrize("name", SIMPLE, ids=[slug(n) for n in SIMPLE])
def test_prelude_does_what_the_reference_says(name: str) -> None:
    game = prelude_game()
    stack_deck(game, ["Sponsors", "Mine", "Research"])  # whatever it draws, three known
    play_prelude(game, 0, name)
    effect = REFERENCE[name]["effect"]["play"]
    state = me(game)
    want_prod = {r: effect.get("production", {}).get(r, 0) for r in SIX}
    want_res = {r: effect.get("stock", {}).get(r, 0) for r in SIX}
    assert state["production"] == want_prod
    assert {r: state[r] for r in SIX} == want_res
    assert state["tr"] == 20 + effect.get("tr", 0)
    drawn = effect.get("draw", {}).get("count", 0)
    assert state["hand"] == ["Sponsors", "Mine", "Research"][:drawn]
    assert state["played"] == [name] and state["tags"] == printed_tags(name)


# ---------------------------------------------------------------- paying on play
@pytest.mark.parametrize(("name", "cost", "prod"), [
    ("Business Empire", 6, {"megacredits": 6}), ("Galilean Mining", 5, {"titanium": 2})])
def test_prelude_that_pays_mc_for_production(name: str, cost: int, prod: dict[str, int]) -> None:
    game = prelude_game()
    set_resources(game, 0, megacredits=cost + 1)
    play_prelude(game, 0, name)
    assert me(game)["megacredits"] == 1
    assert me(game)["production"] == {r: prod.get(r, 0) for r in SIX}


def test_aquifer_turbines_pays_3_mc_places_an_ocean_and_gives_2_energy_production() -> None:
    game = prelude_game()
    set_resources(game, 0, megacredits=3)
    play_prelude(game, 0, "Aquifer Turbines")
    answer(game, "space", EMPTY_OCEAN)
    state = me(game)
    assert (state["megacredits"], state["production"]["energy"], state["tr"]) == (0, 2, 21)
    assert parameters(game)["oceans"] == 1


def test_huge_asteroid_pays_5_mc_and_raises_temperature_3_steps() -> None:
    game = prelude_game()
    set_resources(game, 0, megacredits=5)
    play_prelude(game, 0, "Huge Asteroid")
    assert parameters(game)["temperature"] == -24
    state = me(game)
    assert (state["megacredits"], state["tr"]) == (0, 23)
    assert state["production"]["heat"] == 1  # R-GLOB-3: the track bonus at -24 °C


# ---------------------------------------------------------------- parameters and stock
def test_metal_rich_asteroid_raises_temperature_and_gives_4_titanium_4_steel() -> None:
    game = prelude_game()
    play_prelude(game, 0, "Metal-Rich Asteroid")
    state = me(game)
    assert (state["titanium"], state["steel"], state["tr"]) == (4, 4, 21)
    assert parameters(game)["temperature"] == -28


def test_smelting_plant_raises_oxygen_2_steps_and_gives_5_steel() -> None:
    game = prelude_game()
    play_prelude(game, 0, "Smelting Plant")
    assert parameters(game)["oxygen"] == 2
    assert (me(game)["steel"], me(game)["tr"]) == (5, 22)
    assert me(game)["tags"] == {"building": 1}


# ---------------------------------------------------------------- tiles
def test_great_aquifer_places_two_oceans() -> None:
    game = prelude_game()
    play_prelude(game, 0, "Great Aquifer")
    answer(game, "space", EMPTY_OCEAN)
    answer(game, "space", TITANIUM_OCEAN)
    assert parameters(game)["oceans"] == 2
    assert (me(game)["tr"], me(game)["titanium"]) == (22, 2)  # the second space's bonus


def test_polar_industries_gives_2_heat_production_and_places_an_ocean() -> None:
    game = prelude_game()
    play_prelude(game, 0, "Polar Industries")
    answer(game, "space", EMPTY_OCEAN)
    assert (me(game)["production"]["heat"], me(game)["tr"]) == (2, 21)
    assert parameters(game)["oceans"] == 1


@pytest.mark.parametrize(("name", "prod"), [("Early Settlement", {"plants": 1}),
                                            ("Self-Sufficient Settlement", {"megacredits": 2})])
def test_settlement_preludes_place_a_city_and_raise_production(
        name: str, prod: dict[str, int]) -> None:
    game = prelude_game()
    play_prelude(game, 0, name)
    answer(game, "space", BARE_LAND)
    assert game.view(None)["spaces"][[s["id"] for s in game.view(None)["spaces"]].index(
        BARE_LAND)]["tile"] == "city"
    assert me(game)["production"] == {r: prod.get(r, 0) for r in SIX}
    assert me(game)["tags"] == {"building": 1, "city": 1}


def test_experimental_forest_places_a_greenery_and_digs_for_two_plant_cards() -> None:
    game = prelude_game()
    dug = ["Sponsors", "Grass", "Mine", "Research", "Trees", "Lichen"]
    assert [has_tag(n, "plant") for n in dug] == [False, True, False, False, True, True]
    stack_deck(game, dug)
    play_prelude(game, 0, "Experimental Forest")
    answer(game, "space", prompt(game, 0).data["spaces"][0])
    assert parameters(game)["oxygen"] == 1 and me(game)["tr"] == 21
    assert me(game)["hand"] == ["Grass", "Trees"]
    assert game.state.deck[0] == "Lichen"  # digging stops at the second plant card
    assert {"Sponsors", "Mine", "Research"} <= set(game.state.discard)
    shown = [e["card"] for e in game.state.log if e["key"] == "revealed"]
    assert shown == dug[:5]  # every card dug is shown to everyone


def test_acquired_space_agency_gives_6_titanium_and_digs_for_two_space_cards() -> None:
    game = prelude_game()
    dug = ["Asteroid", "Mine", "Comet"]
    assert [has_tag(n, "space") for n in dug] == [True, False, True]
    stack_deck(game, dug)
    play_prelude(game, 0, "Acquired Space Agency")
    assert me(game)["titanium"] == 6 and me(game)["hand"] == ["Asteroid", "Comet"]
    assert "Mine" in game.state.discard


def test_digging_stops_when_deck_and_discard_pile_hold_no_more_such_cards() -> None:
    game = prelude_game()
    game.state.discard = []
    game.state.deck = ["Mine", "Sponsors", "Comet"]
    play_prelude(game, 0, "Acquired Space Agency")
    assert me(game)["hand"] == ["Comet"]
    assert sorted(game.state.discard) == ["Mine", "Sponsors"] and game.state.deck == []


# ---------------------------------------------------------------- a card from hand
def test_ecology_experts_plays_a_card_ignoring_its_global_requirement() -> None:
    game = prelude_game()
    give_cards(game, 0, ["Grass"])  # -16 °C needed; it is -30 °C
    set_resources(game, 0, megacredits=printed_cost("Grass"))
    play_prelude(game, 0, "Ecology Experts")
    state = me(game)
    assert state["played"] == ["Ecology Experts", "Grass"] and state["megacredits"] == 0
    assert state["production"]["plants"] == 2  # one from each card
    give_cards(game, 0, ["Fish"])  # the waiver was for that one card only
    set_resources(game, 0, megacredits=20)
    assert {"type": "play_card", "card": "Fish"} not in choices(game, 0)


def test_ecology_experts_counts_its_own_plant_production_for_the_card() -> None:
    game = prelude_game()  # Food Factory lowers plant production by 1: it needs the prelude's
    give_cards(game, 0, ["Food Factory"])
    set_resources(game, 0, megacredits=printed_cost("Food Factory"))
    play_prelude(game, 0, "Ecology Experts")
    assert me(game)["played"] == ["Ecology Experts", "Food Factory"]
    assert me(game)["production"]["plants"] == 0


def test_ecology_experts_lets_the_player_pick_among_playable_cards() -> None:
    game = prelude_game()
    give_cards(game, 0, ["Grass", "Lichen", "Comet"])
    set_resources(game, 0, megacredits=11)  # Grass 11 and Lichen 7 affordable, Comet 21 not
    play_prelude(game, 0, "Ecology Experts")
    assert sorted(prompt(game, 0).data["cards"]) == ["Grass", "Lichen"]
    answer(game, "card", "Lichen")
    assert me(game)["played"] == ["Ecology Experts", "Lichen"] and me(game)["megacredits"] == 4


def test_eccentric_sponsor_plays_a_card_25_mc_cheaper() -> None:
    game = prelude_game()
    give_cards(game, 0, ["Giant Ice Asteroid", "Comet"])
    set_resources(game, 0, megacredits=11)
    play_prelude(game, 0, "Eccentric Sponsor")
    assert sorted(prompt(game, 0).data["cards"]) == ["Comet", "Giant Ice Asteroid"]
    answer(game, "card", "Giant Ice Asteroid")
    answer_any_spaces(game)
    assert "Giant Ice Asteroid" in me(game)["events"]
    assert me(game)["megacredits"] == 11 - (printed_cost("Giant Ice Asteroid") - 25)
    give_cards(game, 0, ["Sponsors"])  # the discount was for that card only
    set_resources(game, 0, megacredits=10)
    offered = [c for c in prompt(game, 0).choices() if c.get("card") == "Sponsors"]
    assert offered[0].label["cost"] == printed_cost("Sponsors")


def test_eccentric_sponsor_with_nothing_playable_is_discarded_for_15_mc_R_PRE_2() -> None:
    game = prelude_game()
    give_cards(game, 0, ["Birds"])  # requirement unmet: the discount does not waive it
    play_prelude(game, 0, "Eccentric Sponsor")
    assert me(game)["megacredits"] == 15 and me(game)["played"] == []
    assert "Eccentric Sponsor" in preludes(game)["discard"]


def answer_any_spaces(game: Game) -> None:
    while game.prompt_for(0) is not None and prompt(game, 0).kind == "space":
        answer(game, "space", prompt(game, 0).data["spaces"][0])


# ---------------------------------------------------------------- the wild tag
def test_research_network_wild_tag_counts_for_requirements_not_for_awards() -> None:
    game = prelude_game()
    play_prelude(game, 0, "Research Network")
    give_cards(game, 0, ["Space Hotels"])  # needs 2 Earth tags
    set_resources(game, 0, megacredits=40)
    assert {"type": "play_card", "card": "Space Hotels"} not in choices(game, 0)
    play_prelude(game, 0, "Allied Bank")  # one Earth tag + the wild one
    assert {"type": "play_card", "card": "Space Hotels"} in choices(game, 0)
    from tm.rules.milestones import award_value, milestone_value
    assert milestone_value(game.state, 0, "Builder") == 1  # wild counts for milestones
    assert award_value(game.state, 0, "Scientist") == 0  # not for awards


def test_a_wild_tag_does_not_set_off_tag_triggers() -> None:
    game, _ = make_game(2, expansions=["corpera", "prelude"], corporations=["Point Luna", ""])
    hand = len(me(game)["hand"])
    play_prelude(game, 0, "Research Network")  # draws 3, but its wild tag is no Earth tag
    assert len(me(game)["hand"]) == hand + 3


def test_negative_production_preludes_respect_the_floor_R_PROD_1() -> None:
    game = prelude_game()
    set_production(game, 0, megacredits=-4)
    play_prelude(game, 0, "Loan")  # would go to -6
    assert me(game)["production"]["megacredits"] == -4 and me(game)["megacredits"] == 15
