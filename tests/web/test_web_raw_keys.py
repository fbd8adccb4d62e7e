"""No raw key, ever: random games of every combination read in English, German, Japanese
and Belarusian with no catalog key, no unfilled placeholder, no raw token and (in the
translations) no English shown untranslated; names go through one names function; every
counted message takes the language's plural forms (tests/web/wordcheck.py draws)."""
from __future__ import annotations

import re
import time
import warnings
from pathlib import Path

import pytest

from tests.web import wordcheck
from tm.cards import all_cards
from tm.web import i18n
from tm.web.app_lang import switch
from tm.web.cards_html import card_html
from tm.web.prompt_parts import LABELS, UnlabelledChoice, choice_label

GAMES = 200  # every combination of 1-5 players, 4 expansion sets, 5 maps, draft on/off
# `make test` plays one game of each set on each map (seats 1-5 and the draft in turn) and
# the two games dealt the rarest decisions (wordcheck.BOOSTED); `make test-matrix` plays all
# 200, which between them meet every kind of decision (the rarest need them all).
SAMPLE = sorted({100 * ((m + s) % 2) + 20 * m + 5 * s + (m + 2 * s) % 5
                 for m in range(5) for s in range(4)} | set(wordcheck.BOOSTED))
MOVES = 100  # per game; `python -m tests.web.wordcheck` plays on (400 moves and more)
SOURCES = "\n".join(p.read_text(encoding="utf-8")
                    for p in (Path(__file__).resolve().parents[2] / "tm").rglob("*.py"))
# Every kind and purpose of decision the engine asks (an ask() in its source): the games
# must meet each of them between them.
ASKED = set(re.findall(r'\bask\(g, [\w.]+, "(\w+)", "(\w+)"', SOURCES)) | {
    ("setup", "setup"), ("action", "action")}


def _played(games: list[int]) -> wordcheck.Report:
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnlabelledChoice)
        found = wordcheck.run(games, MOVES)
    print(f"\n{found.summary()} in {time.perf_counter() - start:.0f} s")
    return found


@pytest.fixture(scope="module")
def report() -> wordcheck.Report:
    return _played(SAMPLE)


@pytest.fixture(scope="module")
def every_combination() -> wordcheck.Report:
    return _played(list(range(GAMES)))


def test_random_games_of_every_set_and_map_show_no_key_and_no_english_fallback(
        report: wordcheck.Report) -> None:
    assert report.games == len(SAMPLE) > 20 and report.moves > len(SAMPLE) * MOVES // 2
    assert set(report.labels) <= set(LABELS) and report.held > len(SAMPLE)
    assert not report.findings, "\n".join(str(f) for f in report.findings[:40])


@pytest.mark.matrix
def test_random_games_of_every_combination_show_no_key_and_no_english_fallback(
        every_combination: wordcheck.Report) -> None:
    assert every_combination.games == GAMES and every_combination.moves > GAMES * MOVES // 2
    assert not every_combination.findings, "\n".join(
        str(f) for f in every_combination.findings[:40])


@pytest.mark.matrix
def test_the_random_games_meet_every_kind_of_decision_and_every_label(
        every_combination: wordcheck.Report) -> None:
    assert len(ASKED) > 35
    assert set(every_combination.prompts) >= ASKED, sorted(
        ASKED - set(every_combination.prompts))
    assert set(every_combination.labels) <= set(LABELS)
    assert every_combination.held > GAMES
    assert len(every_combination.hints) > 20 and len(every_combination.logs) > 25


def test_a_choice_with_a_label_the_page_has_no_words_for_warns_instead_of_showing_a_key(
        ) -> None:
    with pytest.warns(UnlabelledChoice):
        shown = choice_label({}, {"type": "teleport", "label": {"key": "teleport"}})
    assert shown == i18n.t("prompt.option")


def test_every_card_reads_in_every_language() -> None:
    report = wordcheck.Report()
    checker = wordcheck.Checker(report)
    for card in all_cards():
        checker.check(f"card {card.name}", lambda name=card.name: card_html(name))
    assert report.texts == 4 * len(all_cards())
    assert not report.findings, "\n".join(str(f) for f in report.findings[:20])


