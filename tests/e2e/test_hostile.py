"""Hostile and broken input in the page (issue 11): every reproduction shows its notice in
plain words and the page keeps working; an unexpected error, at boot or on a click, is a
notice with details to copy; Python failing to start is a plain notice; the longest link
the engine accepts opens with the page saying it is working."""
from __future__ import annotations

import base64
import json
import re
import zlib
from functools import cache
from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import Server
from tests.e2e.helpers import (
    BOOT_TIMEOUT_MS,
    expect,
    start_game,
    wait_idle,
    wait_ready,
    wait_screen,
)

pytestmark = pytest.mark.e2e

NESTED_ENTRY = "'['.repeat(10000)"
DESKTOP = {"width": 1280, "height": 900}


def _saves(page: Any) -> dict[str, str]:
    return page.evaluate("""Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('tm:save:')).map(k => [k, localStorage.getItem(k)]))""")


def _moves(page: Any, key: str) -> int:
    return len(json.loads(_saves(page)[key])["save"]["moves"])


def _alert(page: Any) -> Any:
    return page.locator("#app [role=alert]")


def _still_works(page: Any, name: str = "Still") -> None:
    """The page plays on: a new game starts, a move is made and saved."""
    before = set(_saves(page))
    if page.locator("[data-action=menu]").count():
        page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    start_game(page, players=1, names=[name], seed=2)
    wait_screen(page, "game")
    click_moves(page)
    new = [k for k in _saves(page) if k not in before]
    assert len(new) == 1 and _moves(page, new[0]) == 1


def link_with_options(raw: bytes) -> str:
    """A format-2 link fragment whose options are ``raw``, as they are, and no moves."""
    from tm.linkplay import links

    out = bytearray([links.LINK_FORMAT, 2])
    links.put_varint(out, len(raw))
    out += raw
    return "#g=" + base64.urlsafe_b64encode(zlib.compress(bytes(out), 9)).decode().rstrip("=")


# ------------------------------------------------------------------ storage
def test_deeply_nested_storage_entry_is_listed_damaged_and_the_page_works(
        page: Any, boot: Any) -> None:
    boot(page)
    page.evaluate(f"localStorage.setItem('tm:save:x', {NESTED_ENTRY})")
    page.reload()  # this once left the page on "Loading the Python runtime…" for good
    wait_ready(page)
    wait_screen(page, "start")
    damaged = page.locator(".save-list .damaged")
    expect(damaged).to_have_count(1)
    expect(damaged).to_contain_text("x")
    _still_works(page)
    page.reload()  # and again: every reload boots (back into the game just played)
    wait_ready(page)
    wait_screen(page, "game")
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    expect(page.locator(".save-list .damaged")).to_have_count(1)
    expect(page.locator(".save-list li[data-save]")).to_have_count(1)


BROKEN_GAME = json.dumps({"format": 1, "kind": "tm-save",
                          "meta": {"names": ["Ghost"], "colours": ["red"], "generation": 3,
                                   "updated": 1.0, "over": False},
                          "save": {"format": 2, "options": {"players": 1}, "moves": []}})


def test_a_saved_game_that_cannot_be_opened_says_so_as_a_saved_game(
        page: Any, boot: Any) -> None:
    boot(page)
    page.evaluate("(v) => localStorage.setItem('tm:save:1-broken', v)", BROKEN_GAME)
    page.reload()
    wait_ready(page)
    page.locator(".save-list li[data-save='1-broken'] [data-action=continue]").click()
    expect(_alert(page)).to_contain_text(re.compile(r"^\s*That saved game cannot be opened"))
    expect(_alert(page)).not_to_contain_text("That file")
    wait_screen(page, "start")
    _still_works(page)


# ------------------------------------------------------------------ links
def _nested_options(depth: int = 1500) -> bytes:
    """JSON options nested ``depth`` arrays deep, with whitespace between the brackets
    (seeded: it keeps the link from compressing to nothing)."""
    import random

    chance = random.Random(11)
    gaps = [" ", "\n", "\t", "\r", ""]
    return ("".join("[" + chance.choice(gaps) for _ in range(depth)) + "]" * depth).encode()


