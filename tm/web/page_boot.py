"""The page's start: the App built and drawn, one listener per event type on the
document, the window's events (links, other tabs, leaving), the bots' loop, the offline
service worker and the other languages read ahead (main.py calls :func:`start`)."""
from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

from tm.persist import safejson
from tm.web import bot_loop
from tm.web.app import App
from tm.web.app_lang import STORAGE_KEY, browser_languages, initial_language
from tm.web.browser import KEEP, Page
from tm.web.early_form import EarlyForm, early_form
from tm.web.i18n import CATALOGS, LANGUAGES, catalog, t
from tm.web.page_dom import (
    COVERED,
    create_once_callable,
    create_proxy,
    document,
    language_font,
    missing,
    new_version_notice,
    relabel_new_version,
    tab_in_cover,
    window,
)
from tm.web.page_keys import PageSigner
from tm.web.page_store import LocalStorage
from tm.web.page_work import WorkLoop
from tm.web.saves import MemoryStorage

MAX_IMPORT_BYTES = safejson.MAX_BYTES  # a file larger than this is refused unread


# What Escape presses: Cancel of an action under way, "keep it" of the undo question.
ESCAPES = '#app [data-action="cancel"], #app [data-action="undo_keep"]'


def _dataset(element: Any) -> dict[str, Any]:
    return dict(window.Object.entries(element.dataset).to_py())


def install(page: Page) -> None:
    """One listener per event type, on the document, reading data-action / data-change;
    each runs inside the page's guard."""

    def on_click(event: Any) -> None:
        target = event.target.closest("[data-action]")
        if missing(target) or target.tagName == "FORM":
            return
        event.preventDefault()
        data = _dataset(target)
        page.pointer = event.type == "click" and int(event.detail or 0) > 0  # (0: a key)
        page.act(str(data.pop("action")), data)

    def on_keydown(event: Any) -> None:
        page.pointer = False
        if event.key == "Tab" and page.app.shown.screen in COVERED:
            tab_in_cover(event)
            return
        if event.key == "Escape" and page.app.hand.state.reading is not None:  # close a card's text
            page.act("close_card", {})
            return
        if event.key == "Escape":  # backs out of an action under way or a question
            found = document.querySelector(ESCAPES)
            if not missing(found):
                event.preventDefault()
                page.act(str(found.getAttribute("data-action")), {})
            return
        if event.key not in ("Enter", " "):
            return
        target = event.target
        if target.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "A"):
            return
        found = target.closest("[data-action]")
        if not missing(found) and found.isSameNode(target):
            on_click(event)

    for name, fn in (("click", on_click), ("keydown", on_keydown),
                     ("submit", lambda event: on_submit(page, event)),
                     ("change", lambda event: on_change(page, event))):
        _listen(page, document, name, fn)
    _test_hook(page)


def on_submit(page: Page, event: Any) -> None:
    """A form with ``data-action``: its fields (and the button that sent it) as the data."""
    form = event.target
    action = form.getAttribute("data-action")
    if not action:
        return
    event.preventDefault()
    page.pointer = False
    submitter = event.submitter  # (its name and value: the seat a seat form takes)
    data = window.FormData.new(form, None if missing(submitter) else submitter)
    page.act(str(action), dict(window.Object.fromEntries(data).to_py()))


def on_change(page: Page, event: Any) -> None:
    """A control with ``data-change``: the new-game form, the language, a file to import."""
    target = event.target
    kind = target.getAttribute("data-change")
    if kind == "form":
        form = target.closest("form")
        page.act("form", dict(window.Object.fromEntries(window.FormData.new(form)).to_py()))
    elif kind == "language":
        page.switch_language(str(target.value))
    elif kind == "import" and target.files.length:
        read_file(page, target.files.item(0))
        target.value = ""  # the same file chosen again is a change again


def _test_hook(page: Page) -> None:
    """``window.tmAnswerFirst``: a test's hook, saved at once, as the test reads on."""
    def answer_first() -> None:
        page.guard("event", page.act, "answer_first", {})
        page.guard("event", page.save)

    def answer_bot(times: int) -> None:  # (up to ``times`` decisions, as the hard bot)
        for _ in range(int(times)):
            if page.app.current() is None:
                break
            page.guard("event", page.act, "answer_bot", {})
        page.guard("event", page.save)

    def decision() -> str:  # (reads only: which drawn control is which, for a test
        found = page.app.current() if page.app.shown.game is not None else None  # that clicks)
        game = page.app.shown_game()
        return json.dumps(None if found is None else decision_of(game, found[1]))

    shown = create_proxy(decision)
    KEEP.append(shown)
    window.tmDecision = shown
    proxy = create_proxy(answer_first)
    KEEP.append(proxy)
    window.tmAnswerFirst = proxy
    bot = create_proxy(answer_bot)
    KEEP.append(bot)
    window.tmAnswerBot = bot


