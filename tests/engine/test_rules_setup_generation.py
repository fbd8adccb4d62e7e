"""Setup, the generation, actions, standard projects and solo (R-SETUP, R-GEN, R-ACT, R-SP,
R-SOLO), checked through the public API and the tm.testing kit."""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.cardkit import printed_cost, reference
from tm import Game, IllegalMove, Options
from tm.cards import all_cards
from tm.core.mapdef import get_map
from tm.core.state import NEUTRAL
from tm.testing import (
    answer,
    choice_types,
    choices,
    choose_setup,
    discard_pile,
    give_cards,
    legal_spaces,
    make_game,
    offered,
    parameters,
    place,
    player_state,
    prompt,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
)

THARSIS = get_map("tharsis")


# ---------------------------------------------------------------- helpers
def pass_all(game: Game) -> None:
    """Every player waiting on the action menu passes, until no action prompt is left."""
    while game.pending and game.pending[0][1].kind == "action":
        game.respond(game.pending[0][0], {"type": "pass"})


def buy_none(game: Game) -> None:
    """Every player waiting to buy cards buys none."""
    while game.pending and game.pending[0][1].purpose == "buy_cards":
        game.respond(game.pending[0][0], {"type": "cards", "cards": []})


def next_generation(game: Game) -> None:
    """Everyone passes, then buys nothing: the next action phase begins."""
    pass_all(game)
    buy_none(game)


def plain_space(game: Game) -> str:
    """A space of the waiting space prompt with no placement bonus (no printed bonus, no ocean
    next to it), so MC and resources change only by the rule under test."""
    board = game.view(None)["board"]
    for sid in legal_spaces(game):
        space = THARSIS.spaces[sid]
        if not space.bonus and not any(board.get(n, {}).get("tile") == "ocean"
                                       for n in space.neighbors):
            return sid
    raise AssertionError("no bonus-free space offered")


def pending_players(game: Game) -> list[int]:
    return [p for p, _ in game.pending]


def project_names(sets: tuple[str, ...]) -> list[str]:
    return [c.name for c in all_cards() if c.set in sets and not c.is_corporation]


def refused(game: Game, player: int, response: Any) -> IllegalMove:
    """Respond, expect IllegalMove naming a rule, and check nothing changed."""
    before = (game.digest(), len(game.moves))
    with pytest.raises(IllegalMove) as caught:
        game.respond(player, response)
    assert caught.value.rule.startswith("R-")
    assert (game.digest(), len(game.moves)) == before
    return caught.value


def new_game(**options: Any) -> Game:
    return Game.new(Options(**{"players": 2, "seed": 11, **options}))


def choose_corporation(game: Game, player: int, cards: list[str] | None = None) -> str:
    """Finish the setup decision with the first dealt corporation (and ``cards`` bought)."""
    name = str(prompt(game, player).data["corporations"][0])
    choose_setup(game, player, name, cards)
    return name


