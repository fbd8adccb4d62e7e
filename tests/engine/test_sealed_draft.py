"""The draft in sealed games (issue 49, R-GEN-4): each passed hand is readable by the seat
it goes to and by no other.

A card of a seat's pile opens with every seat's key part; the others' are published ahead,
so a pick's post carries, for each card left in the hand, its drawer's part sealed to the
next seat's pass key (:mod:`tm.fairdeck.passing`). The recipient checks it on arrival
(a wrong one is refused, the sender named), a missing one is named as awaited, and the
audit re-opens every sealed part once the seeds are out.
"""
from __future__ import annotations

import dataclasses

import pytest

from tm import Options
from tm.bots import Bot
from tm.core import sealed
from tm.core.state import GameState
from tm.fairdeck import TEST_127, Piles
from tm.fairdeck.held import Caught
from tm.fairdeck.wire import (
    Pass,
    Show,
    Turn,
    WireError,
    decode,
    encode,
    from_bytes,
    to_bytes,
)
from tm.game import Game
from tm.linkplay.sealedplay import Awaited, Post, SealedSeat, read_post
from tm.rules.phases import draft_direction
from tm.testing.sealed_table import Table, response_of

EXPANSIONS = ["corpera", "prelude", "colonies"]


def drafted_table(players: int, seed: int = 11, expansions: list[str] | None = None) -> Table:
    bots = [Bot("hard", 100 + seat) for seat in range(players)]
    options = Options(players=players, seed=seed, sealed=True, draft=True,
                      expansions=EXPANSIONS if expansions is None else expansions)
    table = Table(options, TEST_127, lambda seat, view: bots[seat].decide(view))
    table.shuffle()
    return table


def state(table: Table) -> GameState:
    return table.seats[0].game.state


def play_until(table: Table, done: object) -> None:
    moves = 0
    while not done():  # type: ignore[operator]
        table.move()
        moves += 1
        assert moves < 600


def positions(tokens: list[str]) -> list[tuple[str, int]]:
    found = [sealed.parse(text) for text in tokens]
    return [where for where in found if where is not None]


def drafted_generation(players: int) -> tuple[Table, list[list[list[tuple[str, int]]]]]:
    """A sealed table played through generation 2's draft; per round, each seat's hand as
    it was asked to pick from (recorded on seat 0's device, the state every device holds)."""
    table = drafted_table(players)
    play_until(table, lambda: state(table).phase == "draft")
    hands: list[list[list[tuple[str, int]]]] = []
    while state(table).phase == "draft":
        if len(hands) == state(table).draft_round:
            hands.append([positions(pl.draft_hand) for pl in state(table).players])
        table.move()
    return table, hands


@pytest.mark.parametrize("players", [2, 3])
def test_r_gen_4_a_sealed_draft_opens_each_passed_hand_to_its_seat_alone(players: int) -> None:
    """Every hand a seat picks from opens on its device; a card a seat never held (the
    others' picks before it came, the cards it never saw) opens on no other device than
    those of the seats that held it; the hands went the generation's way."""
    table, hands = drafted_generation(players)
    g = state(table)
    assert g.generation == 2 and g.phase == "research" and draft_direction(g) == 1
    assert [len(round_[0]) for round_ in hands] == [4, 3, 2]
    held: dict[tuple[str, int], set[int]] = {}
    for round_ in hands:
        for seat, hand in enumerate(round_):
            for where in hand:
                held.setdefault(where, set()).add(seat)
    for round_, later in zip(hands, hands[1:], strict=False):  # passed on to the left
        for seat in range(players):
            assert set(later[(seat + 1) % players]) <= set(round_[seat])
    for where, seats in held.items():
        for device in table.seats:
            name = device.device.open(*where)
            assert (name is not None) == (device.seat in seats), (where, device.seat, seats)
    assert all(len(pl.offer) == 4 for pl in g.players)  # the last card of each pass kept
    for device in table.seats:  # every device reads its own offer, and agrees on the state
        assert all(device.device.open(*where) for where in positions(
            g.players[device.seat].offer))
        assert device.awaited() == []


def test_a_drafted_sealed_game_plays_to_the_end_and_every_audit_passes() -> None:
    """Prelude and Colonies with the draft, 3 seats: equal states after every move, a
    card passed to a seat played by it (its drawer's part shown), every audit empty."""
    table = drafted_table(3)
    table.play_to_end()
    table.end()
    g = state(table)
    passed_and_played = [
        (deck, position) for deck, position, _name, seat in g.sealed["shown"]
        if Piles(**g.sealed["piles"][deck]).owner_of(position) not in (None, seat)]
    assert passed_and_played  # (cards drafted from another's draw were played)
    assert all(device.audit() == [] for device in table.seats)


def _pick_post(table: Table) -> tuple[int, Post, int]:
    """At the first draft: a seat's pick, made on its device and not yet delivered; the
    seat it passes to."""
    play_until(table, lambda: state(table).phase == "draft")
    seat = next(s for s, _ in table.seats[0].game.pending)
    device = table.seats[seat]
    posts = device.play(response_of(device, table.decide))
    assert len(posts) == 1 and decode(posts[0].message).passes  # type: ignore[union-attr]
    return seat, posts[0], (seat + draft_direction(state(table))) % len(table.seats)


def _with_turn(post: Post, **changes: object) -> Post:
    turn = decode(post.message)
    assert isinstance(turn, Turn)
    return Post(post.seat, post.move, encode(dataclasses.replace(turn, **changes)))


