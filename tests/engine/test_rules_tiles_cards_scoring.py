"""Rules of tiles (R-TILE), cards (R-CARD), milestones and awards (R-ACT-3, R-MA) and the end
of the game (R-END), through the public API and the scenario kit."""
from __future__ import annotations

from collections.abc import Callable
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
LAND_SPACES = {f"{n:02d}" for n in range(3, 64)} - OCEAN_SPACES
NOCTIS = "31"
NEIGHBOURS_47 = {"39", "40", "46", "48", "53", "54"}  # 47 has no bonus and no ocean near
BUILDING_CARDS = ["Power Plant", "Solar Power", "Geothermal Power", "Nuclear Power",
                  "Carbonate Processing", "Food Factory", "Deep Well Heating", "Mine"]
HAND_CARDS = ["Sponsors", "Mine", "Lichen", "Grass", "Heather", "Trees", "Power Plant",
              "Solar Power", "Asteroid", "Comet", "Research", "Cartel", "Hackers", "Fish",
              "Birds", "Ants"]


# ---------------------------------------------------------------- helpers
def act(game: Game, kind: str, *values: Any, **fields: Any) -> None:
    """Player 0 takes an action; the other players pass first if it is their turn."""
    while prompt(game).player != 0 and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)
    answer(game, kind, *values, player=0, **fields)


def pass_until_production(game: Game) -> None:
    """Everyone passes until the production phase has run."""
    while game.pending and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)


def skip_research(game: Game) -> None:
    """Everyone buys nothing in the research phase."""
    while game.pending and prompt(game).purpose == "buy_cards":
        answer(game, "cards", [], player=prompt(game).player)


def board(game: Game) -> dict[str, Any]:
    return dict(game.view(None)["board"])


def space_choices(game: Game) -> set[str]:
    waiting = prompt(game)
    assert waiting.kind == "space", waiting
    return set(waiting.data["spaces"])


def playable(game: Game, name: str, p: int = 0) -> bool:
    return {"type": "play_card", "card": name} in choices(game, p)


def score(game: Game, p: int) -> dict[str, Any]:
    return game.scores()[p]


def standard_project(game: Game, project: str) -> set[str]:
    """Player 0 starts a tile-placing standard project; the legal spaces offered."""
    act(game, "standard_project", project=project)
    return space_choices(game)


# ---------------------------------------------------------------- oceans (R-TILE-1)
def test_R_TILE_1_oceans_only_on_ocean_spaces() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=18)
    assert standard_project(game, "aquifer") == OCEAN_SPACES
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "space", "space": "47"})
    assert error.value.rule == "R-TILE-1"
    assert "47" not in board(game)


def test_R_TILE_1_ocean_tiles_belong_to_no_one() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=18)
    standard_project(game, "aquifer")
    answer(game, "space", "07")
    assert board(game)["07"] == {"tile": "ocean", "owner": None}
    assert score(game, p0)["greeneries"] == 0


def test_R_TILE_1_aquifer_with_nine_oceans_out_is_paid_and_places_no_tenth() -> None:
    """Decision: the Aquifer project stays available once oceans are maxed (R-GLOB-5,
    R-SP-4); it costs 18 MC and places nothing (R-TILE-1)."""
    game, (p0, _) = make_game()
    set_parameters(game, oceans=9)
    set_resources(game, p0, megacredits=18)
    before = board(game)
    act(game, "standard_project", project="aquifer")
    assert prompt(game).kind == "action"  # no space asked
    assert player_state(game, p0)["megacredits"] == 0
    assert player_state(game, p0)["tr"] == 20
    assert parameters(game)["oceans"] == 9
    assert board(game) == before
    assert {"key": "no_ocean_left", "player": p0} in game.view(None)["log"]


def test_R_TILE_1_ice_asteroid_places_only_the_oceans_left() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, oceans=8)
    give_cards(game, p0, ["Ice Asteroid"])
    set_resources(game, p0, megacredits=23)
    act(game, "play_card", "Ice Asteroid")
    answer(game, "space", "07")
    assert parameters(game)["oceans"] == 9
    assert player_state(game, p0)["tr"] == 21
    assert prompt(game).kind == "action"


# ---------------------------------------------------------------- reserved spaces (R-TILE-2)
def test_R_TILE_2_no_land_tile_on_an_ocean_space() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=23)
    offered = standard_project(game, "greenery")
    assert offered == LAND_SPACES - {NOCTIS}
    with pytest.raises(IllegalMove):
        game.respond(p0, {"type": "space", "space": "32"})


