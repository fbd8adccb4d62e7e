"""The page's own actions: the clipboard, the share sheet, files to download and a
reload (what needs the browser, not the App). Their names are
:data:`tm.web.app_base.PAGE_ACTIONS`; :class:`PageTools` is their table."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tm.web.app import App
from tm.web.app_base import PAGE_ACTIONS, Actions
from tm.web.page_dom import create_once_callable, document, missing, window


class Drawing(Protocol):
    """What the tools use of the page."""

    app: App

    def guard(self, what: str, fn: Callable[..., Any], *args: Any) -> bool: ...
    def draw(self, whole: bool = False) -> None: ...


class PageTools:
    """The page's own actions, each with its method."""

    def __init__(self, page: Drawing) -> None:
        self.page = page

    def actions(self) -> Actions:
        """The table of the page's own actions (:data:`PAGE_ACTIONS`)."""
        app = self.page.app
        table: Actions = {
            "copy_details": lambda data: self._copy_details(),
            "reload": lambda data: window.location.reload(),
            "export": lambda data: self._download(app.store.raw(str(data.get("save"))),
                                                  str(data.get("save"))),
            "export_current": lambda data: self._download(app.games.export_text(),
                                                          app.shown.save_id or "game"),
            "copy_link": lambda data: self._copy(str(data.get("link") or "")),
            # play by link, a daily result: copy the link
            "send_link": lambda data: self._copy_send(str(data.get("link") or "")),
            # the browser's share sheet, where there is one
            "share_native": lambda data: self._share(str(data.get("link") or ""),
                                                     str(data.get("title") or "")),
            # a sealed game's long link, as a file the other device imports
            "save_link": lambda data: self._download(
                str(data.get("link") or ""), "link-for-" + _file_name(str(data.get("name"))),
                "text/plain", "txt"),
        }
        assert frozenset(table) == PAGE_ACTIONS
        return table

    def _copy(self, text: str) -> None:
        def copied() -> None:  # the button says "Copied" once the clipboard has it
            if self.page.app.shown.share_link == text:
                self.page.app.share.state.link_copied = True
                self.page.guard("event", self.page.draw)
                shown = document.querySelector(".share-link")
                if not missing(shown):  # the redrawn field: its text selected again
                    shown.select()

        _to_clipboard(text, copied, ".share-link")

    def _copy_send(self, text: str) -> None:
        """Copy a link to send (the field's text is selected too, to copy by hand): its
        moves count as sent from this click on (Undo then asks the others)."""
        self.page.app.linkundo.mark_sent(text)
        def copied() -> None:
            self.page.app.linkplay.state.copied_link = text
            self.page.guard("event", self.page.draw)

        _to_clipboard(text, copied, ".send-link")

    def _share(self, link: str, title: str) -> None:
        """The share sheet with the link (a cancelled share is no error)."""
        self.page.app.linkundo.mark_sent(link)
        try:
            shared = window.navigator.share(
                window.Object.fromEntries([["title", title], ["url", link]]))
            shared.catch(lambda _error: None)
        except Exception:  # (no share sheet after all: copy instead)
            self._copy_send(link)

    def _copy_details(self) -> None:
        """Copy the details of the error shown; where the clipboard refuses, open them and
        select their text for the player to copy."""
        fault = self.page.app.tabs.state.fault
        if fault is None:
            return

        def copied(*_: Any) -> None:
            if self.page.app.tabs.state.fault is fault:
                fault.copied = True
                self.page.guard("event", self.page.draw)

        def refused(*_: Any) -> None:
            shown = document.querySelector(".fault details")
            text = document.querySelector(".fault-details")
            if missing(shown) or missing(text):
                return
            shown.open = True
            selection = window.getSelection()
            chosen = document.createRange()
            chosen.selectNodeContents(text)
            selection.removeAllRanges()
            selection.addRange(chosen)

        clipboard: Any = getattr(window.navigator, "clipboard", None)
        try:
            if missing(clipboard):
                raise RuntimeError("no clipboard")
            clipboard.writeText(fault.details).then(create_once_callable(copied),
                                                    create_once_callable(refused))
        except Exception:  # (no clipboard here: the text is selected instead)
            refused()

    def _download(self, text: str | None, name: str, kind: str = "application/json",
                  ending: str = "json") -> None:
        if text is None:
            return
        blob = window.Blob.new([text], window.Object.fromEntries([["type", kind]]))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"terraforming-mars-{name}.{ending}"
        link.click()
        window.URL.revokeObjectURL(url)


def _to_clipboard(text: str, copied: Callable[[], None], field: str) -> None:
    """Put ``text`` on the clipboard (``copied`` runs once it is there) and select it in
    its ``field``, to copy by hand where the clipboard refuses."""
    clipboard: Any = getattr(window.navigator, "clipboard", None)
    if not missing(clipboard):
        try:  # a refusal (no permission, page not focused) must not be an error
            clipboard.writeText(text).then(create_once_callable(lambda *_: copied())).catch(
                lambda _error: None)
        except Exception:  # (the link stays selectable in its field)
            pass
    shown = document.querySelector(field)
    if not missing(shown):
        shown.select()


def _file_name(name: str) -> str:
    """A player's name as part of a file name (letters and digits only)."""
    kept = "".join(c if c.isalnum() else "-" for c in name).strip("-")
    return kept[:40] or "player"
