"""The worked-out sections of a view kept while only the decision queues change (issue 46,
tm/view_kept.py): at every decision of whole games, played one step at a time as the page
does (a random bot, so odd multi-step choices are made too), every seat's view and a
spectator's built after the kept ones equal a view built afresh, key order included; a
step that changes only the queues hands out the very same sections; a sealed game's
state is never kept."""
from __future__ import annotations

import json

import pytest

from tm import view_kept
from tm.bots import Bot
from tm.core.state import Options
from tm.game import Game

GAMES = [
    (2, ["corpera", "prelude", "colonies"], True, 11),
    (3, ["corpera", "colonies"], False, 12),
]


@pytest.mark.parametrize(("players", "sets", "draft", "seed"), GAMES)
def test_kept_views_equal_fresh_ones(players: int, sets: list[str], draft: bool,
                                     seed: int) -> None:
    game = Game.new(Options(players=players, seed=seed, expansions=sets, draft=draft))
    bots = [Bot("random", 20 + s) for s in range(players)]
    viewers = [*range(players), None]
    decisions = 0
    while not game.is_over and decisions < 400:
        # each viewer's sections as kept from the last decision's state where they can be
        kept = [json.dumps(game.view(viewer)) for viewer in viewers]
        view_kept.forget()
        assert kept == [json.dumps(game.view(viewer)) for viewer in viewers], decisions
        player, _ = game.pending[0]
        game.respond(player, bots[player].decide(game.view(player)))
        decisions += 1
    assert decisions > 100


def test_a_change_of_queues_alone_keeps_the_sections() -> None:
    game = Game.new(Options(players=2, seed=5, expansions=["corpera"]))
    view_kept.forget()
    first = game.view(0)
    again = game.copy()
    again.state.queues[1].append({"op": "noop"})  # (only a queue differs)
    second = again.view(0)
    assert second["you"]["hand"] is first["you"]["hand"]
    assert second["standings"] is first["standings"]
    again.state.players[0].res["megacredits"] += 1  # (anything else: worked out again)
    third = again.view(0)
    assert third["you"]["hand"] is not first["you"]["hand"]
    assert json.dumps(third) != json.dumps(first)


def test_a_sealed_state_is_never_kept() -> None:
    state = Game.new(Options(players=2, seed=5, expansions=["corpera"])).state
    assert view_kept.state_bytes(state) is not None
    state.options.sealed = True  # (the options say so: its cards come through a dealer)
    assert view_kept.state_bytes(state) is None
