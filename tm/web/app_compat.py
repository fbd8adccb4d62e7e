"""The App's older names: each a view on the controller record that now holds it, for the
tests and scripts that drive the App (``app.game``, ``app.viewer``, ``app.bot_turn()``…).
Nothing is stored here: every name reads and writes its owner's state."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tm.web.app_base import bot_levels


class _Via:
    """An attribute of the App that is a field of one of its records (``path``: the
    dotted way from the App to it, e.g. ``"shown.game"``)."""

    def __init__(self, path: str) -> None:
        *self.owner, self.field = path.split(".")

    def _record(self, app: Any) -> Any:
        for step in self.owner:
            app = getattr(app, step)
        return app

    def __get__(self, app: Any, kind: type | None = None) -> Any:
        return self if app is None else getattr(self._record(app), self.field)

    def __set__(self, app: Any, value: Any) -> None:
        setattr(self._record(app), self.field, value)


def _calls(path: str) -> Any:
    """A method of the App that is a controller's (``path``: ``"bots.run_bots"``)."""
    owner, name = path.split(".")

    def forward(app: Any, *args: Any, **kwargs: Any) -> Any:
        method: Callable[..., Any] = getattr(getattr(app, owner), name)
        return method(*args, **kwargs)

    forward.__name__ = name
    forward.__doc__ = f"See ``App.{path}``."
    return forward


class AppFields:
    """The App's older attribute and method names (see the module)."""

    # the game shown (tm.web.app_base.Shown)
    game: Any = _Via("shown.game")
    screen: Any = _Via("shown.screen")
    save_id: Any = _Via("shown.save_id")
    meta: Any = _Via("shown.meta")
    viewer: Any = _Via("shown.viewer")
    from_link: Any = _Via("shown.from_link")
    redo_moves: Any = _Via("shown.redo_moves")
    share_link: Any = _Via("shown.share_link")
    replay: Any = _Via("shown.replay")
    notice: Any = _Via("shown.notice")
    notice_rule: Any = _Via("shown.notice_rule")
    info: Any = _Via("shown.info")
    # each controller's own state
    stage: Any = _Via("play.state.stage")
    spare: Any = _Via("play.state.spare")
    views: Any = _Via("play.state.views")
    log_depth: Any = _Via("play.state.log_depth")
    form: Any = _Via("games.state.form")
    saving: Any = _Via("tabs.state.saving")
    leaving: Any = _Via("tabs.state.leaving")
    fault: Any = _Via("tabs.state.fault")
    busy: Any = _Via("tabs.state.busy")
    defer_saves: Any = _Via("tabs.state.defer_saves")
    save_due: Any = _Via("tabs.state.save_due")
    show_scores: Any = _Via("share.state.show_scores")
    undo_ask: Any = _Via("share.state.undo_ask")
    link_copied: Any = _Via("share.state.link_copied")
    older: Any = _Via("linkplay.state.older")
    copied_link: Any = _Via("linkplay.state.copied_link")
    can_share: Any = _Via("linkplay.state.can_share")
    bot_state: Any = _Via("bots.state")
    hand_sort: Any = _Via("hand.state.sort")
    hand_tag: Any = _Via("hand.state.tag")
    reading: Any = _Via("hand.state.reading")
    # the controllers' steps
    save_state = _calls("tabs.save_state")
    heard = _calls("tabs.heard")
    recover = _calls("tabs.recover")
    abandon = _calls("tabs.abandon")
    export_text = _calls("games.export_text")
    can_undo = _calls("share.can_undo")
    undo_whose = _calls("share.undo_whose")
    _last_person_move = _calls("share.last_person_move")
    run_bots = _calls("bots.run_bots")
    bot_step = _calls("bots.bot_step")
    bot_turn = _calls("bots.bot_turn")
    bot_delay = _calls("bots.bot_delay")
    has_bots = _calls("bots.has_bots")
    can_hint = _calls("bots.can_hint")
    hint_shown = _calls("bots.hint_shown")
    is_challenge = _calls("bots.is_challenge")
    linkplay_shown = _calls("linkplay.snapshot")

    def bot_levels(self, game: Any = None) -> tuple[str, ...]:
        """Each seat's bot level ("" for a person) of ``game`` (the game shown)."""
        return bot_levels(game or self.game)
