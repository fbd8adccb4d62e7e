"""The fair deck's messages on the wire: every message round-trips through base64url, and
the decoder meets random, truncated and mutated input with WireError and nothing else."""
from __future__ import annotations

import random

import pytest

from tm.fairdeck.wire import (
    MAX_CHARS,
    DeckParts,
    HandOff,
    Message,
    SeedReveal,
    Show,
    Turn,
    WireError,
    deck_id,
    deck_name,
    decode,
    encode,
    from_bytes,
    to_bytes,
)


def samples() -> list[Message]:
    rng = random.Random(5)
    deck = tuple(rng.getrandbits(33 * 8 - 6) for _ in range(12))
    corps = tuple(rng.getrandbits(128) for _ in range(5))
    digest = [rng.randbytes(32) for _ in range(9)]
    return [
        HandOff("secp256k1", 1, 3, 0, ("project",), ((deck,), (deck[::-1],))),
        HandOff("test127", 0, 2, 2, ("project", "corporation"),
                ((tuple(x % 2**128 for x in deck), corps),)),
        Turn(2, 3, (DeckParts("project", (2, 1, 0), tuple(digest[:3])),
                    DeckParts("prelude", (0, 4, 0), tuple(digest[3:7]))),
             (Show("project", 17, digest[7]), Show("corporation", 3, digest[8]))),
        Turn(0, 2),
        SeedReveal(4, digest[0]),
        HandOff("test127", 3, 4, 10, ("project/2",), ((tuple(x % 2**128 for x in deck),),)),
        Turn(1, 2, (DeckParts("project", (3, 0), tuple(digest[:3])),
                    DeckParts("prelude/3", (1, 0), tuple(digest[3:4]))),
             (Show("project/85", 4, digest[5]),), version=2),
        # version 3: a reshuffle's last step is the 3n-th; every seat's parts of it proved
        HandOff("test127", 0, 4, 11, ("project/2",), ((tuple(x % 2**128 for x in deck),),)),
        HandOff("test127", 1, 4, 5, ("project/2",), ((tuple(x % 2**128 for x in deck),),),
                version=3, commitments=(deck[0] % 2**128,)),  # a mix step's commitment
        # version 4: after the commitment, the proof of the seat's unlock step
        HandOff("test127", 1, 4, 5, ("project/2",), ((tuple(x % 2**128 for x in deck),),),
                commitments=(deck[0] % 2**128,), vouches=(rng.randbytes(64),)),
        Turn(1, 2, (DeckParts("project/2", (1, 0), tuple(digest[:1]), (rng.randbytes(64),)),)),
        # version 6: a lock seat's parts of a deck carry one proof together; version 5 one each
        Turn(0, 3, (DeckParts("project", (0, 2, 1), tuple(digest[:3]), (rng.randbytes(64),)),)),
        Turn(0, 3, (DeckParts("project", (0, 2, 1), tuple(digest[:3]),
                              tuple(rng.randbytes(64) for _ in range(3))),), version=5),
    ]


