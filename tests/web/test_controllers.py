"""Each controller of the page guarded by a fast CPython test (a planted break in any of
them fails one of these): kept drawings, whose turn it is, undo, and one behaviour of
each controller's own state."""
from __future__ import annotations

from tests.web.screens_kit import answer, new_app, started
from tm.web.app import App
from tm.web.i18n import t
from tm.web.log_html import LOG_DEPTH
from tm.web.saves import MemoryStorage, parse_entry


def _kept_equals_fresh(app: App) -> None:
    kept = app.render()["app"]
    app.renderer.forget()
    assert kept == app.render()["app"]


def test_page_only_actions_draw_what_a_fresh_renderer_draws() -> None:
    """Kept regions are keyed by all they show: after each page-only click (the view the
    same object) the kept drawing is the fresh one."""
    app = started({"players": "2"})
    while app.shown.game is not None and app.shown.game.state.generation < 4:
        answer(app, 1)
    for action, data in (("hand_sort", {"by": "name"}), ("hand_tag", {"tag": "building"}),
                         ("read_card", {"card": "Comet"}), ("close_card", {}),
                         ("log_earlier", {}), ("toggle_scores", {}), ("share", {}),
                         ("log_earlier", {}), ("hand_sort", {"by": "cost"})):
        app.render()
        app.handle(action, data)
        _kept_equals_fresh(app)


def test_the_hand_off_names_the_next_player_and_reveals_only_their_decision() -> None:
    app = started({"players": "3"})
    handoffs = 0
    for _ in range(60):
        app.handle("answer_first", {})
        if app.shown.screen != "handoff":
            continue
        handoffs += 1
        decision = app.current()
        assert decision is not None and decision[0] != app.shown.viewer
        name = app.shown.game.state.players[decision[0]].name if app.shown.game else ""
        assert t("handoff.pass_to", name=name) in app.render()["app"]
        app.handle("reveal", {})
        screen = app.screen_model()
        assert app.shown.screen == "game" and screen.viewer == screen.turn == decision[0]
        assert app.shown.game is not None
        mine = app.shown.game.view(decision[0])["you"]["decision"]
        assert screen.decision is not None and screen.decision["choices"] == mine["choices"]
    assert handoffs >= 5


def test_undo_of_another_players_move_asks_once_and_any_other_click_ends_the_run() -> None:
    app = started({"players": "2"})
    for _ in range(80):  # until the other player's move can be taken back
        answer(app, 1)
        game, decision = app.shown.game, app.current()
        if app.shown.screen == "handoff" and game is not None and decision is not None \
                and game.state.phase == "action" and game.moves[-1][0] != decision[0] \
                and len(game.moves) > game.undo_floor():
            break
    app.handle("reveal", {})
    viewer, moves = app.shown.viewer, len(app.shown.game.moves) if app.shown.game else 0
    app.handle("share", {})
    app.handle("undo", {})
    assert app.share.state.undo_ask and app.screen_model().tools.undo_ask is not None
    app.handle("undo_confirm", {})
    assert app.shown.game is not None and len(app.shown.game.moves) < moves
    assert not app.share.state.undo_ask and app.shown.share_link is None \
        and app.shown.viewer == viewer
    assert app.shown.screen == "game"  # (a run of undos: no hand-off until it is done)
    app.handle("hand_sort", {"by": "name"})  # any other click ends the run
    assert not app.share.state.undoing and not app.share.state.undo_confirmed
    assert app.shown.screen == "handoff"


def test_hand_the_tag_chip_shown_turns_the_filter_off() -> None:
    app = started({"players": "1"})
    app.handle("hand_tag", {"tag": "science"})
    assert app.hand.snapshot().tag == "science"
    app.handle("hand_tag", {"tag": "science"})
    assert app.hand.snapshot().tag is None


def test_games_the_menu_shows_a_game_opened_again_with_the_usual_log() -> None:
    app = started({"players": "1"})
    app.handle("log_earlier", {})
    assert app.screen_model().log_depth != LOG_DEPTH
    save_id = app.shown.save_id
    app.handle("menu", {})
    app.handle("continue", {"save": save_id})
    assert app.screen_model().log_depth == LOG_DEPTH


