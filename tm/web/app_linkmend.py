"""Forks mended in play by link: a part of the undo-by-link controller
(:class:`tm.web.app_linkundo.LinkUndoController`). A link that changes another seat's move
(the histories forked anyway) may replace this device's game when it makes no move for
this seat after they part: adopting it keeps this device's branch, to see as a replay."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tm.game import Game
from tm.web import linkchecks, linkundo
from tm.web.app_base import Controller
from tm.web.i18n import t
from tm.web.linkforks import saved_moves
from tm.web.linkplay_state import LINK_SAVE
from tm.web.linkundo import Record
from tm.web.linkundo_state import LinkUndoState, Mend
from tm.web.replay import Replay
from tm.web.saves import SaveMeta, parse_entry

if TYPE_CHECKING:
    from tm.web.app_linkplay import LinkPlayController


class ForkMending(Controller):
    """Forks this device may mend, adopted, and the branch left (a mixin of the
    undo-by-link controller, whose state it shares)."""

    state: LinkUndoState
    linkplay: LinkPlayController

    def record(self) -> Record:
        """This game's undo record (the controller keeps it)."""
        raise NotImplementedError

    def _mendable(self, game: Game, params: dict[str, str], held: list[Any], seat: int) -> None:
        """A fork this device may mend: the link changes another seat's move, and makes
        none for this seat after the histories part."""
        theirs = saved_moves(game)
        parts_at = next((i for i, (a, b) in enumerate(zip(held, theirs, strict=False))
                         if a != b), None)
        if parts_at is None or held[parts_at][0] == seat:
            return
        if any(move[0] == seat for move in theirs[parts_at:]):
            return
        self.state.mend = Mend(game, params, parts_at)

    def kept_apart(self) -> None:
        """The link was kept apart (a fork): its cover offers to adopt it where it may;
        a request it carried is not answered over a game it does not continue."""
        older = self.linkplay.state.older
        self.state.incoming = None
        if older is not None and self.state.mend is not None:
            self.linkplay.state.older = replace(older, mendable=True)

    def adopt(self, data: dict[str, Any]) -> None:
        """Take the fork's history: this device's branch is kept, to see as a replay."""
        mend, older = self.state.mend, self.linkplay.state.older
        self.state.mend = None
        if mend is None or older is None:
            return
        link_id = mend.params.get("p", "")
        stored = self.host.store.raw(older.save_id)
        if stored is None:
            return
        meta, save = parse_entry(stored)
        theirs = saved_moves(mend.game)
        refused = linkchecks.check_link(self.host.store.storage, link_id, mend.params, theirs,
                                       mend.parts_at, meta.seat,
                                       self.linkplay.state.verifier).refused
        if refused is not None:
            self.shown.notice = t("linkundo.cannot_adopt", name=self._name_in(refused[1], link_id))
            return
        self.linkplay.state.older = None
        held = list(save.get("moves") or [])
        self._take(mend.game, meta, link_id)
        record = linkundo.read_record(self.host.store.storage, link_id)
        record.left, record.left_from = held, mend.parts_at
        record.sent, record.asking, record.answer = len(theirs), None, None
        linkundo.write_record(self.host.store.storage, link_id, record)
        self.state.note = t("linkundo.adopted", move=mend.parts_at + 1,
                            name=self._name(int(theirs[mend.parts_at][0])))

    def branch_replay(self, data: dict[str, Any]) -> None:
        """See the branch this device left, as a replay (from where it parted)."""
        game = self.shown.game
        record = self.record()
        if game is None or not record.left:
            return
        branch = Game.new(game.state.options)
        for player, response in record.left:
            branch.respond(int(player), response)
        self.shown.replay = Replay.of(branch, record.left_from)

    def _take(self, game: Game, meta: SaveMeta, link_id: str) -> None:
        """The link's game replaces this device's save of it."""
        shown, save_id = self.shown, LINK_SAVE + link_id
        stored = self.host.store.raw(save_id)
        meta.link_id = link_id
        shown.game, shown.meta, shown.save_id, shown.from_link = game, meta, save_id, False
        shown.redo_moves, shown.replay = [], None
        self.host.stored_as(save_id, stored)
        self.host.autosave()
        self.host.start_recap(meta.seat)

    def _name_in(self, seat: int, link_id: str) -> str:
        stored = self.host.store.raw(LINK_SAVE + link_id)
        names = parse_entry(stored)[0].names if stored else []
        return names[seat] if 0 <= seat < len(names) else "?"

    def _name(self, seat: int) -> str:
        names = self.shown.meta.names
        return names[seat] if 0 <= seat < len(names) else "?"
