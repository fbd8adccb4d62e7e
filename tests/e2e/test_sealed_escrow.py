"""A sealed seat whose device is lost, taken back with its recovery passphrase (issue 43
item 3), in the browser by clicks and typed text only, each device a browser context with
its own storage and device keys (tests/e2e/clickdriver.py). Test hooks only read.

Ann begins a sealed 2-seat game; Bob opens her link and takes his seat with a recovery
passphrase typed twice. After the shuffle Bob's context is thrown away (his phone is
lost). Ann's page invites Bob again; a fresh context opens that invitation, a wrong
passphrase is refused, Bob's passphrase takes the seat back, and the new device plays on:
Ann's device takes its links."""
from __future__ import annotations

import os
import time
from typing import Any

import pytest

from tests.e2e.clickdriver import LINK, REBUILD_MS, Device, play_table, start_sealed, take_back
from tests.e2e.helpers import expect, wait_ready, wait_screen
from tests.e2e.linkkit import DESKTOP

pytestmark = pytest.mark.e2e

PASSPHRASE = "dust storms over tharsis"
SHOTS = os.environ.get("TM_E2E_SHOTS")  # a folder to keep screenshots in


def _shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        page.screenshot(path=f"{SHOTS}/escrow-{name}.png", full_page=True)


def _take_seat(bob: Device, link: str) -> None:
    """Bob opens Ann's first link and takes his seat with a recovery passphrase."""
    page = bob.page
    page.goto(link)
    wait_ready(page)
    form = page.locator(".seal-seat-form")
    expect(form).to_contain_text("a lost phone ends the game")
    form.locator("input[name=passphrase]").fill(PASSPHRASE)
    form.locator("input[name=again]").fill(PASSPHRASE)
    _shot(page, "seat-form")
    bob.press(form.get_by_role("button", name="I am Bob"))
    wait_screen(page, "game")


def test_a_lost_sealed_seat_is_taken_back_with_its_recovery_passphrase(
        new_page: Any, boot: Any) -> None:
    began = time.monotonic()
    ann = Device(new_page(viewport=DESKTOP), "Ann")
    bob = Device(new_page(viewport=DESKTOP), "Bob")
    boot(ann.page)
    start_sealed(ann, ["Ann", "Bob"])
    first = ann.play_own()
    assert first is not None
    _take_seat(bob, first)
    turns = [0]

    def shuffled(table: dict[str, Device]) -> bool:
        """Ann's device holds Bob's posts (his escrow with them) and offers to invite
        him again."""
        turns[0] += 1
        return turns[0] >= 2 and table["Ann"].page.locator(
            "details.invite-again").count() > 0
    play_table({"Ann": ann, "Bob": bob}, "Bob", stop=shuffled)
    bob.page.context.close()  # Bob's phone is lost

    page = ann.page
    page.locator("details.invite-again summary").click()
    ann.press(page.get_by_role("button", name="Invite Bob again"))
    invite = page.locator(".invites li[data-seat='1'] input.invite-link")
    expect(invite).to_be_visible(timeout=REBUILD_MS)
    link = str(invite.input_value())

    new = Device(new_page(viewport=DESKTOP), "Bob")
    new.page.goto(link)
    wait_ready(new.page)
    expect(new.page.locator("form.take-back-form")).to_contain_text("Bob was invited again")
    _shot(new.page, "take-back")
    took = take_back(new, "dust storms over olympus", PASSPHRASE)
    print(f"seat taken back in {took:.1f} s")

    seen: list[str] = []
    play_table({"Ann": ann, "Bob": new}, "Bob", seen=lambda device, _turn: seen.append(
        device.name), stop=lambda table: seen.count("Ann") >= 1 and sum(new.kinds.values()) > 0)
    assert "Ann" in seen
    expect(ann.page.locator(".notice[role=alert]")).to_have_count(0)
    assert ann.page.locator(LINK).count() or ann.page.locator(".send-panel").count()
    print(f"sealed seat taken back: {time.monotonic() - began:.0f} s")
