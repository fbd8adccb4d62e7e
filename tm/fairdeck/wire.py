"""The fair deck's messages on the wire: compact bytes, then unpadded base64url.

Four messages travel between devices: a shuffle :class:`HandOff` (the outputs of one or
more steps of the joint shuffle, every deck of each step), a :class:`Turn` (the key parts
a seat owes for positions newly reserved to the others, and the parts that show cards),
and a :class:`SeedReveal` at the end. Key parts carry no position: per deck and per seat
the message says only how many new parts it brings, and the piles (public, see
:mod:`tm.fairdeck.piles`) say which positions they are.

Decoding is strict: anything that is not exactly what :func:`encode` writes (a foreign
character, a truncated or padded message, a size past the bounds, a count that does not
add up, trailing bytes) raises :class:`WireError`, and nothing else. Sizes are checked
against the bytes actually there before anything is built, so a hostile length cannot make
the decoder allocate. Whether the content fits the game (the right group, the right step,
elements in the group) is the device's to check (:mod:`tm.fairdeck.device`). The messages
themselves, the format's constants and its bounds are :mod:`tm.fairdeck.messages`.
"""
from __future__ import annotations

import base64
import re

from tm.fairdeck.messages import (
    DECKS,
    DIGEST,
    GROUP_WIRE,
    MAX_BYTES,
    MAX_CARDS,
    MAX_CHARS,
    MAX_GENERATION,
    MAX_PASS_KEY,
    MAX_SEATS,
    MAX_SHOWS,
    PROOF,
    SEALED,
    VERSION,
    VERSIONS,
    Deck,
    DeckParts,
    HandOff,
    Message,
    Pass,
    SeedReveal,
    Show,
    Turn,
    WireError,
    check,
    commits,
    deck_id,
    deck_name,
    proofs_of,
    proved,
    require,
    seats_ok,
)

# (the messages' names are this module's too: callers read them as ``wire.X``)
__all__ = ["DECKS", "DIGEST", "GROUP_WIRE", "MAX_BYTES", "MAX_CARDS", "MAX_CHARS",
           "MAX_GENERATION", "MAX_PASS_KEY", "MAX_SEATS", "MAX_SHOWS", "PROOF",
           "SEALED", "VERSION", "VERSIONS", "Deck", "DeckParts", "HandOff", "Message",
           "Pass", "SeedReveal", "Show", "Turn", "WireError", "check", "commits",
           "deck_id", "deck_name", "proofs_of", "proved", "decode", "encode",
           "from_bytes", "to_bytes"]

_HANDOFF, _TURN, _SEED = 1, 2, 3
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def encode(message: Message) -> str:
    """The message as unpadded base64url (what a link fragment carries)."""
    return _b64(to_bytes(message))


def decode(text: str) -> Message:
    """The message :func:`encode` wrote; raises :class:`WireError` on anything else."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise WireError("not a message (or too long)")
    if not _BASE64URL.fullmatch(text) or len(text) % 4 == 1:
        raise WireError("not base64url")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if _b64(data) != text:
        raise WireError("not canonical base64url")
    return from_bytes(data)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def to_bytes(message: Message) -> bytes:
    """The message's bytes; raises :class:`WireError` if it breaks a bound."""
    check(message)
    if isinstance(message, HandOff):
        gid, width = GROUP_WIRE[message.group]
        head = [message.version, _HANDOFF, gid, message.seat, message.seats, message.first,
                len(message.outputs), len(message.decks)]
        sizes = b"".join(bytes([deck_id(deck)]) + len(deck_out).to_bytes(2, "big")
                         for deck, deck_out in zip(message.decks, message.outputs[0],
                                                   strict=True))
        body = b"".join(x.to_bytes(width, "big") for step in message.outputs
                        for deck_out in step for x in deck_out)
        commitments = b"".join(x.to_bytes(width, "big") for x in message.commitments)
        return bytes(head) + sizes + body + commitments + b"".join(message.vouches)
    if isinstance(message, Turn):
        out = bytearray([message.version, _TURN, message.seat, message.seats,
                         len(message.parts)])
        for entry in message.parts:
            out.append(deck_id(entry.deck))
            out += bytes(c for s, c in enumerate(entry.counts) if s != message.seat)
            out += b"".join(entry.digests) + b"".join(entry.proofs)
        out.append(len(message.shows))
        for show in message.shows:
            out += bytes([deck_id(show.deck)]) + show.position.to_bytes(2, "big")
            out += show.part
        if message.version >= 5:
            out += bytes([len(message.pass_key)]) + message.pass_key
            out.append(len(message.passes))
            for given in message.passes:
                out += bytes([deck_id(given.deck)]) + given.position.to_bytes(2, "big")
                out += bytes([given.recipient, len(given.sealed)]) + given.sealed
        return bytes(out)
    return bytes([message.version, _SEED, message.seat]) + message.seed


