"""Every control on every screen is handled: each ``data-action`` in the page's HTML names
an action of some controller's table (or one of the page's own), and an action no table
names raises instead of being dropped."""
from __future__ import annotations

import re

import pytest

from tests.web.screens_kit import every_screen, new_app
from tm.web.app import App, UnknownAction
from tm.web.app_base import PAGE_ACTIONS

ACTION = re.compile(r'data-action="([^"]*)"')
CHANGE = re.compile(r'data-change="([^"]*)"')
# data-change kinds the page's listener reads itself (tm/web/page_boot.py on_change):
# "form" is the App's action of that name, the others are the page's.
CHANGES = frozenset({"form", "language", "import"})


def unhandled(app: App, html: str) -> set[str]:
    """The actions and change kinds in ``html`` that nothing handles."""
    actions = set(ACTION.findall(html)) - app.actions() - PAGE_ACTIONS
    return actions | (set(CHANGE.findall(html)) - CHANGES)


def test_every_action_on_every_screen_has_a_handler() -> None:
    found: dict[str, set[str]] = {}
    shown: set[str] = set()
    kinds: set[str] = set()

    drawn: set[tuple[object, ...]] = set()

    def seen(app: App) -> None:
        decision = app.current()
        stage = app.staged()
        now = app.shown
        key = (now.screen, decision and (decision[1].kind, getattr(decision[1], "purpose", "")),
               stage is not None and stage.held, now.replay is not None, now.share_link,
               app.hand.state.reading, app.share.state.undo_ask, app.tabs.state.busy,
               bool(now.game and now.game.is_over))
        if key in drawn:  # (one drawing of each kind of screen: the suite stays fast)
            return
        drawn.add(key)
        regions = app.render()
        shown.add(app.shown.screen)
        if decision is not None and app.shown.screen == "game":
            kinds.add(decision[1].kind)
        for html in regions.values():
            for action in unhandled(app, html):
                found.setdefault(action, set()).add(app.shown.screen)

    built = list(every_screen(seen))
    assert found == {}
    assert len(built) == 6
    assert {"start", "game", "handoff", "replay", "seat"} <= shown
    assert {"action", "pay", "space", "cards", "setup"} <= kinds, kinds


def test_a_planted_unknown_action_is_found() -> None:
    app = new_app()
    html = app.render()["app"] + '<button data-action="launch_rocket">Go</button>'
    assert unhandled(app, html) == {"launch_rocket"}


def test_an_action_no_table_names_raises() -> None:
    app = new_app()
    with pytest.raises(UnknownAction):
        app.handle("launch_rocket", {})


def test_each_action_is_in_exactly_one_controllers_table() -> None:
    app = new_app()
    names = [name for controller in app.controllers() for name in controller.actions()]
    assert len(names) == len(set(names)) == len(app.actions())
    assert not set(names) & PAGE_ACTIONS
