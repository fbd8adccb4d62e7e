"""The recap of the others' moves since this seat last acted, driven through the App: after
the bots' turns, after a hot-seat hand-off, after a link of a game played by link opens or
its seat is chosen; its lines grouped under each player's name and short in every
language; stepping through it (each action's spaces lit on the board), showing an action on
the board (the dock), skipping it, what was read kept over a reload, and its absence when
nobody else acted."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator

from tests.kits.games import form_fields
from tests.web.webkit import text
from tm.web.app import App
from tm.web.saves import MemoryStorage

CLOCK = 1_796_126_400_000.0


def _app() -> App:
    return App(MemoryStorage(), clock=lambda: CLOCK, base_url="https://tm.example/")


def _panel(app: App) -> str:
    found = re.search(r'<section class="recap".*?</section>', app.render()["app"], re.S)
    return found.group(0) if found else ""


def _lit(app: App) -> set[str]:
    return set(re.findall(r'class="space [^"]*recap-space[^"]*" data-space="([^"]+)"',
                          app.render()["app"]))


def _bot_game(seed: int = 5) -> App:
    app = _app()
    fields = form_fields(2, ["Ada"], seed)
    app.handle("new_game", {**fields, "seat_1": "easy"})
    return app


def _until_recap(app: App, wanted: int = 1, spaces: bool = False, moves: int = 400) -> None:
    """The person answers (the bots play their turns) until a recap of at least ``wanted``
    actions shows (``spaces``: one that lights a space)."""
    for _ in range(moves):
        app.bots.run_bots()
        if app.shown.screen == "handoff":
            app.handle("reveal", {})
        if app.recap.is_open() and app.recap.state.count >= wanted and \
                (not spaces or _lit(app)):
            return
        app.handle("answer_first", {})
    raise AssertionError("no recap shown")


def _bot_records(app: App) -> list[dict[str, object]]:
    game = app.shown.game
    assert game is not None
    since = app.recap.state.since
    return [dict(r) for r in game.state.log[since:] if r.get("player") == 1]


def test_after_the_bots_turn_the_recap_lists_each_bot_action_with_its_payments() -> None:
    app = _bot_game()
    _until_recap(app, wanted=2)
    panel = _panel(app)
    actions = [r for r in _bot_records(app) if r.get("key") == "action"
               and r.get("action") != "end_turn"]
    assert panel.count('class="recap-line') == app.recap.state.count >= len(actions) - 1
    words = text(panel)
    for r in _bot_records(app):
        if r.get("key") == "card_played":
            assert str(r["card"]) in words
        if r.get("key") == "paid":
            assert "pays" in words
    names = re.findall(r'<p class="recap-who">(.*?)</p>', panel, re.S)
    assert names and all(text(name) == "Bot 1 (easy)" for name in names)  # the others' only


def test_after_a_hand_off_the_recap_lists_the_previous_players_actions() -> None:
    app = _app()
    app.handle("new_game", form_fields(2, ["Ann", "Bob"], 7))
    _until_recap(app)
    assert app.shown.screen == "game"
    viewer = app.shown.viewer
    other = "Bob" if viewer == 0 else "Ann"
    words = text(_panel(app))
    assert other in words and "Since your last move" in words


def test_next_and_previous_step_through_the_actions_lighting_each_ones_spaces() -> None:
    app = _bot_game()
    _until_recap(app, spaces=True)
    all_lit = _lit(app)
    count = app.recap.state.count
    app.handle("recap_next", {})
    assert 'aria-current="step"' in _panel(app) and f"Move 1 of {count}" in text(_panel(app))
    seen: set[str] = set()
    for step in range(count):
        assert app.recap.state.step == step
        seen |= _lit(app)
        app.handle("recap_next", {})
    assert seen == all_lit and app.recap.state.step == count - 1  # (Next stops at the last)
    assert re.search(r'<button type="button" class="primary" data-action="recap_next" '
                     r'disabled>', _panel(app))
    for _ in range(count):
        app.handle("recap_prev", {})
    assert app.recap.state.step is None and _lit(app) == all_lit


def test_a_clicked_line_shows_that_action_alone() -> None:
    app = _bot_game()
    _until_recap(app, wanted=2)
    app.handle("recap_step", {"index": 1})
    assert "Move 2 of" in text(_panel(app))
    app.handle("recap_step", {"index": 99})  # (a stale click changes nothing)
    assert app.recap.state.step == 1


def test_skip_closes_the_recap_and_it_does_not_come_back_for_the_same_moves() -> None:
    app = _bot_game()
    _until_recap(app)
    app.handle("recap_close", {})
    assert _panel(app) == "" and not _lit(app)
    app.recap.start(app.shown.viewer)  # (asked again with nothing new: nothing shows)
    assert _panel(app) == ""


def test_the_recap_goes_when_the_seat_makes_its_move() -> None:
    app = _bot_game()
    _until_recap(app)
    game = app.shown.game
    assert game is not None and _panel(app)
    before = len(game.moves)
    while len(game.moves) == before:
        app.handle("answer_first", {})
    assert _panel(app) == "" and not _lit(app)


def test_no_recap_when_nobody_else_acted() -> None:
    app = _app()
    app.handle("new_game", form_fields(2, ["Ann", "Bob"], 7))
    for _ in range(30):  # the setup and the first action of the game: nobody acted before
        if app.shown.screen == "handoff":
            app.handle("reveal", {})
        decision = app.current()
        assert decision is not None
        assert _panel(app) == ""
        if decision[1].kind == "action":
            return
        app.handle("answer_first", {})
    raise AssertionError("never reached the first action")


def test_a_solo_game_never_shows_a_recap() -> None:
    app = _app()
    app.handle("new_game", form_fields(1, ["Ada"], 3))
    for _ in range(60):
        app.handle("answer_first", {})
        assert _panel(app) == ""


def _hand_offs(rounds: int = 40) -> Iterator[tuple[int, str, App, App]]:
    """Ann's and Bob's devices playing by link: after each link opened on the other
    device (its seat chosen on its first), (the sender's seat, the link, Ann, Bob)."""
    ann, bob = _app(), _app()
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on"})
    ann.handle("choose_seat", {"seat": 0})
    devices = {0: ann, 1: bob}
    for _ in range(rounds):
        for seat, device in devices.items():
            while device.current() is not None:
                device.handle("answer_first", {})
            link = device.linkplay.snapshot().send_link
            if device.linkplay.snapshot().send_to is None or link is None:
                continue
            other = devices[1 - seat]
            other.handle("open_link", {"text": link.split("#", 1)[1]})
            if other.shown.screen == "seat":
                other.handle("choose_seat", {"seat": 1 - seat})
            yield seat, link, ann, bob


def test_opening_the_other_devices_link_recaps_its_moves() -> None:
    recaps = 0
    for seat, _, ann, bob in _hand_offs():
        panel = _panel(bob if seat == 0 else ann)
        if panel:
            recaps += 1
            assert ("Ann" if seat == 0 else "Bob") in text(panel)
        if recaps >= 2:
            return
    raise AssertionError(f"only {recaps} recaps after opening links")


def test_the_recap_escapes_names() -> None:
    app = _app()
    app.handle("new_game", form_fields(2, ["<i>Ann</i>", "Bob & co"], 7))
    _until_recap(app)
    panel = _panel(app)
    assert "<i>" not in panel and ("&lt;i&gt;Ann" in panel or "Bob &amp; co" in panel)


def _three_people(seed: int = 7) -> App:
    app = _app()
    app.handle("new_game", form_fields(3, ["Ann", "Bob", "Cy"], seed))
    return app


def _groups(panel: str) -> list[tuple[str, list[str]]]:
    """Each group of the panel: the player's name and the words of their lines."""
    found = re.findall(r'<li class="recap-group"><p class="recap-who">(.*?)</p>(.*?)</ol></li>',
                       panel, re.S)
    return [(text(who), [text(line) for line in re.findall(
        r'<button type="button" class="recap-pick".*?</button>', lines, re.S)])
        for who, lines in found]


def test_one_players_consecutive_actions_are_grouped_under_their_name_said_once() -> None:
    app = _three_people()
    _until_recap(app, wanted=3)
    groups = _groups(_panel(app))
    assert sum(len(lines) for _, lines in groups) == app.recap.state.count
    names = [who for who, _ in groups]
    assert all(a != b for a, b in zip(names, names[1:], strict=False))  # runs, not repeats
    assert any(len(lines) >= 2 for _, lines in groups)
    for who, lines in groups:
        assert who in ("Ann", "Bob", "Cy")
        assert all(who not in line for line in lines)  # the name above, not on each line


def test_the_recap_lines_are_shorter_than_the_logs_and_keep_payments_and_gains() -> None:
    app = _three_people()
    _until_recap(app, wanted=3)
    lines = [line for _, group in _groups(_panel(app)) for line in group]
    assert any("pays" in line for line in lines) and any("production" in line for line in lines)
    game = app.shown.game
    assert game is not None
    logged = [r for r in game.state.log[app.recap.state.since:]
              if r.get("key") not in ("action", "turn")]
    assert sum(map(len, lines)) < sum(len(str(r)) for r in logged)
    assert all("Ann pays" not in line and "Bob pays" not in line for line in lines)


def test_the_recap_reads_in_each_language_without_untranslated_words() -> None:
    app = _three_people()
    _until_recap(app, wanted=3)
    english = _groups(_panel(app))
    for lang in ("de", "ja", "be"):
        app.use_language(lang)
        groups = _groups(_panel(app))
        assert [who for who, _ in groups] == [who for who, _ in english]
        for (_, lines), (_, en_lines) in zip(groups, english, strict=True):
            for line, en_line in zip(lines, en_lines, strict=True):
                assert line != en_line and "recap." not in line and "{" not in line
                assert "pays" not in line and "production" not in line


def test_show_on_the_board_shows_that_action_alone_with_the_dock_and_back_leaves_it() -> None:
    app = _bot_game()
    _until_recap(app, spaces=True)
    panel = _panel(app)
    shows = re.findall(r'data-action="recap_show" data-index="(\d+)"', panel)
    index = int(shows[0])
    assert 'class="recap-dock"' not in panel
    app.handle("recap_show", {"index": index})
    panel = _panel(app)
    assert app.recap.state.step == index and 'class="recap-dock"' in panel
    assert f"Move {index + 1} of" in text(panel.split('class="recap-dock"')[1])
    assert _lit(app) and "data-recap-go" in panel  # (the page scrolls to the lit spaces)
    app.handle("recap_back", {})
    panel = _panel(app)
    assert 'class="recap-dock"' not in panel and app.recap.state.step == index


def test_only_an_action_that_placed_tiles_has_a_show_on_the_board_button() -> None:
    app = _three_people()
    _until_recap(app, wanted=3)
    panel = _panel(app)
    for line in re.findall(r'<li class="recap-line.*?</li>', panel, re.S):
        index = int(re.findall(r'data-index="(\d+)"', line)[0])
        app.handle("recap_step", {"index": index})
        assert ("recap_show" in line) == bool(_lit(app))


def test_choosing_a_seat_on_a_devices_first_link_shows_the_others_moves_so_far() -> None:
    for seat, _, ann, bob in _hand_offs():
        if seat == 0 and _panel(bob):  # Bob's phone opens the game, its first link: a seat
            ann.handle("invite_again", {"seat": 1})  # is taken with its invitation (issue 43)
            link = str(dict(ann.linkplay.snapshot().invites)[1])
            phone = _app()
            phone.handle("open_link", {"text": link.split("#", 1)[1]})
            assert phone.shown.screen == "seat" and _panel(phone) == ""
            phone.handle("choose_seat", {"seat": 1})
            assert _groups(_panel(phone)) == _groups(_panel(bob))
            assert {who for who, _ in _groups(_panel(phone))} == {"Ann"}
            return
    raise AssertionError("Bob never had a recap to compare with")


def _reloaded(app: App) -> App:
    """The same device after a reload: a new App over the same storage, the game reopened."""
    save_id = app.shown.save_id
    again = App(app.store.storage, clock=lambda: CLOCK, base_url="https://tm.example/")
    again.handle("continue", {"save": save_id})
    return again


def test_a_recap_not_closed_before_a_reload_shows_again_after_it() -> None:
    app = _bot_game()
    _until_recap(app, wanted=2)
    before = _groups(_panel(app))
    again = _reloaded(app)
    assert again.recap.is_open() and _groups(_panel(again)) == before


def test_a_skipped_recap_does_not_come_back_after_a_reload() -> None:
    app = _bot_game()
    _until_recap(app, wanted=2)
    app.handle("recap_close", {})
    assert _panel(_reloaded(app)) == ""


def test_what_was_read_is_kept_outside_the_saves_which_keep_their_format() -> None:
    app = _bot_game()
    _until_recap(app, wanted=2)
    save_id = app.shown.save_id
    assert save_id is not None
    stored = app.store.raw(save_id)
    app.handle("recap_close", {})
    assert app.store.raw(save_id) == stored  # (the save is not rewritten)
    assert [e.save_id for e in app.store.list()] == [save_id]
    memory = app.store.storage.get("tm:recap")
    assert memory is not None and save_id in memory


def test_a_damaged_recap_memory_reads_as_nothing_read() -> None:
    app = _bot_game()
    _until_recap(app, wanted=2)
    app.handle("recap_close", {})
    damaged_seat = json.dumps({app.shown.save_id: {"0": "x"}})
    for damaged in ("not json", "[1, 2]", damaged_seat):
        app.store.storage.set("tm:recap", damaged)
        assert _reloaded(app).recap.is_open()
