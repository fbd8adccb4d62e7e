"""Corporations: starting MC and resources (R-SETUP-4) and every corporation's effect."""
from __future__ import annotations

import pytest

from tests.kits.cardkit import act, me, others_pass, prod, reference, tiles
from tm import Game, Options
from tm.cards import BEGINNER, all_cards
from tm.testing import (
    answer,
    choices,
    choose_setup,
    finish_setup,
    give_cards,
    make_game,
    offered,
    parameters,
    place,
    prompt,
    put_in_play,
    set_parameters,
    set_resources,
)

CORPORATIONS = sorted(c.name for c in all_cards()  # the Prelude ones: test_prelude_corporations
                      if c.is_corporation and c.name != BEGINNER and c.set in ("base", "corpera"))
CORPERA_CORPORATIONS = ["CrediCor", "Teractor", "PhoboLog"]  # 57, 60 and 23 MC


# ---------------------------------------------------------------- helpers
def corp_game(name: str, other: str | None = None) -> Game:
    """A staged 2-player game: player 0 holds ``name`` (start effects applied, MC not)."""
    game, _ = make_game(players=2, seed=0, corporations=[name, other or ""])
    return game


def play(game: Game, name: str, mc: int, hold: bool = False) -> None:
    """Player 0 plays ``name`` holding ``mc`` MC (no metals: no payment question)."""
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=mc)
    answer(game, "play_card", name, player=0)
    if not hold:
        others_pass(game)


def can_play(game: Game, name: str, p: int = 0) -> bool:
    return {"type": "play_card", "card": name} in choices(game, p)


def dealt_game(name: str) -> Game:
    """A real game (Game.new) whose seed deals ``name`` to player 0."""
    for seed in range(200):
        game = Game.new(Options(players=2, seed=seed, first_player=0))
        if name in prompt(game, 0).data["corporations"]:
            return game
    raise AssertionError(f"no seed below 200 deals {name} to player 0")


# ---------------------------------------------------------------- setup (R-SETUP-4)
def reference_start(name: str) -> tuple[dict[str, int], dict[str, int]]:
    """A corporation's resources and production once taken, read from the reference: its
    starting MC, the production and stock of its start effect, and what its own
    card-played effects marked "including this" give for its own tags (Saturn Systems).
    A 2-player game: solo-only parts are left out."""
    ref = reference(name)
    res = dict.fromkeys(("megacredits", "steel", "titanium", "plants", "energy", "heat"), 0)
    production = dict(res)
    res["megacredits"] = ref["starting_mc"]
    start = ref["effect"].get("play", {})
    for r, n in start.get("production", {}).items():
        production[r] += n
    for r, n in start.get("stock", {}).items():
        res[r] += n
    for effect in ref["effect"].get("ongoing", []):
        played = effect.get("when", {}).get("card_played", {})
        if played.get("including_this"):
            times = sum(1 for tag in ref["tags"] if tag in played["tags"])
            for r, n in effect["then"].get("production", {}).items():
                production[r] += n * times
    return res, production


@pytest.mark.parametrize("name", CORPORATIONS)
def test_R_SETUP_4_chosen_corporation_gives_its_starting_mc_and_resources(name: str) -> None:
    """R-SETUP-4: starting MC, start effects and own-tag effects, all as the reference prints."""
    want_res, want_prod = reference_start(name)
    game = dealt_game(name)
    choose_setup(game, 0, name)
    finish_setup(game)
    state = me(game)
    assert {r: state[r] for r in want_res} == want_res
    assert state["production"] == want_prod
    tags = reference(name)["tags"]
    assert state["tags"] == {t: tags.count(t) for t in tags}


