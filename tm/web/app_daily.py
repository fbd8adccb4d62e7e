"""The daily challenge: a part of the play-by-link controller
(:class:`tm.web.app_linkplay.LinkPlayController`). The solo deal of a date
(:mod:`tm.daily`), saved as ``daily-<date>``, played with strict undo and no hint (R-OWN-1);
its result is kept in the player's own history (``tm:daily``) when it ends: a win with its
score, a loss without one (R-SOLO-3)."""
from __future__ import annotations

import datetime
import json
from typing import TYPE_CHECKING, Any

from tm import daily
from tm.core.values import is_int
from tm.game import Game
from tm.linkplay import links
from tm.persist import safejson
from tm.web.app_base import Controller
from tm.web.i18n import t
from tm.web.linkplay_state import LinkPlayState
from tm.web.saves import SaveMeta

if TYPE_CHECKING:
    from tm.web.saves import SaveStore

HISTORY_KEY = "tm:daily"  # {date: {"won": true, "score": n} or {"won": false}}: outside the
# saves' prefix (a loss recorded before R-SOLO-3 was followed still has a score: not shown)
DAILY_SAVE = "daily-"
MAX_HISTORY = 400  # dates kept (over a year of daily play)


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
        is_int(v.get("score")) if v.get("won") else v.get("won") is False)}


class DailyChallenge(Controller):
    """Today's challenge, playing one, and its history (a mixin of the play-by-link
    controller, whose state it shares)."""

    state: LinkPlayState

    def today(self) -> str:
        """Today's date (UTC) by the page's clock; "" when that is no challenge's date."""
        try:
            date = today_of(self.host.clock())
            daily.parse_date(date)
        except (daily.DateError, OverflowError, OSError, ValueError):
            return ""
        return date

    def play_daily(self, data: dict[str, Any]) -> None:
        """Play the challenge of a date (today's by default): the one saved on this device
        if it has been begun, else a fresh deal."""
        date = str(data.get("date") or self.today())
        try:
            options = daily.options_for(date)
        except daily.DateError as error:
            self.shown.notice = t("daily.bad_date", reason=str(error))
            return
        today = self.today()
        if today and date > today:
            self.shown.notice = t("daily.future")
            return
        save_id = DAILY_SAVE + date
        if self.host.store.raw(save_id) is not None:
            self.host.open_saved(save_id)
            if self.shown.game is not None and self.shown.save_id == save_id:
                return
        self.shown.game = Game.new(options)
        self.shown.meta = SaveMeta(names=list(options.names), daily=date)
        self.shown.save_id, self.shown.viewer, self.state.older = save_id, None, None
        self.shown.redo_moves, self.shown.from_link = [], False
        self.host.autosave()

    def strict_daily(self) -> None:
        """A challenge begun before its undo was strict goes on under strict undo (R-OWN-1):
        its moves replayed under the challenge's options (the same deal and draws)."""
        game, date = self.shown.game, self.shown.meta.daily
        if game is None or game.is_over or game.base_moves or not date or \
                not daily.was_challenge(date, game.state.options):
            return
        strict = Game.new(daily.options_for(date))
        try:
            for player, response in game.moves:
                strict.respond(player, response)
        except Exception:  # (moves the rules no longer take: it goes on as it was)
            return
        self.shown.game = strict
        self.host.autosave()

    def record_daily(self) -> None:
        """A finished challenge's result into the player's history: a win with its score, a
        loss without one (R-SOLO-3); the first finish of a date counts, replaying it later
        changes nothing."""
        game = self.shown.game
        date = self.shown.meta.daily
        if game is None or not date or not game.is_over or self.shown.from_link:
            return
        if not daily.is_challenge(date, game.state.options):
            return
        history = read_history(self.host.store)
        if date in history:
            return
        score, won = solo_score(game)
        history[date] = {"won": True, "score": score} if won else {"won": False}
        kept = dict(sorted(history.items(), reverse=True)[:MAX_HISTORY])
        try:
            self.host.store.storage.set(HISTORY_KEY, json.dumps(kept, separators=(",", ":")))
        except Exception:  # a full store: the game itself says so when it saves
            pass

    def result_url(self) -> str | None:
        """The link of a finished challenge, its date named (``&d=``)."""
        game = self.shown.game
        if game is None or not game.is_over or not self.shown.meta.daily:
            return None
        fragment = links.with_params(links.encode(game), {"d": self.shown.meta.daily})
        return f"{self.host.base_url}#{fragment}"


    def challenge_shown(self) -> dict[str, Any]:
        """What the page shows of the challenge whatever the game: today's date, the
        expansions of its deal beyond the base game, and the results by date."""
        today = self.today()
        extras = tuple(daily.expansions_for(today)[1:]) if today else ()
        history = tuple((date, int(r["score"]) if r.get("won") else None, bool(r.get("won")))
                        for date, r in sorted(read_history(self.host.store).items(), reverse=True))
        return {"today": today, "today_extras": extras, "history": history}


def solo_score(game: Game) -> tuple[int, bool]:
    """A solo game's final score and whether it was won."""
    view = game.view(0)
    return int(view["scores"][0]["total"]), bool(view["winners"])
