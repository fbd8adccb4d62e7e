"""Play by link and the daily challenge: a mixin of :class:`tm.web.app.App`.

**Play by link**: a game of several players, each on their own device. Its link carries
the game (as every share link) and its id (``&p=``); every device saves it under the same
id (``link-<id>``) with the seat that device plays (``SaveMeta.seat``, chosen once by an
"I am <name>" check). A device answers only its seat's decisions and shows only its seat's
hand; when the next decision is another seat's, the page offers the link to send them.
A link older than the device's own save of the game (the save extends it) says so and
offers the newer game.

**Daily challenge**: the solo deal of a date (:mod:`tm.daily`), saved as ``daily-<date>``,
played with strict undo and no hint (R-OWN-1); its result is kept in the player's own
history (``tm:daily``) when it ends: a win with its score, a loss without one (R-SOLO-3).
"""
from __future__ import annotations

import datetime
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tm import daily
from tm.core.errors import SaveError
from tm.game import Game
from tm.persist import links, safejson
from tm.web.i18n import t
from tm.web.saves import SaveMeta, parse_entry

if TYPE_CHECKING:
    from tm.web.app_tabs import Saving
    from tm.web.saves import SaveStore

HISTORY_KEY = "tm:daily"  # {date: {"won": true, "score": n} or {"won": false}}: outside the
# saves' prefix (a loss recorded before R-SOLO-3 was followed still has a score: not shown)
LINK_SAVE = "link-"
DAILY_SAVE = "daily-"
MAX_HISTORY = 400  # dates kept (over a year of daily play)


@dataclass(frozen=True, slots=True)
class Older:
    """A link opened that is older than this device's save of the same game."""

    save_id: str
    link_moves: int
    local_moves: int


@dataclass(frozen=True, slots=True)
class LinkPlayShown:
    """What the page shows of play by link and of the daily challenge."""

    link_id: str = ""
    seat: int = -1
    names: tuple[str, ...] = ()
    send_to: str | None = None  # the player whose decision is next, on another device
    over: bool = False  # the game is over: the final position is sent on
    send_link: str | None = None
    copied: bool = False
    can_share: bool = False  # the browser has a share sheet (navigator.share)
    older: Older | None = None
    today: str = ""  # the date of today's challenge (UTC), "" when the clock is off
    today_extras: tuple[str, ...] = ()
    history: tuple[tuple[str, int | None, bool], ...] = ()  # (date, score of a win, won)
    daily: str = ""  # the date of the challenge shown
    score: int | None = None  # its score, once won
    lost: bool = False  # it is over and lost (no score)
    result_link: str | None = None


def today_of(clock_ms: float) -> str:
    """The UTC date of a moment (milliseconds since 1970, as the browser's clock)."""
    moment = datetime.datetime.fromtimestamp(clock_ms / 1000, tz=datetime.UTC)
    return moment.date().isoformat()


