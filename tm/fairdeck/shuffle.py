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
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tm.fairdeck.group import Group, encode_cards, is_member
from tm.fairdeck.keys import DeckKeys

StepKind = Literal["mix", "mix-lock", "lock"]
Deck = tuple[int, ...]


class ShuffleError(ValueError):
    """A step's output is malformed: it names the seat and what is wrong."""


@dataclass(frozen=True, slots=True)
class Step:
    """Which seat acts and how, at one step of the joint shuffle."""
    seat: int
    kind: StepKind


def schedule(seats: int) -> tuple[Step, ...]:
    """The ``2 * seats - 1`` steps of a joint shuffle, in order (seat 0 starts)."""
    if seats < 1:
        raise ValueError("a shuffle needs a seat")
    return (*(Step(seat, "mix") for seat in range(seats - 1)), Step(seats - 1, "mix-lock"),
            *(Step(seat, "lock") for seat in range(seats - 1)))


def perform(keys: DeckKeys, kind: StepKind, deck: Deck) -> Deck:
    """The seat's step on ``deck``: what it hands to the next seat."""
    p, q = keys.group.p, keys.group.q
    if kind == "lock":
        unshuffle = pow(keys.shuffle_key(), -1, q)
        return tuple(pow(x, unshuffle * keys.position_key(j) % q, p) for j, x in enumerate(deck))
    order = keys.permutation(len(deck))
    if kind == "mix":
        key = keys.shuffle_key()
        return tuple(pow(deck[i], key, p) for i in order)
    return tuple(pow(deck[i], keys.position_key(j), p) for j, i in enumerate(order))


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

    def cards(self) -> Deck:
        """The deck's cards in the clear, in card order (``index -> element``)."""
        return encode_cards(self.group, self.label, self.size)

    def next_step(self) -> Step | None:
        """Whose move it is in the shuffle, or None once the deck is locked."""
        steps = schedule(self.seats)
        return steps[len(self.outputs)] if len(self.outputs) < len(steps) else None

    def last(self) -> Deck:
        """The deck as the next step receives it."""
        return self.outputs[-1] if self.outputs else self.cards()

    def add(self, after: Sequence[int]) -> None:
        """Take the next step's output after checking it (:func:`check_step`)."""
        step = self.next_step()
        if step is None:
            raise ShuffleError("the deck is already locked")
        deck = tuple(after)
        check_step(self.group, step, self.last(), deck)
        self.outputs.append(deck)

    def locked(self) -> Deck:
        """The locked deck; raises if the shuffle is not finished."""
        if self.next_step() is not None:
            raise ShuffleError("the shuffle is not finished")
        return self.outputs[-1]


def run_step(transcript: Transcript, keys: DeckKeys) -> Deck:
    """A seat's device doing its step on the transcript it holds: returns what it sends."""
    step = transcript.next_step()
    if step is None:
        raise ShuffleError("the deck is already locked")
    after = perform(keys, step.kind, transcript.last())
    transcript.add(after)
    return after
