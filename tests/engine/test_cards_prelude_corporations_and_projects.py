"""Card behaviour: the Prelude expansion's corporations and project cards played for real.

Starting MC and start effects come from the reference file; effects are checked as the
cards describe them (shared/reference/cards_prelude.json ``effect``), not read from our
definitions. Robinson Industries and Valley Trust are the cards with code.
"""
from __future__ import annotations

import pytest

from tests.kits.cardkit import THARSIS, act, card_vp, me, others_pass, printed_cost
from tests.kits.facts import load_reference
from tests.kits.mapkit import SMALL, registered
from tm import Game, Options
from tm.testing import (
    answer,
    choices,
    choose_setup,
    finish_setup,
    give_cards,
    make_game,
    place,
    play_prelude,
    preludes,
    prompt,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
    stack_deck,
    stack_preludes,
)

PRELUDE = ["corpera", "prelude"]
REFERENCE = {c["name"]: c for c in load_reference("cards_prelude.json")}
CORPORATIONS = sorted(n for n, c in REFERENCE.items() if c["type"] == "corporation")
SIX = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
VOLCANIC = sorted(sid for sid, sp in THARSIS.spaces.items() if sp.volcanic)


def cost(name: str) -> int:
    """A Prelude project card's printed cost (reference)."""
    value: int = REFERENCE[name]["cost"]
    return value


def corp_game(name: str, players: int = 2) -> Game:
    game, _ = make_game(players, expansions=list(PRELUDE), corporations=[name] + [""] * (
        players - 1))
    return game


def play(game: Game, name: str, mc: int) -> None:
    """Player 0 plays ``name`` holding ``mc`` MC, then the others pass."""
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=mc)
    act(game, "play_card", name)


def label_cost(game: Game, name: str) -> int:
    found = [c for c in prompt(game, 0).choices() if c.get("card") == name]
    assert found, f"{name} is not playable"
    value: int = found[0].label["cost"]
    return value


# ---------------------------------------------------------------- corporations: the start
def dealt(name: str) -> Game:
    for seed in range(300):
        game = Game.new(Options(players=2, seed=seed, first_player=0,
                                expansions=list(PRELUDE)))
        if name in prompt(game, 0).data["corporations"]:
            return game
    raise AssertionError(f"no seed deals {name}")


@pytest.mark.parametrize("name", CORPORATIONS)
def test_R_SETUP_4_prelude_corporation_starts_as_the_reference_says(name: str) -> None:
    ref = REFERENCE[name]
    game = dealt(name)
    choose_setup(game, 0, name)
    finish_setup(game)
    assert prompt(game, 0).purpose == "prelude_first"  # before its preludes are played
    start = ref["effect"].get("play", {})
    state = me(game)
    assert state["megacredits"] == ref["starting_mc"]
    assert state["production"] == {r: start.get("production", {}).get(r, 0) for r in SIX}
    assert state["tags"] == {t: ref["tags"].count(t) for t in ref["tags"]}
    own = [e for e in ref["effect"].get("ongoing", [])
           if e.get("when", {}).get("card_played", {}).get("including_this")]
    drawn = sum(e["then"].get("draw", {}).get("count", 0) *
                sum(1 for t in ref["tags"] if t in e["when"]["card_played"]["tags"])
                for e in own)
    assert len(state["hand"]) == drawn  # Point Luna: its own Earth tag draws a card


# ---------------------------------------------------------------- corporations: effects
def test_point_luna_draws_a_card_per_earth_tag_played() -> None:
    game = corp_game("Point Luna")
    start = me(game)["hand"]  # its own Earth tag drew one as it was taken
    assert len(start) == 1
    stack_deck(game, ["Mine", "Research"])
    play(game, "Sponsors", 6)  # one Earth tag
    assert me(game)["hand"] == [*start, "Mine"]
    play_prelude(game, 0, "Allied Bank")  # preludes' tags count too
    assert me(game)["hand"] == [*start, "Mine", "Research"]


def test_cheung_shing_mars_makes_building_tags_2_mc_cheaper() -> None:
    game = corp_game("Cheung Shing MARS")
    give_cards(game, 0, ["House Printing", "Sponsors"])
    set_resources(game, 0, megacredits=20)
    assert label_cost(game, "House Printing") == cost("House Printing") - 2
    assert label_cost(game, "Sponsors") == printed_cost("Sponsors")


def test_valley_trust_first_action_comes_first() -> None:
    game = corp_game("Valley Trust")
    assert choices(game, 0) == [{"type": "first_action"}]
    answer(game, "first_action", player=0)  # draw three preludes
    assert prompt(game, 0).purpose == "prelude_of_several"


