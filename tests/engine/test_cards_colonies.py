"""Colonies cards that need code or a new piece of the vocabulary, each played through the
public API with expectations written out by hand from the card's printed effect."""
from __future__ import annotations

from typing import Any

from tm.testing import (
    answer,
    choices,
    colony_tiles,
    finish_setup,
    give_cards,
    give_colony,
    make_game,
    place,
    player_state,
    prompt,
    put_in_play,
    set_colony_tiles,
    set_marker,
    set_resources,
    stack_deck,
)

COLONIES = ["corpera", "colonies"]


def _game(players: int = 2, tiles: tuple[str, ...] = ("Luna", "Ceres", "Io"),
          **kw: Any) -> tuple[Any, list[int]]:
    game, seats = make_game(players, seed=7, expansions=COLONIES, **kw)
    set_colony_tiles(game, list(tiles))
    return game, seats


def _play(game: Any, p: int, name: str, megacredits: int = 60) -> None:
    give_cards(game, p, [name])
    set_resources(game, p, megacredits=megacredits)
    answer(game, "play_card", name)


# ---------------------------------------------------------------- corporations
def test_poseidon_builds_first_and_earns_from_every_colony() -> None:
    game, _ = _game(2, corporations=["Poseidon", None])
    assert [c["type"] for c in choices(game)] == ["first_action"]
    answer(game, "first_action")
    answer(game, "option", 0)  # Luna
    assert colony_tiles(game)["Luna"]["colonies"] == [0]
    assert player_state(game, 0)["production"]["megacredits"] == 2 + 1  # Luna +2, own +1
    answer(game, "end_turn")
    set_resources(game, 1, megacredits=17)
    answer(game, "standard_project", "build_colony")  # player 1: Luna taken by 0? no: any
    answer(game, "option", 0)
    assert player_state(game, 0)["production"]["megacredits"] == 4  # anyone's colony: +1


def test_arklight_adds_an_animal_per_animal_or_plant_tag_including_itself() -> None:
    game, _ = _game(2, corporations=["Arklight", None])
    assert player_state(game, 0)["card_resources"] == {"Arklight": 1}
    assert player_state(game, 0)["production"]["megacredits"] == 2
    _play(game, 0, "Ecology Research")  # science, plant, animal, microbe: +2
    assert player_state(game, 0)["card_resources"]["Arklight"] == 3 + 1  # and its own +1
    assert game.scores()[0]["cards"] == 1 + 2  # Ecology Research 1 VP, 4 animals / 2


def test_polyphemos_pays_5_mc_per_card_bought() -> None:
    game, _ = _game(2, corporations=["Polyphemos", None])
    assert player_state(game, 0)["production"]["megacredits"] == 5
    assert player_state(game, 0)["titanium"] == 5
    set_resources(game, 0, megacredits=12)
    answer(game, "pass")
    answer(game, "pass")
    waiting = prompt(game, 0)
    assert waiting.data["price"] == 5
    cards = list(waiting.data["cards"])
    answer(game, "cards", cards[:2], player=0)
    assert player_state(game, 0)["megacredits"] == 12 + 20 + 5 - 10


def test_aridor_adds_a_tile_and_gains_for_each_new_tag_type() -> None:
    game, _ = _game(2, corporations=["Aridor", None])
    answer(game, "first_action")
    waiting = prompt(game)
    assert len(waiting.choices()) == 8  # the tiles out of play
    added = waiting.data["tiles"][0]
    answer(game, "option", 0)
    assert added in colony_tiles(game)
    _play(game, 0, "Lunar Mining")  # earth: a new type
    assert player_state(game, 0)["production"]["megacredits"] == 1
    answer(game, "pass")  # player 1
    _play(game, 0, "Earth Elevator")  # space is new, earth is not
    assert player_state(game, 0)["production"]["megacredits"] == 2


def test_stormcraft_floaters_count_as_2_heat_each() -> None:
    game, _ = _game(2, corporations=["Stormcraft Incorporated", None])
    answer(game, "card_action", "Stormcraft Incorporated")  # +1 floater on itself
    assert player_state(game, 0)["card_resources"]["Stormcraft Incorporated"] == 1
    game.state.players[0].card_res["Stormcraft Incorporated"] = 4
    set_resources(game, 0, heat=3)
    answer(game, "convert_heat_with_resources")
    assert [c["amount"] for c in prompt(game).choices()] == [3, 4]  # 3 heat + 2 per floater
    answer(game, "amount", 3)
    state = player_state(game, 0)
    assert (state["heat"], state["card_resources"]["Stormcraft Incorporated"]) == (1, 1)
    assert game.state.temperature == -28


