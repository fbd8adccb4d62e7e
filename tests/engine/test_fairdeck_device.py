"""The fair deck played by devices that talk only in encoded messages (issue 32): the joint
shuffle, the deal by piles, draws only their seat can read, shows every device checks, an
audit that passes for an honest game and names a seat that showed a card falsely. No rules
engine: the test plays the rules' part (the public piles and the list of shown cards)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from tm.cards import corporation_deck, prelude_deck, project_deck
from tm.fairdeck import (
    SECP256K1,
    TEST_127,
    Caught,
    DeckParts,
    Device,
    DeviceError,
    Finding,
    Group,
    HandOff,
    Piles,
    SeedReveal,
    Show,
    Shown,
    Turn,
    WireError,
    decode,
    encode,
    keys_for,
    new_seed,
    schedule,
)
from tm.fairdeck.receiving import PilesByDeck
from tm.fairdeck.wire import Message

SETS = ("base", "corpera", "prelude")
FIRST = {"project": 10, "corporation": 2, "prelude": 4}
GAME = "game-7"


def full_decks() -> dict[str, list[str]]:
    return {"project": project_deck(SETS), "corporation": corporation_deck(SETS),
            "prelude": prelude_deck(SETS)}


@dataclass
class Table:
    """Devices round a table and the rules' public state: the piles and the shown list."""
    devices: list[Device]
    seeds: list[bytes]
    piles: dict[str, Piles] = field(default_factory=dict)
    shown: dict[tuple[str, int], str] = field(default_factory=dict)
    drawn: list[list[tuple[str, int]]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @classmethod
    def sit(cls, seats: int, decks: dict[str, list[str]], group: Group = TEST_127,
            seed: int = 1) -> Table:
        rng = random.Random(seed)
        seeds = [new_seed(rng.randbytes) for _ in range(seats)]
        return cls([Device(group, seat, seats, seeds[seat], GAME, decks)
                    for seat in range(seats)], seeds, drawn=[[] for _ in range(seats)])

    def send(self, message: Message, to: list[int] | None = None) -> None:
        """The message as a link carries it, to every other seat (or to ``to``)."""
        text = encode(message)
        self.log.append(text)
        for device in self.devices:
            if device.seat != message.seat and (to is None or device.seat in to):
                device.receive(decode(text), self.piles, self.shown)

    def join(self) -> None:
        """The joint shuffle, each hand-off to the next seat in the schedule only."""
        steps = schedule(len(self.devices))
        for index, step in enumerate(steps):
            assert [d.seat for d in self.devices if d.my_step() is not None] == [step.seat]
            handoff = self.devices[step.seat].step()
            self.send(handoff, [steps[index + 1].seat] if index + 1 < len(steps) else None)
        assert all(device.locked for device in self.devices)

    def deal(self, window: int = 4) -> None:
        """The opening: piles dealt, every seat sends the parts it owes, the deal drawn."""
        self.piles = {deck: Piles.deal(len(self.devices), self.size(deck), window,
                                       FIRST[deck]) for deck in self.devices[0].decks}
        for device in self.devices:
            self.send(device.outgoing(self.piles))
        for deck in self.piles:
            for seat in range(len(self.devices)):
                for _ in range(FIRST[deck]):
                    self.draw(seat, deck)

    def size(self, deck: str) -> int:
        return len(self.devices[0]._decks[deck].names)

    def draw(self, seat: int, deck: str = "project") -> str:
        position = self.piles[deck].draw(seat)
        self.drawn[seat].append((deck, position))
        name = self.devices[seat].open(deck, position)
        assert name is not None
        return name

    def show(self, seat: int, deck: str, position: int) -> Show:
        """The seat shows a card: the rules list it, its device gives the part."""
        name = self.devices[seat].open(deck, position)
        assert name is not None
        self.shown[(deck, position)] = name
        return self.devices[seat].show(deck, position)

    def turn(self, seat: int, shows: tuple[Show, ...] = ()) -> None:
        self.send(self.devices[seat].outgoing(self.piles, shows))

    def hidden(self, seat: int) -> list[tuple[str, int]]:
        return [(deck, p) for deck, p in self.drawn[seat] if (deck, p) not in self.shown]

    def reveal_all(self) -> None:
        for device in self.devices:
            self.send(device.reveal())


def played(table: Table, draws: int, shows: int, seed: int = 3) -> Table:
    """A game of random draws and shows, round the table, each seat sending every turn."""
    rng, seats = random.Random(seed), len(table.devices)
    table.join()
    table.deal()
    for seat in range(seats):  # everyone shows a corporation and a prelude
        table.turn(seat, (table.show(seat, "corporation", table.piles["corporation"]
                                     .drawn_by(seat)[0]),
                          table.show(seat, "prelude", table.piles["prelude"].drawn_by(seat)[0])))
    made, shown, seat = 0, 0, 0
    while made < draws or shown < shows:
        for _ in range(rng.choice((1, 2)) if made < draws else 0):
            table.draw(seat)
            made += 1
        hand = [p for deck, p in table.hidden(seat) if deck == "project"]
        shows_now: tuple[Show, ...] = ()
        if shown < shows and hand and rng.random() < 0.6:
            shows_now = (table.show(seat, "project", rng.choice(hand)),)
            shown += 1
        table.turn(seat, shows_now)
        seat = (seat + 1) % seats
    return table


def assert_secret(table: Table) -> None:
    """Every device reads its own draws and every shown card, and no one else's."""
    for seat, device in enumerate(table.devices):
        for other in range(len(table.devices)):
            for deck, position in table.drawn[other]:
                name = device.open(deck, position)
                if (deck, position) in table.shown:
                    assert name == table.shown[(deck, position)]
                elif other == seat:
                    assert name is not None
                else:
                    assert name is None


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_devices_shuffle_deal_and_read_only_their_own_cards(seats: int) -> None:
    table = Table.sit(seats, full_decks())
    table.join()
    locked = [tuple(d._decks["project"].transcript.locked()) for d in table.devices]
    assert len(set(locked)) == 1
    table.deal()
    assert_secret(table)
    hands = [[table.devices[s].open(deck, p) for deck, p in table.drawn[s]]
             for s in range(seats)]
    names = [name for hand in hands for name in hand]
    assert len(names) == seats * sum(FIRST.values()) and len(set(names)) == len(names)
    for seat in range(seats):
        assert sum(1 for d, _ in table.drawn[seat] if d == "corporation") == 2
    deck, position = table.drawn[0][0]
    assert [d.waiting(deck, position) for d in table.devices] == [()] + [(0,)] * (seats - 1)
    free = table.piles["project"].next_free
    assert table.devices[0].waiting("project", free) == tuple(range(1, seats))


def test_a_whole_game_of_draws_and_shows_ends_with_every_audit_passing() -> None:
    table = played(Table.sit(3, full_decks()), draws=60, shows=20)
    assert len(table.shown) == 20 + 2 * 3
    assert_secret(table)
    assert {f for _, f in table.devices[0].audit()} == {  # the audit needs every seed
        Finding(1, None, "no seed"), Finding(2, None, "no seed")}
    table.reveal_all()
    for device in table.devices:
        assert device.audit() == []


def test_a_shown_card_is_read_and_checked_by_every_device() -> None:
    table = Table.sit(3, full_decks())
    table.join()
    table.deal()
    deck, position = table.drawn[2][0]
    name = table.devices[2].open(deck, position)
    assert name is not None
    assert [d.open(deck, position) for d in table.devices] == [None, None, name]
    table.shown[(deck, position)] = name  # the rules' claim travels with the move
    shows = (table.devices[2].show(deck, position),)
    text = encode(table.devices[2].outgoing(table.piles, shows))
    for device in table.devices[:2]:
        [seen] = device.receive(decode(text), table.piles, table.shown)
        assert (seen.deck, seen.position, seen.name, seen.seat) == (deck, position, name, 2)
        assert device.open(deck, position) == name


def cheat(table: Table, seat: int, show: Show, claimed: str) -> list[Caught]:
    """``seat`` sends a crafted show; every other device refuses it, naming the seat."""
    table.shown[(show.deck, show.position)] = claimed
    text = encode(Turn(seat, len(table.devices), (), (show,)))
    caught = []
    for device in table.devices:
        if device.seat != seat:
            with pytest.raises(Caught) as error:
                device.receive(decode(text), table.piles, table.shown)
            caught.append(error.value)
    del table.shown[(show.deck, show.position)]
    return caught


def finish(table: Table, seat: int) -> list[list[tuple[str, Finding]]]:
    table.reveal_all()
    return [device.audit() for device in table.devices if device.seat != seat]


def test_a_card_shown_that_its_seat_did_not_draw_is_caught_at_once_and_by_the_audit() -> None:
    table = played(Table.sit(3, full_decks()), draws=12, shows=2)
    deck, position = table.hidden(0)[-1]  # seat 0's card, shown by seat 1
    part = keys_for(TEST_127, table.seeds[1], f"{GAME}/{deck}").part(position)
    caught = cheat(table, 1, Show(deck, position, part), "Birds")
    assert all(c.seat == 1 and "did not draw" in str(c) for c in caught)
    assert table.devices[2].open(deck, position) is None  # the cheat opened nothing
    assert finish(table, 1) == [[("project", Finding(1, position, "not drawn"))]] * 2


def test_a_wrong_part_in_a_show_is_caught_at_once_and_the_audit_names_the_seat() -> None:
    table = played(Table.sit(3, full_decks()), draws=12, shows=2)
    deck, position = table.hidden(1)[-1]
    name = table.devices[1].open(deck, position)
    assert name is not None
    caught = cheat(table, 1, Show(deck, position, bytes(32)), name)
    assert all(c.seat == 1 and "does not open" in str(c) for c in caught)
    assert finish(table, 1) == [[("project", Finding(1, position, "part"))]] * 2


def test_a_card_shown_under_another_name_is_caught_at_once_and_by_the_audit() -> None:
    table = played(Table.sit(3, full_decks()), draws=12, shows=2)
    deck, position = table.hidden(2)[-1]
    real = table.devices[2].open(deck, position)
    other = next(n for n in project_deck(SETS) if n != real)
    part = keys_for(TEST_127, table.seeds[2], f"{GAME}/{deck}").part(position)
    caught = cheat(table, 2, Show(deck, position, part), other)
    assert all(c.seat == 2 and other in str(c) for c in caught)
    assert finish(table, 2) == [[("project", Finding(2, position, "wrong card"))]] * 2


def test_a_wrong_part_of_a_game_before_proofs_blocks_the_draw_and_the_audit_names_its_giver(
        ) -> None:
    table = Table.sit(2, full_decks())
    for device in table.devices:
        device.adopt(1)  # a game begun before issue 43: parts with no proofs
    table.join()
    table.piles = {deck: Piles.deal(2, table.size(deck), 4, FIRST[deck])
                   for deck in table.devices[0].decks}
    honest = table.devices[1].outgoing(table.piles)
    bent = honest.parts[0]
    forged = type(bent)(bent.deck, bent.counts, (bytes(32),) + bent.digests[1:])
    table.send(Turn(1, 2, (forged,) + honest.parts[1:], version=1))
    table.send(table.devices[0].outgoing(table.piles))
    position = table.piles["project"].draw(0)
    assert table.devices[0].open("project", position) is None
    table.reveal_all()
    assert table.devices[0].audit() == [("project", Finding(1, position, "part"))]


@pytest.mark.parametrize("giver", [0, 1, 2])
def test_a_wrong_key_part_is_refused_on_arrival_naming_its_giver(giver: int) -> None:
    """Seats 0 and 1 lock (their parts carry a Chaum-Pedersen proof), seat 2 mix-locks
    (its part is checked against its step's input); the receiver keeps nothing of it."""
    table = Table.sit(3, full_decks())
    table.join()
    table.piles = {deck: Piles.deal(3, table.size(deck), 4, FIRST[deck])
                   for deck in table.devices[0].decks}
    honest = table.devices[giver].outgoing(table.piles)
    bent = honest.parts[0]
    swapped = (bent.digests[1], bent.digests[0]) + bent.digests[2:]  # its own, misplaced
    forged = Turn(giver, 3, (type(bent)(bent.deck, bent.counts, swapped, bent.proofs),)
                  + honest.parts[1:])
    receiver = table.devices[(giver + 1) % 3]
    with pytest.raises(Caught, match=f"seat {giver}: a wrong key part") as caught:
        receiver.receive(decode(encode(forged)), table.piles, table.shown)
    assert caught.value.seat == giver
    receiver.receive(decode(encode(honest)), table.piles, table.shown)  # the honest one
    table.send(table.devices[(giver + 2) % 3].outgoing(table.piles), [(giver + 1) % 3])
    position = table.piles["project"].draw((giver + 1) % 3)
    assert receiver.open("project", position) is not None


def test_a_message_of_the_old_protocol_in_a_new_game_is_refused() -> None:
    """No downgrade: in a game of proofs (version 2) a version 1 message, whose parts
    carry none, is refused naming its seat."""
    table = Table.sit(2, full_decks())
    table.join()
    table.piles = {deck: Piles.deal(2, table.size(deck), 4, FIRST[deck])
                   for deck in table.devices[0].decks}
    honest = table.devices[0].outgoing(table.piles)
    old = Turn(0, 2, tuple(type(p)(p.deck, p.counts, p.digests) for p in honest.parts),
               version=1)
    with pytest.raises(Caught, match="seat 0: a message of another protocol version"):
        table.devices[1].receive(decode(encode(old)), table.piles, table.shown)


def asked_and_more(window: int) -> tuple[Table, PilesByDeck, PilesByDeck]:
    """Two joined seats, the piles the game asks for (window 4) and ``window`` ones."""
    table = Table.sit(2, full_decks())
    table.join()
    asked, more = ({deck: Piles.deal(2, table.size(deck), w, FIRST[deck])
                    for deck in table.devices[0].decks} for w in (4, window))
    return table, asked, more


def test_key_parts_the_game_did_not_ask_for_are_refused() -> None:
    """Parts for positions no pile holds once the move that came with them is applied."""
    table, asked, more = asked_and_more(8)
    receiver = table.devices[0]
    receiver.receive(decode(encode(table.devices[1].outgoing(more))), asked, table.shown)
    with pytest.raises(Caught, match="seat 1: key parts the game did not ask for"):
        receiver.check_parts(asked, strict=True)


def test_a_wrong_part_checked_late_names_the_message_that_brought_it() -> None:
    """A part for a position the piles place only later (a waiting move draws it) is
    kept unchecked; once placed and refuted, the refusal carries the tag of the message
    that brought it (the caller's post), not of the message being taken then."""
    table, asked, more = asked_and_more(5)
    honest = table.devices[0].outgoing(more)  # seat 0 locks: its parts carry proofs
    entry = next(e for e in honest.parts if e.deck == "project")
    digests = (*entry.digests[:-1], entry.digests[0])  # the last one (placed later) wrong
    bent = Turn(0, 2, tuple(type(e)(e.deck, e.counts, digests, e.proofs) if e is entry else e
                            for e in honest.parts))
    receiver = table.devices[1]
    receiver.source = "post 7"
    receiver.receive(decode(encode(bent)), asked, table.shown)  # unplaced: kept unchecked
    receiver.source = "post 8"
    with pytest.raises(Caught, match="seat 0: a wrong key part") as caught:
        receiver.check_parts(more, strict=True)
    assert caught.value.source == "post 7"


def test_a_hand_off_sent_twice_differently_or_malformed_is_caught() -> None:
    table = Table.sit(3, {"corporation": corporation_deck(SETS)})
    first = table.devices[0].step()
    table.send(first, [1, 2])
    second = table.devices[1].step()
    table.send(second, [2])
    changed = (first.outputs[0][0][1:] + first.outputs[0][0][:1],)
    with pytest.raises(Caught, match="seat 1: step 1 .seat 0.s. differs"):
        table.devices[2].receive(decode(encode(type(second)(
            second.group, 1, 3, 0, second.decks, (changed, second.outputs[1])))))
    mark = table.devices[2].step()
    bad = tuple(x for x in mark.outputs[-1][0])
    with pytest.raises(Caught, match="seat 2: a malformed step"):
        table.devices[0].receive(decode(encode(type(mark)(
            mark.group, 2, 3, mark.first, mark.decks,
            mark.outputs[:-1] + (((bad[0],) + bad[:-1],),)))))
    with pytest.raises(DeviceError, match="missing"):
        Table.sit(3, {"corporation": corporation_deck(SETS)}).devices[0].receive(mark)


def test_a_two_seat_game_on_secp256k1() -> None:
    decks = {"project": project_deck(SETS)[:16], "corporation": corporation_deck(SETS)[:6]}
    table = Table.sit(2, decks, group=SECP256K1)
    table.join()
    table.piles = {"project": Piles.deal(2, 16, 2, 3), "corporation": Piles.deal(2, 6, 0, 2)}
    for device in table.devices:
        table.send(device.outgoing(table.piles))
    for seat in range(2):
        for deck, count in (("project", 3), ("corporation", 2)):
            for _ in range(count):
                table.draw(seat, deck)
    assert_secret(table)
    deck, position = table.drawn[1][0]
    table.turn(1, (table.show(1, deck, position),))
    table.draw(0)
    table.turn(0)
    assert_secret(table)
    table.reveal_all()
    assert [device.audit() for device in table.devices] == [[], []]


def test_a_device_rebuilt_from_its_seed_and_the_games_messages_holds_the_same() -> None:
    table = played(Table.sit(3, full_decks()), draws=12, shows=3)
    deck, position = table.hidden(1)[-1]
    caught = cheat(table, 1, Show(deck, position, bytes(32)), "Birds")
    table.log.append(encode(Turn(1, 3, (), (Show(deck, position, bytes(32)),))))
    table.shown[(deck, position)] = "Birds"
    table.reveal_all()
    for seat, device in enumerate(table.devices):
        again = Device(TEST_127, seat, 3, table.seeds[seat], GAME, full_decks())
        found = again.replay([decode(text) for text in table.log], table.piles, table.shown)
        assert [c.seat for c in found] == ([] if seat == 1 else [1])
        for other in range(3):
            for drawn_deck, drawn in table.drawn[other]:
                assert again.open(drawn_deck, drawn) == device.open(drawn_deck, drawn)
        assert again.audit() == device.audit()
    assert len(caught) == 2 and table.devices[0].audit() == [
        ("project", Finding(1, position, "part")), ("project", Finding(1, position, "wrong card"))]


def test_a_device_meets_well_formed_but_hostile_messages_with_its_own_errors_only() -> None:
    rng = random.Random(13)
    decks = {"project": project_deck(SETS)[:12], "corporation": corporation_deck(SETS)[:4]}
    fresh = Table.sit(3, decks)
    table = Table.sit(3, decks)
    table.join()
    table.piles = {deck: Piles.deal(3, table.size(deck), 2, 1) for deck in decks}
    for device in table.devices:
        table.send(device.outgoing(table.piles))
    for seat in range(3):
        table.draw(seat)
    honest = decode(table.log[0])
    assert isinstance(honest, HandOff)

    def element() -> int:
        return rng.choice([rng.getrandbits(128), rng.choice(honest.outputs[0][0]), 0, 1])

    def hostile() -> Message:
        seat, kind = rng.randrange(3), rng.randrange(3)
        if kind == 0:
            sizes = rng.choice([(12, 4), (12, 3), (5, 4)])
            steps = rng.randint(1, 3)
            return HandOff("test127", seat, rng.choice([3, 2]), rng.randrange(5 - steps + 1),
                           tuple(decks), tuple(tuple(tuple(element() for _ in range(n))
                                                     for n in sizes) for _ in range(steps)))
        if kind == 1:
            counts = tuple(0 if s == seat else rng.choice([0, 1, 2, 9]) for s in range(3))
            parts = (DeckParts(rng.choice(list(decks)), counts,
                               tuple(rng.randbytes(32) for _ in range(sum(counts)))),
                     ) if sum(counts) else ()
            shows = tuple(Show(rng.choice(["project", "corporation", "prelude"]),
                               rng.randrange(14), rng.randbytes(32))
                          for _ in range(rng.randrange(3)))
            return Turn(seat, rng.choice([3, 3, 3, 4]), parts, shows)
        return SeedReveal(rng.randrange(5), rng.randbytes(32))

    for _ in range(600):
        try:
            message = decode(encode(hostile()))
        except WireError:  # not even well-formed (the wire test's part)
            continue
        for device in (rng.choice(table.devices), rng.choice(fresh.devices)):
            try:
                device.receive(message, table.piles, {("project", 3): "Birds"})
            except DeviceError:
                pass


def test_a_hand_off_with_one_bad_deck_is_taken_for_no_deck() -> None:
    table = Table.sit(2, {"project": project_deck(SETS)[:10],
                          "corporation": corporation_deck(SETS)[:5]})
    good = table.devices[0].step()
    project, corporations = good.outputs[0]
    bad = HandOff(good.group, 0, 2, 0, good.decks, ((project, corporations[:1] * 5),))
    with pytest.raises(Caught, match="seat 0: a malformed step .* twice"):
        table.devices[1].receive(decode(encode(bad)))
    assert table.devices[1].steps_done() == 0
    table.devices[1].receive(decode(encode(good)))
    assert table.devices[1].my_step() is not None


def test_a_reveal_past_the_window_is_shown_before_its_parts_and_claimed_once_read() -> None:
    """Seat 0 reveals three cards with a window of one: it shows its own part of each at
    once (it cannot read the last two), the others send theirs for exactly those
    positions, then every device reads the same three cards and the audit passes."""
    table = Table.sit(3, {"project": project_deck(SETS)[:30]})
    table.join()
    table.piles = {"project": Piles.deal(3, 30, 1)}
    for device in table.devices:
        table.send(device.outgoing(table.piles))
    revealed = [table.piles["project"].draw(0) for _ in range(3)]
    assert [table.devices[0].open("project", p) is None for p in revealed] == [
        False, True, True]
    shows = tuple(table.devices[0].show("project", p, unread=True) for p in revealed)
    first = table.devices[0].open("project", revealed[0])
    for device in table.devices[1:]:  # the first reads at once, the others wait for parts
        taken = device.receive(decode(encode(Turn(0, 3, (), shows))), table.piles, ahead=True)
        assert taken == [Shown("project", revealed[0], str(first), 0)]
    upto = {"project": [len(table.piles["project"].drawn_by(s)) for s in range(3)]}
    for device in table.devices[1:]:
        answer = device.outgoing(table.piles, (), upto)
        assert [entry.counts for entry in answer.parts] == [(2, 0, 0)]
        table.send(answer)
    names = [[device.open("project", p) for p in revealed] for device in table.devices]
    assert names[0] == names[1] == names[2] and None not in names[0]
    assert table.devices[1].open("project", table.piles["project"].undrawn(0)[0]) is None
    table.reveal_all()
    assert [device.audit() for device in table.devices] == [[], [], []]
    assert all(len(device._decks["project"].claims) == 3  # noqa: SLF001 - the claims
               for device in table.devices)


def test_a_show_of_a_free_position_taken_ahead_blocks_nobody_and_fails_the_audit() -> None:
    """A show may come ahead of the move that reserves its position; one for a position
    that then goes to another seat does not stop that seat showing its card, and the
    audit names the seat that showed what it never drew (claimed after its drawer)."""
    table = Table.sit(3, {"project": project_deck(SETS)[:30]})
    table.join()
    table.piles = {"project": Piles.deal(3, 30, 1)}
    for device in table.devices:
        table.send(device.outgoing(table.piles))
    free = table.piles["project"].next_free
    stray = Show("project", free, table.devices[2]._decks["project"].keys.part(free))  # noqa: SLF001
    for device in table.devices[:2]:
        assert device.receive(Turn(2, 3, (), (stray,)), table.piles, ahead=True) == []
    table.draw(0)
    table.turn(1)
    table.turn(2)
    table.draw(0)
    assert table.drawn[0][-1] == ("project", free)
    table.turn(0, (table.show(0, "project", free),))
    names = {device.open("project", free) for device in table.devices}
    assert len(names) == 1 and None not in names
    table.reveal_all()
    found = table.devices[1].audit()
    assert [(deck, f.seat, f.position) for deck, f in found] == [("project", 2, free)]
