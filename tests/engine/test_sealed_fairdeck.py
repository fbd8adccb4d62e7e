"""Sealed games on the real fair deck (issue 32): devices that talk only by posts.

Each seat's device is a :class:`SealedSeat` (its ``Game`` with its fair-deck ``Device`` as
the dealer). The table below delivers every post to every other device in one order, as a
link or chat would. A seat's move is chosen by the hard bot from its own device's view.
The acceptance test of issue 32: everything a complete 3-seat game sent, plus all of one
device's storage, names no card of another seat's hand or of the deck that the rules have
not shown — decoded, replayed, or searched over the game's seed.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from tm import Options
from tm.bots import Bot
from tm.core import sealed
from tm.fairdeck import SECP256K1, TEST_127, Group, Piles, generations
from tm.fairdeck.device import Device
from tm.fairdeck.held import Caught
from tm.fairdeck.receiving import PilesByDeck
from tm.fairdeck.wire import HandOff, SeedReveal, Show, Turn, decode, encode
from tm.linkplay.sealedplay import Awaited, Post, Refused, SealedSeat, read_post
from tm.testing.sealed_table import Decide, Table, seat_seed


def hard_bots(players: int) -> Decide:
    bots = [Bot("hard", 100 + seat) for seat in range(players)]
    return lambda seat, view: bots[seat].decide(view)


def table_of(options: Options, group: Group, salt: int = 0) -> Table:
    return Table(options, group, hard_bots(options.players), salt)


def hidden_names(table: Table, observer: int) -> dict[str, set[str]]:
    """Per deck, the names the observer may not know: every card but those shown to all
    and those its own seat drew (the truth, read from the devices that hold it)."""
    state = table.seats[0].game.state
    shown = {(deck, position) for deck, position, _n, _s in state.sealed["shown"]}
    found: dict[str, set[str]] = {}
    for deck, data in state.sealed["piles"].items():
        piles = Piles(**data)
        mine = set(piles.drawn_by(observer))
        names = found.setdefault(deck, set())
        for seat, device in enumerate(table.seats):
            for position in piles.drawn_by(seat):
                if position not in mine and (deck, position) not in shown:
                    name = device.device.open(deck, position)
                    assert name is not None
                    names.add(name)
    return found


# ---------------------------------------------------------------- a whole game
@pytest.fixture(scope="module")
def three_seats() -> Table:
    """A complete 3-seat Corporate Era game with Prelude on secp256k1 (the real group)."""
    table = table_of(Options(players=3, seed=11, expansions=["corpera", "prelude"], sealed=True),
                  SECP256K1)
    table.shuffle()
    table.play_to_end()
    table.end()
    return table


def test_a_sealed_game_on_the_fair_deck_is_played_to_the_end_and_every_audit_passes(
        three_seats: Table) -> None:
    scores = [d.game.scores() for d in three_seats.seats]
    assert scores[0] == scores[1] == scores[2]
    for device in three_seats.seats:
        assert device.audit() == []
        assert not device.waiting


def test_no_post_nor_one_devices_storage_names_a_hidden_card(three_seats: Table) -> None:
    """Issue 32's acceptance: decoding every post and one device's whole storage (its
    seed, the posts, its save) finds no name of another seat's hand or the deck that the
    rules have not shown. Every post up to the seeds: after them the game is over and
    everything may be known (the audit)."""
    assert named_hidden(three_seats, 0) == []


def named_hidden(table: Table, seat: int, fewest: int = 20) -> list[str]:
    """The hidden names (:func:`hidden_names`) found in every post before the seeds,
    decoded or not, and in one device's storage (its seed, the posts, its save)."""
    observer = table.seats[seat]
    hidden = set().union(*hidden_names(table, seat).values())
    assert len(hidden) > fewest  # the others' kept cards and what they never showed
    before_seeds = [p for p in table.posts
                    if not isinstance(decode(p.message), type(observer.device.reveal()))]
    decoded = [repr(decode(p.message)) for p in before_seeds]
    save = observer.game.to_save()
    storage = json.dumps([json.loads(p.to_text()) for p in before_seeds]) + json.dumps(save) \
        + seat_seed(seat).hex() + "".join(decoded)
    return [name for name in sorted(hidden) if json.dumps(name) in storage]