@pytest.mark.parametrize(("project", "cost"), [("city", 25), ("greenery", 23)])
def test_R_TILE_2_noctis_city_space_refused_to_other_tiles(project: str, cost: int) -> None:
    game, (p0, _) = make_game()
    place(game, "22", "greenery", p0)  # 31 is next to it
    set_resources(game, p0, megacredits=cost)
    offered = standard_project(game, project)
    assert NOCTIS not in offered
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "space", "space": NOCTIS})
    assert error.value.rule == "R-TILE-2"
    assert NOCTIS not in board(game)


def test_R_TILE_2_special_tiles_stay_off_the_noctis_space() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Nuclear Zone"])
    set_resources(game, p0, megacredits=10)
    act(game, "play_card", "Nuclear Zone")
    assert space_choices(game) == LAND_SPACES - {NOCTIS}


def test_R_TILE_2_noctis_city_goes_on_its_reserved_space() -> None:
    game, (p0, p1) = make_game()
    place(game, "30", "city", p1)  # a neighbouring city does not stop Noctis City
    give_cards(game, p0, ["Noctis City"])
    set_production(game, p0, energy=1)
    set_resources(game, p0, megacredits=18)
    act(game, "play_card", "Noctis City")
    assert board(game)[NOCTIS] == {"tile": "city", "owner": p0}
    assert player_state(game, p0)["plants"] == 2  # the space's printed bonus


# ---------------------------------------------------------------- greenery (R-TILE-3)
def test_R_TILE_3_greenery_next_to_own_tile_when_possible() -> None:
    game, (p0, _) = make_game()
    place(game, "47", "city", p0)
    set_resources(game, p0, megacredits=23)
    assert standard_project(game, "greenery") == NEIGHBOURS_47
    answer(game, "space", "48")
    assert board(game)["48"] == {"tile": "greenery", "owner": p0}
    assert parameters(game)["oxygen"] == 1
    assert player_state(game, p0)["tr"] == 21


def test_R_TILE_3_greenery_anywhere_when_own_tiles_have_no_free_land_next_to_them() -> None:
    game, (p0, p1) = make_game()
    place(game, "03", "city", p0)  # neighbours: 04 (ocean space), 08, 09
    place(game, "08", "greenery", p1)
    place(game, "09", "greenery", p1)
    set_resources(game, p0, plants=8)
    act(game, "convert_plants")
    assert space_choices(game) == LAND_SPACES - {"03", "08", "09", NOCTIS}


def test_R_TILE_3_other_players_tiles_do_not_restrict_greenery() -> None:
    game, (p0, p1) = make_game()
    place(game, "47", "city", p1)
    set_resources(game, p0, megacredits=23)
    assert standard_project(game, "greenery") == LAND_SPACES - {"47", NOCTIS}


def test_R_TILE_3_converting_plants_places_a_greenery_and_raises_oxygen() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, plants=9)
    act(game, "convert_plants")
    answer(game, "space", "47")
    state = player_state(game, p0)
    assert state["plants"] == 1
    assert state["tr"] == 21
    assert parameters(game)["oxygen"] == 1
    assert board(game)["47"] == {"tile": "greenery", "owner": p0}


# ---------------------------------------------------------------- cities (R-TILE-4)
@pytest.mark.parametrize("owner", [0, 1])
def test_R_TILE_4_no_city_next_to_any_city(owner: int) -> None:
    game, (p0, _) = make_game()
    place(game, "47", "city", owner)
    set_resources(game, p0, megacredits=25)
    offered = standard_project(game, "city")
    assert offered == LAND_SPACES - NEIGHBOURS_47 - {"47", NOCTIS}
    with pytest.raises(IllegalMove):
        game.respond(p0, {"type": "space", "space": "48"})


def test_R_TILE_4_city_may_go_next_to_a_greenery() -> None:
    game, (p0, p1) = make_game()
    place(game, "47", "greenery", p1)
    set_resources(game, p0, megacredits=25)
    assert standard_project(game, "city") >= NEIGHBOURS_47
    answer(game, "space", "48")
    assert board(game)["48"] == {"tile": "city", "owner": p0}


