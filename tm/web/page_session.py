"""This tab's session: which saved game is open in it and the action under way there, so a
reload lands back in it as it was (sessionStorage: a reload keeps it, a new tab starts
afresh). Read and written by :class:`tm.web.browser.Page`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tm.web.page_dom import missing, window
from tm.web.page_store import OPEN_KEY, STAGE_KEY

if TYPE_CHECKING:
    from tm.web.app import App


class TabSession:
    """The saved game this tab shows and its action under way, as last kept."""

    def __init__(self) -> None:
        self.open_id: str | None = None  # the saved game this tab shows
        self.staged: str | None = None  # the action under way in it, as kept

    def remember(self, app: App) -> None:
        """Note in this tab's session which saved game is open, and the action under way
        in it, so a reload lands back in it as it was (sessionStorage: a reload keeps it, a
        new tab starts afresh)."""
        shown = app.shown
        open_id = shown.save_id if shown.game is not None and shown.replay is None else None
        staged = app.stage_record() if open_id is not None else None
        if (open_id, staged) == (self.open_id, self.staged):
            return
        self.open_id, self.staged = open_id, staged
        try:
            for key, value in ((OPEN_KEY, open_id), (STAGE_KEY, staged)):
                if value is None:
                    window.sessionStorage.removeItem(key)
                else:
                    window.sessionStorage.setItem(key, value)
        except Exception:  # (no session storage: a reload shows the start screen)
            pass

    def to_reopen(self, app: App) -> str | None:
        """The saved game this tab showed before a reload, when it is still saved."""
        try:
            open_id = window.sessionStorage.getItem(OPEN_KEY)
        except Exception:  # (no session storage)
            return None
        if missing(open_id) or app.shown.game is not None:
            return None
        if any(entry.save_id == str(open_id) for entry in app.store.list()):
            return str(open_id)
        window.sessionStorage.removeItem(OPEN_KEY)  # deleted meanwhile (in another tab)
        return None

    def reopening(self, open_id: str) -> dict[str, Any]:
        """What reopens the saved game after a reload: its id, and the action that was
        under way in it (read before the first redraw writes this tab's session anew)."""
        try:
            staged = window.sessionStorage.getItem(STAGE_KEY)
        except Exception:  # (no session storage)
            staged = None
        return {"save": open_id} if missing(staged) else {"save": open_id, "staged": str(staged)}
