"""The page's controller: which screen shows, what a click does, and saving.

``App.handle(action, data)`` is called by the single delegated listener with the
``data-action`` of what was clicked and its ``data-*`` values (or a form's fields);
``App.render()`` returns the HTML of each page region. No DOM here: the whole
front end can be driven and tested in CPython.
"""
from __future__ import annotations

import copy
import os
from collections.abc import Callable
from typing import Any

from tm.core.errors import IllegalMove, SaveError
from tm.core.state import Options
from tm.game import Game
from tm.prompts.contract import Choice
from tm.web import screens
from tm.web.alerts import Fault, render_alerts
from tm.web.app_bots import BotActions, BotState
from tm.web.app_hand import HandActions
from tm.web.app_linkplay import LinkPlayActions
from tm.web.app_share import Replay, ShareActions, rules_notice
from tm.web.app_stage import Spare, Stage, default_payment, starts_action
from tm.web.app_tabs import Saving, TabActions
from tm.web.board_preview import board_names
from tm.web.error_text import error_text
from tm.web.i18n import t
from tm.web.log_html import LOG_DEPTH, log_depth_after
from tm.web.model import PendingPrompt, ViewCache, screen_of
from tm.web.regions import drawn_unseen
from tm.web.saves import SaveMeta, SaveStore, Storage, entry_text, parse_entry

COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "black")
MAX_NAME = 40
SEED_BITS = 53  # a seed the page draws: too many to try every one against a hand dealt


def fresh_seed(entropy: Callable[[int], bytes] = os.urandom) -> int:
    """A seed drawn from the system's randomness (in Pyodide ``os.urandom`` is the
    browser's ``crypto.getRandomValues``), never from the clock: nothing a player sees,
    such as the time a game began, leads to it."""
    return int.from_bytes(entropy(8), "big") >> (64 - SEED_BITS)


