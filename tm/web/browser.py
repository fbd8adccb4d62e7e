"""The only module that touches the browser: DOM regions, one delegated listener,
localStorage, file import/export, the ready marker and the offline service worker."""
from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull

from tm.persist import safejson
from tm.web import bot_loop
from tm.web.alerts import Fault, render_alerts
from tm.web.app import App
from tm.web.app_lang import (
    STORAGE_KEY,
    browser_languages,
    initial_language,
    language_select,
    switch,
)
from tm.web.i18n import CATALOGS, LANGUAGES, catalog, t
from tm.web.regions import BELOW, split_parts, stale_allowed
from tm.web.saves import MemoryStorage, StorageFull

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
            return
        except Exception as error:  # QuotaExceededError arrives as a JsException
            full = error
        # The copies of the last screens (static/boot.mjs) never cost a saved game its place.
        if any(not _missing(js.localStorage.getItem(k)) for k in KEPT_SCREENS):
            for kept in KEPT_SCREENS:
                js.localStorage.removeItem(kept)
            try:
                js.localStorage.setItem(key, value)
                return
            except Exception as error:  # (still full)
                full = error
        raise StorageFull(str(full)) from full

    def remove(self, key: str) -> None:
        js.localStorage.removeItem(key)

    def names(self) -> list[str]:
        return [str(js.localStorage.key(i)) for i in range(js.localStorage.length)]


# Actions that may take a while (a long game replayed, a link made): the page first shows
# that it is working, lets the browser paint that, then does them.
SLOW = {"open_link": "busy.link", "continue": "busy.continue", "import": "busy.import",
        "share": "busy.share", "replay": "busy.replay", "replay_branch": "busy.branch"}
GUARDED_AS = {"open_link": "link", "import": "file"}  # what the guard says went wrong
MAX_IMPORT_BYTES = safejson.MAX_BYTES  # a file larger than this is refused unread
OPEN_KEY = "tm:open"  # sessionStorage: the saved game this tab shows
# localStorage: the start screen and the saved game's screen as last drawn, which
# static/boot.mjs shows at the next visit before Python is up (body[data-keep] says which).
KEPT_SCREENS = ("tm:last-screen", "tm:last-game")