def test_R_TILE_4_urbanized_area_needs_two_neighbouring_cities() -> None:
    game, (p0, p1) = make_game()
    give_cards(game, p0, ["Urbanized Area"])
    set_production(game, p0, energy=1)
    set_resources(game, p0, megacredits=10)
    place(game, "46", "city", p1)
    assert not playable(game, "Urbanized Area")
    place(game, "48", "city", p0)  # 47 is the only space next to both
    act(game, "play_card", "Urbanized Area")
    assert board(game)["47"] == {"tile": "city", "owner": p0}
    assert player_state(game, p0)["production"]["megacredits"] == 2


# ---------------------------------------------------------------- placement bonus (R-TILE-5)
@pytest.mark.parametrize(("tile", "how", "cost", "space", "plants"), [
    ("city", ("standard_project", "city"), 25, "35", 2),
    ("greenery", ("standard_project", "greenery"), 23, "35", 2),
    ("ocean", ("standard_project", "aquifer"), 18, "43", 1),
    ("nuclear_zone", ("play_card", "Nuclear Zone"), 10, "35", 2),
])
def test_R_TILE_5_two_mc_per_adjacent_ocean_for_every_tile_type(
        tile: str, how: tuple[str, str], cost: int, space: str, plants: int) -> None:
    game, (p0, _) = make_game()
    place(game, "34", "ocean", None)
    place(game, "44", "ocean", None)
    give_cards(game, p0, ["Nuclear Zone"])
    set_resources(game, p0, megacredits=cost)
    kind, what = how
    if kind == "play_card":
        act(game, kind, what)
    else:
        act(game, kind, project=what)
    answer(game, "space", space)
    assert board(game)[space]["tile"] == tile
    state = player_state(game, p0)
    assert state["megacredits"] == 2 * 2  # 34 and 44 are next to both 35 and 43
    assert state["plants"] == plants  # the printed bonus on top


@pytest.mark.parametrize(("space", "gained"), [
    ("03", {"steel": 2}),
    ("20", {"steel": 1}),
    ("25", {"plants": 2}),
    ("58", {"titanium": 1}),
    ("21", {"plants": 1, "titanium": 1}),
])
def test_R_TILE_5_printed_resource_bonus(space: str, gained: dict[str, int]) -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=23)
    standard_project(game, "greenery")
    answer(game, "space", space)
    state = player_state(game, p0)
    for resource in ("megacredits", "steel", "titanium", "plants", "energy", "heat"):
        assert state[resource] == gained.get(resource, 0), resource


def test_R_TILE_5_printed_card_bonus_draws_a_card() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=25)
    standard_project(game, "city")
    answer(game, "space", "55")
    assert len(player_state(game, p0)["hand"]) == 1


# ---------------------------------------------------------------- owners (R-TILE-6)
def test_R_TILE_6_greenery_and_city_carry_their_owners_marker() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p1, megacredits=25 + 23)
    answer(game, "pass", player=p0)
    answer(game, "standard_project", project="city", player=p1)
    answer(game, "space", "47", player=p1)
    answer(game, "standard_project", project="greenery", player=p1)
    answer(game, "space", "48", player=p1)
    assert board(game)["47"] == {"tile": "city", "owner": p1}
    assert board(game)["48"] == {"tile": "greenery", "owner": p1}


def test_R_TILE_6_owner_markers_count_in_scoring() -> None:
    game, (p0, p1) = make_game()
    place(game, "47", "city", p0)
    place(game, "48", "greenery", p1)
    place(game, "46", "greenery", p0)
    place(game, "34", "ocean", None)
    mine, theirs = score(game, p0), score(game, p1)
    assert (mine["greeneries"], mine["cities"]) == (1, 2)
    assert (theirs["greeneries"], theirs["cities"]) == (1, 0)


def test_R_TILE_6_landlord_counts_owned_tiles_not_oceans() -> None:
    game, (p0, p1) = make_game()
    place(game, "47", "city", p1)
    place(game, "52", "greenery", p1)
    place(game, "03", "greenery", p0)
    for space in ("04", "06", "07"):
        place(game, space, "ocean", None)  # placed "by" p0, owned by no one
    set_resources(game, p0, megacredits=8)
    act(game, "fund_award", "Landlord")
    assert (score(game, p0)["awards"], score(game, p1)["awards"]) == (0, 5)


# ---------------------------------------------------------------- city production (R-TILE-7)
def test_R_TILE_7_city_standard_project_adds_mc_production() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=25)
    standard_project(game, "city")
    answer(game, "space", "47")
    assert player_state(game, p0)["production"]["megacredits"] == 1


