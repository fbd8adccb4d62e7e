"""The creator of a sealed game who lost their own device, back on a new one (issue 43
item 3), in the browser by clicks and typed text only, each device a browser context with
its own storage and device keys (tests/e2e/clickdriver.py). Test hooks only read.

Ann begins a sealed 2-seat game and takes her seat with a recovery passphrase typed twice
(her page locks her seed and the creator's key with it). Bob joins; after the shuffle Ann's
context is thrown away (her phone is lost). Bob's page offers "Ann lost their device?": the
whole game, which a fresh context opens; a wrong passphrase is refused, Ann's passphrase
takes her seat back, and the new device plays on: Bob's device takes its links and says
Ann plays on a new device."""
from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.clickdriver import REBUILD_MS, Device, play_table, start_sealed, take_back
from tests.e2e.helpers import expect, wait_ready
from tests.e2e.linkkit import DESKTOP

pytestmark = pytest.mark.e2e

PASSPHRASE = "red dust on the ice caps"


def _whole_game(bob: Device) -> str:
    """The link Bob's page offers for Ann's new device, read from its field."""
    page = bob.page
    page.locator("details.send-whole summary").click()
    field = page.locator("details.send-whole input.whole-link")
    expect(field).to_be_visible(timeout=REBUILD_MS)
    return str(field.input_value())


def test_the_creator_of_a_sealed_game_comes_back_on_a_new_device(
        new_page: Any, boot: Any) -> None:
    began = time.monotonic()
    ann, bob = (Device(new_page(viewport=DESKTOP), name) for name in ("Ann", "Bob"))
    boot(ann.page)
    start_sealed(ann, ["Ann", "Bob"], passphrase=PASSPHRASE)
    expect(ann.page.locator("details.send-whole")).to_have_count(0)  # (her own seat)
    turns = [0]

    def shuffled(table: dict[str, Device]) -> bool:
        turns[0] += 1
        return turns[0] >= 3 and table["Bob"].page.locator("details.send-whole").count() > 0
    play_table({"Ann": ann, "Bob": bob}, "Ann", stop=shuffled)
    ann.page.context.close()  # Ann's phone is lost

    link = _whole_game(bob)
    new = Device(new_page(viewport=DESKTOP), "Ann")
    new.page.goto(link)
    wait_ready(new.page)
    expect(new.page.locator("form.take-back-form")).to_contain_text("the whole game Ann began")
    took = take_back(new, "red dust on the polar caps", PASSPHRASE)
    print(f"creator's seat taken back in {took:.1f} s")

    seen: list[str] = []
    play_table({"Ann": new, "Bob": bob}, "Ann", seen=lambda device, _turn: seen.append(
        device.name), stop=lambda table: seen.count("Ann") >= 1 and seen.count("Bob") >= 1)
    assert "Bob" in seen
    expect(bob.page.locator(".notice[role=alert]")).to_have_count(0)
    print(f"sealed creator back: {time.monotonic() - began:.0f} s")
