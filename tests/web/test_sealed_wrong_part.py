"""A wrong key part while a waiting move draws (issue 43, item 4), at page level: the page
names the seat that sent it, never "your cards open when the other devices' keys arrive".

The moment: game 7 of 2 seats with Prelude (tests/engine/test_sealed_reveals.py), where
Ann's Experimental Forest reveals project cards from the deck until two plant cards, past
her window. The move waits on Ann's device; each position it draws needs Bob's key part
(his answer post), and the next position is placed only once the move draws it. Ann's
device is a page (App) whose record is her device's history up to Bob's answer (a game id
not bound to a beginning: its links go unsigned, as before issue 43). Bob's answer then
arrives with one part wrong: the last part for the positions the move waits on, or the
last of his next answer's parts sent ahead with it (positions the move draws only after
these: a part is checked once its position is placed). Either way the link is refused
naming Bob, nothing of it is kept, and the page shows the refusal naming him, not a wait
for keys that came (the move still waits for Bob's right part, and the page says so)."""
from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from tests.engine.test_sealed_reveals import FOREST, hard_bots
from tests.kits.sealed_apps import noting, page_of
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
OPTIONS = replace(FOREST, names=["Ann", "Bob"])  # (the page names the seats)


@dataclass(frozen=True)
class Reveal:
    """Ann's history up to Bob's first answer to her reveal, that answer and his next."""
    held: list[Post]
    answer: Post
    next_answer: Post


def _parts(post: Post) -> DeckParts:
    message = decode(post.message)
    assert isinstance(message, Turn)
    return next(entry for entry in message.parts if entry.deck == "project")


@pytest.fixture(scope="module")
def reveal() -> Reveal:
    table = Table(OPTIONS, SECP256K1, hard_bots(2))
    ann = table.seats[0]
    answers: list[tuple[int, Post]] = []

    def note(post: Post) -> None:
        if post.seat == 1 and ann.needs and any(
                entry.deck == "project" for entry in getattr(decode(post.message), "parts", ())):
            answers.append((len(ann.log), post))

    with noting(ann, note):  # (Ann's device notes Bob's answers)
        table.shuffle()
        while len(answers) < 2:
            table.move()
    (index, answer), (_, next_answer) = answers[:2]
    return Reveal(list(ann.log[:index]), answer, next_answer)


def _ann(reveal: Reveal) -> App:
    return page_of(GAME, OPTIONS, 0, seat_seed(0), reveal.held)


def _link(reveal: Reveal, post: Post) -> str:
    return "#" + sealedlinks.encode(GAME, [post], len(reveal.held))


def _bent(reveal: Reveal, ahead: bool) -> Post:
    """Bob's answer with a wrong part: its last one, or, ``ahead``, with his next answer's
    parts after its own, the last of those wrong."""
    entry = _parts(reveal.answer)
    if ahead:
        more = _parts(reveal.next_answer)
        entry = DeckParts(entry.deck, tuple(a + b for a, b in zip(entry.counts, more.counts,
                                                                   strict=True)),
                          entry.digests + more.digests, entry.proofs + more.proofs)
    digests = (*entry.digests[:-1], entry.digests[0])  # the last one: another's digest
    message = decode(reveal.answer.message)
    assert isinstance(message, Turn)
    parts = tuple(replace(e, digests=digests, counts=entry.counts, proofs=entry.proofs)
                  if e.deck == "project" else e for e in message.parts)
    return Post(1, reveal.answer.move, encode(replace(message, parts=parts)))


def test_the_waiting_reveal_names_bob_and_his_honest_answer_lets_it_draw(
        reveal: Reveal) -> None:
    ann = _ann(reveal)
    shown = ann.screen_model().linkplay.sealed
    assert shown is not None and shown.awaited and all("Bob" in text for text in shown.awaited)
    ann.handle("open_link", {"text": _link(reveal, reveal.answer)})
    assert ann.shown.notice is None, ann.shown.notice
    play = ann.sealed.active()
    assert play is not None and len(play.history) > len(reveal.held)


@pytest.mark.parametrize("ahead", [False, True])
def test_a_wrong_key_part_for_a_position_the_waiting_move_draws_names_the_seat(
        reveal: Reveal, ahead: bool) -> None:
    ann = _ann(reveal)
    before = ann.store.storage.data[RECORD_PREFIX + GAME]  # type: ignore[attr-defined]
    ann.handle("open_link", {"text": _link(reveal, _bent(reveal, ahead))})
    caught = t("sealed.caught", name="Bob", what=t("sealed.why.wrong_part"))
    stopped = t("sealed.stopped", name="Bob", what=t("sealed.why.wrong_part"),
                post=len(reveal.held) + 1)
    assert ann.shown.notice in (caught, stopped), ann.shown.notice
    assert ann.store.storage.data[RECORD_PREFIX + GAME] == before  # type: ignore[attr-defined]
    assert esc(ann.shown.notice) in ann.render()["app"]  # (the page says so, naming Bob)
