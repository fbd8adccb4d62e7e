"""Bots in the page: the bots controller of :class:`tm.web.app.App`.

Seats of a game may be bots (``Options.bots``: a level per seat, "" for a person; their
randomness is ``Options.bot_seed``, so saves, links and replays reproduce the game). The
App never answers for a bot on a person's click: :meth:`BotsController.bot_turn` names the
bot seat that must decide now and :meth:`BotsController.bot_step` makes one of its
decisions; the page (:mod:`tm.web.bot_loop`) calls it in short slices between frames, at a
readable pace (:meth:`BotsController.bot_delay`). The expert's search is thought a few
rollout decisions per slice (``bot_step(decisions)``: :class:`tm.bots.expert.Thinking`),
the same choice however it is sliced, so replays and undo reproduce its moves. Tests call
:meth:`BotsController.run_bots`. (Undo over bots' moves: :mod:`tm.web.app_share`.)

The hint: the best few choices in the person's place as the expert judges them
(:class:`tm.bots.advice.Adviser` on the person's own view), each with how far it falls
behind the best (VP, solo MC) and its reason; the best is lit in the decision and can be
used, through the usual Confirm of an action. It is thought in slices like a bot's
(:meth:`BotsController.hint_step`), begun before the person asks
(:meth:`BotsController.hint_prepare`: off the click path); a device too slow for it gets
the hard bot's ranking (:meth:`BotsController.hint_give_up`).
"""
from __future__ import annotations

import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tm import daily
from tm.bots import PLAYING_LEVELS, Bot
from tm.bots.advice import SEED as HINT_SEED
from tm.bots.advice import Adviser, Advising, step_towards
from tm.bots.expert import Budget, Expert, Thinking, make_bot
from tm.bots.hint import Hint, hint
from tm.game import Game
from tm.view_model import GameView
from tm.web.app_base import Actions, Controller, Host, bot_levels, is_bot
from tm.web.i18n import t
from tm.web.model import BotsShown

__all__ = ["BotState", "BotsController", "BotsShown", "HintShown"]  # (BotsShown: model.py)

# Milliseconds before a bot's decision, by what it decides (times the page's pace, 1.0):
# an action the others watch, a step inside one (pay, place, pick a target), and a secret
# choice (setup, drafting, buying cards) nobody sees being made.
PACE_ACTION = 650.0
PACE_STEP = 180.0
PACE_SECRET = 0.0
SECRET_KINDS = ("setup", "cards")
SLICE_MS = 35.0  # decisions made in one slice between frames when no pause is due
AFTER_PERSON_MS = 60.0  # a person's click is drawn before the bots go on
# A hint's search this device cannot afford gives the hard bot's ranking instead: when the
# work left, projected from its rollout decisions so far (HINT_MEASURE at least) to a whole
# search's budget of decisions, passes HINT_AFFORD_MS, or the person has waited
# HINT_LIMIT_MS of work since asking. (A hint is begun before it is asked for: see
# BotsController.hint_prepare. CPython: ~0.1-0.6 s solo, up to ~8 s with others.)
HINT_MEASURE = 60
HINT_AFFORD_MS = 3000.0
HINT_LIMIT_MS = 5000.0


@dataclass
class Thought:
    """A bot's decision under way, for one moment of one game (void once it moves)."""

    game: Game
    moves: int
    last: Any  # the game's last move (an undo and another move make another moment)
    seat: int
    thinking: Thinking

    def holds(self, game: Game | None, seat: int) -> bool:
        """Whether this is still the decision of ``seat`` in ``game`` as it is now."""
        return (game is self.game and len(game.moves) == self.moves and seat == self.seat
                and (game.moves[-1] if game.moves else None) is self.last)


def thought(game: Game, seat: int, bot: Bot, view: GameView) -> Thought:
    """The decision of ``bot`` in ``view``, begun (a search) or made (any other)."""
    if isinstance(bot, Expert):
        thinking = bot.begin(view)
    else:
        thinking = Thinking(made=(bot.decide(view), bot.reason))
    return Thought(game, len(game.moves), game.moves[-1] if game.moves else None, seat,
                   thinking)


