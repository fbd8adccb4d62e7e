"""The fair deck (issue 32): the joint shuffle, draws only their seat can read, public
reveals, the piles that spare ordinary draws a hand-off, and the end-of-game audit that
names a cheat. Most tests use the 127-bit test group; one plays in the real 2048-bit one."""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from tm.fairdeck import (
    MODP_2048,
    SECP256K1,
    TEST_127,
    Claim,
    Finding,
    Group,
    Part,
    PileEmpty,
    Piles,
    ShuffleError,
    Transcript,
    audit,
    card_table,
    holds,
    keys_for,
    new_seed,
    read,
    reshuffle,
    run_step,
    schedule,
)
from tm.fairdeck.group import elements_from_bytes, elements_to_bytes, encode_cards, is_member
from tm.fairdeck.keys import DeckKeys
from tm.fairdeck.shuffle import perform

LABEL = "game-1/project"


def shuffled(seats: int, size: int = 24, group: Group = TEST_127,
             seed: int = 1) -> tuple[Transcript, list[bytes]]:
    """A deck every seat shuffled honestly, and the seats' seeds."""
    rng = random.Random(seed)
    seeds = [new_seed(rng.randbytes) for _ in range(seats)]
    transcript = Transcript(group, LABEL, seats, size)
    while (step := transcript.next_step()) is not None:
        run_step(transcript, keys_for(group, seeds[step.seat], LABEL))
    return transcript, seeds


@dataclass
class Table:
    """Devices round a table: each publishes the key parts it owes, draws, shows cards."""
    transcript: Transcript
    seeds: list[bytes]
    piles: Piles
    parts: list[Part] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    sent: list[list[int]] = field(default_factory=list)

    @classmethod
    def sit(cls, seats: int, size: int = 24, window: int = 3, first: int = 2,
            group: Group = TEST_127) -> Table:
        transcript, seeds = shuffled(seats, size, group)
        return cls(transcript, seeds, Piles.deal(seats, size, window, first),
                   sent=[[0] * seats for _ in range(seats)])

    def keys(self, seat: int) -> DeckKeys:
        return keys_for(self.transcript.group, self.seeds[seat], LABEL)

    def publish(self, giver: int) -> None:
        """The parts ``giver`` adds to its next ordinary message."""
        for position in self.piles.due(giver, self.sent[giver]):
            self.parts.append(Part(giver, position, self.keys(giver).part(position)))
        self.sent[giver] = [len(positions) for positions in self.piles.assigned]

    def parts_for(self, position: int) -> list[bytes]:
        return [part.digest for part in self.parts if part.position == position]

    def draw(self, seat: int) -> tuple[int, int | None]:
        """The position ``seat`` draws and the card it reads there with what it holds."""
        position = self.piles.draw(seat)
        held = self.parts_for(position) + [self.keys(seat).part(position)]
        group, locked = self.transcript.group, self.transcript.locked()
        return position, read(group, card_table(self.transcript.cards()), locked[position], held)

    def show(self, seat: int, position: int, card: int) -> None:
        self.parts.append(Part(seat, position, self.keys(seat).part(position)))
        self.claims.append(Claim(seat, position, card))

    def audit(self) -> list[Finding]:
        return audit(self.transcript, self.piles, self.seeds, self.parts, self.claims)


def played(table: Table, rounds: int = 3) -> Table:
    """Rounds where every seat publishes, draws and shows the card it drew."""
    for _ in range(rounds):
        for seat in range(table.piles.seats):
            for giver in range(table.piles.seats):
                table.publish(giver)
            position, card = table.draw(seat)
            assert card is not None
            table.show(seat, position, card)
    return table


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_joint_shuffle_holds_every_card_once_in_a_shuffled_order(seats: int) -> None:
    transcript, seeds = shuffled(seats)
    cards, locked = card_table(transcript.cards()), transcript.locked()
    every_part = [[keys_for(TEST_127, seed, LABEL).part(j) for seed in seeds]
                  for j in range(24)]
    order = [read(TEST_127, cards, locked[j], every_part[j]) for j in range(24)]
    assert sorted(card for card in order if card is not None) == list(range(24))
    assert order != list(range(24))
    assert len(schedule(seats)) == 2 * seats - 1


