"""The list of every card (cards.html): opened from the game, searched and filtered by
typing, taps and keys, on a phone; in the game's language; offline after a first visit.
TM_E2E_SHOTS=/some/folder saves its screens there."""
from __future__ import annotations

from typing import Any

import pytest

from scripts.i18n_hyphenate import hyphenated_word, hyphenator
from tests.e2e.conftest import Server
from tests.e2e.helpers import (
    CONTEXTS,
    axe_problems,
    expect,
    no_horizontal_scroll,
    save_shot,
    wait_ready,
)
from tests.e2e.test_offline import _controlled

pytestmark = pytest.mark.e2e

SHOWN = "article:not([hidden])"
TOTAL = 322  # every card of the four sets (tests/web/test_web_card_list.py counts them)




def _visible_cards(page: Any) -> Any:
    return page.locator(f"{SHOWN} ul.cards-all > li:not([hidden])")


def _open_from_the_start_screen(page: Any, boot: Any) -> Any:
    boot(page)
    link = page.get_by_role("link", name="All cards")
    assert link.get_attribute("target") == "_blank"  # a new tab: the game stays
    with page.context.expect_page() as opened:
        link.tap()
    cards = opened.value
    page.recorder.attach(cards)  # its errors fail the test too
    cards.wait_for_load_state()
    return cards


def test_a_phone_player_finds_cards_by_name_tag_type_cost_and_expansion(
        new_page: Any, boot: Any) -> None:
    cards = _open_from_the_start_screen(new_page(**CONTEXTS["phone"]), boot)
    count = cards.locator(f"{SHOWN} .count")
    expect(count).to_have_text(f"Shown: {TOTAL} of {TOTAL}")
    search = cards.locator(SHOWN).get_by_role("searchbox", name="Search")
    search.tap()
    cards.keyboard.type("asteroid")
    expect(count).to_have_text("Shown: 11 of 322")
    for text in _visible_cards(cards).all_inner_texts():
        assert "asteroid" in text.lower(), text
    save_shot(cards, "cards-phone-search")
    search.fill("")
    cards.locator(SHOWN).get_by_label("Tag").select_option(label="Earth")
    cards.locator(SHOWN).get_by_label("Type").select_option(label="event")
    expect(_visible_cards(cards).filter(has_text="Imported Hydrogen")).to_have_count(1)
    assert _visible_cards(cards).count() >= 5  # (Imported Hydrogen, Large Convoy, …)
    for item in _visible_cards(cards).all():
        expect(item.locator(".tag-earth")).to_have_count(1)
        expect(item.locator(".type")).to_have_text("event")
    cards.locator(SHOWN).get_by_role("button", name="Clear the filters").tap()
    expect(count).to_have_text(f"Shown: {TOTAL} of {TOTAL}")
    cards.locator(SHOWN).get_by_label("Expansion").select_option(label="Prelude")
    cards.locator(SHOWN).get_by_label("Cost from").fill("20")
    for item in _visible_cards(cards).all():
        assert item.get_attribute("data-set") == "prelude"
        assert int(str(item.locator(".cost [aria-hidden]").inner_text())) >= 20
    cards.locator(SHOWN).get_by_label("Cost from").fill("")
    cards.locator(SHOWN).get_by_label("Tag").select_option(label="no tag")
    cards.locator(SHOWN).get_by_label("Order").select_option(label="by name")
    shown = _visible_cards(cards).locator(".name").all_inner_texts()
    assert shown == sorted(shown, key=str.lower) and len(shown) > 5
    cards.locator(SHOWN).get_by_label("Cost from").fill("99")
    expect(cards.locator(f"{SHOWN} .none")).to_be_visible()
    expect(count).to_have_text(f"Shown: 0 of {TOTAL}")
    assert no_horizontal_scroll(cards)[0] <= 390
    save_shot(cards, "cards-phone-none")


def test_a_keyboard_player_filters_without_a_mouse(page: Any, server: Server) -> None:
    page.goto(server.url + "cards.html")
    page.keyboard.press("Tab")  # the language bar first, then back to the game, the rules
    for _ in range(12):
        if page.evaluate("document.activeElement.name") == "q":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "q"
    page.keyboard.type("research")
    page.keyboard.press("Tab")  # the tag filter, by keys
    assert page.evaluate("document.activeElement.name") == "tag"
    expect(page.locator(f"{SHOWN} .count")).not_to_have_text(f"Shown: {TOTAL} of {TOTAL}")
    for text in _visible_cards(page).all_inner_texts():
        assert "research" in text.lower(), text


def test_the_list_speaks_the_games_language(new_page: Any, boot: Any) -> None:
    page = new_page(**CONTEXTS["phone"])
    boot(page)
    page.locator("select[data-change=language]").select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Alle Karten").tap()
    cards = opened.value
    cards.wait_for_load_state()
    expect(cards.locator("html")).to_have_attribute("lang", "de")
    cards.locator(SHOWN).get_by_role("searchbox", name="Suchen").fill("Asteroideneinschlag")
    expect(cards.locator(f"{SHOWN} .count")).to_have_text(f"Angezeigt: 1 von {TOTAL}")
    # The long name breaks at its syllables (soft hyphens, at pyphen's German break points:
    # scripts/i18n_hyphenate.py), and the search typed without them still finds it.
    shown = _visible_cards(cards).locator(".name").first.text_content() or ""
    assert shown == hyphenated_word("Asteroideneinschlag", hyphenator()), shown
    assert shown.count("\u00ad") >= 3
    assert cards.title().startswith("Karten")
    cards.locator("nav.langs a[data-lang=ja]").tap()  # the switch: each language its own form
    # Half-width kana typed: found all the same (タイタン: Titan).
    cards.locator(SHOWN).get_by_role("searchbox", name="検索").fill("ﾀｲﾀﾝ")
    expect(cards.locator(f"{SHOWN} .count")).not_to_have_text(f"表示中：{TOTAL}／{TOTAL}")
    found = _visible_cards(cards).locator(".name").all_inner_texts()
    assert len(found) >= 5 and all("タイタン" in name for name in found), found
    save_shot(cards, "cards-phone-ja")


def test_the_list_opens_offline_after_a_first_visit(page: Any, boot: Any,
                                                    server: Server) -> None:
    boot(page)
    _controlled(page)
    page.context.set_offline(True)
    page.goto(server.url + "cards.html?lang=be")
    expect(page.locator(f"{SHOWN} h1")).to_have_text("Карты")
    page.locator(SHOWN).get_by_label("Цэтлік").select_option("wild")
    expect(page.locator(f"{SHOWN} .count")).to_have_text(f"Паказана: 2 з {TOTAL}")
    page.goto(server.url)
    wait_ready(page)


@pytest.mark.parametrize("lang", ["en", "be"])
def test_axe_finds_no_serious_problem_on_the_list(new_page: Any, server: Server,
                                                  lang: str) -> None:
    for context in (CONTEXTS["desktop"], CONTEXTS["phone"]):
        page = new_page(**context)
        page.goto(server.url + f"cards.html?lang={lang}")
        assert axe_problems(page) == []