@dataclass
class HintShown:
    """A hint asked for one decision (void once the game shown moves)."""

    game: Game
    moves: int
    player: int
    record: Hint | None  # tm.bots.hint.hint's answer (None: the expert is still thinking)
    index: int | None  # the choice's place in the listed choices (None: not listed)
    view: GameView | None = None  # the person's view (while the expert thinks)
    advising: Advising | None = None  # the expert's judgement, under way
    expert: bool = False  # the expert's judgement (not the hard bot's ranking)
    asked: bool = True  # asked for (not only prepared while the person looks)


@dataclass
class BotState:
    """The page's bots: one :class:`Bot` per seat (they keep a little memory: the random
    level's stream, a guard against going round in circles), the hint shown, counters."""

    bots: dict[tuple[int, str, int], Bot] = field(default_factory=dict)
    hint: HintShown | None = None
    # the hint givers of the game shown, by player (they remember the purchase advised)
    advisers: tuple[Any, dict[int, Adviser]] = (None, {})
    thought: Thought | None = None  # a bot's decision under way (a search in slices)
    pace: float = 1.0  # the page's pace of bot moves (0: as fast as they come; tests)
    hint_search: bool = True  # the hint may ask the expert's search (tests: ?hintsearch=0)
    # the game (its options) in which the person asked for a hint: only then is the next one
    # thought before it is asked (a phone that is never asked spends no battery on it)
    hint_wanted: Any = None
    moves: int = 0  # bot decisions made in this page
    fallbacks: int = 0  # decisions a bot failed to make (answered with the first choice)
    last_kind: str = ""  # the kind of the last bot decision
    error: str = ""  # what went wrong in the last decision a bot failed to make
    challenge: tuple[Any, bool] = (None, False)  # (options looked at, a daily challenge's)


