"""What a 5-player game mid-game puts in the page, printed (nothing is asserted).

    .venv/bin/python scripts/bench_dom.py [--runs 3] [--root dist] [--against OTHER_DIST]

The 5-player game of tests/kits/games.py in the action phase of generation 8 (opened as
scripts/bench_page.py opens it), at a laptop (1366x768) and a phone (390x844) size, in
headless Chromium on scripts/bench_browser.py's server. For each: the elements of the
page and of each region (the board, the players' panels and their played cards, the log,
the hand, milestones and awards, the decision), Chromium's DOM counters (nodes, of every
document, and listeners: Memory.getDOMCounters) and the JavaScript heap in use after a
collection (Runtime.getHeapUsage); then the same with every player's played cards opened
(what the screen held before they were folded, issue 46). Medians of ``--runs`` fresh
pages. ``--against`` measures another built site (another checkout's dist/) in the same
run, each its own server, for a before/after.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.bench_browser import launch_browser, start_server  # noqa: E402
from scripts.bench_page import open_late_game  # noqa: E402

VIEWPORTS = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
REGIONS = {"board": "svg.board", "panels": ".player-panel", "played cards": ".tableau",
           "log": "section.log", "hand": ".hand", "milestones, awards": "section.ma",
           "decision": ".decision"}
COUNT = """(regions) => {
  const inside = (selector) => [...document.querySelectorAll(selector)]
    .reduce((n, element) => n + element.getElementsByTagName('*').length + 1, 0);
  const found = {elements: document.getElementsByTagName('*').length};
  for (const [name, selector] of Object.entries(regions)) found[name] = inside(selector);
  return found;
}"""
OPEN_ALL = """() => document.querySelectorAll('.tableau-toggle[aria-expanded=false]').length"""


def measure(page: Any) -> dict[str, float]:
    """The counts of the page as it is, its DOM counters and its JS heap after a collection."""
    found: dict[str, float] = page.evaluate(COUNT, REGIONS)
    session = page.context.new_cdp_session(page)
    session.send("HeapProfiler.collectGarbage")
    counters = session.send("Memory.getDOMCounters")
    heap = session.send("Runtime.getHeapUsage")
    found["DOM nodes (every document)"] = counters["nodes"]
    found["listeners"] = counters["jsEventListeners"]
    found["JS heap used, MB"] = heap["usedSize"] / 1e6
    session.detach()
    return found


def open_every_tableau(page: Any) -> None:
    """Click each folded player's "Show played cards" (nothing on a page without them)."""
    while page.evaluate(OPEN_ALL):
        page.locator(".tableau-toggle[aria-expanded=false]").first.click()
        page.wait_for_timeout(300)


def one_site(browser: Any, url: str, runs: int) -> dict[str, dict[str, list[float]]]:
    """{viewport and state: {figure: values}} over ``runs`` fresh pages."""
    results: dict[str, dict[str, list[float]]] = {}
    for _ in range(runs):
        for size, viewport in VIEWPORTS.items():
            context = browser.new_context(viewport=viewport)
            page = context.new_page()
            open_late_game(page, url)
            page.wait_for_timeout(1500)
            for state, found in ((f"{size}, as opened", measure(page)),
                                 (f"{size}, every player's cards open",
                                  (open_every_tableau(page), measure(page))[1])):
                for name, value in found.items():
                    results.setdefault(state, {}).setdefault(name, []).append(value)
            context.close()
    return results


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT / "dist")
    parser.add_argument("--against", type=Path, help="another built site, measured too")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sites = {"this": args.root.resolve()}
    if args.against:
        sites["against"] = args.against.resolve()
    found: dict[str, dict[str, dict[str, list[float]]]] = {}
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        for name, root in sites.items():
            process, url = start_server(root)
            try:
                found[name] = one_site(browser, url, args.runs)
            finally:
                process.terminate()
                process.wait(timeout=10)
        chromium = browser.version
        browser.close()
    load = os.getloadavg()
    print(f"Chromium {chromium}; {os.cpu_count()} CPUs, load average {load[0]:.1f} "
          f"{load[1]:.1f} {load[2]:.1f}; medians of {args.runs}")
    print("sites: " + "; ".join(f"{name} {root}" for name, root in sites.items()))
    for state in found["this"]:
        print(f"[{state}]")
        for figure, values in found["this"][state].items():
            line = f"  {figure:<30} {statistics.median(values):9.1f}"
            other = found.get("against", {}).get(state, {}).get(figure)
            if other:
                line += f"   against {statistics.median(other):9.1f}"
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
