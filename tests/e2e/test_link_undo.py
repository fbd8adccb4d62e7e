"""Undo in play by link, in the browser (issue 43, item 2): two devices (browser contexts
with their own storage and device keys) play by links only, acting only through clicks and
the links they copy; a player takes back a move after sending it, the other accepts, and
the game goes on for both. Hooks only read (the moves shown, the links in their fields)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import (
    choose_setup,
    expect,
    prompt,
    start_game,
    wait_ready,
    wait_screen,
)
from tests.e2e.linkkit import DESKTOP, copied, moves, pass_turn, wait_moves

pytestmark = pytest.mark.e2e

SEND = ".send-panel:not(.undo-link) input.send-link"
ASK = ".undo-link input.send-link"






def test_a_player_takes_back_a_sent_move_and_the_game_goes_on(new_page: Any,
                                                              boot: Any) -> None:
    ann, bob = new_page(viewport=DESKTOP), new_page(viewport=DESKTOP)
    boot(ann)
    start_game(ann, players=2, names=["Ann", "Bob"], seed=11, submit=False)
    ann.locator("form.new-game input[name=by_link]").check()
    ann.locator("form.new-game button[type=submit]").click()
    wait_screen(ann, "seat")
    ann.get_by_role("button", name="I am Ann").click()
    wait_screen(ann, "game")
    choose_setup(ann)
    wait_ready(ann)
    bob.goto(copied(ann, SEND))
    wait_ready(bob)
    wait_screen(bob, "seat")
    bob.get_by_role("button", name="I am Bob").click()
    wait_screen(bob, "game")
    choose_setup(bob)
    wait_ready(bob)
    ann.goto(copied(bob, SEND))
    wait_moves(ann, 4)
    pass_turn(ann)  # Ann's first action, sent to Bob
    sent = moves(ann)
    bob.goto(copied(ann, SEND))
    wait_moves(bob, sent)

    ann.get_by_role("button", name="Undo").click()  # after sending: a request
    wait_ready(ann)
    expect(ann.locator(".undo-link h2")).to_have_text("Ask Bob to take back your moves")
    assert moves(ann) == sent
    ann.locator(".undo-link").screenshot(path="/tmp/h43u/ann_asks.png")
    bob.goto(copied(ann, ASK))
    wait_ready(bob)
    expect(bob.locator(".undo-asked")).to_contain_text("Ann asks to take back their move")
    bob.locator(".undo-asked").screenshot(path="/tmp/h43u/bob_asked.png")
    bob.get_by_role("button", name="Accept").click()
    wait_moves(bob, 4)
    expect(bob.locator(".undo-note")).to_contain_text("You agreed")

    ann.goto(copied(bob, SEND))  # the agreement travels back with Bob's link
    wait_moves(ann, 4)
    expect(ann.locator(".undo-note")).to_contain_text("Every player agreed")
    wait_screen(ann, "game")
    expect(prompt(ann)).to_be_visible()  # Ann's decision again: the game goes on
    pass_turn(ann)
    assert moves(ann) == sent
    bob.goto(copied(ann, SEND))
    wait_moves(bob, sent)
    wait_screen(bob, "game")
    assert not bob.locator(".fork-link").count()
    expect(prompt(bob)).to_be_visible()  # Bob plays on from the same game
