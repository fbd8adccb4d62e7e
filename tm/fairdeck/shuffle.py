"""The joint shuffle: every seat permutes and encrypts the deck in turn, then locks it.

The schedule for ``n`` seats has ``2n - 1`` steps, each one hand-off of the whole deck:

- ``mix`` (seats ``0 .. n-2``): permute with the seat's permutation, encrypt every element
  with the seat's shuffle key ``k``;
- ``mix-lock`` (the last seat): permute and encrypt position ``j`` with its position key
  ``b_j`` directly — no later seat mixes, so it needs no shuffle key to take off again;
- ``lock`` (seats ``0 .. n-2`` again): take the shuffle key off and put the position keys
  on, in one exponent ``k**-1 * b_j mod q``.

Afterwards position ``j`` holds ``card**(b_0j * b_1j * ... )``: a seat's key part for one
position opens its layer there and nowhere else. The order stays unknown to any device
short of all of them together; the audit checks each step against the seat's seed.

A reshuffle of the discards starts from their positions in the old locked deck, which
carry every seat's old position layer: before anyone permutes them, each seat in turn
``unlock``s them (its old position key off, a uniform unlock key ``u`` on), and the lock
steps take ``u`` off with the shuffle key: ``3n - 1`` steps in a game of wire version 2 or
before. From version 3 (``Origin.proved``) every seat mixes, the last one locking at once
after its mix (``3n`` steps, its two sent together), and each mix step publishes with its
output a **commitment** to what that seat's lock takes off: ``D = B**u`` (``B`` the
product of the step's output, so ``D = A**(k*u)`` with ``A`` the product of its input).
Every seat's key parts of the generation then carry the same proof as a first
generation's lock seat's (:mod:`tm.fairdeck.proofs`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tm.fairdeck.group import Group, encode_cards, is_member
from tm.fairdeck.keys import DeckKeys
from tm.fairdeck.work import Work, finish

StepKind = Literal["unlock", "mix", "mix-lock", "lock"]
Deck = tuple[int, ...]


class ShuffleError(ValueError):
    """A step's output is malformed: it names the seat and what is wrong."""


@dataclass(frozen=True, slots=True)
class Step:
    """Which seat acts and how, at one step of the joint shuffle."""
    seat: int
    kind: StepKind


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a reshuffled deck comes from: the old deck's label and size (its cards keep
    their old encodings), the discards' old positions and their elements there; and, when
    they come from several decks (generations of one deck), each one's deck label."""
    label: str
    cards: int
    positions: tuple[int, ...]
    elements: Deck
    sources: tuple[str, ...] = ()
    proved: bool = False  # the schedule of wire version 3: every seat mixes, then locks

    def source(self, index: int) -> str:
        """The label of the deck element ``index`` comes from."""
        return self.sources[index] if self.sources else self.label


def schedule(seats: int, reshuffle: bool = False, proved: bool = False) -> tuple[Step, ...]:
    """The ``2 * seats - 1`` steps of a joint shuffle, in order (seat 0 starts), after the
    ``seats`` unlock steps of a reshuffle. ``proved`` (a reshuffle of wire version 3):
    the last seat mixes too and locks at once after, ``3 * seats`` steps in all."""
    if seats < 1:
        raise ValueError("a shuffle needs a seat")
    unlocks = tuple(Step(seat, "unlock") for seat in range(seats)) if reshuffle else ()
    mixes = tuple(Step(seat, "mix") for seat in range(seats - 1))
    locks = tuple(Step(seat, "lock") for seat in range(seats - 1))
    if reshuffle and proved:
        return (*unlocks, *mixes, Step(seats - 1, "mix"), Step(seats - 1, "lock"), *locks)
    return (*unlocks, *mixes, Step(seats - 1, "mix-lock"), *locks)


def standing(keys: DeckKeys, kind: StepKind, origin: Origin | None) -> int:
    """The layers a seat's ``lock`` or ``mix-lock`` step takes off, as one exponent (not
    reduced, so a check with it stays short): the shuffle key (``lock``) and, on a
    reshuffle, the unlock key."""
    layers = keys.shuffle_key() if kind == "lock" else 1
    return layers * keys.unlock_key() if origin is not None else layers


def perform(keys: DeckKeys, kind: StepKind, deck: Deck, origin: Origin | None = None) -> Deck:
    """The seat's step on ``deck``: what it hands to the next seat."""
    return finish(performing(keys, kind, deck, origin))


def performing(keys: DeckKeys, kind: StepKind, deck: Deck,
               origin: Origin | None = None) -> Work[Deck]:
    """:func:`perform` as work in slices: a unit per card (an exponentiation each)."""
    group, q = keys.group, keys.group.q
    if kind == "unlock":
        if origin is None:
            raise ShuffleError("only a reshuffle unlocks")
        key = keys.unlock_key()
        exponents = [pow(DeckKeys(keys.group, keys.seed, origin.source(i))
                         .position_key(position), -1, q) * key % q
                     for i, position in enumerate(origin.positions)]
        pairs = list(zip(deck, exponents, strict=True))
    elif kind == "mix":
        key = keys.shuffle_key()
        pairs = [(deck[i], key) for i in keys.permutation(len(deck))]
    else:
        off = pow(standing(keys, kind, origin), -1, q)
        order = keys.permutation(len(deck)) if kind == "mix-lock" else tuple(range(len(deck)))
        pairs = [(deck[i], off * keys.position_key(j) % q) for j, i in enumerate(order)]
    after = []
    for x, exponent in pairs:
        after.append(group.power(x, exponent))
        yield 1
    return tuple(after)