def test_play_cancel_drops_the_action_under_way_and_the_game_never_saw_it() -> None:
    app = started({"players": "1"})
    for _ in range(40):
        decision = app.current()
        if decision is not None and decision[1].kind == "action":
            break
        app.handle("answer_first", {})
    assert app.shown.game is not None
    moves = len(app.shown.game.moves)
    choices = app.current()[1].choices()  # type: ignore[index]
    index = next(i for i, c in enumerate(choices) if c["type"] not in ("pass", "end_turn"))
    app.handle("choose", {"index": index})
    assert app.staged() is not None and app.screen_model().staged
    app.handle("cancel", {})
    assert app.staged() is None and len(app.shown.game.moves) == moves
    assert not app.screen_model().staged


def test_share_the_replay_at_its_end_shows_the_last_generation() -> None:
    app = started({"players": "1"})
    answer(app, 120)
    assert app.shown.game is not None
    app.handle("replay", {})
    at = app.screen_model().replay
    assert at is not None and at.pos == at.total == len(app.shown.game.moves)
    assert at.generation == app.shown.game.state.generation > 1


def test_tabs_another_tabs_newer_moves_are_said_and_offered() -> None:
    storage = MemoryStorage()
    first = started({"players": "1"}, storage)
    second = new_app(storage)
    second.handle("continue", {"save": first.shown.save_id})
    first.handle("answer_first", {})
    first.handle("answer_first", {})
    second.handle("answer_first", {})  # (it did not hear the first tab's two moves)
    assert second.tabs.snapshot().conflict == "newer"
    assert 'data-action="tabs_reload"' in second.render()["alerts"]


def test_linkplay_the_device_whose_seat_moved_sends_the_game_to_the_next() -> None:
    app = started({"players": "2", "by_link": "on", "name_0": "Ada", "name_1": "Bo"})
    assert app.shown.screen == "seat"
    app.handle("choose_seat", {"seat": "0"})
    assert app.shown.screen == "game" and app.shown.viewer == 0
    for _ in range(40):
        if app.current() is None:
            break
        app.handle("answer_first", {})
    shown = app.linkplay.snapshot()
    assert shown.send_to == "Bo" and shown.send_link is not None


def test_bots_wait_while_a_persons_action_is_under_way() -> None:
    app = started({"players": "2", "seat_1": "normal"})
    for _ in range(80):
        decision = app.current()
        if decision is not None and decision[1].kind == "action" and app.bots.bot_turn() is None:
            break
        answer(app, 1)
    choices = app.current()[1].choices()  # type: ignore[index]
    index = next(i for i, c in enumerate(choices) if c["type"] not in ("pass", "end_turn"))
    app.handle("choose", {"index": index})
    assert app.staged() is not None
    assert app.bots.bot_turn() is None and app.bots.run_bots() == 0


def test_renderer_a_language_switch_draws_kept_regions_in_the_new_words() -> None:
    app = started({"players": "2"})
    answer(app, 6)
    english = app.render()["app"]
    assert app.screen_model().language == "en"
    app.use_language("de")
    german = app.render()["app"]
    assert app.screen_model().language == "de" and german != english
    app.renderer.forget()
    assert app.render()["app"] == german


def test_bots_moves_are_saved_and_the_hint_answers_with_its_choice() -> None:
    app = started({"players": "2", "seat_1": "normal"})
    answer(app, 30)
    assert app.shown.game is not None and app.bots.snapshot() is not None
    assert any(player == 1 for player, _ in app.shown.game.moves)  # (the bot played)
    stored = parse_entry(app.store.raw(str(app.shown.save_id)) or "")[1]
    assert len(stored["moves"]) == len(app.shown.game.moves)
    app.handle("hint", {})
    shown = app.bots.hint_shown()
    assert shown is not None and shown.index is not None
    moves = len(app.shown.game.moves) + (len(app.staged().steps) if app.staged() else 0)
    app.handle("hint_apply", {})
    after = len(app.shown.game.moves) + (len(app.staged().steps) if app.staged() else 0)
    assert after == moves + 1 and app.bots.hint_shown() is None
