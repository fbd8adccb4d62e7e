"""Hostile sealed links cost almost nothing and storage is atomic (issue 43, items 5-6):
a flood, an unsigned flood, a junk hand-off and a decompression bomb are refused before any
fair-deck or rules work (the work counted, never timed); a full store refuses a link with
the notice that offers export, and memory and store stay as they were."""
from __future__ import annotations

import zlib
from collections import Counter
from typing import Any

import pytest

from tests.kits import hostile_links as hostile
from tests.kits.games import form_fields
from tm.fairdeck import wire
from tm.game import Game
from tm.linkplay import sealedlinks, sealedplay, sealedshape
from tm.linkplay.links import LinkError
from tm.linkplay.sealedplay import Post, SealedSeat
from tm.persist import sigs
from tm.web import sealedgame
from tm.web.app import App
from tm.web.i18n import t
from tm.web.saves import MemoryStorage
from tm.web.sealedgame import RECORD_PREFIX


@pytest.fixture
def at() -> hostile.Table:
    return hostile.table()


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often the fair deck, the rules, the signatures and the shape check ran."""
    done: Counter[str] = Counter()

    def counted(owner: Any, name: str) -> None:
        original = getattr(owner, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            done[name] += 1
            return original(*args, **kwargs)
        monkeypatch.setattr(owner, name, call)
    counted(SealedSeat, "receive")
    counted(Game, "respond")
    counted(sigs, "verify_p256")
    counted(sealedshape, "check")
    return done


def _held(app: App) -> int:
    play = app.sealed.active()
    assert play is not None
    return len(play.history)


def test_a_signed_flood_is_refused_before_any_fair_deck_or_rules_work(
        at: hostile.Table, work: Counter[str]) -> None:
    before, stored = _held(at.ann), dict(at.ann.store.storage.data)  # type: ignore[attr-defined]
    at.ann.handle("open_link", {"text": "#" + hostile.flood(at)})  # 16,382 empty posts
    assert at.ann.shown.notice is not None and t("err.link.too_large") in at.ann.shown.notice
    at.ann.handle("open_link", {"text": "#" + hostile.flood(at, 300)})  # under the bomb bound
    assert at.ann.shown.notice == t("sealed.link_refused", reason=t(
        "err.link.sealed_unasked", name="Bob", count=len(hostile.flood_posts(at, 300))))
    assert work["receive"] == work["respond"] == 0 and work["check"] == 1
    assert _held(at.ann) == before and at.ann.store.storage.data == stored  # type: ignore[attr-defined]
    at.ann.handle("open_link", {"text": "#" + at.honest})
    assert at.ann.shown.notice is None and _held(at.ann) > before


def test_an_unsigned_flood_is_refused_at_the_signature_step(
        at: hostile.Table, work: Counter[str]) -> None:
    at.ann.handle("open_link", {"text": "#" + hostile.flood(at, 300, sign=False)})
    assert at.ann.shown.notice is not None and "did not sign" in at.ann.shown.notice
    assert "Bob" in at.ann.shown.notice
    assert work["receive"] == work["respond"] == work["check"] == 0


def test_a_handoff_the_game_never_asked_for_is_refused_naming_the_seat(
        at: hostile.Table, work: Counter[str]) -> None:
    before = _held(at.ann)
    at.ann.handle("open_link", {"text": "#" + hostile.junk_handoff(at)})
    assert at.ann.shown.notice is not None and "Bob's device sent posts the game did not " \
        "ask for" in at.ann.shown.notice
    assert work["receive"] == 0 and _held(at.ann) == before


def test_a_decompression_bomb_inflates_no_further_than_its_size_allows(
        at: hostile.Table, monkeypatch: pytest.MonkeyPatch) -> None:
    inflated: list[tuple[int, int]] = []
    real = zlib.decompressobj

    class Counting:
        def __init__(self) -> None:
            self.inner = real()

        def decompress(self, data: bytes, limit: int) -> bytes:
            out = self.inner.decompress(data, limit)
            inflated.append((len(data), len(out)))
            return out

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)
    monkeypatch.setattr(sealedlinks.zlib, "decompressobj", Counting)
    bomb = hostile.bomb(at)  # 8 MiB of zeros in 10 kB
    with pytest.raises(LinkError):
        sealedlinks.decode(bomb)
    (packed, out), = inflated
    assert out <= sealedlinks.inflated_bound(packed) <= sealedlinks.MAX_RATIO * packed
    at.ann.handle("open_link", {"text": "#" + bomb})
    assert at.ann.shown.notice is not None and t("err.link.too_large") in at.ann.shown.notice


class FullStorage(MemoryStorage):
    """A store that refuses every write once full, as the browser's (QuotaExceededError)."""

    full = False

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def test_a_full_store_refuses_the_link_with_the_export_notice_and_loses_nothing(
        at: hostile.Table) -> None:
    store = FullStorage()
    store.data.update(at.ann.store.storage.data)  # type: ignore[attr-defined]
    ann = hostile.device(store, salt=1, key=11)
    ann.handle("continue", {"save": "link-" + at.game_id})
    game = ann.shown.game
    assert game is not None and ann.shown.notice is None
    before, digest, stored = _held(ann), game.digest(), dict(store.data)
    store.full = True
    ann.handle("open_link", {"text": "#" + at.honest})
    alerts = ann.tabs.snapshot()
    assert alerts.full and 'data-action="export_current"' in ann.render()["alerts"]
    assert t("storage.full_kept") in ann.render()["alerts"].replace("&#x27;", "'")
    assert _held(ann) == before and ann.shown.game.digest() == digest  # type: ignore[union-attr]
    assert store.data == stored  # nothing written, nothing lost
    reloaded = hostile.device(store, salt=1, key=11)  # the page opened again
    reloaded.handle("continue", {"save": "link-" + at.game_id})
    assert _held(reloaded) == before and reloaded.shown.game.digest() == digest  # type: ignore[union-attr]
    store.full = False  # room made: the same link is taken
    ann.handle("open_link", {"text": "#" + at.honest})
    assert ann.shown.notice is None and not ann.tabs.snapshot().full and _held(ann) > before
    assert RECORD_PREFIX + at.game_id in store.data


