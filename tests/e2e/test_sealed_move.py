"""A sealed seat moved to another device by its player (issue 43 item 3), in the browser,
by clicks and typed text only, each device a browser context with its own storage and
device keys (tests/e2e/clickdriver.py). Test hooks only read.

Ann and Bob begin a sealed game. Bob opens "Move my seat to another device", types a
passphrase twice and saves the move file; his old device then shows the game and plays
Bob no more. On a third context Bob chooses the file in "Import a game file": a copy with
a byte changed is refused, a wrong passphrase is refused, his passphrase takes the seat.
He opens Ann's link there and plays on; Ann's device takes the new device's links (it
says Bob moved); the old device refuses Ann's later link."""
from __future__ import annotations

import base64
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clickdriver import LINK, REBUILD_MS, Device, play_table, start_sealed
from tests.e2e.helpers import expect, wait_ready, wait_screen
from tests.e2e.linkkit import DESKTOP

pytestmark = pytest.mark.e2e

PASSPHRASE = "red planet 2315"
SHOTS = os.environ.get("TM_E2E_SHOTS")  # a folder to keep screenshots of the move in


def _shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        page.screenshot(path=f"{SHOTS}/move-{name}.png", full_page=True)


def _move_seat(bob: Device, folder: Path) -> Path:
    """Bob saves his seat's move file, as a person does: the passphrase typed twice."""
    page = bob.page
    page.locator(".move-seat summary").click()
    form = page.locator("form.move-seat-form")
    form.locator("input[name=passphrase]").fill(PASSPHRASE)
    form.locator("input[name=again]").fill(PASSPHRASE)
    _shot(page, "bob-move-form")
    began = time.monotonic()
    with page.expect_download(timeout=REBUILD_MS) as download:
        form.locator("button[type=submit]").click()
    path = folder / download.value.suggested_filename
    print(f"move file made in {time.monotonic() - began:.1f} s")
    download.value.save_as(path)
    return path


def _tampered(path: Path) -> Path:
    """The move file with one byte of its locked text changed."""
    data = json.loads(path.read_text())
    locked = bytearray(base64.b64decode(data["data"]))
    locked[len(locked) // 2] ^= 1
    data["data"] = base64.b64encode(bytes(locked)).decode()
    changed = path.with_name("changed-" + path.name)
    changed.write_text(json.dumps(data))
    return changed


def _choose(page: Any, path: Path) -> None:
    """The file chosen in "Import a game file": the page asks its passphrase (a notice
    of an earlier try goes)."""
    page.locator("label.import input[type=file]").set_input_files(str(path))
    expect(page.locator(".notice[role=alert]")).to_have_count(0)
    expect(page.locator("form.seat-file-form")).to_be_visible()


def _type(page: Any, passphrase: str) -> None:
    """The passphrase typed into the form the page shows, and submitted."""
    form = page.locator("form.seat-file-form")
    form.locator("input[name=passphrase]").fill(passphrase)
    _shot(page, "new-passphrase")
    form.locator("button[type=submit]").click()


def test_a_sealed_seat_moves_to_another_device_by_file_and_passphrase(
        new_page: Any, boot: Any, tmp_path: Path) -> None:
    began = time.monotonic()
    ann = Device(new_page(viewport=DESKTOP), "Ann")
    bob = Device(new_page(viewport=DESKTOP, accept_downloads=True), "Bob")
    boot(ann.page)
    start_sealed(ann, ["Ann", "Bob"])
    turns = [0]

    def ann_sends_in_play(table: dict[str, Device]) -> bool:
        """Ann's link to Bob, the setup over and both devices' keys known to both."""
        turns[0] += 1
        return turns[0] >= 5 and turns[0] % 2 == 1 and \
            table["Bob"].page.locator(".move-seat").count() > 0
    play_table({"Ann": ann, "Bob": bob}, "Ann", stop=ann_sends_in_play)
    to_bob = str(ann.page.locator(LINK).input_value())
    assert ann.send_to() == "Bob"

    path = _move_seat(bob, tmp_path)
    expect(bob.page.locator(".moved-away")).to_contain_text("You moved Bob's seat")
    expect(bob.page.locator(".move-seat")).to_have_count(0)
    _shot(bob.page, "bob-moved")

    new = Device(new_page(viewport=DESKTOP), "Bob")
    boot(new.page)
    _choose(new.page, _tampered(path))
    _type(new.page, PASSPHRASE)
    refused = new.page.locator(".notice[role=alert]")
    expect(refused).to_contain_text("Wrong passphrase", timeout=REBUILD_MS)
    _choose(new.page, path)
    _type(new.page, "red planet 2316")
    expect(refused).to_contain_text("Wrong passphrase", timeout=REBUILD_MS)
    typed = time.monotonic()
    _type(new.page, PASSPHRASE)  # (the form stays for another try)
    expect(new.page.locator(".notice.info")).to_contain_text("moved to this device",
                                                             timeout=REBUILD_MS)
    print(f"seat taken in {time.monotonic() - typed:.1f} s ({path.stat().st_size} bytes)")
    wait_screen(new.page, "game")
    new.open(to_bob)  # Ann's link, sent to Bob, opened on his new device

    seen: list[str] = []

    def opened(device: Device, turn: int) -> None:
        """After each link opened: Ann's device, at the new device's first, says so."""
        if not seen:
            expect(ann.page.locator(".notice.info")).to_contain_text(
                "Bob moved their seat to another device")
            _shot(ann.page, "ann-handed")
        seen.append(device.name)

    sent = play_table({"Ann": ann, "Bob": new}, "Bob", seen=opened,
                      stop=lambda table: len(seen) >= 3)
    assert seen[:3] == ["Ann", "Bob", "Ann"] and len(sent) >= 3
    expect(ann.page.locator(".notice[role=alert]")).to_have_count(0)

    bob.page.goto(sent[1])  # Ann's link to Bob, opened on the device he left
    wait_ready(bob.page)
    expect(bob.page.locator("#app")).to_contain_text("can no longer play Bob")
    assert bob.page.evaluate("window.tmDecision()") == "null"
    print(f"sealed seat moved: {time.monotonic() - began:.0f} s, {len(sent)} links after")
