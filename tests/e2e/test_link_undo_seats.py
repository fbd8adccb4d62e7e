"""Undo by link with three seats, in the browser (issue 43, item 2): three devices (browser
contexts with their own storage and device keys) play by links only, acting only through
clicks, typed text and the links they copy. Ann takes back a move after sending it: Bob
accepts and passes the request on to Carl, who accepts (every device goes back and the game
goes on for all three) or refuses with a reason (Ann is told, nobody goes back, the game
goes on). Hooks only read (the moves shown, the links in their fields)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tests.e2e.helpers import choose_setup, expect, prompt, save_shot, wait_ready, wait_screen
from tests.e2e.linkkit import (
    DESKTOP,
    copied,
    invitation,
    moves,
    pass_turn,
    start_by_link,
    take_seat,
    wait_moves,
)
from tm.web import linkundo

pytestmark = pytest.mark.e2e

SEND = ".send-panel:not(.undo-link) input.send-link"
ASK = ".undo-link input.send-link"
SEED = 6  # Ann acts first: her pass is not the generation's last




def _reworded(link: str, reason: str) -> str:
    """A refusal's link with its reason changed on the way (its signature kept)."""
    head, _, param = link.partition(f"&{linkundo.PARAM}=")
    refusal = linkundo.read_param({linkundo.PARAM: param})
    assert isinstance(refusal, linkundo.Refusal) and refusal.signature
    forged = replace(refusal, reason=reason)
    return f"{head}&{linkundo.PARAM}={linkundo.param_of(forged)}"


def _recipient(page: Any) -> str:
    return str(page.locator(".send-panel:not(.undo-link) h2").inner_text()).removeprefix(
        "Send to ")




def _send(sender: Any, to: Any) -> None:
    """The sender copies the game's link; the other device opens it and holds the game."""
    link = copied(sender, SEND)
    to.goto(link)
    wait_moves(to, moves(sender))
    wait_screen(to, "game")


def _table(new_page: Any, boot: Any) -> dict[str, Any]:
    """Three devices set up by clicks; Ann's first action (a pass) sent to Bob."""
    ann, bob, carl = (new_page(viewport=DESKTOP) for _ in range(3))
    boot(ann)
    start_by_link(ann, ["Ann", "Bob", "Carl"], seed=SEED)
    to_carl = invitation(ann, "Carl")
    choose_setup(ann)
    wait_ready(ann)
    take_seat(bob, copied(ann, SEND), "Bob")
    choose_setup(bob)
    wait_ready(bob)
    assert _recipient(bob) == "Carl"
    take_seat(carl, to_carl, "Carl")
    _send(bob, carl)
    choose_setup(carl)
    wait_ready(carl)
    assert _recipient(carl) == "Ann"
    _send(carl, ann)
    pass_turn(ann)
    assert _recipient(ann) == "Bob"
    _send(ann, bob)
    return {"Ann": ann, "Bob": bob, "Carl": carl}


def _asked_and_passed_on(devices: dict[str, Any]) -> int:
    """Ann asks to take back her sent pass; Bob accepts and passes the request on to Carl,
    who is shown it. The moves sent."""
    ann, bob, carl = devices["Ann"], devices["Bob"], devices["Carl"]
    sent = moves(ann)
    ann.get_by_role("button", name="Undo").click()  # after sending: a request
    wait_ready(ann)
    expect(ann.locator(".undo-link h2")).to_have_text("Ask Bob to take back your moves")
    assert moves(ann) == sent
    bob.goto(copied(ann, ASK))
    wait_ready(bob)
    expect(bob.locator(".undo-asked")).to_contain_text("Ann asks to take back their move")
    bob.get_by_role("button", name="Accept").click()
    wait_ready(bob)
    expect(bob.locator(".undo-link h2")).to_have_text("Send the request on to Carl")
    assert moves(bob) == sent  # not yet: Carl must agree too
    save_shot(bob, "bob_passes_on")
    carl.goto(copied(bob, ASK))
    wait_ready(carl)
    expect(carl.locator(".undo-asked")).to_contain_text("Ann asks to take back their move")
    save_shot(carl, "carl_asked")
    assert moves(carl) == sent
    return sent


def test_three_seats_one_takes_back_a_sent_move_the_others_accept_and_play_on(
        new_page: Any, boot: Any) -> None:
    devices = _table(new_page, boot)
    ann, bob, carl = devices["Ann"], devices["Bob"], devices["Carl"]
    sent = _asked_and_passed_on(devices)
    carl.get_by_role("button", name="Accept").click()  # the last to agree: back it goes
    wait_ready(carl)
    expect(carl.locator(".undo-note")).to_contain_text("You agreed")
    back = moves(carl)
    assert back < sent
    assert _recipient(carl) == "Ann"
    _send(carl, ann)  # every seat's agreement travels with Carl's link
    expect(ann.locator(".undo-note")).to_contain_text("Every player agreed")
    expect(prompt(ann)).to_be_visible()  # Ann's decision again: the game goes on
    pass_turn(ann)
    assert moves(ann) == sent
    _send(ann, bob)  # Bob, who agreed first, takes the game on
    assert not bob.locator(".fork-link").count() and not bob.locator(".undo-link h2").count()
    expect(prompt(bob)).to_be_visible()
    pass_turn(bob)
    _send(bob, carl)
    assert not carl.locator(".fork-link").count()
    expect(prompt(carl)).to_be_visible()  # all three play on from the same game


def test_three_seats_a_refusal_with_its_reason_reaches_the_asker_and_the_game_goes_on(
        new_page: Any, boot: Any) -> None:
    devices = _table(new_page, boot)
    ann, bob, carl = devices["Ann"], devices["Bob"], devices["Carl"]
    sent = _asked_and_passed_on(devices)
    carl.locator(".undo-refuse input[name=reason]").fill("too late")
    carl.get_by_role("button", name="Refuse").click()
    wait_ready(carl)
    expect(carl.locator(".undo-link h2")).to_have_text("Send your answer to Ann")
    answer = copied(carl, ASK)
    ann.goto(_reworded(answer, "cheat"))  # a relay rewords Carl's signed refusal: not taken
    wait_ready(ann)
    expect(ann.locator(".undo-note")).to_contain_text("that Carl's device did not sign")
    save_shot(ann, "ann_refusal_unsigned")
    ann.goto(answer)
    wait_ready(ann)
    expect(ann.locator(".undo-note")).to_contain_text(
        "Carl refused to take back your moves: “too late”")
    save_shot(ann, "ann_refused")
    assert moves(ann) == moves(bob) == moves(carl) == sent
    expect(prompt(bob)).to_be_visible()  # Bob's turn, as before the request
    pass_turn(bob)
    _send(bob, carl)
    assert not carl.locator(".fork-link").count()
    expect(prompt(carl)).to_be_visible()
