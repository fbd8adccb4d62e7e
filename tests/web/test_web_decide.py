"""The decision flow in the App, in CPython: actions staged in the page until complete
(Cancel takes nothing back from the game), the commit when an answer reveals cards, the
status strip, conversions first in the action menu, and taking back another player's
move in a hot-seat game (a question first, one hand-off after a run of undos); every
action, a one-click one too, waits for its Confirm unless it ends on a payment, and a
finished game offers no Undo."""
from __future__ import annotations

import re

from tests.web.webkit import app_for, page, text
from tests.web.webkit import choose as click
from tm.testing import give_cards, make_game, set_resources, stack_deck
from tm.web.app import App
from tm.web.saves import MemoryStorage


def kind(app: App) -> str:
    decision = app.current()
    assert decision is not None
    return decision[1].kind


def saved_moves(app: App) -> int | None:
    """How many moves the stored game has (None: nothing stored yet)."""
    from tm.web.saves import parse_entry
    raw = app.store.raw("test")
    return None if raw is None else len(parse_entry(raw)[1]["moves"])


# ---------------------------------------------------------------- staging
def test_a_payment_is_staged_until_confirmed_and_cancel_takes_nothing_back() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # building, 13 MC: steel may pay
    set_resources(game, p1, megacredits=20, steel=3)
    app = app_for(game)
    before, digest = len(game.moves), game.digest()

    click(app, "play_card", card="Deep Well Heating")
    assert kind(app) == "pay" and app.play.state.stage is not None
    click(app, "use", resource="steel", amount=2)  # one less than it starts with
    shown = page(app)
    assert 'data-action="cancel"' in shown and "Not played yet" not in shown  # own footer
    assert app.shown.game is game and len(game.moves) == before and game.digest() == digest
    assert saved_moves(app) is None  # nothing staged is saved
    assert 'data-action="undo"' in shown  # Undo steps back within the action (Stage.back)

    app.handle("cancel", {})
    assert app.play.state.stage is None and kind(app) == "action"
    assert len(app.shown.game.moves) == before and app.shown.game.digest() == digest

    click(app, "play_card", card="Deep Well Heating")  # starts with 3 steel (steel first)
    click(app, "confirm")
    assert app.play.state.stage is None and kind(app) == "action"
    assert len(app.shown.game.moves) == before + 3  # play, use 3 steel, confirm: all at once
    assert saved_moves(app) == before + 3
    me = app.shown.game.state.players[p1]
    assert (me.res["steel"], me.res["megacredits"]) == (0, 20 - (13 - 3 * 2))


def test_sell_patents_can_be_cancelled_though_it_asks_for_a_card() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Birds", "Fish"])
    app = app_for(game)
    before = len(game.moves)
    click(app, "standard_project", project="sell_patents")
    assert kind(app) == "cards"
    shown = page(app)
    assert re.search(r'<button type="button" class="cancel" data-action="cancel"', shown)
    click(app, "pick", card="Birds")
    app.handle("cancel", {})
    assert kind(app) == "action" and len(app.shown.game.moves) == before
    assert {"Birds", "Fish"} <= set(app.shown.game.state.players[p1].hand)


def test_an_answer_that_reveals_cards_is_committed_at_once() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Invention Contest"])  # look at the top three, keep one
    stack_deck(game, ["Birds", "Fish", "Trees"])
    set_resources(game, p1, megacredits=20)
    app = app_for(game)
    before = len(game.moves)
    click(app, "play_card", held=True, card="Invention Contest")
    # Held for its Confirm before the cards are seen: the copy shows the game as it was.
    assert app.play.state.stage is not None and app.play.state.stage.held \
        and not app.play.state.stage.preview
    assert "Birds" not in page(app) and len(app.shown.game.moves) == before
    app.handle("confirm_action", {})
    # The three cards were seen: the game has the moves, and cancel is gone.
    assert app.play.state.stage is None and len(app.shown.game.moves) > before
    assert app.shown.game.revealed_at == len(app.shown.game.moves)
    assert 'data-action="cancel"' not in page(app)


def test_a_space_decision_of_a_staged_action_shows_cancel_and_the_board_click_stays_staged(
) -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=30)
    app = app_for(game)
    before = len(game.moves)
    click(app, "standard_project", project="aquifer")
    while kind(app) == "pay":
        click(app, "confirm")
    assert kind(app) == "space" and app.play.state.stage is not None
    assert "Not played yet: Cancel takes the whole action back." in text(page(app))
    decision = app.current()
    assert decision is not None
    app.handle("place", {"space": decision[1].data["spaces"][0]})
    assert app.play.state.stage is not None and app.play.state.stage.held \
        and len(app.shown.game.moves) == before
    app.handle("confirm_action", {})
    assert app.play.state.stage is None \
        and len(app.shown.game.moves) > before  # the action is complete


