"""The start screen's side of the page: a new game from the form, the saved games
(continue, delete, import) and back to the menu: the games controller of
:class:`tm.web.app.App`."""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tm.core.errors import SaveError
from tm.core.state import Options
from tm.game import Game
from tm.web.app_base import Actions, Controller, Host
from tm.web.app_bots import BotsController
from tm.web.app_linkplay import LinkPlayController
from tm.web.app_play import PlayController
from tm.web.app_recap import opened_seat
from tm.web.app_share import rules_notice
from tm.web.app_tabs import TabsController
from tm.web.board_preview import board_names
from tm.web.error_text import error_text
from tm.web.expansions.pages import SWITCHES
from tm.web.i18n import t
from tm.web.log_html import LOG_DEPTH
from tm.web.saves import SaveMeta, entry_text, parse_entry
from tm.web.seatmove import FORMAT as MOVE_FORMAT

COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "black")
MAX_NAME = 40
SEED_BITS = 53  # a seed the page draws: too many to try every one against a hand dealt
EXPANSION_BOXES = SWITCHES  # form box, name (the page manifests' switches, in load order)


def fresh_seed(entropy: Callable[[int], bytes] = os.urandom) -> int:
    """A seed drawn from the system's randomness (in Pyodide ``os.urandom`` is the
    browser's ``crypto.getRandomValues``), never from the clock: nothing a player sees,
    such as the time a game began, leads to it."""
    return int.from_bytes(entropy(8), "big") >> (64 - SEED_BITS)


@dataclass
class GamesState:
    """The games controller's own state: the new-game form as last filled in."""

    form: dict[str, str] = field(default_factory=lambda: {"players": "2"})