class Page:
    """Binds an App to the document. Everything it is asked to do runs inside
    :meth:`guard`: an exception becomes a notice with its details, and the page goes on."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.shown: dict[str, str] = {}
        self.skeleton = ""  # the game screen's HTML with its parts emptied, as shown
        self.parts: dict[str, str] | None = None  # each part's HTML as shown
        self.settling = 0  # things left for after the frame (body[data-settling])
        self.open_id: str | None = None  # the saved game this tab shows (see resume)
        self.placing = False  # a placement was asked at the last redraw
        self.asking = False  # a question (data-autofocus) was shown at the last redraw
        self.pointer = False  # the last action came from a pointer (not from a key or form)
        self.moment: tuple[Any, ...] | None = None  # whose decision in which phase, last drawn
        self.timings = (0.0, 0.0, 0.0)  # the last redraw's: render, set HTML, the rest
        self.queue: list[Callable[[], None]] = []
        self.after_draw: list[Callable[[], None]] = []  # e.g. the bots' next slice (bot_loop)
        self._tick = create_proxy(self._run_queue)
        self._frame = create_proxy(lambda *_: js.setTimeout(self._tick, 0))
        _KEEP.extend((self._tick, self._frame))

    # ------------------------------------------------------------ the guard
    def guard(self, what: str, fn: Callable[..., Any], *args: Any) -> bool:
        """Run ``fn``; on any exception show a notice (what went wrong, details to copy)
        and put the page back in a state that works. Whether ``fn`` succeeded."""
        try:
            fn(*args)
            return True
        except Exception:  # (the page's edge: nothing may escape)
            self.fail(what, traceback.format_exc())
            return False

    def fail(self, what: str, details: str) -> None:
        """Show an unexpected error: the screen as the state says, else the start screen,
        else the notice alone (never the loading screen, never nothing)."""
        # An error for the console too: a developer (and every browser test) sees it.
        js.console.error(f"tm: an error while {t('fault.what.' + what)}\n{details}")
        self.app.fault = Fault(what, details)
        for step in (self.app.recover, self.app.abandon):
            try:
                step()
                self.draw()
                return
            except Exception:  # (the next, simpler state is tried)
                continue
        try:
            self._set("alerts", render_alerts(self.app))
            self._set("app", "")
            _flag(js.document.body, "fault", True)
        except Exception:  # (nothing simpler is left to draw)
            pass

    # ------------------------------------------------------------ drawing
    def draw(self, whole: bool = False) -> None:
        """Set each region whose HTML changed, once, keeping keyboard focus in place. After
        a click (unless ``whole``), what lies below the fold out of sight (the hand, the
        milestones, the log, the players' tableaus, whichever the window does not show)
        keeps its last drawing and is drawn again right after the frame that shows the
        rest: the click's answer is on screen sooner."""
        focus = _focus_key(js.document.activeElement)
        started = float(js.performance.now())
        later = _off_screen() if self.pointer and not whole and self.parts else []
        with stale_allowed(later):
            regions = self.app.render()
        if later and split_parts(regions["app"])[0] != self.skeleton:
            later, regions = [], self.app.render()  # (another screen: drawn whole now)
        drawn = float(js.performance.now())
        for region, html in regions.items():
            self._set(region, html)
        self._set("lang", language_select())
        set_html = float(js.performance.now())
        body = js.document.body
        body.dataset.screen = self.app.screen
        _cover(self.app.screen in COVERED)
        game = self.app.game  # how far the game shown is (tabs of one game can be compared)
        if game is None:
            body.removeAttribute("data-moves")
        else:
            body.dataset.moves = str(len(game.moves))
        _flag(body, "busy", self.app.busy is not None)
        _flag(body, "saving", self.app.save_due)  # (a save is written after the frame)
        _flag(body, "fault", self.app.fault is not None)
        self._remember_open()
        body.dataset.keep = self._kept_as()
        asking = not _missing(js.document.querySelector("#app [data-autofocus]"))
        placing = _placing()
        moment = _moment(self.app)
        fresh = moment is not None and self.moment is not None and moment != self.moment
        settle = Settle(asking and not self.asking, focus, placing and not self.placing, fresh)
        self.asking, self.placing, self.moment = asking, placing, moment
        if settle.needed() and self.pointer:  # after the frame: laid out once, when drawn
            self.hold()
            self.later("event", lambda: self._settle(settle))
        elif settle.needed():  # (by keyboard the focus moves at once: the next key is its)
            settle.run()
        now = float(js.performance.now())
        self.timings = (drawn - started, set_html - drawn, now - set_html)
        for hook in self.after_draw:
            hook()
        if later:
            self.hold()
            self.later("event", self._draw_rest)
        if self.app.screen == "handoff":  # (the next player's screen, drawn ahead)
            self.later("event", self.app.prepare_reveal)
        elif self.app.screen == "game":  # (the next action's copy of the game, made ahead)
            self.hold()
            self.later("event", self._prepare_stage)

    def _prepare_stage(self) -> None:
        try:
            self.app.prepare_stage()
        finally:
            self.release()

    def _draw_rest(self) -> None:
        """What the last redraw left below the fold, now that its frame is painted."""
        try:
            self.draw(whole=True)
        finally:
            self.release()

    def _settle(self, settle: Settle) -> None:
        try:
            settle.run()
        finally:
            self.release()

    def _remember_open(self) -> None:
        """Note in this tab's session which saved game is open, so a reload lands back in
        it (sessionStorage: a reload keeps it, a new tab starts afresh)."""
        app = self.app
        open_id = app.save_id if app.game is not None and app.replay is None else None
        if open_id != self.open_id:
            self.open_id = open_id
            try:
                if open_id is None:
                    js.sessionStorage.removeItem(OPEN_KEY)
                else:
                    js.sessionStorage.setItem(OPEN_KEY, open_id)
            except Exception:  # (no session storage: a reload shows the start screen)
                pass

    def _kept_as(self) -> str:
        """What static/boot.mjs may keep of this screen for the next visit: "start", or
        "game"/"handoff" when reopening the saved game shown draws that same screen (one
        player; between players the hand-off, never a hand); "" for anything else."""
        app = self.app
        if app.screen == "start":
            return "start"
        if self.open_id is None or app.game is None:
            return ""
        if app.screen == "handoff" or (app.screen == "game"
                                       and app.game.state.options.players == 1):
            return app.screen
        return ""

    def _to_reopen(self) -> str | None:
        """The saved game this tab showed before a reload, when it is still saved."""
        try:
            open_id = js.sessionStorage.getItem(OPEN_KEY)
        except Exception:  # (no session storage)
            return None
        if _missing(open_id) or self.app.game is not None:
            return None
        if any(entry.save_id == str(open_id) for entry in self.app.store.list()):
            return str(open_id)
        js.sessionStorage.removeItem(OPEN_KEY)  # deleted meanwhile (in another tab)
        return None

    def reopen(self) -> bool:
        """At boot, without a link: open the saved game this tab showed at once, drawing
        nothing before it (static/boot.mjs shows its last screen meanwhile); whether it did."""
        open_id = None if str(js.location.hash or "") else self._to_reopen()
        if open_id is not None:
            self._run("continue", {"save": open_id})
        return open_id is not None

    def resume(self) -> None:
        """After a reload during a game: open that game again (the start screen otherwise)."""
        open_id = self._to_reopen()
        if open_id is not None:
            self.act("continue", {"save": open_id})

    def _set(self, region: str, html: str) -> None:
        if region == "app" and self._set_parts(html):
            return
        if self.shown.get(region) != html:
            _let_go_of_focus_in(f"#{region}")
            element = js.document.getElementById(region)
            if _missing(element):  # a page from before the region existed: add it on top
                element = js.document.createElement("div")
                element.id = region
                js.document.body.prepend(element)
            element.innerHTML = html
            self.shown[region] = html

    def switch_language(self, lang: str) -> None:
        """Show the page in ``lang`` now (a redraw, the game goes on) and remember it."""
        started = float(js.performance.now())
        chosen = switch(lang)
        try:
            js.localStorage.setItem(STORAGE_KEY, chosen)
        except Exception:  # (no storage: the choice lasts until the page is closed)
            pass
        js.document.documentElement.lang = chosen
        language_font(chosen)
        self.draw()
        took = float(js.performance.now()) - started
        js.document.body.dataset.took = f"language {took:.0f}"
        js.document.body.dataset.langTook = f"{took:.1f}"

    def _set_parts(self, html: str) -> bool:
        """Replace only the changed parts of the screen when its skeleton is the one shown
        (see :mod:`tm.web.regions`); whether that was possible."""
        skeleton, parts = split_parts(html)
        shown = self.parts
        if not parts or shown is None or skeleton != self.skeleton \
                or self.shown.get("app") is None:
            self.skeleton, self.parts = skeleton, parts
            self.shown.pop("app", None)
            return False
        changed = [name for name, content in parts.items() if shown.get(name) != content]
        if changed:
            _let_go_of_focus_in(",".join(f"#part-{name}" for name in changed))
        patch: Any = getattr(js, "tmPatch", None)  # static/screen.mjs (loaded by boot.mjs)
        for name in changed:
            element = js.document.getElementById(f"part-{name}")
            if _missing(element):  # (the skeleton holds every part: never expected)
                self.parts, self.shown["app"] = None, ""
                return False
            marked = f"<!--[{name}-->{parts[name]}<!--{name}]-->"  # (as part() draws it)
            if _missing(patch):
                element.innerHTML = marked
            else:
                patch(element, marked)
            shown[name] = parts[name]
        self.shown["app"] = html
        return True

    def hold(self) -> None:
        """Something is left for after the frame (body[data-settling] until it is done)."""
        self.settling += 1
        _flag(js.document.body, "settling", True)

    def release(self) -> None:
        self.settling = max(0, self.settling - 1)
        if not self.settling:
            _flag(js.document.body, "settling", False)

    # ------------------------------------------------------------ actions
    def act(self, action: str, data: dict[str, Any]) -> None:
        """Run an action and redraw; exports, copies and reloading are the page's own
        business; slow actions show that the page is working first."""
        self.app.flush_save()  # (an export or a copy reads the store)
        if action == "copy_details":
            self._copy_details()
            return
        if action == "reload":
            js.location.reload()
            return
        if action == "export":
            self._download(self.app.store.raw(str(data.get("save"))), str(data.get("save")))
            return
        if action == "export_current":
            self._download(self.app.export_text(), self.app.save_id or "game")
            return
        if action == "copy_link":
            self._copy(str(data.get("link") or ""))
            return
        if action == "send_link":  # play by link, a daily result: copy the link
            self._copy_send(str(data.get("link") or ""))
            return
        if action == "share_native":  # the browser's share sheet, where there is one
            self._share(str(data.get("link") or ""), str(data.get("title") or ""))
            return
        if self.app.busy is not None:
            return  # one thing at a time: a click while working is dropped
        message = SLOW.get(action)
        if message is None:
            self._run(action, data)
            return
        self.app.busy, self.app.fault = message, None
        self.draw()

        def finish() -> None:
            self.app.busy = None
            self._run(action, data)

        self.later(GUARDED_AS.get(action, "event"), finish)

    def _run(self, action: str, data: dict[str, Any]) -> None:
        started = float(js.performance.now())
        self.app.fault = None
        self.app.handle(action, data)
        handled = float(js.performance.now()) - started
        self.draw()
        took = float(js.performance.now()) - started
        # Where the click's time went (the page benchmark prints it): the App's handling,
        # Python's rendering, writing the HTML, and the rest (the page's flags and reads).
        render, set_html, rest = self.timings
        js.document.body.dataset.parts = \
            f"{render:.1f} {set_html:.1f} {rest:.1f} {handled:.1f}"
        js.document.body.dataset.took = f"{action} {took:.0f}"
        if self.app.save_due:
            self.later("event", self.save)
        js.window.scrollTo(0, 0) if action in ("reveal", "new_game", "continue", "menu",
                                               "open_link", "import") else None

    def save(self) -> None:
        """The save put off while the move was drawn; drawn again if saving had news
        (a full store, another tab's newer moves)."""
        saving = self.app.save_state()
        before = (self.app.notice, saving.unsaved, saving.conflict)
        self.app.flush_save()
        _flag(js.document.body, "saving", False)
        if before != (self.app.notice, saving.unsaved, saving.conflict):
            self.draw()

    def later(self, what: str, fn: Callable[[], None]) -> None:
        """Run ``fn`` (guarded) once the browser has painted: after the next frame, or
        after a quarter of a second where no frame comes (a tab in the background)."""
        def run() -> None:
            self.guard(what, fn)

        self.queue.append(run)
        js.requestAnimationFrame(self._frame)
        js.setTimeout(self._tick, 250)

    def _run_queue(self, *_: Any) -> None:
        while self.queue:
            self.queue.pop(0)()

    def heard(self, key: str | None, value: str | None) -> None:
        """Another tab wrote to the store."""
        if self.app.heard(key, value):
            self.draw()

    def _copy(self, text: str) -> None:
        def copied() -> None:  # the button says "Copied" once the clipboard has it
            if self.app.share_link == text:
                self.app.link_copied = True
                self.guard("event", self.draw)
                shown = js.document.querySelector(".share-link")
                if not _missing(shown):  # the redrawn field: its text selected again
                    shown.select()

        _to_clipboard(text, copied, ".share-link")

    def _copy_send(self, text: str) -> None:
        """Copy a link to send (the field's text is selected too, to copy by hand)."""
        def copied() -> None:
            self.app.copied_link = text
            self.guard("event", self.draw)

        _to_clipboard(text, copied, ".send-link")

    def _share(self, link: str, title: str) -> None:
        """The share sheet with the link (a cancelled share is no error)."""
        try:
            shared = js.navigator.share(js.Object.fromEntries([["title", title], ["url", link]]))
            shared.catch(lambda _error: None)
        except Exception:  # (no share sheet after all: copy instead)
            self._copy_send(link)

    def _copy_details(self) -> None:
        """Copy the details of the error shown; where the clipboard refuses, open them and
        select their text for the player to copy."""
        fault = self.app.fault
        if fault is None:
            return

        def copied(*_: Any) -> None:
            if self.app.fault is fault:
                fault.copied = True
                self.guard("event", self.draw)

        def refused(*_: Any) -> None:
            shown = js.document.querySelector(".fault details")
            text = js.document.querySelector(".fault-details")
            if _missing(shown) or _missing(text):
                return
            shown.open = True
            selection = js.window.getSelection()
            chosen = js.document.createRange()
            chosen.selectNodeContents(text)
            selection.removeAllRanges()
            selection.addRange(chosen)

        clipboard: Any = getattr(js.navigator, "clipboard", None)
        try:
            if _missing(clipboard):
                raise RuntimeError("no clipboard")
            clipboard.writeText(fault.details).then(create_once_callable(copied),
                                                    create_once_callable(refused))
        except Exception:  # (no clipboard here: the text is selected instead)
            refused()

    def open_hash(self) -> None:
        """Open the game of a ``#g=`` link in the address bar, if there is one."""
        fragment = str(js.location.hash or "")
        if fragment.startswith("#g="):
            if "&p=" in fragment:  # played by link: saved here once opened, so a reload
                # continues the save rather than reopening an older link
                js.history.replaceState(jsnull, "", f"{js.location.pathname}{js.location.search}")
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


def _to_clipboard(text: str, copied: Callable[[], None], field: str) -> None:
    """Put ``text`` on the clipboard (``copied`` runs once it is there) and select it in
    its ``field``, to copy by hand where the clipboard refuses."""
    clipboard: Any = getattr(js.navigator, "clipboard", None)
    if not _missing(clipboard):
        try:  # a refusal (no permission, page not focused) must not be an error
            clipboard.writeText(text).then(create_once_callable(lambda *_: copied())).catch(
                lambda _error: None)
        except Exception:  # (the link stays selectable in its field)
            pass
    shown = js.document.querySelector(field)
    if not _missing(shown):
        shown.select()


# Style sheets of the web fonts a language needs where the system may have none
# (scripts/build_fonts.py); static/boot.mjs links the same one early on a return visit.
FONT_SHEETS = {"ja": "static/fonts-ja.css"}


def language_font(lang: str) -> None:
    """Link the font style sheet of ``lang`` (once; nothing for the other languages, so
    their pages fetch no font). app.css uses its face only under html:lang(ja)."""
    sheet = FONT_SHEETS.get(lang)
    if sheet is None or not _missing(js.document.getElementById(f"font-{lang}")):
        return
    link = js.document.createElement("link")
    link.id, link.rel, link.href = f"font-{lang}", "stylesheet", sheet
    js.document.head.append(link)


def _flag(element: Any, name: str, on: bool) -> None:
    """Set ``data-<name>="1"`` on ``element``, or remove it."""
    _flag_attr(element, f"data-{name}", "1" if on else None)


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


class Settle:
    """What a redraw leaves for after its frame: the keyboard focus (on a question just
    asked, or back on the control that had it) and the board brought into view for a
    placement. Focusing or measuring in the redraw itself would make the browser lay the
    new screen out there and then, and again for the frame; after the frame the layout
    is done and these cost next to nothing."""

    def __init__(self, asked: bool, focus: str | None, placing: bool, fresh: bool = False
                 ) -> None:
        self.asked, self.focus, self.placing = asked, focus, placing
        self.fresh = fresh  # another player's decision, or another phase: shown from its top

    def needed(self) -> bool:
        return self.asked or self.focus is not None or self.placing or self.fresh

    def run(self) -> None:
        active = js.document.activeElement  # (unless someone moved the focus meanwhile)
        free = _missing(active) or active == js.document.body or \
            _focus_key(active) == self.focus
        asking = js.document.querySelector("#app [data-autofocus]")
        if self.asked and not _missing(asking):  # a question just asked: its answer
            _focus(asking)  # takes the focus (once: later redraws leave it where it is)
        elif self.focus is not None and free:
            _refocus(self.focus)
        if self.placing and _placing():
            _show_board()
        elif self.fresh:
            _show_decision()


def _off_screen() -> list[str]:
    """The regions below the fold (tm/web/screens.py BELOW) that the window does not show
    now, measured before anything is redrawn (the layout is the last frame's own)."""
    found = []
    height = js.window.innerHeight
    for name, selector in BELOW.items():
        box = js.document.querySelector(f"#app {selector}")
        if not _missing(box):
            rect = box.getBoundingClientRect()
            if rect.top >= height or rect.bottom <= 0:
                found.append(name)
    return found


# Screens where a cover lies over the game (app.css .screen-body).
COVERED = ("handoff", "seat", "older")
FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])"


