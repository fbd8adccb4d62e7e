"""The audit in slices (issue 49): run a unit of work at a time, as the page runs it
between frames, it finds what the audit in one piece finds, on honest and cheating
games, and its units add up to the size announced for its progress."""
from __future__ import annotations

from tests.engine.test_fairdeck import Table as DeckTable
from tests.engine.test_fairdeck import played
from tests.engine.test_sealed_fairdeck import forged_unlock
from tm.fairdeck import Claim
from tm.fairdeck.audit import audit_size, auditing
from tm.fairdeck.work import Work, finish


def _unit_by_unit(work: Work[list]) -> tuple[list, int, int]:  # type: ignore[type-arg]
    """What ``work`` returns run a unit at a time, its units and its slices."""
    units = slices = 0
    while True:
        try:
            units += next(work)
            slices += 1
        except StopIteration as done:
            return done.value, units, slices


def test_the_audit_of_a_deck_in_slices_finds_what_the_whole_audit_finds() -> None:
    honest = played(DeckTable.sit(3))
    cheating = played(DeckTable.sit(3))
    cheating.seeds[1] = bytes(range(32))  # a seat that mixed with other keys
    cheating.claims.append(Claim(2, cheating.piles.undrawn(0)[0], 5))  # and one not drawn
    for table in (honest, cheating):
        args = (table.transcript, table.piles, table.seeds, table.parts, table.claims)
        found, units, slices = _unit_by_unit(auditing(*args))
        assert found == table.audit()
        assert units == audit_size(table.transcript, table.claims)
        assert slices > len(table.transcript.outputs)  # (a step is many slices)
    assert honest.audit() == [] and cheating.audit() != []


def test_a_sealed_games_audit_in_slices_names_the_seat_the_whole_audit_names() -> None:
    seat, piles = forged_unlock()
    whole = seat.device.audit(piles)
    found, units, _slices = _unit_by_unit(seat.device.auditing(piles))
    assert found == whole == finish(seat.device.auditing(piles))
    assert ("project/2", 0, "unlock") in {(deck, f.seat, f.reason) for deck, f in found}
    assert units == seat.device.audit_size()
