"""Saving safely beside other tabs, leaving with unsaved moves, and recovering from an
unexpected error: the saving controller of :class:`tm.web.app.App`.

Every tab of the site shares one localStorage. A tab writes its game only when the stored
entry is the very text it last wrote or read (it holds the newest version) or when the
stored moves are the first moves of its own (it only adds to them); otherwise another tab
has played on, and this tab says so and lets the player load the newer game or keep this one
as a separate copy. Tabs hear each other's writes (the ``storage`` event, :meth:`heard`): a
tab with nothing unsaved simply shows the newer game.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tm.core.errors import IllegalMove, SaveError
from tm.game import Game
from tm.web.alerts import Alerts, Fault
from tm.web.app_base import Actions, Controller, Host
from tm.web.error_text import error_text
from tm.web.i18n import t
from tm.web.saves import PREFIX, SaveMeta, StorageFull, entry_text_of, extends, parse_entry


@dataclass
class Saving:
    """How the game of one save id stands against the store (a new id starts afresh)."""

    save_id: str | None = None
    stored: str | None = None  # the entry text this tab last wrote or read
    unsaved: str | None = None  # why the last moves are not saved: "full", "newer", "deleted"
    conflict: str | None = None  # another tab "newer" / "deleted" it: asking what to do


@dataclass
class TabsState:
    """The saving controller's own state."""

    saving: Saving = field(default_factory=Saving)
    leaving: bool = False  # asking before leaving a game with unsaved moves
    fault: Fault | None = None  # an unexpected error the page's guard caught
    busy: str | None = None  # the message key of work in progress
    # The page puts saving off until the new screen is drawn (writing a late game's save
    # costs more than drawing the move); anything the App does next saves first.
    defer_saves: bool = False
    save_due: bool = False
    full: bool = False  # the last action was not kept: the store is full (said in #alerts)


