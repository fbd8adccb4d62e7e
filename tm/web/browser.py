"""The page's binding of an App to the document: the regions drawn (only what changed),
the actions run inside a guard, slow ones after a frame that says so, saves put off until
the move is drawn. The other DOM modules: :mod:`tm.web.page_dom` (focus, flags,
scrolling), :mod:`tm.web.page_tools` (clipboard, files), :mod:`tm.web.page_store`
(localStorage) and :mod:`tm.web.page_boot` (listeners, the start)."""
from __future__ import annotations

import traceback
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from tm.web.alerts import Fault, render_alerts
from tm.web.app import App, UnknownAction
from tm.web.app_lang import STORAGE_KEY, language_select
from tm.web.i18n import speaking, t
from tm.web.page_dom import (
    COVERED,
    Settle,
    address_without_fragment,
    create_proxy,
    document,
    flag,
    focused_key,
    jsnull,
    language_font,
    let_go_of_focus_in,
    mark_body,
    missing,
    off_screen,
    set_title,
    window,
)
from tm.web.page_session import TabSession
from tm.web.page_tools import PageTools, typed_passphrase
from tm.web.regions import SplitOnce, stale_allowed

KEEP: list[Any] = []  # proxies must outlive this module's functions
_language_picker = lru_cache(maxsize=4)(language_select)  # (the same HTML at every redraw)

# Actions that may take a while (a long game replayed, a link made): the page first shows
# that it is working, lets the browser paint that, then does them.
SLOW = {"open_link": "busy.link", "choose_seat": "busy.seat", "continue": "busy.continue",
        "import": "busy.import", "sealed_audit": "busy.audit",
        "share": "busy.share", "replay": "busy.replay", "replay_branch": "busy.branch"}
GUARDED_AS = {"open_link": "link", "import": "file"}  # what the guard says went wrong


