"""Colonies games travel like any other: saves, links, undo and replays carry the
expansion, alone and with Prelude and Corporate Era, in solo and with several players
(format-1 saves named it by a switch)."""
from __future__ import annotations

from typing import Any

import pytest

from tm import Game
from tm.linkplay.links import decode, encode
from tm.persist.saves import options_from
from tm.sim import play_random_game

ALL = ("corpera", "prelude", "colonies")


def _game(players: int, expansions: tuple[str, ...], draft: bool = False,
          moves: int = 500) -> Any:
    return play_random_game(players=players, seed=17, max_moves=moves, draft=draft,
                            expansions=expansions)


@pytest.mark.parametrize(("players", "expansions", "draft"), [
    (1, ("corpera", "colonies"), False),
    (2, ("corpera", "colonies"), True),
    (3, ALL, True),
    (5, ALL, False),
])
def test_save_link_and_replay_carry_colonies(players: int, expansions: tuple[str, ...],
                                             draft: bool) -> None:
    game = _game(players, expansions, draft)
    assert "colonies" in game.state.ext and game.state.options.expansions == list(expansions)
    assert game.state.ext["colonies"]["tiles"]
    loaded = Game.from_save(game.to_save())
    assert loaded.digest() == game.digest() and not loaded.rules_changed
    linked = decode(encode(game))
    assert linked.digest() == game.digest() and not linked.rules_changed
    assert linked.view(0)["expansions"]["colonies"] == game.view(0)["expansions"]["colonies"]


def test_undo_and_positions_replay_exactly_with_colonies() -> None:
    game = _game(1, ("corpera", "prelude", "colonies"), moves=300)
    earlier = game.at(len(game.moves) - 5)
    game.undo(5)
    assert game.digest() == earlier.digest()


def test_a_format_1_switch_still_names_colonies() -> None:
    options = options_from({"players": 2, "seed": 1, "corporate_era": True, "prelude": False,
                            "colonies": True})
    assert options.expansions == ["corpera", "colonies"]


def test_colonies_games_reach_their_end_with_prelude() -> None:
    game = play_random_game(players=2, seed=23, expansions=ALL)
    assert game.is_over
    traded = [r for r in game.state.log if r["key"] == "trade"]
    built = [r for r in game.state.log if r["key"] == "colony_built"]
    assert traded and built
