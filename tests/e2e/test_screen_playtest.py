"""What a whole game played through the page asked for, at 1366×768 and 390×844: an action
leaves the page where it was (focus moves without scrolling), a placement brings the board
into view, every action waits for Confirm (Cancel sends nothing), a card line shows only in
the kind of game it applies to, the phone's board icons are large enough to read, the tool
bar keeps its place as Undo and Replay become usable, and a finished game offers no Undo.

TM_E2E_SHOTS=/some/folder saves a screenshot of each step worth looking at there.
"""
from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import (
    CONTEXTS as VIEWPORTS,
)
from tests.e2e.helpers import (
    choice,
    confirm,
    expect,
    prompt,
    reveal_if_handoff,
    setup_corporations,
    start_game,
    wait_idle,
    wait_screen,
)

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")
SEED = 3  # solo and two players alike: Tharsis Republic or Teractor for the first player


@pytest.fixture(params=sorted(VIEWPORTS))
def screen(request: pytest.FixtureRequest, new_page: Any, boot: Any) -> Any:
    """A watched page of the booted game at each size (its name on ``page.size``)."""
    page = new_page(**VIEWPORTS[request.param])
    page.size = request.param
    boot(page)
    return page


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"playtest-{name}-{page.size}.png"))


def moves(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.moves"))


def scroll_y(page: Any) -> float:
    return float(page.evaluate("window.scrollY"))


def set_up(page: Any, corporation: str, players: int = 1) -> None:
    """A game of seed 3 with ``corporation`` and no cards bought, at the action menu."""
    start_game(page, players=players, names=["Tess", "Uma"][:players], seed=SEED)
    reveal_if_handoff(page)
    setup_corporations(page).filter(has_text=corporation).click()
    confirm(page).click()
    if players > 1:  # the second player's setup, then back to the first
        for _ in range(2):
            reveal_if_handoff(page)
            if prompt(page).get_attribute("data-kind") == "setup":
                setup_corporations(page).first.click()
                confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", re.compile("action|space"))


def click_in_place(page: Any, target: Any) -> tuple[float, float]:
    """Click ``target`` where it is (scrolled into view first, as a player would); the
    page's scroll position before the click and once the page has redrawn."""
    target.scroll_into_view_if_needed()
    before = scroll_y(page)
    target.click()
    wait_idle(page)
    page.wait_for_timeout(100)  # a smooth scroll, if any, has begun
    return before, scroll_y(page)


def in_view(page: Any, selector: str, share: float = 0.6) -> bool:
    """Whether at least ``share`` of the element (or of the window) is in the window."""
    return bool(page.evaluate(
        "([sel, share]) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);"
        " return seen >= share * Math.min(r.height, innerHeight); }", [selector, share]))


# ---------------------------------------------------------------- 1. no scroll jumps
def test_an_action_leaves_the_page_where_it_was(screen: Any) -> None:
    page = screen
    set_up(page, "Teractor")
    project = choice(page, re.compile(r"^\s*Power plant"))
    before, after = click_in_place(page, project)
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    assert abs(after - before) < 40, f"the page moved from {before} to {after}"
    before, after = click_in_place(page, confirm(page))
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert abs(after - before) < 40, f"the page moved from {before} to {after}"
    focused = page.evaluate("document.activeElement && document.activeElement.tagName")
    assert focused == "BUTTON"  # the keyboard focus moved, the page did not
    shot(page, "after-action")


def test_a_new_phases_decision_is_shown_from_its_top(screen: Any) -> None:
    """The last Pass of a generation, clicked at the foot of the action list: the
    research decision that follows is brought into view (below the status strip), not
    left above the window."""
    page = screen
    set_up(page, "Teractor")
    pass_button = choice(page, re.compile(r"^\s*Pass", re.I)).first
    pass_button.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 300)")  # the player has read on below
    pass_button.click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    confirm(page).click()
    expect(prompt(page)).not_to_have_attribute("data-kind", re.compile("action|confirm"))
    page.wait_for_timeout(150)
    top = page.evaluate("document.querySelector('#app .prompt').getBoundingClientRect().top")
    under = page.evaluate(
        "document.querySelector('#app .status-strip').getBoundingClientRect().bottom")
    height = page.evaluate("innerHeight")
    assert under <= top < 0.75 * height, f"the new decision's top at {top} (strip {under})"
    shot(page, "research-after-pass")


def test_a_placement_brings_the_board_into_view(screen: Any) -> None:
    page = screen
    set_up(page, "Tharsis Republic")  # its first action: place a city
    first = choice(page, re.compile("First action|place a city", re.I)).first
    if prompt(page).get_attribute("data-kind") == "action":
        first.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, 400)")  # the player has read on below
        first.click()
    expect(prompt(page)).to_have_attribute("data-kind", "space")
    page.wait_for_timeout(150)
    assert in_view(page, ".board"), "the board is out of view while a city is to be placed"
    shot(page, "place-city")
    page.locator(".board g.space.legal").first.click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")


