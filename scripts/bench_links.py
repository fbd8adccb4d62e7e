"""Share-link sizes and the time to open one, printed (nothing is asserted).

    .venv/bin/python scripts/bench_links.py [--seeds 10] [--runs 3] [--root dist] [--no-browser]

(a) Link length (characters of the ``g=…`` fragment) of complete games, engine only
    (CPython): solo games played to the end by the random player of tm/sim.py and by
    always taking the first choice (the page's answer_first test hook), and 2-player
    games by the random player; min / median / max over the seeds (solo target: under
    2,000 characters), with the moves per game and the time to encode and decode.
(b) Time to open a finished 2-player game's link in Chromium: ``/#g=<link>`` from
    navigation start to body[data-ready='1'] with the end screen (``.end``) drawn, in a
    fresh context (cold, empty cache) and again in the same context (warm), median of
    ``--runs`` rounds after one discarded warm-up round; the plain page ``/`` is timed
    the same way beside it. The server is scripts/bench_browser.py's (scripts/serve.py's
    handler, netlify.toml's headers) on a free localhost port.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.files import load_file  # noqa: E402
from tests.kits import wait_without_eval  # noqa: E402
from tm.core.state import Options  # noqa: E402
from tm.game import Game  # noqa: E402
from tm.linkplay.links import decode, encode  # noqa: E402
from tm.sim import play_random_game  # noqa: E402

wait_without_eval.install()  # (Playwright's own wait is refused by the site's CSP)


def _bench_browser() -> Any:
    """scripts/bench_browser.py as a module (its server, probe and Chromium options)."""
    return load_file(ROOT / "scripts" / "bench_browser.py", "bench_browser")


# ------------------------------------------------------------------ (a) lengths
def first_choice_solo(seed: int) -> Game:
    """A solo game played as the page's answer_first hook plays: each decision's
    finishing choice (``done`` / ``confirm`` when listed, else the first; a step-by-step
    setup would toggle its first choice forever on the first choice alone)."""
    from tm.web.app import finishing_choice

    game = Game.new(Options(players=1, seed=seed))
    while not game.is_over:
        player, prompt = game.pending[0]
        game.respond(player, finishing_choice(prompt))
    return game


def measure(label: str, make: Callable[[int], Game], seeds: list[int]) -> dict[str, Any]:
    lengths, moves, enc_ms, dec_ms, ended = [], [], [], [], 0
    for seed in seeds:
        game = make(seed)
        ended += game.is_over
        began = time.perf_counter()
        link = encode(game)
        enc_ms.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        assert decode(link).digest() == game.digest()
        dec_ms.append((time.perf_counter() - began) * 1000)
        lengths.append(len(link))
        moves.append(len(game.moves))
    med = statistics.median
    print(f"  {label:<34} chars min {min(lengths):5d}  median {med(lengths):7.0f}  "
          f"max {max(lengths):5d}   moves median {med(moves):5.0f}   "
          f"encode {med(enc_ms):5.0f} ms  decode {med(dec_ms):5.0f} ms   "
          f"({ended}/{len(seeds)} ended)")
    return {"lengths": lengths, "moves": moves}


def link_lengths(seeds: int) -> str:
    """Print (a); the link of the first finished 2-player game, for (b)."""
    picked = list(range(1, seeds + 1))
    print(f"link length of complete games (CPython {sys.version.split()[0]}; "
          f"seeds 1..{seeds}; characters after '#')")
    solo = measure("solo, random player", lambda s: play_random_game(players=1, seed=s),
                   picked)
    first = measure("solo, first choice (answer_first)", first_choice_solo, picked)
    two = measure("2 players, random players",
                  lambda s: play_random_game(players=2, seed=s), picked)
    drafted = measure("2 players, random players, draft",
                      lambda s: play_random_game(players=2, seed=s, draft=True), picked)
    worst = max(solo["lengths"] + first["lengths"])
    print(f"  solo target: under 2,000 characters; longest solo link {worst} "
          f"({'met' if worst < 2000 else 'NOT met'})")
    # Played by link, a link also names the game (``&p=`` and a 16-letter id).
    by_link = max(two["lengths"] + drafted["lengths"]) + len("&p=") + 16
    print(f"  2-player target (played by link): under 2,000 characters; longest "
          f"{by_link} ({'met' if by_link < 2000 else 'NOT met'})")
    game = play_random_game(players=2, seed=1)
    assert game.is_over
    return encode(game)


# ------------------------------------------------------------------ (b) opening
def open_times(browser: Any, probe: str, urls: dict[str, str], runs: int
               ) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Cold and warm ms to ready per URL, over ``runs`` rounds (round 0 discarded)."""
    cold: dict[str, list[float]] = {name: [] for name in urls}
    warm: dict[str, list[float]] = {name: [] for name in urls}
    for round_ in range(runs + 1):
        for name, url in urls.items():
            context = browser.new_context()
            context.add_init_script(probe)
            page = context.new_page()
            times = []
            for _ in range(2):  # cold, then warm (a new navigation, not a fragment change)
                page.goto("about:blank")
                page.goto(url)
                page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
                times.append(float(page.evaluate("window.__readyAt")))
                if name == "link":
                    assert page.locator(".end").count() == 1, "no end screen"
                    assert page.locator(".link-banner").count() == 1
            if round_:
                cold[name].append(times[0])
                warm[name].append(times[1])
            context.close()
    return cold, warm


def browser_times(link: str, runs: int, root: Path) -> None:
    bench = _bench_browser()
    from playwright.sync_api import sync_playwright

    process, url = bench.start_server(root)
    try:
        with sync_playwright() as playwright:
            browser = bench.launch_browser(playwright)
            cold, warm = open_times(browser, bench.READY_PROBE,
                                    {"page": url, "link": f"{url}#{link}"}, runs)
            chromium = browser.version
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    med = statistics.median
    print(f"time to ready in Chromium {chromium}, ms (median of {runs}; runs in brackets; "
          f"{os.cpu_count()} CPUs; server {url}; root {root})")
    for key, name in (("page", "plain page /"), ("link", "finished 2-player link")):
        print(f"  {name:<23} cold {med(cold[key]):7.0f} {[round(x) for x in cold[key]]}"
              f"   warm {med(warm[key]):7.0f} {[round(x) for x in warm[key]]}")
    print(f"  link - page             cold {med(cold['link']) - med(cold['page']):7.0f}"
          f"   warm {med(warm['link']) - med(warm['page']):7.0f}"
          "   (decode, replay and end screen with chart)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="games per kind, seeds 1..N")
    parser.add_argument("--runs", type=int, default=3, help="cold/warm loads of each URL")
    parser.add_argument("--root", type=Path,
                        default=Path(os.environ.get("TM_E2E_ROOT") or ROOT / "dist"))
    parser.add_argument("--no-browser", action="store_true", help="link lengths only")
    args = parser.parse_args(argv)
    link = link_lengths(args.seeds)
    print(f"  2-player link opened in the browser: {len(link)} characters")
    if not args.no_browser:
        browser_times(link, args.runs, args.root.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
