"""Sharing and looking back in the page: a copied link opened in another browser and
continued as a copy, undo and redo, bad links, the replay viewer and its branches."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves, committed
from tests.e2e.conftest import Server
from tests.e2e.helpers import (
    expect,
    generation,
    prompt,
    saved,
    start_game,
    wait_ready,
    wait_screen,
)

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 900}


def _saves(page: Any) -> dict[str, str]:
    """Every saved game in this context's localStorage, by key."""
    saved(page)
    return page.evaluate("""Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('tm:save:')).map(k => [k, localStorage.getItem(k)]))""")


def _moves(page: Any, key: str) -> list[Any]:
    return json.loads(_saves(page)[key])["save"]["moves"]


def _board(page: Any) -> list[list[str]]:
    """Each space of the board: id and classes (tiles are classes: tile-city, ...), not
    this screen's marks (``legal`` for the decision, ``lit`` for the last move made on
    this device)."""
    return page.locator(".board g.space").evaluate_all(
        """els => els.map(e => [e.dataset.space,
            (e.getAttribute('class') || '').split(/\\s+/).filter(c => c !== 'legal' && c !== 'lit')
            .sort().join(' ')])""")


def _snapshot(page: Any) -> dict[str, Any]:
    """What a shown game is: board, generation, players, decision, hand, log."""
    return {
        "generation": generation(page),
        "board": _board(page),
        "players": page.locator(".player-panel").evaluate_all(
            "els => els.map(e => e.innerText).join('\\n')"),
        "prompt": prompt(page).inner_text(),
        "hand": page.locator(".hand").inner_text(),
        "log": page.locator(".log").inner_text(),
    }


def _tool(page: Any, action: str) -> Any:
    return page.locator(f".topbar [data-action={action}]")


def _solo_game(page: Any, name: str, seed: int, moves: int) -> str:
    """Start a solo game and play at least ``moves`` moves by clicks; the key of its
    save (which holds every move the page shows committed)."""
    start_game(page, players=1, names=[name], seed=seed)
    wait_screen(page, "game")
    made = click_moves(page, moves)
    saved = _saves(page)
    assert len(saved) == 1
    key = next(iter(saved))
    assert len(_moves(page, key)) == made == committed(page)
    return key


