"""What the page adds on top of play: share links, undo/redo, live scores, the replay viewer
(the share controller of :class:`tm.web.app.App`).

Undo takes back one decision a player made, never a step toward it: an action under way
steps back through its decisions (the payment, the placement ...; see
:meth:`tm.web.app_stage.Stage.back`); a move made takes back what its player did at once
(an action with its payment and placements, a selection with its picks:
:meth:`tm.game.Game.action_start`). In a game with bots Undo takes a person back to their
own last decision: the bots' moves after it go too, without asking as if they were
another person's; redo puts the person's move back with the bots' answers after it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tm import daily
from tm.core.errors import IllegalMove, reason_of
from tm.game import Game
from tm.linkplay import links
from tm.web.app_base import Actions, Controller, Host, bot_levels, is_bot, person_seats
from tm.web.error_text import error_text
from tm.web.i18n import card_name, has, t
from tm.web.model import ReplayAt
from tm.web.replay import Replay
from tm.web.saves import SaveMeta

__all__ = ["Replay", "ShareController", "rules_notice"]  # (Replay: tm/web/replay.py)


def rules_notice(game: Game | None) -> str | None:
    """In plain words, why a game just opened does not replay as it was played."""
    if game is None or not game.rules_changed:
        return None
    lines = []
    for note in game.rules_changed:
        key = str(note.get("key"))
        if key == "rules_changed_cards":
            lines.append(t("rules.changed_cards", cards=t("list.and").join(
                card_name(c) for c in note.get("cards") or [])))
        else:
            message = f"rules.{key.removeprefix('rules_')}"
            lines.append(t(message if has(message) else "rules.changed"))
    return " ".join(lines)


def _link_reason(error: links.LinkError) -> str:
    """Why a link cannot be opened, in plain words: an engine refusal of the options it
    holds (out of range) is named, not reduced to the name of its exception."""
    cause, found = error.__cause__, reason_of(error)
    if type(cause) is ValueError and str(cause) and found and found.key == "link.options_not_game":
        return t("link.not_allowed", reason=error_text(cause))
    return error_text(error)


@dataclass
class ShareState:
    """The share controller's own state."""

    show_scores: bool = False
    undo_ask: bool = False  # asking before taking back another player's move
    undoing: bool = False  # taking back moves in a row: one hand-off when done
    undo_confirmed: bool = False  # in this run, taking back others' moves was confirmed
    link_copied: bool = False  # the clipboard took the shown link (the page says "Copied")


# Actions that go on with taking back moves (any other ends the run and its question).
UNDO_ACTIONS = frozenset({"undo", "undo_confirm", "undo_keep", "redo", "toggle_scores",
                          "share", "close_share"})


