"""Undo by decision, in CPython through the page's actions: one Undo takes back one
decision a player made (a payment whole, a placement whole, never a stepper click), an
action under way steps back through its decisions with Cancel at each, and a move made
goes back whole."""
from __future__ import annotations

from tests.web.webkit import app_for, page
from tests.web.webkit import choose as click
from tm.game import Game
from tm.testing import give_cards, make_game, set_resources, settle
from tm.web.app import App


def kind(app: App) -> str | None:
    decision = app.current()
    return None if decision is None else decision[1].kind


def mohole_paid(steel: int = 5) -> tuple[App, Game, int]:
    """Mohole Area (20 MC, building, a tile on an ocean space) played and paid with steel
    clicked up one at a time: the placement is next."""
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Mohole Area"])
    set_resources(game, p1, megacredits=30, steel=steel)
    settle(game)
    app = app_for(game)
    before = len(game.moves)
    click(app, "play_card", card="Mohole Area")
    click(app, "use", resource="steel", amount=0)
    for n in range(1, steel + 1):
        click(app, "use", resource="steel", amount=n)
    click(app, "confirm")
    return app, game, before


def place_first(app: App, held: bool = True) -> None:
    decision = app.current()
    assert decision is not None and decision[1].kind == "space"
    spot = next(c for c in decision[1].choices() if c["type"] == "space")
    app.handle("place", {"space": spot["space"]})
    if not held:
        app.handle("confirm_action", {})


def test_one_undo_takes_back_a_whole_payment_made_with_stepper_clicks() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # 13 MC, building: no placement
    set_resources(game, p1, megacredits=20, steel=5)
    settle(game)
    app = app_for(game)
    before, digest = len(game.moves), game.digest()
    click(app, "play_card", card="Deep Well Heating")
    click(app, "use", resource="steel", amount=0)
    for n in range(1, 6):
        click(app, "use", resource="steel", amount=n)
    click(app, "confirm")
    assert len(app.shown.game.moves) > before + 2 and app.staged() is None  # in the game
    app.handle("undo", {})
    assert len(app.shown.game.moves) == before and app.shown.game.digest() == digest
    assert kind(app) == "action" and "Deep Well Heating" in game.state.players[p1].hand


def test_undo_within_an_action_steps_back_through_its_decisions() -> None:
    app, game, before = mohole_paid()
    place_first(app)  # held: waits for its Confirm
    stage = app.staged()
    assert stage is not None and stage.held
    app.handle("undo", {})  # the placement
    assert kind(app) == "space" and app.staged() is not None
    app.handle("undo", {})  # the payment: back at it, started afresh
    assert kind(app) == "pay" and 'data-action="cancel"' in page(app)
    app.handle("undo", {})  # the card's play: the action menu, nothing staged
    assert kind(app) == "action" and app.staged() is None
    assert len(game.moves) == before and app.shown.game is game


def test_a_payment_reached_by_undo_has_cancel_and_cancel_takes_nothing_back() -> None:
    app, game, before = mohole_paid()
    app.handle("undo", {})  # from the placement back to the payment
    assert kind(app) == "pay"
    shown = page(app)
    assert 'data-action="cancel"' in shown and 'data-action="confirm"' not in shown
    assert 'class="primary confirm"' in shown and 'disabled' not in shown.split(
        'class="primary confirm"', 1)[1].split(">", 1)[0]  # Confirm can act
    app.handle("cancel", {})
    assert app.staged() is None and kind(app) == "action" and len(game.moves) == before


def test_undo_takes_back_a_confirmed_action_whole_and_redo_puts_it_back() -> None:
    app, game, before = mohole_paid()
    place_first(app, held=False)
    after = len(app.shown.game.moves)
    assert app.staged() is None and after > before
    app.handle("undo", {})
    assert len(app.shown.game.moves) == before and kind(app) == "action"
    app.handle("redo", {})
    assert len(app.shown.game.moves) == after


def test_undo_of_a_placement_with_rows_takes_back_the_row_too() -> None:
    app, _, _ = mohole_paid()
    decision = app.current()
    assert decision is not None
    rows = [c for c in decision[1].choices() if c["type"] == "region"]
    place_first(app)
    app.handle("undo", {})
    decision = app.current()
    assert decision is not None and decision[1].kind == "space"
    assert not decision[1].data.get("row")  # the whole placement back, rows again
    assert [c for c in decision[1].choices() if c["type"] == "region"] == rows


def test_an_old_save_without_marks_undoes_by_decision() -> None:
    """Saves hold moves only: the marks come from replaying them (tests/corpus/v2)."""
    from tests.kits.corpus import recorded
    for entry in recorded("v2"):
        game = Game.from_save(entry["save"])
        assert len(game.whole) == len(game.decided) == len(game.moves)
        if game.is_over or len(game.moves) <= game.undo_floor():
            continue
        start = max(game.action_start(len(game.moves)), game.undo_floor())
        game.undo(len(game.moves) - start)
        assert not game.moves or game.whole[-1]  # back at the start of a whole move
