"""Saving safely beside other tabs, leaving with unsaved moves, and recovering from an
unexpected error: a mixin of :class:`tm.web.app.App`.

Every tab of the site shares one localStorage. A tab writes its game only when the stored
entry is the very text it last wrote or read (it holds the newest version) or when the
stored moves are the first moves of its own (it only adds to them); otherwise another tab
has played on, and this tab says so and lets the player load the newer game or keep this one
as a separate copy. Tabs hear each other's writes (the ``storage`` event, :meth:`heard`): a
tab with nothing unsaved simply shows the newer game.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tm.core.errors import IllegalMove, SaveError
from tm.game import Game
from tm.web.alerts import Fault
from tm.web.error_text import error_text
from tm.web.i18n import t
from tm.web.saves import PREFIX, SaveMeta, StorageFull, entry_text_of, extends, parse_entry

if TYPE_CHECKING:
    from tm.web.app_share import Replay
    from tm.web.saves import SaveStore


@dataclass
class Saving:
    """How the game of one save id stands against the store (a new id starts afresh)."""

    save_id: str | None = None
    stored: str | None = None  # the entry text this tab last wrote or read
    unsaved: str | None = None  # why the last moves are not saved: "full", "newer", "deleted"
    conflict: str | None = None  # another tab "newer" / "deleted" it: asking what to do


class TabActions:
    """Multi-tab saving, the question before leaving, the guard's recovery."""

    game: Game | None
    meta: SaveMeta
    store: SaveStore
    save_id: str | None
    viewer: int | None
    notice: str | None
    info: str | None
    screen: str
    redo_moves: list[list[Any]]
    share_link: str | None
    from_link: bool
    replay: Replay | None
    saving: Saving
    leaving: bool  # asking before leaving a game with unsaved moves
    fault: Fault | None
    busy: str | None  # the message key of work in progress
    clock: Callable[[], float]

    def _new_save_id(self, suffix: str) -> str:
        raise NotImplementedError

    def _refresh_screen(self) -> None:
        raise NotImplementedError

    def save_state(self) -> Saving:
        """The saving state of the game shown (fresh whenever the save id changed)."""
        if self.saving.save_id != self.save_id:
            self.saving = Saving(self.save_id)
        return self.saving

    # ------------------------------------------------------------ saving
    # The page puts saving off until the new screen is drawn (writing a late game's save
    # costs more than drawing the move); anything the App does next saves first.
    defer_saves = False
    save_due = False

    def _autosave(self) -> None:
        """Store the current game unless another tab has played on (see the module); with
        ``defer_saves``, at the next :meth:`flush_save`."""
        if self.defer_saves:
            self.save_due = True
            return
        self._save_now()

    def flush_save(self) -> None:
        """Write the save put off by ``defer_saves``, if any."""
        if self.save_due:
            self.save_due = False
            self._save_now()

    def _save_now(self) -> None:
        if self.game is None or self.save_id is None or self.from_link:
            return
        saving = self.save_state()
        self.meta.generation = self.game.state.generation
        self.meta.updated = self.clock()
        self.meta.over = self.game.is_over
        if saving.conflict is not None:  # the player has not said yet what to do
            saving.unsaved = saving.conflict
            return
        save = self.game.to_save()
        current = self.store.raw(self.save_id)
        if current is None and saving.stored is not None:
            saving.conflict = saving.unsaved = "deleted"
            return
        if current is not None and current != saving.stored and not extends(save, current):
            saving.conflict = saving.unsaved = "newer"
            return
        text = entry_text_of(save, self.meta)
        try:
            self.store.write_text(self.save_id, text)
        except StorageFull:
            self.notice = t("app.storage_full")
            saving.unsaved = "full"
            return
        saving.stored, saving.unsaved = text, None

    def _show_saved(self, save_id: str, game: Game, meta: SaveMeta, text: str) -> None:
        """Show a game just read from the store, as stored."""
        self.game, self.meta, self.save_id = game, meta, save_id
        self.saving = Saving(save_id, stored=text)
        self.redo_moves, self.share_link, self.from_link = [], None, False
        self.leaving = False

    # ------------------------------------------------------------ other tabs
    def heard(self, key: str | None, value: str | None) -> bool:
        """Another tab changed ``key`` to ``value`` (None: removed; key None: the whole
        store cleared). Whether the page must be drawn again."""
        self.flush_save()
        if key is not None and not key.startswith(PREFIX):
            return False
        if self.game is None or self.save_id is None or self.from_link:
            return True  # the saved-games list may have changed
        if key is not None and key != PREFIX + self.save_id:
            return True
        saving = self.save_state()
        if value is not None and value == saving.stored:
            return False
        if saving.unsaved is not None or saving.conflict is not None or value is None:
            saving.conflict = saving.conflict or ("deleted" if value is None else "newer")
            saving.unsaved = saving.unsaved or saving.conflict
            self._refresh_screen()
            return True
        try:
            meta, save = parse_entry(value)
            game = self._caught_up(saving, save) or Game.from_save(save)
        except SaveError:
            saving.conflict = saving.unsaved = "newer"  # this tab's copy stays on screen
        else:
            viewer, replay = self.viewer, self.replay
            self._show_saved(self.save_id, game, meta, value)
            self.viewer, self.replay = viewer, replay
            self.info = t("tabs.updated")
        self._refresh_screen()
        return True

    def _caught_up(self, saving: Saving, save: dict[str, Any]) -> Game | None:
        """The shown game with only the moves another tab added (a long game is not
        replayed from its start on every move played elsewhere); None when the save does
        not simply extend what this tab stored, or does not lead to its checksum."""
        if self.game is None or saving.stored is None or save.get("base") is not None:
            return None
        try:
            _, older = parse_entry(saving.stored)
            known, moves = older["moves"], save["moves"]
            if (older.get("options") != save.get("options") or len(moves) < len(known)
                    or moves[:len(known)] != known
                    or json.loads(json.dumps(self.game.moves)) != known):
                return None
            game = self.game.copy()
            for player, response in moves[len(known):]:
                game.respond(player, response)
        except (SaveError, IllegalMove, TypeError, ValueError, KeyError, IndexError):
            return None
        return game if game.digest() == save.get("checksum") else None

    def _on_tabs_reload(self, data: dict[str, Any]) -> None:
        if self.save_id is None:
            return
        save_id = self.save_id
        try:
            game, meta, text = self.store.read_text(save_id)
        except SaveError as error:
            self.notice = t("saved.bad", reason=error_text(error))
            return
        self._show_saved(save_id, game, meta, text)
        self.viewer, self.replay = None, None

    def _on_tabs_copy(self, data: dict[str, Any]) -> None:
        if self.game is None or self.from_link:
            return
        self.save_id = self._new_save_id("copy")
        self.meta.link_id, self.meta.seat = "", -1  # a copy is this device's own game
        self._autosave()
        if self.save_state().unsaved is None:
            self.info = t("tabs.copied")

    # ------------------------------------------------------------ leaving
    def _on_stay(self, data: dict[str, Any]) -> None:
        self.leaving = False

    def must_ask_before_leaving(self, data: dict[str, Any]) -> bool:
        """Leaving a game whose last moves are not saved asks first."""
        if self.game is not None and self.save_state().unsaved is not None and not data.get(
                "force"):
            self.leaving = True
            return True
        return False

    # ------------------------------------------------------------ the guard's recovery
    def _on_dismiss_fault(self, data: dict[str, Any]) -> None:
        self.fault = None

    def recover(self) -> None:
        """After an unexpected error: nothing in progress, the screen as the state says."""
        self.busy, self.leaving = None, False
        self._refresh_screen()

    def abandon(self) -> None:
        """When even that cannot be drawn: back to the start screen (the game is saved, or
        was a link's)."""
        self.busy, self.leaving = None, False
        self.game, self.replay, self.save_id, self.viewer = None, None, None, None
        self.share_link, self.from_link, self.redo_moves = None, False, []
        self.screen = "start"