class Page:
    """Binds an App to the document. Everything it is asked to do runs inside
    :meth:`guard`: an exception becomes a notice with its details, and the page goes on."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.shown: dict[str, str] = {}
        self.skeleton = ""  # the game screen's HTML with its parts emptied, as shown
        self.parts: dict[str, str] | None = None  # each part's HTML as shown
        self.settling = 0  # things left for after the frame (body[data-settling])
        self.tab = TabSession()  # the saved game this tab shows, its action (see resume)
        self.placing = False  # a placement was asked at the last redraw
        self.asking = False  # a question (data-autofocus) was shown at the last redraw
        self.pointer = False  # the last action came from a pointer (not from a key or form)
        self.moment: tuple[Any, ...] | None = None  # whose decision in which phase, last drawn
        self.timings = (0.0, 0.0, 0.0)  # the last redraw's: render, set HTML, the rest
        self._split = SplitOnce()  # (draw and _set_parts both split the screen's HTML)
        self.queue: list[Callable[[], None]] = []
        self.after_draw: list[Callable[[], None]] = []  # e.g. the bots' next slice (bot_loop)
        self.tools = PageTools(self).actions()  # the page's own actions (not the App's)
        self._tick = create_proxy(self._run_queue)
        self._frame = create_proxy(lambda *_: window.setTimeout(self._tick, 0))
        KEEP.extend((self._tick, self._frame))

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
        with speaking(self.app.words()):
            window.console.error(f"tm: an error while {t('fault.what.' + what)}\n{details}")
        self.app.tabs.state.fault = Fault(what, details)
        for step in (self.app.tabs.recover, self.app.tabs.abandon):
            try:
                step()
                self.draw()
                return
            except Exception:  # (the next, simpler state is tried)
                continue
        try:
            with speaking(self.app.words()):
                self._set("alerts", render_alerts(self.app.tabs.snapshot()))
            self._set("app", "")
            flag(document.body, "fault", True)
        except Exception:  # (nothing simpler is left to draw)
            pass

    # ------------------------------------------------------------ drawing
    def draw(self, whole: bool = False) -> None:
        """Set each region whose HTML changed, once, keeping keyboard focus in place. After
        a click (unless ``whole``), what lies below the fold out of sight (the hand, the
        milestones, the log, the players' tableaus, whichever the window does not show)
        keeps its last drawing and is drawn again right after the frame that shows the
        rest: the click's answer is on screen sooner."""
        focus = focused_key()
        started = float(window.performance.now())
        later = off_screen() if self.pointer and not whole and self.parts else []
        with stale_allowed(later):
            regions = self.app.render()
        if later and self._split(regions["app"])[0] != self.skeleton:
            later, regions = [], self.app.render()  # (another screen: drawn whole now)
        drawn = float(window.performance.now())
        for region, html in regions.items():
            self._set(region, html)
        self._set("lang", _language_picker(self.app.words()))
        set_title(self.app.tab_title())
        set_html = float(window.performance.now())
        asking, placing, sending = self._mark_body()
        moment = _moment(self.app)
        fresh = moment is not None and self.moment is not None and moment != self.moment
        settle = Settle(asking and not self.asking, focus, placing and not self.placing, fresh,
                        sending)
        self.asking, self.placing, self.moment = asking, placing, moment
        if settle.needed() and self.pointer:  # after the frame: laid out once, when drawn
            self.hold()
            self.later("event", lambda: self._settle(settle))
        elif settle.needed():  # (by keyboard the focus moves at once: the next key is its)
            settle.run()
        now = float(window.performance.now())
        self.timings = (drawn - started, set_html - drawn, now - set_html)
        for hook in self.after_draw:
            hook()
        if later:
            self.hold()
            self.later("event", self._draw_rest)
        if self.app.shown.screen == "handoff":  # (the next player's screen, drawn ahead)
            self.later("event", self.app.prepare_reveal)
        elif self.app.shown.screen == "game":  # (the next action's copy of the game, made ahead)
            self.hold()
            self.later("event", self._prepare_stage)

    def _mark_body(self) -> tuple[bool, bool, bool]:
        """The body's marks of what is shown (tests and static/boot.mjs read them); whether
        a question asks for the focus, a tile is being placed, a link to send appeared."""
        app = self.app
        game = app.shown.game  # how far the game shown is (tabs of one game can be compared)
        self.tab.remember(self.app)
        on = {True: "1", False: None}  # (a save is written after the frame: "saving")
        return mark_body({"screen": app.shown.screen,
                          "moves": None if game is None else str(len(game.moves)),
                          "busy": on[app.tabs.state.busy is not None],
                          "saving": on[app.tabs.state.save_due],
                          "fault": on[app.tabs.state.fault is not None],
                          "keep": self._kept_as()}, app.shown.screen in COVERED)

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

    def _kept_as(self) -> str:
        """What static/boot.mjs may keep of this screen for the next visit: "start"; "game" or
        "handoff" when reopening the saved game draws that screen (one player; between
        players the hand-off, never a hand); "" for anything else."""
        shown = self.app.shown
        if shown.screen == "start":
            return "start"
        if self.tab.open_id is None or shown.game is None:
            return ""
        if shown.screen == "handoff" or (shown.screen == "game"
                                         and shown.game.state.options.players == 1):
            return shown.screen
        return ""

    def reopen(self) -> bool:
        """At boot, without a link: open the saved game this tab showed at once, drawing
        nothing before it (static/boot.mjs shows its last screen meanwhile); whether it did."""
        open_id = None if str(window.location.hash or "") else self.tab.to_reopen(self.app)
        if open_id is not None:
            self._run("continue", self.tab.reopening(open_id))
        return open_id is not None

    def resume(self) -> None:
        """After a reload during a game: open that game again (the start screen otherwise)."""
        open_id = self.tab.to_reopen(self.app)
        if open_id is not None:
            self.act("continue", self.tab.reopening(open_id))

    def _set(self, region: str, html: str) -> None:
        if region == "app" and self._set_parts(html):
            return
        if self.shown.get(region) != html:
            element = document.getElementById(region)
            if missing(element):  # a page from before the region existed: add it on top
                element = document.createElement("div")
                element.id = region
                document.body.prepend(element)
            if not self._patch_first(element, html):
                let_go_of_focus_in(f"#{region}")
                element.innerHTML = html
            self.shown[region] = html

    @staticmethod
    def _patch_first(element: Any, html: str) -> bool:
        """Python's first drawing of the screen the page shows before it is up (the
        prerendered start screen, or the copy static/kept.js drew): only the nodes that
        differ are changed (static/screen.mjs), where setting innerHTML built the whole
        screen anew and the browser laid it all out again, a long task on a phone (issue
        46); whether it was done so."""
        patch: Any = getattr(window, "tmPatch", None)
        if missing(patch) or not element.classList.contains("prerendered"):
            return False
        patch(element, html)
        return True

    def switch_language(self, lang: str) -> None:
        """Show the page in ``lang`` now (a redraw, the game goes on) and remember it."""
        started = float(window.performance.now())
        chosen = self.app.use_language(lang)
        try:
            window.localStorage.setItem(STORAGE_KEY, chosen)
        except Exception:  # (no storage: the choice lasts until the page is closed)
            pass
        document.documentElement.lang = chosen
        language_font(chosen)
        self.draw()
        took = float(window.performance.now()) - started
        document.body.dataset.took = f"language {took:.0f}"
        document.body.dataset.langTook = f"{took:.1f}"

    def _set_parts(self, html: str) -> bool:
        """Replace only the changed parts of the screen when its skeleton is the one shown
        (see :mod:`tm.web.regions`); whether that was possible."""
        skeleton, parts = self._split(html)
        shown = self.parts
        if not parts or shown is None or skeleton != self.skeleton \
                or self.shown.get("app") is None:
            self.skeleton, self.parts = skeleton, parts
            self.shown.pop("app", None)
            return False
        changed = [name for name, content in parts.items() if shown.get(name) != content]
        patch: Any = getattr(window, "tmPatch", None)  # static/screen.mjs (loaded by boot.mjs)
        if changed and missing(patch):  # (tmPatch blurs only a focused node it removes)
            let_go_of_focus_in(",".join(f"#part-{name}" for name in changed))
        elif len(changed) > 1:  # the focused control's part first: any blur before a change
            changed.sort(key=str(window.tmFocusedPart()).__ne__)
        for name in changed:
            element = document.getElementById(f"part-{name}")
            if missing(element):  # (the skeleton holds every part: never expected)
                self.parts, self.shown["app"] = None, ""
                return False
            marked = f"<!--[{name}-->{parts[name]}<!--{name}]-->"  # (as part() draws it)
            if missing(patch):
                element.innerHTML = marked
            else:
                patch(element, marked)
            shown[name] = parts[name]
        self.shown["app"] = html
        return True

    def hold(self) -> None:
        """Something is left for after the frame (body[data-settling] until it is done)."""
        self.settling += 1
        if self.settling == 1:  # (each flag is a few calls into JavaScript)
            flag(document.body, "settling", True)

    def release(self) -> None:
        self.settling = max(0, self.settling - 1)
        if not self.settling:
            flag(document.body, "settling", False)

    # ------------------------------------------------------------ actions
    def act(self, action: str, data: dict[str, Any]) -> None:
        """Run an action and redraw; exports, copies and reloading are the page's own
        business; slow actions show that the page is working first."""
        self.app.tabs.flush_save()  # (an export or a copy reads the store)
        own = self.tools.get(action)
        if action == "choose_seat" and "seed" not in data and typed_passphrase():
            own = self.tools["seal_seat"]  # (a sealed seat with a recovery passphrase)
        if own is not None:
            own(data)
            return
        if action not in self.app.table:  # (a page older than its code: logged, dropped)
            window.console.error(f"tm: {UnknownAction(action)!r}")
            return
        if self.app.tabs.state.busy is not None:
            return  # one thing at a time: a click while working is dropped
        message = SLOW.get(action)
        if message is None:
            self._run(action, data)
            return
        self.app.tabs.state.busy, self.app.tabs.state.fault = message, None
        self.draw()

        def finish() -> None:
            self.app.tabs.state.busy = None
            self._run(action, data)

        self.later(GUARDED_AS.get(action, "event"), finish)

    def _run(self, action: str, data: dict[str, Any]) -> None:
        started = float(window.performance.now())
        self.app.tabs.state.fault = None
        self.app.handle(action, data)
        handled = float(window.performance.now()) - started
        self.draw()
        took = float(window.performance.now()) - started
        # Where the click's time went (the page benchmark prints it): the App's handling,
        # Python's rendering, writing the HTML, and the rest (the page's flags and reads).
        render, set_html, rest = self.timings
        document.body.dataset.parts = \
            f"{render:.1f} {set_html:.1f} {rest:.1f} {handled:.1f}"
        document.body.dataset.took = f"{action} {took:.0f}"
        if self.app.tabs.state.save_due:
            self.later("event", self.save)
        window.scrollTo(0, 0) if action in ("reveal", "new_game", "continue", "menu",
                                               "open_link", "import") else None

    def show_alerts(self) -> None:
        """Only #alerts drawn again (a job's progress: the screen under it is as it was)."""
        self._set("alerts", render_alerts(self.app.tabs.snapshot()))

    def finished(self) -> None:
        """A job run in slices is done: the page drawn, its save written after the frame."""
        self.draw()
        if self.app.tabs.state.save_due:
            self.later("event", self.save)

    def save(self) -> None:
        """The save put off while the move was drawn; drawn again if saving had news
        (a full store, another tab's newer moves)."""
        saving = self.app.tabs.save_state()
        before = (self.app.shown.notice, saving.unsaved, saving.conflict)
        self.app.tabs.flush_save()
        flag(document.body, "saving", False)
        if before != (self.app.shown.notice, saving.unsaved, saving.conflict):
            self.draw()

    def later(self, what: str, fn: Callable[[], None]) -> None:
        """Run ``fn`` (guarded) once the browser has painted: after the next frame, or
        after a quarter of a second where no frame comes (a tab in the background)."""
        def run() -> None:
            self.guard(what, fn)

        self.queue.append(run)
        window.requestAnimationFrame(self._frame)
        window.setTimeout(self._tick, 250)

    def _run_queue(self, *_: Any) -> None:
        while self.queue:
            self.queue.pop(0)()

    def heard(self, key: str | None, value: str | None) -> None:
        """Another tab wrote to the store."""
        if self.app.tabs.heard(key, value):
            self.draw()

    def open_hash(self) -> None:
        """Open the game of a ``#g=`` link in the address bar, if there is one."""
        fragment = str(window.location.hash or "")
        if fragment.startswith("#s="):  # a sealed game's: taken into this device's record
            window.history.replaceState(jsnull, "", address_without_fragment())
            self.act("open_link", {"text": fragment})
        elif fragment.startswith("#g="):
            if "&p=" in fragment:  # played by link: saved here once opened, so a reload
                # continues the save rather than reopening an older link
                window.history.replaceState(jsnull, "", address_without_fragment())
            self.act("open_link", {"text": fragment})


def _moment(app: App) -> tuple[Any, ...] | None:
    """Whose decision in which phase the game screen shows (None: not the game screen)."""
    game = app.play.shown_game()
    if app.shown.screen != "game" or game is None:
        return None
    return app.shown.viewer, game.state.phase, game.state.generation