# ---------------------------------------------------------------- R-SETUP
def test_R_SETUP_1_tharsis_board_and_parameters_at_start() -> None:
    game = new_game()
    view = game.view(None)
    assert view["options"]["board"] == "tharsis"
    assert view["board"] == {}
    assert parameters(game) == {"temperature": -30, "oxygen": 0, "oceans": 0, "generation": 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R_SETUP_2_terraform_rating_starts_at_20(players: int) -> None:
    game = new_game(players=players)
    assert [player_state(game, p)["tr"] for p in range(players)] == [20] * players


def test_R_SETUP_2_solo_terraform_rating_starts_at_14() -> None:
    game = new_game(players=1)
    assert player_state(game, 0)["tr"] == 14


def test_R_SETUP_3_without_corporate_era_every_production_starts_at_1() -> None:
    game = new_game(expansions=[])
    for p in (0, 1):
        assert set(player_state(game, p)["production"].values()) == {1}


def test_R_SETUP_3_with_corporate_era_every_production_starts_at_0() -> None:
    game = new_game(expansions=["corpera"])
    for p in (0, 1):
        assert set(player_state(game, p)["production"].values()) == {0}


def _cards_dealt_and_deck(game: Game, players: int) -> tuple[set[str], set[str], int]:
    """(project cards on offer, corporations dealt, cards left in the deck) at the first prompt."""
    offered: set[str] = set()
    corps: set[str] = set()
    for p in range(players):
        mine = game.view(p)["players"][p]
        offered.update(mine["offer"])
        corps.update(mine["dealt_corps"])
    return offered, corps, int(game.view(None)["deck"])


def test_R_SETUP_3_without_corporate_era_its_cards_leave_the_deck() -> None:
    game = new_game(expansions=[])
    offered, corps, deck = _cards_dealt_and_deck(game, 2)
    assert {reference(name)["module"] for name in offered | corps} == {"base"}
    assert deck + len(offered) == len(project_names(("base",)))


def test_R_SETUP_3_corporate_era_adds_its_cards_to_the_deck() -> None:
    game = new_game(expansions=["corpera"])
    offered, _, deck = _cards_dealt_and_deck(game, 2)
    assert deck + len(offered) == len(project_names(("base", "corpera")))


def test_R_SETUP_4_two_corporations_and_ten_cards_dealt_to_each_player() -> None:
    game = new_game(players=3)
    dealt: list[str] = []
    for p in range(3):
        waiting = prompt(game, p)
        assert waiting.purpose == "setup"  # corporation and cards in one decision
        names = list(waiting.data["corporations"])
        assert len(names) == 2
        assert all(reference(n)["type"] == "corporation" for n in names)
        dealt += names
        assert len(waiting.data["cards"]) == 10
    assert len(set(dealt)) == 6  # nobody shares a corporation card


def test_R_SETUP_4_corporation_gives_starting_mc_and_cards_cost_3_each() -> None:
    game = new_game()
    ten = offered(game, 0)
    bought = ten[:3]
    name = choose_corporation(game, 0, bought)
    starting_mc = reference(name)["starting_mc"]  # printed, not our definition
    assert player_state(game, 0)["megacredits"] == 0  # secret until everyone has chosen
    choose_corporation(game, 1)
    state = player_state(game, 0)
    assert state["megacredits"] == starting_mc - 9
    assert state["hand"] == bought
    assert set(ten[3:]) <= set(discard_pile(game))


def test_R_SETUP_4_beginner_corporation_42_mc_and_all_ten_cards_free() -> None:
    game = new_game(beginners=[0])
    state = player_state(game, 0)
    assert game.view(0)["players"][0]["corporation"] == "Beginner Corporation"
    assert state["megacredits"] == 42
    assert len(state["hand"]) == 10
    assert pending_players(game) == [1]  # the beginner has nothing to choose


def test_R_SETUP_5_first_player_as_given() -> None:
    game = new_game(players=3, first_player=2, beginners=[0, 1, 2])
    assert game.view(None)["first_player"] == 2
    assert pending_players(game) == [2]


def test_R_SETUP_5_first_player_is_random_but_seeded() -> None:
    firsts = {new_game(players=3, seed=seed).view(None)["first_player"] for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert new_game(seed=4).view(None)["first_player"] == new_game(seed=4).view(None)[
        "first_player"]


def test_R_SETUP_5_no_research_in_generation_1() -> None:
    game = new_game(beginners=[0, 1], first_player=0)
    assert game.view(None)["phase"] == "action"
    assert parameters(game)["generation"] == 1
    assert [(p, w.purpose) for p, w in game.pending] == [(0, "action")]
    assert len(player_state(game, 0)["hand"]) == 10  # no research cards on top of the deal


def test_R_SETUP_5_after_buying_the_first_player_acts_in_generation_1() -> None:
    game = new_game(first_player=1)
    for p in (0, 1):
        choose_corporation(game, p)
    assert [(p, w.kind) for p, w in game.pending] == [(1, "action")]
    assert parameters(game)["generation"] == 1


# ---------------------------------------------------------------- R-GEN
def test_R_GEN_1_phase_order_action_production_research_action() -> None:
    game, _ = make_game(players=2)
    assert game.view(None)["phase"] == "action"
    pass_all(game)
    assert game.view(None)["phase"] == "research"
    phases = ("production", "research", "generation")
    keys = [e["key"] for e in game.view(None)["log"] if e["key"] in phases]
    assert keys[-2:] == ["production", "research"]
    buy_none(game)
    view = game.view(None)
    assert view["phase"] == "action" and parameters(game)["generation"] == 2
    markers = [e for e in view["log"] if e["key"] in phases]
    assert markers[-1] == {"key": "generation", "generation": 2, "first": 1}
    assert view["log"][-1] == {"key": "turn", "player": 1, "generation": 2}  # its first turn


def test_R_GEN_2_first_player_marker_passes_clockwise_and_generation_rises() -> None:
    game, _ = make_game(players=3)
    seen = []
    for _ in range(4):
        seen.append((parameters(game)["generation"], game.view(None)["first_player"],
                     pending_players(game)))
        next_generation(game)
    assert seen == [(1, 0, [0]), (2, 1, [1]), (3, 2, [2]), (4, 0, [0])]


def test_R_GEN_3_research_draws_four_and_buys_at_3_mc() -> None:
    game, (p0, p1) = make_game(players=2)
    pass_all(game)
    waiting = prompt(game, p0)
    four = list(waiting.data["cards"])
    assert waiting.purpose == "buy_cards" and len(four) == 4
    assert len(offered(game, p1)) == 4
    mc = player_state(game, p0)["megacredits"]
    answer(game, "cards", four[:2], player=p0)
    assert player_state(game, p0)["megacredits"] == mc - 6
    assert player_state(game, p0)["hand"] == four[:2]
    assert set(four[2:]) <= set(discard_pile(game))  # the rest is discarded


def test_R_GEN_3_no_hand_limit() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, project_names(("base",))[:20])
    pass_all(game)
    game.respond(p0, {"type": "cards", "cards": offered(game, p0)})
    assert len(player_state(game, p0)["hand"]) == 24


def test_R_GEN_3_cannot_buy_more_cards_than_affordable() -> None:
    game, (p0,) = make_game(players=1)
    set_production(game, p0, megacredits=-5)
    pass_all(game)  # 14 TR - 5 = 9 MC: three cards' worth of the four offered
    waiting = prompt(game, p0)
    assert len(waiting.data["cards"]) == 4 and (waiting.min, waiting.max) == (0, 3)
    offered = list(waiting.data["cards"])
    refused(game, p0, {"type": "cards", "cards": offered})
    game.respond(p0, {"type": "cards", "cards": offered[:3]})
    assert player_state(game, p0)["megacredits"] == 0


def _draft_game(players: int = 3) -> Game:
    game, _ = make_game(players=players, draft=True)
    pass_all(game)
    return game


def _draft_hands(game: Game) -> dict[int, list[str]]:
    return {p: list(w.data["cards"]) for p, w in game.pending}


def test_R_GEN_4_draft_keep_one_of_four_pass_three_then_buy() -> None:
    game = _draft_game()
    sizes = []
    kept: dict[int, list[str]] = {0: [], 1: [], 2: []}
    while game.pending[0][1].purpose == "draft":
        hands = _draft_hands(game)
        sizes.append(sorted(len(h) for h in hands.values()))
        for p, hand in hands.items():
            assert prompt(game, p).kind == "card"  # exactly one card is kept
            game.respond(p, {"type": "cards", "cards": [hand[0]]})
            kept[p].append(hand[0])
    assert sizes == [[4, 4, 4], [3, 3, 3], [2, 2, 2]]
    for p, w in game.pending:
        offered = list(w.data["cards"])
        assert w.purpose == "buy_cards" and len(offered) == 4
        assert set(kept[p]) < set(offered)  # three drafted plus the last card passed on


def test_R_GEN_4_draft_passes_left_in_even_and_right_in_odd_generations() -> None:
    game = _draft_game()
    assert parameters(game)["generation"] == 2
    hands = _draft_hands(game)
    for p, hand in hands.items():
        game.respond(p, {"type": "cards", "cards": [hand[0]]})
    after = _draft_hands(game)
    for p in range(3):  # even generation: each player gets the hand of the player before
        assert after[(p + 1) % 3] == hands[p][1:]
    while game.pending[0][1].purpose == "draft":
        for p, hand in _draft_hands(game).items():
            game.respond(p, {"type": "cards", "cards": [hand[0]]})
    buy_none(game)
    pass_all(game)
    assert parameters(game)["generation"] == 3
    hands = _draft_hands(game)
    for p, hand in hands.items():
        game.respond(p, {"type": "cards", "cards": [hand[0]]})
    after = _draft_hands(game)
    for p in range(3):  # odd generation: the other way round
        assert after[(p - 1) % 3] == hands[p][1:]


def test_R_GEN_4_draft_keeps_exactly_one_card() -> None:
    game = _draft_game(players=2)
    hand = _draft_hands(game)[0]
    error = refused(game, 0, {"type": "cards", "cards": hand[:2]})
    assert error.rule == "R-GEN-4"
    refused(game, 0, {"type": "cards", "cards": []})


def test_R_GEN_4_no_draft_in_generation_1() -> None:
    game = new_game(draft=True)
    assert {w.purpose for _, w in game.pending} == {"setup"}
    for p in (0, 1):
        assert len(offered(game, p)) == 10
        choose_corporation(game, p)
    assert game.view(None)["phase"] == "action"


def test_R_GEN_4_no_draft_in_solo() -> None:
    game, _ = make_game(players=1, draft=True)
    pass_all(game)
    assert [(p, w.purpose) for p, w in game.pending] == [(0, "buy_cards")]
    assert len(offered(game)) == 4


def test_R_GEN_5_two_actions_then_the_turn_passes_same_action_twice_allowed() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p0, megacredits=30)
    answer(game, "standard_project", "power_plant")
    assert pending_players(game) == [p0]
    answer(game, "standard_project", "power_plant")
    assert pending_players(game) == [p1]
    assert player_state(game, p0)["production"]["energy"] == 2


