"""Games to start page tests from: what the new-game form submits, and games at the points
the page tests, screenshots and the page benchmark look at, built by playing listed choices
on the engine in CPython (saves hold moves: the page replays them to the same state) and
stored as saved-game entries."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from tm import Game, Options
from tm.core.rng import Rng
from tm.sim import random_response
from tm.web.saves import SaveMeta, entry_text

COLOURS = ["red", "green", "blue", "yellow", "black"]
NAMES = ["Ada", "Brahe", "Curie", "Dirac", "Euler"]
Policy = Callable[[Game, int, list[dict[str, Any]]], dict[str, Any]]
HOT_SEAT_SEED = 2
PLAIN_TILES = ("Luna", "Ceres", "Io", "Triton", "Ganymede", "Callisto")  # no further question


def form_fields(players: int, names: list[str], seed: int | str) -> dict[str, str]:
    """What the new-game form submits when tests/e2e/helpers.start_game fills it."""
    fields = {"players": str(players), "corporate_era": "on", "board": "tharsis",
              "seed": str(seed)}
    for i in range(5):
        fields[f"name_{i}"] = names[i] if i < len(names) else ""
        fields[f"colour_{i}"] = COLOURS[i]
    return fields


def _hoarder(game: Game, player: int, choices: list[dict[str, Any]]) -> dict[str, Any]:
    """Keep every card and never play one: a corporation first, then pick, done, pass."""
    by_type = {c["type"]: c for c in reversed(choices)}  # the first of each type
    decision = game.view(player)["you"]["decision"]
    if decision["kind"] == "setup" and not decision["data"].get("corporation"):
        return by_type["corporation"]
    for kind in ("pass", "pick", "done", "confirm"):
        if kind in by_type:
            return by_type[kind]
    return choices[0]


def _play(game: Game, policy: Policy, until: Callable[[Game], bool]) -> Game:
    while not game.is_over and not until(game):
        player, prompt = game.pending[0]
        game.respond(player, policy(game, player, prompt.choices()))
    return game


def _entry(game: Game) -> str:
    count = len(game.state.players)
    meta = SaveMeta(names=NAMES[:count], colours=COLOURS[:count],
                    generation=game.state.generation, updated=1.7e12)
    return entry_text(game, meta)


def random_game(players: int, seed: int, names: list[str],
                max_moves: int | None = None) -> Game:
    """A game played by random listed choices (tm.sim's), to its end or ``max_moves``."""
    game = Game.new(Options(players=players, seed=seed, names=names))
    rng = Rng.from_seed(seed)
    while not game.is_over and (max_moves is None or len(game.moves) < max_moves):
        player, prompt = game.pending[0]
        game.respond(player, random_response(prompt, rng))
    return game


@cache
def big_hand_entry(cards: int = 32) -> str:
    """A solo game whose player holds at least ``cards`` cards, in the action phase."""
    game = Game.new(Options(players=1, seed=3, names=NAMES[:1]))

    def enough(g: Game) -> bool:
        view = g.view(0)
        decision = view["you"]["decision"]
        return len(view["you"]["hand"]) >= cards and decision is not None \
            and decision["kind"] == "action"

    return _entry(_play(game, _hoarder, enough))


@cache
def bot_game_entry(seed: int = 3) -> str:
    """Ada against the hard bot (seat 1) at the start of the game: the page plays the
    bot's turns itself, at its normal pace."""
    return _entry(Game.new(Options(players=2, seed=seed, names=NAMES[:2], bots=["", "hard"],
                                   bot_seed=seed + 1)))


@cache
def expert_game_entry(seed: int = 3, after: int = 0, players: int = 2,
                      expansions: tuple[str, ...] = ("corpera",), board: str = "tharsis") -> str:
    """Ada against the expert bot (seat 1; solo: Ada alone), every seat played by hard bots
    up to Ada's action menu late in the game where the expert would search (the hint
    thinks there); ``after``: that many such menus of Ada's later."""
    from tm.bots import Bot
    from tm.bots.expert import Expert

    game = Game.new(Options(players=players, seed=seed, names=NAMES[:players],
                            bots=["", "expert"][:players], bot_seed=seed + 1,
                            expansions=list(expansions), board=board))
    hard = [Bot("hard", 1 + p) for p in range(players)]
    left = after
    while not game.is_over:
        player, prompt = game.pending[0]
        view = game.view(player)
        if player == 0 and prompt.kind == "action" and Expert(0).begin(view).choice is None:
            if left == 0:
                return _entry(game)
            left -= 1
        game.respond(player, hard[player].decide(view))
    raise AssertionError("no searched decision of Ada's in the game")


@cache
def draft_entry() -> str:
    """Three players drafting in generation 2: each has kept one card and picks again."""
    game = Game.new(Options(players=3, seed=5, names=NAMES[:3], draft=True))

    def second_pick(g: Game) -> bool:
        return g.state.phase == "draft" and g.state.draft_round == 1

    return _entry(_play(game, _hoarder, second_pick))


@cache
def late_game_entry(players: int = 5, generation: int = 8) -> str:
    """A random game of ``players`` in the action phase of ``generation`` (or later)."""
    game = Game.new(Options(players=players, seed=11, names=NAMES[:players]))
    rng = Rng.from_seed(17)

    def random_choice(g: Game, player: int, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """Any listed choice, but a card to play or a card action first (a full tableau)."""
        for kind in ("play_card", "card_action", "pick"):
            wanted = [c for c in choices if c["type"] == kind]
            if wanted and rng.choice([True, True, True, False]):
                return rng.choice(wanted)
        return rng.choice(choices)

    def late(g: Game) -> bool:  # player 0 to act, after someone used a card's action
        return (g.state.generation >= generation and g.state.phase == "action"
                and g.pending[0][0] == 0 and g.pending[0][1].kind == "action"
                and any(pl.used_actions for pl in g.state.players))

    return _entry(_play(game, random_choice, late))


# ------------------------------------------------------------------ Colonies
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