def test_hostile_links_show_their_notice_and_the_page_works(
        page: Any, boot: Any, server: Server) -> None:
    nested = link_with_options(_nested_options())
    assert 300 < len(nested) < 3000  # as the 562-character link
    names = link_with_options(json.dumps(
        {"players": 5, "seed": 1, "names": ["n" * 200_000] * 5}).encode())
    first = link_with_options(b'{"players":2,"seed":1,"first_player":7}')
    boot(page)
    start_game(page, players=1, names=["Kept"], seed=4)
    wait_screen(page, "game")
    click_moves(page, 2)
    saved = _saves(page)
    # (the names inflate 1 MB from 1 kB: refused as a bomb before they are read)
    for fragment, words in ((nested, "options are damaged"), (names, "too large"),
                            (first, "first")):
        page.goto(server.url + fragment)  # a hash change
        expect(_alert(page)).to_contain_text("This link cannot be opened")
        expect(_alert(page)).to_contain_text(words)
        expect(_alert(page)).not_to_contain_text("Error)")  # no exception's name
        wait_screen(page, "start")
        assert _saves(page) == saved
    page.goto("about:blank")
    page.goto(server.url + names)  # a fresh load with it in the address bar
    wait_ready(page)
    expect(_alert(page)).to_contain_text("This link cannot be opened")
    assert page.evaluate("document.getElementById('app').innerHTML.length") < 200_000
    _still_works(page)
    assert {k: v for k, v in _saves(page).items() if k in saved} == saved


# ------------------------------------------------------------------ imports
def _import(page: Any, content: bytes, name: str = "game.json") -> None:
    page.locator("input[type=file][data-change=import]").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": content}])


def test_import_errors_are_notices_in_plain_words(page: Any, boot: Any) -> None:
    boot(page)
    for content, words in ((b"[" * 20_000, "nested"),
                           (b'{"format":1,"kind":"tm-save"}', "lacks the game"),
                           (b"\x00\x01 not json", "not in the format of a saved game")):
        _import(page, content)
        expect(_alert(page)).to_contain_text("That file cannot be opened as a game")
        expect(_alert(page)).to_contain_text(words)
        expect(_alert(page)).not_to_contain_text("without meta")
        wait_screen(page, "start")
    _import(page, b" " * (9 << 20), "huge.json")  # refused unread
    expect(_alert(page)).to_contain_text("too large")
    assert _saves(page) == {}
    _still_works(page)


# ------------------------------------------------------------------ the guard
def _forget_caught_error(page: Any, *fragments: str) -> None:
    """The guard reports what it caught on the console as well (so that no other test can
    pass with an error shown): expected here, once, with these words."""
    recorder = page.recorder
    caught = [e for e in recorder.console_errors if e.startswith("tm: an error while")]
    assert len(caught) == 1 and all(f in caught[0] for f in fragments), caught
    recorder.console_errors.remove(caught[0])