def test_R_GEN_5_one_action_then_end_turn() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p0, megacredits=30)
    assert "end_turn" not in choice_types(game)
    answer(game, "standard_project", "power_plant")
    assert "end_turn" in choice_types(game)
    answer(game, "end_turn")
    assert pending_players(game) == [p1]
    assert player_state(game, p0)["megacredits"] == 19


def test_R_GEN_5_passing_ends_your_generation() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p0, megacredits=50)
    set_resources(game, p1, megacredits=50)
    answer(game, "pass")
    for _ in range(3):  # p1 keeps taking turns; p0 is never asked again this generation
        answer(game, "standard_project", "power_plant")
        assert pending_players(game) == [p1]
    refused(game, p0, {"type": "standard_project", "project": "power_plant"})
    assert player_state(game, p0)["megacredits"] == 50


def test_R_GEN_5_lone_player_keeps_taking_turns_until_passing() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p0, megacredits=100)
    answer(game, "standard_project", "power_plant")
    answer(game, "end_turn")
    answer(game, "pass")  # p1 passes; p0 is alone
    for _ in range(3):
        answer(game, "standard_project", "power_plant")
        answer(game, "standard_project", "power_plant")
        assert pending_players(game) == [p0] and parameters(game)["generation"] == 1
    answer(game, "pass")
    assert parameters(game)["generation"] == 2
    assert player_state(game, p0)["production"]["energy"] == 7


