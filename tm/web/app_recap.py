"""The recap of the others' moves: when it opens, stepping through it, closing it.

It opens for a seat (:meth:`RecapController.start`) when a link of a game played by link
opens, when the hand-off reveals the next player, and when the bots' turns end with a
person to decide, and only when other players acted since that seat last acted (or since
the recap it was last shown). It stays while the game stands still and that seat's screen
shows: the next move, an undo, another seat or another game hides it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tm.web.app_base import Actions, Controller, Host
from tm.web.model import RecapShown
from tm.web.recap import recap_actions, recap_since


@dataclass
class RecapState:
    """The open recap (``seat`` None: closed) and how far each seat has seen the log."""

    seat: int | None = None
    since: int = 0  # the log index the recap starts at
    count: int = 0  # the actions it lists
    step: int | None = None  # the action shown alone (None: all of them)
    game: Any = None  # the game and its move count when it opened (a move hides it)
    moves: int = 0
    seen: dict[int, int] = field(default_factory=dict)  # seat -> log length it was shown


class RecapController(Controller):
    """Opens, steps through and closes the recap."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = RecapState()

    def actions(self) -> Actions:
        return {"recap_next": self.next, "recap_prev": self.prev,
                "recap_step": self.step, "recap_close": self.close}

    def start(self, seat: int | None) -> None:
        """Open the recap of what the others did since ``seat`` last acted (nothing when
        nobody else did)."""
        game = self.shown.game
        self.state.seat = None
        if game is None or seat is None or seat < 0:
            return
        log = game.state.log
        since = recap_since(log, seat, self.state.seen.get(seat, 0))
        count = len(recap_actions(log, seat, since))
        self.state.seen[seat] = len(log)
        if count:
            self.state.seat, self.state.since, self.state.count = seat, since, count
            self.state.step, self.state.game, self.state.moves = None, game, len(game.moves)

    def is_open(self) -> bool:
        """Whether the recap shows: opened for the seat on screen, the game unmoved."""
        state, shown = self.state, self.shown
        return (state.seat is not None and shown.game is state.game
                and len(shown.game.moves) == state.moves and shown.screen == "game"
                and shown.viewer == state.seat)

    def next(self, data: dict[str, Any]) -> None:
        """Show the next action alone (from the list: the first)."""
        if self.is_open():
            step = self.state.step
            self.state.step = 0 if step is None else min(step + 1, self.state.count - 1)

    def prev(self, data: dict[str, Any]) -> None:
        """Show the action before (from the first: the whole list again)."""
        if self.is_open():
            step = self.state.step
            self.state.step = None if not step else step - 1

    def step(self, data: dict[str, Any]) -> None:
        """Show the action of a clicked line alone."""
        try:
            index = int(data.get("index", -1))
        except (TypeError, ValueError):
            return
        if self.is_open() and 0 <= index < self.state.count:
            self.state.step = index

    def close(self, data: dict[str, Any]) -> None:
        """Skip or close the recap."""
        self.state.seat = None

    def snapshot(self) -> RecapShown | None:
        """What the screen shows of the recap (None: nothing)."""
        state = self.state
        if not self.is_open() or state.seat is None:
            return None
        return RecapShown(seat=state.seat, since=state.since, step=state.step)
