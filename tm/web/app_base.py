"""What the page's controllers share: the record of the game on screen, the services
(the store, the clock), the App's facade they call one another through, and the base of
a controller (its own state record and its table of actions).

Each controller (``app_*.py``) owns a small mutable state record and handles the actions
of its table (``data-action`` name -> bound method); :class:`tm.web.app.App` routes an
action through the tables, so an action no table names raises :class:`UnknownAction`.
A controller imports nothing of the others: what it needs of them goes through
:class:`Host` (the App), so the controllers form no import circle.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tm.web.saves import SaveMeta

if TYPE_CHECKING:
    from tm.game import Game
    from tm.persist import sigs
    from tm.web import linkseals
    from tm.web.app_stage import Stage
    from tm.web.jobs import Jobs
    from tm.web.model import PendingPrompt
    from tm.web.model_links import SealedShown
    from tm.web.replay import Replay
    from tm.web.saves import SaveStore

Handler = Callable[[dict[str, Any]], None]
Actions = Mapping[str, Handler]


# Actions the page handles itself, not the App: the clipboard, the share sheet, files to
# download, a reload (tm/web/page_tools.py; they need the browser).
PAGE_ACTIONS = frozenset({"copy_details", "reload", "export", "export_current", "copy_link",
                          "send_link", "share_native", "save_link", "move_seat",
                          "take_seat", "seal_seat"})


class UnknownAction(LookupError):
    """An action that no controller's table names (the page logs it; tests see it)."""


@dataclass
class Shown:
    """The game on screen and what the page says about it: read and replaced by several
    controllers (a load, a link, a branch or undo each replace the game shown)."""

    screen: str = "start"  # start, game, handoff, replay, seat, older
    game: Game | None = None
    save_id: str | None = None
    meta: SaveMeta = field(default_factory=SaveMeta)
    viewer: int | None = None
    from_link: bool = False  # opened from a link and not saved on this device
    redo_moves: list[list[Any]] = field(default_factory=list)
    share_link: str | None = None  # the share dialog's link (a move makes it stale)
    replay: Replay | None = None  # the replay viewer, while stepping through the game
    notice: str | None = None
    notice_rule: str = ""  # the rule a refused move broke (the notice links to it)
    info: str | None = None  # a note in plain words (not an error), e.g. rules changed

    def say_nothing(self) -> None:
        """Each action starts with no notice shown."""
        self.notice = self.info = None
        self.notice_rule = ""


class Host(Protocol):
    """What a controller uses of the App: the shared record, the services and the steps
    other controllers own (the App forwards each to its owner)."""

    shown: Shown
    store: SaveStore
    clock: Callable[[], float]
    entropy: Callable[[int], bytes]
    base_url: str
    jobs: Jobs

    def new_save_id(self, suffix: str) -> str: ...
    def autosave(self) -> None: ...
    def flush_save(self) -> None: ...
    def storage_full(self) -> None: ...
    def saved(self) -> bool: ...
    def refresh_screen(self) -> None: ...
    def committed(self) -> None: ...
    def staged(self) -> Stage | None: ...
    def drop_stage(self) -> None: ...
    def stage_back(self) -> None: ...
    def restore_stage(self, text: str) -> None: ...
    def shown_game(self) -> Game | None: ...
    def current(self) -> tuple[int, PendingPrompt] | None: ...
    def respond(self, player: int, response: dict[str, Any], stage: bool = True) -> None: ...
    def by_link(self) -> bool: ...
    def open_saved(self, save_id: str) -> None: ...
    def show_saved(self, save_id: str, game: Game, meta: SaveMeta, text: str) -> None: ...
    def open_link_played(self, game: Game, params: dict[str, str]) -> bool: ...
    def today(self) -> str: ...
    def undo_asking(self) -> bool: ...
    def link_undo(self) -> str: ...
    def ask_link_undo(self) -> None: ...
    def undoing(self) -> bool: ...
    def linkplay_screen(self) -> str | None: ...
    def forget_hint(self) -> None: ...
    def start_recap(self, seat: int | None) -> None: ...
    def stored_as(self, save_id: str, stored: str | None) -> None: ...
    def sealed_active(self) -> bool: ...
    def sealed_can_decide(self) -> bool: ...
    def sealed_seated(self, seat: int, data: dict[str, Any] | None = None) -> bool: ...
    def sealed_taken(self) -> tuple[int, ...]: ...
    def sealed_respond(self, responses: list[dict[str, Any]]) -> None: ...
    def open_sealed_link(self, text: str) -> None: ...
    def open_seat_file(self, text: str) -> None: ...
    def sealed_open_saved(self, save_id: str) -> bool: ...
    def sealed_snapshot(self) -> SealedShown | None: ...
    def sealed_invite(self, seat: int) -> str: ...
    def seat_decision(self, pending: list[tuple[int, Any]]) -> tuple[int, Any] | None: ...
    def sealed_moves(self) -> list[Any]: ...
    def sealed_escrowed(self) -> tuple[int, ...]: ...
    def sealed_recovering(self) -> tuple[int, bool, bool] | None: ...
    def sealed_claims(self) -> tuple[int, ...]: ...
    def drop_sealed_link(self) -> None: ...
    def forget_views(self) -> None: ...
    def link_signer(self) -> linkseals.Signer | None: ...
    def link_verifier(self) -> sigs.Verifier: ...


class Controller:
    """A part of the page's behaviour: its own state record and its table of actions."""

    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def shown(self) -> Shown:
        return self.host.shown

    def actions(self) -> Actions:
        """The ``data-action`` names this controller handles, each with its method."""
        return {}


def bot_levels(game: Game | None) -> tuple[str, ...]:
    """Each seat's bot level of ``game`` ("" for a person; () without a game)."""
    if game is None:
        return ()
    options = game.state.options
    levels = [str(level) for level in options.bots][:options.players]
    return tuple(levels + [""] * (options.players - len(levels)))


def person_seats(game: Game | None) -> list[int]:
    """The seats people play."""
    return [seat for seat, level in enumerate(bot_levels(game)) if not level]


def is_bot(game: Game | None, seat: int) -> bool:
    """Whether a bot plays ``seat`` of ``game``."""
    levels = bot_levels(game)
    return 0 <= seat < len(levels) and bool(levels[seat])
