"""A sealed game rebuilt in slices (issue 49): the page rebuilds a sealed game from this
device's record a post at a time between frames, busy, its progress in #alerts; the game
it shows then is the one rebuilt in one piece (on reopening, and on a link opened after
a reload). tests/corpus/sealed4: a 2-seat game at generation 3 and Bob's last link."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.kits.sealed_apps import device, history
from tm.web.alerts import render_alerts
from tm.web.app import App
from tm.web.i18n import t
from tm.web.saves import MemoryStorage

CORPUS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "corpus" / "sealed4" / "games.json").read_text())


def _ann(sliced: bool) -> App:
    storage = MemoryStorage()
    storage.data.update(CORPUS["storage"]["Ann"])
    app = device(storage, 1, 11)
    app.jobs.defer = sliced  # (as the page sets it at boot)
    return app


def _sliced_to_the_end(app: App) -> int:
    """The jobs run a unit per slice, as the page would (its busy veil counting the posts
    of a game rebuilt; a link's posts are taken under a veil with no count); the slices."""
    slices = 0
    while (job := app.jobs.job) is not None:
        assert app.tabs.state.busy == job.message and (not job.total or job.done <= job.total)
        alerts = render_alerts(app.tabs.snapshot())  # (as the page draws it between slices)
        assert t(job.message) in alerts
        assert not job.total or t("busy.progress", done=job.done, total=job.total) in alerts
        slices += 1
        if not app.jobs.run_slice(lambda: False):
            app.refresh_screen()
    assert app.tabs.state.busy is None
    return slices


def test_a_sealed_game_reopened_in_slices_is_the_game_reopened_in_one_piece() -> None:
    whole, sliced = _ann(False), _ann(True)
    for app in (whole, sliced):
        app.handle("continue", {"save": "link-" + CORPUS["game_id"]})
    assert sliced.shown.game is None and sliced.tabs.state.busy == "busy.continue"
    posts = len(history(whole))
    assert _sliced_to_the_end(sliced) > 2 * posts  # (a shuffle step: a slice per card)
    assert sliced.shown.notice is None and sliced.shown.save_id == whole.shown.save_id
    assert whole.shown.game is not None and sliced.shown.game is not None
    assert sliced.shown.game.digest() == whole.shown.game.digest()
    assert [p.to_text() for p in history(sliced)] == [p.to_text() for p in history(whole)]
    assert sliced.render()["app"] == whole.render()["app"]


def test_a_link_opened_after_a_reload_is_taken_once_its_game_is_rebuilt_in_slices() -> None:
    link = {"text": "#" + CORPUS["pending_link"]}
    assert CORPUS["pending_to"] == "Ann"
    whole, sliced = _ann(False), _ann(True)
    for app in (whole, sliced):
        app.handle("open_link", link)
    _sliced_to_the_end(sliced)
    assert sliced.shown.notice is None and whole.shown.notice is None
    assert len(history(sliced)) == len(history(whole)) > 0
    assert sliced.shown.game.digest() == whole.shown.game.digest()  # type: ignore[union-attr]
    assert sliced.render()["app"] == whole.render()["app"]  # (the link to send: signed)
    assert sliced.store.storage.data == whole.store.storage.data  # type: ignore[attr-defined]
