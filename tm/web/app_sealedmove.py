"""A seat of a sealed game moved to another device (issue 43): a part of the sealed-game
controller (:class:`tm.web.app_sealed.SealedController`), whose state it shares. This
device signs the seat's hand-over and offers the move file (:mod:`tm.web.seatmove`), then
plays the seat no more; the other device opens the file and takes the seat. Apart from the
links and the audit because it is a flow of its own, driven by the page's keys
(static/seatkeys.mjs) through the actions of :meth:`SeatMoves.move_actions`.
"""
from __future__ import annotations

import base64
import binascii
from typing import Any

from tm.web import linkhandover, linkseals, sealedgame, seatmove
from tm.web.app_base import Actions
from tm.web.app_sealedbase import SealedBase
from tm.web.i18n import t
from tm.web.linkplay_state import LINK_SAVE
from tm.web.sealed_store import keep_options, stored_meta
from tm.web.sealedgame import RecordError, SealedPlay
from tm.web.seatmove import MoveRefused

MOVE_REFUSALS = frozenset({"move_short", "move_mismatch", "move_no_keys", "move_not_now",
                           "move_passphrase", "move_damaged", "escrow_short",
                           "escrow_mismatch", "escrow_passphrase"})


class SeatMoves(SealedBase):
    """This seat moved to another device, and a seat moved here taken (a mixin of the
    sealed-game controller)."""

    def move_actions(self) -> Actions:
        """The actions of a seat's move: the page's keys answered (static/seatkeys.mjs,
        tm.web.page_tools) and a move file dropped."""
        return {"drop_seat_file": lambda data: self.drop_seat_file(),
                "seat_moved": self._seat_moved, "seat_unlocked": self._seat_unlocked,
                "seat_refused": self._seat_refused}

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
            handover = linkhandover.hand_over(self.host.store.storage, play.game_id,
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
                or not linkhandover.mark_moved(self.host.store.storage, play.game_id,
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
