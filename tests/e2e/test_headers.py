"""The site's headers and what the page keeps between visits, from a hostile point of view:
the Content-Security-Policy of netlify.toml (served by scripts/serve.py) needs no
'unsafe-eval', a start-up it refuses is named as such, the screen kept for a return visit
(static/kept.js) is data that cannot carry markup, and an open tab is told when a new
version's worker takes it over."""
from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import (
    WAIT_MS,
    Recorder,
    Server,
    copy_site,
    gen_sw,
    slow_down,
    start_server,
)
from tests.e2e.helpers import expect, start_game, wait_ready, wait_screen

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]

# Run before the page's scripts: every refusal of the page's CSP, kept for the test.
WATCH_CSP = """
window.tmViolations = [];
addEventListener('securitypolicyviolation', (e) => window.tmViolations.push(
  `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""
HOSTILE = "<img src=x onerror=\"window.tmPwned=1\">"


def _policy(server: Server) -> str:
    with urllib.request.urlopen(server.url, timeout=10) as response:
        return str(response.headers["Content-Security-Policy"])


def test_the_page_becomes_ready_under_the_sites_csp_with_no_violation(
        page: Any, boot: Any, server: Server) -> None:
    policy = _policy(server)
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert "'unsafe-eval'" not in script_src.split()
    assert "'wasm-unsafe-eval'" in script_src.split()
    assert "'trusted-types-eval'" not in policy  # (gates nothing in Chromium, stops Firefox)
    assert "require-trusted-types-for 'script'" in policy
    page.add_init_script(WATCH_CSP)
    boot(page)
    start_game(page, players=1, seed=2)
    click_moves(page)
    wait_ready(page)
    assert page.evaluate("window.tmViolations") == []
    # PyScript started it (tests/e2e/test_pyscript.py: all about it), and of its chunks only
    # those our page needs: no editor, terminal or their libraries (pyscript.toml).
    loaded = {u.rsplit("/", 1)[1].split("-")[0] for u in page.recorder.requests
              if "/static/vendor/pyscript-" in u}
    assert loaded == {"core.js", "core", "toml", "error"}


def test_a_start_up_the_csp_refuses_is_named_as_the_cause(page: Any, server: Server) -> None:
    """A host serving a stricter policy (here without 'wasm-unsafe-eval'): the notice names
    the Content-Security-Policy, not the connection or a browser without WebAssembly."""
    def stricter(route: Any) -> None:
        response = route.fetch()
        headers = dict(response.headers)
        headers["content-security-policy"] = headers["content-security-policy"].replace(
            " 'wasm-unsafe-eval'", "")
        try:
            route.fulfill(response=response, headers=headers)
        except PlaywrightError:
            pass  # the page went away (the test ended) while this answer was on its way

    page.route("**/*", stricter)
    page.goto(server.url)
    notice = page.locator(".boot-failed")
    lead = notice.locator("p").first
    expect(lead).to_contain_text("Content-Security-Policy")
    expect(lead).not_to_contain_text("WebAssembly")
    expect(notice.locator(".fault-details")).to_contain_text("wasm-eval")
    # (the refusals are the point here, not a fault of the page)
    page.recorder.console_errors.clear()
    page.recorder.page_errors.clear()
    page.unroute_all(behavior="ignoreErrors")


def _kept_screen_drawn(page: Any, server: Server, stored: str) -> None:
    """Open the page with ``stored`` as the kept start screen, Python held back (its
    WebAssembly never arrives), so what static/kept.js drew stays."""
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(server.url + "static/icon.svg")
    page.evaluate("(value) => localStorage.setItem('tm:last-screen', value)", stored)
    page.goto(server.url)
    page.wait_for_function("document.getElementById('boot-status') !== null")


def test_a_hostile_kept_screen_shows_as_text(page: Any, server: Server) -> None:
    tree = [["main", {"class": "start", "onclick": "window.tmPwned=1"},
             ["h1", {}, HOSTILE],
             ["img", {"src": "x", "onerror": "window.tmPwned=1"}],
             ["script", {}, "window.tmPwned=1"],
             ["a", {"href": "javascript:window.tmPwned=1"}, "link"]]]
    _kept_screen_drawn(page, server, json.dumps(tree))
    app = page.locator("#app")
    expect(app.locator("h1")).to_have_text(HOSTILE)
    assert page.evaluate("document.documentElement.dataset.kept") == "start"
    assert app.locator("img, script, [onclick], [onerror]").count() == 0
    assert app.locator("a").get_attribute("href") is None
    assert app.locator("main").get_attribute("class") == "start"
    page.wait_for_timeout(300)
    assert page.evaluate("window.tmPwned") is None


def test_an_old_kept_screen_stored_as_html_is_not_parsed(page: Any, server: Server) -> None:
    _kept_screen_drawn(page, server, HOSTILE)
    assert page.evaluate("document.documentElement.dataset.kept") is None
    assert page.locator("#app img").count() == 0
    expect(page.locator("#app form.new-game")).to_have_count(1)  # the prerendered screen
    page.wait_for_timeout(300)
    assert page.evaluate("window.tmPwned") is None


@pytest.fixture
def site_copy(tmp_path: Path) -> Iterator[tuple[Path, Server]]:
    """A copy of the site (the runtime linked) with its own sw.js, to deploy again."""
    root = copy_site(tmp_path / "site")
    assert gen_sw.main(["--root", str(root)]) == 0
    served = start_server(root=root)
    try:
        yield root, served
    finally:
        served.stop()


def _watched(context: Any, served: Server) -> tuple[Any, Recorder]:
    page = context.new_page()
    slow_down(page)
    recorder = Recorder(served.origin)
    recorder.attach(page)
    return page, recorder


@pytest.mark.parametrize("lang,words", [("en", "A new version of the game is ready"),
                                        ("de", "Eine neue Version des Spiels ist bereit")])
def test_an_open_tab_is_told_calmly_a_new_version_is_ready_in_its_language_and_keeps_its_game(
        browser: Any, site_copy: tuple[Path, Server], tmp_path: Path, lang: str,
        words: str) -> None:
    root, served = site_copy
    size = {"desktop": (1366, 768), "phone": (390, 844)}["desktop" if lang == "en" else "phone"]
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(WAIT_MS)
    try:
        page, recorder = _watched(context, served)
        page.goto(served.url)
        page.evaluate("(lang) => localStorage.setItem('tm:language', lang)", lang)
        page.reload()
        wait_ready(page)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        if not page.evaluate("!!navigator.serviceWorker.controller"):
            page.reload()  # the first visit's tab, taken in: no notice for that
            wait_ready(page)
        assert page.locator("#new-version").count() == 0
        start_game(page, players=1, seed=4)
        click_moves(page, 2)
        wait_ready(page)
        moves = page.evaluate("document.body.dataset.moves")

        # A new deployment, found by the open tab (as a browser's periodic check would).
        with (root / "main.py").open("a", encoding="utf-8") as main:
            main.write("# deployment 2\n")
        assert gen_sw.main(["--root", str(root)]) == 0
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        notice = page.locator("#new-version")
        expect(notice).to_contain_text(words, timeout=60_000)
        expect(page.locator("body[data-screen='game']")).to_have_count(1)  # nothing redrawn
        shots = Path(os.environ.get("TM_E2E_SHOTS") or tmp_path)
        page.screenshot(path=str(shots / f"new-version-{lang}.png"))  # (looked at by hand)
        # News, not an alarm: the info style, not the error notices' red.
        assert "info" in (notice.get_attribute("class") or "")
        assert notice.evaluate("(n) => getComputedStyle(n).backgroundColor") != \
            page.evaluate("""() => { const probe = document.createElement('div');
                probe.className = 'notice'; document.body.append(probe);
                const red = getComputedStyle(probe).backgroundColor; probe.remove();
                return red; }""")
        # The language switched while it shows: the notice follows.
        other, other_words = ("de", "Eine neue Version") if lang == "en" else \
            ("en", "A new version")
        page.locator("select[data-change=language]").select_option(other)
        expect(notice).to_contain_text(other_words)
        expect(notice.locator("button.primary")).to_have_text(
            "Neu laden" if other == "de" else "Reload")
        page.screenshot(path=str(shots / f"new-version-{lang}-to-{other}.png"))

        notice.locator("button.primary").click()
        wait_ready(page)
        wait_screen(page, "game")
        assert page.evaluate("document.body.dataset.moves") == moves
        assert page.locator("#new-version").count() == 0
        assert recorder.problems() == []
    finally:
        context.close()
