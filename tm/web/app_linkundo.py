"""Undo in play by link, as at a table (see :mod:`tm.web.linkundo`): free until a move has
been sent; then a request the other seats accept or refuse by link; a fork that happened
anyway mended by adopting the other history (this device's branch kept as a replay:
:mod:`tm.web.app_linkmend`). The undo-by-link controller of :class:`tm.web.app.App`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tm.game import Game
from tm.linkplay import links
from tm.web import linkchecks, linkseals, linkundo
from tm.web.app_base import Actions, Host
from tm.web.app_linkmend import ForkMending
from tm.web.i18n import t
from tm.web.linkforks import saved_moves
from tm.web.linkplay_state import LINK_SAVE
from tm.web.linkundo import Record, Refusal, Request
from tm.web.linkundo_state import LinkUndoState
from tm.web.model_links import UndoShown
from tm.web.saves import SaveMeta, StorageFull, parse_entry

if TYPE_CHECKING:
    from tm.web.app_linkplay import LinkPlayController


class LinkUndoController(ForkMending):
    """Sent moves, undo requests and their answers, forks mended."""

    def __init__(self, host: Host, linkplay: LinkPlayController) -> None:
        super().__init__(host)
        self.linkplay = linkplay
        self.state = LinkUndoState()

    def actions(self) -> Actions:
        return {"undo_accept": self.accept, "undo_refuse": self.refuse,
                "undo_withdraw": self.withdraw, "fork_adopt": self.adopt,
                "branch_replay": self.branch_replay}

    # ------------------------------------------------------------ the record
    def _id(self) -> str:
        return self.shown.meta.link_id

    def record(self) -> Record:
        """This game's undo record; a game with none yet counts every move it holds as
        sent (a save from before requests: its last link may have left already)."""
        record = linkundo.read_record(self.host.store.storage, self._id())
        game = self.shown.game
        if record.sent < 0 and game is not None:
            record.sent = len(game.moves)
            self._keep(record)
        return record

    def _keep(self, record: Record) -> None:
        linkundo.write_record(self.host.store.storage, self._id(), record)
        self.linkplay.state.send_cache = None
        self.state.link = None

    def received(self, moves: int) -> None:
        """A link of ``moves`` moves reached this device: they are known to another; a
        request it carries for this seat is kept until answered (a reload shows it)."""
        record, asked = self.record(), self.state.incoming
        self.state.incoming = None
        if record.sent >= moves and asked is None:
            return
        record.sent = max(record.sent, moves)
        record.incoming = asked or record.incoming
        self._keep_asked(record)

    def _keep_asked(self, record: Record) -> bool:
        """Keep a record holding a request asked of this seat; False: the store is full
        (the request is not taken, #alerts offers export)."""
        try:
            linkundo.write_record(self.host.store.storage, self._id(), record, strict=True)
        except StorageFull:
            self.host.storage_full()
            return False
        self.linkplay.state.send_cache, self.state.link = None, None
        return True

    def asked(self) -> Request | None:
        """The request this seat is asked to answer, if it still applies to the game shown
        (this device holds the history it takes back, this seat has not agreed)."""
        record, game = self.record(), self.shown.game
        request = record.incoming
        if request is None or game is None or self.shown.meta.seat in request.seats():
            return None
        moves = saved_moves(game)
        if len(moves) < request.upto or \
                linkundo.history_digest(moves[:request.upto]) != request.digest:
            return None
        return request

    def begun(self) -> None:
        """A new game played by link: nothing sent yet."""
        self._keep(Record(sent=0))

    def mark_sent(self, link: str) -> None:
        """A link left this device (copied or shared by the player): its moves are sent."""
        if not self.linkplay.by_link():
            return
        record = self.record()
        cached, mine = self.linkplay.state.send_cache, self.state.link
        if cached is not None and cached[2] == link:
            record.sent = max(record.sent, cached[1])
        elif mine is not None and mine[3] == link:
            record.sent = max(record.sent, mine[1])
            record.asking_sent = record.asking_sent or isinstance(mine[2], Request)
            if isinstance(mine[2], Request) and mine[2].asker != self.shown.meta.seat:
                record.asking = None  # passed on: what comes of it reaches this device by link
        else:
            return
        if record.answer is not None and f"&{linkundo.PARAM}=r." in link:
            record.answer = None  # (the refusal is on its way to the asker)
        self._keep(record)

    # ------------------------------------------------------------ undo on this device
    def own_move_sent(self) -> bool:
        """Whether Undo would take back a move that has left this device (it then asks)."""
        game = self.shown.game
        return (self.linkplay.by_link() and game is not None
                and len(game.moves) - 1 < self.record().sent)

    def asking(self) -> bool:
        """Whether this device has a request under way (Undo waits for its answer)."""
        return self.linkplay.by_link() and self.record().asking is not None

    def ask(self) -> None:
        """Undo of a sent move: a request to take back this seat's last run of moves."""
        game, seat = self.shown.game, self.shown.meta.seat
        if game is None or seat < 0:
            return
        moves = saved_moves(game)
        back_to = linkundo.back_point(moves, seat, game.undo_floor())
        if back_to >= len(moves):
            return
        record = self.record()
        record.asking, record.asking_sent, record.answer = (
            linkundo.request_for(moves, back_to, seat), False, None)
        self._keep(record)

    def withdraw(self, data: dict[str, Any]) -> None:
        """Withdraw a request whose link has not left this device."""
        record = self.record()
        if record.asking is not None and not record.asking_sent:
            record.asking = None
            self._keep(record)

    # ------------------------------------------------------------ answering
    def accept(self, data: dict[str, Any]) -> None:
        """This seat agrees: the last seat to agree takes the game back; otherwise the
        request goes on to the next seat."""
        request, game, seat = self.asked(), self.shown.game, self.shown.meta.seat
        if request is None or game is None or seat < 0:
            return
        record = self.record()
        record.incoming = None
        if request.back_to < game.undo_floor():  # (cards seen since: said on the request)
            return
        if self._missing(request) - {seat}:
            record.asking, record.asking_sent = request, False  # signed as its link is made
            self._keep(record)
            return
        taken = len(game.moves) - request.back_to
        game.undo(taken)
        self.shown.redo_moves, self.shown.share_link = [], None
        self.host.drop_stage()
        record.asking, record.carried, record.answer = None, request, None
        record.sent = min(record.sent, request.back_to)
        self._keep(record)
        self.host.autosave()
        self.state.note = t("linkundo.done_here", name=self._name(request.asker),
                            move=request.back_to + 1)

    def refuse(self, data: dict[str, Any]) -> None:
        """This seat refuses (with a reason, if given): the answer goes back to the asker."""
        request, seat = self.asked(), self.shown.meta.seat
        if request is None or seat < 0:
            return
        reason = " ".join(str(data.get("reason") or "").split())[:linkundo.MAX_REASON]
        record = self.record()
        record.incoming = None
        record.answer = Refusal(request.back_to, request.upto, request.asker, seat, reason,
                                request.digest)
        self._keep(record)

    def _missing(self, request: Request) -> set[int]:
        """The seats that have yet to agree to a request."""
        game = self.shown.game
        assert game is not None
        return set(range(game.state.options.players)) - request.seats()

    # ------------------------------------------------------------ links that arrive
    def on_link(self, game: Game, params: dict[str, str], stored: str | None,
                meta: SaveMeta | None, fork: str | None) -> bool:
        """A link of a game this device holds (``fork``: compare_link's kind, "" when the
        link is older, None when it extends the game): whether this took it (a complete
        request applied, or a request to answer over this device's own newer game).
        A request or refusal read here is shown once the link opens."""
        self.state.incoming, self.state.mend, self.state.note = None, None, None
        if stored is None or meta is None or meta.seat < 0:
            return False
        held = parse_entry(stored)[1].get("moves")
        if not isinstance(held, list):
            return False
        link_id, seat = params.get("p", ""), meta.seat
        message = linkundo.read_param(params)
        theirs = saved_moves(game)
        if isinstance(message, Refusal):
            self._refused(message, link_id, seat)
        elif isinstance(message, Request):
            taken = self._complete(message, game, params, held, meta)
            if taken is not None:
                return taken
            if fork in (None, "") and seat not in message.seats():
                agreed = self._agreed(message, link_id, held if len(held) > len(theirs)
                                      else theirs)
                if agreed is not None and message.asker in agreed:
                    self.state.incoming = message  # (kept once the link is taken)
                    if fork == "":  # this device's game is newer: it stays, the request shows
                        self.host.open_saved(LINK_SAVE + link_id)
                        self.received(0)
                    return fork == ""
        if fork == "changes":
            self._mendable(game, params, held, seat)
        return False

    def _agreed(self, request: Request, link_id: str, moves: list[Any]) -> set[int] | None:
        keys, _ = linkseals.read_record(self.host.store.storage, link_id)
        return linkundo.verified(request, link_id, moves, keys, self.linkplay.state.verifier)

    def _refused(self, refusal: Refusal, link_id: str, seat: int) -> None:
        record = linkundo.read_record(self.host.store.storage, link_id)
        if refusal.asker != seat or record.asking is None or not record.asking.same(refusal):
            return
        name = self._name_in(refusal.seat, link_id)
        keys, _ = linkseals.read_record(self.host.store.storage, link_id)
        if not linkundo.refusal_holds(refusal, link_id, record.asking, keys,
                                      self.linkplay.state.verifier):
            self.state.note = t("linkundo.refusal_unsigned", name=name)
            return
        record.asking = None
        linkundo.write_record(self.host.store.storage, link_id, record)
        self.state.note = (t("linkundo.refused_because", name=name, reason=refusal.reason)
                           if refusal.reason else t("linkundo.refused", name=name))

    def _complete(self, request: Request, game: Game, params: dict[str, str],
                  held: list[Any], meta: SaveMeta) -> bool | None:
        """A request every seat signed, over the history this device holds: the link's
        game replaces it (True), or None when it does not apply here."""
        link_id, seat = params.get("p", ""), meta.seat
        theirs = saved_moves(game)
        agreed = self._agreed(request, link_id, held)
        if agreed is None or agreed != set(range(game.state.options.players)):
            return None
        self._settled(request, link_id)
        back = request.back_to
        if len(theirs) < back or theirs[:back] != held[:back] or theirs[:len(held)] == held:
            return None
        if any(move[0] == seat for move in theirs[back:]):
            return None  # moves for this seat that this device did not make
        refused = linkchecks.check_link(self.host.store.storage, link_id, params, theirs, back,
                                       seat, self.linkplay.state.verifier).refused
        if refused is not None:
            return None
        self._take(game, meta, link_id)
        record = linkundo.read_record(self.host.store.storage, link_id)
        own = held[back:]
        self.shown.redo_moves = [list(m) for m in own] if request.asker == seat and all(
            m[0] == seat for m in own) else []
        record.asking, record.carried, record.answer = None, request, None
        record.incoming, record.sent = None, len(theirs)
        linkundo.write_record(self.host.store.storage, link_id, record)
        self.state.note = t("linkundo.done", name=self._name(request.asker), move=back + 1)
        return True

    def _settled(self, request: Request, link_id: str) -> None:
        """Every seat agreed to a request: this device no longer passes it on (nor is
        asked it), whether or not its game is taken back by this link."""
        record = linkundo.read_record(self.host.store.storage, link_id)
        if request.same(record.asking) or request.same(record.incoming):
            record.asking = None if request.same(record.asking) else record.asking
            record.incoming = None if request.same(record.incoming) else record.incoming
            linkundo.write_record(self.host.store.storage, link_id, record)

    # ------------------------------------------------------------ links to send
    def carried(self) -> str:
        """What every link this device sends carries: a complete request (the other
        devices take the game back with it), else this seat's refusal."""
        if not self.linkplay.by_link():
            return ""
        record = self.record()
        message: Request | Refusal | None = record.carried or record.answer
        if message is not None:
            message = self._signed(message)
            if message is None:
                return ""
        return f"&{linkundo.PARAM}={linkundo.param_of(message)}" if message else ""

    def _signed(self, message: Request | Refusal) -> Request | Refusal | None:
        """A request with this seat's agreement, or its refusal, signed (low-S) by this
        device's key for the seat, as its links are; None while its keys answer (raises
        nothing: the link waits)."""
        seat, link_id = self.shown.meta.seat, self._id()
        if isinstance(message, Request) and seat in message.seats():
            return message
        statement = linkundo.refuse_message(link_id, message, message.digest) \
            if isinstance(message, Refusal) else linkundo.agree_message(
                link_id, seat, message.back_to, message.upto, message.digest)
        try:
            signature = linkseals.seat_signature(self.host.store.storage, link_id, seat,
                                                 self.linkplay.state.signer, statement)
        except linkseals.SealPending:
            return None
        if isinstance(message, Refusal):
            return message.signed(signature)
        return message.with_agreement(seat, signature)

    def _outgoing(self) -> tuple[Request | Refusal, int] | None:
        """The request or answer this device has to send, and to whom."""
        record, game, seat = self.record(), self.shown.game, self.shown.meta.seat
        if game is None or seat < 0:
            return None
        if record.asking is not None:
            waiting = sorted(self._missing(record.asking) - {seat})
            return (record.asking, waiting[0]) if waiting else None
        if record.answer is not None:
            return record.answer, record.answer.asker
        return None

    def _link(self, message: Request | Refusal) -> str | None:
        """The link of the game as it stands with a request or answer (None: signing)."""
        game = self.shown.game
        assert game is not None
        cached = self.state.link
        if cached is not None and cached[0] is game and cached[1] == len(game.moves) \
                and cached[2] == message:
            return str(cached[3])
        signed = self._signed(message)
        fragment = links.with_params(links.encode(game), {"p": self._id()})
        try:
            seals = linkseals.sealed(fragment, self.host.store.storage, self._id(),
                                     self.shown.meta.seat, saved_moves(game),
                                     self.linkplay.state.signer)
        except linkseals.SealPending:
            return None
        if signed is None:
            return None
        url = (f"{self.host.base_url}#{seals.fragment}&{linkundo.PARAM}="
               f"{linkundo.param_of(signed)}")
        self.state.link = (game, len(game.moves), message, url)
        return url

    def snapshot(self) -> UndoShown | None:
        """What the page shows of undo requests now (None: nothing)."""
        if not self.linkplay.by_link() or self.shown.meta.seat < 0:
            return None
        record, game = self.record(), self.shown.game
        assert game is not None
        incoming = self.asked()
        names = [pl.name for pl in game.state.players]
        asked = None
        if incoming is not None:
            asked = (names[incoming.asker], incoming.back_to + 1,
                     incoming.upto - incoming.back_to, len(game.moves) - incoming.upto,
                     incoming.back_to >= game.undo_floor())
        out = self._outgoing()
        link = self._link(out[0]) if out is not None else None
        kind = "" if out is None else "answer" if isinstance(out[0], Refusal) else \
            "ask" if out[0].asker == self.shown.meta.seat else "pass"
        move = out[0].back_to + 1 if out is not None else 0
        if out is None and asked is None and self.state.note is None and not record.left:
            return None
        return UndoShown(asked=asked, kind=kind, to=names[out[1]] if out else "",
                         move=move, link=link, can_withdraw=kind == "ask"
                         and not record.asking_sent, note=self.state.note,
                         left=bool(record.left) and self.shown.replay is None)
