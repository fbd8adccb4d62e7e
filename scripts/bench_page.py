"""Click-to-screen latency of the real page at a 5-player late-game position, and while a
bot decides, printed (nothing is asserted).

    .venv/bin/python scripts/bench_page.py [--clicks 50] [--bot-clicks 6] [--root .]

Serves the site with scripts/serve.py (netlify.toml's headers) on a free localhost port,
opens it in headless Chromium (Playwright) at 1366×768, stores a 5-player game in the
action phase of generation 8 (tests/kits/games.py: played on the engine in
CPython, so the page opens the same game) and continues it. Then ``--clicks`` clicks a
player would make, in turn: sorting the hand, opening and closing a played card's text,
and moves (the first choice of each decision, a legal space, the hand-off's reveal). For
each: from the click event to the first change of #app ("dom") and to the next animation
frame after it ("frame": the updated screen can be painted), plus the page's own
``body[data-took]`` (Python's handle + redraw). Each click is pressed for ``--press-ms``
(80: a person's press lasts about 50-150 ms; what the page does on the press, such as
moving the focus, happens while the button is held, and the click event, whose timestamp
the latency starts from, comes at the release). Run twice: as is, and with Chromium's CPU
throttled 4× (``Emulation.setCPUThrottlingRate``, a slow phone). Targets (issue 30): p95 of
"frame" ≤ 12 ms as is, ≤ 50 ms throttled.

Then, unthrottled, a 2-player game against the hard bot at the page's normal pace
(tests/kits/games.py): ``--bot-clicks`` times, the person's decisions are answered until
the bot decides at its action menu, and a played card's text is opened with a real click:
from the click event's time stamp (waiting behind a bot's slice counts) to the next frame
after it was handled. Target: every one under 100 ms (the functional test,
tests/e2e/test_bots.py, only checks that the click is answered).

Then (``--expert-rounds``, at each CPU throttling rate) a 2-player game against the
expert late in the game (tests/kits/games.py: Ada's action menu where the expert searches),
the bots at pace 0: Ada presses Hint (its search is thought in slices between frames)
and, while the hint thinks, opens a played card's text; then takes the hint, and while
the expert thinks on its own turn opens a card's text again. Printed: click -> frame of
each kind, how long the hint took from the press to its ranking, how many hints the
device gave up on (the hard ranking instead), the longest slice. Target: every click
while it thinks under 100 ms. (The page's own figures of a hint, its work and the span
of its slices, are exact; "press -> bench saw it" adds the bench's own round trips.)
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_browser import (  # noqa: E402
    CLICK_TO_FRAME,
    LATENCY_PROBE,
    TO_A_BOT_ACTION_TURN,
    free_port,
    launch_browser,
)
from tests.kits.games import bot_game_entry, expert_game_entry, late_game_entry  # noqa: E402
from tm.web.saves import PREFIX  # noqa: E402

READY = ("document.body.dataset.ready === '1' && document.body.dataset.busy === undefined")
# Before the next click, what the last one left for after its frame is done (the save,
# the focus): a player's clicks are hundreds of milliseconds apart.
SETTLED = ("document.body.dataset.saving === undefined "
           "&& document.body.dataset.settling === undefined")
PRESS_MS = 80.0  # how long each click's button is held down (see above; --press-ms)
TARGETS = {1: 12.0, 4: 50.0}  # p95 of click -> painted frame, ms, by CPU throttling rate
BOT_TARGET = 100.0  # every click -> frame while a bot decides, ms

# The click's timestamp, the first #app mutation after it, the next animation frame:
# the same probe as the boot benchmark's click latency.
PROBE = LATENCY_PROBE


def start_server(root: Path) -> tuple[subprocess.Popen[bytes], str]:
    """scripts/serve.py on a free port, once it answers."""
    port = free_port()
    process = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "serve.py"),
                                "--port", str(port), "--root", str(root)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"scripts/serve.py exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return process, url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("scripts/serve.py did not answer")


def open_late_game(page: Any, url: str, entry: str | None = None) -> None:
    """The 5-player position (or ``entry``), continued from the start screen and revealed."""
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [PREFIX + "bench", entry or late_game_entry()])
    page.reload()
    page.wait_for_function(READY, timeout=120_000)
    page.click(".save-list li[data-save='bench'] [data-action=continue]")
    page.wait_for_function(READY, timeout=60_000)
    if page.locator(".handoff [data-action=reveal]").count():
        page.click(".handoff [data-action=reveal]")
    page.wait_for_selector("body[data-screen='game']", state="attached")


SORTS = ("cost", "name", "tag", "playable")


def next_click(page: Any, step: int, press_ms: float = PRESS_MS) -> str | None:
    """Click what a player might click next; its kind (None: nothing to click)."""
    if page.locator("body[data-screen='handoff']").count():
        page.locator(".handoff [data-action=reveal]").click(delay=press_ms)
        return "reveal"
    if page.locator(".card-dialog").count():
        page.locator(".card-dialog [data-action=close_card]").click(delay=press_ms)
        return "close card"
    if step % 4 == 1 and page.locator(".hand-tools").count():
        by = SORTS[(step // 4) % len(SORTS)]
        page.locator(f".hand-tools [data-action=hand_sort][data-by={by}]").click(delay=press_ms)
        return "sort hand"
    if step % 4 == 2 and page.locator(".chip-read").count():
        page.locator(".chip-read").nth(step % page.locator(".chip-read").count()).click(
            delay=press_ms)
        return "read card"
    confirm = page.locator("#app [data-action=confirm_action]:not([disabled])")
    if confirm.count():
        confirm.first.click(delay=press_ms)
        return "confirm"
    legal = page.locator(".board g.space.legal")
    if legal.count():
        legal.first.click(delay=press_ms)
        return "space"
    choices = page.locator(".prompt [data-action=choose]:not([disabled])"
                           ":not([aria-disabled=true])")
    if choices.count():
        choices.first.click(delay=press_ms)
        return "move"
    return None


def measure(browser: Any, url: str, clicks: int, throttle: float,
            press_ms: float = PRESS_MS) -> dict[str, list[float]]:
    """Per kind of click and overall: dom, frame and took samples (ms)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    open_late_game(page, url)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    if throttle > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.evaluate(PROBE)
    found: dict[str, list[float]] = {}
    slowest: list[tuple[float, str]] = []
    step = misses = 0
    while len(found.get("frame", [])) < clicks and misses < clicks:
        step += 1
        page.wait_for_function(SETTLED, timeout=10_000)
        page.evaluate("window.__lat.click = null")
        before = _phases(cdp)
        kind = next_click(page, step, press_ms)
        if kind is None:
            break
        try:
            page.wait_for_function("window.__lat.frame !== null", timeout=10_000)
            page.wait_for_function(READY, timeout=10_000)
        except Exception:  # (a click that changed nothing on screen is not a sample)
            misses += 1
            continue
        click, dom, frame = page.evaluate("[__lat.click, __lat.dom, __lat.frame]")
        for phase, seconds in _phases(cdp).items():
            found.setdefault(f"renderer: {phase}", []).append(1000 * (seconds - before[phase]))
        took = str(page.evaluate("document.body.dataset.took || ''")).split()
        found.setdefault("dom", []).append(dom - click)
        found.setdefault("frame", []).append(frame - click)
        found.setdefault(f"frame: {kind}", []).append(frame - click)
        slowest.append((frame - click, kind))
        if took and took[-1].isdigit():
            found.setdefault("took", []).append(float(took[-1]))
            found.setdefault(f"{kind}: took", []).append(float(took[-1]))
        parts = str(page.evaluate("document.body.dataset.parts || ''")).split()
        for name, value in zip(("render", "set html", "rest", "handle"), parts, strict=False):
            found.setdefault(f"took: {name}", []).append(float(value))
            found.setdefault(f"{kind}: {name}", []).append(float(value))
    context.close()
    slowest.sort(reverse=True)
    print("  slowest clicks: " + ", ".join(f"{kind} {ms:.0f} ms" for ms, kind in slowest[:5]))
    return found


