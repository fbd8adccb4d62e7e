"""What a visit shows before Python is up (static/boot.mjs): the prerendered start screen on
a first visit, the last game's screen on a return, inert until the game takes over."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.helpers import expect, start_game, wait_ready, wait_screen

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]

KEPT_GAME = "JSON.parse(localStorage.getItem('tm:last-game') || 'null')"
# Run before the page's scripts: notes whether the new-game form is put into #app once the
# kept screen is shown (the prerendered start screen is parsed before).
WATCH_START_FORM = """
new MutationObserver(() => {
  if (document.documentElement.dataset.kept && document.querySelector('#app form.new-game'))
    window.__startFormSeen = true;
}).observe(document, {subtree: true, childList: true});
"""


def _leave(page: Any) -> None:
    """What the page hears when it is hidden or left: it keeps its screen then
    (static/boot.mjs), never while it is played."""
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")


def _held_runtime(page: Any) -> list[Any]:
    """Hold back the runtime's WebAssembly (Python cannot start) until released."""
    held: list[Any] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    return held


def _release(page: Any, held: list[Any]) -> None:
    page.wait_for_function("performance.getEntriesByName('tm:last-game').length > 0")
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")


def _play_solo_and_leave_it_kept(page: Any, server: Server) -> str:
    page.goto(server.url)
    wait_ready(page)
    start_game(page, players=1)
    wait_screen(page, "game")
    assert page.evaluate(KEPT_GAME) is None  # nothing is kept while the game is played
    _leave(page)
    page.wait_for_function(f"{KEPT_GAME} !== null && {KEPT_GAME}.screen === 'game'")
    kept = page.evaluate(KEPT_GAME)
    assert kept["save"] == page.evaluate("sessionStorage.getItem('tm:open')")
    assert '"class": "board' in json.dumps(kept["tree"])  # kept as data, not HTML
    return str(kept["save"])


def test_return_visit_shows_the_last_game_inert_before_python_is_up(
        new_page: Any, server: Server) -> None:
    page = new_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    save = _play_solo_and_leave_it_kept(page, server)
    page.add_init_script(WATCH_START_FORM)
    held = _held_runtime(page)
    page.goto(server.url)
    # Python is held back: the kept board is drawn, inert, with the line saying so.
    expect(page.locator("html[data-kept='game']")).to_have_count(1)
    app = page.locator("#app")
    expect(app.locator(".board").first).to_be_visible()
    assert app.get_attribute("inert") is not None
    expect(page.locator("#boot-status")).to_be_visible()
    assert page.evaluate("document.body.dataset.ready") is None
    shown_at = page.evaluate("performance.getEntriesByName('tm:last-game')[0].startTime")
    # Drawn as the page was parsed (static/kept.js, inline): the first paint is the board.
    painted = page.evaluate("""() => new Promise((done) => new PerformanceObserver((list) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (entry) done(entry.startTime);
    }).observe({type: 'paint', buffered: true}))""")
    assert shown_at <= painted
    # Python comes up and reopens that very game: the start screen is never drawn between.
    _release(page, held)
    wait_ready(page)
    wait_screen(page, "game")
    assert page.evaluate("sessionStorage.getItem('tm:open')") == save
    assert app.get_attribute("inert") is None
    expect(page.locator("#boot-status")).to_have_count(0)
    assert not page.evaluate("window.__startFormSeen === true")
    print(f"kept board drawn at {shown_at:.0f} ms")


def test_a_new_tab_starts_on_the_start_screen(new_page: Any, server: Server) -> None:
    page = new_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    _play_solo_and_leave_it_kept(page, server)
    other = page.context.new_page()
    other.goto(server.url)
    wait_ready(other)
    wait_screen(other, "start")
    assert other.evaluate("document.documentElement.dataset.kept") != "game"
    assert other.evaluate("sessionStorage.getItem('tm:open')") is None


def test_back_at_the_menu_a_reload_shows_the_start_screen(
        new_page: Any, server: Server) -> None:
    page = new_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    _play_solo_and_leave_it_kept(page, server)
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    page.wait_for_function("sessionStorage.getItem('tm:open') === null")
    page.reload()
    wait_ready(page)
    wait_screen(page, "start")
    assert page.evaluate("document.documentElement.dataset.kept") == "start"


def test_a_deleted_game_is_not_shown_again(new_page: Any, server: Server) -> None:
    page = new_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    save = _play_solo_and_leave_it_kept(page, server)
    page.evaluate(f"localStorage.removeItem('tm:save:{save}')")  # (as another tab would)
    page.goto(server.url)
    wait_ready(page)
    wait_screen(page, "start")
    assert page.evaluate("document.documentElement.dataset.kept") != "game"


def test_between_players_only_the_handoff_is_kept_never_a_hand(
        new_page: Any, server: Server) -> None:
    page = new_page(viewport={"width": 1280, "height": 900}, service_workers="block")
    page.goto(server.url)
    wait_ready(page)
    start_game(page, players=2, names=["Ann", "Bob"])
    page.wait_for_selector("body[data-keep]", state="attached")
    _leave(page)
    kept = page.evaluate(KEPT_GAME)
    assert kept is None or kept["screen"] == "handoff"
    if page.locator("body[data-screen='handoff']").count():
        page.locator(".handoff [data-action=reveal]").click()
        wait_screen(page, "game")
        _leave(page)
        kept = page.evaluate(KEPT_GAME)
        assert kept is None or kept["screen"] == "handoff"