def check_step(group: Group, step: Step, before: Deck, after: Deck) -> None:
    """What the next device checks on receiving a step, before building on it: the same
    size, every element in the group (no marked card outside it), no element twice (no
    duplicated card) and none left as it came in (no skipped encryption). Raises
    :class:`ShuffleError` naming the seat. Whether the seat used its own keys and a real
    permutation is the audit's to check, once the keys are out."""
    where = f"seat {step.seat} ({step.kind})"
    if len(after) != len(before):
        raise ShuffleError(f"{where}: {len(after)} cards instead of {len(before)}")
    if not all(is_member(group, x) for x in after):
        raise ShuffleError(f"{where}: an element outside the group")
    if len(set(after)) != len(after):
        raise ShuffleError(f"{where}: an element twice")
    if set(after) & set(before):
        raise ShuffleError(f"{where}: an element left unencrypted")


@dataclass(slots=True)
class Transcript:
    """A deck's shuffle as every device keeps it: the plain cards and each step's output
    (the last one is the locked deck the game draws from). Plain data, to save as is."""
    group: Group
    label: str
    seats: int
    size: int
    outputs: list[Deck] = field(default_factory=list)
    origin: Origin | None = None
    # seat: the commitment its mix step published (a reshuffle of wire version 3)
    commitments: dict[int, int] = field(default_factory=dict)

    def cards(self) -> Deck:
        """The cards in the clear, in card order (``index -> element``): on a reshuffle,
        those of the old deck, whose card indices its positions keep."""
        if self.origin is not None:
            return encode_cards(self.group, self.origin.label, self.origin.cards)
        return encode_cards(self.group, self.label, self.size)

    def steps(self) -> tuple[Step, ...]:
        """The shuffle's schedule."""
        origin = self.origin
        return schedule(self.seats, origin is not None, origin is not None and origin.proved)

    def start(self) -> Deck:
        """What the first step receives: the plain cards, or a reshuffle's discards."""
        return self.origin.elements if self.origin is not None else self.cards()

    def next_step(self) -> Step | None:
        """Whose move it is in the shuffle, or None once the deck is locked."""
        steps = self.steps()
        return steps[len(self.outputs)] if len(self.outputs) < len(steps) else None

    def last(self) -> Deck:
        """The deck as the next step receives it."""
        return self.outputs[-1] if self.outputs else self.start()

    def commits(self, step: Step) -> bool:
        """Whether ``step`` publishes a commitment with its output (a mix step of a
        reshuffle of wire version 3)."""
        return step.kind == "mix" and self.origin is not None and self.origin.proved

    def add(self, after: Sequence[int], commitment: int | None = None) -> None:
        """Take the next step's output (and its commitment, when it publishes one) after
        checking it (:func:`check_step`; a commitment: in the group)."""
        step = self.next_step()
        if step is None:
            raise ShuffleError("the deck is already locked")
        deck = tuple(after)
        check_step(self.group, step, self.last(), deck)
        if self.commits(step) != (commitment is not None) or (
                commitment is not None and not is_member(self.group, commitment)):
            raise ShuffleError(f"seat {step.seat} ({step.kind}): a missing or bad commitment")
        if commitment is not None:
            self.commitments[step.seat] = commitment
        self.outputs.append(deck)

    def locked(self) -> Deck:
        """The locked deck; raises if the shuffle is not finished."""
        if self.next_step() is not None:
            raise ShuffleError("the shuffle is not finished")
        return self.outputs[-1]


def run_step(transcript: Transcript, keys: DeckKeys) -> Deck:
    """A seat's device doing its step on the transcript it holds: returns what it sends."""
    return finish(running_step(transcript, keys))


def running_step(transcript: Transcript, keys: DeckKeys) -> Work[Deck]:
    """:func:`run_step` as work in slices (:func:`performing`)."""
    step = transcript.next_step()
    if step is None:
        raise ShuffleError("the deck is already locked")
    after = yield from performing(keys, step.kind, transcript.last(), transcript.origin)
    transcript.add(after, commit(keys, after) if transcript.commits(step) else None)
    return after


def commit(keys: DeckKeys, after: Deck) -> int:
    """A reshuffle's mix step's commitment to what the seat's lock takes off: the
    product of the step's output raised to the unlock key (``A**(k*u)``)."""
    product = keys.group.product(after)
    if product is None:
        raise ShuffleError("a mix step whose product is the identity")
    return keys.group.power(product, keys.unlock_key())


def reshuffle(old: Transcript, positions: Sequence[int], label: str,
              proved: bool = False) -> Transcript:
    """A new deck of the old deck's ``positions`` (the discards, in a public order), to be
    shuffled under ``label``: its steps start with the unlock round (``proved``: the
    schedule of wire version 3)."""
    locked = old.locked()
    origin = Origin(old.label, len(old.cards()), tuple(positions),
                    tuple(locked[position] for position in positions), proved=proved)
    return Transcript(old.group, label, old.seats, len(positions), origin=origin)
