"""The draft in a game with secret hands (issue 49), in the browser, played only by clicks,
taps and links opened in the address bar (tests/e2e/clickdriver.py): Ann on a desktop and
Bob on a phone-sized touch screen, each context with its own storage and device keys.
Every hand passed on opens on the device it goes to (its keys sealed to that device
inside the link), every draft pick counts at once (no Confirm: "ticking cards, a draft pick
and End turn count at once"). In ``make test`` the game goes through the first draft and
research into generation 2; the whole game to the end, both audits passed, is a matrix
test (``make test-matrix``)."""
from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest

from tests.e2e.clickdriver import AUDITED, REBUILD_MS, Device, play_table, start_sealed
from tests.e2e.helpers import expect, generation
from tests.e2e.linkkit import DESKTOP

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SHOTS = os.environ.get("TM_E2E_SHOTS")  # a folder to keep screenshots of the first links in
PICKS = 3  # a 2-seat draft: keep 1 of 4, of 3, of 2, then the last card comes


def _seated(new_page: Any, boot: Any) -> dict[str, Device]:
    ann = Device(new_page(viewport=DESKTOP), "Ann")
    bob = Device(new_page(**PHONE), "Bob", touch=True)
    boot(ann.page)
    start_sealed(ann, ["Ann", "Bob"], draft=True)
    expect(ann.page.locator(".send-panel .who-sees")).to_contain_text("only your device")
    return {"Ann": ann, "Bob": bob}


def _seen(device: Device, turn: int) -> None:
    """A screenshot of each link opened onto a draft pick, when TM_E2E_SHOTS names a
    folder."""
    if SHOTS is None:
        return
    decision = json.loads(device.page.evaluate("window.tmDecision()") or "null")
    if decision is not None and decision["purpose"] == "draft":
        device.page.screenshot(path=f"{SHOTS}/draft-{device.name}-{turn:03d}.png")


def _picked_at_once(devices: dict[str, Device]) -> None:
    for device in devices.values():
        assert device.purposes.get("draft", 0) >= PICKS, device.purposes
        assert "draft" not in device.confirmed  # (a pick is not staged for a Confirm)


def test_two_devices_draft_a_sealed_game_into_generation_2_by_clicks(
        new_page: Any, boot: Any) -> None:
    began = time.monotonic()
    devices = _seated(new_page, boot)

    def researched(table: dict[str, Device]) -> bool:
        """Both have drafted and answered a decision after it (the research buy)."""
        return all(d.purposes.get("draft", 0) >= PICKS and d.last != "draft"
                   for d in table.values())

    sent = play_table(devices, "Ann", stop=researched, seen=_seen)
    _picked_at_once(devices)
    for device in devices.values():
        assert generation(device.page) >= 2
        expect(device.page.locator(AUDITED)).to_have_count(0)
        expect(device.page.locator(".notice[role=alert]")).to_have_count(0)
    print(f"sealed draft 2 seats into generation 2: {time.monotonic() - began:.0f} s,"
          f" {len(sent)} links")


@pytest.mark.matrix
def test_two_devices_play_a_sealed_game_with_the_draft_to_the_end_by_clicks(
        new_page: Any, boot: Any) -> None:
    began = time.monotonic()
    devices = _seated(new_page, boot)
    sent = play_table(devices, "Ann", seen=_seen)
    _picked_at_once(devices)
    for device in devices.values():
        expect(device.page.locator("[data-audit=passed]")).to_contain_text(
            "Checked", timeout=REBUILD_MS)
        expect(device.page.locator(".end")).to_be_visible()
    lengths = sorted(len(link) for link in sent)
    print(f"sealed draft 2 seats to the end: {time.monotonic() - began:.0f} s, {len(sent)}"
          f" links (median {lengths[len(lengths) // 2]}, longest {lengths[-1]} characters),"
          f" picks Ann {devices['Ann'].purposes.get('draft')} Bob"
          f" {devices['Bob'].purposes.get('draft')}")
