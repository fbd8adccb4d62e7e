"""Another seat's messages as a device takes them: hand-offs, seeds, key parts, passes and
shows, each checked, and a game's log replayed into a fresh device (the base of
:class:`~tm.fairdeck.device.Device`; a show must lie at a position its seat drew and open
to the name claimed)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tm.fairdeck import generations
from tm.fairdeck.audit import Claim
from tm.fairdeck.draw import holds, read
from tm.fairdeck.fields import DeviceFields
from tm.fairdeck.held import Caught, DeviceError, Shown
from tm.fairdeck.piles import Piles
from tm.fairdeck.wire import DeckParts, HandOff, Message, Pass, SeedReveal, Show, Turn

PilesByDeck = Mapping[str, Piles]


class Receiving(DeviceFields):
    """Taking the others' messages (the device sets the fields; see
    :class:`~tm.fairdeck.device.Device`)."""

    def follow(self, piles_by_deck: PilesByDeck) -> None:
        raise NotImplementedError

    def open(self, deck: str, position: int) -> str | None:
        raise NotImplementedError

    def _parts_at(self, deck: str, position: int) -> list[bytes] | None:
        raise NotImplementedError

    def _take_handoff(self, message: HandOff) -> None:
        raise NotImplementedError

    def _take_pass_key(self, seat: int, key: bytes) -> None:
        raise NotImplementedError

    def _take_passes(self, sender: int, passes: Sequence[Pass]) -> None:
        raise NotImplementedError

    def _take_parts(self, giver: int, entry: DeckParts) -> None:
        raise NotImplementedError

    def check_parts(self, piles_by_deck: PilesByDeck | None = None,
                    strict: bool = False) -> None:
        raise NotImplementedError

    def receive(self, message: Message, piles_by_deck: PilesByDeck | None = None,
                claims: Mapping[tuple[str, int], str] | None = None,
                ahead: bool = False) -> list[Shown]:
        """Take another seat's message. ``claims`` maps (deck, position) to the name the
        rules say a show is; returns the shown cards, checked. Raises :class:`Caught`
        naming a seat that cheated (what it sent is kept, for the audit). ``ahead``: the
        message comes before the move it belongs to, whose draws the piles do not hold
        yet (a card drawn and shown in one move), so a show needs only a position reserved
        to its seat; the rules open only what the move shows, and the audit checks every
        claim against the final piles."""
        if message.seat == self.seat or not 0 <= message.seat < self.seats:
            raise DeviceError(f"a message from seat {message.seat}")
        if message.version != self.version:  # (no downgrade to unproved parts)
            raise Caught(message.seat, "a message of another protocol version")
        if piles_by_deck is not None:
            self.follow(piles_by_deck)
        if isinstance(message, HandOff):
            self._take_handoff(message)
            return []
        if isinstance(message, SeedReveal):
            known = self._seeds[message.seat]
            if known is not None and known != message.seed:
                raise Caught(message.seat, "two different seeds")
            self._seeds[message.seat] = message.seed
            return []
        if message.seats != self.seats:
            raise Caught(message.seat, "a message for another game")
        self._take_pass_key(message.seat, message.pass_key)
        self._take_passes(message.seat, message.passes)
        for entry in message.parts:
            self._take_parts(message.seat, entry)
        self.check_parts()
        taken = [self._take_show(message.seat, show, claims or {}, ahead)
                 for show in message.shows]
        return [shown for shown in taken if shown is not None]

    def replay(self, log: Iterable[Message], piles_by_deck: PilesByDeck,
               claims: Mapping[tuple[str, int], str] | None = None,
               reshuffles: Mapping[str, generations.Sources] | None = None) -> list[Caught]:
        """Rebuild a fresh device (same seed and game) from the game's messages in the
        order they were sent, its own included, with the rules' latest piles, shown list
        and generations: a device's saved state is its seed and the log. Returns what was
        caught."""
        self._expected.update(reshuffles or {})
        caught = []
        for message in log:
            try:
                if message.seat != self.seat:
                    self.receive(message, piles_by_deck, claims)
                elif isinstance(message, HandOff):
                    self._take_handoff(message)
                elif isinstance(message, Turn):
                    self._replay_turn(message)
            except Caught as error:
                caught.append(error)
        return caught

    def _replay_turn(self, turn: Turn) -> None:
        """This seat's own message again: its parts count as sent, its shows as shown,
        its passes as passed."""
        if turn.pass_key:
            self._pass_keys[self.seat] = turn.pass_key
        for given in turn.passes:
            self._decks[given.deck].handed.append((self.seat, given))
        for entry in turn.parts:
            mine = self._decks[entry.deck].covered[self.seat]
            for seat, count in enumerate(entry.counts):
                mine[seat] += count
        for show in turn.shows:
            self.open(show.deck, show.position)  # (before its show: by this seat's own part)
            holding = self._decks[show.deck]
            holding.shown[show.position] = (self.seat, show.part)
            holding.claim(self.seat, show.position)
            self.open(show.deck, show.position)  # (a reveal: once every part is in)

    def _take_show(self, seat: int, show: Show, claims: Mapping[tuple[str, int], str],
                   ahead: bool = False) -> Shown | None:
        deck, position = show.deck, show.position
        holding, piles = self._decks.get(deck), self._piles.get(deck)
        if holding is None or piles is None or not generations.is_locked(holding):
            raise DeviceError(f"a {deck} card shown with no deck, piles or shuffle yet")
        claimed = claims.get((deck, position))
        card = holding.names.index(claimed) if claimed in holding.names else -1
        mine = piles.assigned[seat] if ahead else piles.drawn_by(seat)
        if holding.holds_passed(seat, position):  # a drafted card passed to the seat
            mine = [*mine, position]
        free = ahead and position >= piles.next_free  # (reserved by the move it comes with)
        # a show taken ahead for a free position counts only if the position goes to its seat
        earlier = holding.shown.get(position)
        twice = earlier is not None and piles.owner_of(position) in (None, earlier[0])
        if twice or (position not in mine and not free):
            holding.claims.append(Claim(seat, position, card))  # the audit names it too
            raise Caught(seat, "a card shown twice" if twice
                         else "a card shown that it did not draw", deck, position)
        holding.shown[position] = (seat, show.part)
        parts = self._parts_at(deck, position)
        if parts is None:  # a reveal whose other parts are still to come
            if claimed is not None:  # the audit checks it once the seeds are out
                holding.claims.append(Claim(seat, position, card))
            else:
                holding.unclaimed[position] = seat  # claimed once read
            return None
        element = holding.transcript.locked()[position]
        if claimed is None:
            opened = read(self.group, holding.table, element, parts)
            card, fits = (-1, False) if opened is None else (opened, True)
        else:
            fits = card >= 0 and holds(self.group, holding.cards[card], element, parts)
        holding.claims.append(Claim(seat, position, card))
        if not fits:
            raise Caught(seat, f"a card shown that does not open to {claimed or 'a card'}",
                         deck, position)
        holding.opened[position] = card
        if holding.unclaimed.get(position, seat) != seat:  # another's show taken ahead
            holding.claim(holding.unclaimed.pop(position), position)  # ("not drawn")
        return Shown(deck, position, holding.names[card], seat)