def test_copied_link_opens_in_a_fresh_browser_and_continues_as_a_copy(
        new_page: Any, boot: Any, server: Server) -> None:
    page = new_page(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    boot(page)
    key = _solo_game(page, "Lin", seed=3, moves=14)
    before = _snapshot(page)
    original = _saves(page)

    _tool(page, "share").click()
    field = page.locator(".share input.share-link")
    expect(field).to_be_visible()
    link = field.input_value()
    assert link.startswith(server.url + "#g=") and len(link) < 2000
    page.locator(".share [data-action=copy_link]").click()
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.evaluate("""() => { const f = document.querySelector('.share-link');
        return [f.selectionStart, f.selectionEnd, f.value.length]; }""") == [0, len(link),
                                                                             len(link)]
    # A clipboard that refuses (no permission, page not focused) is no error: the link
    # stays selected in its field for the player to copy (the page is watched for errors).
    page.evaluate("""() => { navigator.clipboard.writeText = () => {
        window.tmRefusal = Promise.reject(new DOMException('refused', 'NotAllowedError'));
        return window.tmRefusal; }; }""")
    page.locator(".share [data-action=copy_link]").click()
    # Once the refusal has settled and a task has run after it, an unhandled rejection
    # would have been reported (no fixed wait: under load one can be too short).
    page.wait_for_function("window.tmRefusal !== undefined")
    page.evaluate("""() => window.tmRefusal.catch(() => null)
        .then(() => new Promise((done) => setTimeout(done, 0)))""")
    assert page.evaluate("""() => { const f = document.querySelector('.share-link');
        return f.selectionEnd - f.selectionStart; }""") == len(link)

    # Another browser (a fresh context: its own storage) opens the link.
    friend = new_page(viewport=DESKTOP)
    friend.goto(link)
    wait_ready(friend)
    wait_screen(friend, "game")
    banner = friend.locator(".link-banner")
    expect(banner).to_be_visible()
    assert _snapshot(friend) == before
    assert _saves(friend) == {}  # only looking: nothing saved yet

    banner.locator("[data-action=continue_link]").click()
    expect(friend.locator(".link-banner")).to_have_count(0)
    copies = _saves(friend)
    assert len(copies) == 1
    copy_key = next(iter(copies))
    assert json.loads(copies[copy_key])["save"]["moves"] == _moves(page, key)
    added = click_moves(friend, 2)  # the copy plays on in its own save
    assert added >= 2 and len(_moves(friend, copy_key)) == len(_moves(page, key)) + added
    friend.locator("[data-action=menu]").first.click()
    wait_screen(friend, "start")
    rows = friend.locator(".save-list li[data-save]")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Lin")
    expect(rows.first.locator("[data-action=continue]")).to_have_count(1)

    # The original browser's save is as it was.
    assert _saves(page) == original
    page.reload()  # back in the game played, then to the start screen
    wait_ready(page)
    wait_screen(page, "game")
    assert _snapshot(page) == before
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    page.locator(f".save-list li[data-save='{key.removeprefix('tm:save:')}'] "
                 "[data-action=continue]").click()
    wait_screen(page, "game")
    assert _snapshot(page) == before


def test_undo_three_whole_moves_and_redo_them(page: Any, boot: Any) -> None:
    boot(page)
    key = _solo_game(page, "Ulf", seed=4, moves=8)
    before = _snapshot(page)
    moves = _moves(page, key)
    expect(_tool(page, "redo")).to_have_count(0)

    stops = [len(moves)]  # each Undo takes back one whole move of the player's
    for _ in range(3):
        _tool(page, "undo").click()
        expect(page.locator(".log")).not_to_have_text(before["log"])
        now = _moves(page, key)
        assert now == moves[:len(now)] and len(now) < stops[-1]
        stops.append(len(now))
    undone = _snapshot(page)
    assert undone["log"] != before["log"] and len(undone["log"]) < len(before["log"])
    expect(_tool(page, "redo")).to_have_count(1)

    for step, count in enumerate(reversed(stops[:-1]), 1):
        _tool(page, "redo").click()
        expect(page.locator(".topbar [data-action=redo]")).to_have_count(0 if step == 3 else 1)
        assert _moves(page, key) == moves[:count]
    assert _snapshot(page) == before
    assert _moves(page, key) == moves


def test_garbage_and_truncated_links_leave_the_saves_alone(
        page: Any, boot: Any, server: Server) -> None:
    boot(page)
    key = _solo_game(page, "Sid", seed=5, moves=6)
    _tool(page, "share").click()
    link = page.locator(".share input.share-link").input_value()
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    saved = _saves(page)
    listing = page.locator(".save-list").inner_html()
    truncated = link[: len(link) // 2]

    for bad in (server.url + "#g=garbage", truncated):
        page.goto(bad)  # the same page: the fragment changes (hashchange)
        alert = page.locator("[role=alert]")
        expect(alert).to_have_count(1)
        expect(alert).to_contain_text("This link cannot be opened")
        wait_screen(page, "start")
        assert page.locator(".save-list").inner_html() == listing
        assert _saves(page) == saved

    page.reload()  # the bad link in the address bar at boot
    wait_ready(page)
    wait_screen(page, "start")
    expect(page.locator("[role=alert]")).to_contain_text("This link cannot be opened")
    assert page.locator(".save-list").inner_html() == listing
    assert _saves(page) == saved

    # The start screen still works.
    page.locator(f".save-list li[data-save='{key.removeprefix('tm:save:')}'] "
                 "[data-action=continue]").click()
    wait_screen(page, "game")
    expect(page.locator("[role=alert]")).to_have_count(0)
    before_moves = len(_moves(page, key))
    added = click_moves(page)
    assert added >= 1 and len(_moves(page, key)) == before_moves + added


def test_replay_viewer_steps_back_and_forth_and_branches(page: Any, boot: Any) -> None:
    boot(page)
    key = _solo_game(page, "Rex", seed=6, moves=30)
    moves = _moves(page, key)
    total = len(moves)
    assert generation(page) >= 2
    original = _saves(page)

    _tool(page, "replay").click()
    wait_screen(page, "replay")
    status = page.locator(".replay-controls .replay-status")
    expect(status).to_contain_text(f"Move {total} of {total}")
    expect(page.locator(".prompt")).to_have_count(0)
    expect(page.locator(".hand")).to_have_count(0)
    controls = page.locator(".replay-controls")

    controls.locator("[data-action=replay_step][data-delta='-1']").click()
    expect(status).to_contain_text(f"Move {total - 1} of {total}")
    controls.locator("[data-action=replay_step][data-delta='1']").click()
    expect(status).to_contain_text(f"Move {total} of {total}")

    controls.locator("[data-action=replay_to][data-pos='0']").click()
    expect(status).to_contain_text(re.compile(rf"Move 0 of {total}\b.*generation 1\b"))
    start_log = page.locator(".log").inner_text()

    # By keyboard: the next-generation button, focused, with Enter; focus stays on it.
    forward = controls.locator("[data-action=replay_generation][data-delta='1']")
    forward.focus()
    page.keyboard.press("Enter")
    expect(status).to_contain_text("generation 2")
    assert page.evaluate("document.activeElement.dataset.action") == "replay_generation"
    shown = int(re.search(r"Move (\d+) of", status.inner_text()).group(1))  # type: ignore[union-attr]
    assert 0 < shown < total
    assert page.locator(".log").inner_text() != start_log
    controls.locator("[data-action=replay_step][data-delta='-1']").click()
    expect(status).to_contain_text(f"Move {shown - 1} of {total}")
    expect(status).to_contain_text("generation 1")
    controls.locator("[data-action=replay_generation][data-delta='1']").click()
    expect(status).to_contain_text(f"Move {shown} of {total}")

    # Branch from here: a new local game; the original save is left alone.
    controls.locator("[data-action=replay_branch]").click()
    wait_screen(page, "game")
    assert generation(page) == 2
    saved = _saves(page)
    assert len(saved) == 2 and saved[key] == original[key]
    branch_key = next(k for k in saved if k != key)
    assert _moves(page, branch_key) == moves[:shown]
    added = click_moves(page)
    assert added >= 1 and len(_moves(page, branch_key)) == shown + added
    assert _saves(page)[key] == original[key]

    # Back in the original, the replay returns to the game as it was.
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    page.locator(f".save-list li[data-save='{key.removeprefix('tm:save:')}'] "
                 "[data-action=continue]").click()
    wait_screen(page, "game")
    _tool(page, "replay").click()
    wait_screen(page, "replay")
    page.locator(".replay-controls [data-action=replay_exit]").click()
    wait_screen(page, "game")
    assert len(_moves(page, key)) == total