def test_a_stage_is_void_once_the_game_is_replaced() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Birds"])
    app = app_for(game)
    click(app, "standard_project", project="sell_patents")
    assert app.staged() is not None
    app.shown.game = game.copy()  # another tab's newer game, a load, ...
    assert app.staged() is None and kind(app) == "action"


def test_an_action_starts_on_the_copy_made_ahead_and_cancel_still_takes_nothing_back() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])
    set_resources(game, p1, megacredits=20, steel=3)
    app = app_for(game)
    digest = game.digest()
    app.prepare_stage()  # (the page does this after the frame)
    spare = app.play.state.spare._made
    assert spare is not None and spare[0] is game and spare[3] is not game
    click(app, "play_card", card="Deep Well Heating")
    assert app.play.state.stage is not None \
        and app.play.state.stage.game is spare[3]  # no copy in the click
    assert app.play.state.spare._made is None and game.digest() == digest
    app.handle("cancel", {})
    assert app.shown.game is game and game.digest() == digest
    app.prepare_stage()
    click(app, "play_card", card="Deep Well Heating")  # starts with the 3 steel
    click(app, "confirm")
    assert app.shown.game.state.players[p1].res["steel"] == 0


def test_a_copy_made_ahead_of_a_game_that_moved_on_is_not_used() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=30, heat=8)
    app = app_for(game)
    app.prepare_stage()
    made = app.play.state.spare._made
    assert made is not None
    prompt = game.prompt_for(p1)
    assert prompt is not None
    game.respond(p1, next(c for c in prompt.choices() if c["type"] == "convert_heat"))
    assert app.play.state.spare.take(game) is None  # (the game has a move the copy has not)
    app.prepare_stage()
    app.play.state.spare.make(game)  # (kept: already a copy of the game as it is now)
    again = app.play.state.spare._made
    assert again is not None and again[3] is not made[3]
    assert app.play.state.spare.take(game.copy()) is None  # a copy of another game object: not used


def test_R_SOLO_3_the_last_pass_of_a_solo_game_waits_for_confirm_cancel_keeps_it_going(
        ) -> None:
    """R-SOLO-3: the last Pass of generation 14 ends a solo game, and the end screen has
    no Undo: the Pass waits for Confirm, held on the game itself (no copy of a late game
    made for it, nothing of the end shown); Cancel keeps the game going; after Confirm the
    game is over and saved as over (charted, linked)."""
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.handle("new_game", {"players": "1", "seed": "11"})
    for _ in range(3000):
        game = app.shown.game
        assert game is not None and not game.is_over
        prompt = game.prompt_for(0)
        if game.state.generation == 14 and prompt is not None and prompt.kind == "action" \
                and any(c["type"] == "pass" for c in prompt.choices()):
            break
        app.handle("answer_first", {})
    else:
        raise AssertionError("never reached the last generation's actions")
    before = len(app.shown.game.moves)
    click(app, "pass", held=True)
    stage = app.staged()
    assert stage is not None and stage.held and stage.game is app.shown.game
    shown = page(app)
    assert 'data-action="confirm_action"' in shown and 'class="end' not in shown
    assert len(app.shown.game.moves) == before and not app.shown.game.is_over
    app.handle("cancel", {})
    assert app.staged() is None and not app.shown.game.is_over
    assert len(app.shown.game.moves) == before and app.current() is not None
    click(app, "pass", held=True)
    app.handle("confirm_action", {})
    assert app.shown.game.is_over and app.staged() is None and app.shown.save_id is not None
    from tm.web.saves import parse_entry
    app.flush_save()
    raw = app.store.raw(app.shown.save_id)
    assert raw is not None
    assert len(parse_entry(raw)[1]["moves"]) == len(app.shown.game.moves) == before + 1
    assert 'data-action="confirm_action"' not in page(app)


def test_the_test_hook_still_answers_one_move_per_call() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=30)
    app = app_for(game)
    before = len(game.moves)
    app.handle("answer_first", {})
    assert len(app.shown.game.moves) == before + 1 and app.play.state.stage is None