def test_R_TILE_7_city_placed_by_a_card_adds_no_mc_production() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Research Outpost"])
    set_resources(game, p0, megacredits=18)
    act(game, "play_card", "Research Outpost")
    answer(game, "space", "47")
    assert board(game)["47"] == {"tile": "city", "owner": p0}
    assert player_state(game, p0)["production"]["megacredits"] == 0


# ---------------------------------------------------------------- requirements (R-CARD-1, -5)
def test_R_CARD_1_minimum_requirement_checked_when_played() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Lichen"])  # −24 °C or warmer
    set_resources(game, p0, megacredits=7)
    set_parameters(game, temperature=-26)
    assert not playable(game, "Lichen")
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "play_card", "card": "Lichen"})
    assert error.value.rule == "R-CARD-1"
    set_parameters(game, temperature=-24)
    act(game, "play_card", "Lichen")
    assert player_state(game, p0)["production"]["plants"] == 1


@pytest.mark.parametrize(("temperature", "allowed"), [(-30, True), (-18, True), (-16, False)])
def test_R_CARD_1_maximum_requirement(temperature: int, allowed: bool) -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["ArchaeBacteria"])  # −18 °C or colder
    set_resources(game, p0, megacredits=6)
    set_parameters(game, temperature=temperature)
    assert playable(game, "ArchaeBacteria") is allowed


@pytest.mark.parametrize(("oceans", "allowed"), [(3, True), (4, False)])
def test_R_CARD_1_maximum_ocean_requirement(oceans: int, allowed: bool) -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Dust Seals"])  # 3 oceans or fewer
    set_resources(game, p0, megacredits=2)
    set_parameters(game, oceans=oceans)
    assert playable(game, "Dust Seals") is allowed


def test_R_CARD_1_later_changes_do_not_matter() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["ArchaeBacteria", "Big Asteroid"])
    set_parameters(game, temperature=-18)
    set_resources(game, p0, megacredits=6 + 27)
    act(game, "play_card", "ArchaeBacteria")
    act(game, "play_card", "Big Asteroid")  # now −14 °C: too warm to play it
    assert parameters(game)["temperature"] == -14
    assert "ArchaeBacteria" in player_state(game, p0)["played"]
    pass_until_production(game)
    assert player_state(game, p0)["plants"] == 1
    assert player_state(game, p0)["production"]["plants"] == 1


def test_R_CARD_5_own_tags_do_not_count_for_own_requirement() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["AI Central"])  # needs 3 science tags, has 1 itself
    put_in_play(game, p0, ["Research"])  # 2 science tags
    set_production(game, p0, energy=1)
    set_resources(game, p0, megacredits=21)
    assert not playable(game, "AI Central")
    put_in_play(game, p0, ["Inventors' Guild"])
    act(game, "play_card", "AI Central")
    assert player_state(game, p0)["tags"]["science"] == 4


def test_R_CARD_5_fusion_power_own_power_tag_not_counted() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Fusion Power"])  # needs 2 power tags, has 1 itself
    put_in_play(game, p0, ["Power Plant"])
    set_resources(game, p0, megacredits=14)
    assert not playable(game, "Fusion Power")
    put_in_play(game, p0, ["Solar Power"])
    assert playable(game, "Fusion Power")


# ---------------------------------------------------------------- card colours (R-CARD-2, -3)
def test_R_CARD_2_automated_card_acts_once_and_stays_with_its_tags() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Mine"])
    set_resources(game, p0, megacredits=4)
    act(game, "play_card", "Mine")
    state = player_state(game, p0)
    assert state["played"] == ["Mine"]
    assert state["tags"] == {"building": 1}
    assert state["production"]["steel"] == 1
    pass_until_production(game)
    skip_research(game)
    state = player_state(game, p0)
    assert state["production"]["steel"] == 1  # not applied again
    assert state["steel"] == 1


def test_R_CARD_3_active_card_effect_keeps_working() -> None:
    game, (p0, p1) = make_game()
    give_cards(game, p0, ["Rover Construction"])  # +2 MC whenever any city is placed
    set_resources(game, p0, megacredits=8)
    set_resources(game, p1, megacredits=50)
    act(game, "play_card", "Rover Construction")
    answer(game, "end_turn", player=p0)
    for space in ("47", "03"):
        answer(game, "standard_project", project="city", player=p1)
        answer(game, "space", space, player=p1)
    assert "Rover Construction" in player_state(game, p0)["played"]
    assert player_state(game, p0)["megacredits"] == 4


