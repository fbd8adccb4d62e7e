"""The fair deck's messages and the bounds of their format: what travels between devices
(a shuffle :class:`HandOff`, a :class:`Turn` of key parts, shows and passes, a
:class:`SeedReveal`), the wire's constants and the checks every message written or read
must pass (:func:`check`). Their bytes are :mod:`tm.fairdeck.wire`'s.
"""
from __future__ import annotations

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


def check(message: Message) -> None:
    """Raises :class:`WireError` unless the message keeps every bound of the format (the
    decoder checks what it read with the same rules)."""
    require(getattr(message, "version", None) in VERSIONS, "unknown version")
    if isinstance(message, HandOff):
        _check_handoff(message)
    elif isinstance(message, Turn):
        _check_turn(message)
    elif isinstance(message, SeedReveal):
        require(0 <= message.seat < MAX_SEATS and _is_digest(message.seed), "bad seed reveal")
    else:
        raise WireError("not a fair-deck message")


def require(condition: bool, what: str) -> None:
    if not condition:
        raise WireError(what)


def _is_digest(value: object) -> bool:
    return isinstance(value, bytes) and len(value) == DIGEST


def seats_ok(seat: object, seats: object) -> bool:
    return (isinstance(seat, int) and isinstance(seats, int)
            and 1 <= seats <= MAX_SEATS and 0 <= seat < seats)


def _decks_ok(decks: tuple[str, ...]) -> bool:
    """Known decks, each once, in the order of their ids (one way to write a set)."""
    ids = [deck_id(deck) for deck in decks]
    return all(i >= 0 for i in ids) and ids == sorted(set(ids))


def _check_handoff(message: HandOff) -> None:
    require(message.group in GROUP_WIRE, "unknown group")
    require(seats_ok(message.seat, message.seats), "bad seats")
    steps, width = len(message.outputs), GROUP_WIRE[message.group][1]
    # A reshuffle has 3n steps (3n - 1 before version 3), a shuffle 2n - 1.
    most = 3 * message.seats - (message.version < 3)
    require(isinstance(message.first, int) and message.first >= 0
             and steps >= 1 and message.first + steps <= most, "bad steps")
    require(len(message.decks) >= 1 and _decks_ok(message.decks), "bad decks")
    require(message.version < 3 or len(message.decks) == 1
             or all("/" not in deck for deck in message.decks), "a reshuffle with another deck")
    require(len(message.commitments) == commits(message.version, message.seats, message.first,
                                                 steps, message.decks)
             and all(isinstance(x, int) and 0 <= x < 1 << (8 * width)
                     for x in message.commitments), "bad commitments")
    require(len(message.vouches) == (len(message.commitments) if message.version >= 4 else 0)
             and all(isinstance(v, bytes) and len(v) == PROOF for v in message.vouches),
             "bad unlock proofs")
    sizes = [len(deck_out) for deck_out in message.outputs[0]]
    require(len(sizes) == len(message.decks) and all(1 <= n <= MAX_CARDS for n in sizes),
             "bad deck sizes")
    require(all(len(step) == len(sizes) and [len(d) for d in step] == sizes
                 for step in message.outputs), "ragged steps")
    require(steps * sum(sizes) * width <= MAX_BYTES, "hand-off too large")
    require(all(isinstance(x, int) and 0 <= x < 1 << (8 * width) for step in message.outputs
                 for deck_out in step for x in deck_out), "an element does not fit")


def _check_turn(message: Turn) -> None:
    require(seats_ok(message.seat, message.seats), "bad seats")
    require(_decks_ok(tuple(entry.deck for entry in message.parts)), "bad decks")
    for entry in message.parts:
        require(len(entry.counts) == message.seats and entry.counts[message.seat] == 0
                 and all(isinstance(c, int) and 0 <= c <= 255 for c in entry.counts)
                 and sum(entry.counts) >= 1, "bad part counts")
        require(len(entry.digests) == sum(entry.counts)
                 and all(_is_digest(d) for d in entry.digests), "bad parts")
        proofs = proofs_of(message.version, message.seat, message.seats, entry.deck,
                           len(entry.digests))
        require(len(entry.proofs) == proofs and all(
            isinstance(p, bytes) and len(p) == PROOF for p in entry.proofs), "bad proofs")
    require(len(message.shows) <= MAX_SHOWS, "too many shows")
    require(all(deck_id(show.deck) >= 0 and isinstance(show.position, int)
                 and 0 <= show.position < MAX_CARDS and _is_digest(show.part)
                 for show in message.shows), "bad show")
    require(message.version >= 5 or not (message.passes or message.pass_key),
             "passed cards before version 5")
    require(isinstance(message.pass_key, bytes) and len(message.pass_key) <= MAX_PASS_KEY,
             "bad pass key")
    require(len(message.passes) <= MAX_SHOWS and all(
        deck_id(given.deck) >= 0 and isinstance(given.position, int)
        and 0 <= given.position < MAX_CARDS and isinstance(given.recipient, int)
        and 0 <= given.recipient < message.seats and given.recipient != message.seat
        and isinstance(given.sealed, bytes) and len(given.sealed) in SEALED
        for given in message.passes), "bad passed card")
