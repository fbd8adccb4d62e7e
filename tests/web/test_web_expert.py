"""The expert bot in the page (issue 31): offered on the new-game form in every language,
its search thought in slices to the same moves as at once (saves, links, undo and replays
reproduce them), and the hint as its judgement (thought in slices too, or the hard bot's
ranking when the device cannot afford it)."""
from __future__ import annotations

import re

import pytest

from tests.kits.games import expert_game_entry
from tests.web.test_web_bots import new_app, start
from tests.web.webkit import text
from tm.bots.advice import Adviser
from tm.bots.expert import Expert
from tm.bots.hint import hint
from tm.linkplay import links
from tm.web import i18n
from tm.web.app import App
from tm.web.app_base import bot_levels
from tm.web.app_bots import HINT_AFFORD_MS, HINT_LIMIT_MS, HINT_MEASURE, HINT_SEED
from tm.web.saves import PREFIX, MemoryStorage


def _late(after: int = 0, **game: object) -> App:
    """Ada against the expert late in the game, at her action menu where it would search
    (``game``: another game of tests.kits.games.expert_game_entry)."""
    app = new_app(MemoryStorage())
    app.store.storage.set(PREFIX + "late", expert_game_entry(after=after, **game))  # type: ignore[arg-type]
    app.handle("continue", {"save": "late"})
    assert app.shown.game is not None and app.shown.notice is None
    assert bot_levels(app.shown.game)[0] == ""
    return app


def _to_ada(app: App, sliced: int | None) -> int:
    """The bot's turns until Ada decides (or the end): ``sliced``: rollout decisions per
    slice (None: every decision at once); the slices that ended still thinking."""
    thinking = 0
    while app.bots.bot_turn() is not None:
        if not app.bots.bot_step(sliced):
            assert app.bots.thinking()
            thinking += 1
    return thinking


@pytest.mark.parametrize("lang", ["en", "de", "ja", "be"])
def test_the_form_offers_the_expert_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    try:
        app = new_app()
        page = app.render()["app"]
        level = i18n.t("bots.level.expert")
        assert level and level != "bots.level.expert"
        assert re.search(r'<option value="expert">[^<]*' + re.escape(level), page)
        start(app, ["", "expert"], names=["Ada"], seed=4)
        assert app.shown.game is not None
        assert bot_levels(app.shown.game) == ("", "expert")
        assert level in text(app.render()["app"])  # the bot's name: "Bot 1 (expert)"
    finally:
        i18n.set_language("en")


# (`make test-matrix`: tests/engine/test_bots_expert_slices.py checks the same equality on
# the bot itself in `make test`; this one drives it through the page's loop)
@pytest.mark.matrix
def test_the_expert_thought_in_slices_plays_the_moves_it_plays_at_once() -> None:
    whole, sliced = _late(), _late()
    slices = 0
    for _ in range(400):
        game = whole.shown.game
        assert game is not None and sliced.shown.game is not None
        if game.is_over:
            break
        _to_ada(whole, None)
        slices += _to_ada(sliced, 3)
        assert sliced.shown.game.moves == game.moves
        if not game.is_over:
            whole.handle("answer_first", {})
            sliced.handle("answer_first", {})
    assert whole.shown.game is not None and whole.shown.game.is_over
    assert sliced.shown.game.digest() == whole.shown.game.digest()
    assert slices > 10 and sliced.bots.state.fallbacks == whole.bots.state.fallbacks == 0
    # nothing raised inside the searches either (issue 47 item 4: counted, never hidden)
    assert sliced.bots.state.search_failures() == whole.bots.state.search_failures() == []


def test_undo_and_a_link_over_the_experts_moves_reproduce_them() -> None:
    app = _late()

    def moves() -> list[object]:
        assert app.shown.game is not None
        return list(app.shown.game.moves)
    app.handle("answer_first", {})
    _to_ada(app, 5)
    played = moves()
    app.handle("undo", {})  # back to Ada's decision, over the expert's moves
    assert len(moves()) < len(played)
    app.handle("answer_first", {})
    _to_ada(app, 2)
    assert moves() == played
    game = app.shown.game
    assert game is not None
    opened = new_app()
    opened.handle("open_link", {"text": "#" + links.encode(game)})
    assert opened.shown.game is not None and opened.shown.notice is None
    assert opened.shown.game.digest() == game.digest()
    assert bot_levels(opened.shown.game) == ("", "expert")


