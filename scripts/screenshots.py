"""Take the README's screenshots of the served page (start, mid-game board, end screen).

    .venv/bin/python scripts/screenshots.py [--url http://localhost:8000/]

Needs the site served (``make serve``) and Chromium (Debian's or Playwright's own).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tm import Game, Options  # noqa: E402
from tm.core.rng import Rng  # noqa: E402
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


def _payment_entry() -> tuple[str, str]:
    """A 2-player game at an action where the player to act holds a card that steel or
    titanium can pay for (clicking it opens the payment widget), and that card."""
    names = ["Ada", "Brahe"]
    for seed in range(1, 200):
        game = Game.new(Options(players=2, seed=seed, names=names))
        rng = Rng.from_seed(seed)
        while not game.is_over and len(game.moves) < 400:
            player, prompt = game.pending[0]
            card = _paid_with_metal(game, prompt) if game.state.generation >= 3 else None
            if card is not None:
                meta = SaveMeta(names=names, colours=["red", "blue"],
                                generation=game.state.generation, updated=1.7e12)
                return entry_text(game, meta), card
            game.respond(player, random_response(prompt, rng))
    raise SystemExit("no position with a payment found")


def _paid_with_metal(game: Game, prompt: Any) -> str | None:
    """A card the acting player may play now whose payment has metal to use."""
    if prompt.kind != "action":
        return None
    for choice in prompt.choices():
        if choice["type"] != "play_card":
            continue
        trial = game.copy()
        trial.respond(trial.pending[0][0], choice)
        waiting = trial.pending[0][1] if trial.pending else None
        if waiting is not None and waiting.kind == "pay" and len(waiting.data["use"]) > 0:
            return str(choice["card"])
    return None


def _open_entry(page: Any, key: str, entry: str) -> None:
    """Store a saved game in the page's storage and continue it from the start screen."""
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [PREFIX + key, entry])
    page.evaluate("sessionStorage.clear()")  # or the reload would resume the open game
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.click(f".save-list li[data-save='{key}'] [data-action=continue]")
    if page.locator("[data-action=reveal]").count():
        page.click("[data-action=reveal]")
    page.wait_for_selector(".board")


BOARDS = ("tharsis", "elysium", "hellas", "vastitas_borealis", "amazonis_planitia")
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def _boards(url: str) -> int:
    """Each board at the start of a 2-player game, on a desktop and a phone."""
    from playwright.sync_api import sync_playwright

    out = ROOT / "docs" / "boards"
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        options: dict[str, Any] = {"args": ARGS}
        if Path("/usr/bin/chromium").exists():
            options["executable_path"] = "/usr/bin/chromium"
        browser = playwright.chromium.launch(**options)
        for size, viewport in SIZES.items():
            page = browser.new_page(viewport=viewport)
            for board in BOARDS:
                page.goto(url)
                page.evaluate("sessionStorage.clear()")
                page.reload()
                page.wait_for_selector(READY, state="attached", timeout=60_000)
                page.select_option("select[name=board]", board)
                page.wait_for_selector(f"select[name=board] option[value={board}][selected]",
                                       state="attached")
                page.fill("input[name=seed]", "5")
                page.click("form.new-game button[type=submit]")
                page.wait_for_selector("body[data-screen='game'], body[data-screen='handoff']",
                                       state="attached")
                if page.locator("[data-action=reveal]").count():
                    page.click("[data-action=reveal]")
                page.locator(".board-wrap").screenshot(path=str(out / f"{board}-{size}.png"))
            page.close()
        browser.close()
    print(json.dumps(sorted(p.name for p in out.glob("*.png"))))
    return 0


def main(argv: list[str]) -> int:
    """Open the page at two viewports and save PNGs under docs/."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://localhost:8000/")
    parser.add_argument("--boards", action="store_true",
                        help="only the five boards, desktop and phone (docs/boards/)")
    args = parser.parse_args(argv)
    if args.boards:
        return _boards(args.url)
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
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(args.url)
        phone.wait_for_selector(READY, state="attached", timeout=60_000)
        _open_entry(phone, "docs", entry)
        phone.screenshot(path=str(ROOT / "docs" / "phone.png"))
        phone.close()
        entry_pay, card = _payment_entry()
        _open_entry(page, "docs-pay", entry_pay)
        page.locator(f'.hand button.card[data-card="{card}"]').first.click()
        page.wait_for_selector(".prompt button.confirm")
        page.locator(".prompt").scroll_into_view_if_needed()
        page.screenshot(path=str(ROOT / "docs" / "payment.png"))
        page.click("[data-action=menu]")
        page.select_option("select[name=players]", "1")
        page.fill("input[name=name_0]", "Ada")
        page.fill("input[name=seed]", "7")
        page.click("form.new-game button[type=submit]")
        for _ in range(2000):
            if page.locator(".end").count():
                break
            page.evaluate("window.tmAnswerFirst()")
        page.locator(".end").scroll_into_view_if_needed()  # (drawn: content-visibility)
        page.evaluate("window.scrollTo(0, 0)")  # (the sticky strip at the top, not mid-page)
        page.wait_for_timeout(100)
        page.screenshot(path=str(ROOT / "docs" / "end.png"), full_page=True)
        browser.close()
    print(json.dumps(sorted(p.name for p in (ROOT / "docs").glob("*.png"))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
