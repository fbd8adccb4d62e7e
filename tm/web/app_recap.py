"""The recap of the others' moves: when it opens, stepping through it, closing it.

It opens for a seat (:meth:`RecapController.start`) when a link of a game played by link
opens or its seat is chosen, when the hand-off reveals the next player, when the bots'
turns end with a person to decide, and when a saved game opens again (a reload): only when
other players acted since that seat last acted and since the recap it last closed. It
stays while the game stands still and that seat's screen shows: the next move, an undo,
another seat or another game hides it.

What a seat has read is kept on this device, outside the saves (:class:`RecapMemory`): a
recap skipped or closed does not come back, not even after a reload; one still open when
the page reloads shows again, as the player has not finished with it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tm.core.values import is_int
from tm.persist import safejson
from tm.web.app_base import Actions, Controller, Host, person_seats
from tm.web.model import RecapShown
from tm.web.recap import recap_actions, recap_since
from tm.web.saves import SaveMeta, Storage

if TYPE_CHECKING:
    from tm.game import Game

MEMORY_KEY = "tm:recap"  # {save id: {seat: log index read up to}}, the newest game last
MEMORY_GAMES = 60  # games remembered (older ones forgotten: their recap may show once more)


class RecapMemory:
    """How far each seat of each saved game has read the log, in the App's Storage (a
    game not saved on this device, a link's copy, is remembered until the page closes)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.unsaved: dict[int, int] = {}

    def read(self, save_id: str | None, seat: int) -> int:
        """The log index ``seat`` has read up to (0: nothing read)."""
        if save_id is None:
            return self.unsaved.get(seat, 0)
        seen = self._all().get(save_id, {}).get(str(seat), 0)
        return seen if is_int(seen) else 0

    def write(self, save_id: str | None, seat: int, upto: int) -> None:
        """Note that ``seat`` has read the log up to ``upto`` (a full store: not kept)."""
        if save_id is None:
            self.unsaved[seat] = upto
            return
        games = self._all()
        game = games.pop(save_id, {})
        games[save_id] = {**game, str(seat): upto}
        kept = dict(list(games.items())[-MEMORY_GAMES:])
        try:
            self.storage.set(MEMORY_KEY, json.dumps(kept, separators=(",", ":")))
        except Exception:  # (a full store: the saves come first; the recap may show again)
            pass

    def _all(self) -> dict[str, dict[str, Any]]:
        try:
            raw = safejson.loads(self.storage.get(MEMORY_KEY) or "{}")
        except Exception:  # (damaged: nothing read, rewritten by the next close)
            return {}
        if not isinstance(raw, dict):
            return {}
        return {str(k): v for k, v in raw.items() if isinstance(v, dict)}


def opened_seat(game: Game | None, meta: SaveMeta) -> int | None:
    """Whose recap a saved game shows as it opens: this device's seat in a game played by
    link, the one person against bots; None between people (the hand-off's reveal opens
    it for the next player)."""
    if meta.link_id:
        return meta.seat if meta.seat >= 0 else None
    people = person_seats(game)
    return people[0] if len(people) == 1 else None


@dataclass
class RecapState:
    """The open recap (``seat`` None: closed)."""

    seat: int | None = None
    since: int = 0  # the log index the recap starts at
    upto: int = 0  # the log's length when it opened (read up to there once closed)
    count: int = 0  # the actions it lists
    step: int | None = None  # the action shown alone (None: all of them)
    on_board: bool = False  # the board shows the stepped action (the dock at the foot)
    game: Any = None  # the game and its move count when it opened (a move hides it)
    moves: int = 0
    save_id: str | None = None  # the saved game it belongs to (what was read is kept there)
    setup: bool = False  # the others' setup and preludes recapped too (played by link)


class RecapController(Controller):
    """Opens, steps through and closes the recap."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = RecapState()
        self.memory = RecapMemory(host.store.storage)

    def actions(self) -> Actions:
        return {"recap_next": self.next, "recap_prev": self.prev,
                "recap_step": self.step, "recap_show": self.show,
                "recap_back": self.back, "recap_close": self.close}

    def start(self, seat: int | None) -> None:
        """Open the recap of what the others did since ``seat`` last acted and since the
        recap it last closed (nothing when nobody else did)."""
        game, save_id = self.shown.game, self.shown.save_id
        self.state.seat = None
        if game is None or seat is None or seat < 0:
            return
        log = game.state.log
        seen = self.memory.read(save_id, seat)
        since = recap_since(log, seat, seen if seen <= len(log) else 0)  # (a shorter log: undone)
        setup = bool(self.shown.meta.link_id)  # (its setup made on other devices)
        count = len(recap_actions(log, seat, since, setup))
        if count:
            self.state = RecapState(seat=seat, since=since, upto=len(log), count=count,
                                    game=game, moves=len(game.moves), save_id=save_id,
                                    setup=setup)

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
            self.state.on_board = self.state.on_board and self.state.step is not None

    def step(self, data: dict[str, Any]) -> None:
        """Show the action of a clicked line alone."""
        index = _index(data)
        if self.is_open() and 0 <= index < self.state.count:
            self.state.step = index

    def show(self, data: dict[str, Any]) -> None:
        """Show an action alone with the board brought to its spaces (the page scrolls) and
        the dock at the foot of the window."""
        index = _index(data)
        if self.is_open() and 0 <= index < self.state.count:
            self.state.step, self.state.on_board = index, True

    def back(self, data: dict[str, Any]) -> None:
        """From the board back to the list (the page scrolls to it)."""
        self.state.on_board = False

    def close(self, data: dict[str, Any]) -> None:
        """Skip or close the recap: what it listed counts as read, on this device."""
        state = self.state
        if self.is_open() and state.seat is not None:
            self.memory.write(state.save_id, state.seat, state.upto)
        state.seat, state.on_board = None, False

    def snapshot(self) -> RecapShown | None:
        """What the screen shows of the recap (None: nothing)."""
        state = self.state
        if not self.is_open() or state.seat is None:
            return None
        return RecapShown(seat=state.seat, since=state.since, step=state.step,
                          on_board=state.on_board and state.step is not None,
                          setup=state.setup)


def _index(data: dict[str, Any]) -> int:
    try:
        return int(data.get("index", -1))
    except (TypeError, ValueError):
        return -1
