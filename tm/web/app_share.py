"""What the page adds on top of play: share links, undo/redo, live scores, the replay viewer.

A mixin of :class:`tm.web.app.App`: each ``_on_<action>`` handles one ``data-action``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tm import daily
from tm.core.errors import reason_of
from tm.game import Game
from tm.persist import links
from tm.web.error_text import error_text
from tm.web.i18n import card_name, has, t
from tm.web.saves import SaveMeta

if TYPE_CHECKING:
    from tm.web.app_stage import Stage
    from tm.web.saves import SaveStore


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
class Replay:
    """A game being stepped through: all its moves and the position shown."""

    moves: list[list[Any]]
    generations: list[int]  # generation at each position 0..len(moves)
    pos: int
    game: Game
    source: Game = field(repr=False)

    @classmethod
    def of(cls, source: Game, pos: int | None = None) -> Replay:
        """A replay of ``source``, positioned at ``pos`` (default: the end)."""
        moves = [list(m) for m in source.moves]
        walker = Game.new(source.state.options)
        generations = [walker.state.generation]
        for player, response in moves:
            walker.respond(player, response)
            generations.append(walker.state.generation)
        replay = cls(moves, generations, len(moves), walker, source)
        if pos is not None:
            replay.go(pos)
        return replay

    def go(self, pos: int) -> None:
        """Show the game after ``pos`` moves."""
        pos = max(0, min(len(self.moves), pos))
        if pos < self.pos:
            self.game, self.pos = Game.new(self.source.state.options), 0
        while self.pos < pos:
            player, response = self.moves[self.pos]
            self.game.respond(player, response)
            self.pos += 1

    def generation_step(self, direction: int) -> None:
        """Jump to the start of the next (or this/previous) generation."""
        here = self.generations[self.pos]
        if direction > 0:
            later = [i for i, gen in enumerate(self.generations) if gen > here]
            self.go(later[0] if later else len(self.moves))
        else:
            start = self.generations.index(here)
            target = start if self.pos > start else (
                self.generations.index(here - 1) if here - 1 in self.generations else 0)
            self.go(target)


class ShareActions:
    """Share, open a link, undo and redo, scores, replay."""

    game: Game | None
    meta: SaveMeta
    store: SaveStore
    save_id: str | None
    viewer: int | None
    notice: str | None
    screen: str
    base_url: str
    redo_moves: list[list[Any]]
    share_link: str | None
    show_scores: bool
    from_link: bool
    replay: Replay | None
    info: str | None
    stage: Stage | None  # an action under way (never seen by undo)
    undo_ask: bool  # asking before taking back another player's move
    undoing: bool  # taking back moves in a row: the hand-off waits until it is done
    undo_confirmed: bool  # in this run, taking back others' moves was confirmed

    def staged(self) -> Stage | None:
        raise NotImplementedError

    def _autosave(self) -> None:
        raise NotImplementedError

    def _new_save_id(self, suffix: str) -> str:
        raise NotImplementedError

    if TYPE_CHECKING:
        def open_link_played(self, game: Game, params: dict[str, str]) -> bool: ...

    # ------------------------------------------------------------ links
    def link_url(self, game: Game) -> str:
        """The full URL that opens ``game`` at its current point."""
        return f"{self.base_url}#{links.encode(game)}"

    def _on_share(self, data: dict[str, Any]) -> None:
        if self.game is not None:
            self.share_link = self.link_url(self.game)

    def _on_close_share(self, data: dict[str, Any]) -> None:
        self.share_link = None

    def _on_open_link(self, data: dict[str, Any]) -> None:
        # Whatever was on screen goes (it is saved already, or was itself an unsaved link):
        # a replay or share dialog of it must not outlive it.
        self.replay, self.share_link, self.redo_moves, self.viewer = None, None, [], None
        text = str(data.get("text") or "")
        try:
            game = links.decode(text)
        except links.LinkError as error:
            self.notice = t("link.bad", reason=_link_reason(error))
            self.game, self.save_id, self.from_link = None, None, False
            return
        _, params = links.split_params(text)
        if self.open_link_played(game, params):  # a game played by link: this device's seat
            self.info = rules_notice(game)
            return
        names = [pl.name for pl in game.state.players]
        self.game, self.meta, self.save_id = game, SaveMeta(names=names), None
        self.from_link = True
        self.info = rules_notice(game)
        if "d" not in params:
            return
        if daily.is_challenge(params["d"], game.state.options):
            self.info = " ".join(filter(None, [t("daily.playing", date=params["d"]), self.info]))
        else:  # played otherwise (undo past a reveal, other options): no result of it (R-OWN-1)
            self.notice = t("daily.not_result", date=params["d"][:10])

    def _on_continue_link(self, data: dict[str, Any]) -> None:
        if self.game is None:
            return
        self.from_link = False
        self.save_id = self._new_save_id("link")
        self._autosave()

    # ------------------------------------------------------------ undo
    def can_replay(self) -> bool:
        """Whether the game can be stepped through from its start (not when it continues
        from a stored state because the rules changed: its early moves replay otherwise)."""
        return self.game is not None and bool(self.game.moves) and not self.game.base_moves

    def can_undo(self) -> bool:
        """Whether the current game has a move that may be taken back."""
        return (self.game is not None and self.replay is None and self.staged() is None
                and not self.game.is_over  # a finished game stays finished
                and len(self.game.moves) > self.game.undo_floor()
                # played by link: only this device's own last move (the others' are sent)
                and (not self.meta.link_id or self.from_link
                     or int(self.game.moves[-1][0]) == self.meta.seat))

    def undo_whose(self) -> int | None:
        """The player whose move Undo would take back, when that asks first: in a game of
        several players, another player's move (asked once per run of undos)."""
        if not self.can_undo() or self.undo_confirmed or self.viewer is None:
            return None
        assert self.game is not None
        player = int(self.game.moves[-1][0])
        several = self.game.state.options.players > 1
        return player if several and player != self.viewer else None

    def _on_undo(self, data: dict[str, Any]) -> None:
        if not self.can_undo():
            return
        if self.undo_whose() is not None:
            self.undo_ask = True  # the page asks; Undo again (undo_confirm) takes it back
            return
        self._undo_one()

    def _on_undo_confirm(self, data: dict[str, Any]) -> None:
        if self.undo_ask and self.can_undo():
            self.undo_confirmed = True  # the rest of this run asks no more
            self._undo_one()

    def _on_undo_keep(self, data: dict[str, Any]) -> None:
        self.undo_ask = False

    def _on_undo_done(self, data: dict[str, Any]) -> None:
        """The run of undos is over: now the hand-off, if the decision is someone else's."""
        self.undo_ask = self.undoing = self.undo_confirmed = False

    def _undo_one(self) -> None:
        assert self.game is not None
        undone = self.game.undo(1)
        self.redo_moves = undone + self.redo_moves
        self.share_link, self.stage, self.undo_ask = None, None, False
        # The viewer stays, and in a game of several players so does their screen until
        # the run of undos is done (one hand-off, not one per move taken back).
        self.undoing = self.game.state.options.players > 1
        self._autosave()

    def _on_redo(self, data: dict[str, Any]) -> None:
        if self.game is None or not self.redo_moves:
            return
        self.stage = None
        player, response = self.redo_moves[0]
        self.game.respond(player, response)
        del self.redo_moves[0]
        self.share_link = None
        self._autosave()

    # ------------------------------------------------------------ scores and replay
    def _on_toggle_scores(self, data: dict[str, Any]) -> None:
        self.show_scores = not self.show_scores

    def _on_replay(self, data: dict[str, Any]) -> None:
        if self.game is not None and self.can_replay():
            self.replay = Replay.of(self.game)

    def _on_replay_step(self, data: dict[str, Any]) -> None:
        if self.replay is not None:
            self.replay.go(self.replay.pos + int(data.get("delta", 1)))

    def _on_replay_generation(self, data: dict[str, Any]) -> None:
        if self.replay is not None:
            self.replay.generation_step(int(data.get("delta", 1)))

    def _on_replay_to(self, data: dict[str, Any]) -> None:
        if self.replay is not None:
            self.replay.go(int(data.get("pos", 0)))

    def _on_replay_exit(self, data: dict[str, Any]) -> None:
        self.replay = None

    def _on_replay_branch(self, data: dict[str, Any]) -> None:
        """A new local game from the position shown (the original is left as it was)."""
        if self.replay is None:
            return
        branch = Game.new(self.replay.source.state.options)
        for player, response in self.replay.moves[:self.replay.pos]:
            branch.respond(player, response)
        self.game, self.replay, self.from_link = branch, None, False
        self.meta = SaveMeta(names=list(self.meta.names), colours=list(self.meta.colours))
        self.save_id, self.viewer, self.redo_moves = self._new_save_id("branch"), None, []
        self.share_link = None  # a dialog open before was the source's
        self._autosave()