def test_an_error_on_a_click_is_a_notice_with_details_and_the_page_plays_on(
        new_page: Any, boot: Any) -> None:
    page = new_page(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    boot(page)
    start_game(page, players=1, names=["Guard"], seed=5)
    wait_screen(page, "game")
    click_moves(page, 2)
    key = next(iter(_saves(page)))
    # A control the page never draws: a step of the replay by "oops" moves (its handler
    # raises ValueError). (A choice the page never drew is no error: the click is refused,
    # as a click answers only what the page drew.)
    page.locator("[data-action=replay]").first.click()
    wait_screen(page, "replay")
    page.evaluate("""() => { const b = document.createElement('button');
        b.id = 'rogue'; b.dataset.action = 'replay_step'; b.dataset.delta = 'oops';
        b.textContent = 'rogue'; document.querySelector('#app main').prepend(b); }""")
    page.locator("#rogue").click()
    fault = page.locator("#alerts .fault")
    expect(fault).to_be_visible()
    expect(fault).to_contain_text("Something went wrong while handling what you did")
    expect(fault).to_contain_text("The page still works")
    assert page.evaluate("document.body.dataset.fault") == "1"
    fault.locator("[data-action=copy_details]").click()
    expect(fault).to_contain_text("Details copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "Traceback" in copied and "ValueError" in copied and "oops" in copied
    page.locator("#rogue").evaluate("b => b.remove()")
    page.locator("[data-action=replay_exit]").first.click()
    wait_screen(page, "game")
    assert _moves(page, key) == 2

    page.locator(".prompt [data-action=choose]").first.click()  # the page plays on
    expect(fault).to_have_count(0)
    # The click is answered either by a Confirm to press or by the move saved: wait for
    # one of them (checking at once raced the redraw).
    stored = "JSON.parse(localStorage.getItem(key)).save.moves.length"
    page.wait_for_function(f"(key) => document.querySelector('.prompt[data-kind=confirm]') "
                           f"|| {stored} === 3", arg=key)
    if page.locator(".prompt[data-kind=confirm]").count():  # the action waits for Confirm
        page.locator(".prompt button.confirm").click()
    expect(page.locator("#alerts")).to_be_empty()
    page.wait_for_function(f"(key) => {stored} === 3", arg=key)
    assert page.evaluate("document.body.dataset.fault") is None
    _forget_caught_error(page, "handling what you did", "ValueError")


@pytest.mark.first_visit  # (a failing boot: the first visit's way)
def test_an_error_in_a_boot_step_is_a_notice_and_the_rest_starts(
        page: Any, boot: Any) -> None:
    page.add_init_script("""Object.defineProperty(Navigator.prototype, 'serviceWorker',
        { configurable: true, get() { throw new Error('no service workers today'); } });""")
    boot(page)
    fault = page.locator("#alerts .fault")
    expect(fault).to_contain_text("Something went wrong while starting the page")
    expect(fault.locator("details pre")).to_contain_text("no service workers today")
    wait_screen(page, "start")
    expect(page.locator("main.loading")).to_have_count(0)
    _still_works(page)
    _forget_caught_error(page, "starting the page", "no service workers today")


def _forget_failed_loads(page: Any) -> None:
    """The aborted download is reported by the browser (and, uncaught, by the runtime's
    loader): expected here."""
    recorder = page.recorder
    recorder.console_errors[:] = [e for e in recorder.console_errors
                                  if "Failed to load resource" not in e]
    recorder.page_errors[:] = [e for e in recorder.page_errors if "Failed to fetch" not in e]


@pytest.mark.first_visit  # (a failing boot: the first visit's way)
@pytest.mark.parametrize("failure", ["connection lost", "not found"])
def test_python_failing_to_start_is_a_plain_notice(page: Any, server: Server,
                                                   failure: str) -> None:
    # (Pyodide itself never settles either way: it only warns that instantiation failed.)
    page.route("**/pyodide.asm.wasm", lambda route: route.abort() if failure == "connection lost"
               else route.fulfill(status=404, body="gone"))
    page.goto(server.url)
    page.wait_for_function("document.documentElement.dataset.failed === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    notice = page.locator("#app .boot-failed")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("The game could not start")
    expect(notice).to_contain_text("Python runtime did not load")
    expect(page.locator("main.loading")).to_have_count(0)
    expect(notice.get_by_role("button", name="Reload the page")).to_be_visible()
    expect(notice.get_by_role("button", name="Copy details")).to_be_visible()
    expect(notice.locator("details pre")).not_to_be_empty()
    page.unroute("**/pyodide.asm.wasm")
    notice.get_by_role("button", name="Reload the page").click()  # the way back
    wait_ready(page)
    wait_screen(page, "start")
    _forget_failed_loads(page)


@pytest.mark.first_visit  # (a failing boot: the first visit's way)
def test_an_engine_that_cannot_be_imported_is_a_plain_notice(page: Any, server: Server) -> None:
    page.route("**/static/build/engine.zip",
               lambda route: route.fulfill(status=200, body=b"not a zip archive",
                                           content_type="application/zip"))
    page.goto(server.url)
    page.wait_for_function("document.documentElement.dataset.failed === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    notice = page.locator("#app .boot-failed")
    expect(notice).to_contain_text("The game could not start: the game's code could not be "
                                   "loaded")
    expect(notice.locator("details pre")).to_contain_text("Traceback")
    expect(page.locator("main.loading")).to_have_count(0)


@pytest.mark.first_visit  # (a failing boot: the first visit's way)
@pytest.mark.parametrize("script", ["raise RuntimeError('tm-broken-script')",
                                    "def tm_broken_script(:\n"])
def test_a_page_script_that_fails_is_a_plain_notice(page: Any, server: Server,
                                                    script: str) -> None:
    # (PyScript tells only the interpreter's stderr; its own error box is off: pyscript.toml)
    page.route("**/main.py", lambda route: route.fulfill(status=200, body=script,
                                                       content_type="text/x-python"))
    page.goto(server.url)
    page.wait_for_function("document.documentElement.dataset.failed === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    notice = page.locator("#app .boot-failed")
    expect(notice).to_contain_text("its Python code stopped with an error")
    expect(notice.locator("details pre")).to_contain_text("tm_broken_script"
                                                          if script.startswith("def")
                                                          else "tm-broken-script")
    expect(page.locator("main.loading")).to_have_count(0)
    page.recorder.console_errors.clear()  # (PyScript's own report of it, expected here)
    page.recorder.page_errors.clear()


# ------------------------------------------------------------------ long legal links
@cache
def _long_link(moves: int) -> str:
    """A legal solo game of ``moves`` moves (a card picked and unpicked at the setup),
    as a link fragment."""
    from tm.core.state import Options
    from tm.game import Game
    from tm.linkplay import links

    game = Game.new(Options(players=1, seed=1, names=["Long"], expansions=["corpera"]))
    while len(game.moves) < moves:
        player, prompt = game.pending[0]
        first = prompt.data["cards"][0]
        game.respond(player, next(c for c in prompt.choices()
                                  if c["type"] in ("pick", "unpick") and c.get("card") == first))
    return "#" + links.encode(game)


@cache
def _longest_heavy_link() -> tuple[str, int]:
    """A legal 5-player game of nearly MAX_MOVES moves, as costly to replay as a link that
    long gets: seeded random play, every payment stepped up and down hundreds of times
    (each step is a move with the whole payment offered again). (fragment, moves)"""
    import random

    from tm.core.state import Options
    from tm.game import Game
    from tm.linkplay import links
    from tm.persist.codec import MAX_MOVES

    chance = random.Random(5)
    game = Game.new(Options(players=5, seed=1, names=list("ABCDE"), expansions=["corpera"]))
    while not game.is_over and len(game.moves) < MAX_MOVES - 5:
        player, prompt = chance.choice(game.pending)
        choices = prompt.choices()
        uses = [c for c in choices if c["type"] == "use"]
        steps = min(300, MAX_MOVES - 400 - len(game.moves)) // 2 * 2
        if prompt.kind == "pay" and len(uses) >= 2 and steps > 0:
            for step in range(steps):
                game.respond(player, uses[step % 2])
            continue
        game.respond(player, chance.choice(choices))
    assert MAX_MOVES - 600 < len(game.moves) <= MAX_MOVES
    return "#" + links.encode(game), len(game.moves)


SAW_BUSY = """() => { window.tmSawBusy = false;
    new MutationObserver(() => { if (document.querySelector('#alerts .busy'))
        window.tmSawBusy = true; }).observe(document.getElementById('alerts'),
        { childList: true, subtree: true }); }"""


def _shows_the_game(page: Any) -> float:
    """A game of several players opens on the hand-off to the player whose decision it is;
    the seconds opening the link took in the page."""
    page.wait_for_selector("body[data-screen='game'], body[data-screen='handoff']",
                           state="attached")
    expect(page.locator("#app [role=alert]")).to_have_count(0)
    took = _took(page, "open_link")
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")
    expect(page.locator(".link-banner")).to_be_visible()
    return took


def _took(page: Any, action: str) -> float:
    found = re.fullmatch(rf"{action} (\d+)", page.evaluate("document.body.dataset.took") or "")
    assert found, page.evaluate("document.body.dataset.took")
    return int(found.group(1)) / 1000


def test_the_longest_accepted_link_opens_showing_progress(
        page: Any, boot: Any, server: Server) -> None:
    from tm.persist.codec import MAX_MOVES

    link, moves = _longest_heavy_link()
    boot(page)
    page.evaluate(SAW_BUSY)
    page.goto(server.url + link)  # a hash change: the page says it is working, then opens
    wait_idle(page)
    on_hash_change = _shows_the_game(page)
    assert page.evaluate("window.tmSawBusy") is True

    page.goto("about:blank")
    page.goto(server.url + link)  # a fresh load
    wait_ready(page)
    on_load = _shows_the_game(page)
    print(f"\nlink of {moves} moves ({len(link)} characters): opened in "
          f"{on_hash_change:.2f} s on a hash change, {on_load:.2f} s on a fresh load")
    assert on_hash_change < 60 and on_load < 60

    too_long = _long_link(MAX_MOVES + 2)
    page.goto(server.url + too_long)
    expect(_alert(page)).to_contain_text("too many moves")
    wait_screen(page, "start")
