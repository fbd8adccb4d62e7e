"""The replay viewer's position: a game stepped through from its start."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tm.game import Game


@dataclass
class Replay:
    """A game being stepped through: all its moves and the position shown."""

    moves: list[list[Any]]
    generations: list[int]  # generation at each position 0..len(moves)
    pos: int
    game: Game
    source: Game = field(repr=False)

    @classmethod
    def of(cls, source: Game, pos: int | None = None) -> Replay:
        """A replay of ``source``, positioned at ``pos`` (default: the end)."""
        moves = [list(m) for m in source.moves]
        walker = Game.new(source.state.options)
        generations = [walker.state.generation]
        for player, response in moves:
            walker.respond(player, response)
            generations.append(walker.state.generation)
        replay = cls(moves, generations, len(moves), walker, source)
        if pos is not None:
            replay.go(pos)
        return replay

    def go(self, pos: int) -> None:
        """Show the game after ``pos`` moves."""
        pos = max(0, min(len(self.moves), pos))
        if pos < self.pos:
            self.game, self.pos = Game.new(self.source.state.options), 0
        while self.pos < pos:
            player, response = self.moves[self.pos]
            self.game.respond(player, response)
            self.pos += 1

    def generation_step(self, direction: int) -> None:
        """Jump to the start of the next (or this/previous) generation."""
        here = self.generations[self.pos]
        if direction > 0:
            later = [i for i, gen in enumerate(self.generations) if gen > here]
            self.go(later[0] if later else len(self.moves))
        else:
            start = self.generations.index(here)
            target = start if self.pos > start else (
                self.generations.index(here - 1) if here - 1 in self.generations else 0)
            self.go(target)
