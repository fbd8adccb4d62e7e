"""Play by link and the daily challenge: a controller of :class:`tm.web.app.App`.

**Play by link**: a game of several players, each on their own device. Its link carries
the game (as every share link) and its id (``&p=``); every device saves it under the same
id (``link-<id>``) with the seat that device plays (``SaveMeta.seat``, chosen once by an
"I am <name>" check). A device answers only its seat's decisions and shows only its seat's
hand; when the next decision is another seat's, the page offers the link to send them.
A link older than the device's own save of the game (the save extends it) says so and
offers the newer game. The creator's invitations: :mod:`tm.web.app_linkinvites`.

**Daily challenge**: :mod:`tm.web.app_daily`.
"""
from __future__ import annotations

from typing import Any, Protocol

from tm.game import Game
from tm.linkplay import links
from tm.persist import gameids
from tm.web import linkchecks, linkseals
from tm.web.app_base import Actions, Host
from tm.web.app_daily import DailyChallenge, solo_score
from tm.web.app_linkinvites import CreatorInvites, moved_notice
from tm.web.i18n import t
from tm.web.linkforks import Verdict, compare_link, saved_moves
from tm.web.linkplay_state import LINK_SAVE, LinkPlayState
from tm.web.model_links import LinkPlayShown, Older, SealedShown
from tm.web.saves import SaveMeta, parse_entry

__all__ = ["LinkPlayController", "LinkPlayShown", "Older"]  # (the records: model.py)


class UndoByLink(Protocol):
    """What play by link asks of undo by link (:mod:`tm.web.app_linkundo`), which reads
    this controller in turn."""

    def begun(self) -> None: ...
    def received(self, moves: int) -> None: ...
    def carried(self) -> str: ...
    def kept_apart(self) -> None: ...
    def on_link(self, game: Game, params: dict[str, str], stored: str | None,
                meta: SaveMeta | None, fork: str | None) -> bool: ...


