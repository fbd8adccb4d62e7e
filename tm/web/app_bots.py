"""Bots in the page: a mixin of :class:`tm.web.app.App`.

Seats of a game may be bots (``Options.bots``: a level per seat, "" for a person; their
randomness is ``Options.bot_seed``, so saves, links and replays reproduce the game). The
App never answers for a bot on a person's click: :meth:`BotActions.bot_turn` names the bot
seat that must decide now and :meth:`BotActions.bot_step` makes one of its decisions; the
page (:mod:`tm.web.bot_loop`) calls it in short slices between frames, at a readable pace
(:meth:`BotActions.bot_delay`). Tests call :meth:`BotActions.run_bots`.

Undo in a game with bots takes a person back to their own last decision: the bots' moves
after it go too, without asking as if they were another person's; redo puts the person's
move back with the bots' answers after it.

The hint: what the hard bot would do in the person's place (:func:`tm.bots.hint.hint` on
the person's own view), shown with its reason; its choice is lit in the decision and can
be used, through the usual Confirm of an action.
"""
from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tm import daily
from tm.bots import PLAYING_LEVELS, Bot
from tm.bots.hint import hint
from tm.core.errors import IllegalMove
from tm.game import Game
from tm.web.i18n import t

if TYPE_CHECKING:
    from tm.web.app_share import Replay
    from tm.web.app_stage import Stage
    from tm.web.model import PendingPrompt
    from tm.web.saves import SaveMeta

# Milliseconds before a bot's decision, by what it decides (times the page's pace, 1.0):
# an action the others watch, a step inside one (pay, place, pick a target), and a secret
# choice (setup, drafting, buying cards) nobody sees being made.
PACE_ACTION = 650.0
PACE_STEP = 180.0
PACE_SECRET = 0.0
SECRET_KINDS = ("setup", "cards")
SLICE_MS = 35.0  # decisions made in one slice between frames when no pause is due
AFTER_PERSON_MS = 60.0  # a person's click is drawn before the bots go on


@dataclass
class HintShown:
    """A hint asked for one decision (void once the game shown moves)."""

    game: Game
    moves: int
    player: int
    record: dict[str, Any]  # tm.bots.hint.hint's answer: choice and reason
    index: int | None  # the choice's place in the listed choices (None: not listed)


@dataclass(frozen=True, slots=True)
class BotsShown:
    """What the screen shows of bots: each seat's level ("" a person), the bot deciding
    now, and the hint asked for (with the index of its choice, to light it)."""

    levels: tuple[str, ...] = ()
    thinking: int | None = None
    can_hint: bool = False
    hint: Mapping[str, Any] | None = None
    hint_index: int | None = None
    hint_player: int | None = None


@dataclass
class BotState:
    """The page's bots: one :class:`Bot` per seat (they keep a little memory: the random
    level's stream, a guard against going round in circles), the hint shown, counters."""

    bots: dict[tuple[int, str, int], Bot] = field(default_factory=dict)
    hint: HintShown | None = None
    pace: float = 1.0  # the page's pace of bot moves (0: as fast as they come; tests)
    moves: int = 0  # bot decisions made in this page
    fallbacks: int = 0  # decisions a bot failed to make (answered with the first choice)
    last_kind: str = ""  # the kind of the last bot decision
    error: str = ""  # what went wrong in the last decision a bot failed to make
    challenge: tuple[Any, bool] = (None, False)  # (options looked at, a daily challenge's)