def test_every_seat_changes_the_order() -> None:
    transcript, seeds = shuffled(3)
    cards = card_table(transcript.cards())

    def order(seeds: list[bytes]) -> list[int | None]:
        again = Transcript(TEST_127, LABEL, 3, 24)
        while (step := again.next_step()) is not None:
            run_step(again, keys_for(TEST_127, seeds[step.seat], LABEL))
        parts = [[keys_for(TEST_127, s, LABEL).part(j) for s in seeds] for j in range(24)]
        return [read(TEST_127, cards, again.locked()[j], parts[j]) for j in range(24)]

    base = order(seeds)
    for seat in range(3):
        changed = list(seeds)
        changed[seat] = bytes(32)
        assert order(changed) != base


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_each_seat_reads_its_draws_with_its_key_and_the_parts_published_ahead(
        seats: int) -> None:
    table = Table.sit(seats)
    for giver in range(seats):
        table.publish(giver)
    drawn = [table.draw(seat)[1] for seat in range(seats) for _ in range(2)]
    assert None not in drawn and len(set(drawn)) == len(drawn)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_no_other_seat_can_read_a_drawn_position_with_all_it_holds(seats: int) -> None:
    table = Table.sit(seats)
    for giver in range(seats):
        table.publish(giver)
    position, card = table.draw(0)
    assert card is not None
    group, locked = table.transcript.group, table.transcript.locked()
    cards = card_table(table.transcript.cards())
    published = sorted({part.digest for part in table.parts})  # every part of every position
    for thief in range(1, seats):
        mine = [table.keys(thief).part(j) for j in range(24)]
        usable = table.parts_for(position) + [mine[position]]
        for count in range(1, len(usable) + 1):
            for keys in itertools.combinations(usable, count):
                assert read(group, cards, locked[position], list(keys)) is None
        for other in published + mine:  # no other position's part stands in for seat 0's
            assert read(group, cards, locked[position], usable + [other]) is None


def test_a_shown_card_is_readable_and_checkable_by_every_seat() -> None:
    table = Table.sit(3)
    for giver in range(3):
        table.publish(giver)
    position, card = table.draw(1)
    assert card is not None
    table.show(1, position, card)
    group, locked, cards = table.transcript.group, table.transcript.locked(), \
        table.transcript.cards()
    assert read(group, card_table(cards), locked[position], table.parts_for(position)) == card
    assert holds(group, cards[card], locked[position], table.parts_for(position))
    assert not holds(group, cards[(card + 1) % 24], locked[position], table.parts_for(position))


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_audit_passes_for_an_honest_game(seats: int) -> None:
    assert played(Table.sit(seats)).audit() == []


def test_the_audit_names_a_card_claimed_that_was_not_drawn() -> None:
    table = played(Table.sit(3))
    undrawn = table.piles.undrawn(0)[0]
    table.claims.append(Claim(1, undrawn, 5))
    assert table.audit() == [Finding(1, undrawn, "not drawn")]


def test_the_audit_names_a_card_that_was_not_at_the_position_claimed() -> None:
    table = Table.sit(2)
    for giver in range(2):
        table.publish(giver)
    position, card = table.draw(0)
    assert card is not None
    table.show(0, position, (card + 1) % 24)
    assert table.audit() == [Finding(0, position, "wrong card")]


def test_the_audit_names_a_position_claimed_twice() -> None:
    table = played(Table.sit(2), rounds=1)
    table.claims.append(table.claims[0])
    assert table.audit() == [Finding(0, table.claims[0].position, "claimed twice")]


def test_a_skipped_encryption_is_refused_on_receipt_and_named_by_the_audit() -> None:
    rng = random.Random(4)
    seeds = [new_seed(rng.randbytes) for _ in range(2)]
    transcript = Transcript(TEST_127, LABEL, 2, 24)
    cheat = keys_for(TEST_127, seeds[0], LABEL)
    only_permuted = tuple(transcript.cards()[i] for i in cheat.permutation(24))
    with pytest.raises(ShuffleError, match="seat 0 .* unencrypted"):
        transcript.add(only_permuted)
    transcript.outputs.append(only_permuted)  # a device that skips the check takes it
    run_step(transcript, keys_for(TEST_127, seeds[1], LABEL))
    run_step(transcript, cheat)
    findings = audit(transcript, Piles.deal(2, 24, 3), seeds, [], [])
    assert findings and all(f == Finding(0, f.position, "skipped") for f in findings)


def test_the_audit_names_a_skipped_lock_at_one_position() -> None:
    transcript, seeds = shuffled(2)
    before = transcript.outputs[-2]
    locked = list(transcript.outputs[-1])
    locked[7] = before[7]
    transcript.outputs[-1] = tuple(locked)
    assert audit(transcript, Piles.deal(2, 24, 3), seeds, [], []) == [Finding(0, 7, "skipped")]


