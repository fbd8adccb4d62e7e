"""Links of a sealed game (issue 32): devices that hold only what links gave them.

A complete 2-seat sealed game is played where each device receives nothing but decoded
links (:class:`tm.testing.sealed_table.LinkTable`): the devices end in the same state,
every audit passes, and no link names a card the rules had not shown when it was sent.
The codec refuses gaps, forks, links of another game, and any hostile text with
``LinkError`` alone.
"""
from __future__ import annotations

import base64
import json
import random
import zlib
from dataclasses import replace

import pytest

from tm import Options
from tm.bots import Bot
from tm.cards import corporation_deck, project_deck
from tm.core.errors import reason_of
from tm.core.state import to_dict
from tm.fairdeck import TEST_127
from tm.fairdeck.wire import HandOff, SeedReveal, decode
from tm.linkplay import sealedlinks
from tm.linkplay.links import LinkError
from tm.linkplay.sealedlinks import decode as decode_link
from tm.linkplay.sealedlinks import encode as encode_link
from tm.linkplay.sealedlinks import merge
from tm.linkplay.sealedplay import Post
from tm.testing.sealed_table import LinkTable

OPTIONS = Options(players=2, seed=7, sealed=True)


def _decide(players: int):  # noqa: ANN202 - a test's bot seats
    bots = [Bot("hard", 100 + seat) for seat in range(players)]
    return lambda seat, view: bots[seat].decide(view)


@pytest.fixture(scope="module")
def by_links() -> LinkTable:
    table = LinkTable(OPTIONS, TEST_127, _decide(2))
    table.end(table.play())
    return table


def _key(error: pytest.ExceptionInfo[LinkError]) -> str | None:
    found = reason_of(error.value)
    return None if found is None else found.key


# ---------------------------------------------------------------- a whole game
def test_a_game_played_only_by_links_ends_alike_on_every_device_and_passes_the_audit(
        by_links: LinkTable) -> None:
    seats = by_links.seats()
    assert all(seat.game.is_over for seat in seats)
    assert to_dict(seats[0].game.state) == to_dict(seats[1].game.state)
    assert seats[0].game.scores() == seats[1].game.scores()
    assert all(seat.audit() == [] and not seat.waiting for seat in seats)
    histories = [by_links.holder(s).history for s in range(2)]
    assert histories[0] == histories[1]
    assert sum(isinstance(decode(p.message), SeedReveal) for p in histories[0]) == 2
    assert by_links.moves > 200
    # Only the first link to seat 1 carries the options (it joins by it); the join is the
    # three shuffle links and seat 1's opening with its setup (seat 0's first decision).
    assert [s.phase for s in by_links.sent[:5]] == ["join"] * 4 + ["play"]
    carried = [decode_link(s.text).options is not None for s in by_links.sent]
    assert carried.index(True) == 0 and carried.count(True) == 1


def test_no_link_names_a_card_the_rules_had_not_shown_when_it_was_sent(
        by_links: LinkTable) -> None:
    names = set(project_deck(["corpera"])) | set(corporation_deck(["corpera"]))
    tokens = 0
    for sent in by_links.sent:
        if sent.phase == "end":
            continue  # the seeds: the game is over, everything may be known (the audit)
        link = decode_link(sent.text)
        moves = json.dumps([p.move for p in link.posts])
        text = sent.text + moves + "".join(repr(decode(p.message)) for p in link.posts)
        named = {name for name in names if json.dumps(name) in text}
        assert named <= sent.shown, sorted(named - sent.shown)
        tokens += moves.count('"#p')
    # The moves do speak of cards — by their tokens (a name appears only where the rules
    # had shown the card: a resource on a played card, say, which this game may not need).
    assert tokens > 50