class BotActions:
    """Seats played by bots, their turns in slices, undo over their moves, hints."""

    game: Game | None
    meta: SaveMeta
    viewer: int | None
    replay: Replay | None
    notice: str | None
    redo_moves: list[list[Any]]
    share_link: str | None
    stage: Stage | None
    undo_ask: bool
    undoing: bool
    undo_confirmed: bool
    clock: Callable[[], float]
    bot_state: BotState

    if TYPE_CHECKING:
        def staged(self) -> Stage | None: ...
        def shown_game(self) -> Game | None: ...
        def current(self) -> tuple[int, PendingPrompt] | None: ...
        def by_link(self) -> bool: ...
        def today(self) -> str: ...
        def _autosave(self) -> None: ...
        def _committed(self) -> None: ...
        def _refresh_screen(self) -> None: ...
        def _respond(self, player: int, response: dict[str, Any], stage: bool = True) -> None: ...

    # ------------------------------------------------------------ seats
    def bot_levels(self, game: Game | None = None) -> tuple[str, ...]:
        """Each seat's bot level ("" for a person) of ``game`` (the game shown)."""
        game = game or self.game
        if game is None:
            return ()
        options = game.state.options
        levels = [str(level) for level in options.bots][:options.players]
        return tuple(levels + [""] * (options.players - len(levels)))

    def is_bot(self, seat: int) -> bool:
        levels = self.bot_levels()
        return 0 <= seat < len(levels) and bool(levels[seat])

    def person_seats(self) -> list[int]:
        """The seats people play."""
        return [seat for seat, level in enumerate(self.bot_levels()) if not level]

    def has_bots(self) -> bool:
        return any(self.bot_levels())

    @staticmethod
    def seats_from_form(data: Mapping[str, Any], players: int) -> list[str]:
        """Each seat's level as the new-game form asks ("" for a person): only the levels
        the form offers."""
        return [str(data.get(f"seat_{i}") or "") if str(data.get(f"seat_{i}") or "")
                in PLAYING_LEVELS else "" for i in range(players)]

    def bots_refused(self, data: Mapping[str, Any]) -> bool:
        """Whether the new-game form asks for bots in a game played by link (refused with
        a notice: each device of such a game answers only its own seat)."""
        players = max(1, min(5, int(data.get("players") or 2)))
        by_link = str(data.get("by_link", "")).lower() in ("on", "true", "1")
        if by_link and players > 1 and any(self.seats_from_form(data, players)):
            self.notice = t("bots.by_link")
            return True
        return False

    def named_bots(self, data: Mapping[str, Any], names: list[str],
                   bots: list[str]) -> list[str]:
        """``names`` with each bot seat whose name the form leaves empty called
        "Bot N (level)" (N counts the bots)."""
        named, number = [], 0
        for i, (name, level) in enumerate(zip(names, bots, strict=True)):
            number += 1 if level else 0
            typed = str(data.get(f"name_{i}") or "").strip()
            named.append(self.bot_name(number, level) if level and not typed else name)
        return named

    @staticmethod
    def bot_name(number: int, level: str) -> str:
        """A bot seat's name when the form leaves it empty: "Bot 1 (hard)"."""
        return t("bots.name", n=number, level=t(f"bots.level.{level}"))

    # ------------------------------------------------------------ turns
    def bot_turn(self) -> int | None:
        """The bot seat that must decide now, when bots may play (a game on screen, not
        over, not being replayed, no person's action under way, no undo question)."""
        game = self.game
        if (game is None or game.is_over or self.replay is not None or not self.has_bots()
                or self.staged() is not None or self.undo_ask or self.by_link()):
            return None
        for player, _ in game.pending:
            if self.is_bot(player):
                return player
        return None

    def bot_delay(self) -> float:
        """Milliseconds before the next bot decision (the page's pace applied)."""
        seat = self.bot_turn()
        if seat is None or self.game is None:
            return 0.0
        prompt = self.game.prompt_for(seat)
        kind = prompt.kind if prompt is not None else ""
        if kind in SECRET_KINDS:
            base = PACE_SECRET
        elif kind == "action":
            base = PACE_ACTION
        else:
            base = PACE_STEP
        return base * self.bot_state.pace

    def _bot_for(self, seat: int) -> Bot:
        assert self.game is not None
        level = self.bot_levels()[seat]
        key = (seat, level, int(self.game.state.options.bot_seed))
        bot = self.bot_state.bots.get(key)
        if bot is None:
            bot = self.bot_state.bots[key] = Bot(level, key[2])
        return bot

    def bot_step(self) -> bool:
        """One decision of the bot that must decide now; whether a bot moved. A bot that
        fails (an error, a choice the game refuses) is answered with its first listed
        choice, always legal: the game goes on (counted in ``bot_state.fallbacks``)."""
        seat = self.bot_turn()
        if seat is None:
            return False
        game = self.game
        assert game is not None
        prompt = game.prompt_for(seat)
        assert prompt is not None
        bot = self._bot_for(seat)
        try:
            choice = bot.decide(game.view(seat))
            game.respond(seat, choice)
        except Exception:  # (a bot's mistake must not stop the game: the page says so)
            self.bot_state.fallbacks += 1
            self.bot_state.error = traceback.format_exc()
            game.respond(seat, prompt.choices()[0])
        self.bot_state.moves += 1
        self.bot_state.last_kind = prompt.kind
        self._committed()
        self._refresh_screen()
        return True

    def run_bots(self, limit: int = 100_000) -> int:
        """Every bot decision due now, at once (tests, and the page's slices at pace 0);
        how many were made."""
        made = 0
        while made < limit and self.bot_step():
            made += 1
        return made

    # ------------------------------------------------------------ undo over bots' moves
    def _last_person_move(self) -> int | None:
        """The index of the last move a person made that undo may take back."""
        game = self.game
        if game is None:
            return None
        floor = game.undo_floor()
        for index in range(len(game.moves) - 1, floor - 1, -1):
            if not self.is_bot(int(game.moves[index][0])):
                return index
        return None

    def can_undo(self) -> bool:
        if not super().can_undo():  # type: ignore[misc]
            return False
        return not self.has_bots() or self._last_person_move() is not None

    def undo_whose(self) -> int | None:
        if not self.has_bots():
            return super().undo_whose()  # type: ignore[misc]
        if not self.can_undo() or self.undo_confirmed or self.viewer is None:
            return None
        assert self.game is not None
        index = self._last_person_move()
        assert index is not None
        player = int(self.game.moves[index][0])
        several = len(self.person_seats()) > 1
        return player if several and player != self.viewer else None

    def _undo_one(self) -> None:
        """With bots: back to before the last person's move (the bots' after it too)."""
        if not self.has_bots():
            super()._undo_one()  # type: ignore[misc]
            return
        game = self.game
        index = self._last_person_move()
        assert game is not None and index is not None
        undone = game.undo(len(game.moves) - index)
        self.redo_moves = undone + self.redo_moves
        self.share_link, self.stage, self.undo_ask = None, None, False
        self.undoing = len(self.person_seats()) > 1
        self.bot_state.hint = None
        self._autosave()

    def _on_redo(self, data: dict[str, Any]) -> None:
        """With bots: the person's move again, and the bots' moves that followed it."""
        super()._on_redo(data)  # type: ignore[misc]
        if self.game is None or not self.has_bots():
            return
        while self.redo_moves and self.is_bot(int(self.redo_moves[0][0])):
            player, response = self.redo_moves[0]
            try:
                self.game.respond(player, response)
            except IllegalMove:  # (the bots will decide afresh)
                self.redo_moves = []
                break
            del self.redo_moves[0]
        self._autosave()

    # ------------------------------------------------------------ hints
    def can_hint(self) -> bool:
        """Whether the Hint button shows: a person's decision, not a daily challenge."""
        return self.current() is not None and not self.is_challenge()

    def is_challenge(self) -> bool:
        """Whether the game shown is a daily challenge, however it was opened (a result
        link continued, the form's options): no hint is offered in one (R-OWN-1)."""
        game = self.game
        if self.meta.daily:
            return True
        if game is None:
            return False
        options = game.state.options
        key = (options.seed, options.players, tuple(options.names), options.strict_undo)
        if self.bot_state.challenge[0] != key:  # (looked up once per game)
            latest = self.today() or daily.FIRST_DATE.isoformat()
            self.bot_state.challenge = (key, daily.date_of(options, latest) is not None)
        return self.bot_state.challenge[1]

    def _on_hint(self, data: dict[str, Any]) -> None:
        """What the hard bot would do in the person's place, from their own view."""
        decision = self.current()
        game = self.shown_game()
        if decision is None or game is None or self.is_challenge():
            return
        player, prompt = decision
        record = hint(game.view(player))
        choices = [c.to_dict() for c in prompt.choices()]  # (as the bot's view lists them)
        index = choices.index(record["choice"]) if record["choice"] in choices else None
        self.bot_state.hint = HintShown(game, len(game.moves), player, record, index)

    def _on_hint_close(self, data: dict[str, Any]) -> None:
        self.bot_state.hint = None

    def _on_hint_apply(self, data: dict[str, Any]) -> None:
        """Answer with the hint's choice, as a click on it would (an action it completes
        waits for its Confirm as usual)."""
        shown = self.hint_shown()
        decision = self.current()
        self.bot_state.hint = None
        if shown is None or decision is None or shown.index is None:
            return
        player, prompt = decision
        if player != shown.player:
            return
        self._respond(player, prompt.choices()[shown.index].to_dict())

    def hint_shown(self) -> HintShown | None:
        """The hint asked for, while its decision is still the one shown."""
        shown = self.bot_state.hint
        game = self.shown_game()
        if shown is None:
            return None
        decision = self.current()
        if (game is not shown.game or len(game.moves) != shown.moves or decision is None
                or decision[0] != shown.player):
            self.bot_state.hint = None
            return None
        return shown

    # ------------------------------------------------------------ the screen model
    def bots_shown(self) -> BotsShown | None:
        """The screen's part about bots (None in a game without them and no hint)."""
        if self.game is None:
            return None
        shown = self.hint_shown()
        levels = self.bot_levels()
        if not any(levels) and shown is None and not self.can_hint():
            return None
        return BotsShown(levels=levels, thinking=self.bot_turn(), can_hint=self.can_hint(),
                         hint=shown.record if shown else None,
                         hint_index=shown.index if shown else None,
                         hint_player=shown.player if shown else None)