# ---------------------------------------------------------------- 3. confirm every action
def test_every_action_waits_for_confirm_and_cancel_sends_nothing(screen: Any) -> None:
    page = screen
    set_up(page, "Teractor")
    before = moves(page)
    choice(page, re.compile(r"^\s*Power plant")).click()
    held = prompt(page)
    expect(held).to_have_attribute("data-kind", "confirm")
    expect(held.locator("h2")).to_contain_text("Power plant")
    assert moves(page) == before
    assert in_view(page, ".held-bar", 0.99), "Confirm and Cancel are out of view"
    shot(page, "held")
    held.locator("button.cancel").click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    choice(page, re.compile(r"^\s*Power plant")).click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    page.keyboard.press("Escape")
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    choice(page, re.compile(r"^\s*Power plant")).click()
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before + 1
    expect(page.locator(".status-strip .sres.res-energy .sr")).to_contain_text("production +1")


# ---------------------------------------------------------------- 5. card lines by game
@pytest.mark.parametrize("players", [1, 2])
def test_the_neutral_city_line_shows_in_solo_only(page: Any, boot: Any, players: int) -> None:
    page.size = "desktop"
    boot(page)
    start_game(page, players=players, names=["Tess", "Uma"][:players], seed=SEED)
    reveal_if_handoff(page)
    line = setup_corporations(page).filter(has_text="Tharsis Republic").get_by_text(
        "per neutral city")
    if players == 1:
        expect(line).to_be_visible()
    else:
        expect(line).to_be_hidden()


# ---------------------------------------------------------------- 7. the phone
def test_the_phones_board_icons_are_large_enough_to_read(new_page: Any, boot: Any) -> None:
    page = new_page(**VIEWPORTS["phone"])
    page.size = "phone"
    boot(page)
    set_up(page, "Teractor")
    # The drawn shape of each icon (a card is narrower than tall: its larger side).
    sizes = page.evaluate(
        "[...document.querySelectorAll('.board use[href^=\"#i-\"]')]"
        ".map(u => { const r = u.getBoundingClientRect(); return Math.max(r.width, r.height); })")
    assert sizes and min(sizes) >= 11, f"bonus icons {min(sizes):.1f} px"


def test_the_tool_bar_keeps_its_place_as_tools_become_usable(screen: Any) -> None:
    page = screen
    start_game(page, players=1, names=["Tess"], seed=SEED)
    wait_screen(page, "game")

    def places() -> list[tuple[str, float, float]]:
        return [(b["text"], round(b["x"]), round(b["y"])) for b in page.evaluate(
            "[...document.querySelectorAll('.tools button')].map(b => {"
            " const r = b.getBoundingClientRect();"
            " return {text: b.textContent.trim(), x: r.x, y: r.y + scrollY}; })")]

    first = places()
    expect(page.locator(".tools button", has_text="Undo")).to_be_disabled()
    setup_corporations(page).filter(has_text="Teractor").click()
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    expect(page.locator(".tools [data-action=undo]")).to_be_enabled()
    expect(page.locator(".tools [data-action=replay]")).to_be_enabled()
    assert places() == first, "the tool bar moved as Undo and Replay became usable"


@cache
def finished_game() -> bytes:
    """A solo game played to its end in CPython (the page runs the same engine)."""
    from tm.core.rng import Rng
    from tm.core.state import Options
    from tm.game import Game
    from tm.sim import random_response
    from tm.web.saves import SaveMeta, entry_text
    game = Game.new(Options(players=1, seed=SEED, names=["Tess"], expansions=["corpera"]))
    rng = Rng.from_seed(SEED)
    while not game.is_over:
        player, waiting = game.pending[0]
        game.respond(player, random_response(waiting, rng))
    meta = SaveMeta(names=["Tess"], colours=["red"], generation=game.state.generation)
    return entry_text(game, meta).encode()


def test_a_finished_game_offers_no_undo(screen: Any) -> None:
    page = screen
    page.locator("input[type=file][data-change=import]").set_input_files(
        {"name": "over.json", "mimeType": "application/json", "buffer": finished_game()})
    wait_screen(page, "game")
    wait_idle(page)
    expect(page.locator(".end")).to_be_visible()
    expect(page.locator(".tools")).not_to_contain_text("Undo")
    expect(page.locator(".tools [data-action=undo]")).to_have_count(0)
    # The solo end table has no milestone or award column (none in solo).
    expect(page.locator(".end table.scores thead")).not_to_contain_text("Milestones")
    expect(page.locator(".end table.scores thead")).not_to_contain_text("Awards")
    shot(page, "end")
