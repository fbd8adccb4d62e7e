"""The bots' Colonies decisions (issue 47 item 1, R-COL-4): a trade is worth its reward at
the marker and one's own colony bonuses less the cheapest fee, paid with what is worth
least; a colony goes where it gives most. The hard policy decides them (the expert too)."""
from __future__ import annotations

from typing import Any

from tm.bots import FEATURES, Bot
from tm.bots.policy import Mind
from tm.bots.values import Judge
from tm.testing import (
    answer,
    give_colony,
    make_game,
    set_colony_tiles,
    set_marker,
    set_resources,
)

COLONIES = ["corpera", "colonies"]


def _game(tiles: tuple[str, ...] = ("Luna", "Ceres", "Io")) -> Any:
    game, _ = make_game(1, seed=7, expansions=COLONIES)
    set_colony_tiles(game, list(tiles))
    return game


def _trade_scores(game: Any) -> dict[str, float]:
    view = game.view(0)
    mind = Mind(view, Judge(view, True, FEATURES["hard"]), lambda: 0.0, True)
    return {c["tile"]: mind.scores.action_score(c) for c in mind.choices if c["type"] == "trade"}


def test_hard_trades_where_the_reward_at_the_marker_beats_the_fee() -> None:
    game = _game()
    set_resources(game, 0, megacredits=30)
    set_marker(game, "Luna", 1)  # 2 MC for a 9 MC fee: a loss
    set_marker(game, "Ceres", 6)  # 10 steel for 9 MC
    low = _trade_scores(game)
    assert low["Luna"] < 0 < low["Ceres"]
    assert Bot("hard", 1).decide(game.view(0)) != {"type": "trade", "tile": "Luna"}
    give_colony(game, 0, "Luna")  # one's own colony's bonus (2 MC) counts too
    assert _trade_scores(game)["Luna"] > low["Luna"]


def test_hard_pays_a_trade_fee_with_what_is_worth_least() -> None:
    game = _game()
    set_resources(game, 0, megacredits=30, energy=3)
    set_marker(game, "Ceres", 6)
    answer(game, "trade", "Ceres")
    view = game.view(0)
    assert view["you"]["decision"]["purpose"] == "trade_fee"
    choice = Bot("hard", 1).decide(view)
    assert choice["label"]["resource"] == "energy"  # 3 energy, not 9 MC


def test_hard_builds_its_colony_where_it_gives_most() -> None:
    """The tile whose build and bonus its judge prices highest, not the first listed."""
    game = _game(("Ceres", "Io", "Luna"))
    set_resources(game, 0, megacredits=40)
    answer(game, "standard_project", "build_colony")
    view = game.view(0)
    assert view["you"]["decision"]["purpose"] == "build_colony"
    tiles = view["you"]["decision"]["data"]["tiles"]
    mind = Mind(view, Judge(view, True, FEATURES["hard"]), lambda: 0.0, True)
    worth = {t: mind.scores.colony_tile_score(t) for t in tiles}
    assert worth["Ceres"] < max(worth.values())  # (the first listed gives least here)
    choice = Bot("hard", 1).decide(view)
    assert tiles[choice["option"]] == max(tiles, key=lambda t: worth[t])
