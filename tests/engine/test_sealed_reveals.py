"""Reveals from the deck past the acting seat's window (issue 32): one hand-off each.

A card that reveals cards from the deck until it finds some (Experimental Forest: two
plant cards) reads positions of the acting seat's pile beyond the window whose key parts
the others published ahead. The move waits on every device; each device answers with its
parts for exactly the positions the move reveals (the acting seat with its own, which
makes them public), and the move then applies everywhere. Game 7 of 2 seats with Prelude,
devices' seeds of salt 0, is such a game: seat 0's Experimental Forest reveals 12 cards,
8 past its window (it stalled before the hand-off was built).
"""
from __future__ import annotations

import itertools

import pytest

from tm import Options
from tm.bots import Bot
from tm.core.sealed import WINDOW
from tm.core.state import to_dict
from tm.fairdeck import SECP256K1, TEST_127, Group
from tm.fairdeck.device import Device
from tm.fairdeck.wire import SeedReveal, decode
from tm.persist.sealedplay import SealedSeat
from tm.testing.sealed_table import Decide, LinkTable, Table, seat_seed

FOREST = Options(players=2, seed=7, expansions=["corpera", "prelude"], sealed=True)


def hard_bots(players: int) -> Decide:
    bots = [Bot("hard", 100 + seat) for seat in range(players)]
    return lambda seat, view: bots[seat].decide(view)


def longest_reveal(seat: SealedSeat) -> int:
    """The most cards one move revealed from the deck (a run of "revealed" records)."""
    runs = itertools.groupby(seat.game.state.log, key=lambda r: (r["key"], r.get("player")))
    return max((len(list(run)) for (key, _p), run in runs if key == "revealed"), default=0)


def assert_ended_alike(seats: list[SealedSeat]) -> None:
    first = to_dict(seats[0].game.state)
    for seat in seats:
        assert seat.game.is_over and to_dict(seat.game.state) == first
        assert seat.audit() == [] and not seat.waiting and not seat.needs


@pytest.fixture(scope="module")
def forest() -> Table:
    table = Table(FOREST, SECP256K1, hard_bots(2))
    table.shuffle()
    table.play_to_end()  # the states are equal on every device after every move
    table.end()
    return table


def test_a_reveal_past_the_window_is_answered_and_the_game_ends_alike_everywhere(
        forest: Table) -> None:
    assert longest_reveal(forest.seats[0]) > WINDOW + 4
    assert_ended_alike(forest.seats)


def test_a_reveal_past_the_window_opens_only_the_cards_it_reveals(forest: Table) -> None:
    """Seat 1's device rebuilt from its seed and every post before the seeds: every
    position that seat 0 drew and kept hidden, or still holds in its window after the
    reveal, and every undrawn one stays closed (but seat 1's own window)."""
    seat = forest.seats[1]
    names = {deck: list(seat.device._decks[deck].names)  # noqa: SLF001 - a test's device
             for deck in seat.game.state.sealed["piles"]}
    rebuilt = Device(SECP256K1, 1, 2, seat_seed(1), "g1", names)
    log = [decode(p.message) for p in forest.posts]
    assert rebuilt.replay([m for m in log if not isinstance(m, SeedReveal)],
                          seat.piles()) == []
    shown = {(d, p) for d, p, _n, _s in seat.game.state.sealed["shown"]}
    closed = 0
    for deck, pile in seat.piles().items():
        mine = set(pile.drawn_by(1)) | set(pile.undrawn(1))
        for position in range(pile.size):
            if position not in mine and (deck, position) not in shown:
                assert rebuilt.open(deck, position) is None, (deck, position)
                closed += 1
    assert closed > 150


def by_links(options: Options, group: Group, salt: int = 0) -> LinkTable:
    table = LinkTable(options, group, hard_bots(options.players), salt)
    table.end(table.play())
    return table


def test_by_links_a_reveal_past_the_window_costs_a_round_of_links_and_ends_alike() -> None:
    table = by_links(FOREST, TEST_127)
    seats = table.seats()
    assert longest_reveal(seats[0]) > WINDOW + 4
    assert_ended_alike(seats)
    answers = [s for s in table.sent if s.phase == "play"]
    assert max(s.chars for s in answers) < 4000


@pytest.mark.slow
def test_five_seats_with_prelude_play_to_the_end_by_links() -> None:
    """5 seats, Corporate Era and Prelude, on secp256k1, only by links: reveals past the
    window and a reshuffle of the project deck (about 40 s)."""
    table = by_links(Options(players=5, seed=7, expansions=["corpera", "prelude"],
                             sealed=True), SECP256K1)
    seats = table.seats()
    assert "project/2" in seats[0].game.state.sealed["piles"]
    assert_ended_alike(seats)