def test_the_hint_is_ranked_by_the_experts_search_thought_in_slices() -> None:
    app = _late()
    game = app.shown.game
    assert game is not None
    view = game.view(0)
    app.handle("hint", {})
    assert app.bots.hint_thinking()
    box = re.search(r'<section class="hint-box[^"]*".*?</section>', app.render()["app"], re.S)
    assert box is not None and "hint-thinking" in box.group(0)
    assert i18n.t("hint.thinking") in text(box.group(0))
    assert 'data-action="hint_apply"' not in box.group(0)
    slices = 0
    while app.bots.hint_step(4) is False:
        slices += 1
    assert slices > 3 and not app.bots.hint_thinking()
    shown = app.bots.hint_shown()
    assert shown is not None and shown.record is not None and shown.expert
    assert shown.record == Adviser(HINT_SEED).advise(view)
    assert shown.record["choice"] == Expert(HINT_SEED).decide(view)  # the expert's own
    page = app.render()["app"]
    assert i18n.t("hint.title_expert") in text(page) and 'data-action="hint_apply"' in page
    moves = len(game.moves)
    app.handle("hint_apply", {})
    assert app.shown.notice is None
    stage = app.staged()
    while stage is not None and not stage.held:  # an action under way: its steps, Confirm
        app.handle("answer_first", {})
        stage = app.staged()
    if stage is not None:
        app.handle("confirm_action", {})
    assert app.shown.game is not None and len(app.shown.game.moves) > moves
    assert app.shown.notice is None


def test_a_hint_the_device_cannot_afford_is_the_hard_bots_ranking() -> None:
    app = _late()
    game = app.shown.game
    assert game is not None
    app.handle("hint", {})
    assert app.bots.hint_step(HINT_MEASURE) is False  # (begun)
    assert app.bots.hint_step(HINT_MEASURE) is False
    assert app.bots.hint_affordable(HINT_MEASURE * 0.5)  # 0.5 ms a decision: affordable
    assert not app.bots.hint_affordable(HINT_MEASURE * 50.0)  # 50 ms: too slow
    assert not app.bots.hint_affordable(HINT_LIMIT_MS + 1)
    assert not app.bots.hint_affordable(100.0, HINT_LIMIT_MS + 1)  # waited too long
    assert HINT_AFFORD_MS < HINT_LIMIT_MS
    app.bots.hint_give_up()
    shown = app.bots.hint_shown()
    assert shown is not None and not shown.expert and shown.advising is None
    assert shown.record == hint(game.view(0))
    assert i18n.t("hint.title_quick") in text(app.render()["app"])
    app.handle("hint_close", {})
    assert app.bots.hint_shown() is None and not app.bots.hint_thinking()


def test_the_experts_hint_in_a_solo_game_with_prelude_and_colonies_on_hellas() -> None:
    """(The e2e solo game by the hint asks the hard ranking only: its cost in CI.)"""
    app = _late(players=1, seed=7, expansions=("corpera", "prelude", "colonies"),
                board="hellas")
    game = app.shown.game
    assert game is not None and game.state.options.board == "hellas"
    app.handle("hint", {})
    assert app.bots.hint_thinking()
    assert app.bots.hint_step() is True
    shown = app.bots.hint_shown()
    assert shown is not None and shown.expert and shown.record is not None
    assert shown.index is not None
    app.handle("hint_apply", {})
    assert app.shown.notice is None and app.bots.state.fallbacks == 0


def test_the_hint_is_thought_before_it_is_asked_and_shown_at_once_when_asked() -> None:
    """Issue 45: the expert's hint may take seconds in the page; once the person has asked
    for one in this game, the next is thought off the click path (the page's slices while
    the person looks), shown only once asked for."""
    app = _late()
    game = app.shown.game
    assert game is not None
    assert not app.bots.hint_prepare()  # never asked in this game: nothing thought
    app.handle("hint", {})
    while app.bots.hint_step(8) is False:
        pass
    app.handle("hint_close", {})
    app.bots.state.hint = None  # (as when the decision moved on)
    assert app.bots.hint_prepare() and app.bots.hint_thinking()
    assert app.bots.hint_shown() is None and "hint-box" not in app.render()["app"]
    while app.bots.hint_step(8) is False:
        assert app.bots.hint_shown() is None
    assert not app.bots.hint_thinking() and not app.bots.hint_prepare()  # (thought once)
    app.handle("hint", {})
    shown = app.bots.hint_shown()
    assert shown is not None and shown.expert and shown.record is not None
    assert shown.record == Adviser(HINT_SEED).advise(game.view(0))
    page = app.render()["app"]
    assert "hint-thinking" not in page and 'data-action="hint_apply"' in page
    app.handle("hint_close", {})
    assert app.bots.hint_shown() is None and "hint-box" not in app.render()["app"]
    app.handle("hint", {})  # asked again: at once, not thought again
    assert app.bots.hint_shown() is shown
