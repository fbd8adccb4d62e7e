"""Helpers of the page tests that drive the App as a player's clicks would."""
from __future__ import annotations

import html
import random
import re
from typing import Any

from tm.game import Game
from tm.web.app import App
from tm.web.saves import MemoryStorage, SaveMeta

COLOURS = ["red", "green", "blue", "yellow", "black"]


def app_for(game: Game, viewer: int | None = None, save_id: str | None = "test") -> App:
    """An App showing ``game`` to the player deciding first (or ``viewer``), as saved
    under ``save_id`` (None: not saved yet)."""
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.shown.game = game
    count = len(game.state.players)
    app.shown.meta = SaveMeta(names=[pl.name for pl in game.state.players], colours=COLOURS[:count])
    app.shown.save_id = save_id
    app.shown.viewer = game.pending[0][0] if viewer is None else viewer
    app.shown.screen = "game"
    return app


def page(app: App) -> str:
    """The game area's HTML as the App draws it now."""
    return app.render()["app"]


def text(fragment: str) -> str:
    """The words of an HTML fragment: tags dropped, entities decoded, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def choose(app: App, kind: str, held: bool = False, **fields: Any) -> None:
    """Click the control of the listed choice of that type with those values; an action it
    completes is then confirmed (the held action's Confirm clicked) unless ``held``."""
    decision = app.current()
    assert decision is not None
    for i, c in enumerate(decision[1].choices()):
        if c["type"] == kind and all(c.get(k) == v for k, v in fields.items()):
            app.handle("choose", {"index": i})
            assert app.shown.notice is None, app.shown.notice
            stage = app.staged()
            if stage is not None and stage.held and not held:
                app.handle("confirm_action", {})
            return
    raise AssertionError(f"no {kind} {fields} in {decision[1].choices()}")


def solo_app(seed: int = 3) -> App:
    app = App(MemoryStorage(), clock=lambda: 1_000_000.0)
    app.handle("new_game", {"players": "1", "seed": str(seed), "name_0": "Ada"})
    return app


def hoard_until_action(app: App) -> None:
    """Choose a corporation and buy every card of the setup deal (confirmed, as the page
    holds it for Confirm): at an ordinary action."""
    for _ in range(40):
        decision = app.current()
        assert decision is not None
        player, prompt = decision
        if prompt.kind == "action":
            return
        choices = prompt.choices()
        data = prompt.data
        if prompt.kind == "setup" and not data.get("corporation"):
            wanted = next(c for c in choices if c["type"] == "corporation")
        else:
            wanted = next((c for c in choices if c["type"] == "pick"),
                          next(c for c in choices if c["type"] in ("done", "confirm")))
        app.handle("choose", {"index": choices.index(wanted)})
        confirm_held(app)
    raise AssertionError("never reached an action")


def confirm_held(app: App) -> None:
    """The Confirm of a move the page holds for it (a paid action, a purchase, the setup)
    clicked, when one is held."""
    stage = app.staged()
    if stage is not None and stage.held:
        app.handle("confirm_action", {})


def fragment(url: str | None) -> str:
    """The part of a link after its ``#``, as a device opens it."""
    assert url is not None
    return url.split("#", 1)[1]


def play_own(app: App) -> None:
    """This device's decisions answered by their first choice, until another's."""
    while app.current() is not None:
        app.handle("answer_first", {})


def page_text(app: App) -> str:
    """The game area's HTML with its entities read (for text assertions)."""
    return html.unescape(page(app))


def signing_device(salt: int, storage: MemoryStorage | None = None) -> App:
    """A device of a game by link: its own storage (a fresh one by default), randomness
    and device key (``salt`` picks both)."""
    from tests.kits.keys import TestSigner

    app = App(storage or MemoryStorage(), clock=lambda: 1_796_126_400_000.0,
              base_url="https://tm.example/")
    app.entropy = random.Random(f"device {salt}").randbytes
    app.linkplay.state.signer = TestSigner(salt)
    return app


def sent_link(app: App) -> str:
    """The link of the send panel, copied as the player's click does (its moves then
    count as sent); its fragment."""
    link = app.linkplay.snapshot().send_link
    assert link is not None
    app.linkundo.mark_sent(link)
    return fragment(link)


def undo_link(app: App) -> str:
    """The request's (or answer's) link of the undo panel, copied by the player."""
    shown = app.linkundo.snapshot()
    assert shown is not None and shown.link is not None
    app.linkundo.mark_sent(shown.link)
    return fragment(shown.link)
