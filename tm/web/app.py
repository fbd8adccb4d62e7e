"""The page's controller: which screen shows, what a click does, and saving.

``App.handle(action, data)`` is called by the single delegated listener with the
``data-action`` of what was clicked and its ``data-*`` values (or a form's fields);
``App.render()`` returns the HTML of each page region. No DOM here: the whole
front end can be driven and tested in CPython.

The App owns small controllers (``app_*.py``), each with its own state record and a table
of the actions it handles; :meth:`App.handle` routes an action through those tables (one
no table names raises :class:`UnknownAction`). The App is also the facade through which
the controllers reach one another (:class:`tm.web.app_base.Host`), and it assembles the
screen model from their frozen records (:meth:`App.screen_model`).
"""
from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from tm.core.errors import IllegalMove, SaveError
from tm.game import Game
from tm.persist import sigs
from tm.persist.history import score_history
from tm.web import linkseals
from tm.web.app_base import Handler, Shown, UnknownAction
from tm.web.app_bots import BotsController
from tm.web.app_games import (
    COLOURS,
    EXPANSION_BOXES,
    MAX_NAME,
    SEED_BITS,
    GamesController,
    fresh_seed,
)
from tm.web.app_hand import HandController
from tm.web.app_linkplay import LinkPlayController
from tm.web.app_linkundo import LinkUndoController
from tm.web.app_play import PlayController, finishing_choice
from tm.web.app_recap import RecapController
from tm.web.app_sealed import SealedController, sealed_view
from tm.web.app_share import ShareController
from tm.web.app_stage import Stage, held_steps
from tm.web.app_tabs import TabsController
from tm.web.error_text import error_text
from tm.web.i18n import LANGUAGES, catalog, language, speaking, t
from tm.web.jobs import Jobs
from tm.web.model import (
    GameShown,
    PendingPrompt,
    Screen,
    ShownRecord,
    Tools,
    assemble,
)
from tm.web.model_links import SealedShown
from tm.web.render import Renderer
from tm.web.saves import SaveMeta, SaveStore, Storage

__all__ = ["App", "COLOURS", "EXPANSION_BOXES", "MAX_NAME", "SEED_BITS", "UnknownAction",
           "finishing_choice", "fresh_seed"]


# Actions the page sends by itself, not the player: what is said on screen stays (the
# keys answering after a refused link must not wipe its notice).
UNASKED = frozenset({"sealed", "sealed_audit"})


