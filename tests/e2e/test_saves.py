"""Saved games in localStorage: reload and continue, damaged entries beside good ones."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.helpers import (
    expect,
    generation,
    prompt,
    start_game,
    wait_ready,
    wait_screen,
)

pytestmark = pytest.mark.e2e


def _snapshot(page: Any) -> dict[str, str]:
    """What must survive a reload: board, players, decision, log."""
    return {
        "generation": str(generation(page)),
        "board": page.locator(".board").first.inner_html(),
        "players": page.locator(".player-panel").evaluate_all(
            "els => els.map(e => e.innerText).join('\\n')"),
        "prompt": prompt(page).inner_html(),
        "hand": page.locator(".hand").inner_text(),
        "log": page.locator(".log").inner_text(),
    }


def _save_keys(page: Any) -> list[str]:
    return page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tm:save:')).sort()")


def test_reload_then_continue_resumes_the_same_game(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=1, names=["Rae"], seed=5)
    wait_screen(page, "game")
    for _ in range(40):  # into generation 2, at an ordinary action
        if generation(page) == 2 and page.locator(
                ".prompt [data-action=choose]").count() > 1:
            break
        click_moves(page)
    assert generation(page) == 2
    before = _snapshot(page)
    keys = _save_keys(page)
    assert len(keys) == 1
    entry = json.loads(page.evaluate("(k) => localStorage.getItem(k)", keys[0]))
    assert entry["format"] == 1 and entry["kind"] == "tm-save"
    assert entry["meta"]["generation"] == 2 and entry["meta"]["names"] == ["Rae"]
    assert entry["save"]["moves"]

    page.reload()  # a reload during a game lands back in it
    wait_ready(page)
    wait_screen(page, "game")
    assert _snapshot(page) == before
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    save_id = keys[0].removeprefix("tm:save:")
    row = page.locator(f".save-list li[data-save='{save_id}']")
    expect(row).to_contain_text("Rae")
    expect(row).to_contain_text(re.compile(r"generation\s+2(?!\d)", re.I))
    row.locator("[data-action=continue]").click()
    wait_screen(page, "game")
    assert _snapshot(page) == before

    # Playing on keeps writing to the same entry.
    click_moves(page)
    assert _save_keys(page) == keys


GARBAGE = "{this is not json"
BROKEN_GAME = json.dumps({"format": 1, "kind": "tm-save",
                          "meta": {"names": ["Ghost"], "colours": ["red"], "generation": 3,
                                   "updated": 1.0, "over": False},
                          "save": {"format": 1, "options": {"players": 1}, "moves": "nope"}})


def test_damaged_save_is_listed_and_the_good_one_still_continues(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=1, names=["Good"], seed=2)
    wait_screen(page, "game")
    click_moves(page, 2)
    gen_before = generation(page)
    hand = page.locator(".hand").inner_text()
    good_key = _save_keys(page)[0]
    page.evaluate("""([garbage, broken]) => {
        localStorage.setItem('tm:save:0-garbage', garbage);
        localStorage.setItem('tm:save:1-broken', broken);
        localStorage.setItem('tm:save:<img src=x onerror=alert(2)>', '');
        localStorage.setItem('unrelated', 'kept');
    }""", [GARBAGE, BROKEN_GAME])

    page.reload()  # back in the game played, then to the start screen
    wait_ready(page)
    wait_screen(page, "game")
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    listing = page.locator(".save-list")
    damaged = listing.locator(".damaged")
    expect(damaged).to_have_count(2)
    expect(damaged.filter(has_text="0-garbage")).to_have_count(1)
    expect(damaged.filter(has_text="<img src=x onerror=alert(2)>")).to_have_count(1)
    expect(damaged.locator("[data-action=continue]")).to_have_count(0)
    assert page.locator("#app img").count() == 0
    good_id = good_key.removeprefix("tm:save:")
    good = listing.locator(f"li[data-save='{good_id}']")
    expect(good).to_contain_text("Good")

    # A readable entry whose game does not replay: a notice, and the start screen stays.
    broken = listing.locator("li[data-save='1-broken']")
    expect(broken).to_contain_text("Ghost")
    broken.locator("[data-action=continue]").click()
    expect(page.locator("[role=alert]")).to_be_visible()
    wait_screen(page, "start")

    good.locator("[data-action=continue]").click()
    wait_screen(page, "game")
    assert generation(page) == gen_before
    assert page.locator(".hand").inner_text() == hand
    expect(page.locator(".player-panel[data-player='0']")).to_contain_text("Good")

    # Nothing was thrown away.
    stored = page.evaluate("Object.keys(localStorage).sort()")
    assert {good_key, "tm:save:0-garbage", "tm:save:1-broken", "unrelated"} <= set(stored)
    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    expect(page.locator(".save-list .damaged")).to_have_count(2)
    expect(page.locator(f".save-list li[data-save='{good_id}']")).to_have_count(1)


# A readable envelope whose meta has the wrong types: once crashed the start screen
# (', '.join(5)), leaving the page on "Loading..." until localStorage was cleared.
MISTYPED_META = json.dumps({"format": 1, "kind": "tm-save",
                            "meta": {"names": 5, "updated": "yesterday"},
                            "save": {"format": 1, "options": {}, "moves": []}})


def test_save_with_mistyped_meta_is_listed_as_damaged(page: Any, boot: Any) -> None:
    boot(page)
    page.evaluate("(v) => localStorage.setItem('tm:save:9-mistyped', v)", MISTYPED_META)
    page.reload()
    wait_ready(page)
    wait_screen(page, "start")
    damaged = page.locator(".save-list .damaged")
    expect(damaged).to_have_count(1)
    expect(damaged).to_contain_text("9-mistyped")
    expect(page.locator("form.new-game")).to_be_visible()
