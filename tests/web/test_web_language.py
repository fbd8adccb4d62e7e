"""The words of a drawing are those of its screen's language: the language is scoped to one
drawing or action (tm.web.i18n.speaking, a context variable), never left behind for the
next one, and two pages in two languages never mix words."""
from __future__ import annotations

import contextvars

from tests.web.webkit import solo_app
from tm.web import i18n


def _drawn(lang: str) -> str:
    app = solo_app(seed=5)
    app.use_language(lang)
    return app.render()["app"]


def test_a_drawing_in_another_language_leaves_the_default_as_it_was() -> None:
    before = i18n.language()
    german = _drawn("de")
    assert i18n.language() == before == "en"
    assert german != _drawn("en")


def test_two_pages_in_two_languages_drawn_in_turn_keep_their_own_words() -> None:
    german, japanese = solo_app(seed=5), solo_app(seed=5)
    german.use_language("de")
    japanese.use_language("ja")
    alone = {"de": _drawn("de"), "ja": _drawn("ja")}
    for _ in range(2):
        assert japanese.render()["app"] == alone["ja"]
        assert german.render()["app"] == alone["de"]


def test_a_drawing_inside_another_languages_scope_speaks_its_own() -> None:
    alone = _drawn("be")
    with i18n.speaking("ja"):
        assert _drawn("be") == alone
        assert i18n.language() == "ja"
    assert i18n.language() == "en"


def test_a_default_chosen_in_one_context_does_not_reach_another() -> None:
    def choose_german() -> str:
        i18n.set_language("de")
        return i18n.t("lang.label")

    german_label = contextvars.copy_context().run(choose_german)
    assert i18n.language() == "en"
    assert i18n.t("lang.label") != german_label