class App:
    """The state of the page (never the game's rules: those live in the engine)."""

    def __init__(self, storage: Storage, clock: Callable[[], float], base_url: str = "") -> None:
        self.store = SaveStore(storage)
        self.clock = clock
        self.entropy: Callable[[int], bytes] = os.urandom  # seeds of new games (tests: fixed)
        self.base_url = base_url
        self.shown = Shown()
        self.language: str | None = None  # the page's language (None: the default)
        self.renderer = Renderer()
        self.hand = HandController(self)
        self.tabs = TabsController(self)
        self.jobs = Jobs(self.tabs.state)  # (the audit, a sealed game rebuilt: in slices)
        self.linkplay = LinkPlayController(self)
        self.linkundo = LinkUndoController(self, self.linkplay)
        self.linkplay.undo = self.linkundo
        self.play = PlayController(self)
        self.bots = BotsController(self)
        self.share = ShareController(self)
        self.recap = RecapController(self)
        self.sealed = SealedController(self)
        self.games = GamesController(self, self.bots, self.linkplay, self.play, self.tabs)
        self.table = action_table(self.controllers())

    def controllers(self) -> tuple[Any, ...]:
        """The App's controllers, in the order their tables are read."""
        return (self.games, self.play, self.share, self.tabs, self.linkplay, self.bots,
                self.hand, self.recap, self.sealed, self.linkundo)

    # ------------------------------------------------------------ actions
    def handle(self, action: str, data: dict[str, Any]) -> None:
        """Do what a click or form asks; errors become a notice, never a crash (an action
        no controller handles raises :class:`UnknownAction`)."""
        handler = self.table.get(action)
        if handler is None:
            raise UnknownAction(action)
        self.tabs.flush_save()
        if action not in UNASKED:
            self.shown.say_nothing()
            self.tabs.state.full = False
        self.tabs.state.leaving = False
        self.share.before(action)
        self.hand.forget_glances()
        with speaking(self.words()):
            try:
                handler(data)
            except IllegalMove as error:
                self.shown.notice = t("app.error", reason=error_text(error))
                self.shown.notice_rule = error.rule
            except SaveError as error:
                self.shown.notice = t("saved.bad", reason=error_text(error))
            self.refresh_screen()

    def actions(self) -> frozenset[str]:
        """Every action some controller handles."""
        return frozenset(self.table)

    # ------------------------------------------------------------ the language
    def words(self) -> str:
        """The language the page is shown in."""
        return self.language or language()

    def use_language(self, lang: str) -> str:
        """Show the page in ``lang`` from the next redraw on (unknown: English)."""
        self.language = lang if lang in LANGUAGES else "en"
        catalog(self.language)
        return self.language

    # ------------------------------------------------------------ the controllers' facade
    def new_save_id(self, suffix: str) -> str:
        return f"{int(self.clock())}-{suffix}"

    def autosave(self) -> None:
        self.tabs.autosave()

    def flush_save(self) -> None:
        self.tabs.flush_save()

    def saved(self) -> bool:
        """Whether the game shown is stored as it stands (nothing unsaved)."""
        return self.tabs.save_state().unsaved is None

    def storage_full(self) -> None:
        """The last action was not kept: the store is full (#alerts offers export)."""
        self.tabs.state.full = True

    def refresh_screen(self) -> None:
        self.play.refresh_screen()

    def committed(self) -> None:
        """After moves reached the game: nothing to redo, a shown link is stale, save."""
        self.shown.redo_moves, self.shown.share_link = [], None
        self.tabs.autosave()
        self.linkplay.record_daily()

    def staged(self) -> Stage | None:
        return self.play.staged()

    def drop_stage(self) -> None:
        self.play.drop_stage()

    def stage_back(self) -> None:
        self.play.stage_back()

    def restore_stage(self, text: str) -> None:
        self.play.restore_stage(text)

    def stage_record(self) -> str | None:
        """The action under way as this tab keeps it over a reload (None: nothing)."""
        return self.play.stage_record()

    def shown_game(self) -> Game | None:
        return self.play.shown_game()

    def current(self) -> tuple[int, PendingPrompt] | None:
        return self.play.current()

    def respond(self, player: int, response: dict[str, Any], stage: bool = True) -> None:
        self.play.respond(player, response, stage)

    def by_link(self) -> bool:
        return self.linkplay.by_link()

    def linkplay_screen(self) -> str | None:
        return self.linkplay.linkplay_screen()

    def open_saved(self, save_id: str) -> None:
        self.games.open_saved(save_id)

    def show_saved(self, save_id: str, game: Game, meta: SaveMeta, text: str) -> None:
        self.tabs.show_saved(save_id, game, meta, text)

    def stored_as(self, save_id: str, stored: str | None) -> None:
        self.tabs.stored_as(save_id, stored)

    def open_link_played(self, game: Game, params: dict[str, str]) -> bool:
        return self.linkplay.open_link_played(game, params)

    def today(self) -> str:
        return self.linkplay.today()

    # (sealed games: hands secret across devices)
    def sealed_active(self) -> bool:
        return self.sealed.active() is not None

    def sealed_can_decide(self) -> bool:
        return self.sealed.can_decide()

    def sealed_seated(self, seat: int, data: dict[str, Any] | None = None) -> bool:
        return self.sealed.seated(seat, data)

    def sealed_taken(self) -> tuple[int, ...]:
        return self.sealed.taken()

    def sealed_respond(self, responses: list[dict[str, Any]]) -> None:
        self.sealed.respond(responses)

    def open_sealed_link(self, text: str) -> None:
        self.sealed.open_link(text)

    def open_seat_file(self, text: str) -> None:
        self.sealed.open_seat_file(text)

    def sealed_open_saved(self, save_id: str) -> bool:
        return self.sealed.open_saved(save_id)

    def seat_decision(self, pending: list[tuple[int, Any]]) -> tuple[int, Any] | None:
        return self.linkplay.seat_decision(pending)

    def sealed_invite(self, seat: int) -> str:
        return self.sealed.invite_fragment(seat)

    def sealed_moves(self) -> list[Any]:
        return self.sealed.signed_history()

    def sealed_escrowed(self) -> tuple[int, ...]:
        return self.sealed.escrowed()

    def sealed_recovering(self) -> tuple[int, bool, bool] | None:
        return self.sealed.recovering()

    def sealed_claims(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.sealed.state.claims)

    def drop_sealed_link(self) -> None:
        self.sealed.drop_link()

    def link_signer(self) -> linkseals.Signer | None:
        return self.linkplay.state.signer

    def link_verifier(self) -> sigs.Verifier:
        return self.linkplay.state.verifier

    def forget_views(self) -> None:
        self.play.state.views.forget()

    def sealed_snapshot(self) -> SealedShown | None:
        return self.sealed.snapshot()

    def undo_asking(self) -> bool:
        return self.share.state.undo_ask

    def link_undo(self) -> str:
        """In play by link, what Undo does: "free", "ask" (the move was sent: a request)
        or "waiting" (a request of this device awaits its answer)."""
        undo = self.linkundo
        return "waiting" if undo.asking() else "ask" if undo.own_move_sent() else "free"

    def ask_link_undo(self) -> None:
        self.linkundo.ask()

    def undoing(self) -> bool:
        return self.share.state.undoing

    def forget_hint(self) -> None:
        self.bots.state.hint = None

    def start_recap(self, seat: int | None) -> None:
        self.recap.start(seat)

    # ------------------------------------------------------------ rendering
    def my_turn(self) -> bool:
        """Whether this device's seat of a game played by link has a decision to make now
        (or an action staged, waiting for its Confirm)."""
        if not self.by_link() or self.shown.screen != "game":
            return False
        return self.play.current() is not None or self.play.staged() is not None

    def tab_title(self) -> str:
        """The tab's title: marked while a game played by link waits for this device, so
        a player who left the tab sees their turn from another."""
        with speaking(self.words()):
            title = t("app.title")
            return t("title.your_turn", title=title) if self.my_turn() else title

    def screen_model(self) -> Screen:
        """The model of what the App shows now, from the controllers' frozen records
        (the view is built here, once)."""
        shown = self.shown
        common: dict[str, Any] = {"language": self.words(), "hand": self.hand.snapshot(),
                                  "linkplay": replace(
                                      self.linkplay.snapshot(), undo=self.linkundo.snapshot(),
                                      seat_file=self.sealed.seat_file() is not None),
                                  "bots": self.bots.snapshot()}
        if shown.screen == "start" or shown.game is None:
            return assemble(self._record(None), tools=Tools(), form=self.games.state.form,
                            saves=tuple(self.store.list()), **common)
        replaying = shown.replay is not None and shown.screen == "replay"
        viewer = shown.viewer if shown.screen == "game" else None  # (seat, older: nobody's)
        return assemble(self._record(viewer), tools=self._tools(replaying),
                        game=self._game_shown(replaying, viewer),
                        recap=None if replaying else self.recap.snapshot(), **common)

    def _record(self, viewer: int | None) -> ShownRecord:
        shown = self.shown
        return ShownRecord(shown.screen, shown.notice, shown.notice_rule, shown.info, viewer,
                           tuple(shown.meta.colours))

    def _tools(self, replaying: bool) -> Tools:
        share, shown = self.share, self.shown
        staged = not replaying and self.play.staged() is not None
        return Tools(can_undo=share.can_undo(), can_redo=bool(shown.redo_moves) and not staged,
                     can_replay=share.can_replay(), show_scores=share.state.show_scores,
                     share_link=shown.share_link, from_link=shown.from_link,
                     undo_ask=share.undo_whose() if share.state.undo_ask else None,
                     undoing=share.state.undoing, copied=share.state.link_copied,
                     can_share=shown.game is None or not shown.game.state.options.sealed)

    def _game_shown(self, replaying: bool, viewer: int | None) -> GameShown:
        shown = self.shown
        game = shown.replay.game if replaying and shown.replay is not None else \
            self.play.shown_game()
        assert game is not None and shown.game is not None
        view = self.play.state.views.view(game, viewer)
        if game.state.options.sealed:  # cards this device cannot read yet: not shown
            view = sealed_view(view, self.sealed.can_decide())
        stage = None if replaying else self.play.staged()
        over = bool(view["over"]) and not replaying
        return GameShown(view=view, staged=stage is not None,
                         held=held_steps(stage),
                         log_depth=self.play.state.log_depth,
                         open_tableaux=self.play.state.open_tableaux,
                         replay=self.share.replay_at() if replaying else None,
                         history=tuple(score_history(shown.game)) if over else (),
                         link=self.share.link_url(shown.game) if over and not
                         shown.game.state.options.sealed else None)

    def render(self) -> dict[str, str]:
        """HTML for each page region: the screen model (built from ``game.view()`` once),
        rendered; the page's own notices (#alerts) first, drawn even when the screen cannot be."""
        with speaking(self.words()):
            screen = self.screen_model()
        return self.renderer.draw(screen, self.tabs.snapshot())

    def prepare_reveal(self) -> None:
        """While the hand-off shows, draw the next player's screen ahead and throw it away:
        their view and the regions drawn from it are kept (:class:`ViewCache`,
        :mod:`tm.web.regions`), so the reveal draws little. Nothing is shown."""
        decision = self.current() if self.shown.screen == "handoff" else None
        if decision is None:
            return
        shown = self.shown.viewer, self.shown.screen
        self.shown.viewer, self.shown.screen = decision[0], "game"
        try:
            with self.renderer.unseen():
                self.render()
        finally:
            self.shown.viewer, self.shown.screen = shown

    def prepare_stage(self) -> None:
        """After a frame: the copy the viewer's next action's stage needs, made ahead."""
        self.play.prepare_stage()


def action_table(controllers: tuple[Any, ...]) -> Mapping[str, Handler]:
    """One table of every controller's actions (an action in two tables is an error)."""
    table: dict[str, Handler] = {}
    for controller in controllers:
        for action, handler in controller.actions().items():
            if action in table:
                raise ValueError(f"action {action!r} in two controllers' tables")
            table[action] = handler
    return table