def measure_bot_turns(browser: Any, url: str, clicks: int) -> list[float]:
    """Click -> frame (ms) of a card's text opened while the hard bot decides."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    open_late_game(page, url, bot_game_entry())
    page.evaluate(CLICK_TO_FRAME)
    measured: list[float] = []
    for _ in range(4 * clicks):
        if len(measured) >= clicks:
            break
        page.evaluate(TO_A_BOT_ACTION_TURN)
        opener = page.locator("#app [data-action=read_card]").first
        if page.evaluate("document.body.dataset.bot") is None or not opener.count():
            continue
        before = page.evaluate("window.tmClicks.length")
        opener.click()
        page.wait_for_function(f"window.tmClicks.length > {before}", timeout=10_000)
        measured.append(float(page.evaluate("window.tmClicks[window.tmClicks.length - 1]")))
        page.keyboard.press("Escape")
        page.wait_for_selector(".card-dialog", state="detached", timeout=10_000)
    context.close()
    return measured


def report_bots(measured: list[float]) -> None:
    if not measured:
        print("while a bot decides: no click could be made during a bot's turn")
        return
    verdict = "meets" if max(measured) < BOT_TARGET else "misses"
    print(f"while a bot decides (2 players, hard bot, normal pace): n={len(measured)}  "
          f"median {statistics.median(measured):.1f} ms  max {max(measured):.1f} ms: "
          f"{verdict} the target < {BOT_TARGET:.0f} ms")


# Open a played card's text while something thinks (``.hint-thinking``: the hint; else a
# bot's turn with slices of thought going on): whether the click could be made.
READ_WHILE = """async (what) => {
    const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
    const thinking = () => what === 'hint' ? !!document.querySelector('#app .hint-thinking')
        : document.body.dataset.bot !== undefined && !document.querySelector('#app .prompt');
    for (let i = 0; i < 400 && !thinking(); i++) await sleep(2);
    return thinking();
}"""


def _read_card(page: Any, what: str) -> float | None:
    """Click -> frame (ms) of a played card's text opened while ``what`` thinks."""
    opener = page.locator("#app [data-action=read_card]").first
    if not opener.count() or not page.evaluate(READ_WHILE, what):
        return None
    before = page.evaluate("window.tmClicks.length")
    opener.click()
    page.wait_for_function(f"window.tmClicks.length > {before}", timeout=10_000)
    took = float(page.evaluate("window.tmClicks[window.tmClicks.length - 1]"))
    page.keyboard.press("Escape")
    page.wait_for_selector(".card-dialog", state="detached", timeout=10_000)
    return took