def test_R_CARD_3_active_card_action_once_per_generation() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Tardigrades"])
    act(game, "card_action", "Tardigrades")
    assert player_state(game, p0)["card_resources"]["Tardigrades"] == 1
    assert "card_action" not in choice_types(game, p0)
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "card_action", "card": "Tardigrades"})
    assert error.value.rule == "R-ACT-5"


# ---------------------------------------------------------------- events (R-CARD-4)
def test_R_CARD_4_event_goes_face_down_and_its_tags_stop_counting() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Bribed Committee"])
    set_resources(game, p0, megacredits=7)
    act(game, "play_card", "Bribed Committee")
    state = player_state(game, p0)
    assert state["events"] == ["Bribed Committee"]
    assert "Bribed Committee" not in state["played"]
    assert state["tags"].get("earth", 0) == 0


def test_R_CARD_4_event_tags_do_not_count_for_requirements() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Research"])
    give_cards(game, p0, ["Invention Contest", "AI Central"])
    set_production(game, p0, energy=1)
    set_resources(game, p0, megacredits=2 + 21)
    act(game, "play_card", "Invention Contest")  # a science event
    answer(game, "cards", [choices(game)[0]["card"]])
    assert player_state(game, p0)["tags"]["science"] == 2
    assert not playable(game, "AI Central")


def test_R_CARD_4_event_tags_do_not_count_for_builder() -> None:
    """No base event has a building tag: Builder counts face-up cards only, events aside."""
    game, (p0, _) = make_game()
    put_in_play(game, p0, BUILDING_CARDS[:7])
    put_in_play(game, p0, ["Bribed Committee", "Comet", "Special Design"])
    set_resources(game, p0, megacredits=8)
    assert player_state(game, p0)["tags"]["building"] == 7
    assert "claim_milestone" not in choice_types(game)
    put_in_play(game, p0, BUILDING_CARDS[7:])
    act(game, "claim_milestone", "Builder")
    assert game.view(None)["milestones"] == [["Builder", p0]]


def test_R_CARD_4_event_tags_do_not_count_for_scientist() -> None:
    game, (p0, p1) = make_game()
    put_in_play(game, p0, ["Research", "Invention Contest", "Special Design"])  # 2 + 2 events
    put_in_play(game, p1, ["Inventors' Guild", "Development Center", "Advanced Alloys"])  # 3
    set_resources(game, p0, megacredits=8)
    act(game, "fund_award", "Scientist")
    assert (score(game, p0)["awards"], score(game, p1)["awards"]) == (0, 5)


def test_R_CARD_4_event_tags_count_for_triggers_when_played() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Optimal Aerobraking"])  # space event: +3 MC, +3 heat
    give_cards(game, p0, ["Asteroid"])
    set_resources(game, p0, megacredits=14)
    act(game, "play_card", "Asteroid")
    state = player_state(game, p0)
    assert (state["megacredits"], state["heat"]) == (3, 3)


def test_R_CARD_4_event_tags_count_for_discounts_when_played() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Earth Office"])
    give_cards(game, p0, ["Bribed Committee"])  # 7, earth event
    set_resources(game, p0, megacredits=4)
    act(game, "play_card", "Bribed Committee")
    assert player_state(game, p0)["megacredits"] == 0
    assert player_state(game, p0)["tr"] == 22


# ---------------------------------------------------------------- card VP (R-CARD-6)
def test_R_CARD_6_event_vp_count() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Bribed Committee"])
    set_resources(game, p0, megacredits=7)
    act(game, "play_card", "Bribed Committee")
    assert score(game, p0)["cards"] == -2
    assert score(game, p0)["total"] == 22 - 2


def test_R_CARD_6_printed_vp_and_resources_on_cards_count() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Solar Power", "Research"])  # 1 + 1
    put_in_play(game, p0, ["Tardigrades"], resources=9)  # 1 VP per 4 microbes: 2
    put_in_play(game, p0, ["Predators"], resources=3)  # 1 VP per animal: 3
    assert score(game, p0)["cards"] == 7


# ---------------------------------------------------------------- milestones (R-ACT-3, R-MA-1)
def _cities(game: Game, p: int, n: int) -> None:
    for space in ["03", "11", "47", "58"][:n]:
        place(game, space, "city", p)