class App(BotActions, LinkPlayActions, TabActions, ShareActions, HandActions):
    """The state of the page (never the game's rules: those live in the engine)."""

    def __init__(self, storage: Storage, clock: Callable[[], float], base_url: str = "") -> None:
        self.store = SaveStore(storage)
        self.clock = clock
        self.entropy: Callable[[int], bytes] = os.urandom  # seeds of new games (tests: fixed)
        self.base_url = base_url
        self.redo_moves: list[list[Any]] = []
        self.share_link: str | None = None
        self.show_scores = False
        self.from_link = False
        self.replay: Replay | None = None
        self.screen = "start"
        self.game: Game | None = None
        self.save_id: str | None = None
        self.meta = SaveMeta()
        self.viewer: int | None = None
        self.notice: str | None = None
        self.notice_rule = ""  # the rule a refused move broke (the notice links to it)
        self.info: str | None = None  # a note in plain words (not an error), e.g. rules changed
        self.form: dict[str, str] = {"players": "2"}
        self.saving = Saving()  # the shown game against the store (other tabs, a full store)
        self.leaving = False  # asking before leaving a game whose last moves are not saved
        self.fault: Fault | None = None  # an unexpected error the page's guard caught
        self.busy: str | None = None  # the message key of work in progress
        self.log_depth = LOG_DEPTH  # generations of the log on screen ("earlier" adds more)
        self.stage: Stage | None = None  # an action under way, not yet sent to the game
        self.spare = Spare()  # a copy of the game made ahead for the next action's stage
        self.undo_ask = False  # asking before taking back another player's move
        self.undoing = False  # taking back moves in a row: one hand-off when done
        self.undo_confirmed = False  # in this run, taking back others' moves was confirmed
        self.views = ViewCache()  # the last view, kept while the game does not move
        self.bot_state = BotState()  # the seats bots play (app_bots.py)

    # ------------------------------------------------------------ staging
    def staged(self) -> Stage | None:
        """The action under way on the game shown (a stage of a game since replaced by
        undo, another tab, the menu or a load is void and dropped)."""
        if self.stage is not None and (self.game is None or self.stage.base is not self.game
                                       or self.replay is not None):
            self.stage = None
        return self.stage

    def shown_game(self) -> Game | None:
        """The game on screen: the staged copy while an action is under way."""
        stage = self.staged()
        return stage.game if stage is not None else self.game

    def _on_cancel(self, data: dict[str, Any]) -> None:
        """Drop the action under way: the game never saw it."""
        self.stage = None

    def _on_confirm_action(self, data: dict[str, Any]) -> None:
        """The held action confirmed: it reaches the game."""
        stage = self.staged()
        if stage is not None and stage.held:
            stage.confirm()
            self._commit_stage(stage)

    def _commit_stage(self, stage: Stage) -> None:
        self.game, self.stage = stage.game, None
        self._committed()

    # ------------------------------------------------------------ decisions
    def current(self) -> tuple[int, PendingPrompt] | None:
        """The decision to show: the viewer's if they have one, else the lowest seat's."""
        game = self.shown_game()
        if game is None or game.is_over:
            return None
        stage = self.staged()
        if stage is not None and stage.held:
            return None  # the action waits for its Confirm, not for a choice
        if stage is not None:
            prompt = game.prompt_for(stage.player)
            if prompt is not None:
                return stage.player, prompt
        pending = [(p, q) for p, q in game.pending if not self.is_bot(p)]  # bots: app_bots
        if self.by_link():  # each device answers only its own seat's decisions
            return self.seat_decision(pending)
        for player, prompt in pending:
            if player == self.viewer:
                return player, prompt
        return pending[0] if pending else None

    def _humans(self) -> int:
        return len(self.person_seats())

    def _refresh_screen(self) -> None:
        if self.game is None:
            self.screen = "start"
            return
        if self.replay is not None:
            self.screen = "replay"
            return
        linkplay = self.linkplay_screen()  # played by link: this device's seat, always
        if linkplay is not None:
            self.screen = linkplay
            return
        decision = self.current()
        if decision is None:
            self.screen = "game"
            if self._humans() == 1:  # a bot decides: the one person goes on watching
                self.viewer = self.person_seats()[0]
            return
        player = decision[0]
        if self._humans() == 1:
            self.viewer = player
        if player != self.viewer and not self.undoing:
            self.screen = "handoff"
        else:
            self.screen = "game"

    # ------------------------------------------------------------ actions
    def handle(self, action: str, data: dict[str, Any]) -> None:
        """Do what a click or form asks; errors become a notice, never a crash."""
        handler = getattr(self, f"_on_{action}", None)
        if handler is None:
            return
        self.flush_save()
        self.notice = self.info = None
        self.notice_rule = ""
        self.leaving = False
        if action not in UNDO_ACTIONS:
            self.undo_ask = self.undoing = self.undo_confirmed = False
        self.forget_glances()
        try:
            handler(data)
        except IllegalMove as error:
            self.notice = t("app.error", reason=error_text(error))
            self.notice_rule = error.rule
        except SaveError as error:
            self.notice = t("saved.bad", reason=error_text(error))
        self._refresh_screen()

    def _on_form(self, data: dict[str, Any]) -> None:
        self.form = {k: str(v) for k, v in data.items()}  # unticked boxes are simply absent

    def _on_new_game(self, data: dict[str, Any]) -> None:
        self.form.update({k: str(v) for k, v in data.items()})
        if self.bots_refused(data):  # (app_bots: no bots in a game played by link)
            return
        options, colours = self._options_from(data)
        self.game = Game.new(options)
        self.save_id = self._new_save_id(self.entropy(4).hex())  # (never the seed: ids show)
        self.redo_moves, self.from_link, self.replay = [], False, None
        self.meta = SaveMeta(names=list(options.names), colours=colours)
        self.viewer = None
        self.start_by_link(data)
        self._autosave()

    def _options_from(self, data: dict[str, Any]) -> tuple[Options, list[str]]:
        players = max(1, min(5, int(data.get("players") or 2)))
        names = [(str(data.get(f"name_{i}") or "").strip()[:MAX_NAME]
                  or t("start.player_n", n=i + 1)) for i in range(players)]
        colours = [str(data.get(f"colour_{i}") or COLOURS[i]) for i in range(players)]
        colours = [c if c in COLOURS else COLOURS[i] for i, c in enumerate(colours)]
        seed_text = str(data.get("seed") or "").strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else fresh_seed(self.entropy)
        bots = self.seats_from_form(data, players)
        names = self.named_bots(data, names, bots)
        options = Options(players=players, seed=seed, names=names,
                          bots=bots if any(bots) else [],
                          bot_seed=fresh_seed(self.entropy) if any(bots) else 0,  # (its own draw)
                          expansions=_expansions(data),
                          draft=_checked(data, "draft"),
                          strict_undo=_checked(data, "strict_undo"),
                          board=_board(data),
                          beginners=[i for i in range(players) if _checked(data, f"beginner_{i}")])
        return options, colours

    def _on_choose(self, data: dict[str, Any]) -> None:
        decision = self.current()
        if decision is None:
            return
        player, prompt = decision
        choices = self.views.listed(self.shown_game(), player)
        if choices is None:
            choices = [c.to_dict() for c in prompt.choices()]
        index = int(data.get("index", -1))
        if not 0 <= index < len(choices):
            return
        self._respond(player, copy.deepcopy(choices[index]))  # (the view's stays as listed)

    def _on_place(self, data: dict[str, Any]) -> None:
        """A legal space clicked on the board: its listed choice, through its row's listed
        choice first when the placement lists rows (many legal spaces)."""
        decision = self.current()
        space = data.get("space")
        if decision is None or decision[1].kind != "space":
            return
        player, prompt = decision
        if space not in prompt.data["spaces"]:
            return
        row = next((c for c in prompt.choices() if c.type == "region"
                    and space in c.label["spaces"]), None)
        if row is not None:
            self._respond(player, row.to_dict())  # (the held action words its steps)
            game = self.shown_game()
            assert game is not None
            prompt = game.prompt_for(player) or prompt
        spot = next(c for c in prompt.choices() if c.get("space") == space)
        self._respond(player, spot.to_dict())

    def _on_log_earlier(self, data: dict[str, Any]) -> None:
        """Show earlier generations of the log."""
        self.log_depth = log_depth_after(self.log_depth)

    def prepare_reveal(self) -> None:
        """While the hand-off shows, draw the next player's screen ahead and throw it away:
        their view and the regions drawn from it are kept (:class:`ViewCache`,
        :mod:`tm.web.regions`), so the reveal draws little. Nothing is shown."""
        decision = self.current() if self.screen == "handoff" else None
        if decision is None:
            return
        shown = self.viewer, self.screen
        self.viewer, self.screen = decision[0], "game"
        try:
            with drawn_unseen():
                self.render()
        finally:
            self.viewer, self.screen = shown

    def prepare_stage(self) -> None:
        """After a frame, when the viewer's next answer would start an action: the copy
        that action's stage needs, made ahead (:class:`Spare`). Nothing is shown."""
        game = self.game
        if game is None or self.screen != "game" or self.replay is not None \
                or self.staged() is not None:
            return
        decision = self.current()
        if decision is not None and not self.is_bot(decision[0]) \
                and starts_action(game, decision[0]):
            self.spare.make(game)

    def _on_reveal(self, data: dict[str, Any]) -> None:
        decision = self.current()
        if decision is not None:
            self.viewer = decision[0]

    def _on_answer_first(self, data: dict[str, Any]) -> None:
        """Test hook: answer the waiting prompt with a listed choice that heads for its end
        (see :func:`finishing_choice`): one move per call, and repeated calls finish."""
        stage = self.staged()
        if stage is not None and stage.held:
            self._on_confirm_action({})
            return
        decision = self.current()
        if decision is None:
            return
        player, prompt = decision
        self.viewer = player
        # One move per call, as tests count them: staged only inside an action under way.
        self._respond(player, finishing_choice(prompt).to_dict(), stage=self.staged() is not None)

    def _respond(self, player: int, response: dict[str, Any], stage: bool = True) -> None:
        """Answer on the staged copy while an action is under way (an answer at the action
        menu starts one); otherwise, or once the action is complete, on the game."""
        assert self.game is not None
        staged = self.staged()
        if staged is None and stage and starts_action(self.game, player):
            staged = Stage.begin(self.game, player, self.spare)
        if staged is None:
            self.game.respond(player, response)
            self._committed()
            return
        staged.respond(response)  # IllegalMove: the copy is unchanged, nothing staged
        self.stage = staged
        if not staged.is_complete():
            default_payment(staged)
        elif staged.needs_confirm():
            staged.hold()
        else:
            self._commit_stage(staged)

    def _committed(self) -> None:
        """After moves reached the game: nothing to redo, a shown link is stale, save."""
        self.redo_moves, self.share_link = [], None
        self._autosave()
        self.record_daily()

    def _new_save_id(self, suffix: str) -> str:
        return f"{int(self.clock())}-{suffix}"

    def _on_menu(self, data: dict[str, Any]) -> None:
        if self.must_ask_before_leaving(data):
            return
        self.game, self.save_id, self.viewer, self.older = None, None, None, None
        self.log_depth = LOG_DEPTH
        self.replay, self.share_link, self.from_link, self.redo_moves = None, None, False, []

    def _on_continue(self, data: dict[str, Any]) -> None:
        save_id = str(data.get("save"))
        try:
            game, meta, text = self.store.read_text(save_id)
        except SaveError as error:
            self.notice = t("saved.bad", reason=error_text(error))
            return
        self._show_saved(save_id, game, meta, text)
        self.viewer, self.replay, self.older = None, None, None
        self.info = rules_notice(self.game)
        self.strict_daily()  # (a challenge begun before its undo was strict)

    def _on_delete(self, data: dict[str, Any]) -> None:
        self.store.delete(str(data.get("save")))

    def _on_import(self, data: dict[str, Any]) -> None:
        if "text" not in data:  # refused unread by the page: larger than any saved game
            size = float(data.get("size") or 0) / (1 << 20)
            self.notice = t("import.too_large", size=f"{size:.1f}")
            return
        try:
            meta, save = parse_entry(str(data.get("text") or ""))
            game = Game.from_save(save)
        except SaveError as error:
            self.notice = t("import.bad", reason=error_text(error))
            return
        self.game, self.meta, self.viewer = game, meta, None
        self.save_id = self._new_save_id("import")
        self.redo_moves, self.from_link, self.replay = [], False, None
        self.info = rules_notice(game)
        self._autosave()

    def export_text(self) -> str | None:
        """The current game as a file's text (same format as a stored entry)."""
        if self.game is None:
            return None
        return entry_text(self.game, self.meta)

    # ------------------------------------------------------------ rendering
    def render(self) -> dict[str, str]:
        """HTML for each page region: the screen model (built from ``game.view()`` once),
        rendered; the page's own notices (#alerts) first, drawn even when the screen cannot be."""
        return {"alerts": render_alerts(self), "app": screens.render_app(screen_of(self))}


