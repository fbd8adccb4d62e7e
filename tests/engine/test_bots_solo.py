"""The hard bot's solo pace plan (issue 18): steps still to make against money still to
come, metals only worth what cards use."""
from __future__ import annotations

from tm import Game
from tm.bots import FEATURES, Bot
from tm.bots.solo import plan
from tm.bots.values import Judge
from tm.cards import card
from tm.testing import give_cards, make_game, set_parameters, set_production, set_resources


def _solo(generation: int, **resources: int) -> Game:
    game, _ = make_game(players=1, seed=5)
    game.state.generation = generation
    set_resources(game, 0, **resources)
    return game


def test_the_solo_plan_prefers_a_raise_over_a_vp_card_in_generation_14_when_behind_pace():
    game = _solo(14, megacredits=14)
    set_parameters(game, temperature=4, oxygen=14, oceans=9)  # two temperature steps left
    give_cards(game, 0, ["Trans-Neptune Probe"])  # 6 MC for a point, nothing raised
    view = game.view(0)
    pace = plan(view)
    assert pace is not None and pace.gens_left == 0
    assert pace.left == {"temperature": 2, "oxygen": 0, "oceans": 0}
    assert pace.behind and pace.need == 28 and pace.have == 14
    choice = Bot("hard", 1).decide(view)
    assert (choice["type"], choice.get("project")) == ("standard_project", "asteroid")


def test_the_plan_counts_heat_and_plants_to_come_and_the_income_of_the_phases_left():
    game = _solo(12, megacredits=20, heat=6, plants=5)
    set_parameters(game, temperature=2, oxygen=12, oceans=8)  # 3 + 2 + 1 steps left
    set_production(game, 0, heat=3, plants=2, megacredits=2)
    pace = plan(game.view(0))
    assert pace is not None and pace.gens_left == 2
    assert pace.free == {"temperature": 1, "oxygen": 1, "oceans": 0}  # 12 heat, 9 plants
    assert pace.need == 2 * 14 + 1 * 23 + 18
    income = game.state.players[0].tr + 2
    assert pace.have == 20 + 2 * income + 0.25 * 6 * 2
    assert plan(make_game(players=2, seed=5)[0].view(0)) is None  # not solo


def test_solo_steel_beyond_what_building_cards_can_use_is_worth_less():
    game = _solo(12, steel=2)
    view = game.view(0)
    assert Judge(view, features=FEATURES["hard"]).economy.unit("steel") == 1.7
    set_resources(game, 0, steel=40)
    hard = Judge(game.view(0), features=FEATURES["hard"])
    assert hard.economy.unit("steel") < 1.0
    assert Judge(game.view(0), features=FEATURES["normal"]).economy.unit("steel") == 1.7


def test_mining_guild_tile_trigger_is_not_counted_as_a_production_every_generation():
    """Solo, generation 1: a steel production from a tile on a steel or titanium bonus
    comes a few times a game, half-way on average; hard's worth of Mining Guild falls
    below a corporation that brings as much without the trigger (normal keeps its own)."""
    game = _solo(1)
    view = game.view(0)
    hard = Judge(view, sharp=True, features=FEATURES["hard"])
    normal = Judge(view, sharp=True, features=FEATURES["normal"])
    assert hard.cards.card_value("Mining Guild") < 0.7 * normal.cards.card_value("Mining Guild")


def test_the_solo_plan_sees_only_the_view_hidden_deck_order_changes_nothing():
    game = _solo(9, megacredits=40, steel=12, heat=7, plants=6)
    give_cards(game, 0, ["Asteroid", "Trees", "Power Plant", "Research"])
    other = game.copy()
    other.state.deck.reverse()
    other.state.options.seed = 999
    assert game.state.deck != other.state.deck
    assert game.view(0) == other.view(0)
    assert Bot("hard", 3).decide(game.view(0)) == Bot("hard", 3).decide(other.view(0))


