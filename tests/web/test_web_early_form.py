"""The new-game form filled in before Python was up (static/kept.js makes it usable at
once; tm/web/page_boot.py hands what the player did to the App when Python starts): the
CPython side of tests/e2e/test_early_start.py."""
from __future__ import annotations

import html
import json
from pathlib import Path

from scripts import build_site
from tm.web.app import App
from tm.web.early_form import MAX_VALUE, boot_words, early_form
from tm.web.saves import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]

TYPED = {"players": "3", "name_0": "Ann", "name_1": "Bob", "name_2": "Cy", "colour_0": "red",
         "colour_1": "green", "colour_2": "blue", "beginner_1": "on", "corporate_era": "on",
         "draft": "on", "board": "hellas", "seed": "7"}


def _app() -> App:
    return App(MemoryStorage(), clock=lambda: 1000.0)


def test_a_form_typed_in_but_not_started_is_drawn_with_what_was_typed() -> None:
    app = _app()
    early = early_form({"started": False, "fields": dict(TYPED), "focus": "name_1"})
    assert early is not None and early.focus == "name_1"
    assert early.apply(app) is None
    page = app.render()["app"]
    assert app.shown.screen == "start" and app.shown.game is None
    for name, value in (("name_0", "Ann"), ("name_1", "Bob"), ("name_2", "Cy"), ("seed", "7")):
        assert f'name="{name}" maxlength="40" value="{value}"' in page \
            or f'name="{name}" inputmode="numeric" value="{value}"' in page
    assert '<option value="3" selected>' in page and '<option value="hellas" selected>' in page
    assert '<input type="checkbox" name="draft" checked>' in page
    assert '<input type="checkbox" name="beginner_1" checked>' in page
    assert '<input type="checkbox" name="beginner_0">' in page  # (left unticked)


def test_a_start_pressed_before_python_was_up_starts_that_game() -> None:
    app = _app()
    early = early_form({"started": True, "fields": dict(TYPED), "focus": None})
    assert early is not None
    first = early.apply(app)
    assert first == ("new_game", TYPED)
    app.handle(*first)
    game = app.shown.game
    assert game is not None and app.shown.screen in ("game", "handoff")
    options = game.state.options
    assert (options.players, options.names, options.seed) == (3, ["Ann", "Bob", "Cy"], 7)
    assert options.draft and options.board == "hellas" and options.beginners == [1]


def test_an_answer_the_page_did_not_give_is_ignored() -> None:
    for raw in (None, "fields", [], {"started": True}, {"started": True, "fields": []}):
        assert early_form(raw) is None


def test_only_short_string_fields_with_a_form_fields_name_are_taken() -> None:
    early = early_form({"started": "yes", "focus": "name_0\"]", "fields": {
        "name_0": "Ann", "name_1": 7, "seed": "1" * (MAX_VALUE + 1), "__proto__": "x",
        "Name": "x", "a b": "x", "on click": "x", "players": "9"}})
    assert early is not None
    assert early.fields == {"name_0": "Ann"}
    assert early.started is False and early.focus is None  # (only true is a Start)
    app = _app()
    assert early.apply(app) is None
    assert 'value="Ann"' in app.render()["app"]


def test_words_shown_before_python_is_up_are_in_every_language_of_the_page() -> None:
    """static/kept.js shows them in the page's language: written on #boot-status, escaped."""
    words = boot_words()
    assert sorted(words) == ["be", "de", "en", "ja"]
    for lang, said in words.items():
        assert said["starting"] and said["queued"]
        if lang != "en":
            assert said != words["en"], lang  # (translated, not English)
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    page = build_site.prerendered_page(source, '<main class="start"></main>')
    found = page.split('<div id="boot-status" data-words="', 1)[1].split('"', 1)[0]
    assert json.loads(html.unescape(found)) == words
    assert '<span class="boot-line">Starting the game…</span>' in page
