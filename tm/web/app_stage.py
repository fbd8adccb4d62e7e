"""Staging an action in the page: nothing is sent to the game until the action is complete.

When the viewer starts an action (answers an ``action`` prompt), the App answers it, and
the decisions that follow, on a scratch copy of the game (:class:`Stage`) and shows the
copy. The copy takes the place of the real game only when the action is complete (the
player is back at the action menu, someone else must decide, the phase or generation
moved on, or the game ended), or at once when an answer showed hidden information (a card
drawn or revealed: what was seen cannot be taken back). Cancel throws the copy away, so
cancelling takes nothing back from the game: undo, saves, links and other tabs only ever
see complete moves. Undo while an action is under way steps back through its decisions
(:meth:`Stage.back`), on a new copy.

An action whose last answer is not itself a confirmation (a card without payment, Power
Plant, an award, a tile placed) is *held* when complete: the player sees it (the copy after
it, unless it showed hidden information) and confirms or cancels it; only then does it
reach the game.

The page's one rule: a move that spends, places a tile, settles a whole selection or
passes waits for Confirm. So a prelude played (:func:`opens_stage`) is staged like an
action, and the Done that settles a purchase or the setup (:data:`CLOSING_PURPOSES`), a
Pass and the end's "no more greenery" are held on their own (:attr:`Stage.lone`,
:func:`held_alone`), checked but not applied (no copy): the ticks before a Done stay
immediate toggles, and Cancel goes back to them or to the decision. A Pass can end the
generation, whose production is a reveal, or the game, whose end screen has no Undo, as
can the last "no more greenery": a mis-tap must not. A draft pick and End turn spend
nothing and go in at once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tm.bots import pay_step
from tm.core.contract import plays_now
from tm.game import Game
from tm.web.model import PendingPrompt


@dataclass
class Stage:
    """An action under way: the committed game it started from and the scratch copy."""

    base: Game  # the App's game when the action started (the stage is void once it changes)
    game: Game  # the copy the staged answers were applied to
    player: int  # who is acting
    steps: list[dict[str, Any]] = field(default_factory=list)  # the listed choices answered
    counts: list[int] = field(default_factory=list)  # the copy's moves after each step
    held: bool = False  # complete, waiting for the player's Confirm
    preview: bool = True  # held: the copy shows the action done (False: the held answer is
    # not applied yet, as it showed hidden information)
    lone: bool = False  # one answer held for Confirm on its own (a selection's Done, a
    # Pass: :meth:`settling`; ``game`` is ``base`` itself, as nothing is applied before it)

    @classmethod
    def begin(cls, base: Game, player: int, spare: Spare | None = None) -> Stage:
        """A stage for ``player``'s action, on a fresh copy of ``base`` (the spare one
        made ahead, when it is a copy of ``base`` as it is now)."""
        copy = spare.take(base) if spare is not None else None
        return cls(base, copy if copy is not None else base.copy(), player)

    @classmethod
    def settling(cls, base: Game, player: int, answer: dict[str, Any]) -> Stage:
        """A selection's Done or a Pass (:func:`held_alone`; checked: IllegalMove) held for
        Confirm and not applied till then, so on no copy: applying it may show hidden
        information (another's setup, the next generation's cards), end the game, or, in a
        sealed game, need keys that have not arrived; and a late game's copy is slow."""
        prompt = base.prompt_for(player)
        if prompt is None:
            raise ValueError("no decision to settle")
        prompt.check(answer)
        return cls(base, base, player, [answer], [len(base.moves)], held=True, preview=False,
                   lone=True)

    @property
    def answers(self) -> int:
        """How many answers are staged (not yet in the real game)."""
        return len(self.game.moves) - len(self.base.moves)

    def respond(self, response: dict[str, Any]) -> None:
        """Answer the acting player's decision on the copy (IllegalMove: copy unchanged)."""
        self.game.respond(self.player, response)
        self.steps.append(response)
        self.counts.append(len(self.game.moves))

    def needs_confirm(self) -> bool:
        """Whether the complete action waits for a Confirm: its last answer was not one."""
        return bool(self.steps) and self.steps[-1].get("type") not in CONFIRMING

    def hold(self) -> None:
        """Wait for the player's Confirm. Hidden information the last answer showed must
        not be seen before it is kept, nor the end of the game (the end screen has no
        Confirm: it would stand for a game never saved as over): then the copy goes back
        to before that answer."""
        self.held = True
        if self.game.revealed_at == self.base.revealed_at and not self.game.is_over:
            return
        before = self.base.copy()
        for step in self.steps[:-1]:  # the same listed choices again
            before.respond(self.player, step)
        self.game, self.preview = before, False

    def confirm(self) -> None:
        """The held action confirmed: its last answer applied if it was held back (a
        selection's Done or a Pass: to the game itself)."""
        if not self.preview:
            self.game.respond(self.player, self.steps[-1])
        self.held = False

    def back(self) -> bool:
        """Undo within the action: take back its last decision made (a payment, a
        placement, a selection, with every step toward it) and any under way, on a new
        copy. False when that was its first: nothing is left to stage."""
        game, start = self.game, len(self.base.moves)
        end, steps = len(game.moves), len(self.steps)
        under_way = end > start and not game.decided[end - 1]
        if self.held and not self.preview:  # the held answer is not in the copy
            steps -= 1
            cut = game.decision_start(end) if under_way else end
        else:
            cut = game.decision_start(end) if end > start else start
            if under_way and cut > start:
                cut = game.decision_start(cut)
        keep = max((n for n in range(steps + 1) if n == 0 or self.counts[n - 1] <= cut),
                   default=0)
        if keep == 0:
            return False
        again = Stage(self.base, self.base.copy(), self.player)
        for step in self.steps[:keep]:
            again.respond(step)
        self.game, self.steps, self.counts = again.game, again.steps, again.counts
        self.held, self.preview = False, True
        return True

    def is_complete(self) -> bool:
        """Whether the copy must now become the game: the action ended, or it revealed."""
        copy, base = self.game, self.base
        if copy.is_over or copy.revealed_at != base.revealed_at:
            return True  # hidden information seen must be kept, like a finished game
        if (copy.state.phase, copy.state.generation) != (base.state.phase, base.state.generation):
            return True
        prompt = copy.prompt_for(self.player)
        return prompt is None or opens_stage(prompt)


