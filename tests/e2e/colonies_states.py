"""Colonies games at the points the Colonies page tests and screenshots look at, built by
playing listed choices on the engine in CPython (saves hold moves: the page replays them
to the same state) and stored as saved-game entries."""
from __future__ import annotations

from functools import cache
from typing import Any

from tests.e2e.polish_states import COLOURS, NAMES, _entry, _play
from tm import Game, Options
from tm.core.rng import Rng

HOT_SEAT_SEED = 2
PLAIN_TILES = ("Luna", "Ceres", "Io", "Triton", "Ganymede", "Callisto")  # no further question


def _pick(game: Game, player: int, choices: list[dict[str, Any]], kind: str,
          **fields: Any) -> dict[str, Any] | None:
    return next((c for c in choices if c["type"] == kind
                 and all(c.get(k) == v for k, v in fields.items())), None)


def _setup(game: Game, player: int, choices: list[dict[str, Any]]) -> dict[str, Any]:
    """The richest corporation, no cards, done."""
    decision = game.view(player)["you"]["decision"]
    data = decision["data"]
    if not data.get("corporation"):
        corps = dict(zip(data["corporations"], data["starting_mc"], strict=True))
        best = max(corps, key=lambda name: corps[name])
        found = _pick(game, player, choices, "corporation", card=best)
        assert found is not None
        return found
    done = _pick(game, player, choices, "done")
    assert done is not None, choices
    return done


@cache
def bonus_trade_entry() -> tuple[str, int, int, str]:
    """Three players with Colonies: the first player built a colony on the first plain tile
    offered and ended their turn; the next player is to act (and may trade there).
    Returns (entry, builder, trader, tile)."""
    game = Game.new(Options(players=3, seed=HOT_SEAT_SEED, names=NAMES[:3],
                            expansions=["corpera", "colonies"]))
    _play(game, _setup, lambda g: g.state.phase == "action")
    builder = game.pending[0][0]
    steps = [("standard_project", {"project": "build_colony"})]
    for kind, fields in steps:
        found = _pick(game, builder, game.pending[0][1].choices(), kind, **fields)
        assert found is not None
        game.respond(builder, found)
    prompt = game.pending[0][1]
    assert prompt.kind == "option", prompt.kind
    tiles = list(prompt.data["tiles"])
    tile = next(name for name in PLAIN_TILES if name in tiles)
    game.respond(builder, prompt.choices()[tiles.index(tile)])
    ended = _pick(game, builder, game.pending[0][1].choices(), "end_turn") or \
        _pick(game, builder, game.pending[0][1].choices(), "pass")
    assert ended is not None
    game.respond(builder, ended)
    trader = game.pending[0][0]
    assert trader != builder
    return _entry(game), builder, trader, tile


@cache
def finished_entry(seed: int = 4) -> str:
    """A solo Colonies game played to its end by random listed choices (builds and trades
    first when listed)."""
    game = Game.new(Options(players=1, seed=seed, names=NAMES[:1],
                            expansions=["corpera", "colonies"]))
    rng = Rng.from_seed(seed)

    def colonist(g: Game, player: int, choices: list[dict[str, Any]]) -> dict[str, Any]:
        for kind in ("trade", "play_card"):
            wanted = [c for c in choices if c["type"] == kind]
            if wanted and rng.choice([True, True, False]):
                return rng.choice(wanted)
        build = _pick(g, player, choices, "standard_project", project="build_colony")
        if build is not None and rng.choice([True, False]):
            return build
        return rng.choice(choices)

    return _entry(_play(game, colonist, lambda g: False))


__all__ = ["COLOURS", "NAMES", "bonus_trade_entry", "finished_entry"]
