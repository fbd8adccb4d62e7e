"""One proof for many key parts (issue 49, tm.fairdeck.batchproofs): a lock seat's honest
parts verify together under one 64-byte proof, as each does under its own; any wrong
part, a part moved to another position, or a proof for other positions fails the batch."""
from __future__ import annotations

import pytest

from tests.engine.test_fairdeck_device import Table, full_decks
from tm.fairdeck import SECP256K1, TEST_127, Group, batchproofs, proofs
from tm.fairdeck.held import Holding

POSITIONS = tuple(range(3, 40, 3))


def _joined(group: Group, cards: int | None = None) -> Table:
    decks = full_decks() if cards is None else {"project": full_decks()["project"][:cards]}
    table = Table.sit(3, decks, group)
    table.join()
    return table


def _deck(table: Table, seat: int) -> Holding:
    return table.devices[seat]._decks["project"]


@pytest.fixture(scope="module")
def joined() -> Table:
    return _joined(TEST_127)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_lock_seats_honest_parts_verify_under_one_proof_as_each_under_its_own(
        joined: Table, seat: int) -> None:
    holding = _deck(joined, seat)
    proof = batchproofs.prove(holding.transcript, holding.keys, seat, POSITIONS)
    assert len(proof) == batchproofs.PROOF_BYTES
    parts = [holding.keys.part(j) for j in POSITIONS]
    other = _deck(joined, 2).transcript  # another device's copy of the transcript
    assert batchproofs.verify(other, seat, POSITIONS, parts, proof)
    assert all(proofs.verify(other, seat, j, part,
                             proofs.prove(holding.transcript, holding.keys, seat, j))
               for j, part in zip(POSITIONS, parts, strict=True))


def test_any_wrong_part_fails_the_batch(joined: Table) -> None:
    holding, other = _deck(joined, 0), _deck(joined, 1).transcript
    proof = batchproofs.prove(holding.transcript, holding.keys, 0, POSITIONS)
    parts = [holding.keys.part(j) for j in POSITIONS]
    for index in range(len(parts)):
        wrong = list(parts)
        wrong[index] = holding.keys.part(POSITIONS[index] + 1)  # its own, of another place
        assert not batchproofs.verify(other, 0, POSITIONS, wrong, proof)
    swapped = [parts[1], parts[0], *parts[2:]]
    assert not batchproofs.verify(other, 0, POSITIONS, swapped, proof)
    foreign = [_deck(joined, 1).keys.part(POSITIONS[0]), *parts[1:]]  # another seat's
    assert not batchproofs.verify(other, 0, POSITIONS, foreign, proof)


def test_a_proof_holds_only_for_its_own_positions_seat_and_bytes(joined: Table) -> None:
    holding, other = _deck(joined, 0), _deck(joined, 1).transcript
    proof = batchproofs.prove(holding.transcript, holding.keys, 0, POSITIONS)
    parts = [holding.keys.part(j) for j in POSITIONS]
    fewer = POSITIONS[:-1]
    assert not batchproofs.verify(other, 0, fewer, parts[:-1], proof)
    assert not batchproofs.verify(other, 1, POSITIONS, parts, proof)
    assert not batchproofs.verify(other, 0, POSITIONS, parts, proof[:-1])
    assert not batchproofs.verify(other, 0, POSITIONS, parts, proof[:32] + bytes(32))
    assert not batchproofs.verify(other, 0, POSITIONS + POSITIONS[:1], parts + parts[:1],
                                  proof)  # a position twice


def test_the_mix_lock_seat_has_nothing_to_prove(joined: Table) -> None:
    """The last seat's parts are checked against its step's input (tm.fairdeck.proofs)."""
    holding = _deck(joined, 2)
    assert batchproofs.prove(holding.transcript, holding.keys, 2, POSITIONS) == b""


def test_on_the_curve_too() -> None:
    table = _joined(SECP256K1, 24)
    holding = _deck(table, 1)
    positions = (0, 7, 11)
    proof = batchproofs.prove(holding.transcript, holding.keys, 1, positions)
    parts = [holding.keys.part(j) for j in positions]
    other = _deck(table, 0).transcript
    assert batchproofs.verify(other, 1, positions, parts, proof)
    assert not batchproofs.verify(other, 1, positions, parts[::-1], proof)