def test_replaying_every_post_with_one_devices_seed_opens_no_hidden_card(
        three_seats: Table) -> None:
    """The observer's device rebuilt from its seed and every post before the seeds: each
    position another seat drew and never showed, and every undrawn one, stays closed —
    but for the observer's own window (positions reserved to its next draws: the price of
    draws with no hand-off, docs/fair-deck.md), at most ``window`` per deck."""
    seat = three_seats.seats[0]
    state = seat.game.state
    names = {deck: _names(seat, deck) for deck in state.sealed["piles"]}
    rebuilt = Device(SECP256K1, 0, 3, seat_seed(0), "g1", names)
    piles = seat.piles()
    seeds = [p for p in three_seats.posts if p.move is None and "seed" in repr(decode(p.message))]
    log = [decode(p.message) for p in three_seats.posts if p not in seeds]
    assert rebuilt.replay(log, piles) == []
    shown = {(deck, position) for deck, position, _n, _s in state.sealed["shown"]}
    closed = 0
    for deck, pile in piles.items():
        mine, window = set(pile.drawn_by(0)), set(pile.undrawn(0))
        assert len(window) <= pile.window
        for position in range(pile.size):
            if position not in mine | window and (deck, position) not in shown:
                assert rebuilt.open(deck, position) is None, (deck, position)
                closed += 1
    assert closed > 150


def test_the_deck_order_does_not_follow_from_the_games_seed() -> None:
    """Searching the game's seed space finds nothing: with the same device seeds, two
    sealed games of different game seeds hold the same cards at the same positions, and
    different device seeds give another order."""
    def opening(seed: int, salt: int) -> list[str | None]:
        table = table_of(Options(players=2, seed=seed, sealed=True), TEST_127, salt)
        table.shuffle()
        device = table.seats[0].device
        piles = table.seats[0].piles()["project"]
        return [device.open("project", p) for p in piles.drawn_by(0)]
    assert opening(1, 0) == opening(2, 0) == opening(99, 0)
    assert opening(1, 0) != opening(1, 1)


def _names(seat: SealedSeat, deck: str) -> list[str]:
    return list(seat.device._decks[deck].names)  # noqa: SLF001 - the test's own device


# ---------------------------------------------------------------- a reshuffle
@pytest.fixture(scope="module")
def four_seats() -> Table:
    """A complete 4-seat base game on TEST_127: its project deck runs out and the discards
    are reshuffled by the devices (the unlock round, then a shuffle) into a second deck."""
    table = table_of(Options(players=4, seed=5, expansions=[], sealed=True), TEST_127)
    table.shuffle()
    table.play_to_end()  # the states are equal on every device after every move
    table.end()
    return table


def test_four_seats_reshuffle_the_discards_finish_and_pass_every_audit(
        four_seats: Table) -> None:
    state = four_seats.seats[0].game.state
    assert "project/2" in state.sealed["piles"] and sum(
        state.sealed["piles"]["project/2"]["drawn"]) > 20
    assert any(deck == "project/2" for deck, _p, _n, _s in state.sealed["shown"])
    handoffs = [p for p in four_seats.posts if isinstance(decode(p.message), HandOff)
                and decode(p.message).decks == ("project/2",)]
    assert [decode(p.message).first for p in handoffs] == list(range(3 * 4))
    for device in four_seats.seats:
        assert "project/2" in device.device.decks and device.audit() == []
        assert not device.waiting and not device.early
        assert device.game.scores() == four_seats.seats[0].game.scores()


