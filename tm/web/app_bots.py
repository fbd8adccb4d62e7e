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

The hint (:mod:`tm.web.app_hints`) is thought in the same slices.
"""
from __future__ import annotations

import traceback
from collections.abc import Mapping
from typing import Any

from tm.bots import PLAYING_LEVELS, Bot
from tm.bots.advice import SEED as HINT_SEED
from tm.bots.expert import make_bot
from tm.game import Game
from tm.web.app_base import Actions, Host, bot_levels, is_bot
from tm.web.app_hints import HINT_AFFORD_MS, HINT_LIMIT_MS, HINT_MEASURE, HintActions
from tm.web.bots_state import BotState, HintShown, Thought, thought
from tm.web.i18n import t
from tm.web.model import BotsShown

__all__ = ["HINT_AFFORD_MS", "HINT_LIMIT_MS", "HINT_MEASURE", "HINT_SEED", "BotState",
           "BotsController", "BotsShown", "HintShown", "Thought", "thought"]  # (re-exported)

# Milliseconds before a bot's decision, by what it decides (times the page's pace, 1.0):
# an action the others watch, a step inside one (pay, place, pick a target), and a secret
# choice (setup, drafting, buying cards) nobody sees being made.
PACE_ACTION = 650.0
PACE_STEP = 180.0
PACE_SECRET = 0.0
SECRET_KINDS = ("setup", "cards")
SLICE_MS = 35.0  # decisions made in one slice between frames when no pause is due
AFTER_PERSON_MS = 60.0  # a person's click is drawn before the bots go on


class BotsController(HintActions):
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