def _cover(on: bool) -> None:
    """Hide the game under a cover from screen readers (or show it again)."""
    screen = js.document.querySelector("#app .screen-body")
    if not _missing(screen):
        _flag_attr(screen, "aria-hidden", "true" if on else None)


def _flag_attr(element: Any, name: str, value: str | None) -> None:
    """Set attribute ``name`` to ``value`` unless it has it already (None: remove it)."""
    if value is None:
        element.removeAttribute(name)
    elif element.getAttribute(name) != value:
        element.setAttribute(name, value)


def _tab_in_cover(event: Any) -> None:
    """Tab and Shift+Tab go round the cover's controls, never to the game under it."""
    found = js.document.querySelectorAll(f"#part-cover {FOCUSABLE}")
    active = js.document.activeElement
    if found.length == 0:
        event.preventDefault()
        return
    first, last = found.item(0), found.item(found.length - 1)
    inside = not _missing(active) and not _missing(active.closest("#part-cover"))
    if not inside or (event.shiftKey and active == first):
        event.preventDefault()
        (last if event.shiftKey and inside else first).focus()
    elif not event.shiftKey and active == last:
        event.preventDefault()
        first.focus()


def _let_go_of_focus_in(selector: str) -> None:
    """Blur the focused control if it lies in what is about to be replaced (the redraw
    focuses it again, or its successor): removed while focused, Chromium lays the page
    out at once, in the middle of the redraw; blurred first, there is nothing to lay
    out yet, and the page is laid out once, when it is complete."""
    active = js.document.activeElement
    if _missing(active) or _missing(getattr(active, "closest", None)):
        return
    try:
        inside = active.closest(selector)
    except Exception:  # (a selector the browser refuses: nothing is blurred)
        return
    if not _missing(inside):
        active.blur()


