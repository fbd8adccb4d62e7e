"""The rules reference (rules.html): its anchors, its languages, the game's links to it, and
opening it offline."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import Server
from tests.e2e.helpers import (
    axe_problems,
    choose_setup,
    expect,
    prompt,
    start_game,
    wait_ready,
    wait_screen,
)
from tests.e2e.test_offline import _controlled

pytestmark = pytest.mark.e2e


def _in_view(page: Any, selector: str) -> bool:
    """Whether the element's top is on screen (below the sticky language bar)."""
    return bool(page.evaluate("""(sel) => {
        const box = document.querySelector(sel).getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight / 2;
    }""", selector))


def _shown(page: Any) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def test_opening_a_rule_anchor_directly_scrolls_to_it_and_lights_it(
        page: Any, server: Server) -> None:
    page.goto(server.url + "rules.html#R-PAY-1")
    rule = page.locator("#R-PAY-1")
    expect(rule).to_have_class("rule lit")
    expect(rule).to_contain_text("Steel can pay only for cards with a building tag")
    assert _in_view(page, "#R-PAY-1")
    assert page.locator("[id='R-PAY-1']").count() == 1  # one language carries the ids
    # The table of contents keeps the anchor in the URL, and the section is lit.
    page.locator("article:not([hidden]) nav.toc a[href='#actions']").click()
    page.wait_for_function("location.hash === '#actions'")
    expect(page.locator("#actions")).to_have_class("part lit")
    expect(rule).not_to_have_class("rule lit")
    assert _in_view(page, "#actions")


def test_the_language_follows_the_game_the_url_and_the_switch(
        page: Any, server: Server) -> None:
    page.goto(server.url + "rules.html")
    assert _shown(page) == "en"  # the context's browser language
    page.evaluate("localStorage.setItem('tm:language', 'be')")  # as the game keeps it
    page.goto("about:blank")  # (a new load, not a jump within the page)
    page.goto(server.url + "rules.html#R-GEN-1")
    assert _shown(page) == "be"
    expect(page.locator("#R-GEN-1")).to_contain_text("пакаленьне")
    expect(page.locator("#R-GEN-1")).to_have_class("rule lit")
    page.goto(server.url + "rules.html?lang=ja#forgotten")  # a link may name the language
    assert _shown(page) == "ja"
    expect(page.locator("#forgotten h2")).to_contain_text("忘れがちなルール")
    page.locator("nav.langs a[data-lang=de]").click()  # the switch: no reload, anchor kept
    assert _shown(page) == "de"
    expect(page.locator("#forgotten h2")).to_contain_text("Oft vergessen")
    assert page.evaluate("[location.search, location.hash, localStorage.getItem('tm:language')]"
                         ) == ["?lang=de", "#forgotten", "de"]
    expect(page.locator("article[data-lang=ja]")).to_be_hidden()
    assert page.title().startswith("Regelübersicht")


def test_the_browser_language_chooses_when_nothing_else_does(new_page: Any,
                                                             server: Server) -> None:
    page = new_page(locale="de-AT")
    page.goto(server.url + "rules.html#R-PAY-1")
    assert _shown(page) == "de"
    expect(page.locator("#R-PAY-1")).to_contain_text("Stahl zahlt nur Karten mit Gebäude-Tag")


def _follow(page: Any, link: Any, anchor: str) -> Any:
    """Open a rule link (a new tab: the game stays) and check where it lands."""
    assert link.get_attribute("target") == "_blank"
    assert link.get_attribute("href") == f"rules.html#{anchor}"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    page.recorder.attach(rules)  # its errors fail the test too
    rules.wait_for_load_state()
    assert rules.url.endswith(f"/rules.html#{anchor}")
    expect(rules.locator(f"[id='{anchor}']")).to_have_class("rule lit")
    assert _in_view(rules, f"[id='{anchor}']")
    return rules


def test_a_prompt_and_a_refused_action_link_to_their_rules(page: Any, boot: Any) -> None:
    boot(page)
    start_game(page, players=1, names=["Ona"], seed=3)
    wait_screen(page, "game")
    setup = prompt(page).locator("h2 a.rule-link")
    expect(setup).to_have_attribute("href", "rules.html#R-SETUP-4")
    choose_setup(page, 0, cards=0)  # a corporation and no cards: nothing to sell
    for _ in range(12):  # and a first action if the corporation has one
        if prompt(page).get_attribute("data-kind") == "action" \
                and prompt(page).locator(".group-projects").count():
            break
        click_moves(page)
    expect(prompt(page).locator(".group-projects")).to_have_count(1)
    # "Why can't I sell patents?" — the greyed project says why and links to its rule.
    greyed = prompt(page).locator(".group-projects a.rule-link").first
    rule = str(greyed.get_attribute("href")).split("#")[-1]
    assert rule.startswith("R-SP-"), rule
    rules = _follow(page, greyed, rule)
    expect(rules.locator(f"[id='{rule}']")).to_contain_text("MC")
    rules.close()
    # The game is where it was; the prompt's own link goes to the action phase's rule.
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    rules = _follow(page, prompt(page).locator("h2 a.rule-link"), "R-GEN-5")
    rules.close()


def test_the_reference_opens_offline_after_a_first_visit(page: Any, boot: Any,
                                                         server: Server) -> None:
    boot(page)  # the game registers the service worker, which precaches the reference
    _controlled(page)
    page.context.set_offline(True)
    page.goto(server.url + "rules.html#R-PAY-1")
    expect(page.locator("#R-PAY-1")).to_have_class("rule lit")
    page.goto(server.url + "rules.html?lang=be#R-TILE-5")  # a query not in the cache
    assert _shown(page) == "be"
    expect(page.locator("#R-TILE-5")).to_contain_text("2 М€")
    page.goto(server.url)  # and back to the game, still offline
    wait_ready(page)


@pytest.mark.parametrize("lang", ["en", "ja", "be"])
def test_axe_finds_no_serious_problem_on_the_reference(new_page: Any, server: Server,
                                                       lang: str) -> None:
    for viewport in ({"width": 1280, "height": 900}, {"width": 390, "height": 800}):
        page = new_page(viewport=viewport)
        page.goto(server.url + f"rules.html?lang={lang}#R-PAY-1")
        expect(page.locator("#R-PAY-1")).to_have_class("rule lit")
        page.wait_for_timeout(2700)  # the highlight's fade is over
        assert axe_problems(page) == [], viewport
