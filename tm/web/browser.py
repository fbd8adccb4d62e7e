"""The only module that touches the browser: DOM regions, one delegated listener,
localStorage, file import/export, the ready marker and the offline service worker."""
from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull

from tm.web.app import App
from tm.web.saves import StorageFull

_KEEP: list[Any] = []  # proxies must outlive this module's functions


def _missing(value: Any) -> bool:
    """JavaScript null arrives as ``jsnull``, undefined as None: both mean absent."""
    return value is None or value is jsnull


class LocalStorage:
    """localStorage behind the Storage protocol; a full store raises StorageFull."""

    def get(self, key: str) -> str | None:
        value = js.localStorage.getItem(key)
        return None if _missing(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            js.localStorage.setItem(key, value)
        except Exception as error:  # QuotaExceededError arrives as a JsException
            raise StorageFull(str(error)) from error

    def remove(self, key: str) -> None:
        js.localStorage.removeItem(key)

    def names(self) -> list[str]:
        return [str(js.localStorage.key(i)) for i in range(js.localStorage.length)]


class Page:
    """Binds an App to the document."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.shown: dict[str, str] = {}

    def draw(self) -> None:
        """Set each region whose HTML changed, once, keeping keyboard focus in place."""
        focus = _focus_key(js.document.activeElement)
        for region, html in self.app.render().items():
            if self.shown.get(region) != html:
                js.document.getElementById(region).innerHTML = html
                self.shown[region] = html
        if focus is not None:
            _refocus(focus)

    def act(self, action: str, data: dict[str, Any]) -> None:
        """Run an action and redraw; exports are the page's own business."""
        if action == "export":
            self._download(self.app.store.raw(str(data.get("save"))), str(data.get("save")))
            return
        if action == "export_current":
            self._download(self.app.export_text(), self.app.save_id or "game")
            return
        if action == "copy_link":
            self._copy(str(data.get("link") or ""))
            return
        self.app.handle(action, data)
        self.draw()
        js.document.body.dataset.screen = self.app.screen
        js.window.scrollTo(0, 0) if action in ("reveal", "new_game", "continue", "menu") else None

    def _copy(self, text: str) -> None:
        clipboard: Any = getattr(js.navigator, "clipboard", None)
        if not _missing(clipboard):
            try:  # a refusal (no permission, page not focused) must not be an error
                clipboard.writeText(text).catch(lambda _error: None)
            except Exception:
                pass  # the link stays selectable in its text field
        field = js.document.querySelector(".share-link")
        if not _missing(field):
            field.select()

    def open_hash(self) -> None:
        """Open the game of a ``#g=`` link in the address bar, if there is one."""
        fragment = str(js.location.hash or "")
        if fragment.startswith("#g="):
            self.act("open_link", {"text": fragment})

    def _download(self, text: str | None, name: str) -> None:
        if text is None:
            return
        blob = js.Blob.new([text], js.Object.fromEntries([["type", "application/json"]]))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = f"terraforming-mars-{name}.json"
        link.click()
        js.URL.revokeObjectURL(url)


_FOCUS_KEYS = ("action", "index", "card", "save", "space", "delta", "pos")


def _focus_key(element: Any) -> str | None:
    """A selector for the focused control inside #app (None when focus is elsewhere)."""
    if _missing(element) or _missing(getattr(element, "closest", None)) or _missing(
            element.closest("#app")):
        return None
    if element.hasAttribute("data-focus"):  # a stable name: choice indexes move on a redraw
        return f'[data-focus="{_css_string(element.getAttribute("data-focus"))}"]'
    parts = [f'[data-{k}="{_css_string(element.getAttribute("data-" + k))}"]' for k in _FOCUS_KEYS
             if element.hasAttribute("data-" + k)]
    return "".join(parts) or "#app"


def _css_string(value: Any) -> str:
    """A value for a double-quoted CSS attribute selector."""
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def _refocus(selector: str) -> None:
    """Focus the same control again, or else the first choice of the new decision."""
    for query in (selector, ".prompt [data-action]", "#app [data-action]"):
        try:
            target = js.document.querySelector(query)
        except Exception:  # a selector built from odd data values
            target = None
        if not _missing(target) and query != "#app" and not getattr(target, "disabled", False):
            target.focus()
            return


def _dataset(element: Any) -> dict[str, Any]:
    return dict(js.Object.entries(element.dataset).to_py())


def install(page: Page) -> None:
    """One listener per event type, on the document, reading data-action / data-change."""

    def on_click(event: Any) -> None:
        target = event.target.closest("[data-action]")
        if _missing(target) or target.tagName == "FORM":
            return
        event.preventDefault()
        data = _dataset(target)
        page.act(str(data.pop("action")), data)

    def on_keydown(event: Any) -> None:
        if event.key not in ("Enter", " "):
            return
        target = event.target
        if target.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "A"):
            return
        found = target.closest("[data-action]")
        if not _missing(found) and found.isSameNode(target):
            on_click(event)

    def on_submit(event: Any) -> None:
        form = event.target
        action = form.getAttribute("data-action")
        if not action:
            return
        event.preventDefault()
        fields = js.Object.fromEntries(js.FormData.new(form)).to_py()
        page.act(str(action), dict(fields))

    def on_change(event: Any) -> None:
        target = event.target
        kind = target.getAttribute("data-change")
        if kind == "form":
            form = target.closest("form")
            page.act("form", dict(js.Object.fromEntries(js.FormData.new(form)).to_py()))
        elif kind == "import" and target.files.length:
            file = target.files.item(0)
            reader = js.FileReader.new()

            def loaded(_: Any) -> None:
                page.act("import", {"text": str(reader.result)})

            proxy = create_proxy(loaded)
            _KEEP.append(proxy)
            reader.addEventListener("load", proxy)
            reader.readAsText(file)

    for name, fn in (("click", on_click), ("keydown", on_keydown), ("submit", on_submit),
                     ("change", on_change)):
        proxy = create_proxy(fn)
        _KEEP.append(proxy)
        js.document.addEventListener(name, proxy)

    def answer_first() -> None:
        page.act("answer_first", {})

    proxy = create_proxy(answer_first)
    _KEEP.append(proxy)
    js.window.tmAnswerFirst = proxy


def start() -> None:
    """Boot: build the App, draw the first screen, listen, and mark the page ready."""
    try:
        storage: Any = LocalStorage()
        storage.names()
    except Exception:
        from tm.web.saves import MemoryStorage
        storage = MemoryStorage()
    base_url = f"{js.location.origin}{js.location.pathname}"
    app = App(storage, clock=lambda: float(js.Date.now()), base_url=base_url)
    page = Page(app)
    page.draw()
    install(page)
    page.open_hash()
    hash_proxy = create_proxy(lambda _event: page.open_hash())
    _KEEP.append(hash_proxy)
    js.window.addEventListener("hashchange", hash_proxy)
    js.document.body.dataset.screen = app.screen
    js.document.body.dataset.ready = "1"
    register_service_worker()


def register_service_worker() -> None:
    """Offline play: register /sw.js where browsers allow one (https, or http on this
    machine). A refusal changes nothing, so it is not reported."""
    where = js.location
    local = where.protocol == "http:" and where.hostname in ("localhost", "127.0.0.1", "[::1]")
    workers: Any = getattr(js.navigator, "serviceWorker", None)
    if not _missing(workers) and (where.protocol == "https:" or local):
        try:
            workers.register("sw.js").catch(lambda _error: None)
        except Exception:
            pass
