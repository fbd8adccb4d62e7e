"""Regions of the game screen kept from the last redraw: the same HTML as drawn afresh."""
from __future__ import annotations

import random

import pytest

from tm.web import app as web_app
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
    app.renderer.forget()
    assert app.render()["app"] == kept


def test_a_move_draws_the_regions_again() -> None:
    app = _game_app()
    before = app.render()["app"]
    app.handle("answer_first", {})
    app.handle("reveal", {})
    after = app.render()["app"]
    app.renderer.forget()
    assert app.render()["app"] == after != before


def _fresh(app: App) -> str:
    """The screen drawn with nothing kept from earlier redraws."""
    app.renderer.forget()
    return app.render()["app"]


def _random_click(app: App, rng: random.Random) -> None:
    """What a player might click: any listed choice, a space, the hand's tools, a card's
    text, the hand-off's reveal (the page's own actions, as the page sends them)."""
    if app.shown.screen == "handoff":
        if rng.random() < 0.7:  # the page draws the next player's screen ahead
            hidden = app.render()["app"]
            app.prepare_reveal()
            assert app.render()["app"] == hidden and app.shown.screen == "handoff"
        app.handle("reveal", {})
        return
    roll = rng.random()
    if roll < 0.1:
        app.handle("hand_sort", {"by": rng.choice(["cost", "name", "tag", "playable"])})
        return
    stage = app.staged()
    if roll < 0.15 and stage is not None:
        app.handle("cancel", {})
        return
    if stage is not None and stage.held:
        app.handle("confirm_action", {})
        return
    decision = app.current()
    if decision is None:
        return
    choices = decision[1].choices()
    app.handle("choose", {"index": rng.randrange(len(choices))})


@pytest.mark.parametrize("players,boxes,board", [
    (1, "corporate_era", "tharsis"), (3, "corporate_era,prelude,draft", "hellas"),
    (4, "corporate_era,colonies", "elysium"), (5, "corporate_era,prelude,colonies", "tharsis")])
def test_kept_regions_draw_the_same_screen_as_a_fresh_redraw(
        players: int, boxes: str, board: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every part kept by equal inputs (the board, milestones, each panel, each generation
    of the log) is what drawing it afresh gives, move after move and in staged steps."""
    if not any(box == "colonies" for box, _ in web_app.EXPANSION_BOXES):
        monkeypatch.setattr(web_app, "EXPANSION_BOXES",
                            (*web_app.EXPANSION_BOXES, ("colonies", "colonies")))
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    form = {"players": str(players), "seed": "5", "board": board}
    form.update({box: "on" for box in boxes.split(",")})
    app.handle("new_game", form)
    rng = random.Random(players)
    assert app.shown.game is not None
    start = len(app.shown.game.moves)
    for _ in range(400):
        if app.shown.game is None or app.shown.game.is_over:
            break
        _random_click(app, rng)
        app.shown.notice = None
        kept = app.render()["app"]
        assert kept == _fresh(app)
    assert app.shown.game is not None and len(app.shown.game.moves) > start + 30  # (played on)


def test_regions_below_the_fold_may_be_shown_as_last_drawn_for_a_frame() -> None:
    """After a click the page may keep the hand, milestones, log and panels as they were
    (off screen) and draw them right after the frame: the screen's skeleton is the same,
    and the drawing after the frame is what a fresh redraw gives."""
    app = _game_app()
    before = regions.split_parts(app.render()["app"])
    app.handle("answer_first", {})
    app.handle("reveal", {})
    with regions.stale_allowed(regions.BELOW):
        quick = regions.split_parts(app.render()["app"])
    assert quick[0] == before[0]
    assert quick[1]["hand"] == before[1]["hand"]
    whole = app.render()["app"]
    assert whole != regions.split_parts(whole)[0] and whole == _fresh(app)


def test_the_next_players_screen_drawn_ahead_leaves_the_hand_as_shown_for_the_reveal() -> None:
    """While the hand-off shows, the next player's screen is drawn ahead and thrown away;
    the reveal may then still leave the hand below the fold as shown (the hand-off's,
    nobody's) for a frame: drawing ahead does not count as showing."""
    app = _game_app()
    for _ in range(40):
        app.handle("answer_first", {})
        if app.shown.screen == "handoff":
            break
    assert app.shown.screen == "handoff"
    shown = regions.split_parts(app.render()["app"])[1]
    app.prepare_reveal()
    app.handle("reveal", {})
    with regions.stale_allowed(regions.BELOW):
        quick = regions.split_parts(app.render()["app"])[1]
    assert quick["hand"] == shown["hand"]
    whole = regions.split_parts(app.render()["app"])[1]
    assert whole["hand"] != shown["hand"]  # (after the frame: the next player's hand)
