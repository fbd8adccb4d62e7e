"""Key parts of a reshuffled deck prove themselves (issue 43, item 4): from wire version 3
every seat's mix step of a reshuffle commits to what its lock takes off, so every key part
of a generation carries a Chaum–Pedersen proof, and a wrong one is refused on arrival,
naming its seat, as in the first generation. A game begun before (version 2) reshuffles
under its own schedule, its generation's parts checked by the audit only.

Four devices play a base game on TEST_127 through the project deck's first reshuffle to
the end; a hostile seat's post with a wrong part of the new generation is refused by every
other device, which then takes the honest post and plays on (a refused post leaves a
device as it was: the page keeps its record atomic, here a copy taken before it)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.engine.test_sealed_fairdeck import hard_bots
from tm import Options
from tm.fairdeck import (
    TEST_127,
    Device,
    Piles,
    ShuffleError,
    Transcript,
    generations,
    keys_for,
    proofs,
    reshuffle,
    run_step,
)
from tm.fairdeck.held import Caught
from tm.fairdeck.wire import DeckParts, HandOff, Turn, decode, encode
from tm.game import Game
from tm.linkplay.sealedplay import Post, SealedSeat, read_post
from tm.testing.sealed_table import Table, seat_seed

OPTIONS = Options(players=4, seed=5, expansions=[], sealed=True)


def test_every_seats_part_of_a_version_3_generation_verifies_and_no_other_does() -> None:
    """Three seats: the last one, which mix-locks a first generation, mixes and locks a
    reshuffle; each proof holds for its own part at its position and for nothing else."""
    seeds = [bytes([seat]) * 32 for seat in range(3)]
    old = Transcript(TEST_127, "g/project", 3, 30)
    while (step := old.next_step()) is not None:
        run_step(old, keys_for(TEST_127, seeds[step.seat], old.label))
    new = reshuffle(old, range(0, 30, 3), "g/project/2", proved=True)
    keys = [keys_for(TEST_127, seed, new.label) for seed in seeds]
    while (step := new.next_step()) is not None:
        run_step(new, keys[step.seat])
    assert [s.kind for s in new.steps()[3:]] == ["mix"] * 3 + ["lock"] * 3
    assert sorted(new.commitments) == [0, 1, 2]
    for seat, mine in enumerate(keys):
        for position in range(10):
            proof = proofs.prove(new, mine, seat, position)
            assert proofs.verify(new, seat, position, mine.part(position), proof)
            assert not proofs.verify(new, seat, position, mine.part(position + 1), proof)
            assert not proofs.verify(new, (seat + 1) % 3, position, mine.part(position), proof)


def test_a_mix_step_of_a_version_3_reshuffle_without_its_commitment_is_malformed() -> None:
    seeds = [bytes([seat]) * 32 for seat in range(2)]
    old = Transcript(TEST_127, "g/project", 2, 12)
    while (step := old.next_step()) is not None:
        run_step(old, keys_for(TEST_127, seeds[step.seat], old.label))
    new = reshuffle(old, range(6), "g/project/2", proved=True)
    while len(new.outputs) < 2:  # the unlock round
        run_step(new, keys_for(TEST_127, seeds[len(new.outputs)], new.label))
    mixed = tuple(TEST_127.power(x, 5) for x in new.last()[::-1])
    with pytest.raises(ShuffleError, match="seat 0 \\(mix\\): a missing or bad commitment"):
        new.add(mixed)


class HostileTable(Table):
    """A table where ``cheats`` send, with the first post carrying key parts of a
    reshuffled generation, a wrong part of it first (their own part of another
    position, with the proof of the right one); every refusal is kept in ``refused``."""

    def __init__(self, cheats: tuple[int, ...]) -> None:
        super().__init__(OPTIONS, TEST_127, hard_bots(4))
        self.cheats = set(cheats)
        self.refused: list[tuple[int, Caught]] = []  # (the receiving seat, what it raised)

    def deliver(self, post: Post) -> list[Post]:
        if post.seat in self.cheats and _generation_parts(post):
            self.cheats.discard(post.seat)
            self._refuse_everywhere(_bent(post, self.seats[post.seat].device))
        return super().deliver(post)

    def _refuse_everywhere(self, bent: Post) -> None:
        for seat, device in enumerate(self.seats):
            if seat == bent.seat:
                continue
            kept = copy.deepcopy(device)  # (what the page's stored record keeps)
            with pytest.raises(Caught) as caught:
                device.receive(read_post(bent.to_text()))
            self.refused.append((seat, caught.value))
            self.seats[seat] = kept
            kept.game.dealer = kept.device


def _generation_parts(post: Post) -> DeckParts | None:
    message = decode(post.message)
    if not isinstance(message, Turn):
        return None
    return next((entry for entry in message.parts if "/" in entry.deck), None)


def _bent(post: Post, device: Device) -> Post:
    """The post with its first part of a generation replaced by another position's."""
    message = decode(post.message)
    assert isinstance(message, Turn)
    entry = next(e for e in message.parts if "/" in e.deck)
    keys = device._decks[entry.deck].keys  # noqa: SLF001 - the cheat's own keys
    wrong = next(keys.part(p) for p in range(50) if keys.part(p) not in entry.digests)
    bent = DeckParts(entry.deck, entry.counts, (wrong, *entry.digests[1:]), entry.proofs)
    return Post(post.seat, post.move, encode(Turn(
        message.seat, message.seats, tuple(bent if e is entry else e for e in message.parts),
        message.shows, message.version)))


