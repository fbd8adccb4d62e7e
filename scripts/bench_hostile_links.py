"""What hostile links cost the page of a sealed game (issue 43), beside an honest link's:
Ann plays in headless Chromium against the built site (dist/); Bob's device is a double in
CPython that speaks the protocol with keys of its own (tests/kits/hostile_links.py). After
some ten links, Bob sends Ann, in turn: a flood of 16,382 empty posts signed by his keys, a
hand-off of a deck generation the game never opens, a decompression bomb (8 MiB of zeros),
the flood unsigned, floods of 300 empty posts (within the bound a link's size sets on
what it inflates to: refused by their shape, or unsigned by their signatures), and then
his honest link. Printed for each: its length, the seconds
from opening it to the page's answer, the page's own time for it (``body[data-took]``,
when it went through a click's path), the notice, and the median time of five clicks in
that game (sorting the hand) before and after it. Nothing is asserted.

    python scripts/bench_hostile_links.py [--seed 21] [--links 10]

Needs the site built (`make site`) and Chromium, as the browser tests do.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import build_site, launch_chromium, start_server  # noqa: E402
from tests.e2e.helpers import start_game, wait_ready, wait_screen  # noqa: E402
from tests.kits import hostile_links as hostile  # noqa: E402

LINK = ".send-panel.sealed input.send-link"
SORTS = ("cost", "name", "tag", "playable")
CLICKS = 5


def _posts(page: Any) -> int:
    value = page.locator(".send-panel.sealed").get_attribute("data-posts")
    return int(value or 0)


def _answer_own(page: Any) -> str | None:
    """Ann's decisions answered (the page's test hook, as the bench of sealed play does)
    until the page offers a link; the link (None: none)."""
    for _ in range(300):
        wait_ready(page)
        if page.locator(LINK).count():
            return str(page.locator(LINK).input_value())
        page.evaluate("window.tmAnswerBot(25)")
    return None


def _open(page: Any, url: str) -> tuple[float, str, str]:
    """Seconds from opening a link to the page's answer, its own time, and its notice."""
    before = _posts(page) if page.locator(".send-panel.sealed").count() else 0
    page.evaluate("document.body.dataset.took = ''")
    started = time.perf_counter()
    page.goto(url)
    wait_ready(page)
    for _ in range(600):  # until the notice shows or the posts are taken
        if page.locator(".notice[role=alert]").count() or _posts(page) > before:
            break
        time.sleep(0.05)
        wait_ready(page)
    took = time.perf_counter() - started
    notice = page.locator(".notice[role=alert]")
    said = notice.first.inner_text().strip() if notice.count() else ""
    return took, str(page.evaluate("document.body.dataset.took") or ""), said


def _clicks(page: Any) -> float:
    """Median seconds of CLICKS clicks sorting the hand (to the page ready again)."""
    times = []
    for step in range(CLICKS):
        button = page.locator(f".hand-tools [data-action=hand_sort][data-by={SORTS[step % 4]}]")
        if not button.count():
            return float("nan")
        started = time.perf_counter()
        button.click()
        wait_ready(page)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _table(page: Any, url: str, seed: int, links: int) -> tuple[hostile.Table, str]:
    """Ann (the page) and Bob (the double) play ``links`` links; Bob's next link is Ann's."""
    start_game(page, players=2, names=hostile.NAMES, seed=seed, submit=False)
    page.locator("form.new-game input[name=by_link]").check()
    page.locator("form.new-game input[name=sealed]").check()
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "seat")
    page.get_by_role("button", name="I am Ann").click()
    bob = hostile.device(salt=2, key=hostile.BOB_KEY)
    for sent in range(400):
        link = _answer_own(page)
        assert link is not None, "Ann's page offered no link"
        bob.handle("open_link", {"text": "#" + link.split("#", 1)[1]})
        assert bob.shown.notice is None, bob.shown.notice
        if bob.shown.meta.seat < 0:
            bob.handle("choose_seat", {"seat": 1})
        hostile.play_own(bob)
        made = hostile.offer(bob)
        assert made is not None and made[0] == "Ann"
        if sent >= links:
            return hostile.Table(bob, bob, bob.shown.meta.link_id, made[1]), url
        _open(page, f"{url}#{made[1]}")
        if page.locator(".seat-check").count():
            raise AssertionError("Ann's page asks for a seat again")
    raise AssertionError("the game never got that far")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--links", type=int, default=10)
    args = parser.parse_args()
    build_site()
    server = start_server()
    rows: list[tuple[str, int, float, str, str, float, float]] = []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(server.url)
        wait_ready(page)
        at, url = _table(page, server.url, args.seed, args.links)
        made = {"flood, 16,382 empty posts, signed": hostile.flood(at),
                "junk hand-off (a generation never opened)": hostile.junk_handoff(at),
                "decompression bomb (8 MiB of zeros)": hostile.bomb(at),
                "flood, unsigned": hostile.flood(at, sign=False),
                "flood, 300 empty posts, signed (within the bomb bound)": hostile.flood(at, 300),
                "flood, 300 empty posts, unsigned": hostile.flood(at, 300, sign=False),
                "honest link": at.honest}
        for what, link in made.items():
            before = _clicks(page)
            took, own, notice = _open(page, f"{url}#{link}")
            rows.append((what, len(link), took, own, notice, before, _clicks(page)))
        browser.close()
    server.stop()
    print("link | chars | open s | page's own | clicks before s | clicks after s | notice")
    for what, chars, took, own, notice, before, after in rows:
        print(f"{what} | {chars} | {took:.2f} | {own or '-'} | {before:.3f} | {after:.3f} | "
              f"{notice[:110] or '(taken)'}")


if __name__ == "__main__":
    main()