# ---------------------------------------------------------------- the action menu
def test_conversions_come_first_in_the_action_menu() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Birds"])
    set_resources(game, p1, heat=8, plants=8, megacredits=40)
    shown = page(app_for(game))
    start = shown.index('<section class="prompt"')
    menu = shown[start:]
    groups = re.findall(r'class="group group-([a-z_]+)"', menu)
    assert groups[0] == "conversions", groups
    assert groups.index("conversions") < groups.index("projects")
    assert "turn" not in groups  # End turn and Pass: in the decision bar, after the groups
    assert menu.index("group-projects") < menu.index('class="prompt-footer turn-bar"')
    first = text(menu[menu.index("group-conversions"):menu.index("group-projects")])
    assert "Heat" in first or "heat" in first


# ---------------------------------------------------------------- the status strip
def test_the_status_strip_shows_the_viewers_position() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=23, steel=2, titanium=1, plants=4, energy=3, heat=5)
    app = app_for(game)
    shown = page(app)
    strip = shown[shown.index('<section class="status-strip"'):]
    strip = strip[:strip.index("</section>")]
    name = game.state.players[p1].name
    assert f'aria-label="Status of {name}"' in strip
    words = text(strip)
    for said in ("MC: 23, production", "Steel: 2, production", "Titanium: 1, production",
                 "Plants: 4, production", "Energy: 3, production", "Heat: 5, production",
                 f"Terraform rating {game.state.players[p1].tr}", "victory points now",
                 f"Generation {game.state.generation}", "Your turn · 2 actions left"):
        assert said in words, said
    assert shown.index("status-strip") < shown.index('class="topbar"')


def test_the_solo_strip_counts_generations_to_the_end() -> None:
    game, _ = make_game(players=1, seed=0)
    words = text(page(app_for(game)))
    assert "Generation 1 of 14" in words


# ---------------------------------------------------------------- hot-seat undo
def two_actions_of_the_first_player() -> tuple[App, int, int]:
    """A 2-player game where the first player took two actions (no card seen) and the
    second is now to act, shown to the second player."""
    game, (p1, p2) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=40)
    app = app_for(game)
    for _ in range(2):
        click(app, "standard_project", project="power_plant")
        while app.play.state.stage is not None:
            click(app, "confirm")
    assert app.current() is not None and app.current()[0] == p2  # type: ignore[index]
    app.handle("reveal", {})
    assert app.shown.viewer == p2 and app.shown.screen == "game"
    return app, p1, p2


def test_taking_back_another_players_move_asks_first() -> None:
    app, p1, p2 = two_actions_of_the_first_player()
    assert app.shown.game is not None
    moves = len(app.shown.game.moves)
    app.handle("undo", {})
    assert len(app.shown.game.moves) == moves  # asked, nothing taken back yet
    name = app.shown.game.state.players[p1].name
    shown = page(app)
    assert f"Take back {name}&#x27;s move?" in shown and 'role="alertdialog"' in shown
    app.handle("undo_keep", {})
    assert len(app.shown.game.moves) == moves and "alertdialog" not in page(app)
    app.handle("undo", {})
    app.handle("undo_confirm", {})
    assert len(app.shown.game.moves) == moves - 1


def test_a_run_of_undos_hands_off_once() -> None:
    app, p1, p2 = two_actions_of_the_first_player()
    assert app.shown.game is not None
    moves = len(app.shown.game.moves)
    app.handle("undo", {})
    app.handle("undo_confirm", {})
    # The decision is the first player's again, but the second keeps the screen.
    assert app.shown.screen == "game" and app.shown.viewer == p2
    assert 'data-action="undo_done"' in page(app)
    app.handle("undo", {})  # no second question within the run
    assert app.shown.screen == "game" and 'role="alertdialog"' not in page(app)
    assert len(app.shown.game.moves) < moves - 1
    app.handle("undo_done", {})
    assert app.shown.screen == "handoff"
    app.handle("reveal", {})
    assert app.shown.viewer == p1 and app.shown.screen == "game"


def test_undoing_ones_own_move_asks_nothing() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=40)
    app = app_for(game)
    click(app, "standard_project", project="power_plant")
    while app.play.state.stage is not None:
        click(app, "confirm")
    assert app.shown.game is not None
    moves = len(app.shown.game.moves)
    app.handle("undo", {})
    assert len(app.shown.game.moves) == moves - 1 and app.shown.screen == "game"


