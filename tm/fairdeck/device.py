"""One device's side of the fair deck, for one game: its seat's seed, every deck's shuffle
transcript, the key parts and shown cards received, and the Dealer the rules ask for names.

A :class:`Device` knows its own seed and nothing secret of the others. It takes part in
the joint shuffle by messages only (:meth:`Device.step` when the schedule says it is its
turn, :meth:`Device.receive` of the others' hand-offs), then, during the game, adds to its
messages the key parts it owes for positions newly reserved to the others
(:meth:`Device.outgoing`) and the parts that show its own cards (:meth:`Device.show`),
checks what the others send (a card shown must lie at a position its seat drew and open to
the name claimed), reads the cards it may read (:meth:`Device.open`, the rules' Dealer),
and at the end reveals its seed and audits the whole game (:meth:`Device.audit`). A deck
reshuffled by the rules is a new deck here (:mod:`~tm.fairdeck.generations`).

Its parts: the joint shuffle (:mod:`~tm.fairdeck.joining`), the key parts taken
(:mod:`~tm.fairdeck.checking`), the draft's passes (:mod:`~tm.fairdeck.drafting`) and the
others' messages taken (:mod:`~tm.fairdeck.receiving`); what it sends, shows and audits is
here.

The piles (:class:`~tm.fairdeck.piles.Piles`, one per deck) are the rules' public state:
the device is handed them and keeps the latest it was given, by reference. A key part
received is kept by (seat, index in that seat's pile), not by position, so parts that
arrive before the draws that reserved their positions still land in the right place.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tm.fairdeck import batchproofs, generations, passing, wire
from tm.fairdeck.audit import Finding, audit_size, auditing
from tm.fairdeck.checking import PartChecks
from tm.fairdeck.drafting import Drafting
from tm.fairdeck.draw import card_table, read
from tm.fairdeck.group import Group, encode_cards
from tm.fairdeck.held import DeviceError, Holding, published
from tm.fairdeck.joining import Joining
from tm.fairdeck.keys import SEED_BYTES, keys_for
from tm.fairdeck.piles import Piles
from tm.fairdeck.receiving import PilesByDeck, Receiving
from tm.fairdeck.shuffle import Transcript
from tm.fairdeck.wire import (
    DECKS,
    MAX_SEATS,
    DeckParts,
    HandOff,
    Pass,
    SeedReveal,
    Show,
    Turn,
)
from tm.fairdeck.work import Work, finish


class Device(Joining, PartChecks, Drafting, Receiving):
    """One seat's device in one game (see the module). ``decks`` maps a deck ("project",
    "corporation", "prelude") to its card names in canonical order: card ``i`` of the fair
    deck is ``names[i]``; each deck's label is ``game_id/deck``. ``version``: the protocol
    of the game's messages (:data:`~tm.fairdeck.wire.VERSION` for a new game: key parts
    with proofs, checked on arrival; 1 for a game begun before, see :meth:`adopt`)."""

    def __init__(self, group: Group, seat: int, seats: int, seed: bytes, game_id: str,
                 decks: Mapping[str, Sequence[str]], version: int = wire.VERSION) -> None:
        if (not 0 <= seat < seats <= MAX_SEATS or len(seed) != SEED_BYTES or not decks
                or any(d not in DECKS for d in decks)):
            raise DeviceError("bad seat, seed or decks")
        self.group, self.seat, self.seats, self.game_id = group, seat, seats, game_id
        self.version = version
        self._seed = bytes(seed)
        self._seeds: list[bytes | None] = [self._seed if s == seat else None
                                           for s in range(seats)]
        self._decks: dict[str, Holding] = {}
        for name in DECKS:  # wire order
            if name in decks:
                self._decks[name] = self._new_deck(name, tuple(decks[name]))
        self._piles: dict[str, Piles] = {}
        self._initial = tuple(self._decks)
        self._expected: dict[str, generations.Sources] = {}  # reshuffles the rules opened
        self._pass_keys: dict[int, bytes] = {}  # the draft: each seat's published pass key
        self._shared: dict[int, int | None] = {}  # the secret shared with each seat

    def _new_deck(self, name: str, names: tuple[str, ...]) -> Holding:
        label = f"{self.game_id}/{name}"
        cards = encode_cards(self.group, label, len(names))
        return Holding(names, keys_for(self.group, self._seed, label),
                       Transcript(self.group, label, self.seats, len(names)), cards,
                       card_table(cards), [[0] * self.seats for _ in range(self.seats)],
                       memo={-1: cards})  # (the plain cards: the first mix step's input)

    def adopt(self, version: int) -> None:
        """Play under the protocol of the game's first hand-off (a game begun before proofs
        keeps version 1); only before this device holds a step."""
        if version not in wire.VERSIONS or (self.steps_done() and version != self.version):
            raise DeviceError(f"a game of protocol version {version}")
        self.version = version

    @property
    def decks(self) -> tuple[str, ...]:
        """The decks of this game (the first generations in wire order, then the others)."""
        return tuple(self._decks)

    # ------------------------------------------------------------ reshuffles
    def expect(self, deck: str, sources: generations.Sources) -> None:
        """A generation the rules opened, built once its sources' decks are locked here."""
        self._expected.setdefault(deck, tuple(sources))
        self._generation(deck)

    def _generation(self, deck: str) -> Holding | None:
        return generations.opened(self._decks, self._expected, self._seed, self.game_id, deck,
                                  self.version >= 3)

    def pending(self) -> tuple[str, ...]:
        """The generations the rules opened whose joint shuffle is not over here."""
        return tuple(deck for deck in self._expected if deck not in self._decks
                     or not generations.is_locked(self._decks[deck]))

    def shuffling(self) -> list[tuple[str, int]]:
        """The generations whose shuffle is under way here, each with the seat whose step
        is next."""
        found = []
        for deck in self.pending():
            holding = self._decks.get(deck)
            step = None if holding is None else holding.transcript.next_step()
            if step is not None:
                found.append((deck, step.seat))
        return found

    def missing_seeds(self) -> tuple[int, ...]:
        """The seats whose seed this device does not hold."""
        return tuple(seat for seat, seed in enumerate(self._seeds) if seed is None)

    def reshuffle_step(self, deck: str) -> HandOff | None:
        """This seat's step of a generation's shuffle, if it is its turn (else None)."""
        return finish(self.reshuffle_stepping(deck))

    def reshuffle_stepping(self, deck: str) -> Work[HandOff | None]:
        """:meth:`reshuffle_step` as work in slices (a unit per card)."""
        holding = self._generation(deck)
        if holding is None:
            return None
        return (yield from generations.stepping(holding, deck, self.seat, self.version,
                                                self._olds(deck)))

    def _olds(self, deck: str) -> generations.OldKeysOf:
        """A seat's public old keys on the discards of the generation ``deck`` (what its
        unlock proof counts, :mod:`~tm.fairdeck.unlocking`)."""
        sources = self._expected.get(deck, ())
        return lambda giver: generations.old_keys(self._decks, self._piles, sources, giver,
                                                  self.seat)

    def follow(self, piles_by_deck: PilesByDeck) -> None:
        """Keep the rules' latest piles (what :meth:`open` resolves positions with)."""
        self._piles.update({d: piles for d, piles in piles_by_deck.items() if d in self._decks})

    def open(self, deck: str, position: int) -> str | None:
        """The Dealer: the card at ``position`` of ``deck`` if this device can read it
        (its own draw once the others' parts are in, or a card shown), else None."""
        holding = self._decks.get(deck)
        if holding is None or not generations.is_locked(holding):
            return None
        if position not in holding.opened:
            parts = self._parts_at(deck, position)
            if parts is None:
                return None
            locked = holding.transcript.locked()
            card = read(self.group, holding.table, locked[position], parts)
            if card is None:
                return None  # a wrong part: the audit names its giver
            holding.opened[position] = card
            if position in holding.unclaimed:  # shown before its parts came: claimed now
                holding.claim(holding.unclaimed.pop(position), position)
        return holding.names[holding.opened[position]]

    def waiting(self, deck: str, position: int) -> tuple[int, ...]:
        """The seats whose key part this device still needs to read ``position`` (every
        other seat while the position is free): whom a draw is waiting for."""
        found = self._found(deck, position)
        return tuple(seat for seat in range(self.seats) if seat not in found)

    def _found(self, deck: str, position: int) -> dict[int, bytes]:
        """The key parts this device holds for ``position``, by seat (its own from its
        seed; the owner's once shown)."""
        holding, piles = self._decks[deck], self._piles.get(deck)
        found = {self.seat: holding.keys.part(position)}
        owner = None if piles is None else piles.owner_of(position)
        if piles is None or owner is None:
            return found
        found.update(holding.ahead.get((owner, piles.assigned[owner].index(position)), {}))
        if position in holding.passed:  # a drafted card passed to this seat
            found[owner] = holding.passed[position][0]
        shown = holding.shown.get(position)
        if shown is not None and (shown[0] == owner or holding.holds_passed(shown[0], position)):
            found[owner] = shown[1]
        return found

    def _parts_at(self, deck: str, position: int) -> list[bytes] | None:
        """Every seat's key part for ``position``, or None while one is missing."""
        found = self._found(deck, position)
        return [found[s] for s in range(self.seats)] if len(found) == self.seats else None

    def parts_due(self, piles_by_deck: PilesByDeck,
                  sent: Mapping[str, Sequence[int]] | None = None,
                  upto: Mapping[str, Sequence[int]] | None = None) -> tuple[DeckParts, ...]:
        """The key parts this seat owes for positions reserved to the others beyond the
        ``sent[deck][seat]`` first of each pile (by default: what it has sent; a deck
        missing from ``sent``: none), per deck in pile order; no position is named, the
        piles fix them. ``upto[deck][seat]``: only that many first of each pile (a deck
        missing from ``upto``: none)."""
        if not self.locked:
            raise DeviceError("the deck is not shuffled yet")
        due = []
        for deck, holding in sorted(self._decks.items(), key=lambda item: wire.deck_id(item[0])):
            piles = piles_by_deck.get(deck)
            if piles is None or not generations.is_locked(holding):
                continue
            done = list(holding.covered[self.seat] if sent is None
                        else sent.get(deck, [0] * self.seats))
            ends = [len(pile) for pile in piles.assigned] if upto is None else [
                min(len(pile), end) for pile, end in zip(piles.assigned, upto.get(
                    deck, [0] * self.seats), strict=True)]
            counts = tuple(0 if s == self.seat else max(0, ends[s] - done[s])
                           for s in range(self.seats))
            if sum(counts):
                positions = [p for s, count in enumerate(counts)
                             for p in piles.assigned[s][done[s]:done[s] + count]]
                due.append(DeckParts(deck, counts,
                                     tuple(holding.keys.part(p) for p in positions),
                                     batchproofs.proofs_for(self.version, self.seat,
                                                            self.seats, deck, holding,
                                                            positions)))
        return tuple(due)

    def outgoing(self, piles_by_deck: PilesByDeck, shows: Iterable[Show] = (),
                 upto: Mapping[str, Sequence[int]] | None = None,
                 passes: Iterable[Pass] = (), pass_key: bool = False) -> Turn:
        """This seat's next message: the parts it owes (``upto``: as in
        :meth:`parts_due`), the ``shows`` (from :meth:`show`), the draft's ``passes``
        (from :meth:`hand_on`) and, with ``pass_key``, this seat's pass key (its opening
        in a game with the draft). The device counts the parts as sent."""
        self.follow(piles_by_deck)
        parts = self.parts_due(piles_by_deck, upto=upto)
        for entry in parts:
            mine = self._decks[entry.deck].covered[self.seat]
            for seat, count in enumerate(entry.counts):
                mine[seat] += count
        passes = tuple(passes)
        key = self.pass_key() if pass_key else b""
        if key:
            self._pass_keys[self.seat] = key
        for given in passes:
            self._decks[given.deck].handed.append((self.seat, given))
        return Turn(self.seat, self.seats, parts, tuple(shows), self.version, passes, key)

    def show(self, deck: str, position: int, unread: bool = False) -> Show:
        """Show this seat's card at ``position`` to all: its own key part there.
        ``unread``: even before this device can read it (a public reveal whose other
        parts are still to come; the claim is recorded once it is read)."""
        piles = self._piles.get(deck)
        passed = self.passed_by(deck, position)  # a drafted card: its drawer's part
        if piles is None or (position not in piles.drawn_by(self.seat) and not passed):
            raise DeviceError(f"seat {self.seat} did not draw {deck} position {position}")
        name = self.open(deck, position)
        holding = self._decks[deck]
        if (name is None and not unread) or self.is_shown(deck, position):
            raise DeviceError(f"{deck} position {position} cannot be shown")
        part = holding.passed[position][0] if passed and position not in piles.drawn_by(
            self.seat) else holding.keys.part(position)
        holding.shown[position] = (self.seat, part)
        holding.claim(self.seat, position)
        return Show(deck, position, part)

    def is_shown(self, deck: str, position: int) -> bool:
        """Whether the card at ``position`` of ``deck`` has been shown (by any seat; a
        show taken ahead for a free position, only once it is that seat's)."""
        holding, piles = self._decks.get(deck), self._piles.get(deck)
        shown = None if holding is None else holding.shown.get(position)
        return shown is not None and (piles is None or piles.owner_of(position) in (
            None, shown[0]) or holding is not None and holding.holds_passed(shown[0], position))

    def reveal(self) -> SeedReveal:
        """This seat's seed, for the audit: send it only once the game is over."""
        return SeedReveal(self.seat, self._seed, self.version)

    def audit(self, piles_by_deck: PilesByDeck | None = None) -> list[tuple[str, Finding]]:
        """Every deck's audit (:func:`~tm.fairdeck.audit.audit`) with the seeds revealed
        so far (a seat whose seed is missing is found "no seed"), as (deck, finding)."""
        return finish(self.auditing(piles_by_deck))

    def audit_size(self) -> int:
        """The units of work of :meth:`auditing` (a unit per deck for its passes)."""
        return sum(audit_size(holding.transcript, holding.claims) + 1
                   for holding in self._decks.values())

    def auditing(self, piles_by_deck: PilesByDeck | None = None
                 ) -> Work[list[tuple[str, Finding]]]:
        """:meth:`audit` as work in slices (:func:`~tm.fairdeck.audit.auditing`)."""
        if piles_by_deck is not None:
            self.follow(piles_by_deck)
        findings = []
        for deck, holding in self._decks.items():
            piles = self._piles.get(deck)
            if piles is None:
                raise DeviceError(f"no piles for the {deck} deck")
            found = yield from auditing(holding.transcript, piles, self._seeds,
                                        published(holding, piles, self.seat),
                                        holding.claims, holding.holders())
            findings += [(deck, finding) for finding in found]
            findings += [(deck, finding) for finding in passing.audit_passes(
                self.group, self.game_id, deck, self._seeds, holding.handed, piles,
                self._pass_keys if deck == self.decks[0] else {})]
            yield 1
        return findings