def test_a_device_rebuilt_from_its_seed_and_the_posts_holds_the_reshuffled_deck(
        four_seats: Table) -> None:
    seat = four_seats.seats[2]
    state = seat.game.state
    names = {deck: _names(seat, deck) for deck in state.sealed["piles"] if "/" not in deck}
    rebuilt = Device(TEST_127, 2, 4, seat_seed(2), "g1", names)
    log = [decode(p.message) for p in four_seats.posts]
    reshuffles = {deck: generations.sources_of(sources)
                  for deck, sources in state.sealed["reshuffles"].items()}
    assert rebuilt.replay(log, seat.piles(), reshuffles=reshuffles) == []
    piles = seat.piles()["project/2"]
    for position in piles.drawn_by(2):
        assert rebuilt.open("project/2", position) == seat.device.open("project/2", position)
    assert rebuilt.audit(seat.piles()) == []


def test_five_seats_reshuffle_and_finish() -> None:
    table = table_of(Options(players=5, seed=2, expansions=[], sealed=True), TEST_127)
    table.shuffle()
    table.play_to_end()
    table.end()
    state = table.seats[0].game.state
    assert sum(state.sealed["piles"]["project/2"]["drawn"]) > 40
    assert all(device.audit() == [] for device in table.seats)
    assert named_hidden(table, 1) == []


@pytest.mark.parametrize("seat", [0, 3])
def test_no_post_of_a_reshuffled_game_names_a_hidden_card(four_seats: Table,
                                                          seat: int) -> None:
    assert named_hidden(four_seats, seat) == []


def test_a_reshuffled_deck_audits_its_unlock_round() -> None:
    """A seat that unlocks with a wrong key is found by the audit of the new deck."""
    seat, piles = forged_unlock()
    findings = seat.device.audit(piles)
    assert {(deck, f.seat, f.reason) for deck, f in findings} == {("project/2", 0, "unlock")}


def forged_unlock() -> tuple[SealedSeat, PilesByDeck]:
    """Seat 1 of a 2-seat game, holding a reshuffle whose unlock step seat 0 forged, both
    seeds revealed; and the piles to audit it with."""
    table = table_of(Options(players=2, seed=3, sealed=True), TEST_127)
    table.shuffle()
    seats = table.seats
    for device in seats:  # the rules opened a generation of three discards
        device.device.expect("project/2", (("project", 40), ("project", 41), ("project", 42)))
    first = seats[0].device.reshuffle_step("project/2")
    assert first is not None and seats[1].device.reshuffle_step("project/2") is None
    forged = HandOff(first.group, 0, 2, 0, first.decks, ((tuple(
        TEST_127.power(x, 3) for x in first.outputs[0][0]),),))
    seats[1].device.receive(forged)  # well formed: only the audit can tell
    seats[0].device.receive(SeedReveal(1, seat_seed(1)))
    seats[1].device.receive(SeedReveal(0, seat_seed(0)))
    return seats[1], seats[1].piles() | {"project/2": Piles.deal(2, 3, 4)}


# ---------------------------------------------------------------- cheating
def test_a_card_claimed_that_was_not_drawn_is_caught_and_fails_the_audit() -> None:
    """A tampered post: seat 1 shows a position of seat 0's pile, as if it had drawn it."""
    table = table_of(Options(players=2, seed=3, sealed=True), TEST_127)
    table.shuffle()
    cheat = table.seats[1]
    piles = cheat.piles()["project"]
    stolen = piles.drawn_by(0)[0]
    part = cheat.device._decks["project"].keys.part(stolen)  # noqa: SLF001 - forging
    forged = Post(1, None, encode(Turn(1, 2, (), (Show("project", stolen, part),))))
    with pytest.raises(Caught) as caught:
        table.seats[0].receive(read_post(forged.to_text()))
    assert caught.value.seat == 1
    findings = table.seats[0].device.audit(table.seats[0].piles())
    assert any(f.seat == 1 for _deck, f in findings)


