"""Bots in the page, on a desktop (1366×768) and a phone (390×844): seats on the new-game
form, a whole 2-player game against the hard bot to its end (the person by clicks,
the bot by its own turns, at pace 0: ``?botpace=0``), the page answering a click while a
bot decides at the normal pace (how fast it answers is measured by scripts/bench_page.py,
not asserted here: a time limit fails under load), and the hint.

TM_E2E_SHOTS=/some/folder saves screenshots of the form and of a bot's turn there.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from scripts.bench_browser import BOT_AT_ACTIONS, CLICK_TO_FRAME
from tests.e2e.clickdriver import click_moves, click_until, wait_person
from tests.e2e.helpers import CONTEXTS as VIEWPORTS
from tests.e2e.helpers import expect, start_game, wait_ready, wait_screen

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")


@pytest.fixture(params=sorted(VIEWPORTS))
def screen(request: pytest.FixtureRequest, new_page: Any) -> Any:
    """A watched page at each size (its name on ``page.size``), not booted yet."""
    page = new_page(**VIEWPORTS[request.param])
    page.size = request.param
    return page


def shot(page: Any, name: str, full: bool = False) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"bots-{name}-{page.size}.png"), full_page=full)


def seat(page: Any, index: int, level: str) -> None:
    select = page.locator(f"form.new-game select[name=seat_{index}]")
    select.select_option(level)
    expect(page.locator(f"form.new-game select[name=seat_{index}]")).to_have_value(level)


def _play_to_end(page: Any, limit: int = 3000) -> tuple[int, int, int]:
    """The person's decisions by clicks (taps on the phone), their setup by the hint's
    "Use this choice"; while a bot decides the page is left to it (its slices run on
    timers between frames). Returns the person's decisions, the polls spent waiting
    for a bot, and the decisions taken by the hint."""
    person = waits = hinted = 0
    while person < limit:
        waits += wait_person(page)
        if page.locator(".end").count():
            break
        if page.locator('#app .prompt[data-kind="setup"]').count():
            page.locator('#app [data-action="hint"]').click()
            page.locator('#app [data-action="hint_apply"]').click()
            hinted += 1
        else:
            click_moves(page, 1, touch=page.size == "phone")
        person += 1
    return person, waits, hinted


def test_the_form_offers_bot_seats_and_a_bot_game_starts_without_a_hand_off(
        screen: Any, boot: Any) -> None:
    page = screen
    boot(page)
    start_game(page, players=3, names=["Ada"], seed=7, submit=False)
    seat(page, 1, "hard")
    seat(page, 2, "easy")
    expect(page.locator("form.new-game select[name=seat_1] option:checked")).to_have_text(
        "Bot (hard)")
    page.locator("form.new-game .player-row[data-row='0']").evaluate(
        "(row) => row.scrollIntoView({block: 'start'})")
    expect(page.locator("form.new-game input[name=name_1]")).to_have_attribute(
        "placeholder", "Bot 1 (hard)")
    shot(page, "form")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    expect(page.locator(".players")).to_contain_text("Bot 1 (hard)")
    expect(page.locator(".players")).to_contain_text("Bot 2 (easy)")
    expect(page.locator(".handoff")).to_have_count(0)
    expect(page.locator("#app .prompt")).to_be_visible()  # Ada's setup, at once


def test_a_game_against_the_hard_bot_runs_to_the_end(screen: Any, boot: Any) -> None:
    """On the phone, with drafting, Prelude, Colonies and another map: the bot answers its
    own draft, research and prelude decisions too."""
    page = screen
    boot(page, "?botpace=0")
    everything = page.size == "phone"
    start_game(page, players=2, names=["Ada"], seed=3, submit=False,
               board="hellas" if everything else None, prelude=everything,
               colonies=everything)
    page.locator("form.new-game input[name=draft]").set_checked(everything)
    seat(page, 1, "hard")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    person, waits, hinted = _play_to_end(page)
    took = page.evaluate("`${document.body.dataset.botTook || 0} (one decision "
                         "${document.body.dataset.botStep || 0})`")
    end = page.locator(".end")
    expect(end).to_be_visible()
    expect(end.locator("table.scores tbody tr")).to_have_count(2)
    expect(end).to_contain_text("Bot 1 (hard)")
    assert hinted > 2  # the setup was made by the hints
    assert page.evaluate("document.body.dataset.bot") is None  # nobody thinks any more
    expect(page.locator(".handoff")).to_have_count(0)
    log = page.locator(".log")
    expect(log).to_contain_text("Bot 1 (hard)")  # the bot's moves are told in the log
    print(f"{page.size}: {person} person moves ({hinted} by the hint), {waits} waits, "
          f"longest bot slice {took} ms")
    shot(page, "end")


def _to_a_bot_action_turn(page: Any) -> None:
    """Play Ada's decisions by clicks until the bot decides at the action menu."""
    for _ in range(400):
        if page.evaluate(BOT_AT_ACTIONS):
            return
        if page.locator("#app .prompt").count():
            click_moves(page, 1, touch=page.size == "phone")
        time.sleep(0.02)


