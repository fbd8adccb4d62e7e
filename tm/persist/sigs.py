"""Signatures of play by link: which device may make a seat's moves.

A device that takes a seat makes an ECDSA P-256 key pair (WebCrypto in the browser; the
private key never leaves it) and announces the public key with its first link. Every link
it sends carries its signature over :func:`batch_message`: the game's id, its seat and the
hash of the whole history up to its last move, so one signature per seat (the latest)
vouches for all that seat's moves in that prefix and pins the prefix itself.

Checking needs only public keys, so it runs in CPython and in Pyodide alike: a pure-Python
P-256 verify, behind :class:`Verifier` so a page may use WebCrypto's instead and tests may
use a double. Only low-S signatures verify (``s <= N/2``): each signature has one form, so
no device can make a second, different-looking signature of a message it did not sign.

Since issue 43 a game's seats belong to invitations (tm.persist.gameids, tm.web.linkseals):
the creator's device signs the game's beginning with a key of its own, and each seat's
invitation carries the private half of that seat's invitation key, which introduces the
device key of whoever holds it (:func:`intro_message`). Those keys travel in links, so they
are plain numbers signed here (:class:`SoftKey`), never a device's WebCrypto key.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any, Protocol

# P-256 (secp256r1, FIPS 186-4 D.1.2.3): y^2 = x^3 - 3x + b over GF(P), order N
P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
     0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)
KEY_BYTES = 65  # an uncompressed point, as WebCrypto's "raw" export: 0x04 | x | y
SIG_BYTES = 64  # r | s, as WebCrypto's ECDSA signature (IEEE P1363)
BATCH_TAG = "tm-link-batch-1"
INTRO_TAG = "tm-seat-intro-1"
REINVITE_TAG = "tm-seat-reinvite-1"
HANDOVER_TAG = "tm-seat-handover-1"
ROTATE_TAG = "tm-creator-rotate-1"
SECRET_BYTES = 32  # a private key as it travels in an invitation link

Point = tuple[int, int] | None  # None: the point at infinity
_Jacobian = tuple[int, int, int]


class Verifier(Protocol):
    """Checks a signature of a message by a public key (both as WebCrypto gives them)."""

    def verify(self, public_key: bytes, message: bytes, signature: bytes) -> bool: ...


# ---------------------------------------------------------------- the curve
def _double(p: _Jacobian) -> _Jacobian:
    x, y, z = p
    if not y or not z:
        return (0, 1, 0)
    zz = z * z % P
    m = 3 * (x - zz) * (x + zz) % P  # a = -3
    yy = y * y % P
    s = 4 * x * yy % P
    x3 = (m * m - 2 * s) % P
    return x3, (m * (s - x3) - 8 * yy * yy) % P, 2 * y * z % P


def _add(p: _Jacobian, q: _Jacobian) -> _Jacobian:
    if not p[2]:
        return q
    if not q[2]:
        return p
    z1z1, z2z2 = p[2] * p[2] % P, q[2] * q[2] % P
    u1, u2 = p[0] * z2z2 % P, q[0] * z1z1 % P
    s1, s2 = p[1] * q[2] * z2z2 % P, q[1] * p[2] * z1z1 % P
    if u1 == u2:
        return _double(p) if s1 == s2 else (0, 1, 0)
    h, r = (u2 - u1) % P, (s2 - s1) % P
    hh = h * h % P
    hhh, v = h * hh % P, u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - s1 * hhh) % P, h * p[2] * q[2] % P


def _affine(p: _Jacobian) -> Point:
    if not p[2]:
        return None
    zi = pow(p[2], -1, P)
    zi2 = zi * zi % P
    return p[0] * zi2 % P, p[1] * zi2 * zi % P


def _mul_add(u1: int, u2: int, q: tuple[int, int]) -> Point:
    """u1·G + u2·Q (Shamir's trick: one pass over the bits)."""
    g, qj = (G[0], G[1], 1), (q[0], q[1], 1)
    both = _add(g, qj)
    acc: _Jacobian = (0, 1, 0)
    for bit in range(max(u1.bit_length(), u2.bit_length()) - 1, -1, -1):
        acc = _double(acc)
        pick = ((u1 >> bit) & 1, (u2 >> bit) & 1)
        if pick == (1, 1):
            acc = _add(acc, both)
        elif pick == (1, 0):
            acc = _add(acc, g)
        elif pick == (0, 1):
            acc = _add(acc, qj)
    return _affine(acc)


def on_curve(point: tuple[int, int]) -> bool:
    """Whether a point with coordinates in range lies on P-256."""
    x, y = point
    return 0 <= x < P and 0 <= y < P and (y * y - x * x * x + 3 * x - B) % P == 0


def public_point(raw: bytes) -> tuple[int, int] | None:
    """The point of a raw public key (None when it is not one: wrong length, prefix, or
    off the curve; a point off the curve could leak nothing here but is refused anyway)."""
    if not isinstance(raw, bytes) or len(raw) != KEY_BYTES or raw[0] != 4:
        return None
    point = (int.from_bytes(raw[1:33], "big"), int.from_bytes(raw[33:], "big"))
    return point if on_curve(point) else None


def verify_p256(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """ECDSA P-256 with SHA-256 (WebCrypto's ``{name: "ECDSA", hash: "SHA-256"}``), low-S
    signatures only (:func:`low_s` gives a WebCrypto signature that form)."""
    q = public_point(public_key)
    if q is None or not isinstance(signature, bytes) or len(signature) != SIG_BYTES:
        return False
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    if not (0 < r < N and 0 < s <= N // 2):
        return False
    e = int.from_bytes(hashlib.sha256(message).digest(), "big")
    w = pow(s, -1, N)
    point = _mul_add(e * w % N, r * w % N, q)
    return point is not None and point[0] % N == r


def low_s(signature: bytes) -> bytes:
    """A signature in its low-S form (``s`` and ``N - s`` verify alike; WebCrypto gives
    either, the links carry the low one). Anything not a signature is returned as it is."""
    if not isinstance(signature, bytes) or len(signature) != SIG_BYTES:
        return signature
    s = int.from_bytes(signature[32:], "big")
    if not N // 2 < s < N:
        return signature
    return signature[:32] + (N - s).to_bytes(32, "big")


def _scalar(secret: bytes) -> int:
    return int.from_bytes(secret, "big") % (N - 1) + 1


class SoftKey:
    """A key pair held as a number: the creator's key and the seats' invitation keys,
    which links carry (standard library only). Signatures use a deterministic nonce
    (HMAC-SHA256 of the key and the message, as RFC 6979 intends) and are low-S."""

    def __init__(self, secret: bytes) -> None:
        if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
            raise ValueError("a key's secret is 32 bytes")
        self.secret = secret
        point = _mul_add(_scalar(secret), 0, G)
        assert point is not None
        self.public = b"\x04" + point[0].to_bytes(32, "big") + point[1].to_bytes(32, "big")

    def sign(self, message: bytes) -> bytes:
        d = _scalar(self.secret)
        e = int.from_bytes(hashlib.sha256(message).digest(), "big")
        for counter in range(1, 1000):
            nonce = int.from_bytes(hmac.new(self.secret, message + counter.to_bytes(4, "big"),
                                            hashlib.sha256).digest(), "big")
            if not 0 < nonce < N:
                continue
            point = _mul_add(nonce, 0, G)
            assert point is not None
            r = point[0] % N
            s = pow(nonce, -1, N) * (e + r * d) % N
            if r and s:
                return low_s(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
        raise ValueError("no signature")  # (never: each nonce fails with odds 2^-128)


def intro_message(link_id: str, seat: int, generation: int, device_key: bytes) -> bytes:
    """What a seat's invitation key signs to introduce the device key that takes the seat
    (``generation``: 0 for the beginning's invitation, n for the creator's n-th
    re-invitation of that seat)."""
    return f"{INTRO_TAG}|{link_id}|{seat}|{generation}|{device_key.hex()}".encode()


def reinvite_message(link_id: str, seat: int, generation: int, invitation: bytes,
                     moves: list[Any]) -> bytes:
    """What the creator's key signs to invite a seat again: its new invitation key and the
    history so far (the creator vouches for the seat's moves in it: the old device's)."""
    return (f"{REINVITE_TAG}|{link_id}|{seat}|{generation}|{invitation.hex()}|{len(moves)}|"
            f"{history_digest(moves)}").encode()


def handover_message(link_id: str, seat: int, generation: int, invitation: bytes,
                     moves: list[Any]) -> bytes:
    """What a seat's own device key signs to move the seat to another device (a sealed
    game's seat, whose cards open only with its device's secret): the new invitation key,
    which introduces the new device's key, and the history so far (the old device vouches
    for the seat's moves in it). Its own tag: a re-invitation is the creator's word, a
    hand-over the seat's."""
    return (f"{HANDOVER_TAG}|{link_id}|{seat}|{generation}|{invitation.hex()}|{len(moves)}|"
            f"{history_digest(moves)}").encode()


def rotate_message(link_id: str, seat: int, generation: int, invitation: bytes,
                   creator: bytes, gens: tuple[int, ...]) -> bytes:
    """What the creator's key signs when the creator's seat is taken back on a new device:
    the new creator key ``creator``, bound to the game, to the re-invitation of that seat
    (its generation and invitation key) and to every seat's invitation generation then
    (``gens``: a re-invitation up to these is the old key's, any later the new key's)."""
    return (f"{ROTATE_TAG}|{link_id}|{seat}|{generation}|{invitation.hex()}|{creator.hex()}|"
            + ",".join(str(g) for g in gens)).encode()


class P256Verifier:
    """The pure-Python verifier (standard library only: runs in Pyodide as in CPython)."""

    def verify(self, public_key: bytes, message: bytes, signature: bytes) -> bool:
        return verify_p256(public_key, message, signature)


# ---------------------------------------------------------------- batches of moves
def batch_message(link_id: str, seat: int, moves: list[Any]) -> bytes:
    """What a seat's device signs when it sends a link: the game id, the seat and the hash
    of the whole history up to its last move (moves as saved: ``[player, response]``)."""
    return f"{BATCH_TAG}|{link_id}|{seat}|{len(moves)}|{history_digest(moves)}".encode()


def history_digest(moves: list[Any]) -> str:
    """The hash of a history (moves as saved)."""
    history = json.dumps(moves, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(history).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatSignature:
    """A seat's latest signature in a link: it covers the first ``upto`` moves."""

    seat: int
    upto: int
    signature: bytes


def vouching(link_id: str, moves: list[Any], keys: dict[int, bytes],
             signatures: list[SeatSignature], verifier: Verifier) -> list[SeatSignature]:
    """The signatures that verify under their seat's pinned key over a prefix of
    ``moves``: each vouches for its seat's moves in that prefix."""
    return [item for item in signatures
            if item.seat in keys and 0 < item.upto <= len(moves) and verifier.verify(
                keys[item.seat], batch_message(link_id, item.seat, moves[:item.upto]),
                item.signature)]


def unsigned_moves(link_id: str, moves: list[Any], keys: dict[int, bytes],
                   signatures: list[SeatSignature], verifier: Verifier,
                   start: int = 0) -> list[int]:
    """The indexes (from ``start``, the moves this device has not seen) of moves not
    vouched for: a move of a seat is vouched for when that seat's signature verifies under
    its pinned key and covers the move. An empty list: every new move is signed."""
    return not_vouched(moves, vouching(link_id, moves, keys, signatures, verifier), start)


def not_vouched(moves: list[Any], vouched: list[SeatSignature], start: int = 0) -> list[int]:
    """The indexes (from ``start``) of moves no verified signature in ``vouched`` covers."""
    covered: dict[int, int] = {}
    for item in vouched:
        covered[item.seat] = max(covered.get(item.seat, 0), item.upto)
    return [i for i in range(start, len(moves))
            if not _is_seat(moves[i]) or i >= covered.get(moves[i][0], 0)]


def _is_seat(move: Any) -> bool:
    return isinstance(move, list | tuple) and bool(move) and isinstance(move[0], int) \
        and not isinstance(move[0], bool)


def pin_keys(pinned: dict[int, bytes], announced: dict[int, bytes],
             own_seat: int) -> dict[int, bytes] | None:
    """The seats' keys after a link's announcement: a seat's first key is kept (trust on
    first use); None when the link announces another key for a pinned seat or any key for
    this device's own seat but its own (it would take the seat over)."""
    merged = dict(pinned)
    for seat, key in sorted(announced.items()):
        if public_point(key) is None:
            return None
        if seat in merged and merged[seat] != key:
            return None
        if seat == own_seat and seat not in merged:
            return None
        merged[seat] = key
    return merged
