"""The hint, for the bots controller (:mod:`tm.web.app_bots`).

The hint: the best few choices in the person's place as the expert judges them
(:class:`tm.bots.advice.Adviser` on the person's own view), each with how far it falls
behind the best (VP, solo MC) and its reason; the best is lit in the decision and can be
used, through the usual Confirm of an action. It is thought in slices like a bot's
(:meth:`HintActions.hint_step`), begun before the person asks
(:meth:`HintActions.hint_prepare`: off the click path); a device too slow for it gets
the hard bot's ranking (:meth:`HintActions.hint_give_up`).
"""
from __future__ import annotations

from typing import Any

from tm import daily
from tm.bots.advice import SEED as HINT_SEED
from tm.bots.advice import Adviser, step_towards
from tm.bots.expert import Budget
from tm.bots.hint import Hint, hint
from tm.game import Game
from tm.web.app_base import Controller
from tm.web.bots_state import BotState, HintShown

# A hint's search this device cannot afford gives the hard bot's ranking instead: when the
# work left, projected from its rollout decisions so far (HINT_MEASURE at least) to a whole
# search's budget of decisions, passes HINT_AFFORD_MS, or the person has waited
# HINT_LIMIT_MS of work since asking. (A hint is begun before it is asked for: see
# BotsController.hint_prepare. CPython: ~0.1-0.6 s solo, up to ~8 s with others.)
HINT_MEASURE = 60
HINT_AFFORD_MS = 3000.0
HINT_LIMIT_MS = 5000.0


class HintActions(Controller):
    """The hint's part of the bots controller: asked, thought in slices (ahead too), shown,
    used. (Its state is the controller's :class:`~tm.web.bots_state.BotState`.)"""

    state: BotState

    def bot_turn(self) -> int | None:
        """The bot seat that must decide now (the bots controller's)."""
        raise NotImplementedError

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
