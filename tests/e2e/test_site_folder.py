"""dist/, the folder Netlify publishes, holds exactly what the site requests (the
Japanese web font: what a page in Japanese may request, slice by slice)."""
from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from tests.e2e.conftest import SITE, Server
from tests.e2e.helpers import expect, wait_ready, wait_screen

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]


def _manifest_files() -> set[str]:
    """The web manifest and the icons it names (the browser's install prompt reads them)."""
    manifest = "static/manifest.webmanifest"
    icons = json.loads((SITE / manifest).read_text(encoding="utf-8"))["icons"]
    base = f"http://site/{manifest}"
    return {f"/{manifest}"} | {urlsplit(urljoin(base, icon["src"])).path for icon in icons}


def _font_files() -> tuple[set[str], set[str]]:
    """The Japanese font's style sheet with the files it names, and its licence (the SIL
    Open Font License goes with the font files; no page requests it)."""
    sheet = SITE / "static" / "fonts-ja.css"
    named = {urlsplit(urljoin("http://site/static/fonts-ja.css", url)).path
             for url in re.findall(r'url\("([^"]+)"\)', sheet.read_text(encoding="utf-8"))}
    licences = {"/" + p.relative_to(SITE).as_posix()
                for p in (SITE / "static" / "vendor").glob("noto-sans-jp-*/LICENSE")}
    return {"/static/fonts-ja.css"} | named, licences


def test_the_site_folder_is_what_the_page_and_its_worker_request(
        new_page: Any, server: Server) -> None:
    # A first visit (the worker kept out: only what the page itself asks for), then a visit
    # that boots from the snapshot, as a return visit does.
    page = new_page(service_workers="block")
    page.goto(server.url)
    wait_ready(page)
    wait_screen(page, "start")
    if (SITE / "static" / "build" / "snapshot.json").is_file():
        page.goto(server.url + "?boot=snapshot")
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"
    page.goto(server.url + "rules.html#R-PAY-1")  # the rules reference, a page of its own
    expect(page.locator("#R-PAY-1")).to_be_visible()
    page.goto(server.url + "cards.html")  # the list of every card, another
    expect(page.locator("article.card-list[data-lang=en]")).to_be_visible()
    fonts, licences = _font_files()
    in_english = {urlsplit(url).path for url in page.recorder.requests}
    assert not in_english & fonts, "a page in English requested the Japanese font"
    # In Japanese (the game and the rules page): the font's style sheet and the slices of
    # the characters shown; any other slice may be requested by another screen.
    page.goto(server.url + "rules.html?lang=ja")
    expect(page.locator("article[data-lang=ja]")).to_be_visible()
    page.evaluate("document.fonts.ready.then(() => true)")
    page.goto(server.url)
    wait_ready(page)
    page.locator("select[data-change=language]").select_option("ja")
    page.evaluate("document.fonts.ready.then(() => true)")
    requested = {urlsplit(url).path for url in page.recorder.requests}
    requested = {"/index.html" if path == "/" else path for path in requested}
    assert "/static/fonts-ja.css" in requested
    files = {"/" + p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}
    assert requested <= files, f"requested but not in {SITE}: {sorted(requested - files)}"
    assert fonts <= files, f"named by static/fonts-ja.css, not in {SITE}: {sorted(fonts - files)}"
    on_demand = {path for path in files if "/noto-sans-jp-" in path} - licences
    assert on_demand <= fonts, f"font files no page can request: {sorted(on_demand - fonts)}"
    extra = files - requested - {"/sw.js"} - _manifest_files() - fonts - licences
    assert not extra, f"in {SITE} but never requested: {sorted(extra)}"


def test_the_start_screen_is_drawn_before_python_is_up(new_page: Any, server: Server) -> None:
    # The page as built holds the start screen (scripts/build_site.py): it is there, inert,
    # before any script ran, and live once Python has drawn it.
    page = new_page(java_script_enabled=False)
    page.goto(server.url)
    form = page.locator("#app.prerendered[inert] form.new-game")
    expect(form).to_be_visible()
    expect(form.locator("button[type=submit]")).to_be_visible()
    expect(page.locator("#boot-status")).to_contain_text("Starting the game")
    live = new_page()
    live.goto(server.url)
    wait_ready(live)
    expect(live.locator("#app")).not_to_have_attribute("inert", "")
    expect(live.locator("#app.prerendered, #boot-status")).to_have_count(0)
    expect(live.locator("form.new-game button[type=submit]")).to_be_enabled()
