"""A reshuffle's unlock step proved consistent with the seat's commitment (wire version 4).

In a reshuffle (:mod:`tm.fairdeck.shuffle`) each seat first *unlocks* the discards: at
element ``i`` it takes off its old position key ``b_i`` (of the deck and position the
discard comes from) and puts on its uniform unlock key ``u``: ``y_i = x_i**(u / b_i)``,
so ``y_i**b_i == x_i**u``. Its mix step later publishes the commitment ``D = B**u``
(``B`` the product of the mix step's output) that its key parts are proved against
(:mod:`tm.fairdeck.proofs`). Without more, a seat could commit to another ``u`` than its
unlock put on, prove parts that fit the false ``D``, and make every card of the new
generation open to nothing: only the end audit named it.

So from version 4 the mix step's hand-off carries, after ``D``, a Chaum–Pedersen proof
that ``log_B D == log_X Y`` where, over the discards whose old key part of this seat is
public (a card another seat drew, or one this seat showed: every device holds that part),
``X = prod x_i**w_i`` and ``Y = prod y_i**(w_i * b_i)``. The weights ``w_i`` (128 bits)
are SHA-256 of a domain tag and the whole unlock step (its input, output and the cards
counted), fixed only once the step is: a step that breaks ``y_i**b_i == x_i**u`` at any
counted card makes ``Y != X**u`` except with probability about ``2**-128``, so no proof
exists and every card is bound. The challenge hashes every public value (Fiat–Shamir);
the nonce is HMAC of the seat's seed and the statement (never reused for another one).
64 bytes: ``c`` and ``s = r + c*u``. ``X`` and ``Y`` are each one multi-exponentiation
(:meth:`~tm.fairdeck.group.Group.power_many`: on the curve the doublings are shared, so a
card costs its additions only); proving adds two exponentiations, checking two double
ones; once per seat and generation.

What it leaves: a discard this seat drew and never showed (its old part there is secret,
so nothing public fixes the key to take off; publishing it would tell which cards the
seat threw away). A seat that unlocks one of those wrongly makes that one card open to
nothing; the audit names it ("unlock").
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

from tm.fairdeck.group import Group, key_of
from tm.fairdeck.keys import DeckKeys
from tm.fairdeck.shuffle import Transcript

TAG_WEIGHTS = b"tm-fairdeck/unlock-weights/v1"
TAG = b"tm-fairdeck/unlock-proof/v1"
SCALAR_BYTES = 32
WEIGHT_BYTES = 16

OldKeys = Mapping[int, int]  # element index of the generation: the seat's public old key


def _unlock(transcript: Transcript, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What ``seat``'s unlock step received and sent (the unlocks come first, seat order)."""
    if transcript.origin is None or len(transcript.outputs) <= seat:
        raise ValueError("no unlock step of that seat")
    before = transcript.outputs[seat - 1] if seat else transcript.origin.elements
    return before, transcript.outputs[seat]


def _bytes(group: Group, *elements: int) -> bytes:
    return b"".join(x.to_bytes(group.element_bytes, "big") for x in elements)


def _weights(transcript: Transcript, seat: int, counted: list[int]) -> list[int]:
    """One 128-bit weight a counted card, from a hash of the whole unlock step."""
    group, (before, after) = transcript.group, _unlock(transcript, seat)
    label = transcript.label.encode()
    root = hashlib.sha256(b"".join([
        TAG_WEIGHTS, group.name.encode(), len(label).to_bytes(2, "big"), label,
        seat.to_bytes(1, "big"), len(counted).to_bytes(2, "big"),
        *(i.to_bytes(2, "big") for i in counted), _bytes(group, *before),
        _bytes(group, *after)])).digest()
    return [1 + int.from_bytes(hashlib.sha256(root + i.to_bytes(2, "big")).digest()
                               [:WEIGHT_BYTES], "big") for i in counted]


def statement(transcript: Transcript, seat: int, old_keys: OldKeys) -> tuple[int, int] | None:
    """``(X, Y)`` over the counted cards (None: none counted, or a product that is the
    identity, which no honest step gives but for a negligible chance)."""
    group, q = transcript.group, transcript.group.q
    before, after = _unlock(transcript, seat)
    counted = sorted(i for i in old_keys if 0 <= i < len(before))
    if not counted:
        return None
    weights = _weights(transcript, seat, counted)
    x = group.power_many(tuple((before[i], w) for i, w in zip(counted, weights, strict=True)))
    y = group.power_many(tuple((after[i], w * old_keys[i] % q)
                               for i, w in zip(counted, weights, strict=True)))
    return None if x is None or y is None else (x, y)


def _mixed(transcript: Transcript, seat: int) -> tuple[int, int]:
    """``(B, D)``: the product of the seat's mix step's output and its commitment."""
    index = next(i for i, step in enumerate(transcript.steps())
                 if step.seat == seat and step.kind == "mix")
    b = transcript.group.product(transcript.outputs[index])
    d = transcript.commitments.get(seat)
    if b is None or d is None:
        raise ValueError("no mix step or commitment of that seat")
    return b, d


def _challenge(transcript: Transcript, seat: int, elements: tuple[int, ...]) -> int:
    group, label = transcript.group, transcript.label.encode()
    data = b"".join([TAG, group.name.encode(), len(label).to_bytes(2, "big"), label,
                     seat.to_bytes(1, "big"), _bytes(group, *elements)])
    return int.from_bytes(hashlib.sha256(data).digest(), "big") % group.q


def prove(transcript: Transcript, keys: DeckKeys, seat: int, old_keys: OldKeys) -> bytes:
    """The seat's proof, made right after its mix step (its commitment in the transcript);
    ``old_keys``: its own old key at every discard whose part it has made public."""
    group, q = transcript.group, transcript.group.q
    b, d = _mixed(transcript, seat)
    found = statement(transcript, seat, old_keys)
    if found is None:
        return bytes(2 * SCALAR_BYTES)  # nothing counted: nothing to prove
    x, y = found
    nonce = key_of(group, hmac.digest(keys.seed, TAG + keys.label.encode()
                                      + _bytes(group, b, d, x, y), hashlib.sha256))
    c = _challenge(transcript, seat, (b, d, x, y, group.power(b, nonce),
                                      group.power(x, nonce)))
    s = (nonce + c * keys.unlock_key()) % q
    return c.to_bytes(SCALAR_BYTES, "big") + s.to_bytes(SCALAR_BYTES, "big")


def verify(transcript: Transcript, seat: int, old_keys: OldKeys, proof: bytes) -> bool:
    """Whether ``proof`` shows that ``seat``'s unlock step put on the key its commitment
    ``D`` fixes, at every counted card (``old_keys``: the seat's public old keys)."""
    group, q = transcript.group, transcript.group.q
    found = statement(transcript, seat, old_keys)
    if found is None:
        return proof == bytes(2 * SCALAR_BYTES) and not old_keys
    if len(proof) != 2 * SCALAR_BYTES:
        return False
    c = int.from_bytes(proof[:SCALAR_BYTES], "big")
    s = int.from_bytes(proof[SCALAR_BYTES:], "big")
    if not (0 <= c < q and 0 < s < q):
        return False
    b, d = _mixed(transcript, seat)
    x, y = found
    t1, t2 = group.power2(b, s, d, q - c), group.power2(x, s, y, q - c)
    return t1 is not None and t2 is not None and c == _challenge(
        transcript, seat, (b, d, x, y, t1, t2))
