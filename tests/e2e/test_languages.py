"""Languages in the page (issue 16): the browser's language is the default, the select
switches mid-game without a reload, and the status strip, a prompt, a card and the log are
then in that language; the choice is remembered on the device and never written into a
save. The language change is timed (printed; target under 100 ms).

TM_LANG_SHOTS=docs saves docs/lang-<lang>.png, the screenshots the README shows.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import choose_setup, expect, start_game, wait_idle
from tm.web import i18n

pytestmark = pytest.mark.e2e

SELECT = "select[data-change=language]"
SHOTS = os.environ.get("TM_LANG_SHOTS")


def _switch(page: Any, lang: str) -> float:
    """Choose ``lang`` in the select; the milliseconds the redraw took (the page's own
    measure, from the change to the drawn page)."""
    page.locator(SELECT).select_option(lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    wait_idle(page)
    return float(page.evaluate("document.body.dataset.langTook"))


def test_the_browser_language_is_the_default(new_page: Any, boot: Any) -> None:
    page = new_page(locale="de-DE", viewport={"width": 1280, "height": 900})
    boot(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    expect(page.locator(SELECT)).to_have_value("de")
    expect(page.locator("form.new-game button[type=submit]")).to_have_text(
        i18n.t("start.start", "de"))


def test_switching_language_mid_game(new_page: Any, boot: Any) -> None:
    page = new_page(locale="en-US", viewport={"width": 1280, "height": 900})
    boot(page)
    start_game(page, players=1, names=["Ada"], seed=3)
    choose_setup(page, cards=2)
    expect(page.locator(".prompt")).to_contain_text(i18n.t("prompt.group.card_actions", "en"))
    hand_card = str(page.locator(".hand .card[data-card]").first.get_attribute("data-card"))
    moves = page.evaluate("document.body.dataset.moves")
    timings = {}
    for lang in ("de", "ja", "be", "en"):
        timings[lang] = _switch(page, lang)
        strip = page.locator(".status-strip")
        expect(strip).to_contain_text(i18n.t("strip.generation", lang, n=1))
        expect(page.locator(".prompt")).to_contain_text(i18n.t("prompt.group.card_actions", lang))
        name = i18n.name("card", hand_card, lang)
        card = page.locator(f'.hand .card[data-card="{hand_card}"]').first
        expect(card.locator(".name")).to_have_text(name)
        if lang != "en" and name != hand_card:  # the English name stays on the page
            expect(card.locator(".name-en")).to_have_text(hand_card)
        expect(page.locator(".log")).to_contain_text(
            i18n.tn("log.bought", 2, lang, player="Ada"))
        assert page.evaluate("document.body.dataset.moves") == moves  # the same game
        if SHOTS and lang != "en":
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS) / f"lang-{lang}.png"), full_page=False)
    again = sorted(_switch(page, lang) for lang in ("de", "en", "ja", "en", "be", "en"))
    print("language change redraw (ms): "
          + ", ".join(f"{lang} {ms:.1f}" for lang, ms in timings.items())
          + f"; switching back and forth: median {again[len(again) // 2]:.1f}, "
            f"max {again[-1]:.1f}")
    assert max(timings.values()) < 1000  # (the target is 100 ms; a loaded machine is slower)


def test_the_choice_is_remembered_and_never_saved(new_page: Any, boot: Any) -> None:
    page = new_page(locale="en-US", viewport={"width": 1280, "height": 900})
    boot(page)
    start_game(page, players=1, names=["Ada"], seed=3)
    _switch(page, "be")
    choose_setup(page, cards=1)
    expect(page.locator(".prompt")).to_contain_text(i18n.t("prompt.group.card_actions", "be"))
    saves = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tm:save:'))"
                          ".map(k => localStorage.getItem(k))")
    assert saves and not any('"be"' in s or "language" in s for s in saves)
    page.reload()
    boot(page, "")
    assert page.evaluate("document.documentElement.lang") == "be"
    expect(page.locator(SELECT)).to_have_value("be")
