"""Two tabs on one saved game (issue 11): both play and no move is ever lost; a tab that
missed the other's moves warns instead of overwriting them; leaving a game whose last
moves the full storage refused asks first and offers the export."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import Recorder, Server, slow_down
from tests.e2e.helpers import expect, saved, start_game, wait_ready, wait_screen

pytestmark = pytest.mark.e2e


def _stored(page: Any, key: str) -> list[Any]:
    saved(page)
    text = page.evaluate("(k) => localStorage.getItem(k)", key)
    return list(json.loads(text)["save"]["moves"]) if text else []


def _keys(page: Any) -> list[str]:
    return sorted(page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tm:save:'))"))


def _tab_beside(page: Any, server: Server) -> Any:
    """A second tab in the same browser (the same context: one localStorage), watched as
    every page of these tests is."""
    tab = page.context.new_page()
    slow_down(tab)
    tab.recorder = Recorder(server.origin)
    tab.recorder.attach(tab)
    tab.goto(server.url)
    wait_ready(tab)
    return tab


def _heard(tab: Any, moves: int) -> None:
    """Wait until the tab shows the game at ``moves`` moves, having heard another tab's
    writes (storage events come one by one, after the write: a tab that has shown the
    first of two may not have had the second yet)."""
    tab.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=moves)
    expect(tab.get_by_role("status").filter(has_text="continued in another tab")).to_have_count(1)


def test_two_tabs_play_one_game_and_never_lose_a_move(
        page: Any, boot: Any, server: Server) -> None:
    a = boot(page)
    start_game(a, players=1, names=["Duo"], seed=7)
    wait_screen(a, "game")
    click_moves(a, 6)
    [key] = _keys(a)
    b = _tab_beside(a, server)
    b.locator(f".save-list li[data-save='{key.removeprefix('tm:save:')}'] "
              "[data-action=continue]").click()
    wait_screen(b, "game")

    shown = len(_stored(a, key))
    click_moves(a, 4)  # the issue: 6 → 10 in A, then B was stale
    ten = _stored(a, key)
    assert len(ten) > shown
    _heard(b, len(ten))
    # (text, not inner text: a log scrolled off screen is not rendered, content-visibility)
    assert b.locator(".log").text_content() == a.locator(".log").text_content()
    click_moves(b, 1)  # B plays on from A's moves
    after_b = _stored(b, key)
    assert len(after_b) > len(ten) and after_b[:len(ten)] == ten
    _heard(a, len(after_b))
    click_moves(a, 1)
    after_a = _stored(a, key)
    assert len(after_a) > len(after_b) and after_a[:len(after_b)] == after_b
    _heard(b, len(after_a))
    click_moves(b, 2)
    final = _stored(b, key)
    assert len(final) > len(after_a) and final[:len(after_a)] == after_a
    assert _keys(a) == [key]  # one game, both tabs on it
    expect(a.locator("#alerts [role=alert]")).to_have_count(0)
    expect(b.locator("#alerts [role=alert]")).to_have_count(0)

    # B misses A's next moves (every storage event it gets names another key): its move is
    # not written over A's; it warns, and keeps its game as a copy when asked.
    b.evaluate("""Object.defineProperty(StorageEvent.prototype, 'key',
        { configurable: true, get() { return 'somebody-else'; } })""")
    _heard(a, len(final))
    click_moves(a, 6)  # (more than B's next: B's clicks, the same as A's, then differ)
    newer = _stored(a, key)
    assert len(newer) > len(final) and newer[:len(final)] == final
    added = click_moves(b, 1)
    assert len(final) + added < len(newer)
    conflict = b.locator("#alerts .conflict")
    expect(conflict).to_contain_text("also played in another tab")
    assert _stored(b, key) == newer
    conflict.locator("[data-action=tabs_copy]").click()
    expect(b.get_by_role("status").filter(has_text="separate copy")).to_have_count(1)
    [copy] = [k for k in _keys(b) if k != key]
    copied = _stored(b, copy)
    assert copied[:len(final)] == final and len(copied) == len(final) + added
    added = click_moves(a, 1)  # A plays on in its own game, untouched
    assert _stored(a, key)[:len(newer)] == newer and len(_stored(a, key)) == len(newer) + added
    added = click_moves(b, 1)
    assert len(_stored(b, copy)) == len(copied) + added
    assert _stored(b, key)[:len(newer)] == newer
    assert b.recorder.problems() == []


FULL_STORE = """(() => {
    const store = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (window.tmStoreFull) throw new DOMException('full', 'QuotaExceededError');
        return store.call(this, key, value);
    };
})();"""


def test_leaving_a_game_whose_last_moves_are_unsaved_asks_and_offers_the_export(
        page: Any, boot: Any) -> None:
    page.add_init_script(FULL_STORE)
    boot(page)
    start_game(page, players=1, names=["Full"], seed=3)
    wait_screen(page, "game")
    made = click_moves(page, 2)
    [key] = _keys(page)
    page.evaluate("window.tmStoreFull = true")
    made_then = made + click_moves(page)
    expect(page.locator("#app [role=alert]")).to_contain_text("storage is full")
    assert len(_stored(page, key)) == made

    page.locator("[data-action=menu]").first.click()
    question = page.locator("#alerts .leaving")
    expect(question).to_contain_text("not saved (this browser's storage is full)")
    wait_screen(page, "game")
    question.locator("[data-action=stay]").click()
    expect(question).to_have_count(0)
    wait_screen(page, "game")

    page.locator("[data-action=menu]").first.click()
    with page.expect_download() as download:
        question.locator("[data-action=export_current]").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert len(exported["save"]["moves"]) == made_then
    expect(question).to_be_visible()  # still asked: the export alone leaves nothing
    question.locator("[data-action=menu]").click()
    wait_screen(page, "start")
    expect(page.locator("#alerts")).to_be_empty()

    # Room again: the exported file brings the unsaved move back.
    page.evaluate("window.tmStoreFull = false")
    page.locator("input[type=file][data-change=import]").set_input_files(
        files=[{"name": "full.json", "mimeType": "application/json",
                "buffer": json.dumps(exported).encode()}])
    wait_screen(page, "game")
    imported = [k for k in _keys(page) if k != key]
    assert len(imported) == 1 and len(_stored(page, imported[0])) == made_then
