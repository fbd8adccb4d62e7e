"""Japanese glyphs where the system has no Japanese font: our web font (Noto Sans JP, from
static/fonts-ja.css, scripts/build_fonts.py) is fetched only by a page shown in Japanese,
slice by slice, and kept by the service worker for offline play. A page in any other
language fetches no font at all.

TM_E2E_SHOTS=/some/folder saves the Japanese start and game screens there.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import SITE, Server
from tests.e2e.helpers import (
    CONTEXTS,
    expect,
    start_game,
    wait_ready,
    wait_screen,
)

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")
FONT_FILE = re.compile(r"\.(woff2?|ttf|otf)$")
SHEET = "/static/fonts-ja.css"
LANGNAME_FONT = "/static/langname-ja.woff2"
# Japanese fonts a system may have: the page uses them before ours (app.css).
SYSTEM_JAPANESE = ("Hiragino", "Yu Gothic", "Meiryo", "Noto Sans CJK", "Noto Sans JP")


def _font_requests(page: Any) -> list[str]:
    """Paths of the font files and font style sheets the page requested."""
    paths = [urlsplit(url).path for url in page.recorder.requests]
    return [p for p in paths if FONT_FILE.search(p) or p == SHEET]


def _fonts_drawing(page: Any, selector: str) -> list[dict[str, Any]]:
    """The fonts the browser draws an element's text with (DevTools' platform fonts)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts: list[dict[str, Any]] = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return fonts


def _in_japanese(page: Any) -> None:
    page.locator("select[data-change=language]").select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.evaluate("document.fonts.ready.then(() => true)")


def _assert_drawn_in_japanese(page: Any, selector: str) -> bool:
    """The element's Japanese text is drawn by a Japanese font: the system's, or else our
    web font; whether ours."""
    fonts = _fonts_drawing(page, selector)
    ours = [f for f in fonts if f["isCustomFont"]]
    system = [f for f in fonts if any(n in f["familyName"] for n in SYSTEM_JAPANESE)
              and not f["isCustomFont"]]
    assert ours or system, f"{selector}: drawn with {fonts}, no Japanese font"
    return bool(ours)


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"japanese-{name}.png"))


def test_a_page_in_english_fetches_no_font(new_page: Any, boot: Any, server: Server) -> None:
    page = new_page(**CONTEXTS["phone"])
    boot(page)
    expect(page.locator("select[data-change=language] option[lang=ja]")).to_have_text("日本語")
    start_game(page, players=1, names=["Ona"], seed=3)
    wait_screen(page, "game")
    click_moves(page, 3)
    page.goto(server.url + "rules.html?lang=en")
    expect(page.locator("article[data-lang=en]")).to_be_visible()
    page.evaluate("document.fonts.ready.then(() => true)")
    # Only the 1 KB font of the three glyphs of "日本語" on the language links
    # (scripts/build_langfont.py), never the Japanese web font's slices.
    assert _font_requests(page) == [LANGNAME_FONT]


def test_the_japanese_language_button_is_drawn_without_a_japanese_system_font(
        new_page: Any, server: Server) -> None:
    page = new_page(**CONTEXTS["phone"])
    page.goto(server.url + "rules.html?lang=en")
    link = "nav.langs a[data-lang=ja]"
    expect(page.locator(link)).to_have_text("日本語")
    page.evaluate("document.fonts.ready.then(() => true)")
    fonts = _fonts_drawing(page, link)
    system = [f for f in fonts if any(n in f["familyName"] for n in SYSTEM_JAPANESE)
              and not f["isCustomFont"]]
    if system:
        pytest.skip(f"this system has a Japanese font: {system}")
    # (DevTools names a web font by the name inside it: the Noto slice's)
    assert [(f["isCustomFont"], f["glyphCount"]) for f in fonts] == [(True, 3)], fonts
    assert page.evaluate("[...document.fonts].filter(f => f.family.includes('Langname'))"
                         ".map(f => f.status)") == ["loaded"]
    shot(page, "langname-rules")


def test_japanese_is_drawn_in_our_font_fetched_slice_by_slice(
        new_page: Any, boot: Any, server: Server) -> None:
    page = new_page(**CONTEXTS["phone"], device_scale_factor=2)
    boot(page)
    _in_japanese(page)
    expect(page.locator("h1")).to_have_text("テラフォーミング・マーズ")
    ours = _assert_drawn_in_japanese(page, "h1")  # bold (700)
    _assert_drawn_in_japanese(page, "form.new-game label")  # regular (400)
    shot(page, "start")
    start_game(page, players=1, names=["Ona"], seed=3, submit=False)
    page.locator("form.new-game button[type=submit]").tap()
    wait_screen(page, "game")
    click_moves(page, 3)
    page.evaluate("document.fonts.ready.then(() => true)")
    _assert_drawn_in_japanese(page, ".prompt h2")
    shot(page, "game")

    requested = _font_requests(page)
    if not ours:  # (a system with a Japanese font: ours is not needed, and not fetched)
        assert [p for p in requested if FONT_FILE.search(p)] == []
        return
    assert requested[0] == SHEET
    files = [p for p in requested if p != SHEET]
    served = {"/" + p.relative_to(SITE).as_posix()
              for p in (SITE / "static" / "vendor").glob("noto-sans-jp-*/*.woff2")}
    assert files and set(files) <= served, sorted(set(files) - served)
    assert all(p.endswith(".woff2") for p in files)
    assert {re.search(r"-(\d+)-normal", p).group(1) for p in files} <= {"400", "700"}
    assert len(set(files)) < len(served) / 2  # only the slices of the characters shown
    page.goto(server.url + "rules.html?lang=ja")  # the rules page in Japanese: the same font
    expect(page.locator("article[data-lang=ja]")).to_be_visible()
    page.evaluate("document.fonts.ready.then(() => true)")
    assert _assert_drawn_in_japanese(page, "article[data-lang=ja] h1")


def _controlled(page: Any) -> None:
    """Wait until the service worker controls the page (reloaded once if it did not)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
        wait_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")


def test_the_japanese_font_once_fetched_stays_for_offline_play(page: Any, boot: Any) -> None:
    boot(page)
    _controlled(page)
    _in_japanese(page)
    if not _assert_drawn_in_japanese(page, "h1"):
        pytest.skip("this system has a Japanese font: ours is never fetched")
    fetched = sorted({p for p in _font_requests(page)})
    cached = page.evaluate("""async (paths) => {
        const found = [];
        for (const path of paths) if (await caches.match(path)) found.push(path);
        return found; }""", fetched)
    assert cached == fetched  # stored as fetched (never precached)
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    expect(page.locator("h1")).to_have_text("テラフォーミング・マーズ")
    page.evaluate("document.fonts.ready.then(() => true)")
    assert _assert_drawn_in_japanese(page, "h1")  # ours, from the worker's cache
    assert page.evaluate("[...document.fonts].filter((f) => f.status === 'error').length") == 0