def _refocus(selector: str) -> None:
    """Focus the same control again, or else the first choice of the new decision."""
    for query in (selector, ".prompt [data-action]", "#app [data-action]"):
        try:
            target = js.document.querySelector(query)
        except Exception:  # a selector built from odd data values
            target = None
        if not _missing(target) and query != "#app" and not getattr(target, "disabled", False):
            _focus(target)
            return


def _focus(target: Any) -> None:
    """Focus without scrolling: the page stays where the player was looking (a focused
    End turn far below would otherwise pull the page away after every click)."""
    target.focus(js.Object.fromEntries([["preventScroll", True]]))


def _placing() -> bool:
    """Whether the decision shown is where to place a tile."""
    return not _missing(js.document.querySelector('#app .prompt[data-kind="space"]'))


def _moment(app: App) -> tuple[Any, ...] | None:
    """Whose decision in which phase the game screen shows (None: not the game screen)."""
    game = app.shown_game()
    if app.screen != "game" or game is None:
        return None
    return app.viewer, game.state.phase, game.state.generation


def _show_decision() -> None:
    """A new phase's decision (research after the last pass, the first actions after the
    setup): its top brought into view below the status strip when the page was left
    scrolled past it or short of it (within an action the page never moves)."""
    prompt = js.document.querySelector("#app .prompt")
    if _missing(prompt):
        return
    top = float(prompt.getBoundingClientRect().top)
    strip = js.document.querySelector("#app .status-strip")
    under = 0.0 if _missing(strip) else float(strip.getBoundingClientRect().bottom)
    if top < under or top > 0.75 * float(js.window.innerHeight):
        js.window.scrollBy(0, top - under - 8)