def decision_of(game: Any, prompt: Any) -> dict[str, Any]:
    """The waiting decision as ``window.tmDecision`` reads it: its kind, the selection's
    state, each listed choice's type, project and cost in the page's listed order, and
    the global parameters at their maximum."""
    data = prompt.data
    shown = game.view(None)["parameters"]
    listed = [{key: c.get(key) for key in ("type", "project", "cost")} for c in prompt.choices()]
    return {"kind": prompt.kind, "purpose": prompt.purpose,
            "maxed": [name for name, parameter in shown.items() if parameter["maxed"]],
            "chosen": bool(data.get("corporation")), "picked": len(data.get("picked") or []),
            "choices": listed}


def _listen(page: Page, target: Any, name: str, fn: Callable[[Any], None],
            what: str = "event") -> None:
    """``target.addEventListener(name, fn)``, with ``fn`` run inside the page's guard."""
    def guarded(event: Any) -> None:
        page.guard(what, fn, event)

    proxy = create_proxy(guarded)
    KEEP.append(proxy)
    target.addEventListener(name, proxy)


def read_file(page: Page, file: Any) -> None:
    """Import a chosen file: refused unread when larger than any saved game."""
    size = int(file.size)
    if size > MAX_IMPORT_BYTES:
        page.act("import", {"size": size})
        return
    reader = window.FileReader.new()

    def loaded(_: Any = None) -> None:
        text = reader.result
        page.guard("file", page.act, "import", {"text": "" if missing(text) else str(text)})

    reader.addEventListener("loadend", create_once_callable(loaded))
    reader.readAsText(file)


def listen_to_window(page: Page) -> None:
    """Links opened in the address bar, other tabs' writes, and leaving with unsaved moves."""
    _listen(page, window, "hashchange", lambda _event: page.open_hash(), "link")

    def on_storage(event: Any) -> None:
        if not missing(event.storageArea) and event.storageArea != window.localStorage:
            return  # sessionStorage: not ours
        key = None if missing(event.key) else str(event.key)
        value = None if missing(event.newValue) else str(event.newValue)
        page.heard(key, value)

    _listen(page, window, "storage", on_storage, "storage")

    def on_leave(event: Any) -> None:
        app = page.app
        app.tabs.flush_save()
        if app.shown.game is not None and app.tabs.save_state().unsaved is not None:
            event.preventDefault()  # the browser asks whether to leave

    _listen(page, window, "beforeunload", on_leave)
    # A phone may close a tab in the background without "beforeunload": save on hiding.
    _listen(page, document, "visibilitychange", lambda _event: page.app.tabs.flush_save(),
            "event")


def start() -> None:
    """Boot: build the App, draw the first screen, listen, and mark the page ready. Each
    step runs inside the guard: a failure is a notice, and the rest still starts. The
    new-game form the player filled in before Python was up is kept (drawn with their
    values), and a Start they pressed then starts that game now (tm/web/early_form.py)."""
    try:
        storage: Any = LocalStorage()
        storage.names()
    except Exception:  # (no usable localStorage: games live in memory)
        storage = MemoryStorage()
    try:
        stored = window.localStorage.getItem(STORAGE_KEY)
    except Exception:  # (no usable localStorage)
        stored = None
    base_url = f"{window.location.origin}{window.location.pathname}"
    app = App(storage, clock=lambda: float(window.Date.now()), base_url=base_url)
    chosen = app.use_language(initial_language(None if missing(stored) else str(stored),
                                               browser_languages(window.navigator)))
    document.documentElement.lang = chosen
    language_font(chosen)
    app.tabs.state.defer_saves = True
    app.jobs.defer = True  # the audit, a sealed game rebuilt: in slices (tm/web/page_work.py)
    app.linkplay.state.can_share = not missing(getattr(window.navigator, "share", None))
    page = Page(app)
    page.after_draw.append(WorkLoop(page).after_draw)  # a long job's slices (the audit)
    app.linkplay.state.signer = PageSigner(lambda: sealed(page))
    window.performance.mark("tm:app-built")
    first_screen(page)
    window.performance.mark("tm:first-drawn")
    if not page.guard("boot", install, page):
        raise RuntimeError("the page's listeners could not be installed")
    page.guard("boot", listen_to_window, page)
    page.guard("boot", bot_loop.install, page)
    page.guard("boot", audit_when_due, page)
    window.performance.mark("tm:listening")
    document.body.dataset.ready = "1"
    page.guard("link", page.open_hash)
    page.guard("boot", page.resume)
    page.guard("boot", register_service_worker, page)
    page.guard("boot", preload_languages)


