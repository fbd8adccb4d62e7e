"""Helpers of the page tests that drive the App as a player's clicks would."""
from __future__ import annotations

from typing import Any

from tm.web.app import App


def choose(app: App, kind: str, held: bool = False, **fields: Any) -> None:
    """Click the control of the listed choice of that type with those values; an action it
    completes is then confirmed (the held action's Confirm clicked) unless ``held``."""
    decision = app.current()
    assert decision is not None
    for i, c in enumerate(decision[1].choices()):
        if c["type"] == kind and all(c.get(k) == v for k, v in fields.items()):
            app.handle("choose", {"index": i})
            assert app.notice is None, app.notice
            stage = app.staged()
            if stage is not None and stage.held and not held:
                app.handle("confirm_action", {})
            return
    raise AssertionError(f"no {kind} {fields} in {decision[1].choices()}")
