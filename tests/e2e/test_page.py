"""The page itself: boot, escaping, the phone layout, the keyboard."""
from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import SITE, gen_sw
from tests.e2e.helpers import (
    choice,
    choose_setup,
    confirm,
    expect,
    no_horizontal_scroll,
    plan_steel_game,
    prompt,
    reveal_if_handoff,
    setup_cards,
    setup_corporations,
    start_game,
    wait_ready,
    wait_screen,
)

pytestmark = pytest.mark.e2e


@pytest.mark.first_visit
def test_boot_is_ready_without_errors_or_foreign_requests(page: Any, server: Any) -> None:
    response = page.goto(server.url)
    assert response is not None and response.ok
    assert "default-src 'self'" in response.headers.get("content-security-policy", "")
    wait_ready(page)
    wait_screen(page, "start")
    form = page.locator("form.new-game")
    expect(form).to_be_visible()
    for field in ("select[name=players]", "input[name=name_0]", "select[name=colour_0]",
                  "input[name=beginner_0]", "input[name=corporate_era]", "input[name=draft]",
                  "select[name=board]", "input[name=seed]", "button[type=submit]"):
        expect(form.locator(field)).to_have_count(1)
    expect(page.locator("input[type=file][data-change=import]")).to_have_count(1)
    expect(page.locator("main.loading")).to_have_count(0)
    paths = {urlsplit(url).path for url in page.recorder.requests}
    runtime = gen_sw.vendor_folders(SITE)[0]
    assert f"/{runtime}/pyodide.asm.wasm" in paths  # the runtime came from us
    assert "/main.py" in paths
    assert page.recorder.foreign_requests() == []
    assert page.recorder.console_errors == [] and page.recorder.page_errors == []


EVIL = "<img src=x onerror=alert(1)>"


def test_player_name_with_markup_is_shown_as_text(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=2, names=[EVIL, "Bob"], seed=11)
    wait_screen(page, "handoff")
    expect(page.locator(".handoff")).to_contain_text(EVIL)
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")
    expect(page.locator(".player-panel[data-player='0']")).to_contain_text(EVIL)
    choose_setup(page, 0, cards=1)
    wait_screen(page, "handoff")
    page.locator(".handoff [data-action=reveal]").click()
    choose_setup(page, 0, cards=0)
    reveal_if_handoff(page)
    expect(page.locator(".log")).to_contain_text(EVIL)  # the setup, revealed: "… takes …"

    page.locator("[data-action=menu]").first.click()
    wait_screen(page, "start")
    expect(page.locator(".save-list li[data-save]").first).to_contain_text(EVIL)
    assert page.locator("input[name=name_0]").input_value() == EVIL

    assert page.locator("#app img").count() == 0
    page.wait_for_load_state("networkidle")  # a stray image's request would have ended
    assert page.recorder.dialogs == []
    assert not [u for u in page.recorder.requests if urlsplit(u).path.endswith("/x")]


def test_changing_player_count_keeps_the_other_settings(page: Any, boot: Any) -> None:
    boot(page)
    form = page.locator("form.new-game")
    form.locator("input[name=seed]").fill("42")
    form.locator("input[name=corporate_era]").set_checked(False)
    form.locator("input[name=draft]").set_checked(True)
    form.locator("input[name=name_0]").fill("Kept")
    form.locator("input[name=beginner_0]").set_checked(True)
    form.locator("select[name=players]").select_option("3")
    expect(form.locator("input[name=name_2]")).to_be_visible()
    assert form.locator("input[name=name_0]").input_value() == "Kept"
    assert form.locator("input[name=seed]").input_value() == "42"
    assert not form.locator("input[name=corporate_era]").is_checked()
    assert form.locator("input[name=draft]").is_checked()
    assert form.locator("input[name=beginner_0]").is_checked()
    assert not form.locator("input[name=beginner_1]").is_checked()


def _assert_fits(page: Any, where: str) -> None:
    scroll_width, inner_width = no_horizontal_scroll(page)
    assert scroll_width <= inner_width, f"{where}: scrollWidth {scroll_width} > {inner_width}"
    assert scroll_width <= 390, f"{where}: scrollWidth {scroll_width} > 390"


