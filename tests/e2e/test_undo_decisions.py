"""Undo by decision and the payment's start in the page, on a desktop and a phone, by
clicks and keys only: one Undo takes back a whole payment made with stepper clicks; within
an action Undo steps back through its decisions and the payment it reaches has Cancel; a
payment starts with steel, MC last; a reload mid-payment brings the payment back as it was.
TM_E2E_SHOTS=/some/folder saves a screenshot of the payment screens there.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import (
    choice,
    confirm,
    expect,
    keep_shot,
    moves,
    offered_card,
    plan_tile_game,
    prompt,
    settle,
    setup_corporations,
    solo_after_setup,
    start_game,
    wait_ready,
    wait_screen,
)

pytestmark = pytest.mark.e2e

UNDO = "#app .tools [data-action=undo]"


def kind(page: Any) -> Any:
    return expect(prompt(page))


def building_payment(page: Any) -> tuple[Any, int, Any]:
    """A solo game set up with steel and a building card, at that card's payment: the plan,
    the moves before it and the payment's steel row."""
    plan = solo_after_setup(page)
    before = moves(page)
    choice(page, plan.building_card).click()
    return plan, before, prompt(page).locator(".pay-row.res-steel")


def test_one_undo_takes_back_a_whole_payment_made_with_stepper_clicks(sized_screen: Any) -> None:
    page = sized_screen
    plan, before, steel = building_payment(page)
    for step, shown in (("less", -1), ("less", -2), ("more", -1)):
        steel.locator(f"button.step-{step}").click()
        expect(steel.locator("output")).to_have_text(str(plan.steel_default + shown))
    confirm(page).click()
    kind(page).to_have_attribute("data-kind", "action")
    assert moves(page) > before + 3  # the card, four amounts, the confirmation
    page.locator(UNDO).click()  # once
    kind(page).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    expect(page.locator(".hand")).to_contain_text(plan.building_card)


def test_undo_steps_back_through_an_action_and_its_payment_has_cancel(sized_screen: Any) -> None:
    page = sized_screen
    plan = plan_tile_game("Tess")
    start_game(page, players=1, names=["Tess"], seed=plan.seed)
    wait_screen(page, "game")
    setup_corporations(page).filter(has_text=plan.corporation).click()
    offered_card(page, plan.card).click()
    settle(page)
    kind(page).to_have_attribute("data-kind", "action")
    before = moves(page)
    choice(page, plan.card).click()
    kind(page).to_have_attribute("data-kind", "pay")
    confirm(page).click()
    kind(page).to_have_attribute("data-kind", "space")
    page.locator(".board g.space.legal").first.click()
    kind(page).to_have_attribute("data-kind", "confirm")  # held for its Confirm

    page.locator(UNDO).click()  # the placement
    kind(page).to_have_attribute("data-kind", "space")
    page.locator(UNDO).focus()
    page.keyboard.press("Enter")  # the payment: back at it, Cancel and Confirm usable
    kind(page).to_have_attribute("data-kind", "pay")
    expect(prompt(page).locator("button.cancel")).to_be_visible()
    expect(confirm(page)).to_be_enabled()
    keep_shot(page, "payment-after-undo")
    assert moves(page) == before
    prompt(page).locator("button.cancel").click()
    kind(page).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    expect(page.locator(".hand")).to_contain_text(plan.card)


def test_a_payment_starts_with_steel_and_mc_last(sized_screen: Any) -> None:
    page = sized_screen
    plan = solo_after_setup(page)
    choice(page, plan.building_card).click()
    widget = prompt(page)
    expect(widget.locator(".pay-row.res-steel output")).to_have_text(str(plan.steel_default))
    expect(widget.locator(".pay-row.res-megacredits output")).to_have_text(
        str(plan.mc_default))
    expect(confirm(page)).to_contain_text(f"{plan.steel_default} steel")
    assert plan.steel_default > 0
    widget.scroll_into_view_if_needed()
    keep_shot(page, "payment-default")


def test_a_reload_mid_payment_brings_the_payment_back_as_it_was(sized_screen: Any) -> None:
    page = sized_screen
    plan, before, steel = building_payment(page)
    steel.locator("button.step-less").click()
    expect(steel.locator("output")).to_have_text(str(plan.steel_default - 1))
    page.reload()
    wait_ready(page)
    kind(page).to_have_attribute("data-kind", "pay")
    expect(prompt(page).locator(".pay-row.res-steel output")).to_have_text(
        str(plan.steel_default - 1))
    expect(page.locator("#app")).to_contain_text("is back as you left it")
    keep_shot(page, "payment-after-reload")
    assert moves(page) == before
    prompt(page).locator("button.cancel").click()
    kind(page).to_have_attribute("data-kind", "action")
    assert moves(page) == before