# Actions that go on with taking back moves (any other ends the run and its question).
UNDO_ACTIONS = frozenset({"undo", "undo_confirm", "undo_keep", "redo", "toggle_scores",
                          "share", "close_share"})


def finishing_choice(prompt: PendingPrompt) -> Choice:
    """A listed choice that brings the decision to its end (the test hook's answer).

    ``done`` / ``confirm`` when listed; in a payment, the most useful amount of each
    resource in turn, highest rate first (only ever upwards, so it ends); else the first.
    """
    choices = prompt.choices()
    for choice in choices:
        if choice.type in ("done", "confirm"):
            return choice
    if prompt.kind == "pay":
        use, rates = prompt.data["use"], prompt.data["rates"]
        for resource in sorted(use, key=lambda r: -int(rates[r])):
            ups = [c for c in choices if c.type == "use" and c["resource"] == resource
                   and c["amount"] > use[resource]]
            if ups:
                return max(ups, key=lambda c: int(c["amount"]))
    return choices[0]


def _checked(data: dict[str, Any], name: str) -> bool:
    return str(data.get(name, "")).lower() in ("on", "true", "1", "yes")


EXPANSION_BOXES = (("corporate_era", "corpera"), ("prelude", "prelude"),
                   ("colonies", "colonies"))  # form box, name


def _expansions(data: dict[str, Any]) -> list[str]:
    """The expansions the new-game form ticks."""
    return [name for box, name in EXPANSION_BOXES if _checked(data, box)]


def _board(data: dict[str, Any]) -> str:
    """The board the form names, if the engine ships it (else the first)."""
    chosen = str(data.get("board") or "")
    return chosen if chosen in board_names() else board_names()[0]
