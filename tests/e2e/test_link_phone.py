"""Play by link as the players see it in the tab and on a phone (issue 45): the tab's title
says "Your turn" while a game waits for this device; the others' setup is recapped; on a
phone the link to send is shown
after the move that makes it (the page was left far down); the board wider than a phone
says so while a tile is placed. Every answer is a click or a tap.

TM_E2E_SHOTS=/some/folder saves the screens there."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.e2e.clickdriver import Device
from tests.e2e.helpers import (
    CONTEXTS,
    expect,
    prompt,
    save_shot,
    wait_idle,
    wait_ready,
    wait_screen,
)
from tests.e2e.linkkit import DESKTOP, SEND, start_by_link, take_seat
from tests.e2e.test_phone_reach import _tap_bar, _tap_choice

pytestmark = pytest.mark.e2e

PLAIN = "Terraforming Mars"
MINE = "● Your turn — Terraforming Mars"




def _clicks_until_send(device: Device) -> str:
    """Answer this device's decisions by clicks until the page offers the link to send."""
    for _ in range(200):
        if not device.step():
            break
    wait_ready(device.page)
    return str(device.page.locator(SEND).input_value())


def _deciding(page: Any) -> str:
    """The purpose of the decision waiting for this device ("" when none), read only."""
    decision = json.loads(page.evaluate("window.tmDecision()"))
    return "" if decision is None else str(decision["purpose"])


def _in_window(page: Any, selector: str) -> bool:
    return bool(page.evaluate("""(sel) => { const box = document.querySelector(sel)
        .getBoundingClientRect(); return box.top >= 0 && box.top < innerHeight * 0.75; }""",
                              selector))


def test_the_tab_says_your_turn_and_a_phone_shows_the_link_to_send(
        new_page: Any, boot: Any) -> None:
    ann = new_page(viewport=DESKTOP)
    boot(ann)
    assert ann.title() == PLAIN
    start_by_link(ann, ["Ann", "Bob"])
    expect(ann).to_have_title(MINE)
    link = _clicks_until_send(Device(ann, "Ann"))
    expect(ann).to_have_title(PLAIN)  # the game waits for Bob now

    bob = new_page(**CONTEXTS["phone"])
    take_seat(bob, link, "Bob")
    expect(bob).to_have_title(MINE)
    # Bob's setup by taps: a corporation and every card he can buy (a long hand below).
    bob.locator(".prompt .setup-corps button.card").first.tap()
    for card in bob.locator(".prompt .setup-cards button.card").all():
        if card.get_attribute("aria-disabled") != "true":
            card.tap()
    link = _clicks_until_send(Device(bob, "Bob", touch=True))
    expect(bob).to_have_title(PLAIN)
    ann.goto(link)  # the link arrives: Ann's first action
    wait_ready(ann)
    expect(ann).to_have_title(MINE)
    # What Bob chose at his setup, on his own device: recapped "since your last move".
    recap = ann.locator(".recap")
    expect(recap).to_contain_text("Since your last move")
    expect(recap.locator(".recap-name")).to_have_text(["Bob"])
    expect(recap).to_contain_text(re.compile(r"takes .+; buys \d+ cards?"))
    save_shot(ann, "link-desktop-recap-setup")
    ann.locator("select[data-change=language]").select_option("de")
    expect(ann).to_have_title("● Du bist am Zug — Terraforming Mars")
    ann.locator("select[data-change=language]").select_option("en")
    link = _clicks_until_send(Device(ann, "Ann"))

    # The links go round until Bob's research of the second generation: on a phone its
    # cards run far down the page, its Confirm at the foot of the window. Every decision
    # by taps (each control scrolled to, as a finger does).
    for _ in range(30):
        bob.goto(link)
        wait_ready(bob)
        expect(bob).to_have_title(MINE)
        if _deciding(bob) == "buy_cards":
            break
        ann.goto(_clicks_until_send(Device(bob, "Bob", touch=True)))
        wait_ready(ann)
        link = _clicks_until_send(Device(ann, "Ann"))
    assert _deciding(bob) == "buy_cards"
    _clicks_until_send(Device(bob, "Bob", touch=True))
    expect(bob.locator("#send-title")).to_have_text("Send to Ann")
    bob.wait_for_function("() => !document.body.dataset.settling")
    assert _in_window(bob, "#send-title"), bob.evaluate("scrollY")
    save_shot(bob, "link-phone-send")
    expect(bob).to_have_title(PLAIN)


def test_a_phone_placing_a_tile_is_told_the_board_scrolls_sideways(
        new_page: Any, boot: Any) -> None:
    page = new_page(**CONTEXTS["phone"])
    boot(page)
    form = page.locator("form.new-game")
    form.locator("select[name=players]").select_option("1")
    expect(form.locator(".solo-note")).to_be_visible()
    form.locator("input[name=name_0]").fill("Ona")
    form.locator("input[name=seed]").fill("3")
    form.locator("button[type=submit]").tap()
    wait_screen(page, "game")
    page.locator(".prompt .setup-corps button.card").first.tap()
    _tap_bar(page, r".")
    for _ in range(12):
        wait_idle(page)
        kind = prompt(page).first.get_attribute("data-kind") if prompt(page).count() else ""
        if kind == "space":
            break
        if kind == "action" and (_tap_choice(page, r"first action")
                                 or _tap_choice(page, r"^\s*Aquifer")):
            continue
        _tap_bar(page, r"^\s*Confirm")
    hint = page.locator(".board-wrap .swipe-hint")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text(re.compile("swipe sideways"))
    frame = page.evaluate("""() => { const f = document.querySelector('.board-wrap');
        return [f.scrollWidth, f.clientWidth]; }""")
    assert frame[0] > frame[1], frame  # (wider indeed: the hint says why)
    page.locator(".board-wrap").scroll_into_view_if_needed()
    save_shot(page, "link-phone-board")