def test_R_GEN_5_all_passed_starts_production() -> None:
    game, (p0, p1) = make_game(players=2)
    answer(game, "pass")
    assert player_state(game, p0)["megacredits"] == 0
    answer(game, "pass")
    assert player_state(game, p0)["megacredits"] == 20
    assert player_state(game, p1)["megacredits"] == 20


def test_R_GEN_6_energy_becomes_heat_before_energy_production() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, energy=3, heat=1)
    set_production(game, p0, energy=2, heat=1)
    pass_all(game)
    state = player_state(game, p0)
    assert state["heat"] == 1 + 3 + 1
    assert state["energy"] == 2


def test_R_GEN_6_megacredits_are_tr_plus_mc_production() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p0, megacredits=10)
    set_production(game, p0, megacredits=3)
    set_production(game, p1, megacredits=-5)
    pass_all(game)
    assert player_state(game, p0)["megacredits"] == 10 + 20 + 3
    assert player_state(game, p1)["megacredits"] == 20 - 5


def test_R_GEN_6_other_resources_one_per_production_step() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, steel=1, plants=2)
    set_production(game, p0, steel=2, titanium=1, plants=3, heat=4)
    pass_all(game)
    state = player_state(game, p0)
    assert (state["steel"], state["titanium"], state["plants"], state["heat"]) == (3, 1, 5, 4)


def test_R_GEN_6_used_card_actions_become_available_again() -> None:
    game, (p0, _) = make_game(players=2)
    put_in_play(game, p0, ["Tardigrades"])
    answer(game, "card_action", "Tardigrades")
    assert {"type": "card_action", "card": "Tardigrades"} not in choices(game)
    next_generation(game)  # p0 passes, p1 passes, production, research
    assert pending_players(game) == [1]
    answer(game, "pass")
    assert {"type": "card_action", "card": "Tardigrades"} in choices(game)
    answer(game, "card_action", "Tardigrades")
    assert player_state(game, p0)["card_resources"]["Tardigrades"] == 2


