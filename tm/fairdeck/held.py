"""What a :class:`~tm.fairdeck.device.Device` holds of one deck, and what it reports: a
shown card, a message that does not fit, a seat caught cheating."""
from __future__ import annotations

from dataclasses import dataclass, field

from tm.fairdeck.audit import Claim, Part
from tm.fairdeck.keys import DeckKeys
from tm.fairdeck.piles import Piles
from tm.fairdeck.shuffle import Transcript
from tm.fairdeck.wire import Pass


class DeviceError(ValueError):
    """A call or message that does not fit the game as this device holds it (another
    game, out of order, asked too early)."""


class Caught(DeviceError):
    """Another seat broke the protocol, seen at once on receipt: names the seat.
    ``source``: what carried the refuted part when it came with an earlier message (the
    tag the device was given then, :attr:`~tm.fairdeck.checking.PartChecks.source`; None:
    the message being taken)."""

    def __init__(self, seat: int, reason: str, deck: str | None = None,
                 position: int | None = None, source: object = None) -> None:
        where = "" if deck is None else f" ({deck}" + (
            "" if position is None else f" position {position}") + ")"
        super().__init__(f"seat {seat}: {reason}{where}")
        self.seat, self.reason, self.deck, self.position = seat, reason, deck, position
        self.source = source


@dataclass(frozen=True, slots=True)
class Shown:
    """A shown card as the rules list it: which deck and position, its name, whose."""
    deck: str
    position: int
    name: str
    seat: int


@dataclass(slots=True)
class Holding:
    """What a device holds of one deck (plain data; the device fills it)."""
    names: tuple[str, ...]
    keys: DeckKeys
    transcript: Transcript
    cards: tuple[int, ...]
    table: dict[int, int]
    covered: list[list[int]]  # [giver][seat]: how many of seat's pile giver has covered
    ahead: dict[tuple[int, int], dict[int, bytes]] = field(default_factory=dict)
    shown: dict[int, tuple[int, bytes]] = field(default_factory=dict)  # position: seat, part
    claims: list[Claim] = field(default_factory=list)
    opened: dict[int, int] = field(default_factory=dict)  # position: card, once read
    # position: seat, for a card shown before every part came (claimed once it is read)
    unclaimed: dict[int, int] = field(default_factory=dict)
    # (owner, index, giver): (part, proof) of a part whose position the piles do not
    # place yet, checked once they do (tm.fairdeck.proofs)
    unproved: dict[tuple[int, int, int], tuple[bytes, bytes]] = field(default_factory=dict)
    # (giver, places (owner, index), proof): parts proved together (wire version 6), each
    # also in ``unproved``; checked once the piles place every one of them
    batches: list[tuple[int, tuple[tuple[int, int], ...], bytes]] = field(
        default_factory=list)
    # (owner, index, giver): the tag of the message that brought a part still unproved
    carried: dict[tuple[int, int, int], object] = field(default_factory=dict)
    memo: dict[int, object] = field(default_factory=dict)  # the proofs' commitments, by seat
    # the draft: position: (drawer's part, its proof) passed to this seat, opened
    passed: dict[int, tuple[bytes, bytes]] = field(default_factory=dict)
    # every card passed on, (sender, pass), sealed: who holds what, and for the audit
    handed: list[tuple[int, Pass]] = field(default_factory=list)

    def holders(self) -> dict[int, list[int]]:
        """The seats each passed position was passed to (public: the passes name them)."""
        found: dict[int, list[int]] = {}
        for _sender, given in self.handed:
            seats = found.setdefault(given.position, [])
            if given.recipient not in seats:
                seats.append(given.recipient)
        return found

    def holds_passed(self, seat: int, position: int) -> bool:
        """Whether ``position`` was passed to ``seat`` in a draft."""
        return any(given.position == position and given.recipient == seat
                   for _sender, given in self.handed)

    def claim(self, seat: int, position: int) -> None:
        """Record ``seat``'s show of ``position`` for the audit: at once when the card is
        read, else when it is (a reveal whose other parts are still to come)."""
        if position in self.opened:
            self.claims.append(Claim(seat, position, self.opened[position]))
        else:
            self.unclaimed[position] = seat


def published(holding: Holding, piles: Piles, seat: int) -> list[Part]:
    """The others' key parts as ``seat``'s device received them, placed by the final
    piles, in a fixed order (what the audit checks)."""
    parts = [Part(giver, piles.assigned[owner][index], digest)
             for (owner, index), given in holding.ahead.items()
             if index < len(piles.assigned[owner]) for giver, digest in given.items()]
    parts += [Part(_giver(holding, piles, shower, position), position, digest)
              for position, (shower, digest) in holding.shown.items() if shower != seat]
    return sorted(parts, key=lambda part: (part.position, part.giver))


def _giver(holding: Holding, piles: Piles, shower: int, position: int) -> int:
    """Whose key part a show is: the shower's, or the drawer's for a card passed to it."""
    owner = piles.owner_of(position)
    return owner if owner is not None and owner != shower and holding.holds_passed(
        shower, position) else shower