class Spare:
    """A copy of the game made ahead, after a frame is painted, for the next action's
    stage: copying a late game's state is the slowest part of starting an action on a
    phone. Good only for the game object it was made of, as that game still is."""

    def __init__(self) -> None:
        self._made: tuple[Game, int, int, Game] | None = None

    @staticmethod
    def _mark(game: Game) -> tuple[int, int]:
        return len(game.moves), len(game.state.log)

    def make(self, game: Game) -> None:
        """Copy ``game`` now, unless a copy of it as it is now is already kept."""
        if self._made is not None and self._made[0] is game \
                and self._made[1:3] == self._mark(game):
            return
        self._made = (game, *self._mark(game), game.copy())

    def take(self, game: Game) -> Game | None:
        """The kept copy, if it is one of ``game`` as it is now (used once)."""
        made, self._made = self._made, None
        if made is None or made[0] is not game or made[1:3] != self._mark(game):
            return None
        return made[3]


# Answers that are themselves the player's confirmation (a payment, a selection's Done):
# an action ending on one is not asked about again. Ending the turn changes nothing.
CONFIRMING = frozenset({"confirm", "done", "end_turn"})
# Answers that change nothing and are a whole move by themselves: they go to the game at
# once, never staged (the page's one rule), so no copy of the game is made for them. (A
# Pass is held alone instead: :func:`held_alone`.)
AT_ONCE = frozenset({"end_turn"})
# Decisions outside the action menu whose answer starts a move staged like an action: a
# greenery of the game's end, and a card played at once (an expansion's vocabulary names
# them: a prelude played may spend, gain and place tiles).
OPENING_PURPOSES = frozenset({"final_greenery"})
# Selections whose Done settles what the player buys or starts with: held for Confirm.
CLOSING_PURPOSES = frozenset({"buy_cards", "setup"})


def opens_stage(prompt: PendingPrompt) -> bool:
    """Whether answering ``prompt`` starts a staged move (the menu, or a prelude's like)."""
    return (prompt.kind == "action" or prompt.purpose in OPENING_PURPOSES
            or plays_now(prompt.purpose))


def starts_action(game: Game, player: int) -> bool:
    """Whether an answer of ``player`` now starts a staged move (their decision is the
    action menu, or one like it: :func:`opens_stage`)."""
    prompt = game.prompt_for(player)
    return prompt is not None and opens_stage(prompt)


