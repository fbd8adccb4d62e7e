"""The typed view tree (tm/view_model.py) says what ``view()`` holds: every view of simulated
games over all expansion sets (each seat's and a spectator's, at every decision of a
sample) fits :class:`GameView` key for key, nested nodes included, so the types mypy
checks the page's and the bots' reads against are the view's true shape."""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any

from tests.kits import shapes
from tm import Game, Options
from tm.core.rng import Rng
from tm.sim import random_response
from tm.view_model import GameView, PlayerView

SETS = ("corpera", "prelude", "colonies")
EVERY = 25  # views checked at every 25th decision (and at the end)


def misfits(node: Any, shape: Any) -> list[str]:
    """What in a view's node does not fit its TypedDict, each problem under the shape's name."""
    return shapes.misfits(node, shape, shape.__name__)


def _views(game: Game) -> Iterator[dict[str, Any]]:
    for viewer in [*range(len(game.state.players)), None]:
        yield dict(game.view(viewer))


@cache
def _sampled_views() -> tuple[dict[str, Any], ...]:
    """Views of random games over every combination of sets (solo and 3 players in turn, a
    draft in some): every seat's and a spectator's, at every EVERY-th decision and at the
    end."""
    found: list[dict[str, Any]] = []
    sets = [c for n in range(len(SETS) + 1) for c in itertools.combinations(SETS, n)]
    for number, chosen in enumerate(sets):
        game = Game.new(Options(players=1 + 2 * (number % 2), seed=70 + number,
                                draft=number % 4 == 3, expansions=list(chosen)))
        rng = Rng.from_seed(number)
        moves = 0
        while not game.is_over:
            if moves % EVERY == 0:
                found += _views(game)
            player, prompt = game.pending[0]
            game.respond(player, random_response(prompt, rng))
            moves += 1
        found += _views(game)
    return tuple(found)


def test_every_view_of_simulated_games_fits_the_typed_view_tree() -> None:
    views = _sampled_views()
    wrong = sorted({problem for view in views for problem in misfits(view, GameView)})
    assert not wrong, wrong[:20]
    assert sum("you" in v and v["you"]["decision"] is not None for v in views) > 50


def test_the_tree_check_catches_an_unknown_a_missing_and_a_mistyped_key() -> None:
    view = _sampled_views()[-1]
    player = dict(view["players"][0])
    assert not misfits(player, PlayerView)
    assert misfits({**player, "bot_seed": 3}, PlayerView) == ["PlayerView: unknown bot_seed"]
    assert misfits({k: v for k, v in player.items() if k != "tr"},
                   PlayerView) == ["PlayerView: missing tr"]
    assert misfits({**player, "hand": "x"}, PlayerView) == [
        "PlayerView.hand='x' is not list[str] | int"]
    nested = {**view, "players": [{**player, "secret": 1}]}
    assert misfits(nested, GameView) == ["GameView.players[0]: unknown secret"]
