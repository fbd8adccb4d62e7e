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
elements in the group) is the device's to check (:mod:`tm.fairdeck.device`).
"""
from __future__ import annotations

import base64
import re
from dataclasses import dataclass

# 6: a seat's proved key parts of a deck in a Turn carry one proof together (batchproofs);
# 5: a Turn carries the draft's passed hands (keys encrypted to the next seat, passing.py)
# and, in a seat's opening, its key for them;
# 4: a reshuffle's mix step also proves its unlock step consistent with its commitment;
# 3: a reshuffled generation's key parts carry proofs too (every seat mixes and locks);
# 2: a lock seat's key parts of a first generation carry proofs (issue 43); 1: before
VERSION = 6
VERSIONS = (1, 2, 3, 4, 5, 6)
PROOF = 64  # bytes of a key part's proof (tm.fairdeck.proofs), and of an unlock proof
DECKS = ("project", "corporation", "prelude")  # a deck's id on the wire is its index here
# A reshuffled deck's generation k (``"project/2"``) has the id ``index + 3 * (k - 1)``.
MAX_GENERATION = 85  # (ids fit a byte)
# group name -> (id on the wire, bytes an element); the widths are the groups' own.
GROUP_WIRE = {"test127": (0, 16), "secp256k1": (1, 33), "modp2048": (2, 256)}
MAX_SEATS = 8
MAX_CARDS = 1024  # cards in one deck
MAX_SHOWS = 255
MAX_PASS_KEY = 255  # bytes of a seat's pass key (an element of the group)
MAX_BYTES = 1 << 22  # 4 MiB: a 5-seat hand-off of every deck in modp2048 is under 0.3 MiB
MAX_CHARS = (MAX_BYTES * 4 + 2) // 3
DIGEST = 32  # a key part, a seed
SEALED = (DIGEST, DIGEST + PROOF)  # bytes of a passed part sealed: with its proof or not
_HANDOFF, _TURN, _SEED = 1, 2, 3
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")

Deck = tuple[int, ...]


class WireError(ValueError):
    """A message that is not a well-formed fair-deck message (or cannot be written)."""


def deck_id(deck: str) -> int:
    """A deck's id on the wire (``"project"`` 0, ``"prelude/2"`` 5); -1 for no deck."""
    base, slash, generation = deck.partition("/") if isinstance(deck, str) else ("", "", "")
    if base not in DECKS:
        return -1
    if not slash:
        return DECKS.index(base)
    if not generation.isdigit() or generation != str(int(generation)) or not (
            2 <= int(generation) <= MAX_GENERATION):
        return -1
    return DECKS.index(base) + len(DECKS) * (int(generation) - 1)


def deck_name(index: int) -> str:
    """The deck of a wire id (the inverse of :func:`deck_id`)."""
    base, generation = DECKS[index % len(DECKS)], index // len(DECKS) + 1
    return base if generation == 1 else f"{base}/{generation}"


@dataclass(frozen=True, slots=True)
class HandOff:
    """Shuffle steps ``first .. first + len(outputs) - 1``, sent on by ``seat``:
    ``outputs[i][d]`` is that step's output for ``decks[d]``."""
    group: str
    seat: int
    seats: int
    first: int
    decks: tuple[str, ...]
    outputs: tuple[tuple[Deck, ...], ...]
    version: int = VERSION
    # from version 3, in a reshuffle: one element per mix step in the message, its
    # commitment to what the seat's lock takes off (tm.fairdeck.shuffle.commit)
    commitments: tuple[int, ...] = ()
    # from version 4: after each commitment, the proof that the seat's unlock step put on
    # the key it commits to (tm.fairdeck.unlocking), 64 bytes
    vouches: tuple[bytes, ...] = ()


@dataclass(frozen=True, slots=True)
class DeckParts:
    """The key parts a seat adds for one deck: ``counts[s]`` new ones for seat ``s``'s
    pile (0 for the giver's own), then all the digests, seat by seat, in pile order; and
    from version 2, when the giver's parts of this deck are proved (:func:`proved`), one
    proof a digest, in the same order (from version 6, one proof for them all:
    :func:`proofs_of`)."""
    deck: str
    counts: tuple[int, ...]
    digests: tuple[bytes, ...]
    proofs: tuple[bytes, ...] = ()


@dataclass(frozen=True, slots=True)
class Show:
    """A card shown: the seat's own key part for a position it drew."""
    deck: str
    position: int
    part: bytes