def test_community_services_counts_cards_without_tags_in_words() -> None:
    shown = wordcheck.visible(card_html("Community Services"))
    assert "tagless" not in shown
    assert "per card of yours in play without tags, this one included" in shown


# ---------------------------------------------------------------- names
def _in(lang: str, draw):  # type: ignore[no-untyped-def]
    switch(lang)
    try:
        return draw()
    finally:
        switch("en")


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", "Handel mit Kallisto"), ("ja", "カリストと交易"), ("be", "Гандаль з калёніяй Каліста")])
def test_a_trade_names_its_colony_in_the_language_and_what_it_gives(
        lang: str, expected: str) -> None:
    view = {"expansions": {"colonies": {"printed": {}}}}
    label = {"key": "trade", "tile": "Callisto", "marker": 1,
             "gain": [{"k": "gain", "res": {"energy": 3}}]}
    shown = _in(lang, lambda: choice_label(view, {"type": "trade", "label": label}))
    assert shown.startswith(expected) and "…" not in shown and "::" not in shown
    english = choice_label(view, {"type": "trade", "label": label})
    assert english == "Trade with Callisto (gain 3 energy)"


def test_a_space_named_on_the_board_is_named_in_the_language() -> None:
    view = {"spaces": [{"id": "09", "name": "Tharsis Tholus", "bonus": ["steel"]}]}
    label = {"type": "space", "label": {"key": "space", "space": "09"}}
    assert choice_label(view, label) == "09 · Tharsis Tholus · steel"
    assert _in("ja", lambda: choice_label(view, label)) == "09 · タルシス・トラス · 建材"


def test_keeping_a_prelude_or_a_colony_tile_says_which() -> None:
    prelude = {"type": "keep", "label": {"key": "keep", "offer": "preludes", "card": "Donation"}}
    tile = {"type": "unkeep", "label": {"key": "unkeep", "offer": "colony_tiles",
                                        "card": "Ganymede"}}
    assert choice_label({}, prelude) == "Keep Donation"
    assert _in("de", lambda: choice_label({}, tile)) == "Ganymed zurücklegen"


# ---------------------------------------------------------------- plural forms
COUNTS = (1, 2, 5, 21, 22, 25, 111)
EXPECTED = {
    ("strip.vp_label", "en"): ["1 victory point now", "2 victory points now",
                               "5 victory points now", "21 victory points now",
                               "22 victory points now", "25 victory points now",
                               "111 victory points now"],
    ("strip.vp_label", "de"): ["jetzt 1 Siegpunkt", "jetzt 2 Siegpunkte", "jetzt 5 Siegpunkte",
                               "jetzt 21 Siegpunkte", "jetzt 22 Siegpunkte",
                               "jetzt 25 Siegpunkte", "jetzt 111 Siegpunkte"],
    ("strip.vp_label", "be"): ["1 пункт перамогі цяпер", "2 пункты перамогі цяпер",
                               "5 пунктаў перамогі цяпер", "21 пункт перамогі цяпер",
                               "22 пункты перамогі цяпер", "25 пунктаў перамогі цяпер",
                               "111 пунктаў перамогі цяпер"],
    ("strip.vp_label", "ja"): [f"現在 {n} 勝利点" for n in COUNTS],
    ("start.board_preview", "en"): [f"Mars: {n} space{'' if n == 1 else 's'} on Mars"
                                    for n in COUNTS],
    ("start.board_preview", "de"): [f"Mars: {n} Feld{'' if n == 1 else 'er'} auf dem Mars"
                                    for n in COUNTS],
    ("start.board_preview", "be"): [f"Mars: {n} {w} на Марсе" for n, w in zip(
        COUNTS, ("поле", "палі", "палёў", "поле", "палі", "палёў", "палёў"), strict=True)],
    ("start.board_preview", "ja"): [f"Mars：火星に {n} マス" for n in COUNTS],
    ("game.cards_in_hand", "de"): ["1 Karte auf der Hand"] + [
        f"{n} Karten auf der Hand" for n in COUNTS[1:]],
    ("game.cards_in_hand", "be"): [f"{n} {w} на руцэ" for n, w in zip(
        COUNTS, ("карта", "карты", "картаў", "карта", "карты", "картаў", "картаў"), strict=True)],
    ("action.convert_plants", "be"): [f"Расьліны → зялёная плітка ({n} {w})" for n, w in zip(
        COUNTS, ("расьліна", "расьліны", "расьлінаў", "расьліна", "расьліны", "расьлінаў",
                 "расьлінаў"), strict=True)],
    ("action.convert_plants", "de"): ["Pflanzen → Grünfläche (1 Pflanze)"] + [
        f"Pflanzen → Grünfläche ({n} Pflanzen)" for n in COUNTS[1:]],
}