def test_a_wrong_key_for_a_passed_hand_is_refused_on_arrival_naming_its_sender() -> None:
    """A hostile device seals another part than its drawn card's: the seat it passes to
    refuses the post naming it, keeping nothing; an honest post then goes on."""
    table = drafted_table(3)
    seat, post, recipient = _pick_post(table)
    turn = decode(post.message)
    assert isinstance(turn, Turn)
    first = turn.passes[0]
    flipped = bytes([first.sealed[0] ^ 1]) + first.sealed[1:]
    bad = _with_turn(post, passes=(dataclasses.replace(first, sealed=flipped),
                                   *turn.passes[1:]))
    device = table.seats[recipient]
    before = len(device.log)
    with pytest.raises(Caught) as caught:
        device.receive(read_post(bad.to_text()))
    assert caught.value.seat == seat and caught.value.reason == (
        "a wrong key part for a passed card") and caught.value.position == first.position
    assert not device.device.passed_by(first.deck, first.position)
    device.log[before:] = []  # (the page rebuilds from its record: nothing of it kept)
    device.waiting.clear()


def test_a_key_withheld_for_a_passed_hand_is_named_as_awaited() -> None:
    """A hostile device picks and passes its hand without the keys: the seat it passes
    to cannot read the hand and names that seat as what it waits for."""
    table = drafted_table(2)
    seat, post, recipient = _pick_post(table)
    table.send([_with_turn(post, passes=())])
    other = table.seats[recipient]
    table.move()  # (the recipient's own pick: the round ends, the hands pass)
    assert state(table).draft_round == 1
    assert Awaited(seat, "hand", "project") in other.awaited()
    hand = positions(state(table).players[recipient].draft_hand)
    assert any(other.device.open(*where) is None for where in hand)


def test_the_audit_names_a_sender_whose_sealed_part_is_not_its_drawers() -> None:
    """A device that is not the recipient cannot check a sealed part: it keeps it, and
    its audit names the sender once the seeds are out."""
    table = drafted_table(3)
    seat, post, recipient = _pick_post(table)
    turn = decode(post.message)
    assert isinstance(turn, Turn)
    first = turn.passes[0]
    bad = _with_turn(post, passes=(dataclasses.replace(first, sealed=bytes(len(
        first.sealed))), *turn.passes[1:]))
    bystander = next(d for d in table.seats if d.seat not in (seat, recipient))
    bystander.receive(read_post(bad.to_text()))  # (it cannot read it: kept)
    for device in table.seats:
        if device is not bystander:
            bystander.device.receive(device.device.reveal())
    found = [finding for _deck, finding in bystander.device.audit(bystander.piles())]
    assert any(f.seat == seat and f.position == first.position and f.reason == "pass"
               for f in found)


def test_a_pick_passes_the_keys_of_the_cards_left_but_the_recipients_own_draws() -> None:
    """Two seats: the hand that comes back holds the recipient's own draws, whose keys it
    has already; a pick passes the keys of the other cards left in the hand, no more."""
    table = drafted_table(2)
    play_until(table, lambda: state(table).phase == "draft"
               and state(table).draft_round == 1 and len(table.seats[0].game.pending) == 2)
    seat = 0
    device = table.seats[seat]
    response = response_of(device, table.decide)
    left = [where for where in positions(state(table).players[seat].draft_hand)
            if sealed.token(*where) != response["card"]]
    piles = device.piles()["project"]
    mine = [where for where in left if piles.owner_of(where[1]) == 1]
    assert mine  # (the hand that came back holds cards seat 1 drew)
    turn = decode(device.play(response)[0].message)
    assert isinstance(turn, Turn)
    assert sorted(given.position for given in turn.passes) == sorted(
        position for deck, position in left if (deck, position) not in mine)
    assert all(given.recipient == 1 for given in turn.passes)


def test_a_device_rebuilt_from_its_posts_reads_its_drafted_hand_again() -> None:
    """A device's storage is its seed and the posts: rebuilt from them (its own posts
    made again from its seed), it reads the cards passed to it as before."""
    table, _hands = drafted_generation(2)
    old = table.seats[1]
    fresh = SealedSeat(type(old.game).new(old.game.state.options), 1,
                       old.device._seed, "g1", TEST_127)  # noqa: SLF001
    caught = fresh.device.replay([decode(post.message) for post in table.posts],
                                 old.piles())
    assert caught == []
    for where in positions(state(table).players[1].offer):
        assert fresh.device.open(*where) == old.device.open(*where)


def test_a_turn_of_version_5_carries_passes_and_one_of_version_4_reads_as_before() -> None:
    """The wire: version 5 adds the passes and the pass key after the shows (2 bytes when
    empty); a version 4 message has neither and keeps its bytes; passes cannot be written
    under version 4, nor a pass to its own sender."""
    given = Pass("project", 17, 1, bytes(96))
    turn = Turn(0, 2, (), (), 5, (given,), bytes(33))
    assert decode(encode(turn)) == turn
    old = Turn(0, 2, (), (Show("project", 3, bytes(32)),), 4)
    assert decode(encode(old)) == old
    assert len(to_bytes(dataclasses.replace(old, version=5))) == len(to_bytes(old)) + 2
    for bad in (dataclasses.replace(turn, version=4),
                dataclasses.replace(turn, passes=(dataclasses.replace(given, recipient=0),)),
                dataclasses.replace(turn, passes=(dataclasses.replace(given, sealed=b"x"),))):
        with pytest.raises(WireError):
            encode(bad)
    with pytest.raises(WireError):  # (trailing bytes past the passes)
        from_bytes(to_bytes(turn) + b"\x00")


@pytest.mark.parametrize("players", [2, 5])
def test_the_options_check_allows_the_draft_in_a_sealed_game(players: int) -> None:
    game = Game.new(Options(players=players, sealed=True, draft=True,
                            expansions=EXPANSIONS))
    assert game.state.options.draft and game.state.options.sealed
