"""Games with secret hands across devices (issue 32, issue 43 item 1), in the browser,
played only by clicks, taps and links opened in the address bar: every answer is a click
on a visible control (a tap on the phone), every link is read from the link field the page
shows and opened in the other context, each context with its own storage and device keys
(tests/e2e/clickdriver.py). Test hooks only read.

Two devices (Ann on a desktop, Bob on a phone-sized touch screen) play a sealed game with
Prelude and Colonies to the end, and both audits pass. On the way, Ann opens a tampered
link (Bob showing a card of Ann's hand as if he had drawn it): it is refused with a notice
naming Bob, and her game plays on; near the end she opens Bob's link with his seed changed
on the way: Bob's device did not sign it, so it is refused with its notice, and the honest
link then opens. (A seed forged by Bob's own device, signed, fails the audit:
tests/web/test_sealed_page.py, where the test holds Bob's keys.) Forged links are made in
CPython from what Bob's device stores, as a cheating device would make them.

Three devices play a sealed game to generation 3."""
from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest

from tests.e2e.clickdriver import AUDITED, REBUILD_MS, Device, play_table, start_sealed
from tests.e2e.helpers import expect, generation, wait_ready
from tests.e2e.linkkit import DESKTOP
from tm.fairdeck.wire import SeedReveal, Show, Turn, decode, encode
from tm.linkplay import sealedlinks
from tm.linkplay.sealedplay import Post
from tm.persist.saves import options_from
from tm.web.saves import parse_entry
from tm.web.sealedgame import RECORD_PREFIX, Record, SealedPlay

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SHOTS = os.environ.get("TM_E2E_SHOTS")  # a folder to keep screenshots of the game in


def _posts(page: Any) -> int:
    value = page.locator(".send-panel.sealed").get_attribute("data-posts")
    return int(value or 0)


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


def _refused(page: Any, link: str, *words: str) -> None:
    """A tampered link opened in the address bar: a notice with ``words``, nothing kept."""
    before = _posts(page)
    page.goto(link)
    wait_ready(page)
    for word in words:
        expect(page.locator(".notice[role=alert]")).to_contain_text(word, timeout=REBUILD_MS)
    wait_ready(page)
    assert _posts(page) == before  # nothing of it was kept


def _seen(device: Device, turn: int) -> None:
    """A screenshot of every tenth link opened (and the next), when TM_E2E_SHOTS names a
    folder."""
    if SHOTS is not None and turn % 10 in (0, 1):
        device.page.screenshot(path=f"{SHOTS}/{device.name}-{turn:03d}.png")


@pytest.mark.matrix  # (a whole sealed game: ~90 s; make test-matrix; the three devices'
# game to generation 3 below stays in make test)
def test_two_devices_play_a_sealed_game_with_prelude_and_colonies_to_the_end_by_clicks(
        new_page: Any, boot: Any) -> None:
    began = time.monotonic()
    ann = Device(new_page(viewport=DESKTOP), "Ann")
    bob = Device(new_page(**PHONE), "Bob", touch=True)
    boot(ann.page)
    start_sealed(ann, ["Ann", "Bob"], prelude=True, colonies=True)
    expect(ann.page.locator(".send-panel .who-sees")).to_contain_text("only your device")
    devices = {"Ann": ann, "Bob": bob}
    tampered: list[str] = []

    def opening(device: Device, link: str) -> None:
        """Before Ann opens Bob's link: the tampered versions of it, refused."""
        if device is not ann:
            return
        game_id = sealedlinks.decode(link.split("#", 1)[1].split("&")[0]).game_id
        if "card" not in tampered and generation(ann.page) >= 2:
            _refused(ann.page, _not_drawn(link, _device_of(_stored(bob.page), game_id)),
                     "did not sign", "Bob")  # (signatures are checked before the fair deck)
            tampered.append("card")
        forged = _forged_seed(link)
        if forged is not None and "seed" not in tampered:
            _refused(ann.page, forged, "that Bob's device did not sign")
            tampered.append("seed")

    sent = play_table(devices, "Ann", seen=_seen, before=opening)
    assert tampered == ["card", "seed"]
    for device in (ann, bob):
        expect(device.page.locator("[data-audit=passed]")).to_contain_text(
            "Checked", timeout=REBUILD_MS)
        expect(device.page.locator(".end")).to_be_visible()
        _seen(device, 1000)
    assert all("&k=" in link and "&s=" in link for link in sent)  # signed by device keys
    assert sorted(len(link) for link in sent)[len(sent) // 2] < 4000  # fits a chat message
    print(f"sealed 2 seats to the end: {time.monotonic() - began:.0f} s, {len(sent)} links,"
          f" clicks Ann {ann.clicks} Bob {bob.clicks}, decisions {ann.kinds} {bob.kinds}")


def test_three_devices_play_a_sealed_game_to_generation_3_by_clicks(
        new_page: Any, boot: Any) -> None:
    began = time.monotonic()
    names = ["Ann", "Bob", "Cy"]
    devices = {"Ann": Device(new_page(viewport=DESKTOP), "Ann"),
               "Bob": Device(new_page(**PHONE), "Bob", touch=True),
               "Cy": Device(new_page(viewport=DESKTOP), "Cy")}
    boot(devices["Ann"].page)
    start_sealed(devices["Ann"], names)
    # Cy takes her seat with her own invitation, read from the creator's invitation list
    # as a person copies it (a seat is taken only with its invitation: Bob's links cannot)
    invite = devices["Ann"].page.locator(".invites li[data-seat='2'] input.invite-link")
    expect(invite).to_have_count(1, timeout=REBUILD_MS)
    devices["Cy"].open(str(invite.input_value()))

    def third(table: dict[str, Device]) -> bool:
        return all(generation(d.page) >= 3 for d in table.values()
                   if d.page.locator("main").count() and d.clicks)

    play_table(devices, "Ann", stop=third, seen=_seen)
    for device in devices.values():
        assert generation(device.page) >= 3
        expect(device.page.locator(AUDITED)).to_have_count(0)
        assert device.clicks > 0
    print(f"sealed 3 seats to generation 3: {time.monotonic() - began:.0f} s")