def test_a_full_store_refuses_a_link_game_link_and_keeps_the_game() -> None:
    """Play by link without secret hands: the same (the link's game is taken only stored)."""
    def answer(app: App) -> None:
        while app.current() is not None:
            app.handle("answer_first", {})

    ann = hostile.device(salt=3, key=11)
    ann.handle("new_game", {**form_fields(2, hostile.NAMES, 5), "by_link": "on"})
    ann.handle("choose_seat", {"seat": 0})
    answer(ann)
    store = FullStorage()
    bob = hostile.device(store, salt=4, key=hostile.BOB_KEY)
    bob.handle("open_link", {"text": "#" + str(ann.linkplay.snapshot().send_link).split("#")[1]})
    bob.handle("choose_seat", {"seat": 1})
    answer(bob)
    ann.handle("open_link", {"text": "#" + str(bob.linkplay.snapshot().send_link).split("#")[1]})
    answer(ann)
    link = "#" + str(ann.linkplay.snapshot().send_link).split("#")[1]
    assert bob.shown.game is not None
    moves, stored = len(bob.shown.game.moves), dict(store.data)
    store.full = True
    bob.handle("open_link", {"text": link})
    assert bob.tabs.snapshot().full and bob.shown.notice is None
    assert bob.shown.game is not None and len(bob.shown.game.moves) == moves
    assert store.data == stored
    store.full = False
    bob.handle("open_link", {"text": link})
    assert not bob.tabs.snapshot().full and len(bob.shown.game.moves) > moves


def test_a_click_in_a_sealed_game_decodes_and_encodes_no_post_again(
        at: hostile.Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The history is read once (its kinds counted as posts come) and the record written
    from the lines it holds: a click costs nothing per post of the history."""
    at.ann.handle("open_link", {"text": "#" + at.honest})
    at.ann.render()
    done: Counter[str] = Counter()
    real_decode, real_text = wire.decode, Post.to_text

    def decode(text: str) -> Any:
        done["decode"] += 1
        return real_decode(text)

    def to_text(post: Post) -> str:
        done["to_text"] += 1
        return real_text(post)
    for module in (wire, sealedgame, sealedplay):
        monkeypatch.setattr(module, "decode", decode)
    monkeypatch.setattr(Post, "to_text", to_text)
    history = _held(at.ann)
    for by in ("name", "cost"):
        at.ann.handle("hand_sort", {"by": by})
        at.ann.render()
    sealed = at.ann.sealed.active()
    assert sealed is not None
    sealedgame.write_record(at.ann.store.storage, at.game_id, sealed.record)
    assert history > 30 and done["decode"] == done["to_text"] == 0


def test_a_move_the_full_store_cannot_keep_is_not_made(at: hostile.Table) -> None:
    store = FullStorage()
    store.data.update(at.ann.store.storage.data)  # type: ignore[attr-defined]
    ann = hostile.device(store, salt=1, key=11)
    ann.handle("continue", {"save": "link-" + at.game_id})
    ann.handle("open_link", {"text": "#" + at.honest})
    assert ann.current() is not None  # Ann's decision
    before, stored = _held(ann), dict(store.data)
    store.full = True
    ann.handle("answer_bot", {})
    assert ann.tabs.snapshot().full and _held(ann) == before and store.data == stored
    assert ann.current() is not None  # asked again, as before
