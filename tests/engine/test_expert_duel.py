"""The expert's two-seat leaf and purchase search (issue 31): the fitted duel win chance,
and the purchases searched with others when ``Budget.duel_buy`` is set."""
from __future__ import annotations

import copy

from tm.bots import Bot
from tm.bots.expert import Budget, Expert
from tm.bots.leaf import DUEL_NAMES, DUEL_WEIGHTS, duel_features, duel_win_chance
from tm.core.state import Options
from tm.game import Game
from tm.view_model import GameView

DUEL = Budget(duel_buy=1, duel_leaf=1, duel_samples=2, duel_steps=200)


def _research(seed: int = 21, generation: int = 3) -> tuple[GameView, GameView]:
    """Both seats' views of a two-seat hard game at the first research of ``generation``."""
    game = Game.new(Options(players=2, seed=seed))
    hard = [Bot("hard", 1), Bot("hard", 2)]
    while True:
        player, prompt = game.pending[0]
        view = game.view(player)
        if view["generation"] == generation and prompt.purpose == "buy_cards":
            return game.view(0), game.view(1)
        game.respond(player, hard[player].decide(view))


def test_the_duel_leaf_is_antisymmetric_deterministic_and_monotone() -> None:
    assert len(DUEL_WEIGHTS) == len(DUEL_NAMES)
    mine, theirs = _research()
    p = duel_win_chance(mine, 12.0)
    q = duel_win_chance(theirs, -12.0)
    assert 0.0 < p < 1.0 and abs(p + q - 1.0) < 1e-9  # the two chances add to one
    assert duel_features(mine, 0.0) == [-x for x in duel_features(theirs, 0.0)]
    assert p == duel_win_chance(copy.deepcopy(mine), 12.0)
    richer = copy.deepcopy(mine)
    richer["players"][0]["prod"]["megacredits"] += 3
    ahead = copy.deepcopy(mine)
    ahead["players"][0]["tr"] += 3
    assert duel_win_chance(richer, 12.0) > p and duel_win_chance(ahead, 12.0) > p
    assert duel_win_chance(mine, 60.0) > p


def test_with_duel_buy_the_expert_searches_its_purchase_deterministically() -> None:
    view, _ = _research()
    expert = Expert(3, budget=DUEL)
    choice = expert.decide(view)
    assert choice in view["you"]["decision"]["choices"]
    assert expert.search is not None and expert.search.rollouts >= 2
    assert Expert(3, budget=DUEL).decide(view) == choice


def test_an_expert_that_searches_duel_purchases_finishes_a_two_seat_game() -> None:
    game = Game.new(Options(players=2, seed=22))
    bots = [Expert(4, budget=Budget(duel_buy=1, duel_leaf=1, duel_samples=1, duel_steps=60,
                                    samples=1, steps=60)), Bot("hard", 5)]
    while not game.is_over:
        player, _ = game.pending[0]
        view = game.view(player)
        choice = bots[player].decide(view)
        assert choice in view["you"]["decision"]["choices"]
        game.respond(player, choice)
    assert not bots[0].failures  # nothing raised inside its searches (issue 47 item 4)