def _show_board() -> None:
    """A tile is to be placed: bring the board into view if most of it is not (on a
    phone the board sits apart from the list of actions and has scrolled away)."""
    board = js.document.querySelector("#app .board")
    if _missing(board):
        return
    box = board.getBoundingClientRect()
    height = float(js.window.innerHeight)
    seen = min(float(box.bottom), height) - max(float(box.top), 0.0)
    if seen < 0.6 * min(float(box.height), height):
        board.scrollIntoView(js.Object.fromEntries([["block", "start"]]))
    _centre_legal(board)


def _centre_legal(board: Any) -> None:
    """On a phone the board being picked on is wider than its frame (app.css: each space
    44 px across): scroll the frame sideways to the middle of the legal spaces."""
    frame = board.closest(".board-wrap")
    if _missing(frame) or float(frame.scrollWidth) <= float(frame.clientWidth) + 1:
        return
    spaces = board.querySelectorAll(".space.legal")
    if spaces.length == 0:
        return
    left, right = float("inf"), float("-inf")
    for i in range(spaces.length):
        rect = spaces.item(i).getBoundingClientRect()
        left, right = min(left, float(rect.left)), max(right, float(rect.right))
    at = float(frame.getBoundingClientRect().left)
    middle = (left + right) / 2 - at + float(frame.scrollLeft)
    frame.scrollLeft = max(0.0, middle - float(frame.clientWidth) / 2)


