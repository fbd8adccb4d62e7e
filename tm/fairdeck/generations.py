"""A deck's reshuffled discards as a new deck of their own: a *generation* (``project/2``).

When the rules reshuffle a deck's discards (:mod:`tm.core.sealed`), they name the new
generation and its sources, the ``(deck, position)`` of each discard in a public order
(from one or more earlier generations). Each device builds the same new deck from the
locked elements at those positions, under its own label (``game-id/project/2``), keeping
the first generation's card encodings and names; the seats then run its steps
(:func:`~tm.fairdeck.shuffle.schedule` with the unlock round: ``3n``, or ``3n - 1`` in a
game of wire version 2 or before), one hand-off each, each sent by its own seat to all.
Once locked it is read, shown and audited like any deck.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from tm.fairdeck import unlocking
from tm.fairdeck.group import key_of
from tm.fairdeck.held import Caught, DeviceError, Holding
from tm.fairdeck.keys import keys_for
from tm.fairdeck.piles import Piles
from tm.fairdeck.shuffle import Origin, ShuffleError, Transcript, running_step
from tm.fairdeck.wire import HandOff
from tm.fairdeck.work import Work, finish

Sources = tuple[tuple[str, int], ...]
OldKeysOf = Callable[[int], unlocking.OldKeys]  # a seat: its public old keys (version 4)


def is_locked(holding: Holding) -> bool:
    """Whether the deck's joint shuffle is over."""
    return holding.transcript.next_step() is None


def build(holdings: Mapping[str, Holding], seed: bytes, game_id: str, deck: str,
          sources: Sources, proved: bool = False) -> Holding | None:
    """The new generation ``deck`` as this device starts it, or None while a deck its
    cards come from is not locked here yet. ``proved``: the schedule whose every key part
    carries a proof (wire version 3)."""
    base = holdings.get(deck.partition("/")[0])
    olds = [holdings.get(label) for label, _position in sources]
    if base is None or not sources or any(old is None or not is_locked(old) for old in olds):
        return None
    elements = tuple(old.transcript.locked()[position]  # type: ignore[union-attr]
                     for old, (_label, position) in zip(olds, sources, strict=True))
    origin = Origin(base.transcript.label, len(base.names),
                    tuple(position for _label, position in sources), elements,
                    tuple(f"{game_id}/{label}" for label, _position in sources), proved)
    group, seats, label = base.keys.group, base.transcript.seats, f"{game_id}/{deck}"
    return Holding(base.names, keys_for(group, seed, label),
                   Transcript(group, label, seats, len(sources), origin=origin),
                   base.cards, base.table, [[0] * seats for _ in range(seats)])


def opened(holdings: dict[str, Holding], expected: Mapping[str, Sources], seed: bytes,
           game_id: str, deck: str, proved: bool = False) -> Holding | None:
    """``deck`` as this device holds it: a generation ``expected`` is built (and kept in
    ``holdings``) as soon as it can be."""
    if deck not in holdings and deck in expected:
        built = build(holdings, seed, game_id, deck, expected[deck], proved)
        if built is not None:
            holdings[deck] = built
    return holdings.get(deck)


def old_keys(holdings: Mapping[str, Holding], piles_by_deck: Mapping[str, Piles],
             sources: Sources, giver: int, me: int) -> dict[int, int]:
    """``giver``'s old position keys that are public, by element of the generation whose
    ``sources`` are given, as device ``me`` holds them: a discard another seat drew
    (``giver`` published its part for it to be read) or one ``giver`` showed."""
    found: dict[int, int] = {}
    for element, (label, position) in enumerate(sources):
        old, piles = holdings.get(label), piles_by_deck.get(label)
        owner = None if piles is None else piles.owner_of(position)
        if old is None or piles is None or owner is None:
            continue
        group = old.keys.group
        if owner == giver:
            shown = old.shown.get(position)
            if shown is not None and shown[0] == giver:
                found[element] = key_of(group, shown[1])
            continue
        index = piles.assigned[owner].index(position)
        if giver == me:
            if index < old.covered[me][owner]:
                found[element] = old.keys.position_key(position)
            continue
        part = old.ahead.get((owner, index), {}).get(giver)
        pending = old.unproved.get((owner, index, giver))
        part = pending[0] if part is None and pending is not None else part
        if part is not None:
            found[element] = key_of(group, part)
    return found