def test_solo_hard_buys_only_cards_well_worth_more_than_their_price():
    """Solo, every step must be paid for: a card barely worth its price is a step not
    made, so hard buys a card only when it is worth SOLO_BUY more than its price."""
    from tm.bots.policy import Mind
    from tm.bots.scoring import SOLO_BUY
    from tm.cards import project_deck

    game = _solo(3, megacredits=200)
    view = game.view(0)
    judge = Judge(view, features=FEATURES["hard"])
    mind = Mind(view, judge, lambda: 0.0, True)
    offered = list(project_deck(("base", "corpera")))[:60]
    worth = {n: judge.cards.keep_worth(n, float(card(n).cost)) - judge.economy.cost(3)
             for n in offered}
    bought = [n for _, n in mind.buy_plan(offered, 200, 3)]
    assert bought and all(worth[n] > SOLO_BUY for n in bought)
    assert any(0 < w <= SOLO_BUY for w in worth.values())  # some are worth their price, not more


def test_solo_a_repeated_actions_income_counts_on_average_over_the_generations_left():
    """Space Mirrors buys an energy production for 7 MC each generation: one bought late
    brings little, so hard (solo) counts the income of an average use, well under what
    normal counts by pricing every use like the first."""
    view = _solo(1).view(0)
    mirrors = card("Space Mirrors")
    hard = Judge(view, features=FEATURES["hard"]).cards.action_value(mirrors)
    normal = Judge(view, features=FEATURES["normal"]).cards.action_value(mirrors)
    assert 0 < hard < 0.5 * normal


def test_solo_requirements_are_met_at_the_pace_that_just_wins():
    """Livestock needs 9 % oxygen: from 0 % in generation 1, a solo game that just wins
    raises oxygen 14 steps in 13 generations, so it waits about 9 generations, not 4."""
    view = _solo(1).view(0)
    livestock = card("Livestock")
    assert Judge(view, features=FEATURES["hard"]).cards.delay(livestock) >= 8
    assert Judge(view, features=FEATURES["normal"]).cards.delay(livestock) == 4


def test_a_maximum_requirement_already_passed_makes_a_card_worthless_to_keep():
    """Arctic Algae needs at most -12 °C; at -10 °C it can never be played (R-CARD-1), unless
    Adaptation Technology stretches requirements by two steps."""
    from tm.testing import put_in_play

    game = _solo(5)
    set_parameters(game, temperature=-10)
    algae = card("Arctic Algae")
    for level in ("normal", "hard"):
        assert Judge(game.view(0), features=FEATURES[level]).cards.delay(algae) is None
        assert Judge(game.view(0), features=FEATURES[level]).cards.keep_worth(algae.name, 12) < 0
    put_in_play(game, 0, ["Adaptation Technology"])
    assert Judge(game.view(0), features=FEATURES["hard"]).cards.delay(algae) == 0


def test_energy_held_in_the_last_generation_is_not_heat_R_SOLO_3():
    """R-SOLO-3: the game ends with generation 14's production phase, so energy held then
    never becomes heat. With one temperature step left, 6 heat and 6 energy, hard buys the
    asteroid instead of passing (reading the energy as heat, it once passed with 72 MC)."""
    game = _solo(14, megacredits=40, heat=6, energy=6)
    set_parameters(game, temperature=6, oxygen=14, oceans=9)
    view = game.view(0)
    pace = plan(view)
    assert pace is not None and pace.free["temperature"] == 0
    choice = Bot("hard", 1).decide(view)
    assert (choice["type"], choice.get("project")) == ("standard_project", "asteroid")


def test_a_step_the_heat_to_come_will_make_is_worth_only_what_it_saves_R_SOLO_3():
    """Only maxed parameters win (R-SOLO-3): when heat held and produced will make every
    temperature step left, an asteroid saves only heat, so hard puts its money into a
    parameter only money can finish."""
    from tm.bots.economy import COVERED_SHARE, REPLACE

    game = _solo(12, megacredits=40, heat=10)
    set_parameters(game, temperature=4, oxygen=12, oceans=9)  # 2 temperature, 2 oxygen left
    set_production(game, 0, heat=4)  # 10 + 2 x 4 = 18 heat: two steps
    judge = Judge(game.view(0), features=FEATURES["hard"])
    assert judge.economy.step("temperature") \
        == judge.outlook.annuity + REPLACE["temperature"] * COVERED_SHARE
    assert judge.economy.step("oxygen") > REPLACE["oxygen"]
    choice = Bot("hard", 1).decide(game.view(0))
    assert choice.get("project") != "asteroid"