def test_valley_trust_makes_science_tags_2_mc_cheaper_per_tag() -> None:
    game = corp_game("Valley Trust")
    game.state.players[0].first_action_due = False  # its preludes are tested below
    give_cards(game, 0, ["Research", "Martian Survey"])
    set_resources(game, 0, megacredits=20)
    assert label_cost(game, "Research") == printed_cost("Research") - 4
    assert label_cost(game, "Martian Survey") == cost("Martian Survey") - 2


def test_valley_trust_first_action_plays_one_of_three_preludes_and_discards_two() -> None:
    game = corp_game("Valley Trust")
    stack_preludes(game, ["Donation", "Mohole", "Loan"])
    answer(game, "first_action", player=0)
    assert sorted(prompt(game, 0).data["cards"]) == ["Donation", "Loan", "Mohole"]
    answer(game, "card", "Donation", player=0)
    assert me(game)["megacredits"] == 21 and "Donation" in me(game)["played"]
    assert {"Mohole", "Loan"} <= set(preludes(game)["discard"])
    assert preludes(game)["dealt"][0] == []


def test_valley_trust_unplayable_prelude_gives_15_mc_R_PRE_2() -> None:
    game = corp_game("Valley Trust")
    stack_preludes(game, ["Business Empire", "Mohole", "Loan"])
    answer(game, "first_action", player=0)
    answer(game, "card", "Business Empire", player=0)  # 6 MC to pay, none held
    assert me(game)["megacredits"] == 15 and "Business Empire" not in me(game)["played"]
    assert {"Business Empire", "Mohole", "Loan"} <= set(preludes(game)["discard"])


def test_robinson_industries_raises_the_single_lowest_production_for_4_mc() -> None:
    game = corp_game("Robinson Industries")
    set_production(game, 0, megacredits=2, steel=1, titanium=3, plants=1, energy=0, heat=4)
    set_resources(game, 0, megacredits=5)
    act(game, "card_action", "Robinson Industries")
    assert me(game)["production"]["energy"] == 1 and me(game)["megacredits"] == 1


def test_robinson_industries_lets_the_player_pick_among_tied_lowest() -> None:
    game = corp_game("Robinson Industries")
    set_production(game, 0, megacredits=2, steel=0, titanium=3, plants=0, energy=1, heat=4)
    set_resources(game, 0, megacredits=4)
    answer(game, "card_action", "Robinson Industries", player=0)
    options = [c.label for c in prompt(game, 0).choices()]
    assert [list(o["steps"][0]["res"]) for o in options] == [["steel"], ["plants"]]
    answer(game, "option", 1, player=0)
    assert me(game)["production"]["plants"] == 1 and me(game)["production"]["steel"] == 0


def test_robinson_industries_needs_4_mc() -> None:
    game = corp_game("Robinson Industries")
    set_resources(game, 0, megacredits=3)
    assert {"type": "card_action", "card": "Robinson Industries"} not in choices(game, 0)


def test_vitor_funds_an_award_for_free_as_its_first_action() -> None:
    game = corp_game("Vitor")
    set_resources(game, 0, megacredits=0)
    assert choices(game, 0) == [{"type": "first_action"}]
    answer(game, "first_action", player=0)
    answer(game, "option", 2, player=0)
    assert game.state.awards == [["Scientist", 0]] and me(game)["megacredits"] == 0
    assert game.view(0)["you"]["awards"][0]["cost"] == 14  # it took one of the three places


def test_vitor_has_no_first_action_in_solo() -> None:
    game = corp_game("Vitor", players=1)  # no awards in solo (R-MA-4)
    assert {"type": "first_action"} not in choices(game, 0)
    assert {"type": "pass"} in choices(game, 0)


def test_vitor_gains_3_mc_for_each_card_printing_positive_vp() -> None:
    game = corp_game("Vitor")
    game.state.players[0].first_action_due = False
    play(game, "House Printing", cost("House Printing"))  # 1 VP
    assert me(game)["megacredits"] == 3
    play(game, "Tardigrades", printed_cost("Tardigrades"))  # 1 VP per 4 microbes
    assert me(game)["megacredits"] == 3
    play(game, "Sponsors", printed_cost("Sponsors"))  # no VP
    assert me(game)["megacredits"] == 0


# ---------------------------------------------------------------- project cards
def test_house_printing_gives_steel_production_and_1_vp() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    play(game, "House Printing", cost("House Printing"))
    assert me(game)["production"]["steel"] == 1 and card_vp(game) == 1


def test_sf_memorial_draws_a_card_and_gives_1_vp() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    stack_deck(game, ["Mine"])
    play(game, "SF Memorial", cost("SF Memorial"))
    assert me(game)["hand"] == ["Mine"] and card_vp(game) == 1