@dataclass(frozen=True, slots=True)
class Pass:
    """A card of a drafted hand passed on (from version 5): its drawer's key part (and
    that part's proof, when proved) for ``position``, sealed to ``recipient``'s pass key
    (:mod:`tm.fairdeck.passing`): only the recipient can read the card."""
    deck: str
    position: int
    recipient: int
    sealed: bytes


@dataclass(frozen=True, slots=True)
class Turn:
    """What a seat's ordinary message adds for the fair deck: parts and shows; from
    version 5, the draft's passed cards and (in a seat's opening) its pass key."""
    seat: int
    seats: int
    parts: tuple[DeckParts, ...] = ()
    shows: tuple[Show, ...] = ()
    version: int = VERSION
    passes: tuple[Pass, ...] = ()
    pass_key: bytes = b""


@dataclass(frozen=True, slots=True)
class SeedReveal:
    """A seat's seed, revealed at the end of the game for the audit."""
    seat: int
    seed: bytes
    version: int = VERSION


Message = HandOff | Turn | SeedReveal


def proved(version: int, giver: int, seats: int, deck: str) -> bool:
    """Whether ``giver``'s key parts of ``deck`` carry proofs: from version 2, a lock
    seat's (every seat but the last) in a first generation; from version 3, every seat's
    in a reshuffled generation too (see :mod:`tm.fairdeck.proofs`)."""
    reshuffled = "/" in deck
    return (version >= 2 and giver < seats - 1 and not reshuffled) or (
        version >= 3 and reshuffled)


def proofs_of(version: int, giver: int, seats: int, deck: str, digests: int) -> int:
    """How many proofs ``giver``'s ``digests`` parts of ``deck`` carry: none unproved, one
    a part up to version 5, one for them all from version 6 (tm.fairdeck.batchproofs)."""
    if not proved(version, giver, seats, deck):
        return 0
    return min(digests, 1) if version >= 6 else digests


def commits(version: int, seats: int, first: int, steps: int, decks: tuple[str, ...]) -> int:
    """How many commitments a hand-off carries: from version 3, one for each mix step of
    a reshuffle in it (the steps ``seats .. 2 * seats - 1`` of its schedule)."""
    if version < 3 or not any("/" in deck for deck in decks):
        return 0
    return len(range(max(first, seats), min(first + steps, 2 * seats)))


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


def check(message: Message) -> None:
    """Raises :class:`WireError` unless the message keeps every bound of the format (the
    decoder checks what it read with the same rules)."""
    _require(getattr(message, "version", None) in VERSIONS, "unknown version")
    if isinstance(message, HandOff):
        _check_handoff(message)
    elif isinstance(message, Turn):
        _check_turn(message)
    elif isinstance(message, SeedReveal):
        _require(0 <= message.seat < MAX_SEATS and _is_digest(message.seed), "bad seed reveal")
    else:
        raise WireError("not a fair-deck message")


def _require(condition: bool, what: str) -> None:
    if not condition:
        raise WireError(what)


def _is_digest(value: object) -> bool:
    return isinstance(value, bytes) and len(value) == DIGEST


def _seats_ok(seat: object, seats: object) -> bool:
    return (isinstance(seat, int) and isinstance(seats, int)
            and 1 <= seats <= MAX_SEATS and 0 <= seat < seats)


def _decks_ok(decks: tuple[str, ...]) -> bool:
    """Known decks, each once, in the order of their ids (one way to write a set)."""
    ids = [deck_id(deck) for deck in decks]
    return all(i >= 0 for i in ids) and ids == sorted(set(ids))


def _check_handoff(message: HandOff) -> None:
    _require(message.group in GROUP_WIRE, "unknown group")
    _require(_seats_ok(message.seat, message.seats), "bad seats")
    steps, width = len(message.outputs), GROUP_WIRE[message.group][1]
    # A reshuffle has 3n steps (3n - 1 before version 3), a shuffle 2n - 1.
    most = 3 * message.seats - (message.version < 3)
    _require(isinstance(message.first, int) and message.first >= 0
             and steps >= 1 and message.first + steps <= most, "bad steps")
    _require(len(message.decks) >= 1 and _decks_ok(message.decks), "bad decks")
    _require(message.version < 3 or len(message.decks) == 1
             or all("/" not in deck for deck in message.decks), "a reshuffle with another deck")
    _require(len(message.commitments) == commits(message.version, message.seats, message.first,
                                                 steps, message.decks)
             and all(isinstance(x, int) and 0 <= x < 1 << (8 * width)
                     for x in message.commitments), "bad commitments")
    _require(len(message.vouches) == (len(message.commitments) if message.version >= 4 else 0)
             and all(isinstance(v, bytes) and len(v) == PROOF for v in message.vouches),
             "bad unlock proofs")
    sizes = [len(deck_out) for deck_out in message.outputs[0]]
    _require(len(sizes) == len(message.decks) and all(1 <= n <= MAX_CARDS for n in sizes),
             "bad deck sizes")
    _require(all(len(step) == len(sizes) and [len(d) for d in step] == sizes
                 for step in message.outputs), "ragged steps")
    _require(steps * sum(sizes) * width <= MAX_BYTES, "hand-off too large")
    _require(all(isinstance(x, int) and 0 <= x < 1 << (8 * width) for step in message.outputs
                 for deck_out in step for x in deck_out), "an element does not fit")