def test_R_GEN_7_empty_deck_reshuffles_the_discard_pile() -> None:
    game, (p0, p1) = make_game(players=2)
    give_cards(game, p1, project_names(("base", "corpera")))  # the deck and discard pile empty
    assert game.view(None)["deck"] == 0 and discard_pile(game) == []
    answer(game, "pass")  # p0
    sold = player_state(game, p1)["hand"][:8]
    answer(game, "standard_project", "sell_patents")
    answer(game, "cards", sold)
    assert sorted(discard_pile(game)) == sorted(sold)
    answer(game, "pass")  # p1; production, then research draws 2 × 4
    drawn = [c for _, w in game.pending for c in w.data["cards"]]
    assert sorted(drawn) == sorted(sold)
    assert any(e["key"] == "reshuffle" for e in game.view(None)["log"])


# ---------------------------------------------------------------- R-ACT
def test_R_ACT_1_play_a_card_pays_its_cost() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, ["Geothermal Power"])
    set_resources(game, p0, megacredits=15)
    answer(game, "play_card", "Geothermal Power")
    state = player_state(game, p0)
    assert state["megacredits"] == 4
    assert state["production"]["energy"] == 2
    assert state["played"] == ["Geothermal Power"] and state["hand"] == []


def test_R_ACT_1_requirements_must_hold_when_played() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, ["Lichen"])
    set_resources(game, p0, megacredits=20)
    assert {"type": "play_card", "card": "Lichen"} not in choices(game)
    refused(game, p0, {"type": "play_card", "card": "Lichen"})
    set_parameters(game, temperature=-24)
    answer(game, "play_card", "Lichen")
    assert player_state(game, p0)["production"]["plants"] == 1


def test_R_ACT_1_cannot_play_a_card_not_in_hand() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=20)
    error = refused(game, p0, {"type": "play_card", "card": "Geothermal Power"})
    assert error.rule == "R-ACT-1"


def test_R_ACT_2_standard_projects_any_number_of_times_per_generation() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=14 * 3)
    answer(game, "standard_project", "asteroid")
    answer(game, "standard_project", "asteroid")
    answer(game, "pass")  # p1
    answer(game, "standard_project", "asteroid")
    assert parameters(game)["temperature"] == -24
    assert player_state(game, p0)["megacredits"] == 0


def test_R_ACT_3_claim_milestone_8_mc_5_vp() -> None:
    game, (p0, p1) = make_game(players=2)
    for space in ("21", "23", "25"):
        place(game, space, "city", p0)
    set_resources(game, p0, megacredits=10)
    tr = player_state(game, p0)["tr"]
    answer(game, "claim_milestone", "Mayor")
    assert player_state(game, p0)["megacredits"] == 2
    assert player_state(game, p0)["tr"] == tr
    assert game.scores()[p0]["milestones"] == 5


def test_R_ACT_3_milestone_condition_and_single_claim() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p0, megacredits=20)
    set_resources(game, p1, megacredits=20)
    refused(game, p0, {"type": "claim_milestone", "milestone": "Mayor"})
    for space in ("21", "23", "25"):
        place(game, space, "city", p0)
    for space in ("50", "52", "54"):
        place(game, space, "city", p1)
    answer(game, "claim_milestone", "Mayor")
    answer(game, "end_turn")
    assert {"type": "claim_milestone", "milestone": "Mayor"} not in choices(game)
    refused(game, p1, {"type": "claim_milestone", "milestone": "Mayor"})


def test_R_ACT_3_at_most_three_milestones() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=100)
    give_cards(game, p0, project_names(("base",))[:16])
    for space in ("21", "23", "25"):
        place(game, space, "city", p0)
    for space in ("22", "24", "30"):
        place(game, space, "greenery", p0)
    answer(game, "claim_milestone", "Mayor")
    answer(game, "claim_milestone", "Gardener")
    answer(game, "pass")  # p1
    answer(game, "claim_milestone", "Planner")
    assert "claim_milestone" not in choice_types(game)
    assert game.scores()[p0]["milestones"] == 15
    assert player_state(game, p0)["megacredits"] == 100 - 24


