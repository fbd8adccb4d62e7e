"""A game's story by generation: each player's VP and TR at the end of every generation."""
from __future__ import annotations

from typing import Any, Protocol, TypedDict

from tm.core.state import GameState
from tm.persist.saves import Move
from tm.rules.scoring import Score


class Points(TypedDict):
    """A player's VP and TR at the end of a generation."""

    vp: int
    tr: int


class GenerationScores(TypedDict):
    """Every player's points at the end of one generation, in seat order."""

    generation: int
    players: list[Points]


class Game(Protocol):
    """What the story needs of a game (the game API's :class:`tm.game.Game` has it)."""

    state: GameState
    moves: list[Move]

    @property
    def base_moves(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def at(self, count: int) -> Game: ...

    def respond(self, player: int, response: Any) -> None: ...

    def scores(self) -> list[Score]: ...


def score_history(game: Game) -> list[GenerationScores]:
    """One row per finished generation: {"generation": n, "players": [{"vp", "tr"}, ...]}.

    Rebuilt by replaying the moves, recording the scores right after each production
    phase (and once more at the very end when the game is over).
    """
    replay = game.at(game.base_moves)  # a game continued from a stored state starts there
    rows: list[GenerationScores] = []
    for player, response in game.moves[game.base_moves:]:
        generation = replay.state.generation
        replay.respond(player, response)
        if replay.state.generation != generation or (replay.is_over and not _has(rows, generation)):
            rows.append(_row(replay, generation))
    return rows


def _has(rows: list[GenerationScores], generation: int) -> bool:
    return any(row["generation"] == generation for row in rows)


def _row(game: Game, generation: int) -> GenerationScores:
    return {"generation": generation,
            "players": [{"vp": s["total"], "tr": s["tr"]} for s in game.scores()]}
