"""The draft's passed hands (issue 49): a card passed on is readable by the seat it goes to
and by no other.

A card of a seat's pile opens with every seat's key part; the others publish theirs ahead
(docs/fair-deck.md, "Piles"), so the drawer's own part is the only secret. Passing a card
of a drafted hand is sending that part (with its proof, when the drawer's parts are
proved) to the next seat alone: sealed with a key only the two seats share.

Each seat has a **pass key**: ``X = P**x``, ``x`` derived from its seed (HMAC, like every
key), ``P`` an element of the group whose logarithm nobody knows (hashed from the game id,
as cards are). Its opening message publishes ``X``. Sender ``s`` and recipient ``r`` share
``S = X_r**x_s = X_s**x_r`` (Diffie–Hellman in the fair deck's own group), and the sealed
part is the part XOR SHAKE-256 of a domain tag, the group, the deck label, ``S``, the
position and both seats: a fresh stream for every (card, sender, recipient), so nothing is
sealed twice with one stream (the same card passed twice to one seat is the same part).

The recipient opens it, checks the part against the drawer's proof (or the mix-lock
seat's own check, :mod:`tm.fairdeck.proofs`) and refuses a wrong one naming the sender;
the others cannot read it, and keep it for the audit: once the seeds are out, every
device recomputes each seat's pass key and each sealed part and names a sender whose
sealed part is not the drawer's, and a seat whose published pass key is not its seed's.
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence

from tm.fairdeck.audit import Finding
from tm.fairdeck.group import Group, element_to_bytes, encode_cards, key_of
from tm.fairdeck.keys import keys_for
from tm.fairdeck.piles import Piles
from tm.fairdeck.wire import Pass

TAG = b"tm-fairdeck/pass/v1"
KEY_TAG = b"tm-fairdeck/pass-key/v1"


def _framed(*parts: bytes) -> bytes:
    return b"".join(len(part).to_bytes(4, "big") + part for part in parts)


def _secret(group: Group, seed: bytes, game_id: str) -> int:
    return key_of(group, hmac.digest(seed, _framed(KEY_TAG, game_id.encode()), hashlib.sha256))


def _base(group: Group, game_id: str) -> int:
    return encode_cards(group, f"{game_id}/pass", 1)[0]


def pass_key(group: Group, seed: bytes, game_id: str) -> bytes:
    """The seat's public pass key, as its opening message carries it."""
    element = group.power(_base(group, game_id), _secret(group, seed, game_id))
    if element is None:  # (only if the secret were 0: key_of never gives it)
        raise ValueError("no pass key")
    return element_to_bytes(group, element)


def read_key(group: Group, data: bytes) -> int | None:
    """The element a published pass key stands for, or None if it is not one."""
    if len(data) != group.element_bytes:
        return None
    element = int.from_bytes(data, "big")
    return element if group.member(element) else None


def shared_key(group: Group, game_id: str, seed: bytes, other_key: bytes) -> int | None:
    """The secret this seat (``seed``) shares with the seat whose published pass key is
    ``other_key``; None if that key is not an element."""
    other = read_key(group, other_key)
    return None if other is None else group.power(other, _secret(group, seed, game_id))


def crypt(group: Group, game_id: str, shared: int, given: Pass, sender: int,
          data: bytes) -> bytes:
    """``data`` sealed (or opened: the same XOR) between ``sender`` and
    ``given.recipient``, who share ``shared`` (:func:`shared_key`)."""
    label = f"{game_id}/{given.deck}"
    stream = hashlib.shake_256(_framed(
        TAG, group.name.encode(), label.encode(), element_to_bytes(group, shared),
        given.position.to_bytes(2, "big"), bytes([sender, given.recipient]))).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, stream, strict=True))


def audit_passes(group: Group, game_id: str, deck: str, seeds: Sequence[bytes | None],
                 passes: Sequence[tuple[int, Pass]], piles: Piles,
                 keys: Mapping[int, bytes]) -> list[Finding]:
    """With the seeds out: the passed cards whose sealed part is not their drawer's own
    (the sender named), and the pass keys published that are not the seat's seed's."""
    findings = [Finding(seat, None, "pass key") for seat, key in sorted(keys.items())
                if seeds[seat] is not None and key != pass_key(group, seeds[seat] or b"",
                                                                game_id)]
    label = f"{game_id}/{deck}"
    shared: dict[tuple[int, int], int | None] = {}  # (one exponentiation a pair of seats)
    for sender, given in passes:
        drawer = piles.owner_of(given.position)
        seed, other = seeds[sender], seeds[given.recipient]
        if drawer is None or seed is None or other is None or seeds[drawer] is None:
            continue
        pair = (sender, given.recipient)
        if pair not in shared:
            shared[pair] = shared_key(group, game_id, seed, pass_key(group, other, game_id))
        secret = shared[pair]
        opened = None if secret is None else crypt(group, game_id, secret, given, sender,
                                                   given.sealed)
        part = keys_for(group, seeds[drawer] or b"", label).part(given.position)
        if opened is None or opened[:len(part)] != part:
            findings.append(Finding(sender, given.position, "pass"))
    return findings