def test_R_ACT_4_fund_awards_8_14_20_at_most_three() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=100)
    paid = []
    for award in ("Landlord", "Banker"):
        before = player_state(game, p0)["megacredits"]
        answer(game, "fund_award", award)
        paid.append(before - player_state(game, p0)["megacredits"])
    answer(game, "pass")  # p1
    before = player_state(game, p0)["megacredits"]
    answer(game, "fund_award", "Scientist")
    paid.append(before - player_state(game, p0)["megacredits"])
    assert paid == [8, 14, 20]
    assert "fund_award" not in choice_types(game)
    refused(game, p0, {"type": "fund_award", "award": "Miner"})


def test_R_ACT_5_blue_card_action_once_per_generation() -> None:
    game, (p0, _) = make_game(players=2)
    put_in_play(game, p0, ["Tardigrades"])
    answer(game, "card_action", "Tardigrades")
    assert player_state(game, p0)["card_resources"] == {"Tardigrades": 1}
    error = refused(game, p0, {"type": "card_action", "card": "Tardigrades"})
    assert error.rule == "R-ACT-5"


def test_R_ACT_5_no_blue_card_action_after_passing() -> None:
    game, (p0, p1) = make_game(players=2)
    put_in_play(game, p0, ["Tardigrades"])
    answer(game, "pass")  # p0
    set_resources(game, p1, megacredits=30)
    answer(game, "standard_project", "power_plant")  # p1 still acting
    refused(game, p0, {"type": "card_action", "card": "Tardigrades"})
    assert player_state(game, p0)["card_resources"] == {}


def test_R_ACT_5_only_cards_in_play_with_an_action() -> None:
    game, (p0, _) = make_game(players=2)
    put_in_play(game, p0, ["Geothermal Power"])
    refused(game, p0, {"type": "card_action", "card": "Geothermal Power"})
    refused(game, p0, {"type": "card_action", "card": "Tardigrades"})


def test_R_ACT_6_eight_plants_make_a_greenery() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, plants=9)
    answer(game, "convert_plants")
    space = plain_space(game)
    answer(game, "space", space)
    state = player_state(game, p0)
    assert state["plants"] == 1 and state["tr"] == 21
    assert parameters(game)["oxygen"] == 1
    assert game.view(None)["board"][space] == {"tile": "greenery", "owner": p0}


def test_R_ACT_6_needs_eight_plants() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, plants=7)
    assert "convert_plants" not in choice_types(game)
    assert refused(game, p0, {"type": "convert_plants"}).rule == "R-ACT-6"


def test_R_ACT_7_eight_heat_raise_temperature() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, heat=10)
    answer(game, "convert_heat")
    assert player_state(game, p0)["heat"] == 2 and player_state(game, p0)["tr"] == 21
    assert parameters(game)["temperature"] == -28
    set_resources(game, p0, heat=7)
    assert refused(game, p0, {"type": "convert_heat"}).rule == "R-ACT-7"


def test_R_ACT_8_pass_is_always_offered_and_ends_the_generation_for_you() -> None:
    game, (p0, p1) = make_game(players=2)
    assert choice_types(game) == ["pass"]  # nothing else possible with nothing
    answer(game, "pass")
    assert pending_players(game) == [p1]
    assert game.view(None)["players"][p0]["passed"] is True


# ---------------------------------------------------------------- R-SP
def test_R_SP_1_sell_patents_one_mc_per_card() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, ["Lichen", "Asteroid", "Mine"])
    answer(game, "standard_project", "sell_patents")
    answer(game, "cards", ["Lichen", "Mine"])
    state = player_state(game, p0)
    assert state["megacredits"] == 2 and state["hand"] == ["Asteroid"]
    assert {"Lichen", "Mine"} <= set(discard_pile(game))


def test_R_SP_1_sell_patents_needs_a_card() -> None:
    game, (p0, _) = make_game(players=2)
    assert refused(game, p0, {"type": "standard_project", "project": "sell_patents"}).rule \
        == "R-SP-1"


def _project(game: Game, p: int, project: str, mc: int) -> None:
    set_resources(game, p, megacredits=mc)
    answer(game, "standard_project", project)


def test_R_SP_2_power_plant_11_mc_energy_production() -> None:
    game, (p0, _) = make_game(players=2)
    _project(game, p0, "power_plant", 12)
    state = player_state(game, p0)
    assert state["megacredits"] == 1 and state["production"]["energy"] == 1


