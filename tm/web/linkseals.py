"""Seats owned by devices in play by link: the keys this device has pinned for a game's
seats, the check of a link's signatures, and the seals put on the links it sends.

A game begun since issue 43 has an id bound to its signed beginning (tm.persist.gameids):
the creator's key and one invitation key per seat. A seat's device key is taken only when
that seat's invitation introduced it (its signature, tm.persist.sigs.intro_message), and
every move of every seat must be covered by that seat's signature under that key: nobody
who lacks a seat's invitation can take the seat or move for it, and nobody can rewrite
another seat's moves. Only the creator's device holds every invitation (it sends each seat
its own); it can invite a seat again (a lost device), signing the new invitation key and
vouching for that seat's moves so far: the new device's key then replaces the old one on
every device, which says so. (The check of a link's seals: :mod:`tm.web.linkchecks`.)

Games begun before keep the rule they were begun with: a seat's public key is pinned the
first time a link announces it (trust on first use); seats with no key pinned are taken as
before. Everything is kept under ``tm:seats:<game id>`` (outside the saves: a save's
format is unchanged).
"""
from __future__ import annotations

import base64
import binascii
import json
import os
from dataclasses import dataclass, field
from typing import Any, Protocol

from tm.linkplay import seatseals
from tm.linkplay.seatseals import Intro, Invite, Reinvite, Rotation, Seals
from tm.persist import gameids, safejson, sigs
from tm.persist.gameids import Beginning
from tm.web.creatorkeys import rotate
from tm.web.saves import MemoryStorage, Storage

SEATS_PREFIX = "tm:seats:"


class SealPending(Exception):
    """The page's keys answer later (WebCrypto is asynchronous): the link is made again
    when they have, and none is shown meanwhile."""


class Signer(Protocol):
    """This device's keys (the page's WebCrypto; a double in tests): one per game's seat.
    Each method raises :class:`SealPending` when its answer is on its way, and gives None
    where this device cannot keep keys (then a key kept in its storage signs)."""

    def public_key(self, link_id: str, seat: int) -> bytes | None: ...
    def sign(self, link_id: str, seat: int, message: bytes) -> bytes | None: ...


@dataclass
class Seats:
    """What this device keeps of a game's seats."""

    keys: dict[int, bytes] = field(default_factory=dict)  # each seat's pinned device key
    kept: dict[int, sigs.SeatSignature] = field(default_factory=dict)  # its latest signature
    gens: dict[int, int] = field(default_factory=dict)  # the invitation that introduced it
    intros: dict[int, Intro] = field(default_factory=dict)
    begin: Beginning | None = None
    reinvites: dict[int, Reinvite] = field(default_factory=dict)
    vouched: dict[int, int] = field(default_factory=dict)  # a re-invited seat: its moves
    # the creator vouched for (the re-invitation's history length)
    creator: bytes | None = None  # the creator's secret (on the creator's device only)
    invites: dict[int, tuple[int, bytes]] = field(default_factory=dict)  # invitations held
    soft: bytes | None = None  # this device's own key where it has no WebCrypto
    recover: int = -1  # the seat this device takes back with the creator's key (its
    # re-invitation signed when it first sends a link, over the history it then holds)
    away: bool = False  # this device's seat was invited again and taken on another device
    rotations: tuple[Rotation, ...] = ()  # the creator key's (tm.web.creatorkeys)

    def creator_key(self) -> bytes:
        """The creator's key in force: the newest rotation's, else the beginning's."""
        assert self.begin is not None
        return self.rotations[-1].creator if self.rotations else self.begin.creator

    def invitation(self, seat: int) -> tuple[int, bytes]:
        """The seat's invitation now: (its generation, its public key)."""
        again = self.reinvites.get(seat)
        if again is not None:
            return again.generation, again.invitation
        assert self.begin is not None
        return 0, self.begin.invitations[seat]

    def seated(self, seat: int) -> bool:
        """Whether a device key of the seat's current invitation is pinned."""
        return seat in self.keys and self.gens.get(seat, 0) == self.invitation(seat)[0]

    def invited(self, seat: int) -> bool:
        """Whether this device holds the seat's current invitation."""
        held = self.invites.get(seat)
        return held is not None and held[0] == self.invitation(seat)[0]

    def forget(self, seat: int) -> None:
        """The seat's device key is no longer taken (its seat was invited again)."""
        for kept in (self.keys, self.kept, self.gens, self.intros):
            kept.pop(seat, None)

    def seals(self, invite: Invite | None = None) -> Seals:
        return Seals(dict(self.keys), list(self.kept.values()), dict(self.intros),
                     self.begin, dict(self.reinvites), invite, self.rotations)


