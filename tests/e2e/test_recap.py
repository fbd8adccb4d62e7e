"""The recap of the others' moves in the page, on a desktop (1366×768) and a phone
(390×844): in a game against a bot (at pace 0: ``?botpace=0``), once the bot has played,
the person sees its moves under its name, one short line each, with the spaces they placed
tiles on lit on the board, steps through them with Next, shows one on the board (brought
into the window, the dock at its foot steps on and leads back) and skips the recap.

TM_E2E_SHOTS=/some/folder saves screenshots of the recap there.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clickdriver import click_until
from tests.e2e.helpers import CONTEXTS as VIEWPORTS
from tests.e2e.helpers import expect, start_game, wait_idle, wait_ready, wait_screen

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")

# A recap shown that lights a space on the board (the person plays by clicks until
# then; while the bot decides the page is left to it: its slices run on timers).
A_RECAP = ("document.querySelector('#app .recap') !== null "
           "&& document.querySelector('#app .board .recap-space') !== null")


@pytest.fixture(params=sorted(VIEWPORTS))
def screen(request: pytest.FixtureRequest, new_page: Any) -> Any:
    """A watched page at each size (its name on ``page.size``), not booted yet."""
    page = new_page(**VIEWPORTS[request.param])
    page.size = request.param
    return page


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"recap-{name}-{page.size}.png"))


def test_after_the_bots_turn_the_recap_shows_steps_and_skips(screen: Any, boot: Any) -> None:
    page = screen
    boot(page, "?botpace=0")
    start_game(page, players=2, names=["Ada"], seed=5, submit=False)
    page.locator("form.new-game select[name=seat_1]").select_option("easy")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    person = click_until(page, A_RECAP, limit=400, touch=page.size == "phone")
    wait_idle(page)
    recap = page.locator("#app .recap")
    expect(recap).to_be_visible()
    lines = recap.locator(".recap-line")
    assert lines.count() >= 1
    expect(recap.locator(".recap-who").first).to_have_text("Bot 1 (easy)")
    lit = page.locator("#app .board .space.recap-space")
    assert lit.count() >= 1
    recap.scroll_into_view_if_needed()
    shot(page, "list")
    recap.locator(".recap-nav [data-action=recap_next]").click()
    expect(recap.locator(".recap-nav .recap-where")).to_contain_text(f"Move 1 of {lines.count()}")
    expect(recap.locator(".recap-line.current")).to_have_count(1)
    shot(page, "step")
    show_on_the_board(page, recap, lines.count())
    recap.locator(".recap-nav [data-action=recap_close]").click()
    expect(page.locator("#app .recap")).to_have_count(0)
    expect(page.locator("#app .board .space.recap-space")).to_have_count(0)
    print(f"{page.size}: {person} person moves before the recap")


def _to_a_recap(page: Any, boot: Any) -> Any:
    boot(page, "?botpace=0")
    start_game(page, players=2, names=["Ada"], seed=5, submit=False)
    page.locator("form.new-game select[name=seat_1]").select_option("easy")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    click_until(page, A_RECAP, limit=400)
    wait_idle(page)
    recap = page.locator("#app .recap")
    expect(recap).to_be_visible()
    return recap


def _reload(page: Any) -> None:
    page.reload()
    wait_ready(page)
    wait_screen(page, "game")
    wait_idle(page)


def test_a_reload_shows_an_unread_recap_again_and_a_skipped_one_never(
        page: Any, boot: Any) -> None:
    recap = _to_a_recap(page, boot)
    words = recap.text_content() or ""
    _reload(page)
    expect(page.locator("#app .recap")).to_have_text(words)  # (not read yet: still there)
    page.locator("#app .recap .recap-nav [data-action=recap_close]").click()
    expect(page.locator("#app .recap")).to_have_count(0)
    _reload(page)
    expect(page.locator("#app .prompt")).to_be_visible()
    expect(page.locator("#app .recap")).to_have_count(0)  # (skipped: read)


def show_on_the_board(page: Any, recap: Any, count: int) -> None:
    """A line's "show on the board": its spaces lit and brought into the window (on a
    phone the board lies below the recap), the dock at the window's foot steps on and
    leads back to the list."""
    show = recap.locator(".recap-show").first  # (a line's, or the stepped action's in the nav)
    index = int(show.get_attribute("data-index") or 0)
    show.click()
    dock = recap.locator(".recap-dock")
    expect(dock).to_be_visible()
    expect(dock.locator(".recap-where")).to_contain_text(f"Move {index + 1} of {count}")
    lit = page.locator("#app .board .space.recap-space").first
    expect(lit).to_be_in_viewport()
    expect(dock).to_be_in_viewport()
    page.wait_for_timeout(400)  # (the smooth scroll settles)
    shot(page, "board")
    following = dock.locator("[data-action=recap_next]")
    if index + 1 < count:
        following.click()
        expect(dock.locator(".recap-where")).to_contain_text(f"Move {index + 2} of {count}")
        if page.locator("#app .board .space.recap-space").count():
            expect(page.locator("#app .board .space.recap-space").first).to_be_in_viewport()
    dock.locator("[data-action=recap_back]").click()
    expect(recap.locator(".recap-dock")).to_have_count(0)
    expect(recap.locator(".recap-line.current")).to_be_in_viewport()
    page.wait_for_timeout(400)
    shot(page, "back")