def test_R_SP_3_asteroid_14_mc_temperature_step() -> None:
    game, (p0, _) = make_game(players=2)
    _project(game, p0, "asteroid", 14)
    assert player_state(game, p0)["megacredits"] == 0 and player_state(game, p0)["tr"] == 21
    assert parameters(game)["temperature"] == -28


def test_R_SP_4_aquifer_18_mc_ocean() -> None:
    game, (p0, _) = make_game(players=2)
    _project(game, p0, "aquifer", 18)
    space = plain_space(game)
    assert THARSIS.spaces[space].kind == "ocean"
    answer(game, "space", space)
    assert player_state(game, p0)["megacredits"] == 0 and player_state(game, p0)["tr"] == 21
    assert parameters(game)["oceans"] == 1
    assert game.view(None)["board"][space]["tile"] == "ocean"


def test_R_SP_5_greenery_23_mc() -> None:
    game, (p0, _) = make_game(players=2)
    _project(game, p0, "greenery", 23)
    space = plain_space(game)
    answer(game, "space", space)
    assert player_state(game, p0)["megacredits"] == 0 and player_state(game, p0)["tr"] == 21
    assert parameters(game)["oxygen"] == 1
    assert game.view(None)["board"][space] == {"tile": "greenery", "owner": p0}


def test_R_SP_6_city_25_mc_and_one_mc_production() -> None:
    game, (p0, _) = make_game(players=2)
    _project(game, p0, "city", 25)
    space = plain_space(game)
    answer(game, "space", space)
    state = player_state(game, p0)
    assert state["megacredits"] == 0 and state["production"]["megacredits"] == 1
    assert game.view(None)["board"][space] == {"tile": "city", "owner": p0}
    assert state["tr"] == 20


@pytest.mark.parametrize(("project", "cost", "rule"), [
    ("power_plant", 11, "R-SP-2"), ("asteroid", 14, "R-SP-3"), ("aquifer", 18, "R-SP-4"),
    ("greenery", 23, "R-SP-5"), ("city", 25, "R-SP-6"),
])
def test_R_SP_projects_refused_one_mc_short(project: str, cost: int, rule: str) -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=cost - 1, steel=10, titanium=10, heat=10)
    assert {"type": "standard_project", "project": project} not in choices(game)
    assert refused(game, p0, {"type": "standard_project", "project": project}).rule == rule
    set_resources(game, p0, megacredits=cost)
    assert {"type": "standard_project", "project": project} in choices(game)


# ---------------------------------------------------------------- R-SOLO
def test_R_SOLO_1_tr_14_corporate_era_productions_0() -> None:
    game = new_game(players=1, expansions=[])
    assert game.view(None)["options"]["expansions"] == ["corpera"]
    assert player_state(game, 0)["tr"] == 14
    assert set(player_state(game, 0)["production"].values()) == {0}
    offered, _, deck = _cards_dealt_and_deck(game, 1)
    discard = len(discard_pile(game))
    assert deck + len(offered) + discard == len(project_names(("base", "corpera")))


def test_R_SOLO_1_no_milestones_or_awards() -> None:
    game, (p0,) = make_game(players=1)
    set_resources(game, p0, megacredits=100)
    for space in ("21", "23", "25"):
        place(game, space, "city", p0)
    types = choice_types(game)
    assert "claim_milestone" not in types and "fund_award" not in types
    refused(game, p0, {"type": "claim_milestone", "milestone": "Mayor"})
    refused(game, p0, {"type": "fund_award", "award": "Landlord"})


