"""A game with secret hands across devices (issue 32's acceptance), in the browser: two
contexts (Ann on a desktop, Bob on a phone, each with its own storage) start and play a
sealed game by passing links only, to the end, and both audits pass. On the way, Ann
opens a tampered link (Bob showing a card of Ann's hand as if he had drawn it): it is
refused with a notice naming Bob, and her game plays on; at the end a copy of Ann's device
opens Bob's last link with his seed changed on the way: Bob's device did not sign it, so it
is refused with its notice. (A seed forged by Bob's own device, signed, fails the audit:
tests/web/test_sealed_page.py, where the test holds Bob's keys.)

Decisions are answered by the page's test hook as the hard bot would (``tmAnswerBot``):
people at every seat, so the game ends as a game played by link does. Forged links are
made in CPython from what Bob's device stores, as a cheating device would make them."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.helpers import expect, start_game, wait_ready, wait_screen
from tests.e2e.linkkit import DESKTOP
from tm.fairdeck.wire import SeedReveal, Show, Turn, decode, encode
from tm.persist import sealedlinks
from tm.persist.saves import options_from
from tm.persist.sealedplay import Post
from tm.web.saves import parse_entry
from tm.web.sealedgame import RECORD_PREFIX, Record, SealedPlay

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LINK = ".send-panel.sealed input.send-link"
NAMES = ["Ann", "Bob"]
REBUILD_MS = 90_000  # a device's game rebuilt from its record: seconds, more under load


def _posts(page: Any) -> int:
    value = page.locator(".send-panel.sealed").get_attribute("data-posts")
    return int(value or 0)


def _play_own(page: Any) -> tuple[str, str] | None:
    """Answer this device's decisions as the hard bot until the page offers a link; the
    recipient and the link (None: nothing left to send)."""
    for _ in range(300):
        wait_ready(page)
        if page.locator(LINK).count():
            to = page.locator(".send-panel h2").inner_text().removeprefix("Send to ")
            return to, str(page.locator(LINK).input_value())
        if page.locator("[data-audit=passed], [data-audit=failed]").count():
            return None
        page.evaluate("window.tmAnswerBot(25)")
    raise AssertionError("the page never offered a link")


def _open(page: Any, link: str, name: str) -> None:
    """A device opens a link sent to it (its first: it takes its seat)."""
    held = sealedlinks.decode(link.split("#", 1)[1].split("&")[0])
    page.goto(link)
    wait_ready(page)
    if page.locator(".seat-check").count():
        page.get_by_role("button", name=f"I am {name}").click()
        wait_screen(page, "game")
    page.wait_for_function(
        "(n) => Number(document.querySelector('.send-panel.sealed')?.dataset.posts) >= n",
        arg=held.first + len(held.posts), timeout=REBUILD_MS)
    wait_ready(page)


def _stored(page: Any) -> dict[str, str]:
    return dict(page.evaluate("Object.fromEntries(Object.entries(localStorage))"))


def _device_of(stored: dict[str, str], game_id: str) -> SealedPlay:
    """A device rebuilt in CPython from what a page stores (its seed, posts, options)."""
    record_text = json.loads(stored[RECORD_PREFIX + game_id])
    record = Record(record_text["seat"], bytes.fromhex(record_text["seed"]),
                    record_text["posts"])
    options = options_from(parse_entry(stored["tm:save:link-" + game_id])[1]["options"])
    return SealedPlay.restore(options, game_id, record)


def _not_drawn(link: str, bob: SealedPlay) -> str:
    """Bob's link with one more post: a card of Ann's hand shown as if Bob drew it."""
    held = sealedlinks.decode(link.split("#", 1)[1].split("&")[0])
    stolen = next(position for position in bob.seat.piles()["project"].drawn_by(0)
                  if not bob.seat.device.is_shown("project", position))
    part = bob.seat.device._decks["project"].keys.part(stolen)  # noqa: SLF001 - forging
    forged = Post(1, None, encode(Turn(1, 2, (), (Show("project", stolen, part),))))
    text = sealedlinks.encode(held.game_id, [*held.posts, forged], held.first, held.options)
    return link.split("#", 1)[0] + "#" + text


def _forged_seed(link: str) -> str | None:
    """Bob's link with his seed replaced (None: it carries no seed of his)."""
    held = sealedlinks.decode(link.split("#", 1)[1].split("&")[0])
    posts = [Post(p.seat, p.move, encode(SeedReveal(1, bytes(32))))
             if p.seat == 1 and isinstance(decode(p.message), SeedReveal) else p
             for p in held.posts]
    if posts == list(held.posts):
        return None
    text = sealedlinks.encode(held.game_id, posts, held.first, held.options)
    return link.split("#", 1)[0] + "#" + text


def test_two_devices_play_a_sealed_game_to_the_end_and_tampered_links_are_caught(
        new_page: Any, boot: Any) -> None:
    ann, bob = new_page(viewport=DESKTOP), new_page(viewport=PHONE)
    boot(ann)
    start_game(ann, players=2, names=NAMES, seed=21, submit=False)
    ann.locator("form.new-game input[name=by_link]").check()
    ann.locator("form.new-game input[name=sealed]").check()
    ann.locator("form.new-game button[type=submit]").click()
    wait_screen(ann, "seat")
    ann.get_by_role("button", name="I am Ann").click()
    wait_screen(ann, "game")
    expect(ann.locator(".send-panel .who-sees")).to_contain_text("only your device")

    devices, sender = {"Ann": ann, "Bob": bob}, "Ann"
    tampered = seed_forged = False
    lengths: list[int] = []
    for _ in range(400):
        offer = _play_own(devices[sender])
        if offer is None:
            break
        to, link = offer
        lengths.append(len(link))
        game_id = sealedlinks.decode(link.split("#", 1)[1].split("&")[0]).game_id
        if to == "Ann" and not tampered and len(lengths) > 30:
            forged = _not_drawn(link, _device_of(_stored(bob), game_id))
            before = _posts(ann)
            ann.goto(forged)
            wait_ready(ann)
            expect(ann.locator(".notice[role=alert]")).to_contain_text(
                "did not sign")  # (signatures are checked before the fair deck's work)
            expect(ann.locator(".notice[role=alert]")).to_contain_text("Bob")
            assert _posts(ann) == before  # nothing of it was kept
            tampered = True
        if to == "Ann" and not seed_forged and (forged_seed := _forged_seed(link)):
            copy = new_page(viewport=DESKTOP)
            boot(copy)
            copy.evaluate("(items) => { for (const [k, v] of Object.entries(items))"
                          " localStorage.setItem(k, v); }", _stored(ann))
            copy.goto(forged_seed)
            wait_ready(copy)
            expect(copy.locator(".notice[role=alert]")).to_contain_text(  # (a rebuild first)
                "that Bob's device did not sign", timeout=REBUILD_MS)
            # nothing of it was taken: no seed of Bob's, so no audit either way
            expect(copy.locator("[data-audit=passed], [data-audit=failed]")).to_have_count(0)
            seed_forged = True
        _open(devices[to], link, to)
        sender = to
    assert tampered and seed_forged
    for page in (ann, bob):
        expect(page.locator("[data-audit=passed]")).to_contain_text("Checked",
                                                                    timeout=REBUILD_MS)
        assert "&k=" in link and "&s=" in link  # the posts signed by the seats' device keys
        expect(page.locator(".end")).to_be_visible()
    assert sorted(lengths)[len(lengths) // 2] < 4000  # a typical turn fits a chat message