def _greeneries(game: Game, p: int, n: int) -> None:
    for space in ["20", "25", "36", "40"][:n]:
        place(game, space, "greenery", p)


def _building_tags(game: Game, p: int, n: int) -> None:
    put_in_play(game, p, BUILDING_CARDS[:n])


def _hand(game: Game, p: int, n: int) -> None:
    give_cards(game, p, HAND_CARDS[:n])


@pytest.mark.parametrize(("milestone", "stage", "threshold"), [
    ("Mayor", _cities, 3),
    ("Gardener", _greeneries, 3),
    ("Builder", _building_tags, 8),
    ("Planner", _hand, 16),
])
def test_R_MA_1_milestone_threshold(milestone: str, stage: Callable[[Game, int, int], None],
                                    threshold: int) -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=10)
    stage(game, p0, threshold - 1)
    assert {"type": "claim_milestone", "milestone": milestone} not in choices(game)
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "claim_milestone", "milestone": milestone})
    assert error.value.rule == "R-ACT-3"
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=10)
    stage(game, p0, threshold)
    act(game, "claim_milestone", milestone)
    assert game.view(None)["milestones"] == [[milestone, p0]]
    assert player_state(game, p0)["megacredits"] == 2
    assert score(game, p0)["milestones"] == 5


def test_R_MA_1_terraformer_needs_tr_35() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, oceans=9)
    set_resources(game, p0, heat=8 * 15, megacredits=8)
    for _ in range(14):
        act(game, "convert_heat")
    assert player_state(game, p0)["tr"] == 34
    assert "claim_milestone" not in choice_types(game, p0)
    act(game, "convert_heat")
    assert player_state(game, p0)["tr"] == 35
    act(game, "claim_milestone", "Terraformer")
    assert game.view(None)["milestones"] == [["Terraformer", p0]]
    assert player_state(game, p0)["tr"] == 35


def test_R_ACT_3_claim_costs_8_mc() -> None:
    game, (p0, _) = make_game()
    _cities(game, p0, 3)
    set_resources(game, p0, megacredits=7)
    assert "claim_milestone" not in choice_types(game)
    set_resources(game, p0, megacredits=8)
    act(game, "claim_milestone", "Mayor")
    assert player_state(game, p0)["megacredits"] == 0


def test_R_ACT_3_each_milestone_is_claimed_by_one_player() -> None:
    game, (p0, p1) = make_game()
    _cities(game, p0, 3)
    for space in ("22", "25", "52"):
        place(game, space, "city", p1)
    set_resources(game, p0, megacredits=8)
    set_resources(game, p1, megacredits=8)
    act(game, "claim_milestone", "Mayor")
    answer(game, "end_turn", player=p0)
    assert {"type": "claim_milestone", "milestone": "Mayor"} not in choices(game, p1)
    with pytest.raises(IllegalMove):
        game.respond(p1, {"type": "claim_milestone", "milestone": "Mayor"})
    assert player_state(game, p1)["megacredits"] == 8


def test_R_ACT_3_at_most_three_milestones_are_claimed() -> None:
    game, (p0, p1) = make_game()
    _cities(game, p0, 3)
    _greeneries(game, p1, 3)
    _building_tags(game, p0, 8)
    _hand(game, p1, 16)
    set_resources(game, p0, megacredits=16)
    set_resources(game, p1, megacredits=16)
    act(game, "claim_milestone", "Mayor")
    act(game, "claim_milestone", "Builder")
    answer(game, "claim_milestone", "Gardener", player=p1)
    assert "claim_milestone" not in choice_types(game, p1)  # Planner is met, but 3 are out
    with pytest.raises(IllegalMove):
        game.respond(p1, {"type": "claim_milestone", "milestone": "Planner"})
    assert [m for m, _ in game.view(None)["milestones"]] == ["Mayor", "Builder", "Gardener"]
    assert (score(game, p0)["milestones"], score(game, p1)["milestones"]) == (10, 5)


# ---------------------------------------------------------------- awards (R-MA-2, R-MA-3)
def test_R_MA_2_awards_cost_8_14_20_and_at_most_three_are_funded() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p0, megacredits=22)
    set_resources(game, p1, megacredits=40)
    act(game, "fund_award", "Landlord")
    assert player_state(game, p0)["megacredits"] == 14
    act(game, "fund_award", "Banker")
    assert player_state(game, p0)["megacredits"] == 0
    answer(game, "fund_award", "Miner", player=p1)
    assert player_state(game, p1)["megacredits"] == 20
    assert "fund_award" not in choice_types(game, p1)
    with pytest.raises(IllegalMove):
        game.respond(p1, {"type": "fund_award", "award": "Thermalist"})
    assert [a for a, _ in game.view(None)["awards"]] == ["Landlord", "Banker", "Miner"]


