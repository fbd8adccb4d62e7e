"""The draft's passed cards as a device deals with them: its pass key, the hands it passes
on (each card's drawer's key part sealed to the next seat alone) and the passes it takes,
checked (the base of :class:`~tm.fairdeck.device.Device`; the sealing is
:mod:`tm.fairdeck.passing`)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from tm.fairdeck import generations, passing, proofs, wire
from tm.fairdeck.fields import DeviceFields
from tm.fairdeck.held import Caught, DeviceError
from tm.fairdeck.wire import Pass


class Drafting(DeviceFields):
    """A device's part in the draft (the device sets the fields; see
    :class:`~tm.fairdeck.device.Device`)."""

    def pass_key(self) -> bytes:
        """This seat's public pass key (:mod:`~tm.fairdeck.passing`)."""
        return passing.pass_key(self.group, self._seed, self.game_id)

    def hand_on(self, deck: str, positions: Iterable[int], recipient: int) -> tuple[Pass, ...]:
        """The draft: the cards at ``positions`` passed on to ``recipient``, each its
        drawer's key part (and proof) sealed to that seat alone; none for a card the
        recipient drew itself. Raises :class:`DeviceError` when this device does not hold
        a part to pass, or the recipient has published no pass key."""
        if self.version < 5:
            raise DeviceError("a draft in a game of protocol version before 5")
        holding, piles = self._decks[deck], self._piles[deck]
        key = self._pass_keys.get(recipient)
        if key is None:
            raise DeviceError(f"seat {recipient} has no pass key")
        found = []
        for position in positions:
            drawer = piles.owner_of(position)
            if drawer == recipient:
                continue
            if drawer == self.seat:
                proved = wire.proved(self.version, self.seat, self.seats, deck)
                secret = holding.keys.part(position) + (proofs.prove(
                    holding.transcript, holding.keys, self.seat, position, holding.memo)
                    if proved else b"")
            elif position in holding.passed:
                secret = b"".join(holding.passed[position])
            else:
                raise DeviceError(f"no key part to pass for {deck} position {position}")
            shared = self._shared_with(recipient, key)
            if shared is None:
                raise DeviceError(f"seat {recipient}'s pass key is not an element")
            given = Pass(deck, position, recipient, b"")
            found.append(Pass(deck, position, recipient, passing.crypt(
                self.group, self.game_id, shared, given, self.seat, secret)))
        return tuple(found)

    def _shared_with(self, seat: int, key: bytes) -> int | None:
        """The secret this seat shares with ``seat`` (whose pass key is ``key``), once."""
        if seat not in self._shared:
            self._shared[seat] = passing.shared_key(self.group, self.game_id, self._seed, key)
        return self._shared[seat]

    def _take_pass_key(self, seat: int, key: bytes) -> None:
        if not key:
            return
        known = self._pass_keys.get(seat)
        if passing.read_key(self.group, key) is None or (known is not None and known != key):
            raise Caught(seat, "a wrong pass key")
        self._pass_keys[seat] = key

    def _opened_passes(self, sender: int, passes: Sequence[Pass]
                       ) -> list[tuple[Pass, tuple[bytes, bytes] | None]]:
        """The passes of a message, each with the part and proof it seals when it is
        sealed to this seat (checked against the drawer's proof), else None. Raises
        :class:`Caught` naming the sender of a part that is not its drawer's."""
        found: list[tuple[Pass, tuple[bytes, bytes] | None]] = []
        for given in passes:
            holding, piles = self._decks.get(given.deck), self._piles.get(given.deck)
            if holding is None or piles is None or not generations.is_locked(holding):
                raise Caught(sender, "a passed card of a deck not in play", given.deck)
            drawer = piles.owner_of(given.position)
            if drawer is None or drawer == given.recipient:
                raise Caught(sender, "a passed card no seat drew", given.deck, given.position)
            if given.recipient != self.seat:
                found.append((given, None))
                continue
            key = self._pass_keys.get(sender)
            shared = None if key is None else self._shared_with(sender, key)
            opened = None if shared is None else passing.crypt(
                self.group, self.game_id, shared, given, sender, given.sealed)
            part, proof = (b"", b"") if opened is None else (opened[:wire.DIGEST],
                                                             opened[wire.DIGEST:])
            if opened is None or not (
                    self.version < 2 or not proofs.checkable(holding.transcript)
                    or proofs.verify(holding.transcript, drawer, given.position, part, proof,
                                     holding.memo)):
                raise Caught(sender, "a wrong key part for a passed card", given.deck,
                             given.position)
            found.append((given, (part, proof)))
        return found

    def _take_passes(self, sender: int, passes: Sequence[Pass]) -> None:
        """A message's passes: checked (all before any is kept), then kept."""
        for given, secret in self._opened_passes(sender, passes):
            holding = self._decks[given.deck]
            holding.handed.append((sender, given))
            if secret is not None:
                holding.passed.setdefault(given.position, secret)

    def passed_by(self, deck: str, position: int) -> bool:
        """Whether this device holds the drawer's part of ``position`` by a pass."""
        holding = self._decks.get(deck)
        return holding is not None and position in holding.passed