# What Escape presses: Cancel of an action under way, "keep it" of the undo question.
ESCAPES = '#app [data-action="cancel"], #app [data-action="undo_keep"]'


def _dataset(element: Any) -> dict[str, Any]:
    return dict(js.Object.entries(element.dataset).to_py())


def install(page: Page) -> None:
    """One listener per event type, on the document, reading data-action / data-change;
    each runs inside the page's guard."""

    def on_click(event: Any) -> None:
        target = event.target.closest("[data-action]")
        if _missing(target) or target.tagName == "FORM":
            return
        event.preventDefault()
        data = _dataset(target)
        page.pointer = event.type == "click" and int(event.detail or 0) > 0  # (0: a key)
        page.act(str(data.pop("action")), data)

    def on_keydown(event: Any) -> None:
        page.pointer = False
        if event.key == "Tab" and page.app.screen in COVERED:
            _tab_in_cover(event)
            return
        if event.key == "Escape" and page.app.reading is not None:  # close a card's text
            page.act("close_card", {})
            return
        if event.key == "Escape":  # backs out of an action under way or a question
            found = js.document.querySelector(ESCAPES)
            if not _missing(found):
                event.preventDefault()
                page.act(str(found.getAttribute("data-action")), {})
            return
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
        page.pointer = False
        fields = js.Object.fromEntries(js.FormData.new(form)).to_py()
        page.act(str(action), dict(fields))

    def on_change(event: Any) -> None:
        target = event.target
        kind = target.getAttribute("data-change")
        if kind == "form":
            form = target.closest("form")
            page.act("form", dict(js.Object.fromEntries(js.FormData.new(form)).to_py()))
        elif kind == "language":
            page.switch_language(str(target.value))
        elif kind == "import" and target.files.length:
            read_file(page, target.files.item(0))
            target.value = ""  # the same file chosen again is a change again

    for name, fn in (("click", on_click), ("keydown", on_keydown), ("submit", on_submit),
                     ("change", on_change)):
        _listen(page, js.document, name, fn)

    def answer_first() -> None:  # (a test's hook: saved at once, as the test reads on)
        page.guard("event", page.act, "answer_first", {})
        page.guard("event", page.save)

    proxy = create_proxy(answer_first)
    _KEEP.append(proxy)
    js.window.tmAnswerFirst = proxy


