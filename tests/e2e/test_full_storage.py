"""A full browser storage never loses a game (issue 43, item 6), in the browser: Ann begins a
sealed game and Bob joins it in a context of his own, each acting only by clicks and the
links they paste; Ann's localStorage is then full (other data fills it), and Bob's link is
refused with the notice that offers export: her game stays as it was, and after a reload
it is there as before. Once there is room, the same link is taken."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import expect, start_game, wait_ready, wait_screen
from tests.e2e.linkkit import DESKTOP

pytestmark = pytest.mark.e2e

LINK = ".send-panel.sealed input.send-link"
FILL = """() => {
    for (const kept of ['tm:last-screen', 'tm:last-game']) localStorage.removeItem(kept);
    let size = 1 << 20, n = 0;
    while (size >= 16) {
        try { localStorage.setItem('filler:' + n, 'x'.repeat(size)); n += 1; }
        catch (e) { size = Math.floor(size / 2); }
    }
    return n;
}"""
EMPTY = """() => { for (const key of Object.keys(localStorage))
    if (key.startsWith('filler:')) localStorage.removeItem(key); }"""


def _posts(page: Any) -> int:
    return int(page.locator(".send-panel.sealed").get_attribute("data-posts") or 0)


def _link(page: Any) -> str:
    expect(page.locator(LINK)).to_have_count(1)
    return str(page.locator(LINK).input_value())


def test_a_full_storage_refuses_a_link_with_the_export_notice_and_keeps_the_game(
        new_page: Any, boot: Any) -> None:
    ann, bob = new_page(viewport=DESKTOP), new_page(viewport=DESKTOP)
    boot(ann)
    start_game(ann, players=2, names=["Ann", "Bob"], seed=21, submit=False)
    ann.locator("form.new-game input[name=by_link]").check()
    ann.locator("form.new-game input[name=sealed]").check()
    ann.locator("form.new-game button[type=submit]").click()
    wait_screen(ann, "seat")
    ann.get_by_role("button", name="I am Ann").click()
    bob.goto(_link(ann))  # pasted into Bob's browser
    wait_ready(bob)
    bob.get_by_role("button", name="I am Bob").click()
    wait_screen(bob, "game")
    reply = _link(bob)

    held = _posts(ann)
    assert ann.evaluate(FILL) > 0  # the rest of the browser's storage, taken by other data
    ann.goto(reply)
    wait_ready(ann)
    alert = ann.locator("#alerts .notice.full")
    expect(alert).to_contain_text("storage is full")
    expect(alert.locator("[data-action=export_current]")).to_have_count(1)
    assert _posts(ann) == held  # nothing taken in memory

    ann.reload()
    wait_ready(ann)
    if ann.locator(".save-list").count():  # (the saved game, continued from the list)
        ann.locator(".save-list li button", has_text="Continue").first.click()
        wait_ready(ann)
    expect(ann.locator(".send-panel.sealed")).to_have_count(1)
    assert _posts(ann) == held  # the game as it was stored

    ann.evaluate(EMPTY)  # room made
    ann.goto(reply)
    wait_ready(ann)
    expect(ann.locator("#alerts .notice.full")).to_have_count(0)
    for _ in range(900):  # (polled from here: the page's CSP allows no eval)
        if _posts(ann) > held:
            break
        ann.wait_for_timeout(100)
    assert _posts(ann) > held