def first_screen(page: Page) -> None:
    """Draw the first screen: the game the player started before Python was up, else the
    saved game this tab showed (a reload), else the start screen, with what the player
    typed into its form meanwhile (static/kept.js)."""
    early, first = None, None
    try:
        early = take_early_form()
        first = None if early is None else early.apply(page.app)
    except Exception:  # (the form as Python draws it, with the notice)
        page.fail("boot", traceback.format_exc())
    if first is not None:  # Start was pressed: the game starts now, with no second click
        page.guard("boot", page.act, *first)
        return
    reopened = False
    try:
        reopened = page.reopen()
    except Exception:  # (the start screen instead, with the notice)
        page.fail("boot", traceback.format_exc())
    if not reopened:
        page.guard("boot", page.draw)
        if early is not None:
            page.guard("boot", refocus, early.focus)


def take_early_form() -> EarlyForm | None:
    """What the player did with the prerendered new-game form before Python was up:
    static/kept.js's ``tmEarlyForm()``, which also ends its own handling of the form (None
    when the form was not usable, a link or a kept game being shown, or left untouched)."""
    ask: Any = getattr(window, "tmEarlyForm", None)
    if missing(ask):
        return None
    answer = ask()
    return None if missing(answer) else early_form(answer.to_py())


def refocus(name: str | None) -> None:
    """The keyboard focus back in the field the player was typing in when Python drew the
    form anew, the caret at the end of what they typed."""
    if name is None:  # (a name early_form checked: [a-z][a-z0-9_]*, safe in a selector)
        return
    field = document.querySelector(f'#app form.new-game [name="{name}"]')
    if missing(field):
        return
    field.focus()
    if str(field.tagName) == "INPUT" and str(field.type) == "text":
        end = len(str(field.value))
        field.setSelectionRange(end, end)


def sealed(page: Page) -> None:
    """This device's keys answered: the link to send is drawn with them (a busy page draws
    when its action ends, and the link is made then)."""
    if page.app.tabs.state.busy is None:
        page.guard("event", page.act, "sealed", {})


def audit_when_due(page: Page) -> None:
    """After a drawing that shows a sealed game over with every seed here, its audit runs
    (seconds of work: the final position and "checking" are on screen first)."""
    asked = [False]

    def run() -> None:
        asked[0] = False
        page.act("sealed_audit", {})

    def check() -> None:
        app = page.app
        if not asked[0] and app.tabs.state.busy is None and app.sealed.audit_due():
            asked[0] = True
            page.later("event", run)

    page.after_draw.append(check)


def preload_languages() -> None:
    """Read the other languages' catalogs while the page is idle, one at a time, so that
    switching language later is only a redraw."""
    waiting = [lang for lang in LANGUAGES if lang not in CATALOGS]

    def next_one(*_: Any) -> None:
        if waiting:
            catalog(waiting.pop(0))
            idle(create_once_callable(next_one))

    idle: Any = getattr(window, "requestIdleCallback", None)
    if missing(idle):
        def idle(callback: Any) -> None:
            window.setTimeout(callback, 500)
    idle(create_once_callable(next_one))


def register_service_worker(page: Page) -> None:
    """Offline play: register /sw.js where browsers allow one (https, or http on this
    machine). A refusal changes nothing, so it is not reported."""
    where = window.location
    local = where.protocol == "http:" and where.hostname in ("localhost", "127.0.0.1", "[::1]")
    workers: Any = getattr(window.navigator, "serviceWorker", None)
    if not missing(workers) and (where.protocol == "https:" or local):
        watch_new_version(page, workers)
        try:
            workers.register("sw.js").catch(lambda _error: None)
        except Exception:
            pass


def watch_new_version(page: Page, workers: Any) -> None:
    """When a new version's worker takes this tab over (sw.js claims the open pages as it
    activates), say that a new version is ready, with a button to reload: the game is saved
    first, and the reloaded tab reopens it (sessionStorage tm:open). A tab no worker
    controlled yet (a first visit) is only being taken in: nothing to say then."""
    controlled = [not missing(workers.controller)]

    def on_change(_event: Any) -> None:
        if controlled[0]:
            show_new_version(page)
        controlled[0] = True

    _listen(page, workers, "controllerchange", on_change)


def show_new_version(page: Page) -> None:
    """The notice of a new version, in the page's language (page_dom.new_version_notice),
    put in the new language whenever the player switches it while the notice shows."""
    def words() -> tuple[str, str, str]:
        lang = page.app.words()
        return t("update.ready", lang), t("update.reload", lang), t("update.later", lang)

    shown = new_version_notice(*words())
    if shown is None:
        return
    notice, reload, later = shown

    def relabel() -> None:  # after every redraw (a switch of language redraws the page)
        if not relabel_new_version(*words()) and relabel in page.after_draw:
            page.after_draw.remove(relabel)

    def on_reload(_event: Any) -> None:
        page.app.tabs.flush_save()
        window.location.reload()

    page.after_draw.append(relabel)
    _listen(page, reload, "click", on_reload)
    _listen(page, later, "click", lambda _event: notice.remove())
