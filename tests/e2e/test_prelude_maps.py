"""Prelude and the four other boards through the page (issues 13 and 15): the new-game
form offers both, the setup shows the dealt preludes beside the corporations and keeps
them secret in hot-seat, and every board is drawn with its own shape and goals."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.clickdriver import Device
from tests.e2e.helpers import (
    confirm,
    prompt,
    reveal_if_handoff,
    settle,
    setup_corporations,
    start_game,
    wait_screen,
)

PRELUDE_TILES = ".setup-offer button.card"
BOARDS = {"tharsis": (61, "Terraformer", "Landlord"), "elysium": (61, "Generalist", "Celebrity"),
          "hellas": (61, "Diversifier", "Cultivator"),
          "vastitas_borealis": (61, "Agronomist", "Traveller"),
          "amazonis_planitia": (91, "Terran", "Collector")}


def _keep_preludes(page: Any) -> list[str]:
    """Choose the first corporation and keep the first two preludes (no cards bought)."""
    if setup_corporations(page).first.get_attribute("aria-pressed") != "true":
        setup_corporations(page).first.click()
    expect(setup_corporations(page).first).to_have_attribute("aria-pressed", "true")
    tiles = prompt(page).locator(PRELUDE_TILES)
    expect(tiles).to_have_count(4)
    kept = [str(tiles.nth(i).get_attribute("data-card")) for i in range(2)]
    for name in kept:
        tile = prompt(page).locator(f'.setup-offer button.card[data-card="{name}"]')
        tile.click()
        expect(tile).to_have_attribute("aria-pressed", "true")
    return kept


def test_solo_prelude_game_reaches_its_first_action_R_PRE_1(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=1, names=["Pia"], seed=21, prelude=True)
    wait_screen(page, "game")
    expect(page.locator(".globals .generation")).to_contain_text("of 12")  # R-SOLO-3
    setup_corporations(page).first.click()
    expect(confirm(page)).to_contain_text("Keep 2 Preludes first")
    kept = _keep_preludes(page)
    settle(page)
    pia = Device(page, "Pia")
    for _ in range(40):  # the preludes' own decisions (which first, where to place ...)
        if prompt(page).locator("h2, h3").first.text_content().startswith("Choose an action"):
            break
        # the prelude chosen first is played, held for Confirm like an action: clicked
        pia.step()
    expect(prompt(page)).to_contain_text("Choose an action")
    played = page.locator(".players").inner_text()
    assert all(name in played for name in kept), played


def test_hot_seat_preludes_stay_secret_until_both_chose_R_PRE_1(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=2, names=["Ada", "Bo"], seed=22, prelude=True)
    reveal_if_handoff(page)
    kept = _keep_preludes(page)
    corporation = str(setup_corporations(page).first.get_attribute("data-card"))
    settle(page)
    reveal_if_handoff(page)
    expect(prompt(page)).to_contain_text("Bo")
    screen = page.locator("#app").inner_text()
    for secret in [*kept, corporation]:
        assert secret not in screen, f"{secret} shows before everyone chose"
    _keep_preludes(page)
    settle(page)
    reveal_if_handoff(page)
    expect(page.locator(".players")).to_contain_text(corporation)


@pytest.mark.parametrize("board", list(BOARDS))
def test_each_board_is_offered_drawn_and_played_with_its_goals(page: Any, boot: Any,
                                                                board: str) -> None:
    spaces, milestone, award = BOARDS[board]
    boot(page)
    form = page.locator("form.new-game")
    form.locator("select[name=board]").select_option(board)
    expect(form.locator(".board-preview")).to_have_attribute(
        "aria-label", re.compile(f": {spaces} spaces on Mars"))
    expect(form).to_contain_text(milestone)
    start_game(page, players=2, names=["Ada", "Bo"], seed=23, board=board)
    reveal_if_handoff(page)
    mars = page.locator("svg.board g.space:not(.offmap)")
    expect(mars).to_have_count(spaces)
    expect(page.locator("#app")).to_contain_text(milestone)
    expect(page.locator("#app")).to_contain_text(award)
