"""A part checked late (issue 43): a key part whose position is known only once a waiting
move applies is checked then, so its refusal used to land on a later, honest link (the
game stalled with the right seat named on the wrong link). Now the post that carried it
is the one refused: the game stops before that post, naming its seat, and the later link
is kept (tests/kits/hostile.py's device speaks the protocol and signs what it sends).

Ann's device holds her setup, which completes the setup and waits for Bob's keys (the
setup reveal). Bob's hostile device first sends a link with one post of key parts for a
corporation position no pile will ever hold (kept unchecked while the move waits), then
his honest reveal, after that post."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.kits import hostile_links
from tests.kits.hostile import HostileDevice
from tests.kits.keys import TestSigner
from tests.kits.sealed_apps import history, reopened
from tm.fairdeck.wire import DeckParts, Turn, encode
from tm.linkplay import sealedlinks
from tm.linkplay.sealedlinks import SealedLink
from tm.linkplay.sealedplay import Post
from tm.web.app import App
from tm.web.i18n import t
from tm.web.sealedgame import RECORD_PREFIX, read_record

ANN_KEY, BOB_KEY = 11, 22


@dataclass(frozen=True)
class Waiting:
    """Ann's storage while her setup waits for Bob's reveal, and Bob's honest link."""
    game_id: str
    ann: dict[str, str]
    link: str


@pytest.fixture(scope="module")
def waiting() -> Waiting:
    at = hostile_links.table(0, until=_waits)
    return Waiting(at.game_id, dict(at.ann.store.storage.data),  # type: ignore[attr-defined]
                   at.honest)


def _waits(ann: App) -> bool:
    play = ann.sealed.active()
    return play is not None and bool(play.seat.waiting)


def _ann(waiting: Waiting) -> App:
    return reopened(waiting.ann, waiting.game_id, salt=1, key=ANN_KEY)


def _links(waiting: Waiting, held: list[Post]) -> tuple[list[Post], str, str]:
    """Bob's unasked post with his honest posts after it, the link that carries it alone,
    and the one that carries his honest reveal after it."""
    bob = HostileDevice(waiting.game_id, 1, TestSigner(BOB_KEY), lambda deck, p: bytes(32))
    parts = DeckParts("corporation", (1, 0), (b"\x07" * 32,))  # (Ann's pile is full)
    unasked = Post(1, None, encode(Turn(1, 2, (parts,))))
    honest = sealedlinks.decode(waiting.link.split("&")[0])
    new = honest.posts[len(held) - honest.first:]
    first = bob.sign(held, SealedLink(waiting.game_id, None, len(held), (unasked,)))
    then = bob.sign(held, SealedLink(waiting.game_id, None, len(held), (unasked, *new)))
    return [unasked, *new], first, then


def test_a_part_checked_late_stops_the_game_before_its_post_naming_the_seat_keeps_the_later_link(
        waiting: Waiting) -> None:
    ann = _ann(waiting)
    held = history(ann)
    posts, first, then = _links(waiting, held)
    ann.handle("open_link", {"text": "#" + first})  # kept: its part waits for the move
    assert ann.shown.notice is None and history(ann) == [*held, posts[0]]
    ann.handle("open_link", {"text": "#" + then})
    stop = t("sealed.stopped", name="Bob", what=t("sealed.why.unasked"), post=len(held) + 1)
    assert ann.shown.notice == stop
    record = read_record(ann.store.storage, waiting.game_id)
    assert record is not None and record.stopped == [len(held), 1, "key parts the game did not"
                                                     " ask for"]
    assert record.posts[len(held):] == [post.to_text() for post in posts]  # none lost
    stored = dict(ann.store.storage.data)  # type: ignore[attr-defined]
    reloaded = reopened(stored, waiting.game_id, salt=1, key=ANN_KEY)
    for app in (ann, reloaded):  # the game stands before the refuted post
        shown = app.screen_model().linkplay.sealed
        assert shown is not None and shown.awaited == (stop,) and shown.send_to is None
        assert not shown.can_decide and len(history(app)) == len(record.posts)
        assert app.sealed.active().seat.waiting  # type: ignore[union-attr]


def test_a_link_that_carries_the_unasked_post_and_the_move_it_waited_for_is_refused(
        waiting: Waiting) -> None:
    """Both in one link: refused with the link that brought the post, nothing kept."""
    ann = _ann(waiting)
    before = ann.store.storage.data[RECORD_PREFIX + waiting.game_id]  # type: ignore[attr-defined]
    _posts, _first, then = _links(waiting, history(ann))
    ann.handle("open_link", {"text": "#" + then})
    assert ann.shown.notice == t("sealed.caught", name="Bob", what=t("sealed.why.unasked"))
    assert ann.store.storage.data[RECORD_PREFIX + waiting.game_id] == before  # type: ignore[attr-defined]
