"""Staging an action in the page: nothing is sent to the game until the action is complete.

When the viewer starts an action (answers an ``action`` prompt), the App answers it, and
the decisions that follow, on a scratch copy of the game (:class:`Stage`) and shows the
copy. The copy takes the place of the real game only when the action is complete (the
player is back at the action menu, someone else must decide, the phase or generation
moved on, or the game ended), or at once when an answer showed hidden information (a card
drawn or revealed: what was seen cannot be taken back). Cancel throws the copy away, so
cancelling takes nothing back from the game: undo, saves, links and other tabs only ever
see complete moves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tm.game import Game


@dataclass
class Stage:
    """An action under way: the committed game it started from and the scratch copy."""

    base: Game  # the App's game when the action started (the stage is void once it changes)
    game: Game  # the copy the staged answers were applied to
    player: int  # who is acting

    @classmethod
    def begin(cls, base: Game, player: int) -> Stage:
        """A stage for ``player``'s action, on a fresh copy of ``base``."""
        return cls(base, base.copy(), player)

    @property
    def answers(self) -> int:
        """How many answers are staged (not yet in the real game)."""
        return len(self.game.moves) - len(self.base.moves)

    def respond(self, response: dict[str, Any]) -> None:
        """Answer the acting player's decision on the copy (IllegalMove: copy unchanged)."""
        self.game.respond(self.player, response)

    def is_complete(self) -> bool:
        """Whether the copy must now become the game: the action ended, or it revealed."""
        copy, base = self.game, self.base
        if copy.is_over or copy.revealed_at != base.revealed_at:
            return True  # hidden information seen must be kept, like a finished game
        if (copy.state.phase, copy.state.generation) != (base.state.phase, base.state.generation):
            return True
        prompt = copy.prompt_for(self.player)
        return prompt is None or prompt.kind == "action"


def starts_action(game: Game, player: int) -> bool:
    """Whether an answer of ``player`` now starts an action (their decision is the menu)."""
    prompt = game.prompt_for(player)
    return prompt is not None and prompt.kind == "action"