# ---------------------------------------------------------------- project cards with code
def test_air_raid_takes_a_floater_of_yours_and_5_mc_from_an_opponent() -> None:
    game, _ = _game(3)
    put_in_play(game, 0, ["Atmo Collectors"], resources=2)
    set_resources(game, 1, megacredits=3)
    set_resources(game, 2, megacredits=20)
    _play(game, 0, "Air Raid", megacredits=0)
    answer(game, "player", 2)
    assert player_state(game, 0)["megacredits"] == 5
    assert player_state(game, 2)["megacredits"] == 15
    assert player_state(game, 0)["card_resources"]["Atmo Collectors"] == 1


def test_air_raid_needs_a_floater() -> None:
    game, _ = _game(2)
    give_cards(game, 0, ["Air Raid"])
    assert not [c for c in choices(game) if c.get("card") == "Air Raid"]


def test_market_manipulation_moves_one_marker_up_and_another_down() -> None:
    game, _ = _game(2, tiles=("Luna", "Ceres"))
    give_colony(game, 1, "Ceres")
    set_marker(game, "Ceres", 1)  # at its colony count: it cannot go lower
    set_marker(game, "Luna", 4)
    give_cards(game, 0, ["Market Manipulation"])
    set_resources(game, 0, megacredits=1)
    answer(game, "play_card", "Market Manipulation")
    assert [c.label["tile"] for c in prompt(game).choices()] == ["Ceres"]  # up
    answer(game, "option", 0)
    assert [c.label["tile"] for c in prompt(game).choices()] == ["Luna"]  # down
    answer(game, "option", 0)
    assert (colony_tiles(game)["Ceres"]["marker"], colony_tiles(game)["Luna"]["marker"]) == (2, 3)


def test_productive_outpost_collects_each_own_colony_bonus() -> None:
    game, _ = _game(2, tiles=("Luna", "Ceres", "Io"))
    give_colony(game, 0, "Luna")
    give_colony(game, 0, "Io")
    give_colony(game, 1, "Ceres")
    _play(game, 0, "Productive Outpost", megacredits=0)
    state = player_state(game, 0)
    assert (state["megacredits"], state["heat"], state["steel"]) == (2, 2, 0)


def test_titan_shuttles_turn_floaters_into_titanium() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Titan Shuttles"], resources=5)
    answer(game, "card_action", "Titan Shuttles")
    answer(game, "option", 1)
    answer(game, "amount", 4)
    assert player_state(game, 0)["titanium"] == 4
    assert player_state(game, 0)["card_resources"]["Titan Shuttles"] == 1


def test_titan_floating_launch_pad_trades_for_a_floater() -> None:
    game, _ = _game(2, tiles=("Luna",))
    put_in_play(game, 0, ["Titan Floating Launch-pad"], resources=1)
    set_marker(game, "Luna", 3)
    answer(game, "card_action", "Titan Floating Launch-pad")
    answer(game, "option", 1)
    assert player_state(game, 0)["megacredits"] == 7  # Luna at 3, no fee
    assert colony_tiles(game)["Luna"]["visitor"] == 0


def test_community_services_counts_cards_without_tags_including_itself() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Trade Envoys", "Research Coordination", "Mine"])  # tagless, wild,
    _play(game, 0, "Community Services")                                 # building
    assert player_state(game, 0)["production"]["megacredits"] == 3


def test_solar_probe_counts_its_own_science_tag() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Research", "Physics Complex"])  # 2 + 1 science tags
    stack_deck(game, ["Comet", "Birds", "Fish"])
    _play(game, 0, "Solar Probe")  # 3 in play + its own = 4: one card
    assert player_state(game, 0)["hand"] == ["Comet"]


def test_jupiter_floating_station_gives_at_most_4_mc() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Jupiter Floating Station"], resources=6)
    answer(game, "card_action", "Jupiter Floating Station")
    answer(game, "option", 1)
    assert player_state(game, 0)["megacredits"] == 4
    assert player_state(game, 0)["card_resources"]["Jupiter Floating Station"] == 6


def test_floater_leasing_counts_floaters_on_all_your_cards() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Atmo Collectors", "Titan Shuttles"], resources=4)
    _play(game, 0, "Floater Leasing")
    assert player_state(game, 0)["production"]["megacredits"] == 2  # 8 floaters / 3


