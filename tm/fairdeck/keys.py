"""A seat's secrets: one 32-byte seed, from which every key and permutation is derived.

Deriving everything from one seed keeps a device's storage and the end-of-game reveal at
32 bytes, and makes the audit exact: the seed a seat reveals fixes the permutation and
every key it should have used, so any step that deviated shows. Randomness comes from the
caller (``secrets.token_bytes`` in the page, ``random.Random(n).randbytes`` in tests).
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass

from tm.fairdeck.group import Group, key_of

RandBytes = Callable[[int], bytes]
SEED_BYTES = 32
PART_BYTES = 32  # a key part on the wire: the digest its exponent is derived from


def new_seed(randbytes: RandBytes) -> bytes:
    """A fresh seat seed from the caller's random source."""
    seed = randbytes(SEED_BYTES)
    if len(seed) != SEED_BYTES:
        raise ValueError("the random source gave the wrong number of bytes")
    return seed


def _prf(seed: bytes, *parts: bytes) -> bytes:
    """HMAC-SHA-256 keyed by the seed over length-prefixed parts: a published output says
    nothing of the seed or of any other output."""
    message = b"".join(len(part).to_bytes(4, "big") + part for part in parts)
    return hmac.digest(seed, message, hashlib.sha256)


@dataclass(frozen=True, slots=True)
class DeckKeys:
    """What one seat's seed gives for one deck (``label``): a shuffle key, a permutation
    and one key per position."""
    group: Group
    seed: bytes
    label: str

    def shuffle_key(self) -> int:
        """The key the seat's mixing step encrypts the whole deck with."""
        return key_of(self.group, _prf(self.seed, b"shuffle", self.label.encode()))

    def unlock_key(self) -> int:
        """The uniform key the seat puts on a reshuffled deck's elements in place of its
        old position keys (the unlock round), and takes off again when it locks."""
        return key_of(self.group, _prf(self.seed, b"unlock", self.label.encode()))

    def part(self, position: int) -> bytes:
        """The 32-byte key part of ``position``: published to let others read it."""
        return _prf(self.seed, b"position", self.label.encode(), position.to_bytes(4, "big"))

    def nonce(self, position: int) -> bytes:
        """The secret nonce of the proof that goes with the part of ``position`` (one
        statement per position, so a nonce is never used twice)."""
        return _prf(self.seed, b"proof nonce", self.label.encode(), position.to_bytes(4, "big"))

    def position_key(self, position: int) -> int:
        """The exponent of this seat's layer at ``position`` of the locked deck."""
        return key_of(self.group, self.part(position))

    def permutation(self, size: int) -> tuple[int, ...]:
        """The seat's permutation: output position ``j`` takes input ``perm[j]``. A
        Fisher–Yates shuffle driven by the seed, with rejection so each order is equally
        likely."""
        order = list(range(size))
        stream = _Stream(_prf(self.seed, b"permutation", self.label.encode()))
        for top in range(size - 1, 0, -1):
            pick = stream.below(top + 1)
            order[top], order[pick] = order[pick], order[top]
        return tuple(order)


class _Stream:
    """Uniform integers from a counter-mode stream of SHA-256 blocks."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0

    def below(self, bound: int) -> int:
        """A uniform integer in ``0..bound-1`` (``bound`` below 2**32)."""
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            value = int.from_bytes(block[:4], "big")
            if value < limit:
                return value % bound


def keys_for(group: Group, seed: bytes, label: str) -> DeckKeys:
    """The seat's keys for the deck ``label``."""
    if len(seed) != SEED_BYTES:
        raise ValueError("a seat seed has 32 bytes")
    return DeckKeys(group, seed, label)
