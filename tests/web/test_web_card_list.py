"""The list of every card in the game (cards.html: tm.web.cardlist_html, scripts/build_cards.py)
and the links to it (issue 45: what an open-source-app player looks for)."""
from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from scripts import build_cards, build_rules
from tests.web.webkit import page, solo_app, text
from tm.cards import all_cards
from tm.web.cardlist_html import PAGE, card_list_article
from tm.web.i18n import LANGUAGES, card_name, speaking, t

ITEM = re.compile(r'<li class="card card-(\w+)" data-card="([^"]*)" data-number="(\w+)" '
                  r'data-set="(\w+)" data-type="(\w+)" data-tags="([\w ]*)" data-cost="(\d*)"')
# Counts by hand from the printed sets (base 148 with the beginner corporation; Corporate
# Era 73; Prelude 35 preludes and 12 other cards; Colonies 54).
SETS = {"base": 148, "corpera": 73, "prelude": 47, "colonies": 54}


def _items(lang: str) -> list[tuple[str, ...]]:
    return ITEM.findall(card_list_article(lang, active=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_of_every_expansion_is_listed_once(lang: str) -> None:
    items = _items(lang)
    names = [html.unescape(item[1]) for item in items]
    assert sorted(names) == sorted(c.name for c in all_cards())
    assert len(set(names)) == len(names)
    assert Counter(item[3] for item in items) == SETS


def test_what_the_filters_compare_is_the_cards_own() -> None:
    items = {html.unescape(item[1]): item for item in _items("en")}
    # name: (type, set, tags, cost) as printed
    printed = {"Search For Life": ("active", "base", "science", "3"),
               "Capital": ("automated", "base", "city building", "26"),
               "Comet": ("event", "base", "space", "21"),
               "Tharsis Republic": ("corporation", "base", "building", ""),
               "Donation": ("prelude", "prelude", "", "")}
    for name, (kind, card_set, tags, cost) in printed.items():
        found = items[name]
        assert (found[4], found[3], found[5], found[6]) == (kind, card_set, tags, cost), name


@pytest.mark.parametrize("lang", ["de", "ja", "be"])
def test_the_list_speaks_the_language_with_card_names_and_filters(lang: str) -> None:
    article = card_list_article(lang, active=False)
    shown = text(article)
    with speaking(lang):
        words = [t("cardlist.title"), t("cardlist.search"), t("cardlist.set.colonies"),
                 t("tag.jovian"), t("type.event"), card_name("Search For Life")]
    with speaking("en"):
        english = [t("cardlist.clear"), t("cardlist.note"), t("cardlist.any_set")]
    assert all(word in shown for word in words), words
    assert not any(word in shown for word in english)
    assert f'lang="{lang}"' in article and " hidden" in article.split(">", 1)[0]


def test_the_filters_offer_every_tag_type_and_expansion() -> None:
    article = card_list_article("en", active=True)
    tags = set(re.findall(r'<select name="tag">(.*?)</select>', article)[0].split("</option>"))
    values = set(re.findall(r'value="(\w*)"', " ".join(tags)))
    assert values == {"", "building", "space", "science", "power", "earth", "jovian", "plant",
                      "microbe", "animal", "city", "wild", "none"}
    for name, wanted in (("type", {"", "automated", "active", "event", "corporation",
                                   "prelude"}),
                         ("set", {"", "base", "corpera", "prelude", "colonies"}),
                         ("sort", {"number", "name", "cost"})):
        select = re.findall(rf'<select name="{name}">(.*?)</select>', article)[0]
        assert set(re.findall(r'value="(\w*)"', select)) == wanted
    assert 'name="q"' in article and 'name="min"' in article and 'name="max"' in article


def test_the_page_holds_every_language_and_escapes_what_it_shows() -> None:
    whole = build_cards.page_html()
    assert whole.count('<article class="reference card-list"') == len(LANGUAGES)
    assert "<script" not in re.sub(r'<script src="static/[a-z]+\.js"></script>', "", whole)
    assert re.search(r"data-card=\"[^\"]*[<>]", whole) is None
    assert 'src="static/cards.js"' in whole and 'src="static/trusted.js"' in whole


def test_the_start_screen_the_game_and_the_rules_page_link_to_the_list() -> None:
    app = solo_app()
    assert f'href="{PAGE}"' in page(app)  # the game's tools
    app.handle("menu", {})
    assert f'href="{PAGE}"' in page(app) and app.shown.screen == "start"
    assert f'href="{PAGE}"' in build_rules.page_html()
