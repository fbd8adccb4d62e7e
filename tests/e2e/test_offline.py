"""Offline play and updates: the service worker (sw.js, made by scripts/gen_sw.py)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import (
    SITE,
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

SW_TIMEOUT_MS = 60_000


def _controlled(page: Any) -> None:
    """Wait until the service worker is active (its precache complete) and controls the
    page; a page loaded before it activated is reloaded once."""
    page.evaluate(
        """(ms) => Promise.race([navigator.serviceWorker.ready, new Promise((_, fail) =>
            setTimeout(() => fail(new Error('no service worker became active')), ms))])""",
        SW_TIMEOUT_MS)
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
        wait_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")


def _moves(page: Any) -> int:
    """Moves in the one saved game."""
    entries = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('tm:save:'))
                               .map(k => localStorage.getItem(k))""")
    assert len(entries) == 1
    return len(json.loads(entries[0])["save"]["moves"])


def _cache_names(page: Any) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def _workers(page: Any) -> dict[str, Any]:
    """The caches and the state of each worker of the registration (for failure messages)."""
    return page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const state = (worker) => worker ? worker.state : null;
        return { caches: await caches.keys(), active: state(registration?.active),
                 waiting: state(registration?.waiting),
                 installing: state(registration?.installing) };
    }""")


def test_a_saved_game_continues_offline(page: Any, boot: Any, server: Server) -> None:
    boot(page)
    # What the first (uncontrolled) load requested is what sw.js precaches, and no more
    # than the page, its manifest and icons besides.
    wanted = {urlsplit(urljoin(server.url, path)).path for path in gen_sw.precache(SITE)}
    requested = {urlsplit(url).path for url in page.recorder.requests}
    assert requested - wanted <= {"/sw.js"}
    assert {p for p in wanted - requested if not p.startswith("/static/build/")} <= {
        "/index.html", "/static/manifest.webmanifest", "/static/icon-192.png",
        "/static/icon-512.png", "/static/icon.svg",
        "/rules.html", "/static/rules.js",  # the rules reference, offline too
        "/cards.html", "/static/cards.js",  # and the list of every card
        "/static/langname-ja.woff2"}  # (日本語 in the language select: fetched when drawn)
    _controlled(page)
    version = gen_sw.read_version((SITE / "sw.js").read_text(encoding="utf-8"))
    assert _cache_names(page) == [f"tm-offline-{version}"]

    start_game(page, players=1, names=["Ona"], seed=3)
    wait_screen(page, "game")
    page.locator(".prompt [data-action=choose]").first.click()  # a corporation
    expect(page.locator(".prompt")).to_be_visible()
    # The prompt was on screen before the click too: wait for the save to hold the move
    # (under load the click's save could land after a first read; CI saw 0 once).
    page.wait_for_function("""() => Object.keys(localStorage)
        .filter(k => k.startsWith('tm:save:'))
        .some(k => JSON.parse(localStorage.getItem(k)).save.moves.length >= 1)""")
    moves = _moves(page)
    assert moves >= 1
    page.locator("[data-action=share]").first.click()
    link = page.locator(".share-link").input_value()
    assert "#g=" in link

    page.context.set_offline(True)
    worker = page.context.service_workers[0]
    assert worker.evaluate(  # truly offline, the service worker's own fetches included
        "fetch('main.py?not-cached').then(() => 'online', () => 'offline')") == "offline"
    page.reload()  # offline, back in the game played
    wait_ready(page)
    wait_screen(page, "game")
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    if (SITE / "static" / "build" / "snapshot.json").is_file():  # offline, still the fast boot
        assert page.evaluate("[document.documentElement.dataset.snapshot, "
                             "document.body.dataset.boot]") == ["restored", "snapshot"]
    rows = page.locator(".save-list li[data-save]")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Ona")
    rows.first.locator("[data-action=continue]").click()
    wait_screen(page, "game")
    log_before = page.locator(".log").inner_text()
    for _ in range(10):  # (a setup's choices show in the log once it is done)
        added = click_moves(page)
        if page.locator(".log").inner_text() != log_before:
            break
    assert added >= 1 and _moves(page) > moves
    assert page.locator(".log").inner_text() != log_before

    # A shared link opens offline too: a new navigation with a #g= fragment, and a query
    # such as a chat app adds (not in the cache: the cached page answers for it).
    page.goto("about:blank")
    page.goto(link.replace("#g=", "?from=chat#g="))
    wait_ready(page)
    expect(page.locator(".link-banner")).to_be_visible()


@pytest.fixture
def site_copy(tmp_path: Path) -> Iterator[tuple[Path, Server]]:
    """A copy of the site (the runtime linked) with its own sw.js."""
    root = copy_site(tmp_path / "site")
    assert gen_sw.main(["--root", str(root)]) == 0
    served = start_server(root=root)
    try:
        yield root, served
    finally:
        served.stop()


def test_a_new_deployment_replaces_the_cache(browser: Any, site_copy: tuple[Path, Server]
                                             ) -> None:
    root, served = site_copy
    context = browser.new_context()
    context.set_default_timeout(WAIT_MS)
    try:
        page = context.new_page()
        slow_down(page)
        recorder = Recorder(served.origin)
        recorder.attach(page)
        page.goto(served.url)
        wait_ready(page)
        _controlled(page)
        old = gen_sw.read_version((root / "sw.js").read_text(encoding="utf-8"))
        assert _cache_names(page) == [f"tm-offline-{old}"]

        # Deploy a new version: one served file changes, so sw.js does too.
        with (root / "main.py").open("a", encoding="utf-8") as main:
            main.write("# deployment 2\n")
        assert gen_sw.main(["--root", str(root)]) == 0
        new = gen_sw.read_version((root / "sw.js").read_text(encoding="utf-8"))
        assert new != old

        page.reload()  # the browser re-checks sw.js on navigation and installs the new one
        wait_ready(page)
        # Until the new worker has precached, activated and deleted the old cache (polled in
        # the page: Playwright's wait_for_function cannot wait on caches.keys(), a promise).
        took_over = page.evaluate("""async ([name, ms]) => {
            const end = Date.now() + ms;
            for (;;) {
                const names = await caches.keys();
                if (names.length === 1 && names[0] === name) return true;
                if (Date.now() > end) return false;
                await new Promise((done) => setTimeout(done, 100));
            }
        }""", [f"tm-offline-{new}", SW_TIMEOUT_MS])
        assert took_over, f"the new worker did not take over: {_workers(page)}"
        assert _cache_names(page) == [f"tm-offline-{new}"]
        cached = page.evaluate(
            """async (name) => {
                 const cache = await caches.open(name);
                 const main = await cache.match('main.py');
                 return [(await cache.keys()).length, main ? await main.text() : ''];
               }""", f"tm-offline-{new}")
        assert cached[0] >= len(gen_sw.precache(root))
        assert "# deployment 2" in cached[1]
        assert page.evaluate("""async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return [!!registration.active, !!registration.waiting, !!registration.installing];
        }""") == [True, False, False]
        # Only good answers are kept: a missing file's 404 is not cached.
        assert page.evaluate("""async () => {
            const response = await fetch('no-such-file.txt');
            await new Promise((done) => setTimeout(done, 500));  // time to store it, if wrongly
            return [response.status, !!(await caches.match('no-such-file.txt'))];
        }""") == [404, False]
        missing = [e for e in recorder.console_errors if "404" in e]
        assert len(missing) == 1
        recorder.console_errors.remove(missing[0])
        assert recorder.problems() == []
    finally:
        context.close()


def test_a_return_visit_shows_the_start_screen_as_last_drawn_before_python(
        page: Any, boot: Any) -> None:
    boot(page)
    _controlled(page)
    start_game(page, players=1, names=["Ona"], seed=3)
    wait_screen(page, "game")
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    expect(page.locator(".save-list li[data-save]")).to_have_count(1)
    # The page keeps its start screen when it is hidden or left (static/boot.mjs).
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
    page.wait_for_function("(localStorage.getItem('tm:last-screen') || '').includes('Ona')",
                           timeout=WAIT_MS)
    page.reload()
    wait_ready(page)
    marks = page.evaluate("""Object.fromEntries(performance.getEntriesByType('mark')
        .map((mark) => [mark.name, mark.startTime]))""")
    assert marks["tm:last-screen"] < marks["tm:python-ready"], marks
    expect(page.locator("#app")).not_to_have_attribute("inert", "")
