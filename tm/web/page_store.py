"""This browser's storage behind the App's Storage protocol (localStorage)."""
from __future__ import annotations

from tm.web.page_dom import missing, window
from tm.web.saves import StorageFull

# localStorage: the start screen and the saved game's screen as last drawn, which
# static/boot.mjs shows at the next visit before Python is up (body[data-keep] says which).
OPEN_KEY = "tm:open"  # sessionStorage: the saved game this tab shows
STAGE_KEY = "tm:staged"  # sessionStorage: the action under way in it (App.stage_record)
# localStorage: the start screen and the saved game's screen as last drawn, which
# static/boot.mjs shows at the next visit before Python is up (body[data-keep] says which).
KEPT_SCREENS = ("tm:last-screen", "tm:last-game")


class LocalStorage:
    """localStorage behind the Storage protocol; a full store raises StorageFull."""

    def get(self, key: str) -> str | None:
        value = window.localStorage.getItem(key)
        return None if missing(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            window.localStorage.setItem(key, value)
            return
        except Exception as error:  # QuotaExceededError arrives as a JsException
            full = error
        # The copies of the last screens (static/boot.mjs) never cost a saved game its place.
        if any(not missing(window.localStorage.getItem(k)) for k in KEPT_SCREENS):
            for kept in KEPT_SCREENS:
                window.localStorage.removeItem(kept)
            try:
                window.localStorage.setItem(key, value)
                return
            except Exception as error:  # (still full)
                full = error
        raise StorageFull(str(full)) from full

    def remove(self, key: str) -> None:
        window.localStorage.removeItem(key)

    def names(self) -> list[str]:
        return [str(window.localStorage.key(i)) for i in range(window.localStorage.length)]
