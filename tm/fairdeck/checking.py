"""Key parts as a device takes them (issue 43): filed by pile and place, each checked
against its proof once the piles place it, and refused with its message when wrong (the
base of :class:`~tm.fairdeck.device.Device`; the proofs are :mod:`tm.fairdeck.proofs`)."""
from __future__ import annotations

from collections.abc import Mapping

from tm.fairdeck import batchproofs, generations, proofs
from tm.fairdeck.fields import DeviceFields
from tm.fairdeck.held import Caught, DeviceError, Holding
from tm.fairdeck.piles import Piles
from tm.fairdeck.wire import DeckParts


class PartChecks(DeviceFields):
    """Taking and checking other seats' key parts (the device sets the fields; see
    :class:`~tm.fairdeck.device.Device`)."""
    # the caller's tag of the message being taken (a post): a part kept unproved is
    # filed with it, and a refusal that comes later names it (``Caught.source``)
    source: object = None

    def follow(self, piles_by_deck: Mapping[str, Piles]) -> None:
        raise NotImplementedError

    def _take_parts(self, giver: int, entry: DeckParts) -> None:
        holding = self._decks.get(entry.deck)
        if holding is None:
            raise Caught(giver, "parts for a deck not in play", entry.deck)
        if not generations.is_locked(holding):
            raise DeviceError("key parts before the shuffle is over")
        covered = holding.covered[giver]
        if any(covered[s] + c > len(holding.names) for s, c in enumerate(entry.counts)):
            raise Caught(giver, "more parts than cards", entry.deck)
        places = [(seat, index) for seat, count in enumerate(entry.counts)
                  for index in range(covered[seat], covered[seat] + count)]
        checked = self.version >= 2 and proofs.checkable(holding.transcript)
        together = self.version >= 6 and len(entry.proofs) == 1  # (batchproofs)
        single = entry.proofs if entry.proofs and not together else (b"",) * len(places)
        for (seat, index), digest, proof in zip(places, entry.digests, single, strict=True):
            if checked:  # all checked before any is kept
                holding.unproved[(seat, index, giver)] = (digest, proof)
                holding.carried[(seat, index, giver)] = self.source
        batch = (giver, tuple(places), entry.proofs[0] if together else b"")
        if checked and together:
            holding.batches.append(batch)
        try:
            self._check_deck(entry.deck)
        except Caught:
            for seat, index in places:
                holding.unproved.pop((seat, index, giver), None)
                holding.carried.pop((seat, index, giver), None)
            if batch in holding.batches:
                holding.batches.remove(batch)
            raise
        for (seat, index), digest in zip(places, entry.digests, strict=True):
            holding.ahead.setdefault((seat, index), {})[giver] = digest
        for seat, count in enumerate(entry.counts):
            covered[seat] += count

    def check_parts(self, piles_by_deck: Mapping[str, Piles] | None = None,
                    strict: bool = False) -> None:
        """Check the proofs of the parts whose positions the piles now place; raises
        :class:`Caught` naming the seat of a wrong one (and forgets it). ``strict``: a
        part the piles still do not place is one the game did not ask for, refused too."""
        if piles_by_deck is not None:
            self.follow(piles_by_deck)
        for deck in self._decks:
            self._check_deck(deck, strict)

    def _check_deck(self, deck: str, strict: bool = False) -> None:
        holding, piles = self._decks[deck], self._piles.get(deck)
        self._check_batches(deck, holding, piles, strict)
        batched = {(owner, index, giver) for giver, places, _proof in holding.batches
                   for owner, index in places}
        for (owner, index, giver), (digest, proof) in list(holding.unproved.items()):
            if (owner, index, giver) in batched:
                continue
            if piles is None or index >= len(piles.assigned[owner]):
                if strict:
                    raise Caught(giver, "key parts the game did not ask for", deck, source=(
                        self._forget(holding, owner, index, giver)))
                continue
            position = piles.assigned[owner][index]
            if not proofs.verify(holding.transcript, giver, position, digest, proof,
                                 holding.memo):
                raise Caught(giver, "a wrong key part", deck, position,
                             self._forget(holding, owner, index, giver))
            del holding.unproved[(owner, index, giver)]
            holding.carried.pop((owner, index, giver), None)

    def _check_batches(self, deck: str, holding: Holding, piles: Piles | None,
                       strict: bool) -> None:
        """Parts proved together (wire version 6): each batch once the piles place every
        one of its parts; a wrong one refuses them all, naming the giver."""
        for batch in list(holding.batches):
            giver, places, proof = batch
            if piles is None or any(index >= len(piles.assigned[owner])
                                    for owner, index in places):
                if strict:
                    raise Caught(giver, "key parts the game did not ask for", deck,
                                 source=self._forget_batch(holding, batch))
                continue
            positions = [piles.assigned[owner][index] for owner, index in places]
            digests = [holding.unproved[(owner, index, giver)][0] for owner, index in places]
            if not batchproofs.verify(holding.transcript, giver, positions, digests, proof,
                                      holding.memo):
                raise Caught(giver, "a wrong key part", deck,
                             source=self._forget_batch(holding, batch))
            holding.batches.remove(batch)
            for owner, index in places:
                del holding.unproved[(owner, index, giver)]
                holding.carried.pop((owner, index, giver), None)

    def _forget_batch(self, holding: Holding,
                      batch: tuple[int, tuple[tuple[int, int], ...], bytes]) -> object:
        """A refused batch, forgotten with every part in it; the tag of its message."""
        holding.batches.remove(batch)
        giver, places, _proof = batch
        sources = [self._forget(holding, owner, index, giver) for owner, index in places]
        return sources[0]

    @staticmethod
    def _forget(holding: Holding, owner: int, index: int, giver: int) -> object:
        """A refused part, forgotten (its message is refused with it); the tag of the
        message that brought it."""
        holding.unproved.pop((owner, index, giver), None)
        given = holding.ahead.get((owner, index), {})
        given.pop(giver, None)
        return holding.carried.pop((owner, index, giver), None)
