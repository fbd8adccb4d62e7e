"""An action under way survives a reload of the page, in CPython through the page's
actions: the tab keeps it (App.stage_record) and reopening the saved game with it stages
it again, said in words; when the game moved on meanwhile, the page says it was lost."""
from __future__ import annotations

from tests.web.webkit import choose as click
from tests.web.webkit import page, solo_app, text
from tm.web.app import App


def building_payment(app: App) -> str:
    """Play the first building card the hand can pay with steel: its name."""
    from tests.web.webkit import hoard_until_action
    hoard_until_action(app)
    decision = app.current()
    assert decision is not None
    for choice in decision[1].choices():
        if choice["type"] != "play_card":
            continue
        click(app, "play_card", held=True, card=choice["card"])
        now = app.current()
        if now is not None and now[1].kind == "pay":
            return str(choice["card"])
        app.handle("cancel", {})
    raise AssertionError("no card asks for a payment")


def reloaded(app: App, record: str | None) -> App:
    """The same storage opened by a new page, as after a reload of the tab."""
    again = App(app.store.storage, clock=lambda: 1_000_000.0)
    again.handle("continue", {"save": app.shown.save_id, "staged": record})
    return again


def test_a_reload_mid_payment_brings_the_payment_back_as_it_was() -> None:
    app = solo_app(seed=1)
    card = building_payment(app)
    decision = app.current()
    assert decision is not None
    use = dict(decision[1].data["use"])
    record = app.stage_record()
    assert record is not None
    again = reloaded(app, record)
    decision = again.current()
    assert decision is not None and decision[1].kind == "pay"
    assert dict(decision[1].data["use"]) == use and again.staged() is not None
    assert len(again.shown.game.moves) == len(app.shown.game.moves)  # still not in the game
    words = text(page(again))
    assert "is back as you left it" in words and card in words


def test_a_reload_after_the_game_moved_on_says_the_action_was_lost() -> None:
    app = solo_app(seed=1)
    building_payment(app)
    record = app.stage_record()
    assert record is not None
    app.handle("cancel", {})
    app.handle("answer_first", {})  # another tab moves the game on meanwhile
    app.handle("confirm_action", {})
    again = reloaded(app, record)
    assert again.staged() is None
    assert "could not be kept" in text(page(again))


def test_nothing_is_kept_when_no_action_is_under_way() -> None:
    app = solo_app(seed=1)
    assert app.stage_record() is None
