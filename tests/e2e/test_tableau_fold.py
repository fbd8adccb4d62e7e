"""Another player's cards in play are folded until the viewer opens them (issue 46: a
5-player game's screen draws less at once): a button per panel, by click and by keyboard,
named for screen readers, in every language. At a laptop and a phone size."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import expect, open_entry, wait_idle
from tests.kits import games

pytestmark = pytest.mark.e2e

VIEWPORTS = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=list(VIEWPORTS))
def late_page(request: pytest.FixtureRequest, new_page: Any, boot: Any) -> Any:
    """The 5-player late game (player 0 to act) at one of the two sizes."""
    page = new_page(viewport=VIEWPORTS[request.param])
    boot(page)
    open_entry(page, "late", games.late_game_entry())
    return page


def _panel(page: Any, seat: int) -> Any:
    return page.locator(f".player-panel[data-player='{seat}']")


def test_the_viewers_cards_are_drawn_and_the_others_folded_until_opened(late_page: Any
                                                                       ) -> None:
    page = late_page
    expect(_panel(page, 0).locator(".tableau")).to_have_count(1)
    expect(_panel(page, 0).locator(".tableau-toggle")).to_have_count(0)
    for seat in range(1, 5):
        expect(_panel(page, seat).locator(".tableau")).to_have_count(0)  # not drawn at all
    toggle = _panel(page, 2).get_by_role("button", name="Show played cards")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(_panel(page, 2).locator(".tableau")).to_have_count(1)
    hide = _panel(page, 2).get_by_role("button", name="Hide played cards")
    expect(hide).to_have_attribute("aria-expanded", "true")
    expect(hide).to_be_focused()  # (the redraw keeps the focus on the button pressed)
    expect(_panel(page, 3).locator(".tableau")).to_have_count(0)  # one panel at a time
    hide.click()
    expect(_panel(page, 2).locator(".tableau")).to_have_count(0)
    expect(_panel(page, 2).get_by_role("button", name="Show played cards")).to_be_visible()


def test_a_folded_tableau_opens_and_closes_from_the_keyboard(late_page: Any) -> None:
    page = late_page
    toggle = _panel(page, 1).locator(".tableau-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(_panel(page, 1).locator(".tableau")).to_have_count(1)
    expect(toggle).to_be_focused()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Space")
    expect(_panel(page, 1).locator(".tableau")).to_have_count(0)
    expect(toggle).to_have_attribute("aria-expanded", "false")


def test_the_fold_counts_the_cards_behind_it_and_speaks_each_language(late_page: Any
                                                                     ) -> None:
    page = late_page
    counted = _panel(page, 1).locator(".tableau-toggle").text_content() or ""
    _panel(page, 1).locator(".tableau-toggle").click()
    tableau = _panel(page, 1).locator(".tableau")
    shown = tableau.locator(".card, .chip").count()
    assert f"({shown})" in counted, (counted, shown)
    names = {"de": "Ausgespielte Karten zeigen", "ja": "プレイ済みカードを表示",
             "be": "Паказаць згуляныя карты"}
    for language, name in names.items():
        page.locator("select[data-change=language]").select_option(language)
        expect(page.locator(f"html[lang={language}]")).to_have_count(1)
        wait_idle(page)
        toggle = _panel(page, 2).locator(".tableau-toggle")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        text = toggle.evaluate("(el) => el.textContent.replaceAll('\\u00ad', '')")
        assert name in text, (language, text)
