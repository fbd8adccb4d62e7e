"""A sealed seat moved by its own device to another (:mod:`tm.web.seatmove` makes and reads
the move file): the hand-over the seat's key signs, its check on every device, and the
leaving device's mark. Apart from :mod:`tm.web.linkseals` (the seats' record and the seals
of links), which it reads and writes through."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from tm.linkplay.seatseals import Reinvite
from tm.persist import gameids, sigs
from tm.web.linkseals import Seats, read_seats, write_seats
from tm.web.saves import Storage


@dataclass(frozen=True)
class HandOver:
    """A seat's move to another device, before its device key signs it: the seats' record
    as it stands here (the seat's key pinned), the hand-over (its signature still to
    put in), the new invitation's secret and the message the seat's key signs."""

    seats: Seats
    again: Reinvite
    secret: bytes
    message: bytes

    def signed(self, signature: bytes) -> Reinvite:
        """The hand-over with the seat's signature (low-S)."""
        again = self.again
        return Reinvite(again.generation, again.invitation, sigs.low_s(signature), again.upto,
                        True)


def hand_over(storage: Storage, link_id: str, seat: int, moves: list[Any]) -> HandOver | None:
    """This device's seat moved to another device (a sealed game's seat: its cards open
    only with this device's secret, which goes with it): a new invitation key, whose
    hand-over this device's key signs over the history so far. None: the seat is not this
    device's to move (a game begun before issue 43), or not yet (a seat's key is not pinned
    here: the devices that lack the seat's key could not check the hand-over)."""
    seats = read_seats(storage, link_id)
    if not gameids.is_bound(link_id) or seats.begin is None or not all(
            seats.seated(s) for s in range(len(seats.begin.invitations))):
        return None  # (every seat's key pinned: each device can check the hand-over)
    generation = seats.invitation(seat)[0] + 1
    invitation = sigs.SoftKey(os.urandom(sigs.SECRET_BYTES))
    seats.soft, seats.recover = None, -1  # (the new device keeps keys of its own)
    return HandOver(seats, Reinvite(generation, invitation.public, b"", len(moves), True),
                    invitation.secret, sigs.handover_message(
                        link_id, seat, generation, invitation.public, moves))


def take_handover(seats: Seats, link_id: str, seat: int, again: Reinvite,
                  secret: bytes | None, moves: list[Any], verifier: sigs.Verifier) -> bool:
    """A seat's hand-over put into ``seats`` when it is the next of its seat, signed by
    the seat's pinned key over ``moves[:upto]`` (False: not so, ``seats`` unchanged): the
    old key no longer taken; with ``secret`` (on the new device) its invitation held."""
    if not again.handover or not seats.seated(seat) \
            or again.generation != seats.invitation(seat)[0] + 1 or again.upto > len(moves) \
            or not verifier.verify(seats.keys[seat], sigs.handover_message(
                link_id, seat, again.generation, again.invitation, moves[:again.upto]),
                again.signature):
        return False
    if secret is not None and sigs.SoftKey(secret).public != again.invitation:
        return False
    seats.reinvites[seat], seats.vouched[seat] = again, again.upto
    seats.forget(seat)
    if secret is not None:
        seats.invites[seat] = (again.generation, secret)
    return True


def mark_moved(storage: Storage, link_id: str, seat: int, handover: HandOver,
               signature: bytes, moves: list[Any], verifier: sigs.Verifier) -> bool:
    """On the device the seat leaves: the hand-over kept, the invitation it carries not
    (this device plays the seat no more, :func:`moved_away`); False: the signature does
    not verify (nothing changed)."""
    seats = read_seats(storage, link_id)
    if not take_handover(seats, link_id, seat, handover.signed(signature), None, moves,
                         verifier):
        return False
    seats.creator = None  # (the creator's key, if this seat held it, went with the seat)
    write_seats(storage, link_id, seats)
    return True


def moved_away(storage: Storage, link_id: str, seat: int) -> bool:
    """Whether this device moved its seat to another device, or its seat was taken back
    on another device (invited again there: a device thought lost); it keeps the game to
    look at, and plays that seat no more."""
    return left_words(storage, link_id, seat) is not None


def left_words(storage: Storage, link_id: str, seat: int) -> str | None:
    """Why this device plays its seat no more, as the key of the page's words: it moved
    the seat (``sealed.moved_away``), or the seat was taken back on another device
    (``sealed.taken_away``); None: it plays it."""
    seats = read_seats(storage, link_id)
    again = seats.reinvites.get(seat)
    if again is not None and again.handover and not seats.seated(seat) \
            and not seats.invited(seat):
        return "sealed.moved_away"
    return "sealed.taken_away" if seats.away else None
