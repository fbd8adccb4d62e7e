"""Sealed games in the page (issue 32): a game played by link whose hands stay secret.

The controller keeps this device's :class:`~tm.web.sealedgame.SealedPlay` of the game on
screen: it is made when this device takes its seat (a new seed, from the browser's
randomness), rebuilt from the device's record when a saved game is opened, and fed the
posts of each ``#s=`` link opened. The game on screen is always the play's own game (its
dealer reads this device's cards), so the page's views name this seat's hand and no other.
A link that breaks the fair deck (a card shown that its seat did not draw, a step that does
not fit) is refused with a notice naming the seat; the game is rebuilt as it was.
"""
from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from tm.core.errors import IllegalMove
from tm.core.state import Options
from tm.fairdeck.held import DeviceError
from tm.game import Game
from tm.linkplay import sealedlinks, seatseals
from tm.linkplay.links import LinkError
from tm.linkplay.sealedplay import Post
from tm.persist import gameids
from tm.web import linkchecks, linkseals, sealed_words, sealedgame, seatmove, seedescrow
from tm.web.app_base import Actions, Controller, Host
from tm.web.app_linkinvites import handed_notice, moved_notice
from tm.web.error_text import error_text
from tm.web.i18n import t
from tm.web.linkplay_state import LINK_SAVE
from tm.web.linkseals import HandOver
from tm.web.model import SealedShown
from tm.web.saves import SaveMeta, StorageFull
from tm.web.sealed_store import keep_options, stored_meta, stored_options
from tm.web.sealed_words import caught_text, equivocation_text, finding_text
from tm.web.sealedgame import Record, RecordError, SealedPlay
from tm.web.seatmove import MoveRefused

MOVE_REFUSALS = frozenset({"move_short", "move_mismatch", "move_no_keys", "move_not_now",
                           "move_passphrase", "move_damaged", "escrow_short",
                           "escrow_mismatch", "escrow_passphrase"})


@dataclass
class SealedState:
    """The sealed-game controller's own state."""

    play: SealedPlay | None = None  # the game on screen, when it is sealed
    join: str | None = None  # a join link opened, waiting for this device's seat
    signed: tuple[tuple[str, int, int], str] | None = None  # the link last sealed: (game,
    # posts, recipient), its fragment
    moving: tuple[str, int, HandOver] | None = None  # this seat's move to another device
    # under way (game, posts, the hand-over its key is signing)
    seat_file: str | None = None  # a move file opened, waiting for its passphrase
    # a re-invitation opened of a seat that already played (its device was lost): the
    # seat and its escrow (None: its player left no recovery passphrase)
    recover: tuple[int, str | None] | None = None