class BotsController(Controller):
    """Seats played by bots, their turns in slices, hints."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = BotState()

    def actions(self) -> Actions:
        return {"hint": self.hint, "hint_close": self.hint_close,
                "hint_apply": self.hint_apply}

    # ------------------------------------------------------------ seats
    def has_bots(self) -> bool:
        return any(bot_levels(self.shown.game))

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
            self.shown.notice = t("bots.by_link")
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
        game, host = self.shown.game, self.host
        if (game is None or game.is_over or self.shown.replay is not None
                or not self.has_bots() or host.staged() is not None or host.undo_asking()
                or host.by_link()):
            return None
        for player, _ in game.pending:
            if is_bot(game, player):
                return player
        return None

    def bot_delay(self) -> float:
        """Milliseconds before the next bot decision (the page's pace applied)."""
        seat, game = self.bot_turn(), self.shown.game
        if seat is None or game is None:
            return 0.0
        prompt = game.prompt_for(seat)
        kind = prompt.kind if prompt is not None else ""
        if kind in SECRET_KINDS:
            base = PACE_SECRET
        elif kind == "action":
            base = PACE_ACTION
        else:
            base = PACE_STEP
        return base * self.state.pace

    def _bot_for(self, game: Game, seat: int) -> Bot:
        level = bot_levels(game)[seat]
        key = (seat, level, int(game.state.options.bot_seed))
        bot = self.state.bots.get(key)
        if bot is None:
            bot = self.state.bots[key] = make_bot(level, key[2])
        return bot

    def thinking(self) -> bool:
        """Whether a bot's search is under way for the decision due now (its next slice
        comes without the pace's pause)."""
        shown = self.state.thought
        seat = self.bot_turn()
        return seat is not None and shown is not None and shown.holds(self.shown.game, seat)

    def bot_step(self, decisions: int | None = None) -> bool:
        """One decision of the bot that must decide now; whether a bot moved. A searching
        bot thinks at most ``decisions`` rollout decisions first (None: to the end) and
        moves once its search is done. A bot that fails (an error, a choice the game
        refuses) is answered with its first listed choice, always legal: the game goes on
        (counted in ``state.fallbacks``)."""
        seat = self.bot_turn()
        game = self.shown.game
        if seat is None or game is None:
            self.state.thought = None
            return False
        prompt = game.prompt_for(seat)
        assert prompt is not None
        try:
            if not self.thinking():
                self.state.thought = thought(game, seat, self._bot_for(game, seat),
                                             game.view(seat))
            assert self.state.thought is not None
            thinking = self.state.thought.thinking
            choice = thinking.finish() if decisions is None else thinking.step(decisions)
            if choice is None:
                return False  # still thinking
            self.state.thought = None
            game.respond(seat, choice)
        except Exception:  # (a bot's mistake must not stop the game: the page says so)
            self.state.thought = None
            self.state.fallbacks += 1
            self.state.error = traceback.format_exc()
            game.respond(seat, prompt.choices()[0])
        self.state.moves += 1
        self.state.last_kind = prompt.kind
        self.host.committed()
        self.host.refresh_screen()
        if self.bot_turn() is None and self.shown.screen == "game":
            self.host.start_recap(self.shown.viewer)  # the bots are done: what they did
        return True

    def run_bots(self, limit: int = 100_000) -> int:
        """Every bot decision due now, at once (tests, and the page's slices at pace 0);
        how many were made."""
        made = 0
        while made < limit and self.bot_step():
            made += 1
        return made

    # ------------------------------------------------------------ hints
    def can_hint(self) -> bool:
        """Whether the Hint button shows: a person's decision, not a daily challenge."""
        return (self.host.current() is not None and not self.is_challenge()
                and not self.host.sealed_active())  # (the bots know no tokens' cards)

    def is_challenge(self) -> bool:
        """Whether the game shown is a daily challenge, however it was opened (a result
        link continued, the form's options): no hint is offered in one (R-OWN-1)."""
        game = self.shown.game
        if self.shown.meta.daily:
            return True
        if game is None:
            return False
        options = game.state.options
        key = (options.seed, options.players, tuple(options.names), options.strict_undo)
        if self.state.challenge[0] != key:  # (looked up once per game)
            latest = self.host.today() or daily.FIRST_DATE.isoformat()
            self.state.challenge = (key, daily.date_of(options, latest) is not None)
        return self.state.challenge[1]

    def hint(self, data: dict[str, Any]) -> None:
        """The best few choices in the person's place, from their own view, as the expert
        judges them (:class:`tm.bots.advice.Adviser`): at once where it does not search,
        else thought in slices (:meth:`hint_step`), or already thought while the person
        looked (:meth:`hint_prepare`)."""
        decision = self.host.current()
        game = self.host.shown_game()
        if decision is None or game is None or self.is_challenge():
            return
        self.state.hint_wanted = game.state.options
        prepared = self._hint_current()
        if prepared is not None:
            prepared.asked = True
            return
        player, _ = decision
        view = game.view(player)
        shown = HintShown(game, len(game.moves), player, None, None, view)
        self.state.hint = shown
        if not self.state.hint_search:
            self._hint_made(shown, hint(view))
        else:
            self.hint_step(0)  # (begun: made at once where the expert does not search)

    def hint_prepare(self) -> bool:
        """Begin thinking the hint of the person's decision shown before it is asked for
        (off the click path: the page thinks it in slices while the person looks), when
        no bot must decide and the person has asked for one in this game; whether a hint
        is being thought."""
        game = self.host.shown_game()
        if game is None or self.state.hint_wanted != game.state.options:
            return self.hint_thinking()
        if (not self.state.hint_search or self._hint_current() is not None
                or self.bot_turn() is not None or not self.can_hint()):
            return self.hint_thinking()
        decision = self.host.current()
        game = self.host.shown_game()
        if decision is None or game is None:
            return False
        player = decision[0]
        self.state.hint = HintShown(game, len(game.moves), player, None, None,
                                    game.view(player), asked=False)
        return True

    def _adviser(self, game: Game, player: int) -> Adviser:
        """The hint giver of ``player`` in ``game`` (it remembers the purchase it advised)."""
        if self.state.advisers[0] is not game:
            self.state.advisers = (game, {})
        found = self.state.advisers[1].get(player)
        if found is None:
            found = self.state.advisers[1][player] = Adviser(HINT_SEED)
        return found

    def hint_step(self, decisions: int | None = None) -> bool | None:
        """Think the hint on for at most ``decisions`` rollout decisions (None: to the end;
        its first call begins it); whether it is done (None: no hint is being thought)."""
        shown = self._hint_current()
        if shown is None or shown.record is not None or shown.view is None:
            return None
        try:
            if shown.advising is None:
                shown.advising = self._adviser(shown.game, shown.player).begin(shown.view)
                if decisions is not None and shown.advising.hint is None:
                    return False
            advising = shown.advising
            made = advising.finish() if decisions is None else advising.step(decisions)
        except Exception:  # (a search that fails: the hard ranking)
            self._hint_made(shown, hint(shown.view))
            return True
        if made is None:
            return False
        self._hint_made(shown, made, expert=True)
        return True

    def hint_give_up(self) -> None:
        """The hint thought too long for this device: the hard bot's ranking instead."""
        shown = self.hint_shown()
        if shown is not None and shown.record is None and shown.view is not None:
            self._hint_made(shown, hint(shown.view))

    def hint_affordable(self, spent_ms: float, waited_ms: float | None = None) -> bool:
        """Whether the hint's search may go on after ``spent_ms`` of work on this device,
        ``waited_ms`` of it since the person asked (see :data:`HINT_AFFORD_MS`)."""
        shown = self._hint_current()
        played = shown.advising.played if shown and shown.advising else 0
        if (spent_ms if waited_ms is None else waited_ms) > HINT_LIMIT_MS:
            return False
        left = max(0, self._hint_budget() - played)
        return played < HINT_MEASURE or spent_ms / played * left <= HINT_AFFORD_MS

    def _hint_budget(self) -> int:
        """The rollout decisions a whole hint search may play in the game shown."""
        game = self.shown.game
        return Budget().limit(len(game.state.players) if game is not None else 1)

    def hint_thinking(self) -> bool:
        """Whether a hint (asked for, or prepared) is still being thought."""
        shown = self._hint_current()
        return shown is not None and shown.record is None

    def hint_asked(self) -> bool:
        """Whether the hint being thought or shown was asked for (not only prepared)."""
        return self.hint_shown() is not None

    def _hint_made(self, shown: HintShown, record: Hint, expert: bool = False) -> None:
        """The hint's record (``expert``: the expert's judgement; else the hard bot's
        ranking, on a device too slow for it or where tests ask for it)."""
        decision = self.host.current()
        shown.advising, shown.expert = None, expert
        shown.record = record
        choices = [c.to_dict() for c in decision[1].choices()] if decision else []
        shown.index = choices.index(record["choice"]) if record["choice"] in choices else None

    def hint_close(self, data: dict[str, Any]) -> None:
        shown = self.hint_shown()
        if shown is not None:  # (kept, thought on: asked again, it shows at once)
            shown.asked = False

    def hint_apply(self, data: dict[str, Any]) -> None:
        """Answer with the hint's choice, as a click on it would (an action it completes
        waits for its Confirm as usual); a purchase: every pick of it (its Done is the
        person's)."""
        shown = self.hint_shown()
        decision = self.host.current()
        self.state.hint = None
        if shown is None or decision is None or shown.index is None or shown.record is None:
            return
        player, prompt = decision
        if player != shown.player:
            return
        self.host.respond(player, prompt.choices()[shown.index].to_dict())
        cards = shown.record["options"][0].get("cards")
        for _ in range(len(cards or ())):  # the purchase's other picks
            decision = self.host.current()
            if decision is None or decision[0] != player:
                return
            game = self.host.shown_game()
            asked = game.view(player)["you"]["decision"] if game is not None else None
            if asked is None:
                return
            picked = list(asked["data"].get("picked") or ())
            step = step_towards(asked["choices"], picked, list(cards or ()))
            if step is None or step["type"] == "done":
                return
            self.host.respond(player, step)

    def hint_shown(self) -> HintShown | None:
        """The hint asked for, while its decision is still the one shown."""
        shown = self._hint_current()
        return shown if shown is not None and shown.asked else None

    def _hint_current(self) -> HintShown | None:
        """The hint asked for or prepared, while its decision is still the one shown."""
        shown = self.state.hint
        game = self.host.shown_game()
        if shown is None:
            return None
        decision = self.host.current()
        if (game is not shown.game or game is None or len(game.moves) != shown.moves
                or decision is None or decision[0] != shown.player):
            self.state.hint = None
            return None
        return shown

    # ------------------------------------------------------------ the screen model
    def snapshot(self) -> BotsShown | None:
        """The screen's part about bots (None in a game without them and no hint)."""
        game = self.shown.game
        if game is None:
            return None
        shown = self.hint_shown()
        levels = bot_levels(game)
        if not any(levels) and shown is None and not self.can_hint():
            return None
        return BotsShown(levels=levels, thinking=self.bot_turn(), can_hint=self.can_hint(),
                         hint=shown.record if shown else None,
                         hint_index=shown.index if shown else None,
                         hint_player=shown.player if shown else None,
                         hint_thinking=bool(shown and shown.record is None),
                         hint_expert=bool(shown and shown.expert))