def test_R_MA_2_an_award_is_funded_once() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p0, megacredits=8)
    set_resources(game, p1, megacredits=14)
    act(game, "fund_award", "Banker")
    answer(game, "end_turn", player=p0)
    assert {"type": "fund_award", "award": "Banker"} not in choices(game, p1)


AWARD_LEADS: dict[str, Callable[[Game, int, int], None]] = {
    "Landlord": lambda game, p, n: [place(game, space, "greenery", p)
                                    for space in (["03", "05", "08"], ["47", "49", "51"])[p][:n]],
    "Banker": lambda game, p, n: set_production(game, p, megacredits=n),
    "Scientist": lambda game, p, n: put_in_play(  # Research has 2 science tags
        game, p, (["Research"], ["Inventors' Guild", "Development Center", "Advanced Alloys"])[p]),
    "Thermalist": lambda game, p, n: set_resources(game, p, heat=n),
    "Miner": lambda game, p, n: set_resources(game, p, steel=n - 1, titanium=1),
}


@pytest.mark.parametrize("award", ["Landlord", "Banker", "Scientist", "Thermalist", "Miner"])
def test_R_MA_2_award_measures(award: str) -> None:
    game, (p0, p1) = make_game()
    AWARD_LEADS[award](game, p0, 2)
    AWARD_LEADS[award](game, p1, 3)
    set_resources(game, p0, megacredits=8)
    act(game, "fund_award", award)
    assert (score(game, p0)["awards"], score(game, p1)["awards"]) == (0, 5)


@pytest.mark.parametrize(("heats", "points"), [
    ((10, 5, 1), (5, 2, 0)),  # first 5, second 2
    ((10, 10, 5), (5, 5, 0)),  # tie for first: both 5, no second place
    ((10, 5, 5), (5, 2, 2)),  # tie for second: 2 each
    ((4, 4, 4), (5, 5, 5)),
    ((10, 5), (5, 0)),  # two players: no second place
    ((7, 7), (5, 5)),
    ((10, 7, 5, 5), (5, 2, 0, 0)),
])
def test_R_MA_3_award_scoring(heats: tuple[int, ...], points: tuple[int, ...]) -> None:
    game, players = make_game(players=len(heats))
    for p, heat in zip(players, heats, strict=True):
        set_resources(game, p, heat=heat)
    set_resources(game, 0, megacredits=8)
    answer(game, "fund_award", "Thermalist")
    assert tuple(score(game, p)["awards"] for p in players) == points


def test_R_MA_4_no_milestones_or_awards_in_solo() -> None:
    game, (p0,) = make_game(players=1)
    _greeneries(game, p0, 3)
    set_resources(game, p0, megacredits=50, heat=20)
    kinds = choice_types(game)
    assert "claim_milestone" not in kinds and "fund_award" not in kinds
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "claim_milestone", "milestone": "Gardener"})
    assert error.value.rule == "R-MA-1"
    with pytest.raises(IllegalMove):
        game.respond(p0, {"type": "fund_award", "award": "Thermalist"})
    assert player_state(game, p0)["megacredits"] == 50


# ---------------------------------------------------------------- end of game (R-END)
def test_R_END_1_game_ends_after_the_production_of_the_generation_all_maxed() -> None:
    game, (p0, p1) = make_game()
    set_parameters(game, temperature=6, oxygen=14, oceans=9)
    set_resources(game, p0, megacredits=14)
    set_production(game, p1, megacredits=3)
    act(game, "standard_project", project="asteroid")  # the last step
    assert parameters(game)["temperature"] == 8
    assert not game.is_over
    answer(game, "end_turn", player=p0)
    assert prompt(game).player == p1  # the generation goes on
    pass_until_production(game)
    assert game.is_over
    assert parameters(game)["generation"] == 1
    assert player_state(game, p0)["megacredits"] == 21  # production still ran
    assert player_state(game, p1)["megacredits"] == 23
    assert game.pending == []


