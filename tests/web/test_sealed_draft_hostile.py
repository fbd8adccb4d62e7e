"""A hostile device in a sealed game with the draft (issue 49), in the page driven in
CPython: Bob's device signs its own bent links, so only the fair deck's checks stand.
A card he passes on with a key that does not open it is refused on arrival with a notice
naming him (nothing kept, his honest link then opens); a hand he passes on without its
keys is taken (nobody else can check it) and Ann's page says it waits for his device to
pass her the keys."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.kits.hostile import HostileDevice
from tests.kits.hostile_links import table
from tests.kits.keys import TestSigner
from tests.kits.sealed_apps import history, offer, play_own, reopened
from tm.fairdeck import SECP256K1, keys_for
from tm.fairdeck.wire import Turn, decode
from tm.linkplay import sealedlinks
from tm.web.app import App
from tm.web.html import esc
from tm.web.i18n import t
from tm.web.sealedgame import RECORD_PREFIX, read_record

ANN_KEY, BOB_KEY = 11, 22


@dataclass
class Passed:
    game_id: str
    bob_seed: bytes
    ann: dict[str, str]  # Ann's storage just before she opens the link
    link: str  # Bob's link whose pick passes Ann a hand


def _passes(link: str, seat: int) -> bool:
    return any(p.seat == seat and isinstance(m := decode(p.message), Turn) and bool(m.passes)
               for p in sealedlinks.decode(link.split("&")[0]).posts)


def _storage(app: App) -> dict[str, str]:
    return dict(app.store.storage.data)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def passed() -> Passed:
    """Ann and Bob play a sealed game with the draft until Bob's link passes Ann a hand."""
    at = table(0, fields={"draft": "on"}, carrying=lambda link: _passes(link, 1))
    record = read_record(at.bob.store.storage, at.game_id)
    assert record is not None
    return Passed(at.game_id, record.seed, _storage(at.ann), at.honest)


def _bob(passed: Passed) -> HostileDevice:
    def part(deck: str, position: int) -> bytes:
        return keys_for(SECP256K1, passed.bob_seed, f"{passed.game_id}/{deck}").part(position)
    return HostileDevice(passed.game_id, 1, TestSigner(BOB_KEY), part)


def _ann(passed: Passed) -> App:
    return reopened(passed.ann, passed.game_id, salt=1, key=ANN_KEY)


def test_a_drafted_card_passed_with_a_wrong_key_is_refused_on_arrival_naming_its_seat(
        passed: Passed) -> None:
    ann = _ann(passed)
    bent = _bob(passed).wrong_pass(history(ann), passed.link)
    before = _storage(ann)[RECORD_PREFIX + passed.game_id]
    ann.handle("open_link", {"text": "#" + bent})
    assert ann.shown.notice == t("sealed.caught", name="Bob", what=t("sealed.why.wrong_pass"))
    assert _storage(ann)[RECORD_PREFIX + passed.game_id] == before  # nothing kept
    ann.handle("open_link", {"text": "#" + passed.link})  # the honest link opens, play on
    assert ann.shown.notice is None, ann.shown.notice
    play_own(ann)
    assert offer(ann) is not None


def test_a_hand_passed_without_its_keys_names_the_seat_awaited(passed: Passed) -> None:
    ann = _ann(passed)
    bent = _bob(passed).withhold_pass(history(ann), passed.link)
    ann.handle("open_link", {"text": "#" + bent})
    assert ann.shown.notice is None, ann.shown.notice
    play_own(ann)  # (her own pick, if Bob picked first: then his hand comes to her)
    game = ann.shown.game
    assert game is not None and game.state.phase == "draft"
    shown = ann.screen_model().linkplay.sealed
    assert shown is not None
    assert t("sealed.await.hand", name="Bob") in shown.awaited
    assert esc(t("sealed.await.hand", name="Bob")) in str(ann.render()["app"])
