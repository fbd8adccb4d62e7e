"""The end chart and the live scores as a player reads them: text size on a phone,
labels, the key (screenshots in /tmp/tm-words-*.png for a person to look at); the
new-game form's solo note and play-by-link boxes; a solo game in Japanese (a blank name,
the log's spaces); a Colonies trade in German and Belarusian (the colony named in
the language, what the trade gives, no double colon), the page's language on <html lang>
from its first paint and words hyphenated by it."""
from __future__ import annotations

from functools import cache
from typing import Any

from tests.e2e.helpers import choice, expect, open_entry, prompt, start_game, wait_screen
from tests.kits import games
from tm.web import i18n

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1366, "height": 900}


@cache
def _finished_link(players: int) -> str:
    from tests.kits.games import random_game
    from tm.linkplay import links

    game = random_game(players, 3, ["Pia", "Bob"][:players])
    assert game.is_over
    return "#" + links.encode(game)


def _chart_text(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
        const texts = [...document.querySelectorAll('.chart text')];
        const gens = texts.filter(t => t.classList.contains('gen')).map(t => t.textContent);
        const heights = texts.map(t => t.getBoundingClientRect().height);
        const key = document.querySelector('.chart-key');
        return {gens, smallest: Math.min(...heights), key: key ? key.innerText : '',
                keyFont: key ? parseFloat(getComputedStyle(key).fontSize) : 0,
                values: texts.filter(t => t.classList.contains('value')).length}; }""")


def test_the_end_chart_is_readable_on_a_phone_and_a_wide_screen(new_page: Any, boot: Any
                                                                  ) -> None:
    page = new_page(viewport=PHONE)
    for players in (1, 2):
        boot(page, _finished_link(players))  # (the second game: a hash change, no new boot)
        wait_screen(page, "game")
        expect(page.locator(".chart-key")).to_contain_text("Bob" if players == 2 else "Pia")
        for viewport, name in ((PHONE, "phone"), (WIDE, "wide")):
            page.set_viewport_size(viewport)
            page.locator(".chart").scroll_into_view_if_needed()
            shown = _chart_text(page)
            assert shown["gens"][-1] == ("14" if players == 1 else shown["gens"][-1])
            assert shown["values"] >= 3
            # the labels' boxes: over 11 px of text (a box is a little taller than the font)
            assert shown["smallest"] >= 13, shown
            assert "Pia" in shown["key"] and "victory points" in shown["key"]
            assert shown["keyFont"] >= 11
            page.locator("section.history").screenshot(
                path=f"/tmp/tm-words-chart-{players}p-{name}.png")


def test_live_scores_on_a_phone_name_each_number(new_page: Any, boot: Any) -> None:
    page = new_page(viewport=PHONE)
    boot(page, _finished_link(2))
    wait_screen(page, "game")
    page.locator(".tools [data-action=toggle_scores]").first.click()
    page.locator(".live-scores").scroll_into_view_if_needed()
    labels = page.evaluate("""() => [...document.querySelectorAll('.live-scores td')].map(
        td => getComputedStyle(td, '::before').content)""")
    assert labels and all(label not in ("none", '""', "") for label in labels), labels
    assert labels[0] == '"TR"' and labels[-1] == '"Total"'
    page.locator(".live-scores").screenshot(path="/tmp/tm-words-live-scores-phone.png")


def test_the_solo_note_follows_the_players_select(page: Any, boot: Any) -> None:
    boot(page)
    form = page.locator("form.new-game")
    note = form.locator(".solo-note")
    expect(note).to_have_count(0)  # two players at first
    form.locator("select[name=players]").select_option("1")
    expect(note).to_contain_text("plays solo")
    form.locator("select[name=players]").select_option("2")
    expect(note).to_have_count(0)


def test_the_link_boxes_follow_the_players_and_the_secret_box(page: Any, boot: Any) -> None:
    """Solo has no one to send a link to; a link of a game with secret hands does not hold
    the hands, so the hint stops saying so once the box is ticked (issue 45)."""
    boot(page)
    form = page.locator("form.new-game")
    whole = i18n.t("linkplay.whole_game")
    hints = form.locator(".by-link + .hint")
    expect(hints).to_contain_text(whole)
    form.locator("input[name=sealed]").check()
    expect(hints).not_to_contain_text(whole)
    expect(form.locator("input[name=sealed]")).to_be_checked()
    form.locator("input[name=sealed]").uncheck()
    expect(hints).to_contain_text(whole)
    form.locator("select[name=players]").select_option("1")
    expect(form.locator("input[name=by_link]")).to_have_count(0)
    expect(form.locator("input[name=sealed]")).to_have_count(0)
    form.locator("select[name=players]").select_option("2")
    expect(form.locator("input[name=sealed]")).to_have_count(1)


def test_a_solo_game_in_japanese_names_spaces_and_a_blank_name_plainly(new_page: Any,
                                                                      boot: Any) -> None:
    """A blank name is the language's default with no さん; the log names the neutral
    cities' spaces by row and place, never by a bare number (issue 45)."""
    page = new_page(locale="ja-JP", viewport=WIDE)
    boot(page)
    start_game(page, players=1, seed=5)
    expect(prompt(page)).to_contain_text("プレイヤー 1、あなたの選択です")
    expect(prompt(page)).not_to_contain_text("さん")
    log = page.locator(".log")
    expect(log).to_contain_text("中立が")
    expect(log).to_contain_text("行目の左から")
    expect(log).not_to_contain_text("マス 2")