def test_martian_survey_needs_oxygen_at_most_4_and_draws_2() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    set_parameters(game, oxygen=5)
    give_cards(game, 0, ["Martian Survey"])
    set_resources(game, 0, megacredits=20)
    assert {"type": "play_card", "card": "Martian Survey"} not in choices(game, 0)
    game.state.oxygen = 4
    stack_deck(game, ["Mine", "Sponsors"])
    play(game, "Martian Survey", cost("Martian Survey"))
    assert me(game)["hand"] == ["Mine", "Sponsors"] and "Martian Survey" in me(game)["events"]
    assert card_vp(game) == 1


def test_space_hotels_needs_two_earth_tags_and_gives_4_mc_production() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    put_in_play(game, 0, ["Sponsors"])
    give_cards(game, 0, ["Space Hotels"])
    set_resources(game, 0, megacredits=20)
    assert {"type": "play_card", "card": "Space Hotels"} not in choices(game, 0)
    put_in_play(game, 0, ["Research Coordination"])  # its wild tag is the second Earth tag
    play(game, "Space Hotels", cost("Space Hotels"))
    assert me(game)["production"]["megacredits"] == 4


def test_research_coordination_is_a_wild_tag_and_nothing_else() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    play(game, "Research Coordination", cost("Research Coordination"))
    state = me(game)
    assert state["tags"] == {"wild": 1} and state["megacredits"] == 0
    assert state["production"] == dict.fromkeys(SIX, 0) and card_vp(game) == 0


def test_lava_tube_settlement_builds_a_city_on_a_volcanic_space_even_next_to_a_city() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    neighbour = THARSIS.spaces[VOLCANIC[0]].neighbors[0]
    place(game, neighbour, "city", 1)
    set_production(game, 0, energy=1)
    play_with_space = "Lava Tube Settlement"
    give_cards(game, 0, [play_with_space])
    set_resources(game, 0, megacredits=cost(play_with_space))
    answer(game, "play_card", play_with_space, player=0)
    assert sorted(prompt(game, 0).data["spaces"]) == VOLCANIC
    answer(game, "space", VOLCANIC[0], player=0)
    others_pass(game)
    assert me(game)["production"]["energy"] == 0 and me(game)["production"]["megacredits"] == 2


def test_lava_tube_settlement_needs_energy_production() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    give_cards(game, 0, ["Lava Tube Settlement"])
    set_resources(game, 0, megacredits=30)
    assert {"type": "play_card", "card": "Lava Tube Settlement"} not in choices(game, 0)


def test_lava_tube_settlement_on_a_map_without_volcanic_spaces_follows_city_rules() -> None:
    board = registered(SMALL)
    assert not any(sp.volcanic for sp in board.spaces.values())
    game, _ = make_game(2, expansions=list(PRELUDE), board=SMALL)
    set_production(game, 0, energy=1)
    give_cards(game, 0, ["Lava Tube Settlement"])
    set_resources(game, 0, megacredits=cost("Lava Tube Settlement"))
    answer(game, "play_card", "Lava Tube Settlement", player=0)
    assert prompt(game, 0).kind == "space" and len(prompt(game, 0).data["spaces"]) > 4


def test_psychrophiles_needs_minus_20_and_collects_microbes() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    set_parameters(game, temperature=-18)
    give_cards(game, 0, ["Psychrophiles"])
    set_resources(game, 0, megacredits=10)
    assert {"type": "play_card", "card": "Psychrophiles"} not in choices(game, 0)
    game.state.temperature = -20
    play(game, "Psychrophiles", cost("Psychrophiles"))
    act(game, "card_action", "Psychrophiles")
    assert me(game)["card_resources"] == {"Psychrophiles": 1}


def test_psychrophiles_microbes_pay_2_mc_each_for_plant_cards_only() -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    put_in_play(game, 0, ["Psychrophiles"], resources=2)
    set_parameters(game, temperature=-24)
    give_cards(game, 0, ["Lichen", "Sponsors"])  # plant tag, 7 MC; earth tag, 6 MC
    set_resources(game, 0, megacredits=3)
    assert {"type": "play_card", "card": "Sponsors"} not in choices(game, 0)
    answer(game, "play_card", "Lichen", player=0)
    assert prompt(game, 0).data["rates"] == {"megacredits": 1, "Psychrophiles": 2}
    answer(game, "pay", megacredits=3, Psychrophiles=2)
    assert "Lichen" in me(game)["played"] and me(game)["megacredits"] == 0
    assert me(game)["card_resources"] == {"Psychrophiles": 0}
