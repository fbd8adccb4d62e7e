"""A first visit on a slow connection: the start screen's new-game form is usable before
Python is up (static/kept.js). A Start pressed then starts that game as soon as the engine
is loaded, with no second click; what was typed but not sent survives Python's start
(tm/web/page_boot.py, tm/web/early_form.py)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.helpers import expect, wait_ready, wait_screen

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
ENGINE = "**/static/build/*engine.zip"  # (the source archive or its compiled copy)
SAVED_OPTIONS = """() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('tm:save:'));
  return key ? JSON.parse(localStorage.getItem(key)).save.options : null;
}"""


def _slow_first_visit(page: Any) -> list[Any]:
    """A phone's connection (20 Mbit/s, 40 ms), and the engine archive held back until the
    test releases it: Python cannot be ready while the form is filled in, however fast
    the machine."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 40, "downloadThroughput": 20e6 / 8,
        "uploadThroughput": 20e6 / 8})
    held: list[Any] = []
    page.route(ENGINE, lambda route: held.append(route))
    return held


def _release(page: Any, held: list[Any]) -> None:
    """Let the engine archive through: Python starts."""
    while not held:  # (requested as the page's head is read: long before the form is filled)
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.unroute(ENGINE)


def _fill(page: Any) -> Any:
    """Three players named, the draft and a beginner ticked, a seed: with Python still away."""
    form = page.locator("#app form.new-game")
    form.locator("select[name=players]").select_option("3")
    expect(form.locator("input[name=name_2]")).to_be_visible()  # (rows shown by kept.js)
    for i, name in enumerate(("Ann", "Bob", "Cy")):
        form.locator(f"input[name=name_{i}]").fill(name)
    form.locator("input[name=draft]").check()
    form.locator("input[name=beginner_1]").check()
    form.locator("input[name=seed]").fill("5")
    assert page.evaluate("document.body.dataset.ready") is None
    return form


def test_a_start_pressed_before_python_is_up_starts_the_game_with_no_second_click(
        new_page: Any, server: Server) -> None:
    for viewport, size in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = new_page(viewport=viewport, service_workers="block")
        held = _slow_first_visit(page)
        page.goto(server.url, wait_until="domcontentloaded")
        expect(page.locator("#app")).not_to_have_attribute("inert", "")
        assert page.locator("#app section.saves").get_attribute("inert") is not None
        form = _fill(page)
        form.locator("input[name=name_2]").press("Enter")  # (Enter in a field is Start)
        button = form.locator("button[type=submit]")
        expect(button).to_have_text("Starting as soon as the game engine is loaded…")
        expect(page.locator("#boot-status")).to_contain_text("Starting as soon as")
        assert page.evaluate("document.body.dataset.ready") is None
        button.scroll_into_view_if_needed()
        page.screenshot(path=f"/tmp/tm-early-start-{size}.png")
        _release(page, held)
        wait_screen(page, "handoff")
        wait_ready(page)
        options = page.evaluate(SAVED_OPTIONS)
        assert options["names"] == ["Ann", "Bob", "Cy"]
        assert (options["players"], options["seed"], options["draft"]) == (3, 5, True)
        assert options["beginners"] == [1]
        expect(page.locator("#boot-status")).to_have_count(0)


