"""Playing the game shown: whose decision shows, the hand-off between players, a click
on a choice or a space, and the action under way staged on a copy (:mod:`tm.web.app_stage`)
until it is complete or confirmed: the play controller of :class:`tm.web.app.App`."""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from tm.bots import Bot
from tm.core.contract import Choice
from tm.core.errors import IllegalMove
from tm.game import Game
from tm.web.app_base import Actions, Controller, Host, is_bot, person_seats
from tm.web.app_stage import (
    Spare,
    Stage,
    at_once,
    default_payment,
    held_alone,
    starts_action,
)
from tm.web.i18n import t
from tm.web.log_html import LOG_DEPTH, log_depth_after
from tm.web.model import PendingPrompt, ViewCache


@dataclass
class PlayState:
    """The play controller's own state."""

    stage: Stage | None = None  # an action under way, not yet sent to the game
    spare: Spare = field(default_factory=Spare)  # a copy made ahead for the next stage
    log_depth: int = LOG_DEPTH  # generations of the log on screen ("earlier" adds more)
    open_tableaux: frozenset[int] = frozenset()  # others' played cards the viewer opened
    views: ViewCache = field(default_factory=ViewCache)  # the last views, kept while the
    # game does not move


class PlayController(Controller):
    """Decisions, the hand-off, and the staged action (Cancel, Confirm)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = PlayState()

    def actions(self) -> Actions:
        return {"choose": self.choose, "place": self.place, "reveal": self.reveal,
                "answer_first": self.answer_first, "answer_bot": self.answer_bot,
                "cancel": self.cancel,
                "confirm_action": self.confirm_action, "log_earlier": self.log_earlier,
                "toggle_tableau": self.toggle_tableau}

    # ------------------------------------------------------------ staging
    def staged(self) -> Stage | None:
        """The action under way on the game shown (a stage of a game since replaced by
        undo, another tab, the menu or a load is void and dropped)."""
        stage, shown = self.state.stage, self.shown
        if stage is not None and (shown.game is None or stage.base is not shown.game
                                  or shown.replay is not None or stage.lone
                                  and not held_alone(stage.base, stage.player,
                                                     stage.steps[0])):
            self.state.stage = None  # (settled or passed meanwhile: the held answer is void)
        return self.state.stage

    def shown_game(self) -> Game | None:
        """The game on screen: the staged copy while an action is under way."""
        stage = self.staged()
        return stage.game if stage is not None else self.shown.game

    def drop_stage(self) -> None:
        """The action under way is void (its game was replaced or moved)."""
        self.state.stage = None

    def stage_back(self) -> None:
        """Undo within the action under way: its last decision taken back (its first:
        the whole action, as Cancel). A payment it comes back to starts afresh."""
        stage = self.staged()
        if stage is None:
            return
        if not stage.back():
            self.state.stage = None
            return
        default_payment(stage)

    def stage_record(self) -> str | None:
        """The action under way as this tab keeps it over a reload (JSON: the saved game,
        its moves, the player, the steps, and ``lone`` for one answer held on its own);
        None when nothing is staged on a saved game."""
        stage, shown = self.staged(), self.shown
        if stage is None or shown.save_id is None or stage.base.state.options.sealed:
            return None
        return json.dumps({"save": shown.save_id, "moves": len(stage.base.moves),
                           "player": stage.player, "lone": stage.lone,
                           "steps": [unlabelled(step) for step in stage.steps]},
                          separators=(",", ":"))

    def restore_stage(self, text: str) -> None:
        """After a reload: the action that was under way (:meth:`stage_record`) staged again
        on the game just reopened, held for its Confirm if it was; the page says it is
        back, or that it could not be (the game moved on meanwhile)."""
        try:
            record = json.loads(text)
        except ValueError:
            return
        game, shown = self.shown.game, self.shown
        if not isinstance(record, dict) or game is None or record.get("save") != shown.save_id \
                or self.staged() is not None:
            return
        stage = _staged_again(game, record)
        if stage is None:
            shown.info = t("stage.lost")
            return
        self.state.stage = stage
        shown.viewer, shown.info = stage.player, t("stage.restored")

    def cancel(self, data: dict[str, Any]) -> None:
        """Drop the action under way: the game never saw it."""
        self.state.stage = None

    def confirm_action(self, data: dict[str, Any]) -> None:
        """The held action confirmed: it reaches the game."""
        stage = self.staged()
        if stage is not None and stage.held:
            if not self.host.sealed_active():  # (a sealed game's steps are posted, and
                stage.confirm()  # played again there: the held one needs no copy here)
            self._commit_stage(stage)

    def _commit_stage(self, stage: Stage) -> None:
        if self.host.sealed_active():  # played again on the sealed game: posted, then
            self.state.stage = None  # (its dealer is this device's)
            self.host.sealed_respond([unlabelled(step) for step in stage.steps])
            return
        self.shown.game, self.state.stage = stage.game, None
        self.host.committed()

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
        pending = [(p, q) for p, q in game.pending if not is_bot(self.shown.game, p)]
        if self.host.sealed_active() and not self.host.sealed_can_decide():
            return None  # its cards are not readable yet, or the shuffle is under way
        if self.host.by_link():  # each device answers only its own seat's decisions
            return self.host.seat_decision(pending)
        for player, prompt in pending:
            if player == self.shown.viewer:
                return player, prompt
        return pending[0] if pending else None

    def refresh_screen(self) -> None:
        """Which screen shows now."""
        shown = self.shown
        if shown.game is None:
            shown.screen = "start"
            return
        if shown.replay is not None:
            shown.screen = "replay"
            return
        linkplay = self.host.linkplay_screen()
        if linkplay is not None:  # played by link: this device's seat, always
            shown.screen = linkplay
            return
        decision = self.current()
        people = person_seats(shown.game)
        if decision is None:
            shown.screen = "game"
            if len(people) == 1:  # a bot decides: the one person goes on watching
                shown.viewer = people[0]
            return
        player = decision[0]
        if len(people) == 1:
            shown.viewer = player
        undoing = self.host.undoing()
        shown.screen = "handoff" if player != shown.viewer and not undoing else "game"

    def choose(self, data: dict[str, Any]) -> None:
        """A listed choice clicked (``index``): the choice the page drew, answered in the
        engine's form. A sealed game's view lists this device's cards by name (its named
        copy); the engine's responses carry their tokens (``Game.as_response``)."""
        decision = self.current()
        game = self.shown_game()
        if decision is None or game is None:
            return
        player, prompt = decision
        choices = self.state.views.listed(game, player)
        if choices is None:
            choices = [c.to_dict() for c in prompt.choices()]
        index = _index(data.get("index"))
        if index is None or not 0 <= index < len(choices):
            return
        self.respond(player, game.as_response(copy.deepcopy(choices[index])))

    def place(self, data: dict[str, Any]) -> None:
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
            self.respond(player, row.to_dict())  # (the held action words its steps)
            game = self.shown_game()
            assert game is not None
            prompt = game.prompt_for(player) or prompt
        spot = next(c for c in prompt.choices() if c.get("space") == space)
        self.respond(player, spot.to_dict())

    def log_earlier(self, data: dict[str, Any]) -> None:
        """Show earlier generations of the log."""
        self.state.log_depth = log_depth_after(self.state.log_depth)

    def toggle_tableau(self, data: dict[str, Any]) -> None:
        """Open or fold another player's played cards (drawn only while open: a 5-player
        game's screen is some 300 elements lighter with them folded)."""
        try:
            seat = int(data.get("player", -1))
        except (TypeError, ValueError):
            return
        if 0 <= seat < 8:
            self.state.open_tableaux ^= {seat}

    def reveal(self, data: dict[str, Any]) -> None:
        decision = self.current()
        if decision is not None:
            self.shown.viewer = decision[0]
            self.host.start_recap(decision[0])

    def _hook_decision(self) -> tuple[int, PendingPrompt] | None:
        """For the test hooks: a held staged action is confirmed (None: that was the move);
        else the decision waiting, (player, prompt), shown from its player's seat."""
        stage = self.staged()
        if stage is not None and stage.held:
            self.confirm_action({})
            return None
        decision = self.current()
        if decision is not None:
            self.shown.viewer = decision[0]
        return decision

    def answer_first(self, data: dict[str, Any]) -> None:
        """Test hook: answer the waiting prompt with a listed choice that heads for its end
        (see :func:`finishing_choice`): one move per call, and repeated calls finish."""
        decision = self._hook_decision()
        if decision is None:
            return
        player, prompt = decision
        # One move per call, as tests count them: staged only inside an action under way.
        self.respond(player, finishing_choice(prompt).to_dict(),
                     stage=self.staged() is not None)

    def answer_bot(self, data: dict[str, Any]) -> None:
        """Test hook: answer the waiting decision as the hard bot would from the viewer's
        view (a game with people at every seat then ends, as played by link)."""
        decision = self._hook_decision()
        if decision is None:
            return
        player, prompt = decision
        game = self.shown_game()
        assert game is not None
        view = game.view(player)
        listed = Bot("hard", 1000 + player).decide(view)
        asked = view["you"]["decision"]
        assert asked is not None
        index = asked["choices"].index(listed)
        self.respond(player, dict(prompt.choices()[index].response),
                     stage=self.staged() is not None)

    def respond(self, player: int, response: dict[str, Any], stage: bool = True) -> None:
        """Answer on the staged copy while an action is under way (an answer at the action
        menu starts one); otherwise, or once the action is complete, on the game."""
        game = self.shown.game
        assert game is not None
        staged = self.staged()
        if staged is None and stage and held_alone(game, player, response):
            self.state.stage = Stage.settling(game, player, response)  # (IllegalMove: none)
            return
        if staged is None and stage and starts_action(game, player) and not at_once(response):
            staged = Stage.begin(game, player, self.state.spare)
        if staged is None:
            if self.host.sealed_active():
                self.host.sealed_respond([unlabelled(response)])
                return
            game.respond(player, response)
            self.host.committed()
            return
        staged.respond(response)  # IllegalMove: the copy is unchanged, nothing staged
        self.state.stage = staged
        if not staged.is_complete():
            default_payment(staged)
        elif staged.needs_confirm():
            staged.hold()
        else:
            self._commit_stage(staged)

    def prepare_stage(self) -> None:
        """After a frame, when the viewer's next answer would start an action: the copy
        that action's stage needs, made ahead (:class:`Spare`). Nothing is shown."""
        game, shown = self.shown.game, self.shown
        if game is None or shown.screen != "game" or shown.replay is not None \
                or self.staged() is not None:
            return
        decision = self.current()
        if decision is not None and not is_bot(game, decision[0]) \
                and starts_action(game, decision[0]):
            self.state.spare.make(game)


