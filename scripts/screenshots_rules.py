"""Take screenshots of the rules reference in German, Japanese and Belarusian
(docs/rules-de.png, docs/rules-ja.png, docs/rules-be.png).

    .venv/bin/python scripts/screenshots_rules.py [--url http://localhost:8000/]

Needs the site served (``make serve``) and Chromium (Debian's or Playwright's own). Each
shot opens the reference at a rule's anchor (``rules.html?lang=xx#R-PAY-1``), as a link
from the game does, so the highlighted rule shows too.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOTS = (("de", "R-PAY-1"), ("ja", "R-GLOB-3"), ("be", "milestones"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://localhost:8000/")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        options: dict[str, object] = {"args": ARGS}
        if Path("/usr/bin/chromium").exists():
            options["executable_path"] = "/usr/bin/chromium"
        browser = playwright.chromium.launch(**options)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        for lang, anchor in SHOTS:
            page.goto(f"{args.url}rules.html?lang={lang}#{anchor}")
            page.wait_for_selector(f"#{anchor}.lit")
            page.evaluate("document.fonts.ready")
            page.wait_for_timeout(2800)  # the highlight's fade has settled
            target = args.out / f"rules-{lang}.png"
            page.screenshot(path=str(target))
            print(f"wrote {target}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