class TabsController(Controller):
    """Multi-tab saving, the question before leaving, the guard's recovery."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = TabsState()

    def actions(self) -> Actions:
        return {"tabs_reload": self.reload, "tabs_copy": self.copy, "stay": self.stay,
                "dismiss_fault": self.dismiss_fault}

    def snapshot(self) -> Alerts:
        """What the #alerts region says now."""
        state, saving = self.state, self.save_state()
        return Alerts(fault=state.fault, conflict=saving.conflict, busy=state.busy,
                      progress=self.host.jobs.progress(), full=state.full,
                      leaving=(saving.unsaved or "full") if state.leaving else None)

    def save_state(self) -> Saving:
        """The saving state of the game shown (fresh whenever the save id changed)."""
        if self.state.saving.save_id != self.shown.save_id:
            self.state.saving = Saving(self.shown.save_id)
        return self.state.saving

    # ------------------------------------------------------------ saving
    def autosave(self) -> None:
        """Store the current game unless another tab has played on (see the module); with
        ``defer_saves``, at the next :meth:`flush_save`."""
        if self.state.defer_saves:
            self.state.save_due = True
            return
        self._save_now()

    def flush_save(self) -> None:
        """Write the save put off by ``defer_saves``, if any."""
        if self.state.save_due:
            self.state.save_due = False
            self._save_now()

    def _save_now(self) -> None:
        shown, store = self.shown, self.host.store
        game, save_id = shown.game, shown.save_id
        if game is None or save_id is None or shown.from_link:
            return
        saving = self.save_state()
        shown.meta.generation = game.state.generation
        shown.meta.updated = self.host.clock()
        shown.meta.over = game.is_over
        if saving.conflict is not None:  # the player has not said yet what to do
            saving.unsaved = saving.conflict
            return
        save = game.to_save()
        current = store.raw(save_id)
        if current is None and saving.stored is not None:
            saving.conflict = saving.unsaved = "deleted"
            return
        if current is not None and current != saving.stored and not extends(save, current):
            saving.conflict = saving.unsaved = "newer"
            return
        text = entry_text_of(save, shown.meta)
        try:
            store.write_text(save_id, text)
        except StorageFull:
            shown.notice = t("app.storage_full")
            saving.unsaved = "full"
            return
        saving.stored, saving.unsaved = text, None

    def show_saved(self, save_id: str, game: Game, meta: SaveMeta, text: str) -> None:
        """Show a game just read from the store, as stored."""
        shown = self.shown
        shown.game, shown.meta, shown.save_id = game, meta, save_id
        self.state.saving = Saving(save_id, stored=text)
        shown.redo_moves, shown.share_link, shown.from_link = [], None, False
        self.state.leaving = False

    def stored_as(self, save_id: str, stored: str | None) -> None:
        """The save ``save_id`` is known to hold ``stored`` (written over at the next save)."""
        self.state.saving = Saving(save_id, stored=stored)

    # ------------------------------------------------------------ other tabs
    def heard(self, key: str | None, value: str | None) -> bool:
        """Another tab changed ``key`` to ``value`` (None: removed; key None: the whole
        store cleared). Whether the page must be drawn again."""
        self.flush_save()
        shown = self.shown
        if key is not None and not key.startswith(PREFIX):
            return False
        if shown.game is None or shown.save_id is None or shown.from_link:
            return True  # the saved-games list may have changed
        if key is not None and key != PREFIX + shown.save_id:
            return True
        saving = self.save_state()
        if value is not None and value == saving.stored:
            return False
        if saving.unsaved is not None or saving.conflict is not None or value is None:
            saving.conflict = saving.conflict or ("deleted" if value is None else "newer")
            saving.unsaved = saving.unsaved or saving.conflict
            self.host.refresh_screen()
            return True
        try:
            meta, save = parse_entry(value)
            game = self._caught_up(saving, save) or Game.from_save(save)
        except SaveError:
            saving.conflict = saving.unsaved = "newer"  # this tab's copy stays on screen
        else:
            viewer, replay = shown.viewer, shown.replay
            self.show_saved(shown.save_id, game, meta, value)
            shown.viewer, shown.replay = viewer, replay
            shown.info = t("tabs.updated")
        self.host.refresh_screen()
        return True

    def _caught_up(self, saving: Saving, save: dict[str, Any]) -> Game | None:
        """The shown game with only the moves another tab added (a long game is not
        replayed from its start on every move played elsewhere); None when the save does
        not simply extend what this tab stored, or does not lead to its checksum."""
        shown = self.shown.game
        if shown is None or saving.stored is None or save.get("base") is not None:
            return None
        try:
            _, older = parse_entry(saving.stored)
            known, moves = older["moves"], save["moves"]
            if (older.get("options") != save.get("options") or len(moves) < len(known)
                    or moves[:len(known)] != known
                    or json.loads(json.dumps(shown.moves)) != known):
                return None
            game = shown.copy()
            for player, response in moves[len(known):]:
                game.respond(player, response)
        except (SaveError, IllegalMove, TypeError, ValueError, KeyError, IndexError):
            return None
        return game if game.digest() == save.get("checksum") else None

    def reload(self, data: dict[str, Any]) -> None:
        shown = self.shown
        if shown.save_id is None:
            return
        save_id = shown.save_id
        try:
            game, meta, text = self.host.store.read_text(save_id)
        except SaveError as error:
            shown.notice = t("saved.bad", reason=error_text(error))
            return
        self.show_saved(save_id, game, meta, text)
        shown.viewer, shown.replay = None, None

    def copy(self, data: dict[str, Any]) -> None:
        shown = self.shown
        if shown.game is None or shown.from_link:
            return
        shown.save_id = self.host.new_save_id("copy")
        shown.meta.link_id, shown.meta.seat = "", -1  # a copy is this device's own game
        self.autosave()
        if self.save_state().unsaved is None:
            shown.info = t("tabs.copied")

    # ------------------------------------------------------------ leaving
    def stay(self, data: dict[str, Any]) -> None:
        self.state.leaving = False

    def must_ask_before_leaving(self, data: dict[str, Any]) -> bool:
        """Leaving a game whose last moves are not saved asks first."""
        if self.shown.game is not None and self.save_state().unsaved is not None \
                and not data.get("force"):
            self.state.leaving = True
            return True
        return False

    # ------------------------------------------------------------ the guard's recovery
    def dismiss_fault(self, data: dict[str, Any]) -> None:
        self.state.fault = None

    def recover(self) -> None:
        """After an unexpected error: nothing in progress, the screen as the state says."""
        self.state.busy, self.state.leaving = None, False
        self.host.refresh_screen()

    def abandon(self) -> None:
        """When even that cannot be drawn: back to the start screen (the game is saved, or
        was a link's)."""
        self.state.busy, self.state.leaving = None, False
        shown = self.shown
        shown.game, shown.replay, shown.save_id, shown.viewer = None, None, None, None
        shown.share_link, shown.from_link, shown.redo_moves = None, False, []
        shown.screen = "start"
