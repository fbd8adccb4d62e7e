"""The check of a link's seals in play by link (see :mod:`tm.web.linkseals` for the rule):
a link's new moves against the seats' keys this device has pinned, the game's signed
beginning and the creator's re-invitations; what a join link brings before its seat is
chosen. A link that passes has its keys, signatures and invitation kept."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tm.core.state import Options
from tm.linkplay import seatseals
from tm.linkplay.seatseals import Invite, Seals
from tm.persist import gameids, sigs
from tm.web import creatorkeys
from tm.web.linkhandover import take_handover
from tm.web.linkseals import Seats, read_seats, take_recovery, write_seats
from tm.web.saves import Storage


@dataclass(frozen=True)
class Checked:
    """What the check of a link found: ``refused`` None when its new moves may open, else
    (what is wrong, the seat, the index of the move); ``moved`` the seats now played on a
    new device (invited again by the creator)."""

    refused: tuple[str, int, int] | None = None
    moved: tuple[int, ...] = ()
    handed: tuple[int, ...] = ()  # the seats now played on another device, moved there by
    # their own device (a sealed game's hand-over)
    back: tuple[int, ...] = ()  # of ``moved``, the creator's seat taken back on a new device
    # (its re-invitation rotated the creator's key)


def check_link(storage: Storage, link_id: str, params: dict[str, str], moves: list[Any],
               start: int, own_seat: int, verifier: sigs.Verifier,
               options: Options | None = None) -> Checked:
    """Whether a link's new moves (from ``start``) may open (its keys then pinned, its
    signatures kept): refused as ``"beginning"`` (its beginning is not its id's),
    ``"reinvite"`` (a re-invitation the creator did not sign), ``"handover"`` (a seat's
    move to another device that its pinned key did not sign, or not the next), ``"seat_key"``
    (a seat's key its invitation did not introduce, or another key for a pinned seat),
    ``"unsigned"`` (a move its seat's signature does not cover), ``"moved"`` (such a move,
    from the seat's device before it moved to another)."""
    if gameids.is_bound(link_id):
        checked = _check_bound(storage, link_id, seatseals.read_seat_seals(params), moves,
                               start, own_seat, verifier, options)
        if checked.refused is None and own_seat < 0 and params.get("c"):
            seats = read_seats(storage, link_id)
            take_recovery(seats, link_id, params["c"])
            write_seats(storage, link_id, seats)
        return checked
    refused = _check_first_use(storage, link_id, params, moves, start, own_seat, verifier)
    return Checked(refused)


def _check_first_use(storage: Storage, link_id: str, params: dict[str, str],
                     moves: list[Any], start: int, own_seat: int,
                     verifier: sigs.Verifier) -> tuple[str, int, int] | None:
    """A game begun before issue 43: keys pinned on first use (their signatures as they
    were then made: either form of ``s``; only here, for ids not bound to a beginning,
    so that links players hold keep opening)."""
    assert not gameids.is_bound(link_id)
    seats = read_seats(storage, link_id)
    announced, signatures = seatseals.read_seals(params)
    merged = sigs.pin_keys(seats.keys, announced, own_seat)
    if merged is None:
        seat = next((s for s, k in sorted(announced.items()) if seats.keys.get(s, k) != k
                     or s == own_seat), -1)
        return "seat_key", seat, start
    low = [sigs.SeatSignature(s.seat, s.upto, sigs.low_s(s.signature)) for s in signatures]
    vouched = sigs.vouching(link_id, moves, merged, low, verifier)  # each verified
    missing = [i for i in sigs.not_vouched(moves, vouched, start) if moves[i][0] in merged]
    if missing:
        return "unsigned", int(moves[missing[0]][0]), missing[0]
    seats.keys = merged
    seats.kept.update((item.seat, item) for item in vouched)
    write_seats(storage, link_id, seats)
    return None


def _check_bound(storage: Storage, link_id: str, found: Seals, moves: list[Any], start: int,
                 own_seat: int, verifier: sigs.Verifier, options: Options | None) -> Checked:
    seats = read_seats(storage, link_id)
    fresh = seats.begin is None
    refused = _take_beginning(seats, found, link_id, options, verifier)
    moved: list[int] = []
    handed: list[int] = []
    if refused is None:
        refused = _take_rotations(seats, found, link_id, verifier)
    if refused is None:
        refused = _take_reinvites(seats, found, link_id, moves, verifier, moved, handed)
    for seat, key in sorted(found.keys.items()):
        if refused is None and _take_key(seats, found, link_id, seat, key, own_seat, verifier):
            refused = "seat_key", seat
    if refused is not None:
        return Checked((refused[0], refused[1], start))
    vouched = sigs.vouching(link_id, moves, seats.keys, found.signatures, verifier)
    cover = [*vouched, *(sigs.SeatSignature(s, n, b"") for s, n in seats.vouched.items())]
    missing = sigs.not_vouched(moves, cover, start)
    if missing:
        mover = moves[missing[0]][0] if isinstance(moves[missing[0]], list) else -1
        return Checked((_unsigned_kind(seats, found, int(mover)), int(mover), missing[0]))
    for item in vouched:
        if item.upto >= seats.kept.get(item.seat, item).upto:
            seats.kept[item.seat] = item
    _take_invite(seats, found.invite)
    if own_seat in moved and not fresh and seats.recover != own_seat \
            and not seats.invited(own_seat):
        seats.away = True  # (the creator invited this device's seat again, elsewhere)
        seats.creator = None  # (the creator's key, if this seat held it, went with it)
    write_seats(storage, link_id, seats)
    back = tuple(s for s in moved if any((r.seat, r.generation) == (
        s, seats.invitation(s)[0]) for r in seats.rotations))
    return Checked(None, () if fresh else tuple(moved), () if fresh else tuple(handed),
                   () if fresh else back)


def _unsigned_kind(seats: Seats, found: Seals, seat: int) -> str:
    """Why a seat's moves are not covered: ``"moved"`` when the link speaks for the seat's
    device from before it moved to another device (its key introduced by an older
    invitation), else ``"unsigned"``."""
    again, intro = seats.reinvites.get(seat), found.intros.get(seat)
    if again is not None and again.handover and intro is not None \
            and intro.generation < again.generation:
        return "moved"
    return "unsigned"


def invited_away(storage: Storage, link_id: str, params: dict[str, str], own_seat: int,
                 moves: list[Any], verifier: sigs.Verifier) -> bool:
    """Whether a link carries the creator's re-invitation of this device's own seat, newer
    than the one this device took it with (its seat now belongs to another device)."""
    seats = read_seats(storage, link_id)
    if not gameids.is_bound(link_id) or seats.begin is None or own_seat < 0:
        return False
    found = seatseals.read_seat_seals(params)
    again = found.reinvites.get(own_seat)
    chain = creatorkeys.take_rotations(seats.rotations, found.rotations, seats.begin.creator,
                                       link_id, len(seats.begin.invitations), verifier)
    return again is not None and again.generation > seats.gens.get(own_seat, 0) and \
        again.upto <= len(moves) and chain[1] is None and creatorkeys.check_reinvite(
            chain[0], seats.begin.creator, own_seat, again, sigs.reinvite_message(
                link_id, own_seat, again.generation, again.invitation, moves[:again.upto]),
            verifier) is None


def beginning_fits(storage: Storage, link_id: str, params: dict[str, str], options: Options,
                   verifier: sigs.Verifier) -> bool:
    """Whether the beginning of a game bound to it (kept here, else the link's) fits the
    id and options, signed by its creator (a game begun before issue 43: True)."""
    if not gameids.is_bound(link_id):
        return True
    seats = read_seats(storage, link_id)
    return _take_beginning(seats, seatseals.read_seat_seals(params), link_id, options,
                           verifier) is None


def admit(storage: Storage, link_id: str, params: dict[str, str], options: Options,
          moves: list[Any], verifier: sigs.Verifier) -> bool:
    """A join link's beginning, re-invitations and invitation, kept before its seat is
    chosen (its moves are checked when they are taken); False: its beginning is not its
    id's, or a re-invitation is not the creator's (nothing kept)."""
    if not gameids.is_bound(link_id):
        return True
    seats, found = read_seats(storage, link_id), seatseals.read_seat_seals(params)
    if _take_beginning(seats, found, link_id, options, verifier) is not None or \
            _take_rotations(seats, found, link_id, verifier) is not None or \
            _take_reinvites(seats, found, link_id, moves, verifier, []) is not None:
        return False
    _take_invite(seats, found.invite)
    write_seats(storage, link_id, seats)
    return True


def _take_beginning(seats: Seats, found: Seals, link_id: str, options: Options | None,
                    verifier: sigs.Verifier) -> tuple[str, int] | None:
    """The game's beginning: kept from the first link that showed it fitting its id and
    signed by its creator; a link that shows another is refused."""
    if seats.begin is not None:
        if found.begin is not None and found.begin != seats.begin:
            return "beginning", -1
        if options is not None and not gameids.beginning_fits(link_id, options, seats.begin,
                                                              verifier, signed=False):
            return "beginning", -1
        return None
    if found.begin is None or options is None or not gameids.beginning_fits(
            link_id, options, found.begin, verifier):
        return "beginning", -1
    seats.begin = found.begin
    return None


def _take_rotations(seats: Seats, found: Seals, link_id: str,
                    verifier: sigs.Verifier) -> tuple[str, int] | None:
    """The creator key's rotations the link adds to this device's (tm.web.creatorkeys);
    a creator's key held here that is no longer the newest is dropped (the lost device's:
    its invitation tools go with it)."""
    assert seats.begin is not None
    chain, refused = creatorkeys.take_rotations(
        seats.rotations, found.rotations, seats.begin.creator, link_id,
        len(seats.begin.invitations), verifier)
    seats.rotations = chain
    if seats.creator is not None and chain and seats.recover < 0 and \
            sigs.SoftKey(seats.creator).public != seats.creator_key():
        seats.creator, seats.invites = None, {}
    return refused


def _take_reinvites(seats: Seats, found: Seals, link_id: str, moves: list[Any],
                    verifier: sigs.Verifier, moved: list[int],
                    handed: list[int] | None = None) -> tuple[str, int] | None:
    """The creator's re-invitations and the seats' hand-overs newer than this device's,
    each checked (the seats invited again added to ``moved``, those handed over to
    ``handed``)."""
    assert seats.begin is not None
    for seat, again in sorted(found.reinvites.items()):
        if not 0 <= seat < len(seats.begin.invitations):
            return "reinvite", seat
        held = seats.reinvites.get(seat)
        if held == again or (held is not None and again.generation < held.generation):
            continue
        old = creatorkeys.required(seats.rotations, seat, again.generation)
        if held is not None and again.generation == held.generation and not again.handover \
                and old < len(seats.rotations):  # (another one of a generation held, made
            return "old_creator", seats.rotations[old].seat  # with a superseded key)
        if again.handover:
            if not take_handover(seats, link_id, seat, again, None, moves, verifier):
                return "handover", seat
            (moved if handed is None else handed).append(seat)
            continue
        if again.upto > len(moves):
            return "reinvite", seat
        refused = creatorkeys.check_reinvite(
            seats.rotations, seats.begin.creator, seat, again, sigs.reinvite_message(
                link_id, seat, again.generation, again.invitation, moves[:again.upto]),
            verifier)
        if refused is not None:
            return refused
        seats.reinvites[seat], seats.vouched[seat] = again, again.upto
        moved.append(seat)
        if seats.gens.get(seat, 0) < again.generation:
            seats.forget(seat)
    return None


def _take_key(seats: Seats, found: Seals, link_id: str, seat: int, key: bytes,
              own_seat: int, verifier: sigs.Verifier) -> bool:
    """A seat's key the link announces, pinned when its seat's current invitation
    introduced it; whether it is refused (not introduced so, another key for a seat taken,
    or a key for the seat whose invitation this very device holds)."""
    assert seats.begin is not None
    if not 0 <= seat < len(seats.begin.invitations):
        return True
    generation, invitation = seats.invitation(seat)
    intro = found.intros.get(seat)
    if intro is not None and intro.generation < generation:
        return False  # the key of a device the seat left (invited again, or moved): stale,
        # its moves then refused as not signed by the seat's key now
    if seats.seated(seat):
        return seats.keys[seat] != key
    if intro is None or intro.generation != generation or sigs.public_point(key) is None \
            or not verifier.verify(invitation, sigs.intro_message(
                link_id, seat, generation, key), intro.signature):
        return True
    if seat == own_seat and seats.invited(seat):
        return True  # this device holds that invitation: another device took it with it
    seats.keys[seat], seats.gens[seat], seats.intros[seat] = key, generation, intro
    seats.kept.pop(seat, None)
    if seat != own_seat:
        seats.invites.pop(seat, None)  # (the creator need not keep it once the seat is taken)
    return False


def _take_invite(seats: Seats, invite: Invite | None) -> None:
    """A link's invitation, kept when it is the current one of its seat."""
    if invite is None or seats.begin is None or not 0 <= invite.seat < len(
            seats.begin.invitations) or seats.seated(invite.seat):
        return
    if (invite.generation, sigs.SoftKey(invite.secret).public) == seats.invitation(invite.seat):
        seats.invites[invite.seat] = (invite.generation, invite.secret)