def test_the_audit_names_a_reused_key_in_the_lock_and_in_the_parts() -> None:
    transcript, seeds = shuffled(2)
    keys = keys_for(TEST_127, seeds[0], LABEL)
    group, q = TEST_127, TEST_127.q
    before, locked = transcript.outputs[-2], list(transcript.outputs[-1])
    exponent = pow(keys.shuffle_key(), -1, q) * keys.position_key(2) % q
    locked[5] = pow(before[5], exponent, group.p)  # position 5 locked with position 2's key
    transcript.outputs[-1] = tuple(locked)
    parts = [Part(0, 5, keys.part(2))]
    assert audit(transcript, Piles.deal(2, 24, 3), seeds, parts, []) == [
        Finding(0, 5, "reused key"), Finding(0, 5, "reused key")]


def test_a_wrong_key_part_opens_nothing_and_the_audit_names_its_giver() -> None:
    table = Table.sit(2)
    table.publish(0)
    position = table.piles.undrawn(1)[0]
    table.parts = [Part(0, p.position, bytes(32)) if p.position == position else p
                   for p in table.parts]
    assert table.draw(1) == (position, None)
    assert table.audit() == [Finding(0, position, "part")]


def test_the_audit_names_a_mixing_step_that_is_not_the_seats() -> None:
    transcript, seeds = shuffled(3)
    liar = list(seeds)
    liar[1] = bytes(range(32))
    findings = audit(transcript, Piles.deal(3, 24, 3), liar, [], [])
    assert {(f.seat, f.reason) for f in findings} == {(1, "mix"), (1, "lock")}


def test_a_seat_that_keeps_its_seed_fails_the_audit() -> None:
    table = played(Table.sit(2), rounds=1)
    assert audit(table.transcript, table.piles, [table.seeds[0], None], table.parts,
                 table.claims) == [Finding(1, None, "no seed")]


@pytest.mark.parametrize("tamper, message", [
    (lambda deck: deck[:1] + deck[:1] + deck[2:], "an element twice"),
    (lambda deck: (TEST_127.p - 1,) + deck[1:], "outside the group"),
    (lambda deck: deck[1:], "23 cards instead of 24")])
def test_the_next_device_refuses_a_malformed_step(
        tamper: Callable[[tuple[int, ...]], tuple[int, ...]], message: str) -> None:
    transcript = Transcript(TEST_127, LABEL, 2, 24)
    mixed = perform(keys_for(TEST_127, bytes(32), LABEL), "mix", transcript.cards())
    with pytest.raises(ShuffleError, match=message):
        transcript.add(tamper(mixed))


def reshuffled(table: Table) -> tuple[Transcript, list[int]]:
    """The discards (every shown card's position) shuffled into a new deck by all seats,
    and the cards discarded."""
    positions = [claim.position for claim in table.claims]
    new = reshuffle(table.transcript, positions, LABEL + "/2")
    while (step := new.next_step()) is not None:
        run_step(new, keys_for(TEST_127, table.seeds[step.seat], new.label))
    return new, [claim.card for claim in table.claims]


@pytest.mark.parametrize("seats", [2, 3])
def test_a_reshuffle_of_the_discards_deals_exactly_the_discarded_cards(seats: int) -> None:
    table = played(Table.sit(seats), rounds=2)
    new, discarded = reshuffled(table)
    assert len(new.outputs) == 3 * seats - 1 and new.steps()[0].kind == "unlock"
    cards = card_table(new.cards())
    every = [[keys_for(TEST_127, seed, new.label).part(j) for seed in table.seeds]
             for j in range(new.size)]
    order = [read(TEST_127, cards, new.locked()[j], every[j]) for j in range(new.size)]
    assert sorted(c for c in order if c is not None) == sorted(discarded)
    assert order != discarded
    assert audit(new, Piles.deal(seats, new.size, window=1), table.seeds, [], []) == []


def test_the_audit_names_an_unlock_step_that_is_not_the_seats() -> None:
    table = played(Table.sit(2), rounds=2)
    new = reshuffle(table.transcript, [claim.position for claim in table.claims], LABEL + "/2")
    keys = [keys_for(TEST_127, seed, new.label) for seed in table.seeds]
    run_step(new, keys[0])
    unlocked = list(perform(keys[1], "unlock", new.last(), new.origin))
    unlocked[0] = pow(unlocked[0], 3, TEST_127.p)  # seat 1 leaves a mark on one card
    new.add(unlocked)
    while (step := new.next_step()) is not None:
        run_step(new, keys[step.seat])
    assert audit(new, Piles.deal(2, new.size, window=1), table.seeds, [], []) == [
        Finding(1, 0, "unlock")]


