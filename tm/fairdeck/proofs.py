"""Key parts that prove themselves (issue 43): a wrong part is refused when it arrives.

A seat's key part ``d_j`` for position ``j`` gives its exponent ``b_j`` there; it is right
when ``b_j`` is the exponent the seat's own shuffle step put on that position. The
transcript (every step's output, held by every device) fixes that, so each part is
checked against it, the seat named when it fails:

- **the mix-lock seat** (the last) put ``b_j`` on directly: its output at ``j`` is an
  element of its input raised to ``b_j``, so ``out_j**(b_j**-1)`` must be one of the
  input's elements (a table lookup after one exponentiation; nothing to send).
- **a lock seat** put on ``k**-1 * b_j`` (its shuffle key off): ``in_j**b_j ==
  out_j**k`` with ``k`` secret. Its key is committed by its own mix step: that step
  permutes and raises every element to ``k``, so the products of the step's input and
  output, ``A`` and ``B``, have ``B = A**k`` whatever the permutation. The part carries a
  Chaum–Pedersen proof that ``log_A B == log_(out_j) (in_j**b_j)`` (the seat's committed
  key is the one on position ``j``), made non-interactive by Fiat–Shamir: the challenge is
  SHA-256 of a domain tag and every public value (group, deck label, seat, position, the
  part, ``A``, ``B``, ``in_j``, ``out_j`` and the two commitments ``A**r``, ``out_j**r``).
  64 bytes: the challenge ``c`` and the response ``s = r + c*k``. Proving costs two
  exponentiations, checking two double exponentiations (``A**s * B**-c`` and ``out_j**s *
  in_j**(-c*b_j)``).

A reshuffled generation (from wire version 3, ``Origin.proved``): a seat's lock step
takes off ``k * u`` (``u`` its unlock key), and every seat mixes, publishing with its mix
step ``D = B**u`` (:func:`~tm.fairdeck.shuffle.commit`): ``D = A**(k*u)``, so every
seat's part carries the same proof with ``D`` in place of ``B`` (the secret ``k * u``).
The generations of a game begun before (version 2 or 1) carry none (nothing public
commits to their unlock keys): their parts are checked by the end-of-game audit only.
"""
from __future__ import annotations

import hashlib

from tm.fairdeck.group import Group, key_of
from tm.fairdeck.keys import DeckKeys
from tm.fairdeck.shuffle import StepKind, Transcript, standing

PROOF_BYTES = 64
SCALAR_BYTES = 32
TAG = b"tm-fairdeck/part-proof/v1"


def checkable(transcript: Transcript) -> bool:
    """Whether this deck's parts are checked on arrival: it is locked, and a first
    generation or a reshuffle whose mix steps commit to what the locks take off."""
    origin = transcript.origin
    return (origin is None or origin.proved) and transcript.next_step() is None


def _index(transcript: Transcript, seat: int, kind: StepKind) -> int | None:
    """Where ``seat``'s step of ``kind`` lies in the schedule (None: it has none)."""
    steps = transcript.steps()
    return next((i for i, step in enumerate(steps) if step.seat == seat and step.kind == kind),
                None)


Memo = dict[int, object]  # what a device keeps per deck: commitments and inputs, by seat


def _input(transcript: Transcript, index: int, memo: Memo) -> tuple[int, ...]:
    """What step ``index`` received (the plain cards are computed once)."""
    if index:
        return transcript.outputs[index - 1]
    start = memo.get(-1)
    if not isinstance(start, tuple):
        start = memo[-1] = transcript.start()
    return start


def commitment(transcript: Transcript, seat: int, memo: Memo | None = None
               ) -> tuple[int, int] | None:
    """A lock seat's committed key: the products of its mix step's input and output (a
    reshuffle of version 3: the input's and the mix step's commitment, ``A**(k*u)``)."""
    memo = {} if memo is None else memo
    if seat in memo:
        found = memo[seat]
        return found if isinstance(found, tuple) else None
    index = _index(transcript, seat, "mix")
    if index is None:
        return None
    group, origin = transcript.group, transcript.origin
    a = group.product(_input(transcript, index, memo))
    b = (transcript.commitments.get(seat) if origin is not None and origin.proved
         else group.product(transcript.outputs[index]))
    made = memo[seat] = None if a is None or b is None else (a, b)
    return made