def test_R_END_1_game_goes_on_while_a_parameter_is_not_maxed() -> None:
    game, _ = make_game()
    set_parameters(game, temperature=8, oxygen=14, oceans=8)
    pass_until_production(game)
    assert not game.is_over
    assert parameters(game)["generation"] == 2
    assert prompt(game).purpose == "buy_cards"


def test_R_END_1_final_greenery_conversion_in_player_order() -> None:
    game, (p0, p1) = make_game()
    pass_until_production(game)
    skip_research(game)  # generation 2: player 1 goes first
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    set_resources(game, p0, plants=16)
    set_resources(game, p1, plants=8)
    pass_until_production(game)
    order = []
    while game.pending:
        waiting = prompt(game)
        order.append(waiting.player)
        answer(game, "option", 0, player=waiting.player)
        space = "35" if waiting.player == p0 and "35" in space_choices(game) else \
            sorted(space_choices(game))[0]
        answer(game, "space", space, player=waiting.player)
    assert order == [p1, p0, p0]
    assert game.is_over
    assert (score(game, p0)["greeneries"], score(game, p1)["greeneries"]) == (2, 1)
    p0_state = player_state(game, p0)
    assert p0_state["tr"] == 20  # oxygen is maxed: no TR
    assert p0_state["megacredits"] >= 20 + 3 * 2  # income, then 35 is next to 3 oceans
    assert p0_state["plants"] >= 2  # 16 − 16 + the printed bonus of 35


def test_R_END_1_final_greenery_may_be_declined() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    set_resources(game, p0, plants=12)
    pass_until_production(game)
    assert prompt(game).player == p0
    answer(game, "option", 1)
    assert game.is_over
    assert player_state(game, p0)["plants"] == 12
    assert score(game, p0)["greeneries"] == 0


def test_R_END_1_no_moves_once_the_game_is_over() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    pass_until_production(game)
    assert game.is_over
    with pytest.raises(IllegalMove) as error:
        game.respond(p0, {"type": "pass"})
    assert error.value.rule == "R-END-1"


def test_R_END_2_score_breakdown() -> None:
    game, (p0, p1) = make_game()
    place(game, "47", "city", p0)
    for space in ("46", "53", "54"):
        place(game, space, "greenery", p0)
    place(game, "48", "greenery", p1)  # next to p0's city and to p1's
    place(game, "41", "city", p1)
    place(game, "34", "ocean", None)
    put_in_play(game, p0, ["Solar Power", "Bribed Committee"])  # 1, event −2
    put_in_play(game, p0, ["Tardigrades"], resources=8)  # 2
    set_resources(game, p0, megacredits=16)
    act(game, "claim_milestone", "Gardener")
    act(game, "fund_award", "Landlord")  # 4 tiles against 2
    assert {k: v for k, v in score(game, p0).items() if k != "megacredits"} == {
        "player": p0, "tr": 20, "milestones": 5, "awards": 5, "greeneries": 3,
        "cities": 4, "cards": 1, "total": 38}
    assert {k: v for k, v in score(game, p1).items() if k != "megacredits"} == {
        "player": p1, "tr": 20, "milestones": 0, "awards": 0, "greeneries": 1,
        "cities": 1, "cards": 0, "total": 22}


def test_R_END_2_final_score_counts_greeneries_placed_at_the_end() -> None:
    game, (p0, p1) = make_game()
    place(game, "47", "city", p1)
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    set_resources(game, p0, plants=8)
    pass_until_production(game)
    answer(game, "option", 0)
    answer(game, "space", "48")  # next to p1's city
    assert game.is_over
    assert (score(game, p0)["greeneries"], score(game, p0)["total"]) == (1, 21)
    assert (score(game, p1)["cities"], score(game, p1)["total"]) == (1, 21)


def _finish(game: Game) -> None:
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    pass_until_production(game)
    assert game.is_over


def test_R_END_3_tie_on_vp_broken_by_mc() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p0, megacredits=5)
    set_resources(game, p1, megacredits=9)
    _finish(game)
    assert score(game, p0)["total"] == score(game, p1)["total"]
    assert game.winners() == [p1]


def test_R_END_3_tie_on_vp_and_mc_is_shared() -> None:
    game, (p0, p1) = make_game()
    _finish(game)
    assert game.winners() == [p0, p1]


def test_R_END_3_vp_come_before_mc() -> None:
    game, (p0, p1) = make_game()
    place(game, "47", "greenery", p0)
    set_resources(game, p1, megacredits=100)
    _finish(game)
    assert game.winners() == [p0]