def test_airliners_needs_3_floaters_on_your_cards() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Atmo Collectors"], resources=2)
    give_cards(game, 0, ["Airliners"])
    set_resources(game, 0, megacredits=11)
    assert not [c for c in choices(game) if c.get("card") == "Airliners"]
    game.state.players[0].card_res["Atmo Collectors"] = 3
    answer(game, "play_card", "Airliners")
    assert player_state(game, 0)["card_resources"]["Atmo Collectors"] == 5
    assert player_state(game, 0)["production"]["megacredits"] == 2


def test_molecular_printing_and_quantum_communications_count_everyones_colonies() -> None:
    game, _ = _game(2)
    give_colony(game, 0, "Luna")
    give_colony(game, 1, "Luna")
    give_colony(game, 1, "Io")
    place(game, "21", "city", 1)
    _play(game, 0, "Molecular Printing", megacredits=11)
    assert player_state(game, 0)["megacredits"] == 1 + 3  # 1 city, 3 colonies
    put_in_play(game, 0, ["Research", "Physics Complex", "Mars University"])
    _play(game, 0, "Quantum Communications", megacredits=8)
    assert player_state(game, 0)["production"]["megacredits"] == 3


def test_space_port_colony_may_share_a_tile_and_scores_per_2_colonies() -> None:
    game, _ = _game(2, tiles=("Luna",))
    give_colony(game, 0, "Luna")
    give_colony(game, 1, "Luna")
    _play(game, 0, "Space Port Colony")
    assert colony_tiles(game)["Luna"]["colonies"] == [0, 1, 0]
    assert game.view(0)["expansions"]["colonies"]["fleets"][0]["total"] == 2
    assert game.scores()[0]["cards"] == 1  # 3 colonies in play / 2


def test_pioneer_settlement_only_with_at_most_one_colony() -> None:
    game, _ = _game(2, tiles=("Luna", "Ceres", "Io"))
    give_colony(game, 0, "Luna")
    give_colony(game, 0, "Io")
    give_cards(game, 0, ["Pioneer Settlement"])
    set_resources(game, 0, megacredits=13)
    assert not [c for c in choices(game) if c.get("card") == "Pioneer Settlement"]
    set_colony_tiles(game, ["Luna", "Ceres"])
    give_colony(game, 0, "Luna")  # one colony: playable, and only Ceres can take one
    answer(game, "play_card", "Pioneer Settlement")
    assert colony_tiles(game)["Ceres"]["colonies"] == [0]
    assert player_state(game, 0)["production"]["megacredits"] == -2


def test_sky_docks_adds_a_fleet_and_a_discount() -> None:
    game, _ = _game(2, tiles=("Luna", "Io"))
    put_in_play(game, 0, ["Luna Governor"])  # 2 Earth tags
    _play(game, 0, "Sky Docks", megacredits=18)
    assert game.view(0)["expansions"]["colonies"]["fleets"][0] == {"total": 2, "free": 2}
    give_cards(game, 0, ["Mine"])
    assert next(c for c in game.view(0)["you"]["hand"] if c["name"] == "Mine")["cost"] == 3


def test_martian_zoo_gains_animals_from_earth_tags_and_pays_per_animal() -> None:
    game, _ = _game(2)
    place(game, "21", "city", 1)
    place(game, "31", "city", 1)
    _play(game, 0, "Martian Zoo", megacredits=12)
    assert not [c for c in choices(game) if c.get("card") == "Martian Zoo"]  # no animal yet
    _play(game, 0, "Lunar Mining", megacredits=11)
    assert player_state(game, 0)["card_resources"]["Martian Zoo"] == 1
    answer(game, "pass")  # player 1
    game.state.players[0].card_res["Martian Zoo"] = 3
    answer(game, "card_action", "Martian Zoo")
    assert player_state(game, 0)["megacredits"] == 3
    assert player_state(game, 0)["card_resources"]["Martian Zoo"] == 3  # it keeps them


def test_spin_off_department_draws_for_cards_costing_20_or_more() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Spin-off Department"])
    stack_deck(game, ["Comet"])
    _play(game, 0, "Earth Elevator")
    assert player_state(game, 0)["hand"] == ["Comet"]


