"""The lean view (:class:`tm.bots.lean_view.LeanObserver`, what the expert's rollouts read)
leaves out only what no bot reads: the hard bot decides the same on it as on the full view, with the
same reason and worth, at every decision of whole games (solo and 2 to 4 players, with
Prelude, Colonies and a draft), without changing the state whose lists it shares, and the
full view is unchanged by lean ones built before it."""
from __future__ import annotations

import json

import pytest

from tm.bots import Bot
from tm.bots.lean_view import LeanObserver
from tm.core.state import Options
from tm.game import Game

GAMES = [
    (1, ["corpera"], False, 3),
    (1, ["corpera", "prelude", "colonies"], False, 4),
    (2, ["corpera"], False, 5),
    (2, ["corpera", "prelude", "colonies"], True, 6),
    (3, ["corpera", "colonies"], False, 7),
    (4, ["corpera", "prelude"], True, 8),
]


@pytest.mark.parametrize(("players", "sets", "draft", "seed"), GAMES)
def test_the_hard_bot_decides_the_same_on_lean_and_full_views(
        players: int, sets: list[str], draft: bool, seed: int) -> None:
    game = Game.new(Options(players=players, seed=seed, expansions=sets, draft=draft))
    full = [Bot("hard", 10 + s) for s in range(players)]
    lean = [Bot("hard", 10 + s) for s in range(players)]
    decisions = 0
    reader = LeanObserver()  # (one per game, as a rollout has: its views share spaces)
    while not game.is_over:
        player, _ = game.pending[0]
        short = reader.view(game.state, player)
        view = game.view(player)
        choice = full[player].decide(view)
        before = game.digest()  # (a lean view shares the state's lists: never written)
        assert lean[player].decide(short) == choice, (decisions, view["you"]["decision"])
        assert game.digest() == before
        assert (lean[player].reason, lean[player].worth) == (full[player].reason,
                                                             full[player].worth)
        game.respond(player, choice)
        decisions += 1
    assert decisions > 100 * players


def test_lean_views_leave_the_full_view_as_it_was() -> None:
    game = Game.new(Options(players=2, seed=9, expansions=["corpera", "prelude"]))
    bots = [Bot("hard", 1), Bot("hard", 2)]
    reader = LeanObserver()
    for _ in range(300):
        player, _ = game.pending[0]
        before = json.dumps(game.view(player), sort_keys=True)
        reader.view(game.state, player)
        assert json.dumps(game.view(player), sort_keys=True) == before
        game.respond(player, bots[player].decide(reader.view(game.state, player)))
