"""The hard bot's solo pace plan (issue 18): steps still to make against money still to
come, metals only worth what cards use."""
from __future__ import annotations

from tm import Game
from tm.bots import FEATURES, Bot
from tm.bots.solo import plan
from tm.bots.values import Judge
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
    assert Judge(view, features=FEATURES["hard"]).unit("steel") == 1.7
    set_resources(game, 0, steel=40)
    hard = Judge(game.view(0), features=FEATURES["hard"])
    assert hard.unit("steel") < 1.0
    assert Judge(game.view(0), features=FEATURES["normal"]).unit("steel") == 1.7


def test_mining_guild_tile_trigger_is_not_counted_as_a_production_every_generation():
    """Solo, generation 1: a steel production from a tile on a steel or titanium bonus
    comes a few times a game, half-way on average; hard's worth of Mining Guild falls
    below a corporation that brings as much without the trigger (normal keeps its own)."""
    game = _solo(1)
    view = game.view(0)
    hard = Judge(view, sharp=True, features=FEATURES["hard"])
    normal = Judge(view, sharp=True, features=FEATURES["normal"])
    assert hard.card_value("Mining Guild") < 0.7 * normal.card_value("Mining Guild")


def test_the_solo_plan_sees_only_the_view_hidden_deck_order_changes_nothing():
    game = _solo(9, megacredits=40, steel=12, heat=7, plants=6)
    give_cards(game, 0, ["Asteroid", "Trees", "Power Plant", "Research"])
    other = game.copy()
    other.state.deck.reverse()
    other.state.options.seed = 999
    assert game.state.deck != other.state.deck
    assert game.view(0) == other.view(0)
    assert Bot("hard", 3).decide(game.view(0)) == Bot("hard", 3).decide(other.view(0))