def test_what_was_typed_before_python_is_up_survives_its_start(
        new_page: Any, server: Server) -> None:
    page = new_page(viewport=DESKTOP, service_workers="block")
    held = _slow_first_visit(page)
    page.goto(server.url, wait_until="domcontentloaded")
    form = _fill(page)
    form.locator("input[name=name_2]").fill("Cyr")  # the player is typing here when Python is up
    _release(page, held)
    wait_ready(page)
    wait_screen(page, "start")
    for i, name in enumerate(("Ann", "Bob", "Cyr")):
        expect(form.locator(f"input[name=name_{i}]")).to_have_value(name)
    expect(form.locator("select[name=players]")).to_have_value("3")
    expect(form.locator("input[name=draft]")).to_be_checked()
    expect(form.locator("input[name=beginner_1]")).to_be_checked()
    expect(form.locator("input[name=beginner_0]")).not_to_be_checked()
    expect(form.locator("input[name=seed]")).to_have_value("5")
    expect(form.locator("input[name=name_2]")).to_be_focused()
    page.keyboard.type("il")  # (the caret at the end of what was typed)
    expect(form.locator("input[name=name_2]")).to_have_value("Cyril")
    form.locator("button[type=submit]").click()
    wait_screen(page, "handoff")
    wait_ready(page)
    assert page.evaluate(SAVED_OPTIONS)["names"] == ["Ann", "Bob", "Cyril"]


def test_a_return_visit_keeps_its_language_while_the_start_waits(
        new_page: Any, server: Server) -> None:
    page = new_page(viewport=PHONE, service_workers="block")
    page.goto(server.url)
    wait_ready(page)
    page.locator("select[data-change=language]").select_option("de")
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")  # (kept: static/boot.mjs)
    held = _slow_first_visit(page)
    page.goto(server.url, wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.dataset.kept") == "start"
    expect(page.locator("#boot-status")).to_contain_text("Das Spiel wird gestartet")
    form = page.locator("#app form.new-game")
    form.locator("input[name=name_0]").fill("Anna")
    form.locator("button[type=submit]").click()
    expect(form.locator("button[type=submit]")).to_have_text(
        "Das Spiel beginnt, sobald die Spiel-Engine geladen ist…")
    page.screenshot(path="/tmp/tm-early-start-de-phone.png")
    _release(page, held)
    wait_ready(page)
    wait_screen(page, "handoff")
    assert page.evaluate(SAVED_OPTIONS)["names"][0] == "Anna"
    assert page.evaluate("document.documentElement.lang") == "de"


def test_a_link_being_opened_keeps_the_start_screen_inert(page: Any, server: Server) -> None:
    """The link's game takes the screen once Python is up: nothing to fill in meanwhile."""
    page.route("**/pyodide.asm.wasm", lambda route: None)  # (Python never comes up)
    page.goto(server.url + "#g=AAAA", wait_until="domcontentloaded")
    page.wait_for_function("document.getElementById('boot-status') !== null")
    assert page.locator("#app").get_attribute("inert") is not None
    assert page.evaluate("typeof window.tmEarlyForm") == "undefined"


def test_keys_typed_and_a_start_pressed_while_python_boots_on_a_slow_phone_all_land(
        new_page: Any, server: Server) -> None:
    """Issue 46: at 4x CPU, a name typed into the early form while Python boots shows every
    key, and one press of Start starts the game once Python is up. Python is not held back:
    its whole start (the runtime, the engine's import a few modules a task, the page's start)
    runs while the player types."""
    page = new_page(viewport=PHONE, service_workers="block")
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(server.url, wait_until="commit")
    form = page.locator("#app form.new-game")
    expect(form).to_be_visible()
    expect(page.locator("#app")).not_to_have_attribute("inert", "")
    typed = {"name_0": "Ann", "name_1": "Bob"}
    for field, name in typed.items():
        form.locator(f"input[name={field}]").click()
        for count, key in enumerate(name, 1):
            page.keyboard.press(key)
            assert form.locator(f"input[name={field}]").input_value() == name[:count]
    form.locator("button[type=submit]").click()
    # (the Start was taken by the early form, before Python was up: static/kept.js marks it)
    assert page.evaluate("performance.getEntriesByName('tm:early-start').length") == 1
    wait_screen(page, "handoff")
    wait_ready(page)
    assert page.evaluate(SAVED_OPTIONS)["names"] == list(typed.values())
    slices = page.evaluate("document.documentElement.dataset.importSlices")
    assert slices is not None and slices.isdigit() and int(slices) > 100, slices