@pytest.fixture(scope="module")
def hostile() -> HostileTable:
    """Seats 0 (a lock seat of the first generation) and 3 (its mix-lock seat) cheat."""
    table = HostileTable(cheats=(0, 3))
    table.shuffle()
    table.play_to_end()
    table.end()
    return table


def test_every_key_part_of_a_reshuffled_deck_carries_a_proof(hostile: HostileTable) -> None:
    state = hostile.seats[0].game.state
    assert sum(state.sealed["piles"]["project/2"]["drawn"]) > 20
    handoffs = [decode(p.message) for p in hostile.posts]
    steps = [m for m in handoffs if isinstance(m, HandOff) and m.decks == ("project/2",)]
    assert [m.first for m in steps] == list(range(3 * 4))  # every seat mixes and locks
    assert [len(m.commitments) for m in steps] == [0] * 4 + [1] * 4 + [0] * 4
    assert [len(m.vouches) for m in steps] == [0] * 4 + [1] * 4 + [0] * 4  # (version 4)
    given = [(post.seat, entry) for post in hostile.posts
             if (entry := _generation_parts(post)) is not None]
    assert {seat for seat, _entry in given} == {0, 1, 2, 3}
    assert all(len(entry.proofs) == 1 for _seat, entry in given)  # (version 6: one a deck)


def test_a_wrong_part_of_a_reshuffled_deck_is_refused_on_arrival_naming_its_seat(
        hostile: HostileTable) -> None:
    named = {(seat, caught.seat, caught.reason, caught.deck)
             for seat, caught in hostile.refused}
    assert named == {(seat, cheat, "a wrong key part", "project/2")
                     for cheat in (0, 3) for seat in range(4) if seat != cheat}


def test_the_honest_devices_play_on_after_the_refusal_and_every_audit_passes(
        hostile: HostileTable) -> None:
    assert hostile.seats[0].game.is_over
    for device in hostile.seats:
        assert device.audit() == [] and not device.waiting and not device.early
        assert device.game.scores() == hostile.seats[0].game.scores()


def test_a_game_begun_before_version_3_reshuffles_under_its_own_schedule() -> None:
    """Version 2 (as stored games on devices hold it): 3n - 1 steps, no commitments, its
    generation's parts unproved (the audit checks them), and the game ends audited."""
    table = Table(OPTIONS, TEST_127, hard_bots(4))
    for seat in table.seats:
        seat.device.adopt(2)
    table.shuffle()
    table.play_to_end()
    table.end()
    messages = [decode(p.message) for p in table.posts]
    assert {m.version for m in messages} == {2}
    steps = [m for m in messages if isinstance(m, HandOff) and m.decks == ("project/2",)]
    assert [m.first for m in steps] == list(range(3 * 4 - 1))
    assert all(not entry.proofs for m in messages if isinstance(m, Turn)
               for entry in m.parts if "/" in entry.deck)
    assert all(isinstance(seat, SealedSeat) and seat.audit() == [] for seat in table.seats)


@pytest.mark.parametrize(("corpus", "version", "steps"), [
    ("sealed1", 2, 3 * 4 - 1),  # before version 3: no commitments, unproved parts
    ("sealed2", 3, 3 * 4),  # before version 4: commitments, no unlock proofs
    ("sealed4", 5, 3 * 4),  # before version 6: a proof a part
])
def test_a_reshuffle_recorded_before_version_3_or_4_replays_and_audits(
        corpus: str, version: int, steps: int) -> None:
    """tests/corpus/sealed1, sealed2 and sealed4/reshuffle.json, every post of a 4-seat game
    made by the code before version 3, 4 and 6: each seat's device, rebuilt from its seed and the
    posts by today's code, reads every card its seat drew and every card shown, and
    passes the audit."""
    recorded = json.loads((Path(__file__).resolve().parents[1] / "corpus" / corpus
                           / "reshuffle.json").read_text())
    log = [decode(read_post(text).message) for text in recorded["posts"]]
    piles = {deck: Piles(**data) for deck, data in recorded["sealed"]["piles"].items()}
    reshuffles = {deck: generations.sources_of(sources)
                  for deck, sources in recorded["sealed"]["reshuffles"].items()}
    claims = {(deck, position): name
              for deck, position, name, _s in recorded["sealed"]["shown"]}
    assert {m.version for m in log} == {version} and "project/2" in reshuffles
    for seat in range(4):
        options = Options(players=4, seed=5, expansions=[], sealed=True)
        device = SealedSeat(Game.new(options), seat, seat_seed(seat), "g1", TEST_127).device
        device.adopt(version)
        assert device.replay(log, piles, claims, reshuffles) == []
        assert len(device._decks["project/2"].transcript.outputs) == steps  # noqa: SLF001
        assert all(device.open(deck, position) == name
                   for (deck, position), name in claims.items())
        assert all(device.open(deck, position) is not None for deck, pile in piles.items()
                   for position in pile.drawn_by(seat))
        assert device.audit(piles) == []