def step(holding: Holding, deck: str, seat: int, version: int,
         olds: OldKeysOf | None = None) -> HandOff | None:
    """This seat's step of the generation's shuffle when it is its turn, as a hand-off
    of that one step (every device receives it), else None. From version 4 a mix step
    also proves its unlock step (``olds``: the public old keys)."""
    return finish(stepping(holding, deck, seat, version, olds))


def stepping(holding: Holding, deck: str, seat: int, version: int,
             olds: OldKeysOf | None = None) -> Work[HandOff | None]:
    """:func:`step` as work in slices (:func:`~tm.fairdeck.shuffle.running_step`)."""
    transcript = holding.transcript
    due = transcript.next_step()
    if due is None or due.seat != seat:
        return None
    first = len(transcript.outputs)
    after = yield from running_step(transcript, holding.keys)
    commitments = (transcript.commitments[seat],) if transcript.commits(due) else ()
    vouches = tuple(unlocking.prove(transcript, holding.keys, seat, olds(seat))
                    for _ in commitments if version >= 4 and olds is not None)
    return HandOff(holding.keys.group.name, seat, transcript.seats, first, (deck,), ((after,),),
                   version, commitments, vouches)


def take(holding: Holding | None, message: HandOff, olds: OldKeysOf | None = None) -> None:
    """Check and keep a generation's hand-off (steps this device holds must come again
    unchanged); raises :class:`Caught` naming the seat that broke it, ``DeviceError``
    while the generation is not open on this device (``holding`` None). From version 4
    a mix step's unlock proof is checked (``olds``: the seats' public old keys) and the
    step refused, naming its seat, when it fails."""
    deck = message.decks[0]
    if holding is None:
        raise DeviceError(f"a hand-off of {deck}, not opened here yet")
    transcript = holding.transcript
    steps = transcript.steps()
    last = message.first + len(message.outputs) - 1
    if (message.group != transcript.group.name or message.seats != transcript.seats
            or len(message.decks) != 1):
        raise Caught(message.seat, "a hand-off for another game", deck)
    if last >= len(steps) or steps[last].seat != message.seat:
        raise Caught(message.seat, "a hand-off of a step not its own", deck)
    if message.first > len(transcript.outputs):
        raise DeviceError(f"steps of {deck} are missing")
    commitments, vouches = iter(message.commitments), iter(message.vouches)
    for index, (after,) in enumerate(message.outputs, start=message.first):
        step = steps[index]
        commitment = next(commitments, None) if transcript.commits(step) else None
        vouch = next(vouches, None) if commitment is not None else None
        if index < len(transcript.outputs):
            if transcript.outputs[index] != after or (
                    commitment is not None and transcript.commitments[step.seat] != commitment):
                raise Caught(message.seat, f"step {index + 1} (seat {step.seat}'s)"
                             " differs from the copy this device holds", deck)
            continue
        try:
            transcript.add(after, commitment)
        except ShuffleError as error:
            raise Caught(step.seat, f"a malformed step ({error})", deck) from error
        if vouch is not None and olds is not None and not unlocking.verify(
                transcript, step.seat, olds(step.seat), vouch):
            transcript.outputs.pop()  # (nothing of the message is kept)
            del transcript.commitments[step.seat]
            raise Caught(step.seat, "an unlock step that does not match its commitment", deck)


def sources_of(data: Sequence[Sequence[object]]) -> Sources:
    """The rules' ``[[deck, position], ...]`` as sources."""
    return tuple((str(label), int(position))  # type: ignore[call-overload]
                 for label, position in data)
