"""The creator who lost its device takes its seat again, in the browser (issue 43, item 3):
devices are browser contexts with their own storage and device keys, acting only by clicks
and the links they copy. Ann's page keeps her way back ("If you lose this device"); a new
device opens it, then Bob's latest link, takes Ann's seat and plays on; Bob's device says
that Ann's seat was taken back there, with a new creator key. Hooks only read."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import choose_setup, expect, prompt, save_shot, wait_ready, wait_screen
from tests.e2e.linkkit import (
    DESKTOP,
    copied,
    moves,
    pass_turn,
    start_by_link,
    take_seat,
    wait_moves,
)

pytestmark = pytest.mark.e2e

SEND = ".send-panel:not(.undo-link) input.send-link"






def test_the_creator_takes_its_seat_again_on_a_new_device(new_page: Any, boot: Any) -> None:
    ann, bob = new_page(viewport=DESKTOP), new_page(viewport=DESKTOP)
    boot(ann)
    start_by_link(ann, ["Ann", "Bob"])
    ann.locator(".recovery summary").click()
    expect(ann.locator(".recovery")).to_contain_text("Keep this link to yourself")
    save_shot(ann, "ann_way_back")
    way_back = copied(ann, "input.recovery-link")
    assert "&c=0." in way_back
    choose_setup(ann)
    wait_ready(ann)
    take_seat(bob, copied(ann, SEND), "Bob")
    choose_setup(bob)
    wait_ready(bob)
    latest = copied(bob, SEND)  # to Ann: her device is lost before she opens it

    new_ann = new_page(viewport=DESKTOP)
    new_ann.goto(way_back)
    wait_ready(new_ann)
    wait_screen(new_ann, "seat")
    expect(new_ann.locator("#app")).to_contain_text("holds the key of the game's creator")
    save_shot(new_ann, "new_ann_way_back")
    new_ann.goto(latest)
    wait_moves(new_ann, moves(bob))
    wait_screen(new_ann, "seat")
    new_ann.get_by_role("button", name="I am Ann").click()
    wait_screen(new_ann, "game")
    wait_ready(new_ann)
    pass_turn(new_ann)
    bob.goto(copied(new_ann, SEND))
    wait_moves(bob, moves(new_ann))
    wait_screen(bob, "game")
    expect(bob.locator("#app")).to_contain_text("Ann's seat was taken back on a new device")
    assert not bob.locator(".fork-link").count()
    expect(prompt(bob)).to_be_visible()  # Bob plays on with Ann's new device