def test_conscription_takes_16_mc_off_the_next_card() -> None:
    game, _ = _game(2)
    put_in_play(game, 0, ["Luna Governor"])
    _play(game, 0, "Conscription", megacredits=5)
    give_cards(game, 0, ["Earth Elevator"])
    assert next(c for c in game.view(0)["you"]["hand"]
                if c["name"] == "Earth Elevator")["cost"] == 43 - 16


def test_polyphemos_price_shows_in_the_setup_decision() -> None:
    from tm import Game, Options
    for seed in range(60):
        game = Game.new(Options(players=2, seed=seed, expansions=COLONIES))
        for p, waiting in game.pending:
            if "Polyphemos" in waiting.data["corporations"]:
                answer(game, "corporation", "Polyphemos", player=p)
                done = next(c for c in prompt(game, p).choices() if c["type"] == "done")
                assert done.label["price"] == 5
                answer(game, "cards", list(waiting.data["cards"][:3]), player=p,
                       corporation="Polyphemos")
                finish_setup(game)
                assert player_state(game, p)["megacredits"] == 50 - 3 * 5
                return
    raise AssertionError("no seed dealt Polyphemos")


def test_minority_refuge_at_minus_4_mc_production_only_on_luna() -> None:
    game, _ = _game(2, tiles=("Luna", "Ceres"))
    give_cards(game, 0, ["Minority Refuge"])
    set_resources(game, 0, megacredits=5)
    game.state.players[0].prod["megacredits"] = -4
    answer(game, "play_card", "Minority Refuge")  # Luna's +2 first, then -2: no question
    assert colony_tiles(game)["Luna"]["colonies"] == [0]
    assert player_state(game, 0)["production"]["megacredits"] == -4
    give_cards(game, 0, ["Pioneer Settlement"])
    set_resources(game, 0, megacredits=13)
    assert not [c for c in choices(game) if c.get("card") == "Pioneer Settlement"]


def test_cards_that_build_a_colony() -> None:
    """Mining Colony, Interplanetary Colony Ship, Trading Colony, Research Colony (even
    beside your own), Ice Moon Colony (and an ocean): each puts a colony on Ceres."""
    for name, extra in [("Mining Colony", {"prod:titanium": 1}),
                        ("Interplanetary Colony Ship", {}), ("Trading Colony", {}),
                        ("Research Colony", {"cards": 2}), ("Ice Moon Colony", {"oceans": 1})]:
        game, _ = _game(2, tiles=("Ceres",))
        if name == "Research Colony":
            give_colony(game, 0, "Ceres")
        _play(game, 0, name)
        if prompt(game).kind == "space":
            answer(game, "space", prompt(game).data["spaces"][0])
        state = player_state(game, 0)
        assert colony_tiles(game)["Ceres"]["colonies"][-1] == 0, name
        assert state["production"]["steel"] == 1, name  # Ceres' build reward
        if "prod:titanium" in extra:
            assert state["production"]["titanium"] == 1
        if "cards" in extra:
            assert len(state["hand"]) == 2
        if "oceans" in extra:
            assert game.state.oceans == 1


def test_a_colony_card_needs_a_tile_with_room() -> None:
    game, _ = _game(3, tiles=("Ceres",))
    give_colony(game, 0, "Ceres")
    give_cards(game, 0, ["Mining Colony", "Research Colony"])
    set_resources(game, 0, megacredits=40)
    playable = {c["card"] for c in choices(game) if c["type"] == "play_card"}
    assert playable == {"Research Colony"}  # a second colony of yours: only with it
    give_colony(game, 1, "Ceres")
    give_colony(game, 2, "Ceres")
    assert not [c for c in choices(game) if c["type"] == "play_card"]  # Ceres is full


# ---------------------------------------------------------------- edges (issue 14)
def test_titan_floating_launch_pad_floater_pays_a_normal_trade_R_COL_4() -> None:
    """Titan Floating Launch-pad: a floater from it may pay the fee of a normal trade."""
    game, _ = _game(2, tiles=("Luna",))
    put_in_play(game, 0, ["Titan Floating Launch-pad"], resources=1)
    set_resources(game, 0, megacredits=9)
    set_marker(game, "Luna", 3)
    answer(game, "trade", "Luna")
    fees = [c.label["resource"] for c in prompt(game).choices()]
    assert fees == ["megacredits", "floater"]
    answer(game, "option", 1)
    state = player_state(game, 0)
    assert (state["megacredits"], state["card_resources"]["Titan Floating Launch-pad"]) == (
        9 + 7, 0)
    assert colony_tiles(game)["Luna"]["visitor"] == 0


