"""Playing through the page: a solo game's first generation, hot-seat hand-off, and a
complete scripted game to the end screen."""
from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.helpers import (
    answer_first,
    choice,
    expect,
    generation,
    plan_steel_game,
    prompt,
    resource,
    start_game,
    wait_screen,
)

pytestmark = pytest.mark.e2e


def test_solo_generation_corporation_cards_steel_tile_pass(page: Any, boot: Any) -> None:
    plan = plan_steel_game("Tess")  # seed, steel corporation and building card to buy
    boot(page)
    start_game(page, players=1, names=["Tess"], seed=plan.seed)
    wait_screen(page, "game")
    panel = page.locator(".player-panel[data-player='0']")
    expect(panel).to_contain_text("Tess")
    assert generation(page) == 1

    # Corporation: the dealt ones are card buttons of the prompt.
    corporation = prompt(page).locator("button.card[data-action=choose]").filter(
        has_text=plan.corporation)
    expect(corporation).to_have_count(1)
    assert prompt(page).locator("button.card[data-action=choose]").count() >= 2
    corporation.click()
    expect(panel).to_contain_text(plan.corporation)

    # Buying cards: toggle three, untoggle one, confirm two.
    offered = prompt(page).locator("button.card[data-action=toggle]")
    expect(offered).to_have_count(10)

    def toggle(name: str) -> Any:
        return prompt(page).locator(f"button.card[data-action=toggle][data-card=\"{name}\"]")

    for name in (plan.building_card, plan.other_card, plan.spare_card):
        toggle(name).click()
    expect(toggle(plan.spare_card)).to_have_attribute("aria-pressed", "true")
    toggle(plan.spare_card).click()
    expect(toggle(plan.spare_card)).to_have_attribute("aria-pressed", "false")
    expect(toggle(plan.building_card)).to_have_attribute("aria-pressed", "true")
    mc_before_buy = resource(page, 0, "MC")
    prompt(page).locator("[data-action=confirm]").click()
    expect(prompt(page).locator("[data-action=toggle]")).to_have_count(0)
    hand = page.locator(".hand")
    expect(hand).to_contain_text(plan.building_card)
    expect(hand).to_contain_text(plan.other_card)
    expect(hand).not_to_contain_text(plan.spare_card)
    assert resource(page, 0, "MC") == mc_before_buy - 6

    # Playing the building card, paid partly with steel.
    steel_before = resource(page, 0, "Steel")
    mc_before = resource(page, 0, "MC")
    assert steel_before >= 1
    choice(page, plan.building_card).click()
    options = prompt(page).locator("[data-action=choose]")
    expect(options.first).to_be_visible()
    amounts = [_payment(text) for text in options.all_inner_texts()]
    assert any(steel for _, steel in amounts), amounts
    most = max(range(len(amounts)), key=lambda i: amounts[i][1])
    mc_paid, steel_used = amounts[most]
    options.nth(most).click()
    expect(prompt(page).locator("[data-action=choose]").filter(
        has_text=re.compile(r"\d+\s*steel", re.I))).to_have_count(0)
    assert resource(page, 0, "Steel") == steel_before - steel_used
    assert resource(page, 0, "MC") == mc_before - mc_paid
    expect(panel).to_contain_text(plan.building_card)
    expect(hand).not_to_contain_text(plan.building_card)

    # A standard project placing a tile on a highlighted space.
    log_before = page.locator(".log").inner_text()
    choice(page, re.compile(r"^\s*aquifer\b", re.I)).click()
    legal = page.locator(".board g.space.legal")
    expect(legal.first).to_be_visible()
    assert legal.count() >= 5
    space_id = legal.first.get_attribute("data-space")
    target = page.locator(f".board g.space[data-space='{space_id}']")
    expect(target).not_to_have_class(re.compile(r"\btile-"))
    target.click()
    expect(target).to_have_class(re.compile(r"\btile-ocean\b"))
    expect(page.locator(".board g.space.legal")).to_have_count(0)
    assert page.locator(".log").inner_text() != log_before
    expect(page.locator(".log")).to_contain_text(re.compile(rf"(?<!\d){space_id}(?!\d)"))

    # Passing ends the generation; the next one starts with buying cards.
    log_before = page.locator(".log").inner_text()
    choice(page, PASS).click()
    expect(page.locator("main")).to_contain_text(re.compile(r"Generation\s+2(?!\d)"))
    assert generation(page) == 2
    expect(prompt(page).locator("button.card[data-action=toggle]").first).to_be_visible()
    assert page.locator(".log").inner_text() != log_before
    prompt(page).locator("[data-action=confirm]").click()
    expect(choice(page, PASS)).to_have_count(1)


