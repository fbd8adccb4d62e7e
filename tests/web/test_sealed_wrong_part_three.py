"""A wrong key part refused on a *later* link of a 3-seat sealed game (issue 43, item 4), at
page level: the first link (honest) is taken, the next one carries a wrong part and is
refused naming the seat that sent it (tests/web/test_sealed_wrong_part.py: 2 seats, the
first link).

The moment: the first time after the first deal that Ann's device takes, one after the
other and with none of her own posts between, a post with project key parts from one seat
and then one from the other (tests/engine: the 3-seat table played by hard bots).
Ann's device is a page (App) whose record is her history before the first; the first
link carries the posts up to the second, the second link that post with its last part
wrong (another position's digest). It is refused naming its seat, nothing of it kept."""
from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from tests.engine.test_sealed_reveals import hard_bots
from tests.kits.sealed_apps import noting, page_of
from tm.core.state import Options
from tm.fairdeck import SECP256K1
from tm.fairdeck.wire import DeckParts, Turn, decode, encode
from tm.linkplay import sealedlinks
from tm.linkplay.sealedplay import Post
from tm.testing.sealed_table import Table, seat_seed
from tm.web.app import App
from tm.web.html import esc
from tm.web.i18n import t
from tm.web.sealedgame import RECORD_PREFIX

GAME = "g1"  # (the engine table's game id: not bound, so links need no seals)
NAMES = ["Ann", "Bob", "Carl"]
LATER = 20  # (posts: the first deal's are the first Ann takes)
OPTIONS = Options(players=3, seed=11, expansions=["corpera"], sealed=True, names=NAMES)


@dataclass(frozen=True)
class Later:
    held: list[Post]  # Ann's history before the first link
    first: list[Post]  # the first link's posts (honest)
    second: Post  # the later link's post, with key parts (from the other seat)


def _parts(post: Post) -> DeckParts | None:
    message = decode(post.message)
    return next((entry for entry in getattr(message, "parts", ()) if entry.deck == "project"),
                None)


def _pair(seen: list[tuple[int, Post]], log: list[Post]) -> tuple[int, int] | None:
    """Two posts with parts Ann took from two other seats, none of hers between (past
    the first deal: a generation's research draw)."""
    for (i, a), (j, b) in zip(seen, seen[1:], strict=False):
        if i > LATER and a.seat != b.seat and all(p.seat != 0 for p in log[i:j]):
            return i, j
    return None


@pytest.fixture(scope="module")
def later() -> Later:
    table = Table(OPTIONS, SECP256K1, hard_bots(3))
    ann = table.seats[0]
    seen: list[tuple[int, Post]] = []

    def note(post: Post) -> None:
        if post.seat != 0 and _parts(post) is not None:
            seen.append((len(ann.log), post))

    with noting(ann, note):  # (Ann's device notes the parts it takes)
        table.shuffle()
        for _ in range(400):
            if _pair(seen, ann.log) is not None:
                break
            table.move()
    found = _pair(seen, ann.log)
    assert found is not None, "no such moment"
    i, j = found
    return Later(list(ann.log[:i]), list(ann.log[i:j]), ann.log[j])


def _ann(later: Later) -> App:
    return page_of(GAME, OPTIONS, 0, seat_seed(0), later.held)


def _bent(post: Post) -> Post:
    """The post with its last project part wrong (another position's digest)."""
    message = decode(post.message)
    assert isinstance(message, Turn)
    parts = tuple(replace(e, digests=(*e.digests[:-1], e.digests[0]))
                  if e.deck == "project" else e for e in message.parts)
    return replace(post, message=encode(replace(message, parts=parts)))


def test_a_wrong_key_part_on_a_later_link_is_refused_naming_its_seat(later: Later) -> None:
    ann = _ann(later)
    ann.handle("open_link", {"text": "#" + sealedlinks.encode(GAME, later.first,
                                                              len(later.held))})
    assert ann.shown.notice is None, ann.shown.notice
    before = ann.store.storage.data[RECORD_PREFIX + GAME]  # type: ignore[attr-defined]
    start = len(later.held) + len(later.first)
    ann.handle("open_link", {"text": "#" + sealedlinks.encode(GAME, [_bent(later.second)],
                                                              start)})
    name = NAMES[later.second.seat]
    caught = t("sealed.caught", name=name, what=t("sealed.why.wrong_part"))
    stopped = t("sealed.stopped", name=name, what=t("sealed.why.wrong_part"), post=start + 1)
    assert ann.shown.notice in (caught, stopped), ann.shown.notice
    assert ann.store.storage.data[RECORD_PREFIX + GAME] == before  # type: ignore[attr-defined]
    assert esc(ann.shown.notice) in ann.render()["app"]
    honest = _ann(later)  # (the same links, the part right: both taken)
    honest.handle("open_link", {"text": "#" + sealedlinks.encode(
        GAME, [*later.first, later.second], len(later.held))})
    assert honest.shown.notice is None, honest.shown.notice