def test_phone_viewport_has_no_horizontal_scroll_and_plays(new_page: Any, boot: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                    is_mobile=True, has_touch=True)
    boot(page)
    wait_screen(page, "start")
    _assert_fits(page, "start screen")
    start_game(page, players=1, names=["Pocket"], seed=1, submit=False)
    page.locator("form.new-game button[type=submit]").tap()
    wait_screen(page, "game")
    _assert_fits(page, "corporation choice")

    corporations = setup_corporations(page)
    expect(corporations).to_have_count(2)
    expect(setup_cards(page)).to_have_count(10)
    corporations.first.tap()
    expect(corporations.first).to_have_attribute("aria-pressed", "true")
    toggles = setup_cards(page)
    _assert_fits(page, "setup: corporation and cards")
    toggles.first.tap()
    expect(toggles.first).to_have_attribute("aria-pressed", "true")
    expect(confirm(page)).to_be_in_viewport()  # kept in view at the bottom of the screen
    confirm(page).tap()
    held = page.locator(".prompt.held [data-action=confirm_action]")  # the setup waits
    expect(held).to_be_in_viewport()  # its Confirm, too, at the foot of the window
    _assert_fits(page, "setup held for its Confirm")
    held.tap()
    expect(choice(page, re.compile(r"^\s*pass\s*$", re.I))).to_have_count(1)
    _assert_fits(page, "action menu")
    expect(page.locator(".hand button.card, .hand .card").first).to_be_visible()


FOCUSED = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return '';
    if (e.matches('.space.legal')) return 'space:' + e.getAttribute('data-space');
    return e.tagName.toLowerCase() + ':' + (e.getAttribute('name') || e.getAttribute('type') || '')
        + ':' + (e.getAttribute('data-action') || '') + ':' + (e.textContent || '').trim();
}"""


def _tab_to(page: Any, wanted: re.Pattern[str], limit: int = 150) -> str:
    """Press Tab until the focused element's description matches; return it."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if wanted.search(focused):
            return focused
        seen.append(focused)
    raise AssertionError(f"Tab never reached {wanted.pattern!r}; saw {seen[:40]}")


def test_keyboard_reaches_the_form_and_a_legal_space(page: Any, boot: Any) -> None:
    plan = plan_steel_game("")
    boot(page)
    wait_screen(page, "start")
    # Tab walks the new-game controls in order.
    reached = [_tab_to(page, re.compile(pattern), 40) for pattern in (
        r"^select:players", r"^input:name_0", r"^select:colour_0", r"^input:corporate_era",
        r"^input:seed", r"^button:submit")]
    assert reached[-1].startswith("button:submit")

    # One player, seed 1, started with Enter.
    page.locator("select[name=players]").focus()
    page.keyboard.press("1")  # type-ahead picks "1" and fires change
    expect(page.locator("input[name=name_1]")).to_be_hidden()
    _tab_to(page, re.compile(r"^input:seed"), 40)
    page.keyboard.type(str(plan.seed))
    _tab_to(page, re.compile(r"^button:submit"), 10)
    page.keyboard.press("Enter")
    wait_screen(page, "game")

    # Corporation, no cards, the aquifer project: all with Tab and Enter.
    _tab_to(page, re.compile(rf"^button:button:choose:.*{re.escape(plan.corporation)}"))
    page.keyboard.press("Enter")
    corporation = setup_corporations(page).filter(has_text=plan.corporation)
    expect(corporation).to_have_attribute("aria-pressed", "true")
    expect(corporation).to_be_focused()  # focus stays on the card just chosen
    first = setup_cards(page).first
    name = str(first.get_attribute("data-card"))
    _tab_to(page, re.compile(rf"^button:button:choose:.*{re.escape(name)}"), 5)
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(first).to_be_focused()  # its choice moved (pick → unpick); the focus did not
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "false")
    _tab_to(page, re.compile(r"^button:button:choose:Start with"))
    page.keyboard.press("Enter")
    # The setup waits for Confirm, which takes the focus: Enter sends it.
    expect(page.locator(".prompt.held [data-action=confirm_action]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    _tab_to(page, re.compile(r"^button:button:choose:Aquifer", re.I))
    page.keyboard.press("Enter")
    legal = page.locator(".board g.space.legal")
    expect(legal.first).to_be_visible()

    # Every legal space is a focusable button; Tab reaches one and Enter places the tile.
    # (Enter once did nothing here: the keydown handler compared two Pyodide proxies of
    # the same element with `is`.)
    assert legal.count() == legal.and_(page.locator("[tabindex='0'][role=button]")).count()
    focused = _tab_to(page, re.compile(r"^space:"))
    space_id = focused.split(":", 1)[1]
    target = page.locator(f".board g.space[data-space='{space_id}']")
    expect(target).to_be_focused()
    expect(target).not_to_have_class(re.compile(r"\btile-"))
    page.keyboard.press("Enter")
    expect(target).to_have_class(re.compile(r"\btile-ocean\b"))
    expect(page.locator(".board g.space.legal")).to_have_count(0)
    # The action waits for Confirm, which takes the focus: Enter again sends it.
    expect(prompt(page).locator("button.confirm")).to_be_focused()
    page.keyboard.press("Enter")
    expect(prompt(page)).to_have_attribute("data-kind", "action")
