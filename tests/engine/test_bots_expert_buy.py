"""The expert's early solo search (issue 31): the fitted leaf value and the purchases it
weighs at setup and research."""
from __future__ import annotations

import copy

from tm.bots import FEATURES, Bot
from tm.bots.expert import Budget, Expert
from tm.bots.expert_buy import buy_sets, follow, setup_candidates
from tm.bots.leaf import NAMES, SOLO_WEIGHTS, features, solo_win_chance
from tm.bots.policy import Mind
from tm.bots.values import Judge
from tm.core.state import Options
from tm.game import Game
from tm.view_model import GameView

BUY = Budget(buy=1, leaf_samples=2, steps=150)


def _mind(view: GameView) -> Mind:
    return Mind(view, Judge(view, True, FEATURES["hard"]), lambda: 0.0, True)


def _research(seed: int = 21, generation: int = 3) -> GameView:
    """A solo game played by the hard bot to the first research decision of ``generation``."""
    game = Game.new(Options(players=1, seed=seed))
    hard = Bot("hard", 1)
    while True:
        _, prompt = game.pending[0]
        view = game.view(0)
        if view["generation"] == generation and prompt.purpose == "buy_cards":
            return view
        game.respond(0, hard.decide(view))


def test_the_leaf_is_deterministic_and_monotone_in_plain_facts() -> None:
    assert len(SOLO_WEIGHTS) == len(NAMES)
    view = _research()
    base = solo_win_chance(view)
    assert base == solo_win_chance(copy.deepcopy(view)) and 0.0 < base < 1.0
    assert len(features(view)) == len(NAMES)
    richer = copy.deepcopy(view)
    richer["players"][0]["res"]["megacredits"] += 30
    more_prod = copy.deepcopy(view)
    more_prod["players"][0]["prod"]["megacredits"] += 3
    behind = copy.deepcopy(view)
    behind["parameters"]["oxygen"]["value"] = behind["parameters"]["oxygen"]["start"]
    behind["parameters"]["temperature"]["value"] = behind["parameters"]["temperature"]["start"]
    assert solo_win_chance(richer) > base
    assert solo_win_chance(more_prod) > base
    assert solo_win_chance(behind) <= base


def test_research_candidates_are_purchases_the_seat_can_pay_the_hard_ones_first() -> None:
    view = _research()
    mind = _mind(view)
    sets = buy_sets(mind, 4)
    offered = set(view["you"]["decision"]["data"]["cards"])
    money = int(view["players"][0]["res"]["megacredits"])
    assert sets and [] in sets and len(sets) == len({tuple(s) for s in sets})
    assert sets[0] == mind.scores.want_buy(list(offered), money, 3)
    assert all(set(s) <= offered and 3 * len(s) <= money for s in sets)
    step = follow(mind, sets[0])
    assert step is not None and step in mind.choices


def test_the_setup_search_chooses_a_dealt_corporation() -> None:
    game = Game.new(Options(players=1, seed=21))
    view = game.view(0)
    mind = _mind(view)
    hard = Bot("hard", 3).decide(view)
    cands = setup_candidates(mind, hard)
    dealt = view["you"]["decision"]["data"]["corporations"]
    assert [c[0]["card"] for c in cands][0] == hard["card"]
    assert sorted(c[0]["card"] for c in cands) == sorted(dealt)
    expert = Expert(3, budget=BUY)
    choice = expert.decide(view)
    assert choice in view["you"]["decision"]["choices"] and choice["type"] == "corporation"
    assert expert.search is not None and expert.search.rollouts >= 2
    assert Expert(3, budget=BUY).decide(view) == choice  # deterministic


def test_an_expert_that_searches_purchases_finishes_a_solo_game() -> None:
    game = Game.new(Options(players=1, seed=22))
    bot = Expert(4, budget=Budget(buy=1, leaf_samples=1, steps=60, samples=1))
    while not game.is_over:
        view = game.view(0)
        choice = bot.decide(view)
        assert choice in view["you"]["decision"]["choices"]
        game.respond(0, choice)
    assert not bot.failures  # nothing raised inside its searches (issue 47 item 4)


def test_with_others_and_no_duel_buy_the_purchases_are_the_hard_policys() -> None:
    game = Game.new(Options(players=2, seed=21))
    view = game.view(0)
    expert = Expert(3, budget=Budget(duel_buy=0))
    assert expert.decide(view) == Bot("hard", 3).decide(view)
    assert expert.search is None
