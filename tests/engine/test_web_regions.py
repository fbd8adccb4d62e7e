"""Regions of the game screen kept from the last redraw: the same HTML as drawn afresh."""
from __future__ import annotations

from tm.web import regions
from tm.web.app import App
from tm.web.saves import MemoryStorage


def _game_app() -> App:
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.handle("new_game", {"players": "3", "seed": "11"})
    for _ in range(60):
        app.handle("answer_first", {})
    app.handle("reveal", {})
    return app


def test_a_page_only_action_reuses_the_regions_and_draws_the_same_page() -> None:
    app = _game_app()
    app.render()
    app.handle("hand_sort", {"by": "name"})
    kept = app.render()["app"]
    regions._LAST.clear()
    assert app.render()["app"] == kept


def test_a_move_draws_the_regions_again() -> None:
    app = _game_app()
    before = app.render()["app"]
    app.handle("answer_first", {})
    app.handle("reveal", {})
    after = app.render()["app"]
    regions._LAST.clear()
    assert app.render()["app"] == after != before