def test_titan_floating_launch_pad_floater_alone_pays_a_trade_without_mc_R_COL_4() -> None:
    game, _ = _game(2, tiles=("Ceres",))
    put_in_play(game, 0, ["Titan Floating Launch-pad"], resources=2)
    answer(game, "trade", "Ceres")  # the only way to pay: no question
    state = player_state(game, 0)
    assert (state["steel"], state["card_resources"]["Titan Floating Launch-pad"]) == (2, 1)


def test_poseidon_at_minus_4_mc_production_may_build_anywhere_with_minority_refuge() -> None:
    """Poseidon's +1 for the colony comes before Minority Refuge's -2: -4 ends at -5
    (R-PROD-1), so any tile may take the colony, not only Luna."""
    game, _ = _game(2, tiles=("Luna", "Ceres", "Io"), corporations=["Poseidon", None])
    answer(game, "first_action")  # Poseidon's own colony first
    answer(game, "option", 0)  # on Luna
    game.state.players[0].prod["megacredits"] = -4
    give_cards(game, 0, ["Minority Refuge"])
    set_resources(game, 0, megacredits=5)
    answer(game, "play_card", "Minority Refuge")
    assert [c.label["tile"] for c in prompt(game).choices()] == ["Ceres", "Io"]
    answer(game, "option", 0)
    assert colony_tiles(game)["Ceres"]["colonies"] == [0]
    assert player_state(game, 0)["production"]["megacredits"] == -5


def test_poseidon_at_minus_5_mc_production_still_needs_luna_for_minority_refuge() -> None:
    game, _ = _game(2, tiles=("Ceres",), corporations=["Poseidon", None])
    game.state.players[0].prod["megacredits"] = -5
    give_cards(game, 0, ["Minority Refuge"])
    set_resources(game, 0, megacredits=5)
    assert not [c for c in choices(game) if c.get("card") == "Minority Refuge"]


def test_air_raid_with_no_opponent_holding_mc_plays_and_takes_nothing_R_PROD_3() -> None:
    game, _ = _game(3)
    put_in_play(game, 0, ["Atmo Collectors"], resources=1)
    _play(game, 0, "Air Raid", megacredits=0)  # both opponents hold 0 MC: no question
    assert player_state(game, 0)["megacredits"] == 0
    assert player_state(game, 0)["card_resources"]["Atmo Collectors"] == 0
    assert game.state.log[-1]["key"] in ("stolen_none", "card_res")


def test_air_raid_offers_only_opponents_with_mc() -> None:
    game, _ = _game(3)
    put_in_play(game, 0, ["Atmo Collectors"], resources=1)
    set_resources(game, 2, megacredits=4)
    _play(game, 0, "Air Raid", megacredits=0)  # only player 2 has MC: taken without asking
    assert (player_state(game, 0)["megacredits"], player_state(game, 2)["megacredits"]) == (4, 0)


def test_stormcraft_floaters_pay_heat_a_card_spends() -> None:
    """Stormcraft Incorporated: floaters count as 2 heat each when paying heat, also for a
    card's heat cost (Local Heat Trapping spends 5 heat)."""
    game, _ = _game(2, corporations=["Stormcraft Incorporated", None])
    game.state.players[0].card_res["Stormcraft Incorporated"] = 3
    set_resources(game, 0, heat=1)
    _play(game, 0, "Local Heat Trapping", megacredits=1)  # 1 heat + 2 floaters at least
    assert [c["amount"] for c in prompt(game).choices()] == [2, 3]
    answer(game, "amount", 2)
    state = player_state(game, 0)
    assert (state["heat"], state["card_resources"]["Stormcraft Incorporated"]) == (0, 1)


def test_stormcraft_floaters_make_a_heat_cost_payable() -> None:
    game, _ = _game(2, corporations=["Stormcraft Incorporated", None])
    give_cards(game, 0, ["Local Heat Trapping"])
    set_resources(game, 0, megacredits=1, heat=0)
    assert not [c for c in choices(game) if c.get("card") == "Local Heat Trapping"]
    game.state.players[0].card_res["Stormcraft Incorporated"] = 3  # 6 heat's worth
    assert [c for c in choices(game) if c.get("card") == "Local Heat Trapping"]
    answer(game, "play_card", "Local Heat Trapping")  # exactly 3 floaters: no question
    assert player_state(game, 0)["card_resources"]["Stormcraft Incorporated"] == 0