class ShareController(Controller):
    """Share, open a link, undo and redo, scores, replay."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = ShareState()

    def actions(self) -> Actions:
        return {"share": self.share, "close_share": self.close_share,
                "open_link": self.open_link, "continue_link": self.continue_link,
                "undo": self.undo, "undo_confirm": self.undo_confirm,
                "undo_keep": self.undo_keep, "undo_done": self.undo_done, "redo": self.redo,
                "toggle_scores": self.toggle_scores, "replay": self.replay,
                "replay_step": self.replay_step, "replay_generation": self.replay_generation,
                "replay_to": self.replay_to, "replay_exit": self.replay_exit,
                "replay_branch": self.replay_branch}

    def before(self, action: str) -> None:
        """Any action but these ends a run of undos and its question; every action
        closes the "Copied" note."""
        if action not in UNDO_ACTIONS:
            self.state.undo_ask = self.state.undoing = self.state.undo_confirmed = False
        self.state.link_copied = False

    def replay_at(self) -> ReplayAt | None:
        """Where the replay viewer stands, frozen (None: not replaying)."""
        replay = self.shown.replay
        if replay is None:
            return None
        return ReplayAt(replay.pos, len(replay.moves), replay.generations[replay.pos])

    # ------------------------------------------------------------ links
    def link_url(self, game: Game) -> str:
        """The full URL that opens ``game`` at its current point."""
        return f"{self.host.base_url}#{links.encode(game)}"

    def share(self, data: dict[str, Any]) -> None:
        if self.shown.game is not None and not self.shown.game.state.options.sealed:
            self.shown.share_link = self.link_url(self.shown.game)

    def close_share(self, data: dict[str, Any]) -> None:
        self.shown.share_link = None

    def open_link(self, data: dict[str, Any]) -> None:
        shown = self.shown
        # Whatever was on screen goes (it is saved already, or was itself an unsaved link):
        # a replay or share dialog of it must not outlive it.
        shown.replay, shown.share_link, shown.redo_moves, shown.viewer = None, None, [], None
        text = str(data.get("text") or "")
        if text.lstrip("#").startswith("s="):  # a sealed game's link (hands secret)
            self.host.open_sealed_link(text.lstrip("#"))
            return
        try:
            game = links.decode(text)
        except links.LinkError as error:
            shown.notice = t("link.bad", reason=_link_reason(error))
            shown.game, shown.save_id, shown.from_link = None, None, False
            return
        _, params = links.split_params(text)
        shown.info = None
        if self.host.open_link_played(game, params):  # played by link: this device's seat
            # (what opening it said first: a seat moved to a new device)
            shown.info = " ".join(filter(None, [shown.info, rules_notice(game)])) or None
            return
        names = [pl.name for pl in game.state.players]
        shown.game, shown.meta, shown.save_id = game, SaveMeta(names=names), None
        shown.from_link = True
        shown.info = rules_notice(game)
        if "d" not in params:
            return
        if daily.is_challenge(params["d"], game.state.options):
            shown.info = " ".join(filter(None, [t("daily.playing", date=params["d"]),
                                                shown.info]))
        else:  # played otherwise (undo past a reveal, other options): no result of it (R-OWN-1)
            shown.notice = t("daily.not_result", date=params["d"][:10])

    def continue_link(self, data: dict[str, Any]) -> None:
        if self.shown.game is None:
            return
        self.shown.from_link = False
        self.shown.save_id = self.host.new_save_id("link")
        self.host.autosave()

    # ------------------------------------------------------------ undo
    def can_replay(self) -> bool:
        """Whether the game can be stepped through from its start (not when it continues
        from a stored state because the rules changed: its early moves replay otherwise)."""
        game = self.shown.game
        return (game is not None and bool(game.moves) and not game.base_moves
                and not game.state.options.sealed)  # (its moves name no card: tokens)

    def can_undo(self) -> bool:
        """Whether the current game has a move that may be taken back (with bots: a
        person's move)."""
        shown, game = self.shown, self.shown.game
        if game is not None and game.state.options.sealed:
            return False  # every move is posted to the others as it is made
        if shown.replay is None and self.host.staged() is not None:
            return True  # the action under way steps back (nothing of it was sent)
        if not (game is not None and shown.replay is None
                and not game.is_over  # a finished game stays finished
                and len(game.moves) > game.undo_floor()
                # played by link: only this device's own last move (the others' are sent)
                and (not shown.meta.link_id or shown.from_link
                     or int(game.moves[-1][0]) == shown.meta.seat
                     and self.host.link_undo() != "waiting")):  # (its answer awaited)
            return False
        return not self._has_bots() or self.last_person_move() is not None

    def _has_bots(self) -> bool:
        return any(bot_levels(self.shown.game))

    def last_person_move(self) -> int | None:
        """The index of the last move a person made that undo may take back."""
        game = self.shown.game
        if game is None:
            return None
        for index in range(len(game.moves) - 1, game.undo_floor() - 1, -1):
            if not is_bot(game, int(game.moves[index][0])):
                return index
        return None

    def undo_whose(self) -> int | None:
        """The player whose move Undo would take back, when that asks first: in a game of
        several players (with bots: several people), another player's move (asked once
        per run of undos)."""
        game, viewer = self.shown.game, self.shown.viewer
        if not self.can_undo() or self.state.undo_confirmed or viewer is None:
            return None
        assert game is not None
        if self._has_bots():
            index = self.last_person_move()
            assert index is not None
            player, several = int(game.moves[index][0]), len(person_seats(game)) > 1
        else:
            player, several = int(game.moves[-1][0]), game.state.options.players > 1
        return player if several and player != viewer else None

    def undo(self, data: dict[str, Any]) -> None:
        if not self.can_undo():
            return
        if self.host.staged() is not None:
            self.host.stage_back()
            return
        if self.host.by_link() and self.host.link_undo() == "ask":
            self.host.ask_link_undo()  # a sent move: the other seats are asked (by link)
            return
        if self.undo_whose() is not None:
            self.state.undo_ask = True  # the page asks; Undo again (undo_confirm) takes it back
            return
        self._undo_one()

    def undo_confirm(self, data: dict[str, Any]) -> None:
        if self.state.undo_ask and self.can_undo():
            self.state.undo_confirmed = True  # the rest of this run asks no more
            self._undo_one()

    def undo_keep(self, data: dict[str, Any]) -> None:
        self.state.undo_ask = False

    def undo_done(self, data: dict[str, Any]) -> None:
        """The run of undos is over: now the hand-off, if the decision is someone else's."""
        self.state.undo_ask = self.state.undoing = self.state.undo_confirmed = False

    def _undo_one(self) -> None:
        """What a player did at once taken back: an action whole, a selection whole (with
        bots: the last person's, the bots' moves after it too)."""
        shown, game = self.shown, self.shown.game
        assert game is not None
        bots = self._has_bots()
        last = self.last_person_move() if bots else len(game.moves) - 1
        assert last is not None
        index = max(game.action_start(last + 1), game.undo_floor())
        undone = game.undo(len(game.moves) - index)
        shown.redo_moves = undone + shown.redo_moves
        shown.share_link, self.state.undo_ask = None, False
        self.host.drop_stage()
        # The viewer stays, and in a game of several players so does their screen until
        # the run of undos is done (one hand-off, not one per move taken back).
        self.state.undoing = (len(person_seats(game)) if bots
                              else game.state.options.players) > 1
        if bots:
            self.host.forget_hint()
        self.host.autosave()

    def redo(self, data: dict[str, Any]) -> None:
        """The move taken back again (with bots: and the bots' moves that followed it)."""
        shown, game = self.shown, self.shown.game
        if game is None or not shown.redo_moves:
            return
        self.host.drop_stage()
        while shown.redo_moves:  # what its player did at once, again
            player, response = shown.redo_moves[0]
            game.respond(player, response)
            del shown.redo_moves[0]
            if game.whole[-1]:
                break
        shown.share_link = None
        self.host.autosave()
        if not self._has_bots():
            return
        while shown.redo_moves and is_bot(game, int(shown.redo_moves[0][0])):
            player, response = shown.redo_moves[0]
            try:
                game.respond(player, response)
            except IllegalMove:  # (the bots will decide afresh)
                shown.redo_moves = []
                break
            del shown.redo_moves[0]
        self.host.autosave()

    # ------------------------------------------------------------ scores and replay
    def toggle_scores(self, data: dict[str, Any]) -> None:
        self.state.show_scores = not self.state.show_scores

    def replay(self, data: dict[str, Any]) -> None:
        if self.shown.game is not None and self.can_replay():
            self.shown.replay = Replay.of(self.shown.game)

    def replay_step(self, data: dict[str, Any]) -> None:
        replay = self.shown.replay
        if replay is not None:
            replay.go(replay.pos + int(data.get("delta", 1)))

    def replay_generation(self, data: dict[str, Any]) -> None:
        if self.shown.replay is not None:
            self.shown.replay.generation_step(int(data.get("delta", 1)))

    def replay_to(self, data: dict[str, Any]) -> None:
        if self.shown.replay is not None:
            self.shown.replay.go(int(data.get("pos", 0)))

    def replay_exit(self, data: dict[str, Any]) -> None:
        self.shown.replay = None

    def replay_branch(self, data: dict[str, Any]) -> None:
        """A new local game from the position shown (the original is left as it was)."""
        shown, replay = self.shown, self.shown.replay
        if replay is None:
            return
        branch = Game.new(replay.source.state.options)
        for player, response in replay.moves[:replay.pos]:
            branch.respond(player, response)
        shown.game, shown.replay, shown.from_link = branch, None, False
        shown.meta = SaveMeta(names=list(shown.meta.names), colours=list(shown.meta.colours))
        shown.save_id, shown.viewer = self.host.new_save_id("branch"), None
        shown.redo_moves = []
        shown.share_link = None  # a dialog open before was the source's
        self.host.autosave()