def test_a_post_signed_as_another_seat_is_refused() -> None:
    table = table_of(Options(players=2, seed=3, sealed=True), TEST_127)
    table.shuffle()
    message = table.seats[1].device.outgoing(table.seats[1].piles())
    with pytest.raises(Caught):
        table.seats[0].receive(Post(1, None, encode(Turn(0, 2, message.parts, ()))))


def test_the_setup_reveal_waits_for_every_seats_keys_then_shows_the_same_everywhere() -> None:
    table = table_of(Options(players=2, seed=5, expansions=["corpera", "prelude"], sealed=True),
                  TEST_127)
    table.shuffle()
    while table.seats[0].game.state.phase == "setup":
        table.move()
    corps = [d.game.state.players[1].corporation for d in table.seats]
    assert corps[0] == corps[1] and corps[0] is not None and not sealed.is_token(corps[0])
    assert all(not d.waiting for d in table.seats)
    preludes_hidden = [t for d in table.seats for t in _tokens(d.game.state.players[0].hand)
                       if t.startswith("#r")]
    assert preludes_hidden == []


def _tokens(cards: list[Any]) -> list[str]:
    return [c for c in cards if isinstance(c, str) and sealed.is_token(c)]


# ---------------------------------------------------------------- waits named (issue 43)
def test_every_wait_names_the_seat_awaited_and_for_what() -> None:
    """Its shuffle step, its key parts for a deck, its seed: each device says whom it
    waits for (``SealedSeat.awaited``), and nobody once it has what it needs."""
    table = table_of(Options(players=3, seed=3, sealed=True), TEST_127)
    seats = table.seats
    assert seats[2].awaited() == [Awaited(0, "shuffle")]
    while not seats[0].device.locked:
        table.send([post for device in seats
                    if (post := device.shuffle_post()) is not None][:1])
    seats[0].receive(read_post(seats[1].opening_post().to_text()))  # (seat 2's still out)
    assert seats[0].awaited() == [Awaited(2, "parts", "corporation"),
                                  Awaited(2, "parts", "project")]
    seats[0].receive(read_post(seats[2].opening_post().to_text()))
    assert seats[0].awaited() == []
    duel = table_of(Options(players=2, seed=3, sealed=True), TEST_127)
    duel.shuffle()
    duel.play_to_end()
    assert duel.seats[0].awaited() == [Awaited(1, "seed")]
    duel.send([duel.seats[1].seed_post()])
    assert duel.seats[0].awaited() == []


def test_a_move_the_rules_refuse_names_the_seat_that_sent_it() -> None:
    table = table_of(Options(players=2, seed=3, sealed=True), TEST_127)
    table.shuffle()
    seat = next(s for s, _ in table.seats[0].game.pending)
    turn = table.seats[seat].device.outgoing(table.seats[seat].piles())
    post = Post(seat, {"type": "no such move"}, encode(turn))
    with pytest.raises(Refused) as refused:
        table.seats[1 - seat].receive(read_post(post.to_text()))
    assert refused.value.seat == seat


def test_a_junk_hand_off_of_a_generation_that_never_opens_is_refused_on_arrival() -> None:
    table = table_of(Options(players=4, seed=5, expansions=[], sealed=True), TEST_127)
    table.shuffle()
    junk = HandOff("test127", 3, 4, 0, ("project/5",), ((TEST_127.cards("junk", 4),),))
    with pytest.raises(Caught, match="seat 3: a hand-off the game did not ask for"):
        table.seats[0].receive(read_post(Post(3, None, encode(junk)).to_text()))
    early = HandOff("test127", 3, 4, 0, ("project/2",), ((TEST_127.cards("junk", 4),),))
    with pytest.raises(Caught, match="seat 3: a hand-off the game did not ask for"):
        table.seats[0].receive(read_post(Post(3, None, encode(early)).to_text()))
    assert table.seats[0].early == []