def _listen(page: Page, target: Any, name: str, fn: Callable[[Any], None],
            what: str = "event") -> None:
    """``target.addEventListener(name, fn)``, with ``fn`` run inside the page's guard."""
    def guarded(event: Any) -> None:
        page.guard(what, fn, event)

    proxy = create_proxy(guarded)
    _KEEP.append(proxy)
    target.addEventListener(name, proxy)


def read_file(page: Page, file: Any) -> None:
    """Import a chosen file: refused unread when larger than any saved game."""
    size = int(file.size)
    if size > MAX_IMPORT_BYTES:
        page.act("import", {"size": size})
        return
    reader = js.FileReader.new()

    def loaded(_: Any = None) -> None:
        text = reader.result
        page.guard("file", page.act, "import", {"text": "" if _missing(text) else str(text)})

    reader.addEventListener("loadend", create_once_callable(loaded))
    reader.readAsText(file)


def listen_to_window(page: Page) -> None:
    """Links opened in the address bar, other tabs' writes, and leaving with unsaved moves."""
    _listen(page, js.window, "hashchange", lambda _event: page.open_hash(), "link")

    def on_storage(event: Any) -> None:
        if not _missing(event.storageArea) and event.storageArea != js.localStorage:
            return  # sessionStorage: not ours
        key = None if _missing(event.key) else str(event.key)
        value = None if _missing(event.newValue) else str(event.newValue)
        page.heard(key, value)

    _listen(page, js.window, "storage", on_storage, "storage")

    def on_leave(event: Any) -> None:
        app = page.app
        app.flush_save()
        if app.game is not None and app.save_state().unsaved is not None:
            event.preventDefault()  # the browser asks whether to leave

    _listen(page, js.window, "beforeunload", on_leave)
    # A phone may close a tab in the background without "beforeunload": save on hiding.
    _listen(page, js.document, "visibilitychange", lambda _event: page.app.flush_save(), "event")


