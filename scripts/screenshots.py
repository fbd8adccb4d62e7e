"""Take the README's screenshots of the served page (start, mid-game board, end screen).

    .venv/bin/python scripts/screenshots.py [--url http://localhost:8000/]

Needs the site served (``make serve``) and Chromium (Debian's or Playwright's own).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tm import Game, Options  # noqa: E402
from tm.rng import Rng  # noqa: E402
from tm.sim import random_response  # noqa: E402
from tm.web.saves import PREFIX, SaveMeta, entry_text  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
READY = "body[data-ready='1']"


def _mid_game_entry() -> str:
    names = ["Ada", "Brahe", "Curie"]
    game = Game.new(Options(players=3, seed=21, names=names))
    rng = Rng.from_seed(5)
    while len(game.moves) < 330:
        player, prompt = game.pending[0]
        game.respond(player, random_response(prompt, rng))
    meta = SaveMeta(names=names, colours=["red", "green", "blue"], generation=game.state.generation,
                    updated=1.7e12)
    return entry_text(game, meta)


def main(argv: list[str]) -> int:
    """Open the page at two viewports and save PNGs under docs/."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://localhost:8000/")
    args = parser.parse_args(argv)
    with sync_playwright() as playwright:
        options = {"args": ARGS}
        if Path("/usr/bin/chromium").exists():
            options["executable_path"] = "/usr/bin/chromium"
        browser = playwright.chromium.launch(**options)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(args.url)
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        page.screenshot(path=str(ROOT / "docs" / "start.png"))
        entry = _mid_game_entry()
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [PREFIX + "docs", entry])
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        page.click(".save-list li[data-save='docs'] [data-action=continue]")
        if page.locator("[data-action=reveal]").count():
            page.click("[data-action=reveal]")
        page.wait_for_selector(".board")
        page.screenshot(path=str(ROOT / "docs" / "mid-game.png"))
        page.click("[data-action=menu]")
        page.select_option("select[name=players]", "1")
        page.fill("input[name=name_0]", "Ada")
        page.fill("input[name=seed]", "7")
        page.click("form.new-game button[type=submit]")
        for _ in range(2000):
            if page.locator(".end").count():
                break
            page.evaluate("window.tmAnswerFirst()")
        page.locator(".end").scroll_into_view_if_needed()
        page.screenshot(path=str(ROOT / "docs" / "end.png"), full_page=True)
        browser.close()
    print(json.dumps(sorted(p.name for p in (ROOT / "docs").glob("*.png"))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