def _around(transcript: Transcript, seat: int, position: int) -> tuple[int, int] | None:
    """The element at ``position`` before and after ``seat``'s lock step (None: no lock)."""
    index = _index(transcript, seat, "lock")
    if index is None:
        return None
    return transcript.outputs[index - 1][position], transcript.outputs[index][position]


def _challenge(group: Group, label: str, seat: int, position: int, part: bytes,
               elements: tuple[int, ...]) -> int:
    """Fiat–Shamir: SHA-256 of the tag and every public value of the statement."""
    width = group.element_bytes
    data = b"".join([TAG, len(group.name).to_bytes(1, "big"), group.name.encode(),
                     len(label.encode()).to_bytes(2, "big"), label.encode(),
                     seat.to_bytes(1, "big"), position.to_bytes(2, "big"), part,
                     *(x.to_bytes(width, "big") for x in elements)])
    return int.from_bytes(hashlib.sha256(data).digest(), "big") % group.q


def prove(transcript: Transcript, keys: DeckKeys, seat: int, position: int,
          memo: Memo | None = None) -> bytes:
    """A lock seat's proof for its part at ``position`` (empty for the mix-lock seat and
    in a generation checked by the audit only)."""
    origin = transcript.origin
    around = _around(transcript, seat, position)
    if around is None or (origin is not None and not origin.proved):
        return b""
    committed = commitment(transcript, seat, memo)
    if committed is None:
        raise ValueError("a mix step whose product is the identity")
    group, q = transcript.group, transcript.group.q
    a, b = committed
    before, after = around
    nonce = key_of(group, keys.nonce(position))
    t1, t2 = group.power(a, nonce), group.power(after, nonce)
    c = _challenge(group, transcript.label, seat, position, keys.part(position),
                   (a, b, before, after, t1, t2))
    s = (nonce + c * standing(keys, "lock", origin)) % q  # what the lock takes off
    return c.to_bytes(SCALAR_BYTES, "big") + s.to_bytes(SCALAR_BYTES, "big")


def verify(transcript: Transcript, seat: int, position: int, part: bytes, proof: bytes,
           memo: Memo | None = None) -> bool:
    """Whether ``seat``'s ``part`` at ``position`` is the exponent its step put there
    (``memo``: where the caller keeps the deck's commitments and the mix-lock step's
    input as a set, computed once)."""
    memo = {} if memo is None else memo
    group, q = transcript.group, transcript.group.q
    b = key_of(group, part)
    mix_lock = _index(transcript, seat, "mix-lock")
    if mix_lock is not None:  # the mix-lock seat: the element, its layer off, was an input
        out = transcript.outputs[mix_lock][position]
        inputs = memo.get(seat)
        if not isinstance(inputs, set):
            inputs = memo[seat] = set(_input(transcript, mix_lock, memo))
        return group.power(out, pow(b, -1, q)) in inputs
    committed = commitment(transcript, seat, memo)
    around = _around(transcript, seat, position)
    if committed is None or around is None or len(proof) != PROOF_BYTES:
        return False
    c = int.from_bytes(proof[:SCALAR_BYTES], "big")
    s = int.from_bytes(proof[SCALAR_BYTES:], "big")
    if not (0 <= c < q and 0 < s < q):
        return False
    a, b_commit = committed
    before, after = around
    # t1 = A**s * B**-c and t2 = out**s * (in**b)**-c, each one double exponentiation
    t1 = group.power2(a, s, b_commit, q - c)
    t2 = group.power2(after, s, before, (q - c) * b % q)
    if t1 is None or t2 is None:
        return False
    return c == _challenge(group, transcript.label, seat, position, part,
                           (a, b_commit, before, after, t1, t2))
