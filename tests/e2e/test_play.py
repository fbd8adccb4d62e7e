"""Playing through the page: a solo game's first generation, hot-seat hand-off, and a
complete scripted game to the end screen."""
from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves, click_to_end
from tests.e2e.helpers import (
    choice,
    choose_setup,
    confirm,
    confirm_held,
    expect,
    generation,
    offered_card,
    pay_amount,
    plan_steel_game,
    prompt,
    resource,
    reveal_if_handoff,
    settle,
    setup_cards,
    setup_corporations,
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

    # Setup: the two corporations and the ten cards on one screen, chosen together.
    expect(setup_corporations(page)).to_have_count(2)
    expect(setup_cards(page)).to_have_count(10)
    expect(confirm(page)).to_be_disabled()  # no corporation yet
    corporation = setup_corporations(page).filter(has_text=plan.corporation)
    expect(corporation).to_have_count(1)
    corporation.click()
    expect(corporation).to_have_attribute("aria-pressed", "true")

    # Three cards picked, one put back: each click is a move the engine holds.
    for name in (plan.building_card, plan.other_card, plan.spare_card):
        offered_card(page, name).click()
        expect(offered_card(page, name)).to_have_attribute("aria-pressed", "true")
    offered_card(page, plan.spare_card).click()
    expect(offered_card(page, plan.spare_card)).to_have_attribute("aria-pressed", "false")
    expect(offered_card(page, plan.building_card)).to_have_attribute("aria-pressed", "true")
    expect(prompt(page)).to_contain_text(
        f"{plan.corporation}: {plan.starting_mc} MC to start, 2 cards for 6 MC")
    confirm(page).click()  # the whole setup waits for its Confirm
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    expect(prompt(page)).to_contain_text(f"Start with {plan.corporation} and 2 cards")
    confirm_held(page)
    expect(panel).to_contain_text(plan.corporation)
    hand = page.locator(".hand")
    expect(hand).to_contain_text(plan.building_card)
    expect(hand).to_contain_text(plan.other_card)
    expect(hand).not_to_contain_text(plan.spare_card)
    assert resource(page, 0, "MC") == plan.starting_mc - 6

    # Playing the building card, paid with steel through the payment widget.
    steel_before = resource(page, 0, "Steel")
    mc_before = resource(page, 0, "MC")
    assert steel_before >= plan.steel_default
    choice(page, plan.building_card).click()
    expect(prompt(page)).to_contain_text(f"for {plan.building_card}")
    steel_row = prompt(page).locator(".pay-row.res-steel")
    expect(steel_row).to_be_visible()
    assert pay_amount(page, "steel") == plan.steel_default  # steel first, MC last
    assert pay_amount(page, "megacredits") == plan.mc_default
    confirm(page).click()
    expect(prompt(page).locator(".pay-row")).to_have_count(0)
    assert resource(page, 0, "Steel") == steel_before - plan.steel_default
    assert resource(page, 0, "MC") == mc_before - plan.mc_default
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
    expect(target).to_have_class(re.compile(r"\btile-ocean\b"))  # shown, held for Confirm
    expect(page.locator(".board g.space.legal")).to_have_count(0)
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert page.locator(".log").inner_text() != log_before
    # the log names the space as players do, by its row and place (never its id)
    expect(page.locator(".log")).to_contain_text(
        re.compile(r"places an ocean on the \d+(st|nd|rd|th) space of row \d+"))

    # Passing ends the generation; the next one starts with buying cards.
    log_before = page.locator(".log").inner_text()
    choice(page, PASS).click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")  # a Pass waits for it
    assert generation(page) == 1
    confirm_held(page)
    expect(page.locator("main")).to_contain_text(re.compile(r"Generation\s+2(?!\d)"))
    assert generation(page) == 2
    expect(prompt(page).locator("button.card[aria-pressed]").first).to_be_visible()
    assert page.locator(".log").inner_text() != log_before
    expect(confirm(page)).to_have_text(re.compile(r"Buy no cards"))
    settle(page)  # the research buy, too, waits for its Confirm
    expect(choice(page, PASS)).to_have_count(1)


PASS = re.compile(r"^\s*pass\s*$", re.I)


def test_hot_seat_hand_off_hides_the_previous_hand(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=2, names=["Ada", "Bob"], seed=7)
    wait_screen(page, "handoff")
    expect(page.locator(".handoff")).to_contain_text("Ada")
    expect(page.locator(".prompt")).to_have_count(0)
    expect(page.locator(".hand")).to_have_count(0)
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")

    ada_corporations = setup_corporations(page).all_inner_texts()
    assert len(ada_corporations) == 2
    bought = choose_setup(page, 0, cards=2)

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
    bob_corporations = setup_corporations(page).all_inner_texts()
    assert len(bob_corporations) == 2
    assert not set(bob_corporations) & set(ada_corporations)
    hand = page.locator(".hand")
    for name in bought:
        expect(hand).not_to_contain_text(name)
    setup_corporations(page).first.click()
    expect(setup_corporations(page).first).to_have_attribute("aria-pressed", "true")


def test_hot_seat_setup_is_secret_until_both_have_chosen(page: Any, boot: Any) -> None:
    """Player 1 chooses a corporation and cards and hands over: player 2's screens (the
    hand-off, then their own setup) show nothing of it until both have chosen."""
    boot(page)
    start_game(page, players=2, names=["Ada", "Bob"], seed=7)
    wait_screen(page, "handoff")
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")
    ada_deal = [str(n) for n in
                prompt(page).locator("button.card").evaluate_all(
                    "(cards) => cards.map((c) => c.dataset.card)")]
    assert len(ada_deal) == 12  # two corporations and ten cards, together
    ada_corporation = ada_deal[1]
    setup_corporations(page).nth(1).click()
    bought = ada_deal[2:5]
    for name in bought:
        offered_card(page, name).click()
    expect(offered_card(page, bought[-1])).to_have_attribute("aria-pressed", "true")
    settle(page)

    def assert_nothing_of_ada(where: str) -> None:
        text = page.locator("#app").inner_text()
        markup = page.locator("#app").inner_html()
        shown = [n for n in ada_deal if re.search(rf"(?<![\w ]){re.escape(n)}(?!\w)", text)
                 or f'data-card="{n}"' in markup]
        assert not shown, f"{where} shows {shown} of Ada's deal"

    wait_screen(page, "handoff")
    expect(page.locator(".handoff")).to_contain_text("Bob")
    assert_nothing_of_ada("the hand-off")
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")
    expect(setup_corporations(page)).to_have_count(2)
    assert_nothing_of_ada("Bob's setup")
    panels = page.locator(".players")
    expect(panels).not_to_contain_text(ada_corporation)
    expect(page.locator(".player-panel[data-player='0'] .corp")).to_have_text(
        "no corporation yet")

    bob_corporation = str(setup_corporations(page).first.get_attribute("data-card"))
    bob_bought = choose_setup(page, 0, cards=1)
    reveal_if_handoff(page)  # the first action may be Ada's
    expect(page.locator(".player-panel[data-player='0'] .corp")).to_have_text(ada_corporation)
    expect(page.locator(".player-panel[data-player='1'] .corp")).to_have_text(bob_corporation)
    expect(page.locator(".player-panel[data-player='0']")).to_contain_text("3 cards in hand")
    expect(page.locator(".player-panel[data-player='1']")).to_contain_text("1 card in hand")
    assert bob_bought


def test_scripted_solo_game_reaches_the_end_screen(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=1, names=["Solo"], seed=3)
    wait_screen(page, "game")
    clicks = click_to_end(page)
    assert 0 < clicks < 3000, f"no end screen after {clicks} clicks"
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
    # Nothing further to answer: no decision is drawn to click.
    assert click_moves(page, 3) == 0
    expect(page.locator(".end")).to_be_visible()
