"""A reshuffle's unlock step proves itself consistent with its commitment (issue 43, wire
version 4): each mix step's hand-off carries, after ``D = B**u``, a Chaum–Pedersen proof
batched over the discards whose old key part of its seat is public, so a seat that
commits to another key than its unlock put on (and would craft parts to fit), or unlocks
one such card wrongly, is refused when its mix step arrives, naming it; the others keep
what they held. Two seats on TEST_127: the rules' generation is opened by hand from
discards of both seats' opening deals (the unlock round needs no game to reach it)."""
from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from tests.engine.test_sealed_fairdeck import table_of
from tm import Options
from tm.fairdeck import SECP256K1, TEST_127, Group, unlocking
from tm.fairdeck.held import Caught
from tm.fairdeck.keys import DeckKeys
from tm.fairdeck.wire import HandOff, decode, encode
from tm.linkplay.sealedplay import Post, SealedSeat, read_post
from tm.testing.sealed_table import Table


def _opened() -> Table:
    """A shuffled 2-seat table whose devices expect ``project/2`` from three cards of
    seat 1's opening deal and two of seat 0's (seat 0's old parts are public on the
    first three only)."""
    table = table_of(Options(players=2, seed=3, sealed=True), TEST_127)
    table.shuffle()
    piles = table.seats[0].piles()["project"]
    sources = tuple(("project", p) for p in (*piles.assigned[1][:3], *piles.assigned[0][:2]))
    for seat in table.seats:
        seat.device.expect("project/2", sources)
    return table


def _step(seat: SealedSeat) -> HandOff:
    handoff = seat.device.reshuffle_step("project/2")
    assert handoff is not None
    return handoff


def _deliver(seat: SealedSeat, handoff: HandOff) -> list[Post]:
    """The hand-off as a post, through the seat's public entry: its answers."""
    return seat.receive(read_post(Post(handoff.seat, None, encode(handoff)).to_text()))


def _take(seat: SealedSeat, handoff: HandOff) -> None:
    """The hand-off taken by the device alone (the test's own seat: it steps by hand)."""
    seat.device.receive(decode(encode(handoff)), seat.piles())


def _unlocked() -> tuple[Table, HandOff]:
    """Both unlock steps taken everywhere; Ann's mix step made (not yet delivered)."""
    table = _opened()
    ann, bob = table.seats
    _take(bob, _step(ann))
    _take(ann, _step(bob))
    return table, _step(ann)


def _refused(seat: SealedSeat, handoff: HandOff) -> Caught:
    """The hand-off refused by ``seat``, whose device then holds what it held before."""
    before = copy.deepcopy(seat.device._decks["project/2"].transcript)  # noqa: SLF001
    with pytest.raises(Caught) as caught:
        _deliver(seat, handoff)
    after = seat.device._decks["project/2"].transcript  # noqa: SLF001
    assert (after.outputs, after.commitments) == (before.outputs, before.commitments)
    return caught.value


class FalseUnlock(DeckKeys):
    """A cheat's keys: another unlock key than the one its unlock step put on."""

    def unlock_key(self) -> int:
        return super().unlock_key() * 3 % self.group.q


def test_an_honest_unlock_proof_counts_every_discard_whose_old_part_is_public() -> None:
    table, mix = _unlocked()
    ann, bob = table.seats
    assert len(mix.vouches) == 1 and len(mix.commitments) == 1
    answers = _deliver(bob, mix)  # Ann's proof holds on Bob's device: he mixes and locks
    steps = [decode(post.message) for post in answers]
    assert [(m.first, len(m.vouches)) for m in steps if isinstance(m, HandOff)] == [
        (3, 1), (4, 0)]
    olds = bob.device._olds("project/2")  # noqa: SLF001 - what each device counts
    assert sorted(olds(0)) == [0, 1, 2] and sorted(olds(1)) == [3, 4]
    assert sorted(ann.device._olds("project/2")(1)) == [3, 4]  # noqa: SLF001
    last = [post for m in steps if isinstance(m, HandOff) for post in _deliver(ann, m)]
    lock = decode(last[0].message)  # Bob's proof held: she locks
    assert isinstance(lock, HandOff) and (lock.seat, lock.first) == (0, 5)
    assert ann.device._decks["project/2"].transcript.next_step() is None  # noqa: SLF001


def test_an_unlock_step_that_does_not_match_its_commitment_is_refused_on_arrival_naming_its_seat(
        ) -> None:
    """Ann commits to ``3u`` (parts proved against it would open nothing) and proves it
    with ``3u``: her unlock step put ``u`` on, so no proof of ``3u`` holds."""
    table, honest = _unlocked()
    ann, bob = table.seats
    holding = ann.device._decks["project/2"]  # noqa: SLF001 - the cheat's own device
    transcript = holding.transcript
    false = FalseUnlock(holding.keys.group, holding.keys.seed, holding.keys.label)
    product = TEST_127.product(honest.outputs[0][0])
    assert product is not None
    transcript.commitments[0] = TEST_127.power(product, false.unlock_key())
    olds = ann.device._olds("project/2")(0)  # noqa: SLF001
    forged = dataclasses.replace(honest, commitments=(transcript.commitments[0],),
                                 vouches=(unlocking.prove(transcript, false, 0, olds),))
    caught = _refused(bob, forged)
    assert (caught.seat, caught.reason, caught.deck) == (
        0, "an unlock step that does not match its commitment", "project/2")
    _deliver(bob, honest)  # the honest step is then taken


def test_an_unlock_step_wrong_at_one_card_is_refused_at_its_mix_step_naming_its_seat() -> None:
    """Ann's unlock takes a wrong key off one card of Bob's deal (well formed: taken); her
    mix step's proof, batched over every counted card, then fails on Bob's device."""
    table = _opened()
    ann, bob = table.seats
    unlock = _step(ann)
    bent = list(unlock.outputs[0][0])
    bent[1] = TEST_127.power(bent[1], 5)
    _take(bob, dataclasses.replace(unlock, outputs=((tuple(bent),),)))
    ann.device._decks["project/2"].transcript.outputs[0] = tuple(bent)  # noqa: SLF001
    _take(ann, _step(bob))
    caught = _refused(bob, _step(ann))
    assert (caught.seat, caught.reason) == (0, "an unlock step that does not match its commitment")


def test_a_hand_off_of_version_4_without_its_unlock_proof_is_malformed() -> None:
    _table, mix = _unlocked()
    with pytest.raises(ValueError, match="bad unlock proofs"):
        encode(dataclasses.replace(mix, vouches=()))
    assert decode(encode(mix)) == mix


@pytest.mark.parametrize("group", [TEST_127, SECP256K1], ids=lambda g: g.name)
def test_the_proofs_multi_exponentiation_is_the_product_of_the_powers(group: Group) -> None:
    """``power_many`` (Straus's shared doublings on the curve) against one power each,
    with 128-bit and full exponents, a repeated point, and terms that cancel."""
    rng = random.Random(4)
    points = list(group.cards("multi", 5))
    terms = tuple((x, rng.getrandbits(bits)) for x in (*points, points[0]) for bits in (128, 256))
    assert group.power_many(terms) == group.product(tuple(group.power(x, e) for x, e in terms))
    assert group.power_many(((points[1], 5), (points[1], group.q - 5))) is None