def start() -> None:
    """Boot: build the App, draw the first screen, listen, and mark the page ready. Each
    step runs inside the guard: a failure is a notice, and the rest still starts."""
    try:
        storage: Any = LocalStorage()
        storage.names()
    except Exception:  # (no usable localStorage: games live in memory)
        storage = MemoryStorage()
    try:
        stored = js.localStorage.getItem(STORAGE_KEY)
    except Exception:  # (no usable localStorage)
        stored = None
    chosen = switch(initial_language(None if _missing(stored) else str(stored),
                                     browser_languages(js.navigator)))
    js.document.documentElement.lang = chosen
    language_font(chosen)
    base_url = f"{js.location.origin}{js.location.pathname}"
    app = App(storage, clock=lambda: float(js.Date.now()), base_url=base_url)
    app.defer_saves = True
    app.can_share = not _missing(getattr(js.navigator, "share", None))
    page = Page(app)
    reopened = False
    try:
        reopened = page.reopen()
    except Exception:  # (the start screen instead, with the notice)
        page.fail("boot", traceback.format_exc())
    if not reopened:
        page.guard("boot", page.draw)
    if not page.guard("boot", install, page):
        raise RuntimeError("the page's listeners could not be installed")
    page.guard("boot", listen_to_window, page)
    page.guard("boot", bot_loop.install, page)
    js.document.body.dataset.ready = "1"
    page.guard("link", page.open_hash)
    page.guard("boot", page.resume)
    page.guard("boot", register_service_worker)
    page.guard("boot", preload_languages)


def preload_languages() -> None:
    """Read the other languages' catalogs while the page is idle, one at a time, so that
    switching language later is only a redraw."""
    waiting = [lang for lang in LANGUAGES if lang not in CATALOGS]

    def next_one(*_: Any) -> None:
        if waiting:
            catalog(waiting.pop(0))
            idle(create_once_callable(next_one))

    idle: Any = getattr(js.window, "requestIdleCallback", None)
    if _missing(idle):
        def idle(callback: Any) -> None:
            js.setTimeout(callback, 500)
    idle(create_once_callable(next_one))


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
