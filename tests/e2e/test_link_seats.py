"""Seats belong to invitations (issue 43), one browser context per device, each with its
own storage and device keys, acting only by clicks and links opened: a 3-seat game's
invitations go out; a device that lacks a seat's invitation cannot take it, and a forged
seat claim pasted into a player's page is refused naming the seat; the creator invites a
lost device's seat again and the new device plays on, every device told.

The forged claim is made in CPython, as a hostile device would make it: the page runs the
same engine and the same codec."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import expect, wait_ready, wait_screen
from tests.e2e.linkkit import (
    DESKTOP,
    invitation,
    moves,
    open_sent,
    play_own_turns,
    saved_game,
    start_by_link,
    take_seat,
)
from tm.linkplay import links, seatseals
from tm.linkplay.seatseals import Intro, Seals
from tm.persist import sigs
from tm.web.app import finishing_choice
from tm.web.linkforks import saved_moves

pytestmark = pytest.mark.e2e

FORK = ".fork-link"


def _recipient(page: Any) -> str:
    return str(page.locator(".send-panel h2").inner_text()).removeprefix("Send to ")


def _claim_for_carl(link: str) -> str:
    """A hostile device's link: Carl's setup answered, and a key of its own announced for
    Carl's seat, introduced by an invitation key of its own (it lacks Carl's)."""
    base, fragment = link.split("#", 1)
    head, params = links.split_params(fragment)
    game = links.decode(head)
    while game.pending and game.pending[0][0] == 2:
        game.respond(2, finishing_choice(game.pending[0][1]))
    game_id = params["p"]
    history = saved_moves(game)
    device, fake_invite = sigs.SoftKey(bytes(range(32))), sigs.SoftKey(bytes(range(1, 33)))
    intro = Intro(0, fake_invite.sign(sigs.intro_message(game_id, 2, 0, device.public)))
    seals = seatseals.read_seat_seals(params)
    keys = {**seals.keys, 2: device.public}
    signatures = [*seals.signatures, sigs.SeatSignature(2, len(history), device.sign(
        sigs.batch_message(game_id, 2, history)))]
    fragment = links.with_params(links.encode(game), {"p": game_id})
    return base + "#" + seatseals.with_seals(fragment, keys, signatures, Seals(
        keys, signatures, {**seals.intros, 2: intro}, seals.begin))


def test_seats_belong_to_invitations_and_the_creator_reseats_a_lost_device(
        new_page: Any, boot: Any) -> None:
    ann, bob, carl = (new_page(viewport=DESKTOP) for _ in range(3))
    boot(ann)
    start_by_link(ann, ["Ann", "Bob", "Carl"])
    expect(ann.locator(".invites")).to_contain_text("Invitations")
    to_carl_invite = invitation(ann, "Carl")
    assert "&i=2.0." in to_carl_invite
    to_bob = play_own_turns(ann)
    assert _recipient(ann) == "Bob" and "&i=1.0." in to_bob  # the game sent invites Bob
    take_seat(bob, to_bob, "Bob")
    bob_to_carl = play_own_turns(bob)
    assert _recipient(bob) == "Carl" and "&i=" not in bob_to_carl  # Bob invites nobody

    # Eve got Bob's link to Carl on its way: no seat is hers to take
    eve = new_page(viewport=DESKTOP)
    eve.goto(bob_to_carl)
    wait_ready(eve)
    wait_screen(eve, "seat")
    expect(eve.locator(".seat-check")).to_contain_text("Carl (invitation needed)")
    assert eve.get_by_role("button", name="I am Carl").count() == 0
    expect(eve.locator(".seat-check button:not([disabled])")).to_have_count(0)
    # her forged claim of Carl's seat, pasted into Ann's page, is refused naming Carl
    kept = saved_game(ann).moves
    ann.goto(_claim_for_carl(bob_to_carl))
    wait_ready(ann)
    expect(ann.locator(FORK)).to_contain_text("takes Carl's seat with another device's key")
    ann.get_by_role("button", name="Keep my game").click()
    wait_screen(ann, "game")
    assert saved_game(ann).moves == kept

    # Carl takes his seat with his own invitation; the game reaches him from Bob
    take_seat(carl, to_carl_invite, "Carl")
    open_sent(carl, bob_to_carl)
    open_sent(ann, play_own_turns(carl))
    devices = {"Ann": ann, "Bob": bob, "Carl": carl}

    # Bob's device is lost: Ann invites him again, and a new device takes his seat
    ann.locator(".invite-again summary").click()
    bobs_before = sum(player == 1 for player, _ in saved_game(ann).moves)
    ann.get_by_role("button", name="Invite Bob again").click()
    wait_ready(ann)
    expect(ann.locator("#app")).to_contain_text("Bob is invited again")
    bob_again = invitation(ann, "Bob")
    assert "&i=1.1." in bob_again and "&r=1.1." in bob_again
    new_bob = new_page(viewport=DESKTOP)
    take_seat(new_bob, bob_again, "Bob")
    devices["Bob"] = new_bob
    sender, told, new_bob_moved = "Ann", set(), False
    for _ in range(30):  # the game goes round; every device learns Bob moved
        link = play_own_turns(devices[sender])
        to = _recipient(devices[sender])
        before = moves(devices[to])
        open_sent(devices[to], link)
        assert moves(devices[to]) >= before
        if devices[to].locator("#app").inner_text().find("Bob now plays on a new device") >= 0:
            told.add(to)
        new_bob_moved |= sender == "Bob"
        if new_bob_moved and "Carl" in told and to == "Ann":
            break
        sender = to
    assert new_bob_moved and "Carl" in told
    # the lost device, found again, opens the game: it no longer plays Bob
    bob.goto(link)
    wait_ready(bob)
    expect(bob.locator("#app")).to_contain_text("this device no longer plays Bob")
    wait_screen(bob, "seat")
    # Ann's game holds the new device's moves for Bob, taken under its key
    assert sum(player == 1 for player, _ in saved_game(ann).moves) > bobs_before
