"""The page's observer (:class:`tm.view_kept.KeepingObserver`) keeps a view's sections with
the inputs they were worked out from: each of its views equals the view built anew, at
every decision of whole games (1 to 5 seats, Prelude, Colonies, a draft) and across undo;
a kept section is worked out again when what it reads changes; what it hands out is the
reader's own copy."""
from __future__ import annotations

import json

import pytest

from tm.bots import Bot
from tm.core.state import Options
from tm.game import Game
from tm.testing.scenario import give_cards, make_game, set_parameters, set_resources
from tm.view import view_for
from tm.view_kept import KeepingObserver

GAMES = [
    (1, ["corpera", "prelude"], False, 4),
    (2, ["corpera", "prelude", "colonies"], True, 3),
    (3, ["corpera", "colonies"], False, 6),
    (5, ["corpera"], False, 11),
]


def _same(reader: KeepingObserver, game: Game, viewer: int | None) -> None:
    kept = json.dumps(reader.view(game.state, viewer))  # (key order too)
    assert kept == json.dumps(view_for(game.state, viewer)), (len(game.moves), viewer)


@pytest.mark.parametrize(("players", "sets", "draft", "seed"), GAMES)
def test_the_observers_views_equal_views_built_anew_across_moves_and_undo(
        players: int, sets: list[str], draft: bool, seed: int) -> None:
    game = Game.new(Options(players=players, seed=seed, expansions=sets, draft=draft))
    bots = [Bot("random" if s % 2 else "normal", 20 + s) for s in range(players)]
    reader = KeepingObserver()
    for move in range(400 // players + 100):
        if game.is_over:
            break
        player = game.pending[0][0]
        _same(reader, game, player)
        _same(reader, game, (player + 1) % players)  # (another seat, between the mover's)
        if move % 4 == 0:
            _same(reader, game, None)
        if move % 53 == 52 and len(game.moves) - game.undo_floor() >= 3:
            game.undo(3)  # (the state replaced: what was kept may match no longer)
            continue
        game.respond(player, bots[player].decide(game.view(player)))


def test_a_card_becomes_playable_when_a_parameter_rises() -> None:
    game, _ = make_game(players=2)
    give_cards(game, 0, ["Lichen"])  # requires -24 °C
    set_resources(game, 0, megacredits=20)
    reader = KeepingObserver()
    first = reader.view(game.state, 0)["you"]["hand"][0]
    assert not first["playable"]
    assert [r["key"] for r in first["reasons"]] == ["requirement"]
    set_parameters(game, temperature=-24)
    assert reader.view(game.state, 0)["you"]["hand"][0]["playable"]


def test_a_card_no_longer_affordable_shows_its_cost_as_the_reason() -> None:
    game, _ = make_game(players=2)
    give_cards(game, 0, ["Lichen"])
    set_parameters(game, temperature=-24)
    set_resources(game, 0, megacredits=20)
    reader = KeepingObserver()
    assert reader.view(game.state, 0)["you"]["hand"][0]["playable"]
    set_resources(game, 0, megacredits=2)
    again = reader.view(game.state, 0)["you"]["hand"][0]
    assert [r["key"] for r in again["reasons"]] == ["cost"]


def test_a_kept_section_handed_out_is_the_readers_own_copy() -> None:
    game, _ = make_game(players=2)
    give_cards(game, 0, ["Lichen"])
    reader = KeepingObserver()
    view = reader.view(game.state, 0)
    view["you"]["hand"][0]["reasons"].clear()
    view["you"]["projects"].clear()
    view["scores"][0]["card_points"].append({"card": "x", "vp": 9, "per": None, "count": 0})
    view["standings"]["awards"].clear()
    assert json.dumps(reader.view(game.state, 0)) == json.dumps(view_for(game.state, 0))