def measure_expert(browser: Any, url: str, rounds: int, throttle: float) -> dict[str, list[float]]:
    """Click -> frame (ms) while the hint's search and the expert's own search think."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    open_late_game(page, url, expert_game_entry())
    if throttle > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.evaluate(CLICK_TO_FRAME)
    page.evaluate("window.tmBotPace(0)")
    found: dict[str, list[float]] = {}
    for _ in range(rounds):
        if page.locator(".end").count():
            break
        page.wait_for_selector("#app [data-action=hint]", timeout=60_000)
        before = page.evaluate("window.tmClicks.length")
        asked = float(page.evaluate("performance.now()"))
        page.locator("#app [data-action=hint]").click()
        page.wait_for_function(f"window.tmClicks.length > {before}", timeout=10_000)
        found.setdefault("press Hint", []).append(
            float(page.evaluate("window.tmClicks[window.tmClicks.length - 1]")))
        took = _read_card(page, "hint")
        if took is not None:
            found.setdefault("while the hint thinks", []).append(took)
        page.wait_for_selector("#app .hint-box:not(.hint-thinking)", timeout=60_000)
        found.setdefault("hint: press -> bench saw it", []).append(
            float(page.evaluate("performance.now()")) - asked)
        work, wall = page.evaluate("[document.body.dataset.hintWork || 0, "
                                   "document.body.dataset.hintWall || 0]")
        found.setdefault("hint: its work", []).append(float(work))
        found.setdefault("hint: its slices' span", []).append(float(wall))
        page.locator("#app [data-action=hint_apply]").click()
        while page.locator("#app [data-action=confirm_action]").count():
            page.locator("#app [data-action=confirm_action]").click()
        took = _read_card(page, "bot")
        if took is not None:
            found.setdefault("while the expert thinks", []).append(took)
        page.wait_for_function("document.querySelector('.end') || document.querySelector("
                               "'#app [data-action=hint]')", timeout=60_000)
    body = page.evaluate("[document.body.dataset.hintGaveUp || '0', "
                         "document.body.dataset.botTook || '0', "
                         "document.body.dataset.botThought || '0']")
    found["hints given up"] = [float(body[0])]
    found["longest slice"] = [float(body[1])]
    found["slices of thought"] = [float(body[2])]
    context.close()
    return found


def report_expert(throttle: float, found: dict[str, list[float]]) -> None:
    print(f"against the expert (2 players, late, pace 0), CPU throttled {throttle:g}x:")
    for key, values in found.items():
        print(f"  {key:<24} n={len(values):3d}  median {statistics.median(values):7.1f}"
              f"  max {max(values):7.1f}")
    clicks = found.get("while the hint thinks", []) + found.get("while the expert thinks", [])
    if clicks:
        verdict = "meets" if max(clicks) < BOT_TARGET else "misses"
        print(f"  clicks while it thinks: max {max(clicks):.1f} ms: {verdict} the target "
              f"< {BOT_TARGET:.0f} ms")


PHASES = {"ScriptDuration": "script", "RecalcStyleDuration": "style", "LayoutDuration": "layout"}


def _phases(cdp: Any) -> dict[str, float]:
    """The renderer's time so far in script, style and layout (Performance.getMetrics):
    per click, where the browser's time went, whatever else the machine is doing."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {label: float(metrics.get(name, 0.0)) for name, label in PHASES.items()}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def report(name: str, found: dict[str, list[float]], target: float) -> None:
    print(f"{name}:")
    for key, values in found.items():
        print(f"  {key:<18} n={len(values):3d}  median {statistics.median(values):6.1f} ms"
              f"  p95 {p95(values):6.1f} ms  max {max(values):6.1f} ms")
    frames = found.get("frame") or [float("nan")]
    verdict = "meets" if p95(frames) <= target else "misses"
    print(f"  p95 click -> painted frame {p95(frames):.1f} ms: {verdict} the target "
          f"<= {target:.0f} ms")


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--rates", type=float, nargs="*", default=list(TARGETS),
                        help="CPU throttling rates to run (default: 1 and 4)")
    parser.add_argument("--bot-clicks", type=int, default=6,
                        help="clicks made while a bot decides (0: none)")
    parser.add_argument("--expert-rounds", type=int, default=8,
                        help="the person's hinted moves against the expert (0: none)")
    parser.add_argument("--press-ms", type=float, default=PRESS_MS,
                        help="how long each click is held down (0: released at once)")
    args = parser.parse_args(argv)
    print(f"each click held down {args.press_ms:g} ms; {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.1f}" for x in os.getloadavg()) + " (a click has no bare-Pyodide "
          "counterpart: bare Pyodide draws nothing)")
    server, url = start_server(args.root)
    try:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for rate in args.rates if args.clicks else []:
                target = TARGETS.get(int(rate), TARGETS[4])
                found = measure(browser, url, args.clicks, rate, args.press_ms)
                report(f"5 players, generation 8, CPU throttled {rate:g}x (load average "
                       f"{os.getloadavg()[0]:.1f})", found, target)
            if args.bot_clicks:
                report_bots(measure_bot_turns(browser, url, args.bot_clicks))
            for rate in args.rates if args.expert_rounds else []:
                report_expert(rate, measure_expert(browser, url, args.expert_rounds, rate))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