def _check_turn(message: Turn) -> None:
    _require(_seats_ok(message.seat, message.seats), "bad seats")
    _require(_decks_ok(tuple(entry.deck for entry in message.parts)), "bad decks")
    for entry in message.parts:
        _require(len(entry.counts) == message.seats and entry.counts[message.seat] == 0
                 and all(isinstance(c, int) and 0 <= c <= 255 for c in entry.counts)
                 and sum(entry.counts) >= 1, "bad part counts")
        _require(len(entry.digests) == sum(entry.counts)
                 and all(_is_digest(d) for d in entry.digests), "bad parts")
        proofs = proofs_of(message.version, message.seat, message.seats, entry.deck,
                           len(entry.digests))
        _require(len(entry.proofs) == proofs and all(
            isinstance(p, bytes) and len(p) == PROOF for p in entry.proofs), "bad proofs")
    _require(len(message.shows) <= MAX_SHOWS, "too many shows")
    _require(all(deck_id(show.deck) >= 0 and isinstance(show.position, int)
                 and 0 <= show.position < MAX_CARDS and _is_digest(show.part)
                 for show in message.shows), "bad show")
    _require(message.version >= 5 or not (message.passes or message.pass_key),
             "passed cards before version 5")
    _require(isinstance(message.pass_key, bytes) and len(message.pass_key) <= MAX_PASS_KEY,
             "bad pass key")
    _require(len(message.passes) <= MAX_SHOWS and all(
        deck_id(given.deck) >= 0 and isinstance(given.position, int)
        and 0 <= given.position < MAX_CARDS and isinstance(given.recipient, int)
        and 0 <= given.recipient < message.seats and given.recipient != message.seat
        and isinstance(given.sealed, bytes) and len(given.sealed) in SEALED
        for given in message.passes), "bad passed card")


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
        _require(index < len(DECKS) * MAX_GENERATION, "unknown deck")
        return deck_name(index)

    def left(self) -> int:
        return len(self.data) - self.at


def from_bytes(data: bytes) -> Message:
    """The message :func:`to_bytes` wrote; raises :class:`WireError` on anything else."""
    if not isinstance(data, bytes | bytearray) or len(data) > MAX_BYTES:
        raise WireError("not a message (or too long)")
    reader = _Reader(bytes(data))
    version = reader.byte()
    _require(version in VERSIONS, "unknown version")
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
    _require(reader.left() == 0, "trailing bytes")
    check(message)
    return message


def _read_handoff(reader: _Reader, version: int) -> HandOff:
    gid, seat, seats, first, steps, count = (reader.byte() for _ in range(6))
    names = [name for name, (wire_id, _) in GROUP_WIRE.items() if wire_id == gid]
    _require(len(names) == 1, "unknown group")
    width = GROUP_WIRE[names[0]][1]
    decks = tuple((reader.deck(), reader.u16()) for _ in range(count))
    names_of = tuple(deck for deck, _ in decks)
    extra = commits(version, seats, first, steps, names_of)
    vouches = extra if version >= 4 else 0
    total = (steps * sum(size for _, size in decks) + extra) * width + vouches * PROOF
    _require(total == reader.left() and total <= MAX_BYTES, "hand-off size does not add up")
    outputs = tuple(tuple(tuple(int.from_bytes(reader.take(width), "big") for _ in range(size))
                          for _, size in decks) for _ in range(steps))
    commitments = tuple(int.from_bytes(reader.take(width), "big") for _ in range(extra))
    proven = tuple(reader.take(PROOF) for _ in range(vouches))
    return HandOff(names[0], seat, seats, first, names_of, outputs, version, commitments, proven)


def _read_turn(reader: _Reader, version: int) -> Turn:
    seat, seats, count = reader.byte(), reader.byte(), reader.byte()
    _require(_seats_ok(seat, seats) and count <= len(DECKS) * MAX_GENERATION,
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
