"""A hostile device in a sealed game (issue 43, item 4): Bob's device speaks the protocol and
signs what it sends, but cheats (tests/kits/hostile.py). Each attack is refused when it
arrives with a notice naming Bob, or named by Ann's audit; Ann's stored record loses
nothing and takes nothing of the bent link, and her game goes on with Bob's honest link."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.kits.games import form_fields
from tests.kits.hostile import HostileDevice
from tests.kits.keys import TestSigner
from tests.kits.sealed_apps import device, history, offer, play_own, reopened
from tm.fairdeck import SECP256K1, keys_for
from tm.fairdeck.wire import SeedReveal, Turn, decode
from tm.linkplay import sealedlinks
from tm.linkplay.sealedlinks import SealedLink
from tm.web.app import App
from tm.web.i18n import t
from tm.web.sealedgame import RECORD_PREFIX, read_record

NAMES = ["Ann", "Bob"]
ANN_KEY, BOB_KEY = 11, 22





@dataclass
class Moment:
    """Ann's storage just before she opens a link of Bob's, and that link."""
    ann: dict[str, str]
    link: str


@dataclass
class Played:
    game_id: str
    bob_seed: bytes
    mid: Moment  # a link of Bob's in generation 2 or later
    parts: Moment  # a link of Bob's in generation 2 or later with key parts of his
    end: Moment  # the link of Bob's that carries his seed


def _storage(app: App) -> dict[str, str]:
    return dict(app.store.storage.data)  # type: ignore[attr-defined]


def _carries_parts(link: str, seat: int) -> bool:
    return any(p.seat == seat and isinstance(m := decode(p.message), Turn) and bool(m.parts)
               for p in sealedlinks.decode(link.split("&")[0]).posts)


def _carries_seed(link: str, seat: int) -> bool:
    return any(p.seat == seat and isinstance(decode(p.message), SeedReveal)
               for p in sealedlinks.decode(link.split("&")[0]).posts)


@pytest.fixture(scope="module")
def played() -> Played:
    ann, bob = device(salt=1, key=ANN_KEY), device(salt=2, key=BOB_KEY)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    apps, sender = {"Ann": ann, "Bob": bob}, "Ann"
    mid = parts = end = None
    for _ in range(1000):
        play_own(apps[sender])
        offered = offer(apps[sender])
        if offered is None:
            break
        to, link = offered
        if to == "Ann" and ann.shown.game is not None:
            if mid is None and ann.shown.game.state.generation >= 2:
                mid = Moment(_storage(ann), link)
            if (parts is None and ann.shown.game.state.generation >= 2
                    and _carries_parts(link, 1)):
                parts = Moment(_storage(ann), link)
            if end is None and _carries_seed(link, 1):
                end = Moment(_storage(ann), link)
        apps[to].handle("open_link", {"text": "#" + link})
        assert apps[to].shown.notice is None, apps[to].shown.notice
        if apps[to].shown.meta.seat < 0:
            apps[to].handle("choose_seat", {"seat": NAMES.index(to)})
        sender = to
    assert mid is not None and parts is not None and end is not None
    game_id = ann.shown.meta.link_id
    assert game_id is not None
    record = read_record(bob.store.storage, game_id)
    assert record is not None
    return Played(game_id, record.seed, mid, parts, end)


def _bob(played: Played) -> HostileDevice:
    def part(deck: str, position: int) -> bytes:
        return keys_for(SECP256K1, played.bob_seed, f"{played.game_id}/{deck}").part(position)
    return HostileDevice(played.game_id, 1, TestSigner(BOB_KEY), part)


def _ann_at(played: Played, moment: Moment) -> App:
    return reopened(moment.ann, played.game_id, salt=1, key=ANN_KEY)


_held = history


def _refused(played: Played, ann: App, bent: str) -> str:
    """Ann opens the bent link: refused, her record as it was; returns the notice."""
    before = _storage(ann)[RECORD_PREFIX + played.game_id]
    digest = ann.shown.game.digest()  # type: ignore[union-attr]
    ann.handle("open_link", {"text": "#" + bent})
    notice = ann.shown.notice
    assert notice is not None
    assert _storage(ann)[RECORD_PREFIX + played.game_id] == before  # nothing taken or lost
    assert ann.shown.game is not None and ann.shown.game.digest() == digest
    return notice


def _plays_on(ann: App, honest: str) -> None:
    """Bob's honest link still opens, and Ann's game goes on (she has a link to send)."""
    ann.handle("open_link", {"text": "#" + honest})
    assert ann.shown.notice is None, ann.shown.notice
    play_own(ann)
    assert offer(ann) is not None


def _caught(what: str) -> str:
    return t("sealed.caught", name="Bob", what=what)


def test_a_wrong_key_part_is_refused_on_arrival_naming_its_seat(played: Played) -> None:
    ann = _ann_at(played, played.parts)
    bent = _bob(played).wrong_part(_held(ann), played.parts.link)
    assert _refused(played, ann, bent) == _caught(t("sealed.why.wrong_part"))
    _plays_on(ann, played.parts.link)


def test_a_junk_hand_off_for_a_generation_that_never_opens_is_refused_on_arrival(
        played: Played) -> None:
    ann = _ann_at(played, played.mid)
    elements = tuple(SECP256K1.cards("junk", 3))
    bent = _bob(played).junk_handoff(_held(ann), played.mid.link, elements)
    notice = _refused(played, ann, bent)
    # refused by the shape check (more hand-offs than a run may hold), or else by the fair
    # deck's own check of what the game asks: either way on arrival, naming Bob
    head = t("err.link.sealed_unasked", name="Bob", count=0).partition("(")[0]
    assert notice == _caught(t("sealed.why.unasked")) or head in notice, notice
    _plays_on(ann, played.mid.link)


def test_a_move_the_rules_refuse_is_refused_naming_its_seat(played: Played) -> None:
    ann = _ann_at(played, played.mid)
    bent = _bob(played).refused_move(_held(ann), played.mid.link)
    notice = _refused(played, ann, bent)
    head, _, tail = _caught("\x00").partition("\x00")
    rules = t("sealed.why.rules", reason="\x00").partition("\x00")[0]
    assert notice.startswith(head + rules) and notice.endswith(tail), notice
    _plays_on(ann, played.mid.link)


def test_equivocation_is_shown_with_both_signatures_naming_the_seat(played: Played) -> None:
    ann = _ann_at(played, played.mid)
    held = _held(ann)
    bent = _bob(played).equivocate(held)
    notice = _refused(played, ann, bent)
    link = sealedlinks.decode(bent.split("&")[0])
    theirs = bent.split("&s=")[1].split("&")[0].split("~")
    ours = [s for s in theirs if s.startswith("1.")]
    assert ours, theirs
    expected_start = t("sealed.equivocation", name="Bob", move=link.first + 1, ours="\x00",
                       theirs="\x00").partition("\x00")[0]
    assert notice.startswith(expected_start), notice
    signature = ours[0].split(".")[2]  # (base64url in the link, base64 in the notice)
    assert signature.replace("-", "+").replace("_", "/").rstrip("=")[:40] in notice
    _plays_on(ann, played.mid.link)


def test_a_withheld_seed_is_named_unverified_by_the_audit(played: Played) -> None:
    ann = _ann_at(played, played.end)
    bent = _bob(played).withhold_seed(_held(ann), played.end.link)
    ann.handle("open_link", {"text": "#" + bent})
    assert ann.shown.notice is None, ann.shown.notice
    assert ann.shown.game is not None and ann.shown.game.is_over
    assert ann.sealed.audit_due()  # the audit runs on what is there
    ann.handle("sealed_audit", {})
    shown = ann.screen_model().linkplay.sealed
    assert shown is not None and shown.audit
    unverified = t("sealed.finding", name="Bob", what=t("sealed.audit.no_seed"),
                   deck=t("sealed.deck.project"))
    assert unverified in shown.audit and all(text.startswith("Bob:") for text in shown.audit)
    seed = next(p for p in sealedlinks.decode(played.end.link.split("&")[0]).posts
                if p.seat == 1 and isinstance(decode(p.message), SeedReveal))
    held = _held(ann)
    late = _bob(played).sign(held, SealedLink(played.game_id, None, len(held), (seed,)))
    ann.handle("open_link", {"text": "#" + late})  # the seed comes after all
    assert ann.shown.notice is None and ann.sealed.audit_due()
    ann.handle("sealed_audit", {})
    assert ann.screen_model().linkplay.sealed.audit == ()  # type: ignore[union-attr]
