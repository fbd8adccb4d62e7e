"""What a sealed game asks of its devices (issue 43): whom a device waits for and for what,
and whether a hand-off that comes before its deck generation opens here is one the game
may yet ask for (else it is refused at once, naming its seat, instead of being kept
unchecked where it would hold up every later hand-off)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tm.fairdeck import Piles, schedule
from tm.fairdeck.device import Device
from tm.fairdeck.held import Caught
from tm.fairdeck.wire import HandOff


@dataclass(frozen=True, slots=True)
class Awaited:
    """What this device waits for: ``seat``'s ``what`` ("shuffle": its step of the joint
    shuffle; "parts": its key parts; "hand": the keys of the drafted hand it passes on;
    "seed": its seed, at the end), for ``deck`` ("" for every deck, as in the first
    shuffle)."""
    seat: int
    what: str
    deck: str = ""


def awaited(device: Device, over: bool, known: Mapping[str, Piles], seat: int,
            needs: Sequence[tuple[str, int]],
            passed: tuple[int, Sequence[tuple[str, int]]] = (0, ())) -> list[Awaited]:
    """Whom ``device`` (``seat``'s) waits for: a step of a shuffle, the key parts that open
    its own draws or the cards a waiting move shows (``needs``), the keys of the cards
    passed to it in a draft (``passed``: the seat that passes them and where they are;
    their drawer's part comes from that seat), the seeds once the game is ``over``; in
    seat order. ``known``: the piles as far as the rules got."""
    if over:
        return [Awaited(other, "seed") for other in device.missing_seeds()]
    step = device.next_step()
    if step is not None:
        return [Awaited(step.seat, "shuffle")]
    found = {Awaited(other, "shuffle", deck) for deck, other in device.shuffling()}
    places = [(deck, position) for deck, piles in known.items()
              for position in piles.drawn_by(seat)] + list(needs)
    passer, hand = passed
    for deck, position in places + list(hand):
        if deck in device.decks and deck not in device.pending() and device.open(
                deck, position) is None:
            drawer = known[deck].owner_of(position) if deck in known else None
            for other in device.waiting(deck, position):
                if other == drawer and (deck, position) in hand:
                    found.add(Awaited(passer, "hand", deck))
                elif other != seat:
                    found.add(Awaited(other, "parts", deck))
    return sorted(found, key=lambda a: (a.seat, a.what, a.deck))


def check_early(message: HandOff, device: Device, opened: set[str],
                sooner: Sequence[HandOff]) -> None:
    """A hand-off of a generation not open on ``device`` is kept only if the game may ask
    for it: the next generation of its deck (or one the rules ``opened``), one step, the
    next of that generation after those kept ``sooner``, by the seat whose step it is,
    every element in the group and none twice. Else :class:`Caught` names its seat."""
    deck = message.decks[0] if len(message.decks) == 1 else ""
    base, _slash, generation = deck.partition("/")
    newest = max((int(d.partition("/")[2]) for d in (*opened, *device.decks)
                  if d.partition("/")[0] == base and "/" in d), default=1)
    held = sum(earlier.decks == message.decks for earlier in sooner)
    steps = schedule(device.seats, reshuffle=True, proved=device.version >= 3)
    group = device.group
    if (not generation.isdigit() or not (deck in opened or int(generation) == newest + 1)
            or message.group != group.name or message.seats != device.seats
            or len(message.outputs) != 1 or message.first != held
            or held >= len(steps) or steps[held].seat != message.seat):
        raise Caught(message.seat, "a hand-off the game did not ask for", deck or None)
    elements = message.outputs[0][0]
    if len(set(elements)) != len(elements) or not all(group.member(x) for x in elements):
        raise Caught(message.seat, "a malformed hand-off", deck)
