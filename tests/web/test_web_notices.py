"""The page's notices for hostile or damaged input, in plain words, with the page still
working (the CPython side of tests/e2e/test_hostile.py)."""
from __future__ import annotations

import base64
import json
import zlib

from tm.linkplay import links
from tm.web.alerts import Fault
from tm.web.app import App
from tm.web.saves import PREFIX, MemoryStorage

FORM = {"players": "1", "name_0": "Kept", "seed": "3", "corporate_era": "on"}


def link_with_options(raw: bytes) -> str:
    """A format-2 link whose options are ``raw`` (bytes as they are), and no moves."""
    out = bytearray([links.LINK_FORMAT, 2])
    links.put_varint(out, len(raw))
    out += raw
    return "#g=" + base64.urlsafe_b64encode(zlib.compress(bytes(out), 9)).decode().rstrip("=")


def _app() -> tuple[App, MemoryStorage]:
    storage = MemoryStorage()
    app = App(storage, clock=lambda: 2_000_000.0)
    app.handle("new_game", dict(FORM))
    app.handle("menu", {})
    return app, storage


def _still_plays(app: App) -> None:
    save_id = app.store.list()[0].save_id
    app.handle("continue", {"save": save_id})
    assert app.shown.screen == "game" and app.shown.notice is None
    app.handle("choose", {"index": 0})
    assert app.shown.notice is None


def test_deeply_nested_storage_entry_is_listed_as_damaged() -> None:
    app, storage = _app()
    storage.set(PREFIX + "x", "[" * 10_000)
    entries = app.store.list()
    assert [e.damaged for e in entries] == [False, True]
    assert "x" in app.render()["app"]
    app.handle("continue", {"save": "x"})
    assert app.shown.notice is not None \
        and app.shown.notice.startswith("That saved game cannot be opened")
    assert "nested" in app.shown.notice and app.shown.screen == "start"
    _still_plays(app)


def test_hostile_links_are_refused_in_plain_words() -> None:
    app, _ = _app()
    cases = {
        "nested": link_with_options(b"[" * 3000 + b"]" * 3000),
        "names": link_with_options(json.dumps(
            {"players": 5, "seed": 1, "names": ["x" * 200_000] * 5}).encode()),
        "first_player": link_with_options(b'{"players":2,"seed":1,"first_player":7}'),
    }
    for name, text in cases.items():
        app.handle("open_link", {"text": text})
        assert app.shown.notice is not None \
            and app.shown.notice.startswith("This link cannot be opened"), name
        assert "Error)" not in app.shown.notice, (name, app.shown.notice)  # not an exception's name
        assert app.shown.screen == "start" and app.shown.game is None
    assert "first player" in app.shown.notice or "first_player" in app.shown.notice
    _still_plays(app)


def test_import_errors_are_plain_words() -> None:
    app, _ = _app()
    for text, words in (("[" * 20_000, "nested"), ('{"kind":"tm-save","format":1}', "lacks"),
                        ("not json", "format of a saved game"),
                        ('{"kind":"other"}', "not a saved game")):
        app.handle("import", {"text": text})
        assert app.shown.notice is not None \
            and app.shown.notice.startswith("That file cannot be opened"), text
        assert words in app.shown.notice, app.shown.notice
        assert "without meta" not in app.shown.notice
    app.handle("import", {"size": 50 << 20})
    assert app.shown.notice is not None and "too large" in app.shown.notice
    _still_plays(app)


def test_the_guard_recovers_the_screen_or_else_the_start_screen() -> None:
    app, _ = _app()
    _still_plays(app)
    app.tabs.state.fault = Fault("event", "Traceback: <b>boom</b>")
    app.tabs.recover()
    alerts = app.render()["alerts"]
    assert "copy_details" in alerts and "&lt;b&gt;boom&lt;/b&gt;" in alerts
    assert "<b>boom" not in alerts
    app.tabs.abandon()
    assert app.shown.screen == "start" and app.shown.game is None
    app.handle("dismiss_fault", {})
    assert app.tabs.state.fault is None and app.render()["alerts"] == ""


def test_a_stored_summary_with_huge_names_is_listed_damaged_not_drawn() -> None:
    app, storage = _app()
    storage.set(PREFIX + "9-huge", json.dumps(
        {"format": 1, "kind": "tm-save", "save": {"format": 2, "options": {}, "moves": []},
         "meta": {"names": ["n" * 200_000] * 5, "colours": [], "generation": 1,
                  "updated": 1.0, "over": False}}))
    assert [e.damaged for e in app.store.list()] == [False, True]
    assert len(app.render()["app"]) < 100_000
    _still_plays(app)