def _expected_neutral_tiles(discarded: list[str]) -> dict[str, dict[str, Any]]:
    """R-SOLO-2 worked out independently from the board and the four discarded cards."""
    board: dict[str, str] = {}
    counts = iter(max(0, printed_cost(name) - 1) for name in discarded)

    def free_land(sid: str) -> bool:
        sp = THARSIS.spaces[sid]
        return sp.kind == "land" and sp.reserved_for is None and sid not in board

    for from_top in (True, False):
        order = list(THARSIS.spaces) if from_top else list(reversed(THARSIS.spaces))
        candidates = [sid for sid in order if free_land(sid)
                      and not any(board.get(n) == "city" for n in THARSIS.spaces[sid].neighbors)
                      and any(free_land(n) for n in THARSIS.spaces[sid].neighbors)]
        city = candidates[next(counts) % len(candidates)]
        board[city] = "city"
        free = [n for n in THARSIS.spaces[city].neighbors if free_land(n)]
        board[free[next(counts) % len(free)]] = "greenery"
    return {sid: {"tile": tile, "owner": NEUTRAL} for sid, tile in board.items()}


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_R_SOLO_2_neutral_cities_and_greeneries(seed: int) -> None:
    game = new_game(players=1, seed=seed)
    view = game.view(None)
    tiles = view["board"]
    cities = [s for s, t in tiles.items() if t == {"tile": "city", "owner": NEUTRAL}]
    greeneries = [s for s, t in tiles.items() if t == {"tile": "greenery", "owner": NEUTRAL}]
    assert len(cities) == 2 and len(greeneries) == 2 and len(tiles) == 4
    for city in cities:
        assert any(g in THARSIS.spaces[city].neighbors for g in greeneries)
    assert parameters(game)["oxygen"] == 0 and player_state(game, 0)["tr"] == 14
    assert tiles == _expected_neutral_tiles(discard_pile(game)[:4])


def _solo_to_last_generation(plants: int = 0) -> Game:
    game, _ = make_game(players=1)
    while parameters(game)["generation"] < 14:
        next_generation(game)
    set_resources(game, 0, plants=plants)
    return game


def test_R_SOLO_3_game_does_not_end_when_mars_is_finished_early() -> None:
    game, _ = make_game(players=1)
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    pass_all(game)
    assert not game.is_over
    assert parameters(game)["generation"] == 2


def test_R_SOLO_3_game_lasts_exactly_14_generations() -> None:
    game = _solo_to_last_generation()
    assert parameters(game)["generation"] == 14 and not game.is_over
    pass_all(game)
    assert game.is_over and game.pending == []
    assert parameters(game)["generation"] == 14


def test_R_SOLO_3_win_then_final_greenery_conversion() -> None:
    game = _solo_to_last_generation(plants=8)
    set_parameters(game, temperature=8, oxygen=14, oceans=9)
    tr = player_state(game, 0)["tr"]
    pass_all(game)
    assert not game.is_over
    assert [(p, w.purpose) for p, w in game.pending] == [(0, "final_greenery")]
    answer(game, "option", 0)
    answer(game, "space", plain_space(game))
    assert game.is_over and game.winners() == [0]
    assert game.scores()[0]["greeneries"] == 1
    assert player_state(game, 0)["tr"] == tr  # oxygen maxed: no TR


def test_R_SOLO_3_no_win_no_final_greenery_conversion() -> None:
    game = _solo_to_last_generation(plants=20)
    pass_all(game)
    assert game.is_over and game.pending == []
    assert game.winners() == []
    assert player_state(game, 0)["plants"] == 20
    assert game.scores()[0]["greeneries"] == 0


def test_R_SOLO_4_red_border_production_loss_may_target_the_neutral_player() -> None:
    game, (p0,) = make_game(players=1)
    give_cards(game, p0, ["Heat Trappers"])
    set_resources(game, p0, megacredits=6)
    answer(game, "play_card", "Heat Trappers")  # nobody has 2 heat production but neutral
    state = player_state(game, p0)
    assert state["played"] == ["Heat Trappers"]
    assert (state["production"]["energy"], state["production"]["heat"]) == (1, 0)


def test_R_SOLO_4_red_border_neutral_is_offered_beside_yourself() -> None:
    game, (p0,) = make_game(players=1)
    give_cards(game, p0, ["Heat Trappers"])
    set_resources(game, p0, megacredits=6)
    set_production(game, p0, heat=3)
    answer(game, "play_card", "Heat Trappers")
    assert {c["player"] for c in choices(game)} == {p0, NEUTRAL}
    answer(game, "player", NEUTRAL)
    assert player_state(game, p0)["production"]["heat"] == 3


def test_R_SOLO_4_resource_removal_may_target_the_neutral_player() -> None:
    game, (p0,) = make_game(players=1)
    give_cards(game, p0, ["Asteroid"])
    set_resources(game, p0, megacredits=14, plants=5)
    answer(game, "play_card", "Asteroid")
    assert NEUTRAL in [c.get("player") for c in choices(game)]
    answer(game, "player", NEUTRAL)
    assert player_state(game, p0)["plants"] == 5
    assert parameters(game)["temperature"] == -28