@pytest.mark.parametrize(("key", "lang"), sorted(EXPECTED))
def test_counts_take_the_plural_form_of_the_language(key: str, lang: str) -> None:
    i18n.set_language(lang)
    try:
        shown = [i18n.tn(key, n, board="Mars") for n in COUNTS]
    finally:
        i18n.set_language("en")
    assert shown == EXPECTED[(key, lang)]


@pytest.mark.parametrize("lang", ["en", "de", "ja", "be"])
def test_every_counted_message_has_the_form_of_each_count(lang: str) -> None:
    """Each counted message (with no field but the count), for each count, in the form of
    the count's plural category in the language."""
    from tm.web.po import plural_category

    catalog = i18n.catalog(lang)
    checked = 0
    for base in sorted(i18n.PLURAL_BASES):
        english = i18n.EN[f"{base}.other"]
        if set(wordcheck.PLACEHOLDER.findall(english)) - {"{n}", "{count}"}:
            continue
        for n in COUNTS:
            category = plural_category(lang, n) if lang != "en" else (
                "one" if n == 1 else "other")
            form = catalog.get(f"{base}.{category}") or catalog[f"{base}.other"]
            i18n.set_language(lang)
            try:
                shown = i18n.tn(base, n)
            finally:
                i18n.set_language("en")
            assert shown == form.format(n=n, count=n), (base, lang, n)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", ["1", "2", "5"])
def test_the_start_screen_reads_in_every_language(players: str) -> None:
    from tm.web.app import App
    from tm.web.saves import MemoryStorage

    report = wordcheck.Report()
    checker = wordcheck.Checker(report)
    for board in ("tharsis", "hellas", "amazonis_planitia"):
        app = App(MemoryStorage(), clock=lambda: 0.0)
        app.handle("form", {"players": players, "board": board, "prelude": "on",
                            "colonies": "on"})
        checker.check(f"start {players} {board}", lambda app=app: app.render()["app"])
    assert report.texts == 12
    assert not report.findings, "\n".join(str(f) for f in report.findings[:20])


@pytest.mark.parametrize("players", [1, 2])
def test_the_end_screen_of_a_finished_game_reads_in_every_language(players: int) -> None:
    from tests.kits.games import random_game

    game = random_game(players, 3, list(wordcheck.NAMES[:players]))
    assert game.is_over
    assert i18n.t("end.caption") in wordcheck.visible(wordcheck._whole_page(game))
    report = wordcheck.Report()
    wordcheck.Checker(report).check("end", lambda: wordcheck._whole_page(game))
    assert not report.findings, "\n".join(str(f) for f in report.findings[:20])


def test_a_funded_award_is_named_in_the_language_in_the_action_menu() -> None:
    from tests.web.webkit import app_for, page
    from tests.web.webkit import choose as click
    from tm.testing import make_game, set_resources

    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=30)
    app = app_for(game)
    click(app, "fund_award", award="Banker")
    app.handle("confirm_action", {})
    shown = _in("de", lambda: wordcheck.visible(page(app)))
    banker = i18n.name("award", "Banker", "de")
    assert banker == "Der Banker" and "Der Banker: finanziert von" in shown