class GamesController(Controller):
    """New game, saved games, import, the menu."""

    def __init__(self, host: Host, bots: BotsController, linkplay: LinkPlayController,
                 play: PlayController, tabs: TabsController) -> None:
        super().__init__(host)
        self.state = GamesState()
        self.bots, self.linkplay, self.play, self.tabs = bots, linkplay, play, tabs

    def actions(self) -> Actions:
        return {"form": self.form, "new_game": self.new_game, "menu": self.menu,
                "continue": self.continue_saved, "delete": self.delete,
                "import": self.import_file}

    def form(self, data: dict[str, Any]) -> None:
        self.state.form = {k: str(v) for k, v in data.items()}  # unticked boxes are absent

    def new_game(self, data: dict[str, Any]) -> None:
        self.state.form.update({k: str(v) for k, v in data.items()})
        if self.bots.bots_refused(data):  # (no bots in a game played by link)
            return
        options, colours = self.options_from(data)
        shown = self.shown
        try:
            game = Game.new(options)
        except ValueError as error:  # (a sealed game with the draft)
            shown.notice = t("sealed.refused", reason=error_text(error))
            return
        shown.game = game
        shown.save_id = self.host.new_save_id(self.host.entropy(4).hex())  # (never the seed)
        shown.redo_moves, shown.from_link, shown.replay = [], False, None
        shown.meta = SaveMeta(names=list(options.names), colours=colours)
        shown.viewer = None
        self.linkplay.start_by_link(data)
        self.host.autosave()

    def options_from(self, data: dict[str, Any]) -> tuple[Options, list[str]]:
        """The game's options and the seats' colours the new-game form asks for."""
        players = max(1, min(5, int(data.get("players") or 2)))
        names = [(str(data.get(f"name_{i}") or "").strip()[:MAX_NAME]
                  or t("start.player_n", n=i + 1)) for i in range(players)]
        colours = [str(data.get(f"colour_{i}") or COLOURS[i]) for i in range(players)]
        colours = [c if c in COLOURS else COLOURS[i] for i, c in enumerate(colours)]
        seed_text = str(data.get("seed") or "").strip()
        entropy = self.host.entropy
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else fresh_seed(entropy)
        bots = self.bots.seats_from_form(data, players)
        names = self.bots.named_bots(data, names, bots)
        options = Options(players=players, seed=seed, names=names,
                          bots=bots if any(bots) else [],
                          bot_seed=fresh_seed(entropy) if any(bots) else 0,  # (its own draw)
                          expansions=_expansions(data),
                          draft=_checked(data, "draft"),
                          sealed=_checked(data, "sealed") and _checked(data, "by_link")
                          and players > 1,
                          strict_undo=_checked(data, "strict_undo"),
                          board=_board(data),
                          beginners=[i for i in range(players) if _checked(data, f"beginner_{i}")])
        return options, colours

    def menu(self, data: dict[str, Any]) -> None:
        if self.tabs.must_ask_before_leaving(data):
            return
        shown = self.shown
        shown.game, shown.save_id, shown.viewer, self.linkplay.state.older = None, None, None, None
        self.play.state.log_depth = LOG_DEPTH
        self.play.state.open_tableaux = frozenset()
        shown.replay, shown.share_link, shown.from_link, shown.redo_moves = None, None, False, []

    def continue_saved(self, data: dict[str, Any]) -> None:
        """Open a saved game; after a reload, with the action that was under way in it
        (``staged``: kept by the tab, see PlayController.stage_record)."""
        self.open_saved(str(data.get("save")))
        staged = data.get("staged")

        def restage() -> None:  # (once the game is shown: a sealed one is rebuilt first)
            if isinstance(staged, str) and self.shown.save_id == str(data.get("save")):
                self.host.restore_stage(staged)
        self.host.jobs.after(restage)

    def open_saved(self, save_id: str) -> None:
        """Show the saved game ``save_id`` (a notice when it cannot be read)."""
        shown = self.shown
        if self.host.sealed_open_saved(save_id):  # rebuilt from this device's record
            shown.replay, self.linkplay.state.older = None, None
            return
        try:
            game, meta, text = self.host.store.read_text(save_id)
        except SaveError as error:
            shown.notice = t("saved.bad", reason=error_text(error))
            return
        self.tabs.show_saved(save_id, game, meta, text)
        shown.viewer, shown.replay, self.linkplay.state.older = None, None, None
        shown.info = rules_notice(shown.game)
        self.linkplay.strict_daily()  # (a challenge begun before its undo was strict)
        self.host.start_recap(opened_seat(shown.game, shown.meta))  # (unread after a reload)

    def delete(self, data: dict[str, Any]) -> None:
        self.host.store.delete(str(data.get("save")))

    def import_file(self, data: dict[str, Any]) -> None:
        shown = self.shown
        if "text" not in data:  # refused unread by the page: larger than any saved game
            size = float(data.get("size") or 0) / (1 << 20)
            shown.notice = t("import.too_large", size=f"{size:.1f}")
            return
        text = str(data.get("text") or "")
        if text.strip().startswith("s=") or "#s=" in text:  # a sealed game's link, as a file
            self.host.open_sealed_link(text.strip().split("#", 1)[-1])
            return
        if is_move_file(text):  # a sealed seat moved from another device: its passphrase
            self.host.open_seat_file(text)
            return
        try:
            meta, save = parse_entry(text)
            game = Game.from_save(save)
        except SaveError as error:
            shown.notice = t("import.bad", reason=error_text(error))
            return
        shown.game, shown.meta, shown.viewer = game, meta, None
        shown.save_id = self.host.new_save_id("import")
        shown.redo_moves, shown.from_link, shown.replay = [], False, None
        shown.info = rules_notice(game)
        self.host.autosave()

    def export_text(self) -> str | None:
        """The current game as a file's text (same format as a stored entry)."""
        if self.shown.game is None:
            return None
        return entry_text(self.shown.game, self.shown.meta)


def is_move_file(text: str) -> bool:
    """Whether a file's text is a sealed seat's move file (tm.web.seatmove; locked by
    static/seatkeys.mjs, which reads the rest)."""
    head = text.lstrip()[:80]
    return head.startswith("{") and f'"format":"{MOVE_FORMAT}"' in head.replace(" ", "")


def _checked(data: dict[str, Any], name: str) -> bool:
    return str(data.get(name, "")).lower() in ("on", "true", "1", "yes")


def _expansions(data: dict[str, Any]) -> list[str]:
    """The expansions the new-game form ticks."""
    return [name for box, name in EXPANSION_BOXES if _checked(data, box)]


def _board(data: dict[str, Any]) -> str:
    """The board the form names, if the engine ships it (else the first)."""
    chosen = str(data.get("board") or "")
    return chosen if chosen in board_names() else board_names()[0]