Record = tuple[dict[int, bytes], dict[int, sigs.SeatSignature]]


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _unb64(text: Any) -> bytes:
    return base64.b64decode(str(text), validate=True)


def read_seats(storage: Storage, link_id: str) -> Seats:
    """What this device keeps of a game's seats (an unreadable record is an empty one: the
    next link pins again)."""
    try:
        raw = safejson.loads(storage.get(SEATS_PREFIX + link_id) or "{}")
        seats = Seats(
            keys={int(s): _unb64(k) for s, k in raw.get("keys", {}).items()},
            kept={int(s): sigs.SeatSignature(int(s), int(v[0]), _unb64(v[1]))
                  for s, v in raw.get("sigs", {}).items()},
            gens={int(s): int(g) for s, g in raw.get("gens", {}).items()},
            intros={int(s): Intro(int(v[0]), _unb64(v[1]))
                    for s, v in raw.get("intros", {}).items()},
            reinvites={int(s): Reinvite(int(v[0]), _unb64(v[1]), _unb64(v[2]), int(v[3]),
                                        v[4:] == [1])
                       for s, v in raw.get("reinvites", {}).items()},
            vouched={int(s): int(n) for s, n in raw.get("vouched", {}).items()},
            invites={int(s): (int(v[0]), _unb64(v[1]))
                     for s, v in raw.get("invites", {}).items()})
        if raw.get("begin"):
            keys = [_unb64(k) for k in raw["begin"]]
            seats.begin = Beginning(keys[0], tuple(keys[1:-1]), keys[-1])
        seats.creator = _unb64(raw["creator"]) if raw.get("creator") else None
        seats.soft = _unb64(raw["soft"]) if raw.get("soft") else None
        seats.recover = int(raw.get("recover", -1))
        seats.away = raw.get("away") == 1
        seats.rotations = seatseals.read_rotations(str(raw.get("rotations", "")))
    except (ValueError, TypeError, AttributeError, IndexError, KeyError, binascii.Error):
        return Seats()
    return seats


def write_seats(storage: Storage, link_id: str, seats: Seats) -> None:
    data: dict[str, Any] = {
        "keys": {str(s): _b64(k) for s, k in sorted(seats.keys.items())},
        "sigs": {str(s): [v.upto, _b64(v.signature)] for s, v in sorted(seats.kept.items())}}
    if seats.begin is not None:
        begin = seats.begin
        data["begin"] = [_b64(k) for k in (begin.creator, *begin.invitations, begin.signature)]
        data["gens"] = {str(s): g for s, g in sorted(seats.gens.items())}
        data["intros"] = {str(s): [v.generation, _b64(v.signature)]
                          for s, v in sorted(seats.intros.items())}
        data["reinvites"] = {str(s): [v.generation, _b64(v.invitation), _b64(v.signature),
                                      v.upto] + ([1] if v.handover else [])
                             for s, v in sorted(seats.reinvites.items())}
        data["vouched"] = {str(s): n for s, n in sorted(seats.vouched.items())}
        data["invites"] = {str(s): [g, _b64(k)] for s, (g, k) in sorted(seats.invites.items())}
    if seats.recover >= 0:
        data["recover"] = seats.recover
    if seats.away:
        data["away"] = 1
    if seats.rotations:
        data["rotations"] = seatseals.rotations_text(seats.rotations)
    for name in ("creator", "soft"):
        secret = getattr(seats, name)
        if secret is not None:
            data[name] = _b64(secret)
    try:
        storage.set(SEATS_PREFIX + link_id, json.dumps(data, separators=(",", ":")))
    except Exception:  # a full store: the game's own save says so
        pass


def put_back(storage: Storage, link_id: str, text: str | None) -> None:
    """The seats' record as it was before a link that is not taken (its keys not kept)."""
    try:
        if text is None:
            storage.remove(SEATS_PREFIX + link_id)
        elif storage.get(SEATS_PREFIX + link_id) != text:
            storage.set(SEATS_PREFIX + link_id, text)
    except Exception:  # (the store refusing even that: the next link pins again)
        pass

def read_record(storage: Storage, link_id: str) -> Record:
    """The keys pinned for a game's seats and the latest signature kept of each."""
    seats = read_seats(storage, link_id)
    return seats.keys, seats.kept


def write_record(storage: Storage, link_id: str, record: Record) -> None:
    seats = read_seats(storage, link_id)
    seats.keys, seats.kept = record
    write_seats(storage, link_id, seats)


# ---------------------------------------------------------------- the creator's device
def begin_game(storage: Storage, begun: gameids.Begun) -> None:
    """Keep a new game's beginning on its creator's device, with every seat's invitation
    and the creator's key (to invite a seat again)."""
    seats = Seats(begin=begun.beginning, creator=begun.creator_secret,
                  invites={s: (0, secret) for s, secret in enumerate(begun.invitation_secrets)})
    write_seats(storage, begun.link_id, seats)


