"""Signatures of play by link (tm.persist.sigs): the pure-Python P-256 verify against
RFC 6979's vectors and against forged signatures, batches of moves vouched for by their
seat's key, and the seats' keys pinned on first use."""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.keys import TestKey as _Key
from tm.persist import sigs

# RFC 6979, A.2.5: the P-256 key and its SHA-256 signatures of "sample" and "test"
PRIVATE = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
PUBLIC = bytes.fromhex(
    "04" "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6"
    "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299")
SAMPLE = bytes.fromhex(
    "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716"
    "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8")
TEST = bytes.fromhex(
    "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367"
    "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083")


def test_p256_verify_accepts_rfc6979_signatures_in_their_low_s_form() -> None:
    assert _Key(PRIVATE).public == PUBLIC
    assert sigs.verify_p256(PUBLIC, b"sample", sigs.low_s(SAMPLE))
    assert sigs.P256Verifier().verify(PUBLIC, b"test", sigs.low_s(TEST))


def test_p256_verify_refuses_high_s_signatures() -> None:
    """RFC 6979's "sample" signature has a high S: as it is, it is refused; its low-S twin
    (the same r, N - s) verifies. Each signature has one form only."""
    s = int.from_bytes(SAMPLE[32:], "big")
    assert s > sigs.N // 2 and not sigs.verify_p256(PUBLIC, b"sample", SAMPLE)
    twin = sigs.low_s(SAMPLE)
    assert twin[:32] == SAMPLE[:32] and int.from_bytes(twin[32:], "big") == sigs.N - s
    assert sigs.low_s(twin) == twin


def test_soft_keys_sign_low_s_deterministically() -> None:
    key = sigs.SoftKey(bytes(range(32)))
    assert sigs.public_point(key.public) is not None
    signature = key.sign(b"beginning")
    assert signature == key.sign(b"beginning") != key.sign(b"another")
    assert int.from_bytes(signature[32:], "big") <= sigs.N // 2
    assert sigs.verify_p256(key.public, b"beginning", signature)
    assert not sigs.verify_p256(sigs.SoftKey(bytes(32)).public, b"beginning", signature)
    with pytest.raises(ValueError):
        sigs.SoftKey(b"short")


@pytest.mark.parametrize("forgery", ["message", "r", "s", "key", "zero", "short", "n"])
def test_p256_verify_refuses_forged_signatures(forgery: str) -> None:
    key, message, signature = PUBLIC, b"sample", SAMPLE
    if forgery == "message":
        message = b"sample!"
    elif forgery == "r":
        signature = bytes([signature[0] ^ 1]) + signature[1:]
    elif forgery == "s":
        signature = signature[:63] + bytes([signature[63] ^ 1])
    elif forgery == "key":
        key = _Key(PRIVATE + 1).public
    elif forgery == "zero":
        signature = bytes(64)
    elif forgery == "short":
        signature = signature[:63]
    else:  # r + N: out of range, though equal mod N
        signature = (int.from_bytes(signature[:32], "big") + sigs.N).to_bytes(33, "big")[1:] \
            + signature[32:]
    assert not sigs.verify_p256(key, message, sigs.low_s(signature))


def test_p256_public_keys_off_the_curve_are_refused() -> None:
    off = PUBLIC[:-1] + bytes([PUBLIC[-1] ^ 1])
    assert sigs.public_point(off) is None and not sigs.verify_p256(off, b"sample",
                                                                   sigs.low_s(SAMPLE))
    assert sigs.public_point(b"\x02" + PUBLIC[1:]) is None


def _moves() -> list[Any]:
    return [[0, {"type": "a"}], [1, {"type": "b"}], [0, {"type": "c"}], [1, {"type": "d"}]]


def test_batches_signed_by_each_seats_key_vouch_for_its_moves() -> None:
    ann, bob = _Key(11), _Key(22)
    moves = _moves()
    keys = {0: ann.public, 1: bob.public}
    signed = [sigs.SeatSignature(0, 3, ann.sign(sigs.batch_message("g1", 0, moves[:3]))),
              sigs.SeatSignature(1, 4, bob.sign(sigs.batch_message("g1", 1, moves)))]
    assert sigs.unsigned_moves("g1", moves, keys, signed, sigs.P256Verifier()) == []


def test_moves_for_a_seat_signed_by_another_devices_key_are_not_vouched_for() -> None:
    ann, bob = _Key(11), _Key(22)
    moves = _moves()
    # Ann's device signs the whole history as if it were Bob's seat
    forged = [sigs.SeatSignature(0, 3, ann.sign(sigs.batch_message("g1", 0, moves[:3]))),
              sigs.SeatSignature(1, 4, ann.sign(sigs.batch_message("g1", 1, moves)))]
    keys = {0: ann.public, 1: bob.public}
    assert sigs.unsigned_moves("g1", moves, keys, forged, sigs.P256Verifier(), 2) == [3]


def test_a_signature_does_not_vouch_for_a_rewritten_past_or_another_game() -> None:
    bob = _Key(22)
    moves = _moves()
    signature = bob.sign(sigs.batch_message("g1", 1, moves))
    rewritten = [*moves[:1], [1, {"type": "other"}], *moves[2:]]
    keys = {1: bob.public}
    item = [sigs.SeatSignature(1, 4, signature)]
    assert sigs.unsigned_moves("g1", rewritten, keys, item, sigs.P256Verifier()) == [0, 1, 2, 3]
    assert sigs.unsigned_moves("g2", moves, keys, item, sigs.P256Verifier(), 1) == [1, 2, 3]


def test_keys_are_pinned_on_first_use_and_never_replaced() -> None:
    ann, bob, eve = _Key(11), _Key(22), _Key(33)
    pinned = sigs.pin_keys({}, {0: ann.public}, own_seat=-1)
    assert pinned == {0: ann.public}
    assert sigs.pin_keys(pinned, {0: eve.public}, own_seat=1) is None  # Ann's seat taken over
    assert sigs.pin_keys(pinned, {1: eve.public}, own_seat=1) is None  # a key for my seat
    assert sigs.pin_keys({**pinned, 1: bob.public}, {1: bob.public}, own_seat=1) == {
        0: ann.public, 1: bob.public}
    assert sigs.pin_keys(pinned, {1: b"\x04" + bytes(64)}, own_seat=-1) is None