def test_redo_waits_while_an_action_is_under_way() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=40)
    give_cards(game, p1, ["Birds"])
    app = app_for(game)
    click(app, "standard_project", project="power_plant")
    while app.play.state.stage is not None:
        click(app, "confirm")
    app.handle("undo", {})
    assert 'data-action="redo"' in page(app)
    click(app, "standard_project", project="sell_patents")
    assert 'data-action="redo"' not in page(app)
    assert 'data-action="undo"' in page(app)  # (within the action under way)
    app.handle("cancel", {})
    assert 'data-action="redo"' in page(app) and app.shown.redo_moves


def test_the_undo_question_takes_the_focus_and_a_run_offers_one_more() -> None:
    app, p1, p2 = two_actions_of_the_first_player()
    app.handle("undo", {})
    assert re.search(r'<button type="button" class="primary" data-action="undo_confirm" '
                     r'data-autofocus="1">', page(app))
    app.handle("undo_confirm", {})
    bar = page(app)[page(app).index('class="undo-bar"'):]
    assert "Undo one more" in bar[:bar.index("</section>")]


def test_links_and_exports_carry_only_committed_moves() -> None:
    from tm.linkplay.links import decode
    from tm.web.saves import parse_entry
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Birds"])
    app = app_for(game)
    committed = len(game.moves)
    click(app, "standard_project", project="sell_patents")
    click(app, "pick", card="Birds")
    assert app.play.state.stage is not None and app.play.state.stage.answers == 2
    app.handle("share", {})
    assert app.shown.share_link is not None \
        and app.play.state.stage is not None  # sharing keeps the stage
    assert len(decode(app.shown.share_link.split("#", 1)[1]).moves) == committed
    exported = app.games.export_text()
    assert exported is not None and len(parse_entry(exported)[1]["moves"]) == committed


def test_a_run_that_began_with_ones_own_move_still_asks_before_anothers() -> None:
    game, (p1, p2) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=40)
    set_resources(game, p2, megacredits=40)
    app = app_for(game)
    for _ in range(3):  # p1's two actions, then p2's first
        app.handle("reveal", {})
        click(app, "standard_project", project="power_plant")
        while app.play.state.stage is not None:
            click(app, "confirm")
    assert app.shown.viewer == p2 and app.shown.game is not None \
        and app.shown.game.moves[-1][0] == p2
    app.handle("undo", {})  # p2's own move: no question
    assert not app.share.state.undo_ask and app.shown.game.moves[-1][0] == p1
    app.handle("undo", {})  # then p1's: asked
    assert app.share.state.undo_ask and 'role="alertdialog"' in page(app)


# ---------------------------------------------------------------- confirm every action
def test_a_one_click_action_waits_for_confirm_and_cancel_takes_nothing_back() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=30)
    app = app_for(game)
    before, digest = len(game.moves), game.digest()
    click(app, "standard_project", held=True, project="power_plant")
    shown = page(app)
    assert 'data-kind="confirm"' in shown and 'data-action="confirm_action"' in shown
    assert "Confirm: Power plant (11 MC)" in text(shown)
    assert app.shown.game is game and len(game.moves) == before and game.digest() == digest
    app.handle("cancel", {})
    assert app.play.state.stage is None and len(app.shown.game.moves) == before \
        and game.digest() == digest
    click(app, "standard_project", held=True, project="power_plant")
    app.handle("choose", {"index": 0})  # no listed choice while held: nothing happens
    assert app.play.state.stage is not None and app.play.state.stage.held
    app.handle("confirm_action", {})
    assert app.play.state.stage is None and len(app.shown.game.moves) == before + 1
    assert app.shown.game.state.players[p1].prod["energy"] == 1


def test_an_action_ending_on_a_payment_needs_no_second_confirm() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # building: steel may pay
    set_resources(game, p1, megacredits=20, steel=3)
    app = app_for(game)
    before = len(game.moves)
    click(app, "play_card", card="Deep Well Heating")
    click(app, "confirm", held=True)  # the card, its start (3 steel), the payment
    assert app.play.state.stage is None and len(app.shown.game.moves) == before + 3


def test_a_finished_game_offers_no_undo() -> None:
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.handle("new_game", {"players": "1", "seed": "11", "corporate_era": "on"})
    assert app.shown.game is not None
    while not app.shown.game.is_over:
        app.handle("answer_first", {})
    assert not app.share.can_undo()
    shown = page(app)
    assert 'data-action="undo"' not in shown and ">Undo<" not in shown
    app.handle("undo", {})
    assert app.shown.game.is_over
