"""Seats owned by devices in play by link: the keys this device has pinned for a game's
seats, the check of a link's signatures, and the seals put on the links it sends.

A seat's public key is pinned the first time a link announces it (trust on first use) and
kept under ``tm:seats:<game id>`` (outside the saves: a save's format is unchanged). From
then on a new move of that seat opens only when that seat's signature, verified under the
pinned key, covers it (tm.persist.sigs). Seats with no key pinned (links made before keys,
or by a page that cannot sign) are taken as before: the migration of older games.
"""
from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any, Protocol

from tm.persist import links, safejson, sigs
from tm.web.saves import Storage

SEATS_PREFIX = "tm:seats:"


class SealPending(Exception):
    """The page's keys answer later (WebCrypto is asynchronous): the link is made again
    when they have, and none is shown meanwhile."""


class Signer(Protocol):
    """This device's keys (the page's WebCrypto; a double in tests): one per game's seat.
    Each method raises :class:`SealPending` when its answer is on its way, and gives None
    where this device cannot keep keys (then its links go unsigned, as before keys)."""

    def public_key(self, link_id: str, seat: int) -> bytes | None: ...
    def sign(self, link_id: str, seat: int, message: bytes) -> bytes | None: ...


Record = tuple[dict[int, bytes], dict[int, sigs.SeatSignature]]


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def read_record(storage: Storage, link_id: str) -> Record:
    """The keys pinned for a game's seats and the latest signature kept of each (an
    unreadable record is an empty one: the next link pins again)."""
    try:
        raw = safejson.loads(storage.get(SEATS_PREFIX + link_id) or "{}")
        keys = {int(s): base64.b64decode(k) for s, k in raw.get("keys", {}).items()}
        kept = {int(s): sigs.SeatSignature(int(s), int(v[0]), base64.b64decode(v[1]))
                for s, v in raw.get("sigs", {}).items()}
    except (ValueError, TypeError, AttributeError, IndexError, binascii.Error):
        return {}, {}
    return keys, kept


def write_record(storage: Storage, link_id: str, record: Record) -> None:
    keys, kept = record
    data = {"keys": {str(s): _b64(k) for s, k in sorted(keys.items())},
            "sigs": {str(s): [v.upto, _b64(v.signature)] for s, v in sorted(kept.items())}}
    try:
        storage.set(SEATS_PREFIX + link_id, json.dumps(data, separators=(",", ":")))
    except Exception:  # a full store: the game's own save says so
        pass


def check_link(storage: Storage, link_id: str, params: dict[str, str], moves: list[Any],
               start: int, own_seat: int, verifier: sigs.Verifier) -> tuple[str, int, int] | None:
    """None when a link's new moves (from ``start``) may open (its keys then pinned, its
    signatures kept); else (what is wrong, the seat, the index of the move): ``"seat_key"``
    another key for a pinned seat or for this device's own, ``"unsigned"`` a move of a seat
    with a key that its signature does not cover."""
    pinned, kept = read_record(storage, link_id)
    announced, signatures = links.read_seals(params)
    merged = sigs.pin_keys(pinned, announced, own_seat)
    if merged is None:
        seat = next((s for s, k in sorted(announced.items()) if pinned.get(s, k) != k
                     or s == own_seat), -1)
        return "seat_key", seat, start
    vouched = sigs.vouching(link_id, moves, merged, signatures, verifier)  # each verified
    missing = [i for i in sigs.not_vouched(moves, vouched, start) if moves[i][0] in merged]
    if missing:
        return "unsigned", int(moves[missing[0]][0]), missing[0]
    kept.update((item.seat, item) for item in vouched)
    write_record(storage, link_id, (merged, kept))
    return None


@dataclass(frozen=True)
class Sealed:
    """A link fragment with its seals, and what sealing it found."""

    fragment: str
    signed: bool  # this device's seat signed the whole history
    key_lost: bool  # its seat's pinned key is not the one its keys hold (site data
    # cleared): the link goes unsigned, and the others will refuse its moves


def sealed(fragment: str, storage: Storage, link_id: str, seat: int, moves: list[Any],
           signer: Signer | None) -> Sealed:
    """A link fragment with the seats' keys and signatures: this device's seat signs the
    history up to now (its key pinned here on first use), the others' latest are passed on.
    Raises :class:`SealPending` while the signer has yet to answer."""
    keys, kept = read_record(storage, link_id)
    own = signer.public_key(link_id, seat) if signer is not None and seat >= 0 else None
    signed = lost = False
    if signer is not None and own is not None:
        lost = keys.setdefault(seat, own) != own
        signature = None if lost else signer.sign(
            link_id, seat, sigs.batch_message(link_id, seat, moves))
        if signature is not None:
            kept[seat] = sigs.SeatSignature(seat, len(moves), signature)
            write_record(storage, link_id, (keys, kept))
            signed = True
    return Sealed(links.with_seals(fragment, keys, list(kept.values())), signed, lost)