def invite_again(storage: Storage, link_id: str, seat: int, moves: list[Any]) -> bool:
    """The creator invites a seat again (its device was lost): a new invitation key,
    signed with the creator's key over the history so far (which vouches for the seat's
    moves in it); the seat's old key is no longer taken. False: not the creator's device."""
    seats = read_seats(storage, link_id)
    if seats.creator is None or seats.begin is None or not 0 <= seat < len(
            seats.begin.invitations):
        return False
    _reinvite(seats, link_id, seat, moves)
    write_seats(storage, link_id, seats)
    return True


def _reinvite(seats: Seats, link_id: str, seat: int, moves: list[Any]) -> None:
    """A new invitation for ``seat`` signed with the creator's key (which ``seats``
    holds) over ``moves``; this device holds it, the seat's old key is no longer taken."""
    assert seats.creator is not None
    generation = seats.invitation(seat)[0] + 1
    invitation = sigs.SoftKey(os.urandom(sigs.SECRET_BYTES))
    creator = sigs.SoftKey(seats.creator)
    message = sigs.reinvite_message(link_id, seat, generation, invitation.public, moves)
    seats.reinvites[seat] = Reinvite(generation, invitation.public, creator.sign(message),
                                     len(moves))
    seats.vouched[seat] = len(moves)
    seats.invites[seat] = (generation, invitation.secret)
    seats.forget(seat)


def _take_back(seats: Seats, link_id: str, seat: int, moves: list[object]) -> None:
    """The creator's seat re-invited on its new device with the creator's key, which is
    then replaced by a fresh one (the lost device holds the old: tm.web.creatorkeys)."""
    assert seats.creator is not None and seats.begin is not None
    _reinvite(seats, link_id, seat, moves)
    gens = tuple(seats.invitation(s)[0] for s in range(len(seats.begin.invitations)))
    rotation, seats.creator = rotate(link_id, seat, seats.creator, seats.reinvites[seat], gens)
    seats.rotations, seats.recover = (*seats.rotations, rotation), -1


def seats_text(seats: Seats) -> str:
    """A seats' record as :func:`write_seats` stores it (the move file carries it)."""
    kept = MemoryStorage()
    write_seats(kept, "", seats)
    return kept.data[SEATS_PREFIX]


def read_seats_text(text: str) -> Seats:
    """A seats' record from :func:`seats_text` (empty when it is not one)."""
    kept = MemoryStorage()
    kept.data[SEATS_PREFIX] = text
    return read_seats(kept, "")


def recovery_param(storage: Storage, link_id: str, seat: int) -> str | None:
    """On the creator's device, the ``&c=`` of its way back to its own seat: the seat and
    the creator's key (whoever holds it can take that seat; None: not the creator's)."""
    seats = read_seats(storage, link_id)
    if seats.creator is None or seats.begin is None or seat < 0:
        return None
    return f"{seat}.{base64.urlsafe_b64encode(seats.creator).decode().rstrip('=')}"


def take_recovery(seats: Seats, link_id: str, param: str) -> None:
    """A device with no seat in the game opens its creator's way back (``&c=``): when the
    key is the one that signed the game's beginning, it keeps it and may take that seat
    back (:func:`sealed` re-invites it when this device first sends a link)."""
    seat_text, _, secret_text = param.partition(".")
    try:
        secret = base64.urlsafe_b64decode(secret_text + "=" * (-len(secret_text) % 4))
        key = sigs.SoftKey(secret)
    except (ValueError, binascii.Error):
        return
    if seats.begin is None or key.public != seats.creator_key() or not seat_text.isdigit() \
            or not 0 <= int(seat_text) < len(seats.begin.invitations):
        return
    seats.creator, seats.recover = secret, int(seat_text)


def seat_taken(storage: Storage, link_id: str, seat: int) -> bool:
    """Whether another device plays the seat (its current key is pinned here)."""
    seats = read_seats(storage, link_id)
    if gameids.is_bound(link_id) and seats.begin is not None:
        return 0 <= seat < len(seats.begin.invitations) and seats.seated(seat) and \
            seat != seats.recover
    return seat in seats.keys


def invited_seats(storage: Storage, link_id: str, players: int) -> tuple[int, ...] | None:
    """The seats this device may take (it holds their invitation, nobody took them); None
    where any free seat may be taken (a game begun before issue 43)."""
    seats = read_seats(storage, link_id)
    if not gameids.is_bound(link_id):
        return None
    if seats.begin is None:
        return ()
    return tuple(s for s in range(players) if s == seats.recover
                 or (seats.invited(s) and not seats.seated(s)))