def _staged_again(game: Game, record: dict[str, Any]) -> Stage | None:
    """The kept steps of an action staged again on ``game`` (None: they no longer fit it)."""
    player, steps = record.get("player"), record.get("steps")
    if record.get("moves") != len(game.moves) or not isinstance(steps, list) or not steps \
            or not isinstance(player, int):
        return None
    # One answer held alone: "lone"; "selection" in records made before a Pass was held
    # alone (a selection's Done), and a Pass then kept as an action's one step.
    alone = len(steps) == 1 and held_alone(game, player, steps[0])
    if record.get("lone") is True or record.get("selection") is True or alone:
        if not alone:
            return None
        try:
            return Stage.settling(game, player, steps[0])
        except (IllegalMove, ValueError, TypeError, KeyError):
            return None
    if not starts_action(game, player):
        return None
    stage = Stage.begin(game, player)
    try:
        for step in steps:
            stage.respond(step)
    except (IllegalMove, ValueError, TypeError, KeyError):
        return None
    if not stage.is_complete():
        return stage
    if not stage.needs_confirm():
        return None  # (never kept: such an action went to the game at once)
    stage.hold()
    return stage


def unlabelled(step: dict[str, Any]) -> dict[str, Any]:
    """A step as it is posted: its label, which words it for this page (a sealed game's
    cards by the names this device reads), left out."""
    return {key: value for key, value in step.items() if key != "label"}


def _index(value: Any) -> int | None:
    """A clicked choice's index as the page sends it (anything else: None)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


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