class SealedController(Controller):
    """Seats, links and the audit of sealed games."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = SealedState()

    def actions(self) -> Actions:
        return {"sealed_audit": self.run_audit,
                "drop_seat_file": lambda data: self.drop_seat_file(),
                # the page's keys answered (static/seatkeys.mjs, tm.web.page_tools)
                "seat_moved": self._seat_moved, "seat_unlocked": self._seat_unlocked,
                "seat_refused": self._seat_refused}

    # ------------------------------------------------------------ the audit
    def audit_due(self) -> bool:
        """Whether the game on screen is over with every seed here and not yet audited (the
        page then asks :meth:`run_audit` after drawing the final position: it takes
        seconds, up to 13 with 5 seats in Pyodide)."""
        play = self.active()
        return play is not None and play.audit_due()

    def run_audit(self, data: dict[str, Any]) -> None:
        """Audit the game on screen, once, and keep the findings in the device's record."""
        play = self.active()
        if play is not None and play.audit_due():
            play.audit()
            self._kept(play)

    # ------------------------------------------------------------ the game on screen
    def active(self) -> SealedPlay | None:
        """The sealed play of the game on screen (None: it is not a sealed game)."""
        play = self.state.play
        return play if play is not None and self.shown.game is play.game else None

    def is_sealed(self) -> bool:
        game = self.shown.game
        return game is not None and bool(game.state.options.sealed)

    def can_decide(self) -> bool:
        play = self.active()
        return play is not None and play.can_decide() and not self.moved_away(play)

    def moved_away(self, play: SealedPlay) -> bool:
        """Whether this device moved the seat of ``play`` to another device (it shows the
        game and plays it no more)."""
        return linkseals.moved_away(self.host.store.storage, play.game_id, play.record.seat)

    def _show(self, play: SealedPlay) -> None:
        self.host.forget_views()  # (its dealer may read cards it could not before)
        self.state.play = play
        self.shown.game = play.game
        self.shown.viewer = play.record.seat

    def _keep(self, play: SealedPlay) -> None:
        """This device's record of ``play`` stored (StorageFull: the store is full)."""
        try:
            sealedgame.write_record(self.host.store.storage, play.game_id, play.record)
        except StorageFull:
            raise
        except Exception as error:  # the browser's QuotaExceededError, from another store
            raise StorageFull(str(error)) from error

    def _kept(self, play: SealedPlay) -> bool:
        """Whether the record was stored (else #alerts says the store is full)."""
        try:
            self._keep(play)
        except StorageFull:
            self.host.storage_full()
            return False
        return True

    # ------------------------------------------------------------ a seat taken
    def seated(self, seat: int, data: dict[str, Any] | None = None) -> bool:
        """This device takes ``seat`` of the sealed game on screen: its seed drawn (or the
        one the page locked in ``data["escrow"]`` with the player's recovery passphrase,
        ``data["seed"]``), its record begun, the join link's posts (if it opened one)
        taken. A seat invited again takes the seed its escrow gave back
        (:meth:`_recover`). False: refused (a notice says why; nothing is kept)."""
        game, link_id = self.shown.game, self.shown.meta.link_id
        assert game is not None
        data = data or {}
        recover = self.state.recover
        if recover is not None and recover[0] == seat:
            return self._recover(seat, recover[1], str(data.get("seed") or ""))
        seed, escrow = _locked_seed(data)
        record = Record(seat, seed or self.host.entropy(32))
        play = SealedPlay(game.state.options, link_id, record, escrow)
        join, self.state.join = self.state.join, None
        if join is not None:
            return self._take(play, join, fresh=True)
        play.act()
        if not self._kept(play):  # (no seat taken: nothing of it is kept)
            self.shown.meta.seat = -1
            return False
        self._show(play)
        return True

    def taken(self) -> tuple[int, ...]:
        """Seats other devices play (they posted in the join link; not a seat invited
        again, which this device may take back)."""
        join, recover = self.state.join, self.state.recover
        seats = sealedgame.link_seats(join) if join is not None else set()
        return tuple(sorted(seats - {recover[0]} if recover is not None else seats))

    def recovering(self) -> tuple[int, bool] | None:
        """The seat a re-invitation opened here takes back, and whether its player left
        an escrow (the page then asks the recovery passphrase); None: no such seat."""
        recover = self.state.recover
        return None if recover is None else (recover[0], recover[1] is not None)

    def recovery_escrow(self) -> tuple[str, int, str] | None:
        """The game, seat and escrow the page unlocks with the passphrase typed."""
        recover = self.state.recover
        if recover is None or recover[1] is None:
            return None
        return self.shown.meta.link_id, recover[0], recover[1]

    def _recovery(self, game_id: str, options: Options, text: str) -> bool:
        """A join link that re-invites a seat which already played: the seat kept to take
        back (:attr:`SealedState.recover`), once every post it carries is checked against
        the seats' signatures (an escrow changed on the way is refused naming its seat).
        False: refused (a notice says why)."""
        link = sealedlinks.decode(sealedgame.split(text)[0])
        invited = linkseals.invited_seats(self.host.store.storage, game_id, options.players)
        seat = next((s for s in invited or () if any(p.seat == s for p in link.posts)), None)
        if seat is None:
            return True
        probe = SealedPlay(options, game_id, Record(seat, bytes(32)))
        notice = self._check_seals(probe, sealedgame.split(text)[1], list(link.posts))
        if notice is not None:
            self.shown.notice = notice
            return False
        escrow = seedescrow.escrow_of(link.posts, seat)
        self.state.recover = (seat, escrow if seedescrow.well_formed(escrow) else None)
        return True

    def _recover(self, seat: int, escrow: str | None, seed_hex: str) -> bool:
        """The seat invited again taken back with the seed its escrow gave (the page
        unlocked it with the passphrase typed): checked against the seat's posts, then
        kept; its first link introduces this device's key with the re-invitation."""
        game, link_id, join = self.shown.game, self.shown.meta.link_id, self.state.join
        assert game is not None
        name = game.state.options.names[seat]
        self.shown.meta.seat = -1  # (until the seat is taken back)
        if escrow is None or join is None:
            self.shown.notice = t("sealed.escrow_none", name=name)
            return False
        try:
            seed = seedescrow.seed_of(seed_hex)
            posts = list(sealedlinks.decode(sealedgame.split(join)[0]).posts)
            play = seedescrow.recovered(game.state.options, link_id, seat, seed, posts)
        except seedescrow.EscrowRefused as refused:
            self.shown.notice = t(refused.key, name=name)
            return False
        except (ValueError, LinkError):
            self.shown.notice = t("sealed.escrow_passphrase")
            return False
        play.act()
        if not self._kept(play):
            return False
        self.state.join, self.state.recover = None, None
        self.shown.meta.seat = seat
        self._show(play)
        self.shown.info = t("sealed.recovered", name=name)
        return True

    # ------------------------------------------------------------ moves
    def respond(self, responses: list[dict[str, Any]]) -> None:
        """This seat's answers, played and posted (a refused one: the game as it was)."""
        play = self.active()
        assert play is not None
        if self.moved_away(play):
            self.shown.notice = t("sealed.moved_away", name=play.options.names[play.record.seat])
            return
        try:
            for response in responses:
                play.play(response)
            self._keep(play)
        except IllegalMove:
            self._rebuild(play)
            raise
        except StorageFull:  # not kept, so not made: the game as stored (#alerts says so)
            self._rebuild(play)
            self.host.storage_full()
            return
        self.host.committed()

    def _rebuild(self, play: SealedPlay) -> None:
        """The play again from this device's record as stored (an error spoilt it)."""
        record = sealedgame.read_record(self.host.store.storage, play.game_id)
        if record is not None:
            self._show(SealedPlay.restore(play.options, play.game_id, record))

    # ------------------------------------------------------------ links
    def open_link(self, text: str) -> None:
        """A ``#s=`` link: taken into this device's game, or, for a game it has not
        joined, the seat check (a join link) or a notice (a later link)."""
        shown = self.shown
        shown.replay, shown.share_link, shown.redo_moves = None, None, []
        try:
            game_id, options = sealedgame.link_game(text)
            record = sealedgame.read_record(self.host.store.storage, game_id)
        except LinkError as error:
            shown.notice = t("link.bad", reason=error_text(error))
            return
        except RecordError:
            shown.notice = t("sealed.damaged")
            return
        if record is None:
            self._join(game_id, options, text)
            return
        play = self._restored(game_id, record)
        if play is not None:
            self._take(play, text, fresh=False)

    def _join(self, game_id: str, options: Options | None, text: str) -> None:
        shown = self.shown
        if options is None:
            shown.notice = t("sealed.not_joined")
            return
        try:
            game = Game.new(options)
        except ValueError as error:
            shown.notice = t("link.bad", reason=error_text(error))
            return
        if not self._fits(game_id, options, text):
            shown.notice = self._unfit(game_id, options, text)  # nothing opened or kept
            shown.game, shown.save_id, self.state.play = None, None, None
            return
        self.state.recover = None
        seats = self.host.store.storage.get(linkseals.SEATS_PREFIX + game_id)
        if not self._recovery(game_id, options, text):
            linkseals.put_back(self.host.store.storage, game_id, seats)
            shown.game, shown.save_id, self.state.play = None, None, None
            return
        self.state.join, self.state.play = text, None
        shown.game, shown.from_link, shown.viewer = game, False, None
        shown.meta = SaveMeta(names=list(options.names), link_id=game_id, seat=-1)
        shown.save_id = LINK_SAVE + game_id
        keep_options(self.host.store.storage, game_id, options)

    def _fits(self, game_id: str, options: Options, text: str) -> bool:
        """Whether a join link's options are those its game id was made for: bound to the
        game's signed beginning (kept here with the link's invitation), or, for a game
        begun before issue 43, to its options."""
        if not gameids.is_bound(game_id):
            return gameids.id_fits(game_id, options) is not False
        head, params = sealedgame.split(text)
        moves = sealedgame.signed_moves(list(sealedlinks.decode(head).posts))
        return linkchecks.admit(self.host.store.storage, game_id, params, options, moves,
                               self.host.link_verifier())

    def _unfit(self, game_id: str, options: Options, text: str) -> str:
        """Why a join link was refused: its options or beginning are not its game's, or
        (its beginning fits) a seat's re-invitation is not signed by the game's creator
        over the history it carries (an escrow changed on the way, a forged one)."""
        params = sealedgame.split(text)[1]
        again = sorted(seatseals.read_seat_seals(params).reinvites)
        if not gameids.is_bound(game_id) or not again or not linkchecks.beginning_fits(
                self.host.store.storage, game_id, params, options, self.host.link_verifier()):
            return t("sealed.bad_id")
        name = options.names[again[0]] if 0 <= again[0] < len(options.names) else "?"
        return t("linkplay.fork_reinvite", name=name)

    def invite_fragment(self, seat: int) -> str:
        """A link inviting ``seat`` to the game on screen: every post and the options (its
        seals are added by the caller)."""
        play = self.active()
        assert play is not None
        return sealedlinks.encode(play.game_id, play.history, 0, play.options)

    def signed_history(self) -> list[list[Any]]:
        """The history the seats' signatures cover (the posts)."""
        play = self.active()
        assert play is not None
        return sealedgame.signed_moves(play.history)

    def escrowed(self) -> tuple[int, ...]:
        """The seats of the game on screen whose seed is kept in escrow (a lost device
        of theirs can be replaced: their player typed a recovery passphrase)."""
        play = self.active()
        if play is None:
            return ()
        return tuple(s for s in range(play.players)
                     if seedescrow.well_formed(seedescrow.escrow_of(play.history, s)))

    def drop_link(self) -> None:
        """The link made to send is made again (the seats' seals changed)."""
        self.state.signed = None

    def _take(self, play: SealedPlay, text: str, fresh: bool) -> bool:
        """A link's posts into ``play``: its shape and signatures checked first (a hostile
        link costs no fair-deck or rules work), then taken, then stored; a link refused
        (shape, signatures, the fair deck, the rules, a full store) leaves this device's
        game and store as they were, with a notice (a join refused: nothing is kept)."""
        shown = self.shown
        if not fresh and self.moved_away(play):  # (the new device takes the seat's links)
            self._show(play)
            shown.notice = t("sealed.moved_away", name=play.options.names[play.record.seat])
            return False
        head, params = sealedgame.split(text)
        storage = self.host.store.storage
        seats = storage.get(linkseals.SEATS_PREFIX + play.game_id)  # (put back if refused)
        spoilt = False
        try:
            new = play.incoming(sealedlinks.decode(head))
            notice = self._check_seals(play, params, new)  # signatures, then the shape
            if notice is None:
                play.check_shape(new)
                spoilt = True  # (from here on, a refusal rebuilds the game as stored)
                play.take_posts(new)
                self._keep(play)
        except sealedgame.Stopped as stopped:  # an earlier link's post refuted only now
            kept = sealedgame.stop(storage, play.game_id, new, stopped)  # (this link kept)
            notice = sealed_words.stopped_text(stopped, list(play.options.names), kept)
        except LinkError as error:  # (found before any post is taken)
            notice = self._equivocation(play, head, params) or t(
                "sealed.link_refused", reason=error_text(error))
        except (IllegalMove, DeviceError) as error:
            notice = caught_text(error, list(play.options.names))
        except StorageFull:  # the link is not taken: memory and store stay as they were
            notice = ""  # (said in #alerts, with the offer to export)
            self.host.storage_full()
        if notice is None:
            self._show(play)
            self.host.autosave()
            self.host.start_recap(play.record.seat)
            return True
        linkseals.put_back(storage, play.game_id, seats)
        shown.notice = notice or None
        if fresh:
            shown.game, shown.save_id, self.state.play = None, None, None
        elif spoilt:
            self._rebuild(play)
        return False

    def _check_seals(self, play: SealedPlay, params: dict[str, str],
                     new: list[Post]) -> str | None:
        """The link's new posts against the seats' pinned device keys (as ordinary links:
        :mod:`tm.web.linkseals`), before any of them is taken: None when every new post of
        a seat with a key is covered by that seat's signature (the keys then pinned), else
        the notice."""
        start = len(play.history)
        moves = play.signed(new)
        checked = linkchecks.check_link(self.host.store.storage, play.game_id, params, moves,
                                       start, play.record.seat, self.host.link_verifier(),
                                       play.options)
        names = play.options.names
        if checked.refused is None:
            self.shown.info = moved_notice(checked.moved, list(names), play.record.seat) or \
                handed_notice(checked.handed, list(names))
            return None
        kind, seat, index = checked.refused
        name = names[seat] if 0 <= seat < len(names) else "?"
        return t(f"linkplay.fork_{kind}", name=name, move=index + 1)

    def _equivocation(self, play: SealedPlay, head: str, params: dict[str, str]) -> str | None:
        """The notice of a link whose history forks from the one held, when one seat's
        device signed both (its two signatures shown as the proof); else None."""
        try:
            link = sealedlinks.decode(head)
        except LinkError:
            return None
        keys, kept = linkseals.read_record(self.host.store.storage, play.game_id)
        found = sealedlinks.equivocation(play.game_id, play.history, link, keys, kept,
                                         seatseals.read_seals(params)[1],
                                         self.host.link_verifier())
        return None if found is None else equivocation_text(found, list(play.options.names))

    def _restored(self, game_id: str, record: Record) -> SealedPlay | None:
        play = self.active()
        if play is not None and play.game_id == game_id:
            return play
        options = stored_options(self.host.store.storage, game_id)
        if options is None:
            self.shown.notice = t("sealed.damaged")
            return None
        try:
            play = SealedPlay.restore(options, game_id, record)
        except RecordError:
            self.shown.notice = t("sealed.damaged")
            return None
        meta = stored_meta(self.host.store, game_id, options, record.seat)
        self.shown.meta, self.shown.save_id = meta, LINK_SAVE + game_id
        self.shown.from_link = False
        self._show(play)
        return play

    def open_saved(self, save_id: str) -> bool:
        """Open a saved sealed game from this device's record; whether it was one."""
        if not save_id.startswith(LINK_SAVE):
            return False
        game_id = save_id[len(LINK_SAVE):]
        options = stored_options(self.host.store.storage, game_id)
        if options is None or not options.sealed:
            return False
        try:
            record = sealedgame.read_record(self.host.store.storage, game_id)
        except RecordError:
            record = None
        if record is None:
            self.shown.notice = t("sealed.damaged")
            return True
        self.state.play = None
        self._restored(game_id, record)
        return True

    # ------------------------------------------------------------ the screen
    def snapshot(self) -> SealedShown | None:
        """What the page shows of the sealed game on screen (None: not one)."""
        play = self.active()
        if play is None:
            return None
        moved = self.moved_away(play)
        offer = None if moved else play.offer()
        link = self._signed(play, offer) if offer is not None else None
        names = play.options.names
        audit = play.record.audit if play.game.is_over else None
        return SealedShown(
            ready=play.ready(), can_decide=play.can_decide(), posts=len(play.history),
            send_to=names[offer[0]] if offer else None,
            link=f"{self.host.base_url}#{link}" if link else None,
            sealing=offer is not None and link is None,
            long=link is not None and len(link) > sealedgame.LONG_LINK,
            over=play.game.is_over, checking=play.audit_due(),
            awaited=sealed_words.stopped_or_awaited(play, list(names)),
            moved=moved, can_move=not moved and self._can_move(play),
            audit=None if audit is None else tuple(dict.fromkeys(
                finding_text(str(deck), int(seat), str(reason), list(names))
                for deck, seat, _position, reason in audit)))  # (each said once)

    def _signed(self, play: SealedPlay, offer: tuple[int, str]) -> str | None:
        """The offered link with the seats' keys and signatures, this seat's over the whole
        history (made once per history and recipient; None while the page's keys have yet
        to answer)."""
        key = (play.game_id, len(play.history), offer[0])
        made = self.state.signed
        if made is not None and made[0] == key:
            return made[1]
        try:
            seals = linkseals.sealed(offer[1], self.host.store.storage, play.game_id,
                                     play.record.seat, play.signed(),
                                     self.host.link_signer(), offer[0])
        except linkseals.SealPending:
            return None
        self.state.signed = (key, seals.fragment)
        self._kept(play)  # (the link made is remembered as sent)
        return seals.fragment

    # ------------------------------------------------------------ a seat moved (issue 43)
    def _can_move(self, play: SealedPlay) -> bool:
        """Whether this seat may move to another device now: every seat's key is pinned
        here (each device can check the hand-over) and the game is not over."""
        if play.game.is_over or play.record.stopped is not None:
            return False
        seats = linkseals.read_seats(self.host.store.storage, play.game_id)
        return seats.begin is not None and all(
            seats.seated(s) for s in range(len(seats.begin.invitations)))

    def begin_move(self) -> tuple[str, bytes, str] | None:
        """This seat's move to another device begun: (the seat's key id, the hand-over
        message its key signs, the move file's payload), kept until :meth:`finish_move`;
        None (with a notice): it cannot move now."""
        play = self.active()
        handover = None
        if play is not None and self._can_move(play) and not self.moved_away(play):
            handover = linkseals.hand_over(self.host.store.storage, play.game_id,
                                           play.record.seat, play.signed())
        if play is None or handover is None:
            self.shown.notice = t("sealed.move_not_now")
            return None
        self.state.moving = (play.game_id, len(play.history), handover)
        return (f"{play.game_id}:{play.record.seat}", handover.message,
                seatmove.payload(play, handover))

    def finish_move(self, signature: bytes) -> bool:
        """The hand-over signed by this seat's key (the move file is made): this device
        keeps it and plays the seat no more. False (with a notice): the signature is not
        the seat's key's, or the game moved on meanwhile (no file is to be offered)."""
        play, moving = self.active(), self.state.moving
        self.state.moving = None
        if play is None or moving is None or moving[:2] != (play.game_id, len(play.history)) \
                or not linkseals.mark_moved(self.host.store.storage, play.game_id,
                                            play.record.seat, moving[2], signature,
                                            play.signed(), self.host.link_verifier()):
            self.shown.notice = t("sealed.move_not_now")
            return False
        self.state.signed = None
        self.shown.info = t("sealed.moved_away", name=play.options.names[play.record.seat])
        return True

    def _seat_moved(self, data: dict[str, Any]) -> None:
        """The page's keys signed the hand-over and locked the move file."""
        try:
            signature = base64.b64decode(str(data.get("signature") or ""), validate=True)
        except (ValueError, binascii.Error):
            signature = b""
        self.finish_move(signature)

    def _seat_unlocked(self, data: dict[str, Any]) -> None:
        """A move file unlocked by its passphrase: its seat taken here."""
        self.take_move(str(data.get("text") or ""))

    def _seat_refused(self, data: dict[str, Any]) -> None:
        """Why the page did not lock or unlock a move file, in words."""
        why = str(data.get("why") or "")
        self.state.moving = None
        self.shown.notice = t(f"sealed.{why}" if why in MOVE_REFUSALS else "sealed.move_damaged")

    def open_seat_file(self, text: str) -> None:
        """A move file opened (from the import field): its passphrase is asked."""
        self.state.seat_file = text
        self.shown.notice = None

    def seat_file(self) -> str | None:
        return self.state.seat_file

    def drop_seat_file(self) -> None:
        self.state.seat_file = None

    def take_move(self, text: str) -> None:
        """A move file's payload (unlocked by its passphrase): the seat it hands over
        taken on this device, which then plays it; refused with a notice naming why."""
        self.state.seat_file = None
        storage = self.host.store.storage
        try:
            moved = seatmove.read_payload(text, self.host.link_verifier())
            if sealedgame.read_record(storage, moved.game_id) is not None:
                raise seatmove.joined()
        except (MoveRefused, RecordError) as error:
            key = error.key if isinstance(error, MoveRefused) else "sealed.move_joined"
            self.shown.notice = t(key)
            return
        try:
            sealedgame.write_record(storage, moved.game_id, moved.record)
        except Exception:  # noqa: BLE001 - the store is full (the browser's own error)
            self.host.storage_full()
            return
        linkseals.write_seats(storage, moved.game_id, moved.seats)
        keep_options(storage, moved.game_id, moved.options)
        meta = stored_meta(self.host.store, moved.game_id, moved.options, moved.record.seat)
        self.shown.meta, self.shown.save_id = meta, LINK_SAVE + moved.game_id
        self.shown.from_link = False
        self._show(moved.play)  # (rebuilt once, when the payload was checked)
        self.shown.info = t("sealed.moved_here", name=moved.options.names[moved.record.seat])
        self.host.autosave()


def _locked_seed(data: dict[str, Any]) -> tuple[bytes | None, str | None]:
    """The seed the page drew and locked with the player's recovery passphrase, and its
    escrow; (None, None) when the player typed none (or the page sent no well-formed
    pair: the device then draws a seed of its own, kept in no escrow)."""
    escrow = str(data.get("escrow") or "")
    try:
        seed = seedescrow.seed_of(str(data.get("seed") or ""))
    except ValueError:
        return None, None
    return (seed, escrow) if seedescrow.well_formed(escrow) else (None, None)


def sealed_view(view: Any, can_decide: bool) -> Any:
    """A sealed game's view as the page shows it: no decision while this device cannot
    answer it (its cards are still tokens, or the shuffle is under way), and no card of
    the hand whose keys have not arrived (a copy: the views are kept)."""
    you = view.get("you")
    if you is None:
        return view
    hand = [card for card in you["hand"] if not _token(card)]
    if can_decide and len(hand) == len(you["hand"]):
        return view
    return {**view, "you": {**you, "hand": hand,
                            "decision": you["decision"] if can_decide else None}}


def _token(card: Any) -> bool:
    name = card.get("name") if isinstance(card, dict) else card
    return isinstance(name, str) and name.startswith("#")