def test_piles_keep_each_seat_a_window_ahead_from_draw_counts_alone() -> None:
    piles = Piles.deal(2, 20, window=2, first=3)
    assert piles.assigned == [[0, 2, 4, 6, 8], [1, 3, 5, 7, 9]]
    for _ in range(4):
        piles.draw(0)
    assert piles.undrawn(0) == [8, 10] and piles.next_free == 11
    assert piles.owner_of(10) == 0 and piles.owner_of(11) is None
    assert piles.due(1, [0, 0]) == [0, 2, 4, 6, 8, 10]
    assert piles.due(1, [5, 5]) == [10]


def test_a_pile_that_runs_out_asks_for_a_reshuffle() -> None:
    piles = Piles.deal(2, 6, window=1, first=1)
    drawn = [piles.draw(0) for _ in range(4)]
    assert drawn == [0, 2, 4, 5]
    with pytest.raises(PileEmpty):
        piles.draw(0)
    assert piles.undrawn(1) == [1, 3]  # the other seat still draws what it holds


def test_a_seat_seed_comes_from_the_callers_random_source() -> None:
    assert new_seed(random.Random(7).randbytes) == new_seed(random.Random(7).randbytes)
    with pytest.raises(ValueError):
        new_seed(lambda n: bytes(n - 1))


def test_a_seats_permutation_and_keys_follow_from_its_seed_and_the_deck() -> None:
    keys = keys_for(TEST_127, bytes(32), LABEL)
    assert sorted(keys.permutation(208)) == list(range(208))
    assert keys.permutation(208) == keys_for(TEST_127, bytes(32), LABEL).permutation(208)
    assert keys.part(3) != keys_for(TEST_127, bytes(32), "game-1/corporations").part(3)
    assert len({keys.part(j) for j in range(208)}) == 208


def test_cards_are_distinct_squares_and_decks_round_trip_through_bytes() -> None:
    cards = encode_cards(TEST_127, LABEL, 208)
    assert all(is_member(TEST_127, card) for card in cards)
    assert not is_member(TEST_127, TEST_127.p - 1)  # -1 is no square when p = 3 mod 4
    assert elements_from_bytes(TEST_127, elements_to_bytes(TEST_127, cards)) == cards
    assert len(elements_to_bytes(MODP_2048, encode_cards(MODP_2048, LABEL, 3))) == 3 * 256


def test_a_two_seat_game_in_the_real_2048_bit_group() -> None:
    table = played(Table.sit(2, size=6, window=1, first=1, group=MODP_2048), rounds=1)
    assert len(table.claims) == 2 and table.audit() == []
    ahead = table.piles.undrawn(0)[0]  # seat 0's next draw: seat 1 published its part
    locked, cards = table.transcript.locked(), card_table(table.transcript.cards())
    assert read(MODP_2048, cards, locked[ahead], table.parts_for(ahead)) is None
    assert read(MODP_2048, cards, locked[ahead],
                table.parts_for(ahead) + [table.keys(0).part(ahead)]) is not None


def test_a_two_seat_game_on_the_elliptic_curve() -> None:
    table = played(Table.sit(2, size=8, window=1, first=1, group=SECP256K1), rounds=1)
    assert len(table.claims) == 2 and table.audit() == []
    ahead = table.piles.undrawn(0)[0]
    locked, cards = table.transcript.locked(), card_table(table.transcript.cards())
    assert read(SECP256K1, cards, locked[ahead], table.parts_for(ahead)) is None
    assert read(SECP256K1, cards, locked[ahead],
                table.parts_for(ahead) + [table.keys(0).part(ahead)]) is not None


def test_curve_elements_are_33_byte_points_and_keys_commute_on_them() -> None:
    cards = encode_cards(SECP256K1, LABEL, 4)
    assert all(is_member(SECP256K1, card) for card in cards)
    assert len(elements_to_bytes(SECP256K1, cards)) == 4 * 33
    a, b = 12345678901234567890, 98765432109876543210
    assert SECP256K1.power(SECP256K1.power(cards[0], a), b) == SECP256K1.power(
        SECP256K1.power(cards[0], b), a)
    assert SECP256K1.power(cards[1], SECP256K1.q + 1) == cards[1]
    assert not is_member(SECP256K1, cards[0] + (2 << 256))  # no such prefix
    generator = 2 << 256 | 0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798
    twice = 2 << 256 | 0xC6047F9441ED7D6D3045406E95C07CD85C778E4B8CEF3CA7ABAC09B95C709EE5
    assert SECP256K1.power(generator, 2) == twice  # the curve's published 2G