def test_a_turns_link_is_short(by_links: LinkTable) -> None:
    play = sorted(s.chars for s in by_links.sent if s.phase == "play")
    assert play[len(play) // 2] < 1000
    assert max(play) < 4000


# ---------------------------------------------------------------- gaps, forks
def _history(by_links: LinkTable) -> list[Post]:
    return by_links.holder(0).history


def test_a_link_that_leaves_a_gap_is_refused_saying_what_is_missing(
        by_links: LinkTable) -> None:
    history = _history(by_links)
    link = decode_link(encode_link("g1", history[10:20], 10))
    with pytest.raises(LinkError) as caught:
        merge(history[:8], link, "g1")
    assert _key(caught) == "link.sealed_gap"
    assert "posts 8 to 9 are missing" in str(caught.value)
    assert merge(history[:10], link, "g1") == history[10:20]


def test_posts_held_already_are_checked_and_skipped(by_links: LinkTable) -> None:
    history = _history(by_links)
    link = decode_link(encode_link("g1", history[5:30], 5))
    assert merge(history[:20], link, "g1") == history[20:30]
    assert merge(history[:40], link, "g1") == []


def test_a_forked_history_is_refused(by_links: LinkTable) -> None:
    history = _history(by_links)
    moved = next(i for i, p in enumerate(history) if p.move is not None and i >= 12)
    forked = list(history[:30])
    forked[moved] = replace(forked[moved], move={"type": "pass"})
    link = decode_link(encode_link("g1", forked[10:], 10))
    with pytest.raises(LinkError) as caught:
        merge(history[:25], link, "g1")
    assert _key(caught) == "link.sealed_fork"
    assert f"post {moved} differs" in str(caught.value)


def test_a_link_of_another_game_is_refused(by_links: LinkTable) -> None:
    link = decode_link(encode_link("other-game", _history(by_links)[:3]))
    with pytest.raises(LinkError) as caught:
        merge([], link, "g1")
    assert _key(caught) == "link.sealed_other_game"


def test_a_link_round_trips_its_posts_and_options(by_links: LinkTable) -> None:
    history = _history(by_links)
    link = decode_link(encode_link("g1", history, 0, OPTIONS))
    assert link.options == OPTIONS and link.first == 0 and list(link.posts) == history
    assert isinstance(decode(link.posts[0].message), HandOff)


# ---------------------------------------------------------------- hostile text
def _payload(body: bytes) -> str:
    return "s=" + base64.urlsafe_b64encode(zlib.compress(body)).decode().rstrip("=")


def _sized(data: bytes) -> bytes:
    return bytes([len(data)]) + data


def _refused(text: object) -> None:
    with pytest.raises(LinkError):
        decode_link(text)  # type: ignore[arg-type]


def test_hostile_links_raise_link_error_and_nothing_else(by_links: LinkTable) -> None:
    history = _history(by_links)
    good = encode_link("g1", history[:12], 0, OPTIONS)
    rng = random.Random(32)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ #%"
    for _ in range(300):
        _refused("s=" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(40))))
    for cut in range(3, len(good), max(1, len(good) // 150)):
        _refused(good[:cut])
    refused = 0
    for _ in range(300):
        at = rng.randrange(2, len(good))
        mutated = good[:at] + rng.choice(alphabet[:64].replace(good[at], "")) + good[at + 1:]
        try:
            decode_link(mutated)  # a flip in a random part may still decode: never else
        except LinkError:
            refused += 1
    assert refused > 250
    for junk in (None, 5, b"s=", "", "g=abc", "s=", "s=" + "A" * (sealedlinks.MAX_CHARS + 1)):
        _refused(junk)


def test_crafted_payloads_are_bounded_before_they_are_read() -> None:
    gid = bytes([1, 2]) + b"g1"
    varint_huge = bytes([0xFF] * 9 + [0x7F])
    for body in (b"", bytes([9]) + gid[1:], bytes([1, 0]), bytes([1, 65]) + b"a" * 65,
                 bytes([1, 2]) + b"g!" + b"\0\0\0", gid + varint_huge,  # options too long
                 gid + b"\0" + varint_huge,  # first too large
                 gid + b"\0\0" + varint_huge,  # too many posts
                 gid + b"\0\0\x01" + varint_huge,  # a move too long
                 gid + b"\0\0\x01\x03{}",  # a move cut short
                 gid + b"\0\0\x01\x03[]\x00",  # a move not an object
                 gid + b"\0\0\x01\x00\x05\x01\x02\x00\x02\x00",  # a message too short
                 gid + b"\0\0\x00\x00",  # trailing bytes
                 gid + b"\x80\x00\0\0",  # a varint not minimal
                 gid + b"\x05[1,2]\0\0",  # options not an object
                 gid + _sized(b'{"players":9,"sealed":true}') + b"\0\0",  # not a game
                 gid + _sized(b'{"players":2}') + b"\0\0",  # a game not sealed
                 gid + _sized(b'{"players":2,"sealed":"y"}') + b"\0\0",  # of another type
                 gid + _sized(b'{"players":2,"sealed":true,"x":1}') + b"\0\0",  # unknown
                 gid + _sized(b'{"players":2,"sealed":true}') + b"\0"):  # no post count
        _refused(_payload(body))
    bomb = "s=" + base64.urlsafe_b64encode(
        zlib.compress(b"\0" * (sealedlinks.MAX_BYTES + 10), 9)).decode().rstrip("=")
    _refused(bomb)
    _refused(_payload(gid + b"\0\0\0")[:-3])  # the deflated stream cut short
    _refused(_payload(gid + b"\0\0\0") + "AAAA")  # bytes after the stream


def test_one_step_hand_offs_shorten_the_join_and_every_device_holds_every_step(
        by_links: LinkTable) -> None:
    """A history read in one order holds every earlier step, so a hand-off need carry only
    its own (SealedSeat's default), not every step from the first."""
    every = LinkTable(OPTIONS, TEST_127, _decide(2), one_step=False)
    every.play(stop=lambda: every.moves > 0)
    table = by_links
    join = [s.chars for s in table.sent if s.phase == "join"][:3]  # the shuffle's
    before = [s.chars for s in every.sent if s.phase == "join"][:3]
    assert len(join) == len(before) == 3 and sum(join) < 0.7 * sum(before)
    assert all(seat.device.steps_done() == 3 for seat in table.seats())


@pytest.mark.slow  # two whole 3-seat games (about 10 s)
def test_in_a_group_chat_each_post_travels_once_and_the_game_is_the_same() -> None:
    """Issue 49: links posted where every device reads them carry only the posts since the
    chat's last link, a hand-off alone (one step a link at most); the devices take them in
    the same order as links sent seat to seat, so the history, the final state and the
    audits are those of the game by direct links, and the longest links are shorter (a
    3-seat join link carries one step, not several)."""
    options = Options(players=3, seed=7, sealed=True)
    direct, chat = (LinkTable(options, TEST_127, _decide(3), group_chat=mode)
                    for mode in (False, True))
    for table in (direct, chat):
        table.end(table.play())
    histories = [table.holder(s).history for table in (direct, chat) for s in range(3)]
    assert all(history == histories[0] for history in histories)
    assert to_dict(chat.seats()[0].game.state) == to_dict(direct.seats()[0].game.state)
    assert all(seat.audit() == [] and not seat.waiting for seat in chat.seats())
    assert sum(sent.posts for sent in chat.sent) == len(histories[0])  # each post once
    alone = [decode_link(s.text).posts for s in chat.sent]
    assert all(len(posts) == 1 for posts in alone  # a hand-off in a link of its own
               if any(isinstance(decode(p.message), HandOff) for p in posts))
    carried = [decode_link(s.text).options is not None for s in chat.sent]
    assert carried == [True] + [False] * (len(carried) - 1)
    longest = [max(s.chars for s in table.sent if s.phase == "join") for table in (direct, chat)]
    assert longest[1] < longest[0]
    assert sum(s.chars for s in chat.sent) < 0.7 * sum(s.chars for s in direct.sent)
