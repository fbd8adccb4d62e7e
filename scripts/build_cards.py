"""Write cards.html, the list of every card in the game, in every language.

    python scripts/build_cards.py [--out dist]

Like rules.html (scripts/build_rules.py) the page is static HTML holding every language:
it needs no Python, opens before the game has started and offline (the service worker
precaches it). The cards are drawn by :mod:`tm.web.cardlist_html`, as the game draws them,
with the game's style sheet (static/app.css); static/rules.js shows one language (the
game's, else the browser's) and static/cards.js applies the filters.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.build_rules import BASE_STYLE, LANGUAGES, language_switch  # noqa: E402
from scripts.files import write_if_changed  # noqa: E402

STYLE = """
.card-list .filters { display: flex; flex-wrap: wrap; gap: .5em .9em; align-items: end;
  background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
  padding: .6em .8em; margin: 0 0 .6em; }
.card-list .filter { display: flex; flex-direction: column; gap: .15em; font-size: 14px;
  color: var(--muted); }
.card-list .filter.search { flex: 1 1 14em; }
.card-list .filter.cost input { width: 5em; }
.card-list .filters input, .card-list .filters select, .card-list .filters button {
  min-height: 2.5em; font-size: 16px; color: var(--ink); }
.card-list .count { margin: .3em 0 .6em; }
.cards-all { list-style: none; margin: 0; padding: 0; display: grid; gap: .6em;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 16em), 1fr)); }
.cards-all > .card { width: auto; font-size: 14px; }
.cards-all > [hidden], .card-list [hidden] { display: none !important; }
.card-prelude { border-color: #c77d2a; }
.card .origin { margin-top: auto; padding-top: .2em; font-size: 11px; color: #6b5a48; }
@media (max-width: 40em) { .card-list .filter { flex: 1 1 40%; }
  .card-list .filter.search { flex-basis: 100%; } .card-list .filters input,
  .card-list .filters select { width: 100%; } }
""".strip()


def page_html() -> str:
    """The whole page, every language in it (English shown when no script runs)."""
    from tm.web.cardlist_html import card_list_article
    from tm.web.expansions import pages  # noqa: F401  (adds each manifest's words to EN)
    from tm.web.html import esc
    from tm.web.i18n import t

    app_css = (ROOT / "static" / "app.css").read_text(encoding="utf-8")
    articles = "\n".join(card_list_article(lang, lang == "en") for lang in LANGUAGES)
    return ("<!doctype html>\n"
            '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{esc(t("cardlist.title", "en"))} · Terraforming Mars</title>\n'
            '<meta name="theme-color" content="#1b1410">\n'
            '<link rel="icon" href="static/icon.svg" type="image/svg+xml">\n'
            f"<style>\n{app_css}\n{BASE_STYLE}\n{STYLE}\n</style>\n</head>\n<body>\n"
            f"{language_switch()}\n{articles}\n"
            # Before the first paint: the language shown from the start (rules.js), then
            # the filters (cards.js), after the site's Trusted Types policy.
            '<script src="static/trusted.js"></script>\n'
            '<script src="static/rules.js"></script>\n'
            '<script src="static/cards.js"></script>\n</body>\n</html>\n')


def write(out: Path) -> bool:
    """Write ``out``/cards.html when its text changes; True when written."""
    return bool(write_if_changed(out / "cards.html", page_html().encode("utf-8")))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    if write(args.out):
        print(f"wrote {args.out / 'cards.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
