"""One proof for many key parts (issue 49: shorter links, wire version 6).

Today (wire versions 2 to 5) every key part a lock seat gives carries its own 64-byte
Chaum–Pedersen proof (:mod:`tm.fairdeck.proofs`): ``log_A B == log_(out_j) (in_j**b_j)``.
In a 5-seat game the proofs are about 100 kB of the join's links and 120 kB of the turns'
(``scripts/sealed_link_sizes.py --breakdown``): twice the parts they prove.

The statements share their secret (the key ``s`` the seat's lock takes off: ``out_j**s ==
in_j**b_j`` at every position), so they fold into one, as the unlock proof does
(:mod:`tm.fairdeck.unlocking`): with weights ``w_j`` (128 bits of SHA-256 of a domain tag
and the whole statement: the deck, the seat, every position and part, and the elements
before and after the seat's lock there), ``X = prod out_j**w_j`` and ``Y = prod
in_j**(w_j * b_j)`` satisfy ``Y == X**s``, and one proof that ``log_A B == log_X Y`` covers
every part. A wrong part at any position makes ``Y != X**s`` except with probability about
``2**-128`` (the weights are fixed only once the parts are), so no proof exists for it.
64 bytes a deck and message instead of 64 a part; ``X`` and ``Y`` are one
multi-exponentiation each (``Group.power_many``).

What it gives up: a refused batch names the seat and the deck, not the position (no part
can be checked alone); and a batch is checked once the piles place every one of its
positions, so a wrong part that rides with a part placed only later is refused later
(``tm.fairdeck.checking``: the refusal then names the post that brought it).
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

from tm.fairdeck import proofs, wire
from tm.fairdeck.group import Group, key_of
from tm.fairdeck.held import Holding
from tm.fairdeck.keys import DeckKeys
from tm.fairdeck.proofs import Memo, commitment
from tm.fairdeck.shuffle import Transcript, standing

TAG_WEIGHTS = b"tm-fairdeck/parts-weights/v1"
TAG = b"tm-fairdeck/parts-proof/v1"
SCALAR_BYTES = 32
WEIGHT_BYTES = 16
PROOF_BYTES = 2 * SCALAR_BYTES


def _bytes(group: Group, *elements: int) -> bytes:
    return b"".join(x.to_bytes(group.element_bytes, "big") for x in elements)


def _lock(transcript: Transcript, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """What ``seat``'s lock step received and sent (None: the seat has no lock step)."""
    index = next((i for i, step in enumerate(transcript.steps())
                  if step.seat == seat and step.kind == "lock"), None)
    if index is None or index >= len(transcript.outputs):
        return None
    return transcript.outputs[index - 1], transcript.outputs[index]


def _root(transcript: Transcript, seat: int, positions: Sequence[int],
          parts: Sequence[bytes], around: tuple[tuple[int, ...], tuple[int, ...]]) -> bytes:
    """SHA-256 of the whole statement: what the weights and the challenge are bound to."""
    group, label = transcript.group, transcript.label.encode()
    before, after = around
    return hashlib.sha256(b"".join([
        TAG_WEIGHTS, group.name.encode(), len(label).to_bytes(2, "big"), label,
        seat.to_bytes(1, "big"), len(positions).to_bytes(2, "big"),
        *(j.to_bytes(2, "big") + part for j, part in zip(positions, parts, strict=True)),
        _bytes(group, *(before[j] for j in positions)),
        _bytes(group, *(after[j] for j in positions))])).digest()


def statement(transcript: Transcript, seat: int, positions: Sequence[int],
              parts: Sequence[bytes]) -> tuple[bytes, int, int] | None:
    """``(root, X, Y)`` for ``seat``'s parts at ``positions`` (None: no lock step, no
    positions or one out of the deck, a position twice, or a product that is the identity)."""
    around = _lock(transcript, seat)
    if (around is None or not positions or len(positions) != len(parts)
            or len(set(positions)) != len(positions)
            or not all(0 <= j < len(around[0]) for j in positions)):
        return None
    group, q = transcript.group, transcript.group.q
    root = _root(transcript, seat, positions, parts, around)
    weights = [1 + int.from_bytes(hashlib.sha256(root + i.to_bytes(2, "big")).digest()
                                  [:WEIGHT_BYTES], "big") for i in range(len(positions))]
    before, after = around
    x = group.power_many(tuple((after[j], w) for j, w in zip(positions, weights, strict=True)))
    y = group.power_many(tuple((before[j], w * key_of(group, part) % q)
                               for j, w, part in zip(positions, weights, parts, strict=True)))
    return None if x is None or y is None else (root, x, y)


def _challenge(group: Group, root: bytes, elements: tuple[int, ...]) -> int:
    data = TAG + root + _bytes(group, *elements)
    return int.from_bytes(hashlib.sha256(data).digest(), "big") % group.q


def prove(transcript: Transcript, keys: DeckKeys, seat: int, positions: Sequence[int],
          memo: Memo | None = None) -> bytes:
    """A lock seat's one proof for its own parts at ``positions`` (empty: nothing to prove,
    the mix-lock seat's parts being checked against its step's input)."""
    origin = transcript.origin
    if origin is not None and not origin.proved:  # (a generation the audit alone checks)
        return b""
    parts = [keys.part(j) for j in positions]
    found = statement(transcript, seat, positions, parts)
    committed = commitment(transcript, seat, memo)
    if found is None or committed is None:
        return b""
    group, q = transcript.group, transcript.group.q
    root, x, y = found
    a, b = committed
    nonce = key_of(group, hmac.digest(keys.seed, TAG + root + _bytes(group, a, b),
                                      hashlib.sha256))
    c = _challenge(group, root, (a, b, x, y, group.power(a, nonce), group.power(x, nonce)))
    s = (nonce + c * standing(keys, "lock", transcript.origin)) % q
    return c.to_bytes(SCALAR_BYTES, "big") + s.to_bytes(SCALAR_BYTES, "big")


def verify(transcript: Transcript, seat: int, positions: Sequence[int],
           parts: Sequence[bytes], proof: bytes, memo: Memo | None = None) -> bool:
    """Whether every one of ``seat``'s ``parts`` (at ``positions``) is the exponent its
    lock step put there, by one proof."""
    found = statement(transcript, seat, positions, parts)
    committed = commitment(transcript, seat, memo)
    if found is None or committed is None or len(proof) != PROOF_BYTES:
        return False
    group, q = transcript.group, transcript.group.q
    c = int.from_bytes(proof[:SCALAR_BYTES], "big")
    s = int.from_bytes(proof[SCALAR_BYTES:], "big")
    if not (0 <= c < q and 0 < s < q):
        return False
    root, x, y = found
    a, b = committed
    t1, t2 = group.power2(a, s, b, q - c), group.power2(x, s, y, q - c)
    return t1 is not None and t2 is not None and c == _challenge(
        group, root, (a, b, x, y, t1, t2))


def proofs_for(version: int, seat: int, seats: int, deck: str, holding: Holding,
               positions: Sequence[int]) -> tuple[bytes, ...]:
    """The proofs ``seat``'s parts of ``deck`` at ``positions`` carry under ``version``:
    none, one a part (versions 2 to 5), or one for them all (from version 6)."""
    if not wire.proved(version, seat, seats, deck):
        return ()
    if version >= 6:
        return (prove(holding.transcript, holding.keys, seat, positions, holding.memo),)
    return tuple(proofs.prove(holding.transcript, holding.keys, seat, p, holding.memo)
                 for p in positions)