@pytest.mark.parametrize("name", CORPERA_CORPORATIONS)
def test_R_SETUP_4_setup_offers_as_many_cards_as_the_corporation_can_buy(name: str) -> None:
    game = dealt_game(name)
    answer(game, "corporation", name, player=0)
    limit = min(10, reference(name)["starting_mc"] // 3)
    for pick in offered(game, 0)[:limit]:
        answer(game, "pick", pick, player=0)
    assert not [ch for ch in choices(game, 0) if ch["type"] == "pick"]  # no more affordable
    assert {"type": "done"} in choices(game, 0)


def test_R_SETUP_4_bought_cards_cost_3_mc_each() -> None:
    game = dealt_game("CrediCor")
    cards = offered(game, 0)
    choose_setup(game, 0, "CrediCor", cards[:4])
    finish_setup(game)
    assert me(game)["megacredits"] == 57 - 12
    assert me(game)["hand"] == cards[:4]


def test_beginner_corporation_starts_with_42_mc_and_ten_free_cards_R_SETUP_4() -> None:
    game = Game.new(Options(players=2, seed=5, first_player=0, beginners=[0]))
    state = me(game)
    assert state["megacredits"] == 42
    assert len(state["hand"]) == 10
    assert game.prompt_for(0) is None  # nothing to buy: the ten cards are free
    assert prompt(game, 1).purpose == "setup"
    assert state["production"] == dict.fromkeys(state["production"], 0)  # R-SETUP-3


# ---------------------------------------------------------------- CrediCor
def test_credicor_gains_4_mc_after_a_card_costing_20_or_more() -> None:
    game = corp_game("CrediCor")
    play(game, "Asteroid Mining", mc=30)
    assert me(game)["megacredits"] == 4
    play(game, "Mine", mc=4)
    assert me(game)["megacredits"] == 0


def test_credicor_counts_the_printed_cost_before_discounts() -> None:
    game = corp_game("CrediCor")
    put_in_play(game, 0, ["Shuttles"])  # space cards 2 MC cheaper
    play(game, "Asteroid Mining", mc=28)
    assert me(game)["megacredits"] == 4


def test_credicor_gains_4_mc_after_greenery_and_city_projects_only() -> None:
    game = corp_game("CrediCor")
    set_resources(game, 0, megacredits=23)
    act(game, "standard_project", "greenery")
    act(game, "space", "47")
    assert me(game)["megacredits"] == 4
    set_resources(game, 0, megacredits=18)
    act(game, "standard_project", "aquifer")
    act(game, "space", "07")
    assert me(game)["megacredits"] == 0
    set_resources(game, 0, megacredits=25)
    act(game, "standard_project", "city")
    act(game, "space", "55")
    assert me(game)["megacredits"] == 4


# ---------------------------------------------------------------- Ecoline
def test_ecoline_makes_a_greenery_from_7_plants_R_ACT_6() -> None:
    game = corp_game("Ecoline")
    assert prod(game)["plants"] == 2
    set_resources(game, 0, plants=6)
    assert {"type": "convert_plants"} not in choices(game, 0)
    set_resources(game, 0, plants=7)
    act(game, "convert_plants")
    act(game, "space", "47")
    assert tiles(game)["47"] == {"tile": "greenery", "owner": 0}
    assert me(game)["plants"] == 0
    assert parameters(game)["oxygen"] == 1
    assert me(game)["tr"] == 21


# ---------------------------------------------------------------- Helion
def test_helion_pays_for_cards_with_heat_as_mc_R_PAY_1() -> None:
    game = corp_game("Helion")
    assert prod(game)["heat"] == 3
    give_cards(game, 0, ["Sponsors"])
    set_resources(game, 0, megacredits=2, heat=4)
    answer(game, "play_card", "Sponsors", player=0)
    waiting = prompt(game, 0)
    assert waiting.kind == "pay" and dict(waiting.data["rates"]) == {"megacredits": 1, "heat": 1}
    act(game, "pay", megacredits=2, heat=4)
    assert (me(game)["megacredits"], me(game)["heat"]) == (0, 0)
    assert prod(game)["megacredits"] == 2


def test_helion_pays_a_standard_project_with_heat() -> None:
    game = corp_game("Helion")
    set_resources(game, 0, megacredits=0, heat=11)
    act(game, "standard_project", "power_plant")
    act(game, "pay", megacredits=0, heat=11)
    assert me(game)["heat"] == 0
    assert prod(game)["energy"] == 1


def test_heat_is_no_payment_without_helion_R_PAY_1() -> None:
    game = corp_game("CrediCor")
    give_cards(game, 0, ["Sponsors"])
    set_resources(game, 0, megacredits=2, heat=10)
    assert not can_play(game, "Sponsors")


# ---------------------------------------------------------------- Interplanetary Cinematics
def test_interplanetary_cinematics_gains_2_mc_per_own_event() -> None:
    game = corp_game("Interplanetary Cinematics")
    assert me(game)["steel"] == 20
    play(game, "Release of Inert Gases", mc=14)
    assert me(game)["megacredits"] == 2
    play(game, "Sponsors", mc=6)  # not an event
    assert me(game)["megacredits"] == 0


def test_interplanetary_cinematics_ignores_other_players_events() -> None:
    game = corp_game("Interplanetary Cinematics")
    play(game, "Sponsors", mc=6, hold=True)
    answer(game, "end_turn", player=0)
    give_cards(game, 1, ["Release of Inert Gases"])
    set_resources(game, 1, megacredits=14)
    answer(game, "play_card", "Release of Inert Gases", player=1)
    assert me(game, 1)["tr"] == 22
    assert me(game)["megacredits"] == 0


# ---------------------------------------------------------------- Inventrix
def test_inventrix_first_action_draws_3_cards() -> None:
    game = corp_game("Inventrix")
    assert choices(game, 0) == [{"type": "first_action"}]
    act(game, "first_action")
    assert len(me(game)["hand"]) == 3


def test_inventrix_relaxes_global_requirements_by_two_steps() -> None:
    game = corp_game("Inventrix")
    act(game, "first_action")
    set_parameters(game, temperature=-30)  # Lichen needs -24 °C: three steps short
    give_cards(game, 0, ["Lichen", "Heather"])  # Heather needs -14 °C
    set_resources(game, 0, megacredits=7)
    assert not can_play(game, "Lichen")
    set_parameters(game, temperature=-28)  # two steps short
    assert can_play(game, "Lichen")
    assert not can_play(game, "Heather")
    act(game, "play_card", "Lichen")
    assert prod(game)["plants"] == 1


# ---------------------------------------------------------------- Mining Guild
def test_mining_guild_gains_steel_production_on_a_steel_bonus_space_R_TILE_5() -> None:
    game = corp_game("Mining Guild")
    assert (me(game)["steel"], prod(game)["steel"]) == (5, 1)
    assert me(game)["tags"] == {"building": 2}
    set_resources(game, 0, plants=8)
    act(game, "convert_plants")
    act(game, "space", "53")  # two steel
    assert prod(game)["steel"] == 2
    assert me(game)["steel"] == 7
    set_resources(game, 0, plants=8)
    act(game, "convert_plants")
    act(game, "space", "54")  # next to the first greenery: no bonus
    assert prod(game)["steel"] == 2


def test_mining_guild_counts_titanium_bonus_and_oceans_too() -> None:
    game = corp_game("Mining Guild")
    set_resources(game, 0, megacredits=18)
    act(game, "standard_project", "aquifer")
    act(game, "space", "63")  # ocean space with two titanium
    assert prod(game)["steel"] == 2
    assert me(game)["titanium"] == 2


def test_mining_guild_ignores_other_players_tiles() -> None:
    game = corp_game("Mining Guild")
    place(game, "30", "city", 0)
    answer(game, "pass", player=0)
    set_resources(game, 1, plants=8)
    answer(game, "convert_plants", player=1)
    answer(game, "space", "53", player=1)
    assert prod(game)["steel"] == 1
    assert me(game, 1)["steel"] == 2


# ---------------------------------------------------------------- PhoboLog
def test_phobolog_titanium_is_worth_4_R_PAY_1() -> None:
    game = corp_game("PhoboLog")
    assert me(game)["titanium"] == 10
    give_cards(game, 0, ["Asteroid Mining"])
    set_resources(game, 0, megacredits=0, titanium=8)
    answer(game, "play_card", "Asteroid Mining", player=0)  # 30 MC: 8 x 4 = 32
    assert prompt(game, 0).data["rates"]["titanium"] == 4
    act(game, "pay", megacredits=0, titanium=8)
    assert me(game)["titanium"] == 0
    assert prod(game)["titanium"] == 2


# ---------------------------------------------------------------- Tharsis Republic
def test_tharsis_republic_first_action_places_a_city() -> None:
    game = corp_game("Tharsis Republic")
    assert choices(game, 0) == [{"type": "first_action"}]
    act(game, "first_action")
    act(game, "space", "47")
    assert tiles(game)["47"] == {"tile": "city", "owner": 0}
    assert me(game)["megacredits"] == 3
    assert prod(game)["megacredits"] == 1


def test_tharsis_republic_gains_mc_production_for_every_city_on_mars() -> None:
    game = corp_game("Tharsis Republic")
    answer(game, "first_action", player=0)
    answer(game, "space", "47", player=0)
    answer(game, "end_turn", player=0)
    set_resources(game, 1, megacredits=25)
    answer(game, "standard_project", "city", player=1)
    answer(game, "space", "55", player=1)
    assert prod(game)["megacredits"] == 2
    assert me(game)["megacredits"] == 3  # 3 MC only for its own cities
    assert prod(game, 1)["megacredits"] == 1


def test_tharsis_republic_gets_no_production_for_an_off_map_city() -> None:
    game = corp_game("Tharsis Republic")
    act(game, "first_action")
    act(game, "space", "47")
    play(game, "Ganymede Colony", mc=20 + 3)
    assert tiles(game)["01"] == {"tile": "city", "owner": 0}
    assert me(game)["megacredits"] == 3 + 3
    assert prod(game)["megacredits"] == 1


def test_tharsis_republic_in_solo_gains_mc_production_for_the_neutral_cities_R_SOLO_2() -> None:
    game, _ = make_game(players=1, seed=0, corporations=["Tharsis Republic"])
    neutral = [e for e in tiles(game).values() if e["tile"] == "city" and e["owner"] == -1]
    assert len(neutral) == 2
    assert prod(game)["megacredits"] == 2


# ---------------------------------------------------------------- ThorGate
def test_thorgate_makes_power_cards_3_mc_cheaper() -> None:
    game = corp_game("ThorGate")
    assert prod(game)["energy"] == 1
    play(game, "Geothermal Power", mc=8)
    assert me(game)["megacredits"] == 0
    assert prod(game)["energy"] == 3
    play(game, "Mine", mc=4)  # no power tag
    assert me(game)["megacredits"] == 0


def test_thorgate_power_plant_project_costs_8_mc_R_SP_2() -> None:
    game = corp_game("ThorGate")
    set_resources(game, 0, megacredits=7)
    assert {"type": "standard_project", "project": "power_plant"} not in prompt(
        game, 0).choices()
    set_resources(game, 0, megacredits=8)
    act(game, "standard_project", "power_plant")
    assert me(game)["megacredits"] == 0
    assert prod(game)["energy"] == 2


# ---------------------------------------------------------------- United Nations Mars Initiative
UNMI = "United Nations Mars Initiative"


def test_united_nations_mars_initiative_raises_tr_only_after_tr_rose_this_generation() -> None:
    game = corp_game(UNMI)
    set_resources(game, 0, megacredits=10)
    assert {"type": "card_action", "card": UNMI} not in choices(game, 0)
    play(game, "Release of Inert Gases", mc=14 + 3)
    assert me(game)["tr"] == 22
    act(game, "card_action", UNMI)
    assert me(game)["tr"] == 23
    assert me(game)["megacredits"] == 0
    set_resources(game, 0, megacredits=3)
    assert {"type": "card_action", "card": UNMI} not in choices(game, 0)


def test_united_nations_mars_initiative_needs_3_mc() -> None:
    game = corp_game(UNMI)
    play(game, "Release of Inert Gases", mc=14 + 2)
    assert {"type": "card_action", "card": UNMI} not in choices(game, 0)


def test_united_nations_mars_initiative_forgets_last_generations_rise() -> None:
    game = corp_game(UNMI)
    play(game, "Release of Inert Gases", mc=14)
    answer(game, "pass", player=0)
    answer(game, "pass", player=1)
    for p in (0, 1):
        answer(game, "cards", [], player=p)
    assert parameters(game)["generation"] == 2
    others_pass(game)
    set_resources(game, 0, megacredits=10)
    assert {"type": "card_action", "card": UNMI} not in choices(game, 0)


# ---------------------------------------------------------------- Saturn Systems
def test_saturn_systems_gains_mc_production_per_jovian_tag_played_by_anyone() -> None:
    game = corp_game("Saturn Systems")
    assert prod(game)["titanium"] == 1
    assert prod(game)["megacredits"] == 1  # its own Jovian tag ("including this")
    play(game, "Asteroid Mining", mc=30, hold=True)
    assert prod(game)["megacredits"] == 2
    answer(game, "end_turn", player=0)
    give_cards(game, 1, ["Water Import From Europa"])
    set_resources(game, 1, megacredits=25)
    answer(game, "play_card", "Water Import From Europa", player=1)
    assert prod(game)["megacredits"] == 3
    give_cards(game, 1, ["Mine"])
    set_resources(game, 1, megacredits=4)
    answer(game, "play_card", "Mine", player=1)
    assert prod(game)["megacredits"] == 3


# ---------------------------------------------------------------- Teractor
def test_teractor_makes_earth_cards_3_mc_cheaper() -> None:
    game = corp_game("Teractor")
    play(game, "Sponsors", mc=3)
    assert me(game)["megacredits"] == 0
    assert prod(game)["megacredits"] == 2
    play(game, "Mine", mc=4)
    assert me(game)["megacredits"] == 0