def test_the_page_answers_a_click_while_a_bot_decides(
        screen: Any, boot: Any) -> None:
    page = screen
    boot(page)
    start_game(page, players=2, names=["Ada"], seed=3, submit=False)
    seat(page, 1, "hard")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    page.evaluate(CLICK_TO_FRAME)
    measured: list[float] = []
    for _ in range(4):
        _to_a_bot_action_turn(page)
        if page.evaluate("document.body.dataset.bot") is None:
            continue
        if page.locator(".bot-thinking").count() and not measured:
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, "thinking")
        opener = page.locator("#app [data-action=read_card]").first
        if not opener.count():
            continue
        before = page.evaluate("window.tmClicks.length")
        opener.click()
        expect(page.locator(".card-dialog")).to_be_visible()
        page.wait_for_function(f"window.tmClicks.length > {before}")
        measured.append(float(page.evaluate("window.tmClicks[window.tmClicks.length - 1]")))
        page.keyboard.press("Escape")
        expect(page.locator(".card-dialog")).to_have_count(0)
    assert measured, "no click could be made during a bot's turn"
    took = page.evaluate("`${document.body.dataset.botTook || 0} (one decision "
                         "${document.body.dataset.botStep || 0})`")
    print(f"{page.size}: click to frame during bot turns {[round(m) for m in measured]} ms, "
          f"longest bot slice {took} ms")


def test_the_hint_shows_the_experts_choice_and_its_reason(screen: Any, boot: Any) -> None:
    page = screen
    boot(page, "?botpace=0")
    start_game(page, players=2, names=["Ada"], seed=5, submit=False)
    seat(page, 1, "normal")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    click_until(page, "document.querySelector('#app .prompt[data-kind=\"action\"]') !== null",
                limit=400, touch=page.size == "phone")
    expect(page.locator('#app .prompt[data-kind="action"]')).to_be_visible()
    page.locator("#app [data-action=hint]").click()
    box = page.locator(".hint-box")
    expect(box).to_be_visible()
    expect(box).to_contain_text("Hint: the expert bot would choose")  # (issue 45: its judgement)
    assert box.locator(".hint-best .hint-why").inner_text().strip()
    box.scroll_into_view_if_needed()
    shot(page, "hint")
    moves = int(page.evaluate("document.body.dataset.moves"))
    box.locator("[data-action=hint_apply]").click()
    expect(page.locator(".hint-box")).to_have_count(0)
    # An action under way waits for its Confirm (or its next step) like any click.
    if page.locator("#app [data-action=confirm_action]").count():
        assert int(page.evaluate("document.body.dataset.moves")) == moves


def _undo_over_bot(page: Any) -> tuple[int, int] | None:
    """Play on (the person by clicks, the bot by its turns) until the person's decision
    shows with Undo enabled right after the bot has moved: what Undo then takes back is
    the bot's moves and the person's last one. Returns the moves right after the
    person's last one and the moves now."""
    def moves() -> int:
        return int(page.evaluate("document.body.dataset.moves"))

    after_person = -1
    for _ in range(3000):
        wait_person(page)
        wait_ready(page)
        if page.locator(".end").count():
            return None
        if (page.locator('#app .tools [data-action="undo"]').count() and after_person > 0
                and moves() > after_person
                and page.locator('#app .prompt[data-kind="action"]').count()):
            return after_person, moves()
        before = moves()
        if not click_moves(page, 1, touch=page.size == "phone"):
            return None
        after_person = before + 1  # (the bot may have moved on already)
    return None


def test_undo_takes_the_person_back_over_the_bots_moves_without_asking(
        screen: Any, boot: Any) -> None:
    page = screen
    boot(page, "?botpace=0")
    start_game(page, players=2, names=["Ada"], seed=3, submit=False)
    seat(page, 1, "easy")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    found = _undo_over_bot(page)
    if found is None:
        pytest.skip("no undo over a bot's moves came up in this game")
    after_person, now = found
    page.locator("#app .tools [data-action=undo]").click()
    expect(page.locator(".undo-bar")).to_have_count(0)  # no question: the bot is no person
    page.wait_for_function(f"Number(document.body.dataset.moves) < {after_person}")
    expect(page.locator("#app .prompt")).to_be_visible()  # the person decides again
    assert page.evaluate("document.body.dataset.bot") is None
    assert int(page.evaluate("document.body.dataset.moves")) < now - 1  # bot's moves too
    expect(page.locator("#app .tools [data-action=redo]")).to_be_visible()
