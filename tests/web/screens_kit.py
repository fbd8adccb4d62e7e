"""Screens the page tests build: a game played by random clicks, a game played on, the
HTML of every screen the App can show (start, new game, hand-off, each decision, held
actions, undo, share, replay, the end, play by link, bots, alerts)."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from tm.core.rng import Rng
from tm.sim import random_response
from tm.web.alerts import Fault
from tm.web.app import App
from tm.web.saves import MemoryStorage

Seen = Callable[[App], None]


def new_app(storage: MemoryStorage | None = None) -> App:
    """An App on an empty store, its clock and randomness fixed."""
    app = App(storage or MemoryStorage(), clock=lambda: 1_700_000_000_000.0)
    app.entropy = lambda n: bytes(range(1, n + 1))
    return app


def started(form: dict[str, str], storage: MemoryStorage | None = None) -> App:
    """An App with a new game from ``form``."""
    app = new_app(storage)
    app.handle("new_game", {"seed": "7", **form})
    return app


def answer(app: App, moves: int) -> None:
    """``moves`` answers that head for the end of each decision (hand-offs revealed)."""
    for _ in range(moves):
        if app.shown.screen == "handoff":
            app.handle("reveal", {})
        app.handle("answer_first", {})
        app.bots.run_bots()


def finish(app: App) -> None:
    """Play the game shown to its end on the engine (fast: no save per move)."""
    game, rng = app.shown.game, Rng.from_seed(3)
    assert game is not None
    while not game.is_over:
        player, prompt = game.pending[0]
        game.respond(player, random_response(prompt, rng))
    app.refresh_screen()


def click_randomly(app: App, rng: random.Random, seen: Seen, clicks: int) -> None:
    """Random clicks on listed choices (and Cancel, Confirm, reveal), ``seen`` after each."""
    for _ in range(clicks):
        if app.shown.game is None or app.shown.game.is_over:
            return
        if app.shown.screen == "handoff":
            seen(app)
            app.handle("reveal", {})
            continue
        stage = app.staged()
        if stage is not None and stage.held:
            seen(app)
            app.handle("cancel" if rng.random() < 0.2 else "confirm_action", {})
            continue
        decision = app.current()
        if decision is None:
            app.bots.run_bots()
            continue
        seen(app)
        app.handle("choose", {"index": rng.randrange(len(decision[1].choices()))})
        app.shown.notice = None


def every_screen(seen: Seen) -> Iterator[str]:
    """Build each screen the App can show and call ``seen`` on it; yields what was built."""
    for build in (_start_screens, _played_games, _tools, _link_play, _bots, _alerts):
        build(seen)
        yield build.__name__


def _start_screens(seen: Seen) -> None:
    app = new_app()
    seen(app)  # the start screen, no games saved
    app.handle("form", {"players": "3", "by_link": "on"})
    seen(app)
    app.handle("new_game", {"players": "2", "seed": "3"})
    app.handle("menu", {})
    seen(app)  # the start screen with a saved game
    app.handle("daily", {})
    seen(app)


def _played_games(seen: Seen) -> None:
    forms = [{"players": "1", "corporate_era": "on", "prelude": "on"},
             {"players": "3", "corporate_era": "on", "prelude": "on", "colonies": "on",
              "draft": "on", "board": "hellas"},
             {"players": "2", "corporate_era": "on", "colonies": "on", "board": "elysium"}]
    for i, form in enumerate(forms):
        app = started(form)
        click_randomly(app, random.Random(i), seen, 500)
        finish(app)
        seen(app)  # the end screen
        app.handle("replay", {})
        seen(app)
        app.handle("replay_step", {"delta": "-5"})
        seen(app)


def _tools(seen: Seen) -> None:
    app = started({"players": "2"})
    answer(app, 12)
    for action, data in (("hand_tag", {"tag": "science"}), ("read_card", {"card": "Comet"}),
                         ("share", {}), ("toggle_scores", {}), ("undo", {}),
                         ("log_earlier", {})):
        app.handle(action, data)
        seen(app)


def _link_play(seen: Seen) -> None:
    storage = MemoryStorage()
    app = started({"players": "2", "by_link": "on"}, storage)
    seen(app)  # choose a seat
    app.handle("choose_seat", {"seat": "0"})
    for _ in range(40):
        if app.current() is None:
            break
        app.handle("answer_first", {})
    seen(app)  # send the game on
    other = new_app()
    other.handle("open_link", {"text": "#" + app.linkplay.send_url().split("#", 1)[1]})
    seen(other)


def _bots(seen: Seen) -> None:
    app = started({"players": "2", "seat_1": "normal"})
    answer(app, 10)
    app.handle("hint", {})
    seen(app)


def _alerts(seen: Seen) -> None:
    app = started({"players": "2"})
    app.tabs.state.fault = Fault("event", "Traceback")
    app.tabs.state.busy = "busy.link"
    app.tabs.state.leaving = True
    seen(app)