def read_history(store: SaveStore) -> dict[str, dict[str, Any]]:
    """The player's daily results by date (an unreadable record is an empty history)."""
    try:
        raw = safejson.loads(store.storage.get(HISTORY_KEY) or "{}")
    except Exception:  # (damaged: shown as no history, rewritten by the next result)
        return {}
    if not isinstance(raw, dict):
        return {}
    return {str(k): v for k, v in raw.items() if isinstance(v, dict) and (
        _is_int(v.get("score")) if v.get("won") else v.get("won") is False)}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class LinkPlayActions:
    """Seats, sending, older links; the daily challenge and its history."""

    game: Game | None
    meta: SaveMeta
    store: SaveStore
    save_id: str | None
    viewer: int | None
    notice: str | None
    info: str | None
    from_link: bool
    base_url: str
    saving: Saving
    clock: Callable[[], float]
    redo_moves: list[list[Any]]

    older: Older | None = None
    copied_link: str | None = None  # the last link the clipboard took (a button says so)
    can_share = False  # set by the page where the browser has a share sheet
    _send_cache: tuple[Any, int, str] | None = None

    if TYPE_CHECKING:
        def _autosave(self) -> None: ...
        def _on_continue(self, data: dict[str, Any]) -> None: ...

    # ------------------------------------------------------------ the mode
    def by_link(self) -> bool:
        """Whether the game shown is played by link on this device."""
        return bool(self.meta.link_id) and not self.from_link and self.game is not None

    def linkplay_screen(self) -> str | None:
        """The screen play by link asks for (None: not played by link)."""
        if self.older is not None:
            return "older"
        if not self.by_link():
            return None
        if self.meta.seat < 0:
            self.viewer = None
            return "seat"
        self.viewer = self.meta.seat
        return "game"

    def seat_decision(self, pending: list[tuple[int, Any]]) -> tuple[int, Any] | None:
        """In a game played by link, the decision of this device's seat, if it has one."""
        return next(((p, prompt) for p, prompt in pending if p == self.meta.seat), None)

    def start_by_link(self, data: dict[str, Any]) -> None:
        """A new game played by link (when the form asks, with several players): its id
        and save id; the creator chooses their seat next."""
        self.older = None
        if self.game is None or str(data.get("by_link", "")).lower() not in ("on", "true", "1"):
            return
        if self.game.state.options.players < 2:
            return
        salt = f"{os.urandom(8).hex()}-{self.clock()}"  # (the browser's crypto in Pyodide)
        self.meta.link_id = links.game_id(self.game.state.options, salt)
        self.meta.seat = -1
        self.save_id = LINK_SAVE + self.meta.link_id

    def _on_choose_seat(self, data: dict[str, Any]) -> None:
        if not self.by_link():
            return
        assert self.game is not None
        try:
            seat = int(data.get("seat", -1))
        except (TypeError, ValueError):
            seat = -1
        if not 0 <= seat < self.game.state.options.players:
            self.notice = t("linkplay.bad_seat")
            return
        self.meta.seat, self.viewer = seat, seat
        self._autosave()

    # ------------------------------------------------------------ sending
    def send_target(self) -> int | None:
        """The seat to send the game to: the game goes on, this seat has no decision, and
        another seat has (the lowest first: they send it on)."""
        game = self.game
        if not self.by_link() or game is None or self.meta.seat < 0:
            return None
        if game.is_over:  # the others see the final position when it is sent on
            return (self.meta.seat + 1) % game.state.options.players
        pending = [p for p, _ in game.pending]
        if not pending or self.meta.seat in pending:
            return None
        return pending[0]

    def send_url(self) -> str:
        """The link of the game as it stands, with its id (made once per position)."""
        game = self.game
        assert game is not None
        cached = self._send_cache
        if cached is not None and cached[0] is game and cached[1] == len(game.moves):
            return cached[2]
        fragment = links.with_params(links.encode(game), {"p": self.meta.link_id})
        url = f"{self.base_url}#{fragment}"
        self._send_cache = (game, len(game.moves), url)
        return url

    # ------------------------------------------------------------ opening a link
    def open_link_played(self, game: Game, params: dict[str, str]) -> bool:
        """Open a link of a game played by link (``p`` given); whether it was one."""
        self.older = None
        link_id = params.get("p")
        if not link_id or game.state.options.players < 2:
            return False
        save_id = LINK_SAVE + link_id
        stored = self.store.raw(save_id)
        local_meta, local_moves = self._local(stored, game)
        if local_moves is not None and local_moves > len(game.moves):
            self.game, self.meta, self.save_id, self.from_link = game, SaveMeta(
                names=[pl.name for pl in game.state.players]), None, True
            self.older = Older(save_id, len(game.moves), local_moves)
            return True
        meta = local_meta or SaveMeta(names=[pl.name for pl in game.state.players])
        meta.link_id = link_id
        self.game, self.meta, self.save_id, self.from_link = game, meta, save_id, False
        self.redo_moves = []
        # The link's game replaces this device's copy (it extends it, or the players chose
        # it over a copy that went another way): written over what is stored now.
        from tm.web.app_tabs import Saving
        self.saving = Saving(save_id, stored=stored)
        if meta.seat >= 0:
            self._autosave()
        return True

    @staticmethod
    def _local(stored: str | None, game: Game) -> tuple[SaveMeta | None, int | None]:
        """This device's save of the same game: (its meta, its move count when it extends
        the link's moves; None when it does not)."""
        if stored is None:
            return None, None
        try:
            meta, save = parse_entry(stored)
        except SaveError:
            return None, None
        ours = json.loads(json.dumps({"options": game.to_save()["options"],
                                      "moves": game.moves}))
        moves = save.get("moves")
        if (save.get("options") != ours["options"] or not isinstance(moves, list)
                or moves[:len(ours["moves"])] != ours["moves"]):
            return meta, None
        return meta, len(moves)

    def _on_older_copy(self, data: dict[str, Any]) -> None:
        """Look at the older link's game anyway, as a link's read-only copy."""
        self.older = None

    def _on_older_newer(self, data: dict[str, Any]) -> None:
        """Open this device's newer save of the game instead of the older link."""
        older, self.older = self.older, None
        if older is not None:
            self._on_continue({"save": older.save_id})

    # ------------------------------------------------------------ the daily challenge
    def today(self) -> str:
        """Today's date (UTC) by the page's clock; "" when that is no challenge's date."""
        try:
            date = today_of(self.clock())
            daily.parse_date(date)
        except (daily.DateError, OverflowError, OSError, ValueError):
            return ""
        return date

    def _on_daily(self, data: dict[str, Any]) -> None:
        """Play the challenge of a date (today's by default): the one saved on this device
        if it has been begun, else a fresh deal."""
        date = str(data.get("date") or self.today())
        try:
            options = daily.options_for(date)
        except daily.DateError as error:
            self.notice = t("daily.bad_date", reason=str(error))
            return
        today = self.today()
        if today and date > today:
            self.notice = t("daily.future")
            return
        save_id = DAILY_SAVE + date
        if self.store.raw(save_id) is not None:
            self._on_continue({"save": save_id})
            if self.game is not None and self.save_id == save_id:
                return
        self.game = Game.new(options)
        self.meta = SaveMeta(names=list(options.names), daily=date)
        self.save_id, self.viewer, self.older = save_id, None, None
        self.redo_moves, self.from_link = [], False
        self._autosave()

    def strict_daily(self) -> None:
        """A challenge begun before its undo was strict goes on under strict undo (R-OWN-1):
        its moves replayed under the challenge's options (the same deal and draws)."""
        game, date = self.game, self.meta.daily
        if game is None or game.is_over or game.base_moves or not date or \
                not daily.was_challenge(date, game.state.options):
            return
        strict = Game.new(daily.options_for(date))
        try:
            for player, response in game.moves:
                strict.respond(player, response)
        except Exception:  # (moves the rules no longer take: it goes on as it was)
            return
        self.game = strict
        self._autosave()

    def record_daily(self) -> None:
        """A finished challenge's result into the player's history: a win with its score, a
        loss without one (R-SOLO-3); the first finish of a date counts, replaying it later
        changes nothing."""
        game = self.game
        date = self.meta.daily
        if game is None or not date or not game.is_over or self.from_link:
            return
        if not daily.is_challenge(date, game.state.options):
            return
        history = read_history(self.store)
        if date in history:
            return
        score, won = _score(game)
        history[date] = {"won": True, "score": score} if won else {"won": False}
        kept = dict(sorted(history.items(), reverse=True)[:MAX_HISTORY])
        try:
            self.store.storage.set(HISTORY_KEY, json.dumps(kept, separators=(",", ":")))
        except Exception:  # a full store: the game itself says so when it saves
            pass

    def result_url(self) -> str | None:
        """The link of a finished challenge, its date named (``&d=``)."""
        game = self.game
        if game is None or not game.is_over or not self.meta.daily:
            return None
        fragment = links.with_params(links.encode(game), {"d": self.meta.daily})
        return f"{self.base_url}#{fragment}"

    def linkplay_shown(self) -> LinkPlayShown:
        """The model of what play by link and the daily challenge show now."""
        today = self.today()
        extras = tuple(daily.expansions_for(today)[1:]) if today else ()
        history = tuple((date, int(r["score"]) if r.get("won") else None, bool(r.get("won")))
                        for date, r in sorted(read_history(self.store).items(), reverse=True))
        common: dict[str, Any] = {"today": today, "today_extras": extras, "history": history,
                                  "older": self.older, "can_share": self.can_share}
        game = self.game
        if game is None:
            return LinkPlayShown(**common)
        names = tuple(pl.name for pl in game.state.players)
        target = self.send_target()
        send_link = self.send_url() if target is not None else None
        over = game.is_over and bool(self.meta.daily)
        score, won = _score(game) if over else (0, False)
        result_link = self.result_url() if over else None
        return LinkPlayShown(
            **common, link_id=self.meta.link_id if self.by_link() else "",
            seat=self.meta.seat, names=names,
            send_to=names[target] if target is not None else None, send_link=send_link,
            over=game.is_over,
            copied=self.copied_link is not None and self.copied_link in (send_link, result_link),
            daily=self.meta.daily if not self.from_link else "",
            score=score if over and won else None, lost=over and not won,
            result_link=result_link)


def _score(game: Game) -> tuple[int, bool]:
    """A solo game's final score and whether it was won."""
    view = game.view(0)
    return int(view["scores"][0]["total"]), bool(view["winners"])