# ---------------------------------------------------------------- sealing a link
@dataclass(frozen=True)
class Sealed:
    """A link fragment with its seals, and what sealing it found."""

    fragment: str
    signed: bool  # this device's seat signed the whole history
    key_lost: bool  # its seat's pinned key is not the one its keys hold (site data
    # cleared): the link goes unsigned, and the others will refuse its moves


def sealed(fragment: str, storage: Storage, link_id: str, seat: int, moves: list[Any],
           signer: Signer | None, recipient: int | None = None) -> Sealed:
    """A link fragment with the seats' keys and signatures: this device's seat signs the
    history up to now (its key pinned here on first use, or in a game bound to its
    beginning introduced by the seat's invitation), the others' latest are passed on; an
    invitation link (``recipient`` not yet seated and invited by this device) carries that
    seat's invitation. Raises :class:`SealPending` while the signer has yet to answer."""
    seats = read_seats(storage, link_id)
    if not gameids.is_bound(link_id) or seats.begin is None:
        return _sealed_first_use(fragment, storage, link_id, seat, moves, signer, seats)
    signed = lost = False
    if seat >= 0:
        own, sign = _device_key(storage, link_id, seat, signer, seats)
        if seat == seats.recover and seats.creator is not None:  # its creator, back
            _take_back(seats, link_id, seat, moves)
        if not seats.seated(seat) and seats.invited(seat):
            generation, secret = seats.invites[seat]
            intro = sigs.SoftKey(secret).sign(sigs.intro_message(link_id, seat, generation, own))
            seats.keys[seat], seats.gens[seat] = own, generation
            seats.intros[seat] = Intro(generation, intro)
            seats.away = False  # (seated here again: its own invitation)
        lost = seats.keys.get(seat) != own
        signature = None if lost else sign(sigs.batch_message(link_id, seat, moves))
        if signature is not None:
            seats.kept[seat] = sigs.SeatSignature(seat, len(moves), sigs.low_s(signature))
            signed = True
        write_seats(storage, link_id, seats)
    invite = None
    if recipient is not None and recipient != seat and seats.invited(recipient) \
            and not seats.seated(recipient):
        generation, secret = seats.invites[recipient]
        invite = Invite(recipient, generation, secret)
    return Sealed(seatseals.with_seals(fragment, seats.keys, list(seats.kept.values()),
                                   seats.seals(invite)), signed, lost)


def _device_key(storage: Storage, link_id: str, seat: int, signer: Signer | None,
                seats: Seats) -> tuple[bytes, Any]:
    """This device's key for the seat and how it signs: the page's WebCrypto key, or
    where the page has none, a key kept in this device's storage."""
    own = signer.public_key(link_id, seat) if signer is not None else None
    if own is not None and signer is not None:
        page = signer
        return own, lambda message: page.sign(link_id, seat, message)
    if seats.soft is None:
        seats.soft = os.urandom(sigs.SECRET_BYTES)
    soft = sigs.SoftKey(seats.soft)
    return soft.public, soft.sign


def seat_signature(storage: Storage, link_id: str, seat: int, signer: Signer | None,
                   message: bytes) -> bytes:
    """This device's signature (low-S) of ``message`` for its seat, by the key that signs
    the seat's links (empty: it has none pinned, as in a game begun before keys on a page
    that cannot sign). Raises :class:`SealPending` while the signer has yet to answer."""
    seats = read_seats(storage, link_id)
    if gameids.is_bound(link_id) and seats.begin is not None:
        own, sign = _device_key(storage, link_id, seat, signer, seats)
        return sigs.low_s(sign(message) or b"") if seats.keys.get(seat) == own else b""
    if signer is None or signer.public_key(link_id, seat) is None:
        return b""
    return sigs.low_s(signer.sign(link_id, seat, message) or b"")


def _sealed_first_use(fragment: str, storage: Storage, link_id: str, seat: int,
                      moves: list[Any], signer: Signer | None, seats: Seats) -> Sealed:
    own = signer.public_key(link_id, seat) if signer is not None and seat >= 0 else None
    signed = lost = False
    if signer is not None and own is not None:
        lost = seats.keys.setdefault(seat, own) != own
        signature = None if lost else signer.sign(
            link_id, seat, sigs.batch_message(link_id, seat, moves))
        if signature is not None:
            seats.kept[seat] = sigs.SeatSignature(seat, len(moves), sigs.low_s(signature))
            write_seats(storage, link_id, seats)
            signed = True
    return Sealed(seatseals.with_seals(fragment, seats.keys, list(seats.kept.values())), signed,
                  lost)