class _Reader:
    """Bytes read front to back; running out is a :class:`WireError`."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if count < 0 or self.at + count > len(self.data):
            raise WireError("truncated message")
        self.at += count
        return self.data[self.at - count:self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def u16(self) -> int:
        return int.from_bytes(self.take(2), "big")

    def deck(self) -> str:
        index = self.byte()
        require(index < len(DECKS) * MAX_GENERATION, "unknown deck")
        return deck_name(index)

    def left(self) -> int:
        return len(self.data) - self.at


def from_bytes(data: bytes) -> Message:
    """The message :func:`to_bytes` wrote; raises :class:`WireError` on anything else."""
    if not isinstance(data, bytes | bytearray) or len(data) > MAX_BYTES:
        raise WireError("not a message (or too long)")
    reader = _Reader(bytes(data))
    version = reader.byte()
    require(version in VERSIONS, "unknown version")
    kind = reader.byte()
    message: Message
    if kind == _HANDOFF:
        message = _read_handoff(reader, version)
    elif kind == _TURN:
        message = _read_turn(reader, version)
    elif kind == _SEED:
        message = SeedReveal(reader.byte(), reader.take(DIGEST), version)
    else:
        raise WireError("unknown message kind")
    require(reader.left() == 0, "trailing bytes")
    check(message)
    return message


def _read_handoff(reader: _Reader, version: int) -> HandOff:
    gid, seat, seats, first, steps, count = (reader.byte() for _ in range(6))
    names = [name for name, (wire_id, _) in GROUP_WIRE.items() if wire_id == gid]
    require(len(names) == 1, "unknown group")
    width = GROUP_WIRE[names[0]][1]
    decks = tuple((reader.deck(), reader.u16()) for _ in range(count))
    names_of = tuple(deck for deck, _ in decks)
    extra = commits(version, seats, first, steps, names_of)
    vouches = extra if version >= 4 else 0
    total = (steps * sum(size for _, size in decks) + extra) * width + vouches * PROOF
    require(total == reader.left() and total <= MAX_BYTES, "hand-off size does not add up")
    outputs = tuple(tuple(tuple(int.from_bytes(reader.take(width), "big") for _ in range(size))
                          for _, size in decks) for _ in range(steps))
    commitments = tuple(int.from_bytes(reader.take(width), "big") for _ in range(extra))
    proven = tuple(reader.take(PROOF) for _ in range(vouches))
    return HandOff(names[0], seat, seats, first, names_of, outputs, version, commitments, proven)


def _read_turn(reader: _Reader, version: int) -> Turn:
    seat, seats, count = reader.byte(), reader.byte(), reader.byte()
    require(seats_ok(seat, seats) and count <= len(DECKS) * MAX_GENERATION,
             "bad seats or decks")
    parts = []
    for _ in range(count):
        deck = reader.deck()
        others = list(reader.take(seats - 1))
        counts = tuple(others[:seat]) + (0,) + tuple(others[seat:])
        digests = tuple(reader.take(DIGEST) for _ in range(sum(counts)))
        proofs = tuple(reader.take(PROOF) for _ in range(
            proofs_of(version, seat, seats, deck, len(digests))))
        parts.append(DeckParts(deck, counts, digests, proofs))
    shows = tuple(Show(reader.deck(), reader.u16(), reader.take(DIGEST))
                  for _ in range(reader.byte()))
    if version < 5:
        return Turn(seat, seats, tuple(parts), shows, version)
    pass_key = reader.take(reader.byte())
    passes = tuple(Pass(reader.deck(), reader.u16(), reader.byte(), reader.take(reader.byte()))
                   for _ in range(reader.byte()))
    return Turn(seat, seats, tuple(parts), shows, version, passes, pass_key)