class LinkPlayController(CreatorInvites, DailyChallenge):
    """Seats, sending, older links; the daily challenge and its history."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = LinkPlayState()
        self.undo: UndoByLink | None = None  # (set by the App: undo by link)

    def actions(self) -> Actions:
        return {"choose_seat": self.choose_seat, "older_copy": self.older_copy,
                "older_newer": self.older_newer, "daily": self.play_daily,
                "sealed": self.sealed, "invite_again": self.invite_again}

    # ------------------------------------------------------------ the mode
    def by_link(self) -> bool:
        """Whether the game shown is played by link on this device."""
        shown = self.shown
        return bool(shown.meta.link_id) and not shown.from_link and shown.game is not None

    def linkplay_screen(self) -> str | None:
        """The screen play by link asks for (None: not played by link)."""
        if self.state.older is not None:
            return "older"
        if not self.by_link():
            return None
        if self.shown.meta.seat < 0:
            self.shown.viewer = None
            return "seat"
        self.shown.viewer = self.shown.meta.seat
        return "game"

    def seat_decision(self, pending: list[tuple[int, Any]]) -> tuple[int, Any] | None:
        """In a game played by link, the decision of this device's seat, if it has one
        and holds the game for it (see :meth:`holds_turn`)."""
        mine = next(((p, prompt) for p, prompt in pending if p == self.shown.meta.seat), None)
        return mine if mine is not None and self.holds_turn(pending) else None

    def holds_turn(self, pending: list[tuple[int, Any]]) -> bool:
        """Whether this device may answer its seat's decision now. Links go to the first
        seat deciding, which sends the game on: in a game bound to its beginning (whose
        invitations may reach a seat before its turn), a device decides when its seat is
        the first deciding, when the last move was its own, or at the very start on the
        creator's device; otherwise two devices would answer on the same position."""
        game, seat = self.shown.game, self.shown.meta.seat
        if game is None or not gameids.is_bound(self.shown.meta.link_id) or not pending \
                or game.state.options.sealed:  # (a sealed game's devices take turns by posts)
            return True
        if pending[0][0] == seat or (game.moves and int(game.moves[-1][0]) == seat):
            return True
        return not game.moves and linkseals.read_seats(
            self.host.store.storage, self.shown.meta.link_id).creator is not None

    def start_by_link(self, data: dict[str, Any]) -> None:
        """A new game played by link (when the form asks, with several players): its id
        and save id; the creator chooses their seat next."""
        self.state.older = None
        asked = str(data.get("by_link", "")).lower() in ("on", "true", "1")
        if self.shown.game is None or not asked:
            return
        if self.shown.game.state.options.players < 2:
            return
        # The beginning signed and the id bound to it (the browser's crypto in Pyodide)
        begun = gameids.begin(self.shown.game.state.options, self.host.entropy)
        linkseals.begin_game(self.host.store.storage, begun)
        self.shown.meta.link_id = begun.link_id
        self.shown.meta.seat = -1
        self.shown.save_id = LINK_SAVE + self.shown.meta.link_id
        if self.undo is not None:
            self.undo.begun()

    def choose_seat(self, data: dict[str, Any]) -> None:
        if not self.by_link():
            return
        assert self.shown.game is not None
        try:
            seat = int(data.get("seat", -1))
        except (TypeError, ValueError):
            seat = -1
        if not 0 <= seat < self.shown.game.state.options.players:
            self.shown.notice = t("linkplay.bad_seat")
            return
        name = self.shown.game.state.players[seat].name
        if seat in self.taken_seats():
            self.shown.notice = t("linkplay.seat_taken", name=name)
            return
        if seat in self.uninvited_seats():
            self.shown.notice = t("linkplay.not_invited", name=name)
            return
        self.shown.meta.seat, self.shown.viewer = seat, seat
        if self.shown.game.state.options.sealed and not self.host.sealed_seated(seat, data):
            return  # (its join link was refused: said in a notice)
        self.host.autosave()
        self.host.start_recap(seat)  # the others' moves so far, on the first link too

    def taken_seats(self) -> tuple[int, ...]:
        """The seats another device plays: their keys came pinned with a link (a device
        that has not yet chosen its seat has pinned no key of its own)."""
        if self.shown.meta.seat >= 0:
            return ()
        if self.shown.game is not None and self.shown.game.state.options.sealed:
            return self.host.sealed_taken()
        link_id, game = self.shown.meta.link_id, self.shown.game
        players = game.state.options.players if game is not None else 0
        return tuple(s for s in range(players)
                     if linkseals.seat_taken(self.host.store.storage, link_id, s))

    def uninvited_seats(self) -> tuple[int, ...]:
        """The free seats this device holds no invitation for (in a game bound to its
        beginning, a seat is taken only with its invitation)."""
        game = self.shown.game
        if self.shown.meta.seat >= 0 or game is None:
            return ()
        players = game.state.options.players
        invited = linkseals.invited_seats(self.host.store.storage, self.shown.meta.link_id,
                                          players)
        if invited is None:
            return ()
        taken, back = self.taken_seats(), self.host.sealed_recovering()
        free = (*invited, back[0]) if back is not None else invited  # (a creator's seat
        return tuple(s for s in range(players) if s not in free and s not in taken)  # back)

    def sealed(self, data: dict[str, Any]) -> None:
        """The page's keys have answered: the link to send is made again as it is drawn."""
        self.state.send_cache = None

    # ------------------------------------------------------------ sending
    def send_target(self) -> int | None:
        """The seat to send the game to: the game goes on, this seat has no decision, and
        another seat has (the lowest first: they send it on)."""
        game = self.shown.game
        if not self.by_link() or game is None or self.shown.meta.seat < 0:
            return None
        if game.is_over:  # the others see the final position when it is sent on
            return (self.shown.meta.seat + 1) % game.state.options.players
        pending = [p for p, _ in game.pending]
        if not pending or self.shown.meta.seat in pending:
            return None
        return pending[0]

    def send_url(self) -> str | None:
        """The link of the game as it stands, with its id and seals (made once per
        position); None while this device's keys have yet to sign it."""
        sent = self._sent()
        return sent[2] if sent is not None else None

    def _sent(self) -> tuple[Any, int, str, linkseals.Sealed] | None:
        """(game, moves, the link to send, its seals), made once per position."""
        game = self.shown.game
        assert game is not None
        cached = self.state.send_cache
        if cached is not None and cached[0] is game and cached[1] == len(game.moves):
            return cached
        fragment = links.with_params(links.encode(game), {"p": self.shown.meta.link_id})
        try:
            seals = linkseals.sealed(fragment, self.host.store.storage,
                                     self.shown.meta.link_id, self.shown.meta.seat,
                                     saved_moves(game), self.state.signer, self.send_target())
        except linkseals.SealPending:
            return None
        carried = self.undo.carried() if self.undo is not None else ""
        url = f"{self.host.base_url}#{seals.fragment}{carried}"
        self.state.send_cache = (game, len(game.moves), url, seals)
        return self.state.send_cache

    # ------------------------------------------------------------ opening a link
    def open_link_played(self, game: Game, params: dict[str, str]) -> bool:
        """Open a link of a game played by link (``p`` given); whether it was one. It
        replaces this device's save of the game only when it extends it with the other
        seats' moves; an older link offers the newer game, a fork is kept apart."""
        self.state.older = None
        link_id = params.get("p")
        if not link_id or game.state.options.players < 2:
            return False
        save_id, shown = LINK_SAVE + link_id, self.shown
        stored = self.host.store.raw(save_id)
        if stored is None and (gameids.id_fits(link_id, game.state.options) is False
                               or not linkchecks.beginning_fits(
                                   self.host.store.storage, link_id, params,
                                   game.state.options, self.state.verifier)):
            shown.notice = t("linkplay.bad_id")  # opened as a link's copy, nothing saved
            return False
        seats = self.host.store.storage.get(linkseals.SEATS_PREFIX + link_id)
        local_meta, verdict = compare_link(stored, game)
        if verdict is not None and verdict[2] == "own_seat" and local_meta is not None and \
                linkchecks.invited_away(self.host.store.storage, link_id, params,
                                       local_meta.seat, saved_moves(game), self.state.verifier):
            verdict = None  # the creator gave this device's seat to a new device: said below
        if self.undo is not None and self.undo.on_link(
                game, params, stored, local_meta, None if verdict is None else verdict[2]):
            return True  # (taken back as every seat agreed, or a request over this game)
        if verdict is None:
            verdict = self._check_seals(link_id, params, game, stored, local_meta)
        if verdict is not None:  # shown as a copy over which the cover asks; nothing saved
            shown.game, shown.meta, shown.save_id, shown.from_link = game, SaveMeta(
                names=[pl.name for pl in game.state.players]), None, True
            self.state.older = Older(save_id, *verdict)
            if self.undo is not None:
                self.undo.kept_apart()
            return True
        meta = local_meta or SaveMeta(names=[pl.name for pl in game.state.players])
        meta.link_id = link_id
        shown.game, shown.meta, shown.save_id, shown.from_link = game, meta, save_id, False
        shown.redo_moves = []
        # The link's game extends this device's copy: written over what is stored now.
        self.host.stored_as(save_id, stored)
        if meta.seat >= 0:
            self.host.autosave()
            self.host.flush_save()  # (a link is taken only once it is stored: written now)
            if not self.host.saved():
                self._not_kept(save_id, stored, link_id, seats)
                return True
        if self.undo is not None:
            self.undo.received(len(game.moves))
        self.host.start_recap(meta.seat)  # what the others did since this seat's last move
        return True

    def _not_kept(self, save_id: str, stored: str | None, link_id: str,
                  seats: str | None) -> None:
        """A link whose game could not be stored (the store is full) is not taken: this
        device's game and pinned keys as they were, and #alerts offers export."""
        shown = self.shown
        linkseals.put_back(self.host.store.storage, link_id, seats)
        self.state.send_cache = None
        if stored is not None:
            self.host.open_saved(save_id)
        else:
            shown.game, shown.save_id, shown.from_link = None, None, False
        shown.notice = None  # (said in #alerts, with the offer to export)
        self.host.storage_full()

    def _check_seals(self, link_id: str, params: dict[str, str], game: Game,
                     stored: str | None, meta: SaveMeta | None) -> Verdict | None:
        """The link's new moves against the seats' pinned keys (see linkseals)."""
        moves = saved_moves(game)
        held = parse_entry(stored)[1].get("moves") if stored and meta else None
        start = len(held) if isinstance(held, list) else 0  # (compare_link found it extended)
        checked = linkchecks.check_link(self.host.store.storage, link_id, params, moves, start,
                                       meta.seat if meta else -1, self.state.verifier,
                                       game.state.options)
        names = [pl.name for pl in game.state.players]
        if checked.refused is None:
            self.shown.info = moved_notice(checked.moved, names, meta.seat if meta else -1,
                                          checked.back)
            recover = linkseals.read_seats(self.host.store.storage, link_id).recover
            if (meta is None or meta.seat < 0) and 0 <= recover < len(names):
                self.shown.info = t("linkplay.recovering", name=names[recover])
            if meta is not None and meta.seat in checked.moved and not linkseals.read_seats(
                    self.host.store.storage, link_id).invited(meta.seat):
                meta.seat = -1  # the creator gave this device's seat to a new device
            self.state.send_cache, self.state.invite_cache = None, {}
            return None
        kind, seat, index = checked.refused
        name = names[seat] if 0 <= seat < len(names) else "?"
        return len(moves), start, kind, name, index + 1

    def older_copy(self, data: dict[str, Any]) -> None:
        """Look at the older link's game anyway, as a link's read-only copy."""
        self.state.older = None

    def older_newer(self, data: dict[str, Any]) -> None:
        """Open this device's newer save of the game instead of the older link."""
        older, self.state.older = self.state.older, None
        if older is not None:
            self.host.open_saved(older.save_id)

    def snapshot(self) -> LinkPlayShown:
        """The model of what play by link and the daily challenge show now."""
        common: dict[str, Any] = {**self.challenge_shown(), "older": self.state.older,
                                  "can_share": self.state.can_share}
        game = self.shown.game
        if game is None:
            return LinkPlayShown(**common)
        names = tuple(pl.name for pl in game.state.players)
        sealed = self.host.sealed_snapshot()
        if sealed is None and game.state.options.sealed:  # (its seat not taken yet)
            sealed = SealedShown()
        if sealed is not None:
            return LinkPlayShown(**common, link_id=self.shown.meta.link_id,
                                 seat=self.shown.meta.seat, names=names,
                                 send_to=sealed.send_to, send_link=sealed.link,
                                 sealing=sealed.sealing,
                                 over=game.is_over, sealed=sealed,
                                 invites=self.invitations(), reinvite=self.can_invite_again(),
                                 taken=self.taken_seats(), uninvited=self.uninvited_seats(),
                                 copied_invite=self.state.copied_link,
                                 recovering=self.host.sealed_recovering(),
                                 claims=self.host.sealed_claims(),
                                 copied=sealed.link is not None
                                 and self.state.copied_link == sealed.link)
        target = self.send_target()
        sent = self._sent() if target is not None else None
        send_link = sent[2] if sent is not None else None
        over = game.is_over and bool(self.shown.meta.daily)
        score, won = solo_score(game) if over else (0, False)
        result_link = self.result_url() if over else None
        copied = self.state.copied_link
        return LinkPlayShown(
            **common, link_id=self.shown.meta.link_id if self.by_link() else "",
            seat=self.shown.meta.seat, names=names,
            send_to=names[target] if target is not None else None, send_link=send_link,
            sealing=target is not None and send_link is None,
            signed=sent is not None and sent[3].signed,
            key_lost=sent is not None and sent[3].key_lost,
            taken=self.taken_seats() if self.by_link() else (),
            uninvited=self.uninvited_seats() if self.by_link() else (),
            invites=self.invitations(), reinvite=self.can_invite_again(),
            recovery=self.recovery() if self.by_link() else None, copied_invite=copied,
            over=game.is_over,
            copied=copied is not None and copied in (send_link, result_link),
            daily=self.shown.meta.daily if not self.shown.from_link else "",
            score=score if over and won else None, lost=over and not won,
            result_link=result_link)
