"""Games at the points the screen-polish tests and the page benchmark look at, built by
playing listed choices on the engine in CPython (the page runs the same engine, so the
saved game opens there as it stands here) and stored as saved-game entries."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from tm import Game, Options
from tm.core.rng import Rng
from tm.web.saves import SaveMeta, entry_text

COLOURS = ["red", "green", "blue", "yellow", "black"]
NAMES = ["Ada", "Brahe", "Curie", "Dirac", "Euler"]
Policy = Callable[[Game, int, list[dict[str, Any]]], dict[str, Any]]


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