@pytest.mark.parametrize("message", samples(), ids=lambda m: type(m).__name__)
def test_every_message_round_trips_as_base64url(message: Message) -> None:
    text = encode(message)
    assert decode(text) == message
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_a_message_that_breaks_a_bound_is_not_written() -> None:
    for bad in (SeedReveal(9, bytes(32)), SeedReveal(0, bytes(31)),
                Turn(0, 2, (DeckParts("project", (1, 1), (bytes(32),) * 2),)),
                Turn(0, 2, (DeckParts("project", (0, 0), ()),)),
                Turn(0, 2, (DeckParts("project", (0, 2), (bytes(32),)),)),
                Turn(1, 2, (), (Show("discard", 1, bytes(32)),)),
                Turn(1, 2, (DeckParts("prelude", (1, 0), (bytes(32),)),
                            DeckParts("project", (1, 0), (bytes(32),)))),
                HandOff("secp256k1", 0, 2, 5, ("project",), (((1,),), ((2,),))),
                HandOff("secp256k1", 0, 2, 5, ("project",), (((1,),),), version=2),
                HandOff("secp256k1", 0, 2, 0, ("project",), (((1 << 264,),),)),
                HandOff("rsa", 0, 2, 0, ("project",), (((1,),),)),
                HandOff("test127", 1, 4, 5, ("project/2",), (((1,),),), commitments=(2,)),
                HandOff("test127", 1, 4, 5, ("project/2",), (((1,),),), version=3,
                        commitments=(2,), vouches=(bytes(64),)),
                Turn(0, 3, (DeckParts("project", (0, 2, 1), (bytes(32),) * 3,
                                      (bytes(64),) * 3),)),  # version 6: one proof, not 3
                Turn(0, 3, (DeckParts("project", (0, 2, 1), (bytes(32),) * 3, (bytes(64),)),),
                     version=5)):  # version 5: a proof a part
        with pytest.raises(WireError):
            encode(bad)


def expect_wire_error_or_message(text: object) -> None:
    try:
        message = decode(text)  # type: ignore[arg-type]
    except WireError:
        return
    assert decode(encode(message)) == message and encode(message) == text


def test_the_decoder_meets_hostile_input_with_wire_error_only() -> None:
    rng = random.Random(11)
    valid = [encode(m) for m in samples()]
    raw = [to_bytes(m) for m in samples()]
    for text in valid:  # every truncation
        for cut in range(len(text)):
            expect_wire_error_or_message(text[:cut])
    for _ in range(3000):
        data = bytearray(rng.choice(raw))
        for _ in range(rng.randint(1, 3)):
            kind = rng.randrange(4)
            if kind == 0 and data:
                data[rng.randrange(len(data))] = rng.randrange(256)
            elif kind == 1:
                data.insert(rng.randrange(len(data) + 1), rng.randrange(256))
            elif kind == 2 and data:
                del data[rng.randrange(len(data)):]
            else:
                data += rng.randbytes(rng.randint(1, 40))
        expect_wire_error_or_message(encode_raw(bytes(data)))
        try:
            from_bytes(bytes(data))
        except WireError:
            pass
    for _ in range(2000):
        expect_wire_error_or_message(encode_raw(rng.randbytes(rng.randint(0, 80))))
        expect_wire_error_or_message("".join(rng.choice("AZaz09-_=+/ \n\u00e9")
                                             for _ in range(rng.randint(0, 30))))
    for odd in (None, b"AQID", 7, "A" * (MAX_CHARS + 1), valid[0] + "=", valid[0][:-1] + "+"):
        expect_wire_error_or_message(odd)


def encode_raw(data: bytes) -> str:
    import base64
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_a_non_canonical_encoding_is_refused() -> None:
    text = encode(SeedReveal(1, bytes(32)))  # 35 bytes: the last character has spare bits
    last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    twin = text[:-1] + last[last.index(text[-1]) + 1]
    with pytest.raises(WireError, match="canonical"):
        decode(twin)


def test_a_reshuffled_deck_has_its_own_id_and_old_ids_stay() -> None:
    """Generation k of a deck (``"project/2"``): id ``index + 3 * (k - 1)``, one byte."""
    assert [deck_id(d) for d in ("project", "corporation", "prelude")] == [0, 1, 2]
    assert deck_id("project/2") == 3 and deck_id("prelude/2") == 5
    assert all(deck_name(deck_id(d)) == d for d in ("project/2", "prelude/85", "corporation"))
    assert [deck_id(d) for d in ("project/1", "project/86", "project/02", "x/2", "project/")] \
        == [-1] * 5
    with pytest.raises(WireError):  # two decks out of their ids' order
        to_bytes(Turn(0, 2, (DeckParts("project/2", (0, 1), (bytes(32),)),
                             DeckParts("prelude", (0, 1), (bytes(32),)))))