def at_once(response: dict[str, Any]) -> bool:
    """Whether ``response`` goes in with no stage: End turn."""
    return response.get("type") in AT_ONCE


def declines_greenery(game: Game, player: int, response: Any) -> bool:
    """Whether ``response`` is ``player``'s "no more" at the end's greeneries (R-END-1):
    the option listed as ``["done"]`` of a ``final_greenery`` decision."""
    if not isinstance(response, dict) or response.get("type") != "option":
        return False
    prompt = game.prompt_for(player)
    if prompt is None or prompt.purpose != "final_greenery":
        return False
    options, chosen = prompt.data.get("options") or [], response.get("option")
    return isinstance(chosen, int) and 0 <= chosen < len(options) \
        and list(options[chosen]) == ["done"]  # (the asked data is frozen: tuples)


def closes_selection(game: Game, player: int, response: Any) -> bool:
    """Whether ``response`` is the Done settling a purchase or the setup of ``player``."""
    if not isinstance(response, dict) or response.get("type") != "done":
        return False
    prompt = game.prompt_for(player)
    return prompt is not None and prompt.purpose in CLOSING_PURPOSES


def held_alone(game: Game, player: int, response: Any) -> bool:
    """Whether ``response`` of ``player`` is held for Confirm on its own, unapplied
    (:meth:`Stage.settling`): the Done settling a purchase or the setup, a Pass, or the
    end's "no more greenery" (it may end the game, whose end screen has no Undo)."""
    if isinstance(response, dict) and response.get("type") == "pass":
        return starts_action(game, player)  # (a Pass is listed only at the action menu)
    return closes_selection(game, player, response) or declines_greenery(
        game, player, response)


def held_steps(stage: Stage | None) -> tuple[dict[str, Any], ...]:
    """What a held stage shows for its Confirm: the action's answers; for a selection,
    its Done in words of its purpose and the cards it takes (the selection's own listed
    choices, as this device reads them, worded for the panel), read from the game before
    it."""
    if stage is None or not stage.held:
        return ()
    if stage.lone and declines_greenery(stage.base, stage.player, stage.steps[0]):
        return ({**stage.steps[0], "label": {"key": "final_greenery_done"}},)
    if not stage.lone or stage.steps[0].get("type") != "done":  # (an action, a Pass)
        return tuple(stage.steps)
    prompt = stage.base.prompt_for(stage.player)
    if prompt is None:
        return tuple(stage.steps)
    shown: list[dict[str, Any]] = []
    for choice in prompt.choices():
        label = dict(choice.label)
        if choice.type == "done":  # (first: the panel's title)
            if prompt.purpose != "setup":
                label.update(key="selection_done", purpose=prompt.purpose)
            shown.insert(0, {**choice.to_dict(), "label": label})
        elif choice.type in ("unpick", "unkeep"):  # a card bought, or kept of an offer
            label["key"] = "card" if choice.type == "unpick" else "keep"
            shown.append({**choice.to_dict(), "label": label})
    if not shown or shown[0].get("type") != "done":  # (its Done no longer listed)
        return tuple(stage.steps)
    return tuple(shown)


# ---------------------------------------------------------------- the payment's start
STEPS_AT_MOST = 60  # listed steps setting a payment's start (mostly one or two a resource)


def default_payment(stage: Stage) -> None:
    """A payment just asked starts where a player would: steel, titanium and whatever else
    may pay before MC, MC last, as the hint pays (:func:`tm.bots.pay_step`, through the
    listed steps of the payment). Set on the copy: nothing reaches the game."""
    game, player = stage.game, stage.player
    prompt = game.prompt_for(player)
    if prompt is None or prompt.kind != "pay" or any(prompt.data["use"].values()):
        return
    if stage.steps and stage.steps[-1].get("type") == "use":
        return  # the player's own amounts (all back to none, say): left as they are
    me = game.state.players[player]
    held = {**me.res, **me.card_res}
    for _ in range(STEPS_AT_MOST):
        choices = [c.to_dict() for c in prompt.choices()]
        step = pay_step(prompt.data, choices, held)
        if step is None or choices[step]["type"] != "use":
            return
        stage.respond(choices[step])
        prompt = game.prompt_for(player)
        if prompt is None or prompt.kind != "pay":
            return
