"""Timings of a sealed game (hands secret across devices) in the page, and the longest
main-thread task while a link opens, during the audit and while a finished game reopens
(the Long Tasks API; issue 49: the page never freezes, no task over 100 ms). Browser
contexts play a game by clicks and links to the end (tests/e2e/clickdriver.py), then each
reloads its finished game. Printed, with the machine's load: nothing is asserted.

    python scripts/bench_sealed_page.py [--players 2] [--prelude]

A device's first link boots its page (then it takes its seat); a later link is a new
address of the same page (its posts taken, its shuffle step if due); a reload boots it
and rebuilds the game from the device's record. "After the boot" counts the tasks from
the page's ready mark on, the rest is the boot (scripts/bench_boot.py). Needs
the site built (`make site`) and Chromium, as the browser tests do.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.clickdriver import AUDITED, REBUILD_MS, Device, play_table, start_sealed  # noqa: E402
from tests.e2e.conftest import boot_from_snapshot, build_site, launch_chromium, start_server  # noqa: E402
from tests.e2e.helpers import wait_ready  # noqa: E402

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
# Before the page's scripts: every long task (start, duration) and when the page was up.
PROBE = """
(() => {
  window.__tasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch {}
  new MutationObserver(() => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === '1')
      window.__readyAt = performance.now();
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
})();
"""


@dataclass
class Tasks:
    """The longest tasks a page ran since the last look (a link opened is a new address
    of the same document: no new boot), in all and after the boot."""
    whole: list[float] = field(default_factory=list)
    after_boot: list[float] = field(default_factory=list)
    slices: list[str] = field(default_factory=list)  # the job loop's own: slices, longest ms

    def collect(self, page: Any) -> None:
        """The longest tasks ``page`` ran since the last look."""
        tasks = json.loads(page.evaluate("JSON.stringify(window.__tasks || [])"))
        ready = page.evaluate("window.__readyAt === undefined ? -1 : window.__readyAt")
        self.whole.append(max((d for _s, d in tasks), default=0.0))
        self.after_boot.append(max((d for s, d in tasks if 0 <= ready <= s), default=0.0))
        self.slices.append(page.evaluate(
            "(document.body.dataset.jobSlices || '0') + ' slices, longest '"
            " + (document.body.dataset.jobTook || '0') + ' ms'"))
        page.evaluate("window.__tasks.length = 0")  # (a link opened later: its own tasks)


def _line(what: str, values: list[float]) -> str:
    if not values:
        return f"{what}: none"
    return (f"{what}: longest {max(values):.0f} ms, median {statistics.median(values):.0f} ms"
            f" over {len(values)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--prelude", action="store_true")
    args = parser.parse_args()
    build_site()
    server = start_server()
    names = NAMES[:args.players]
    opens, ends, reopens = Tasks(), Tasks(), Tasks()
    began = time.monotonic()
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        devices: dict[str, Device] = {}
        for name in names:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(PROBE)
            context.set_default_timeout(REBUILD_MS)
            page = context.new_page()
            boot_from_snapshot(page, server.origin)
            devices[name] = Device(page, name)
        first = devices[names[0]]
        first.page.goto(server.url)
        wait_ready(first.page)
        start_sealed(first, names, prelude=args.prelude)
        opened: set[str] = set()

        def before(device: Device, _link: str) -> None:
            if device.name in opened:  # (its last document: the links it opened)
                opens.collect(device.page)
            opened.add(device.name)

        sent = play_table(devices, names[0], before=before)
        played = time.monotonic() - began
        for device in devices.values():
            device.page.wait_for_selector(AUDITED, timeout=REBUILD_MS)
            ends.collect(device.page)  # (its last link opened, and the audit)
        reopened = []
        for device in devices.values():
            started = time.monotonic()
            device.page.reload()
            wait_ready(device.page)
            device.page.wait_for_selector(AUDITED, timeout=REBUILD_MS)
            reopened.append(time.monotonic() - started)
            reopens.collect(device.page)
        browser.close()
    server.stop()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"sealed game, {args.players} seats{' + Prelude' if args.prelude else ''}:"
          f" {len(sent)} links, played in {played:.0f} s (load {load}, {os.cpu_count()} cores)")
    print(_line("  a link opened, after the boot", opens.after_boot))
    print(_line("  a link opened, the boot included", opens.whole))
    print(_line("  the last link opened and the audit, after the boot", ends.after_boot))
    print(f"  the audit's slices per device: {'; '.join(ends.slices)}")
    print(_line("  the finished game reopened, after the boot", reopens.after_boot))
    print(f"  the finished game reopened: {max(reopened):.1f} s at most (boot included);"
          f" slices {'; '.join(reopens.slices)}")


if __name__ == "__main__":
    main()