PASS = re.compile(r"^\s*pass\s*$", re.I)


def _payment(text: str) -> tuple[int, int]:
    """(MC, steel) of a payment option's label, e.g. "5 MC + 3 Steel"."""
    mc = re.search(r"(\d+)\s*MC", text)
    steel = re.search(r"(\d+)\s*steel", text, re.I)
    return (int(mc.group(1)) if mc else 0), (int(steel.group(1)) if steel else 0)


def test_hot_seat_hand_off_hides_the_previous_hand(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=2, names=["Ada", "Bob"], seed=7)
    wait_screen(page, "handoff")
    expect(page.locator(".handoff")).to_contain_text("Ada")
    expect(page.locator(".prompt")).to_have_count(0)
    expect(page.locator(".hand")).to_have_count(0)
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")

    ada_corporations = prompt(page).locator("button.card[data-action=choose]").all_inner_texts()
    assert len(ada_corporations) == 2
    prompt(page).locator("button.card[data-action=choose]").first.click()
    toggles = prompt(page).locator("button.card[data-action=toggle]")
    expect(toggles.first).to_be_visible()
    bought = [toggles.nth(i).get_attribute("data-card") for i in (0, 1)]
    for name in bought:
        prompt(page).locator(f"button.card[data-action=toggle][data-card=\"{name}\"]").click()
    prompt(page).locator("[data-action=confirm]").click()

    # Ada's move is done: the hand-off names Bob and shows nothing of Ada's hand.
    wait_screen(page, "handoff")
    handoff = page.locator(".handoff")
    expect(handoff).to_contain_text("Bob")
    expect(handoff).not_to_contain_text("Ada")
    expect(page.locator(".hand")).to_have_count(0)
    expect(page.locator(".prompt")).to_have_count(0)
    text = page.locator("#app").inner_text()
    for name in bought:
        assert name not in text

    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")
    bob_corporations = prompt(page).locator("button.card[data-action=choose]").all_inner_texts()
    assert len(bob_corporations) == 2
    assert not set(bob_corporations) & set(ada_corporations)
    hand = page.locator(".hand")
    for name in bought:
        expect(hand).not_to_contain_text(name)
    prompt(page).locator("button.card[data-action=choose]").first.click()
    expect(prompt(page).locator("button.card[data-action=toggle]").first).to_be_visible()


def test_scripted_solo_game_reaches_the_end_screen(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=1, names=["Solo"], seed=3)
    wait_screen(page, "game")
    calls = page.evaluate("""() => {
        let n = 0;
        while (!document.querySelector('.end') && n < 3000) { window.tmAnswerFirst(); n++; }
        return n;
    }""")
    assert 0 < calls < 3000, f"no end screen after {calls} moves"
    end = page.locator(".end")
    expect(end).to_be_visible()
    scores = end.locator("table.scores")
    expect(scores).to_be_visible()
    expect(scores.locator("tbody tr")).to_have_count(1)
    expect(scores.locator("tbody tr")).to_contain_text("Solo")
    assert scores.locator("thead th").count() >= 3
    assert page.locator(".winner").inner_text().strip()
    expect(page.locator(".prompt")).to_have_count(0)
    assert 1 < generation(page) <= 14
    # Nothing further to answer: the hook is then a no-op.
    answer_first(page, 3)
    expect(page.locator(".end")).to_be_visible()