TRADE_WORDS = {"de": "Handel mit Io (", "be": "Гандаль з калёніяй Іо ("}


def test_a_trade_reads_in_german_and_belarusian(new_page: Any, boot: Any) -> None:
    entry, builder, trader, tile = games.bonus_trade_entry()
    assert tile == "Io", tile
    for lang, locale in (("de", "de-DE"), ("be", "be-BY")):
        page = new_page(locale=locale, viewport=WIDE)
        boot(page)
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate("getComputedStyle(document.body).hyphens") == "auto"
        open_entry(page, f"colonies-{lang}", entry)
        trade = choice(page, TRADE_WORDS[lang])
        expect(trade).to_have_count(1)
        expect(page.locator(".colony-tile h3").first).not_to_have_text("Io")
        expect(page.locator(".colonies")).to_contain_text(i18n.name("colony", "Io", lang))
        assert "…" not in prompt(page).inner_text()
        page.screenshot(path=f"/tmp/tm-words-trade-{lang}.png", full_page=False)
        trade.click()
        fee = i18n.t("col.option_fee", lang, qty=i18n.tn("unit.megacredits", 9, lang))
        if choice(page, fee).count():
            choice(page, fee).click()
        held = page.locator(".prompt.held")
        expect(held).to_be_visible()
        heading = held.locator("h2").inner_text()
        note = held.locator(".stage-note").inner_text()
        assert TRADE_WORDS[lang] in heading and TRADE_WORDS[lang] in note, (heading, note)
        assert heading[:1].isupper() and "::" not in note and ": :" not in note
        assert note.count(":") == heading.count(":"), (heading, note)  # (one each)
        page.screenshot(path=f"/tmp/tm-words-trade-held-{lang}.png", full_page=False)


def test_the_page_is_in_the_chosen_language_before_python_starts(new_page: Any, boot: Any
                                                                  ) -> None:
    page = new_page(locale="en-US", viewport=WIDE)
    boot(page)
    page.evaluate("localStorage.setItem('tm:language', 'de')")
    page.reload(wait_until="domcontentloaded")
    # static/kept.js runs as the page is parsed: Python has not drawn anything yet
    assert page.evaluate("[document.documentElement.lang, document.body.dataset.ready]") \
        == ["de", None]
