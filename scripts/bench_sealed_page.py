"""Timings of a sealed game (hands secret across devices) in the page: two browser
contexts play a 2-seat game by links to the end, the hard bot answering through the
page's test hook, and this prints what a player waits for, in seconds: taking a seat (the
device's shuffle step), opening a link (the posts taken, a step, the parts owed), the
audit at the end, and opening the finished game again from the device's record.

    python scripts/bench_sealed_page.py [--seed 21]

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
from tests.e2e.test_sealed_play import LINK, _open, _play_own  # noqa: E402


def _timed(action: Any, *args: Any) -> float:
    started = time.perf_counter()
    action(*args)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    build_site()
    server = start_server()
    seen: dict[str, list[float]] = {"open a link": []}
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        pages = {name: browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                 for name in ("Ann", "Bob")}
        ann = pages["Ann"]
        ann.goto(server.url)
        wait_ready(ann)
        start_game(ann, players=2, names=["Ann", "Bob"], seed=args.seed, submit=False)
        ann.locator("form.new-game input[name=by_link]").check()
        ann.locator("form.new-game input[name=sealed]").check()
        ann.locator("form.new-game button[type=submit]").click()
        wait_screen(ann, "seat")

        def seat() -> None:
            ann.get_by_role("button", name="I am Ann").click()
            ann.wait_for_selector(LINK)
        seen["take the first seat (a shuffle step)"] = [_timed(seat)]
        sender = "Ann"
        while (offer := _play_own(pages[sender])) is not None:
            to, link = offer
            seen["open a link"].append(_timed(_open, pages[to], link, to))
            sender = to
        for name, page in pages.items():
            def again(page: Any = page) -> None:
                page.reload()
                wait_ready(page)
                page.wait_for_selector("[data-audit=passed], .save-list li")
                if not page.locator("[data-audit=passed]").count():  # (no resume: the list)
                    page.locator(".save-list li button", has_text="Continue").first.click()
                page.wait_for_selector("[data-audit=passed]")
            seen[f"reopen the finished game ({name})"] = [_timed(again)]
        browser.close()
    server.stop()
    for what, times in seen.items():
        line = f"{what}: {statistics.median(times):.2f} s"
        if len(times) > 1:
            line += (f" median over {len(times)}, max {max(times):.2f} s"
                     f" (the first links carry the shuffle; the last, the audit)")
        print(line)


if __name__ == "__main__":
    main()
