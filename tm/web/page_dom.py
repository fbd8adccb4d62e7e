"""The page's binding to the browser, and its work on the document itself: flags on the
body, keyboard focus, the cover over the game, scrolling the decision or the board into
view (DOM only, no App).

The one module of tm/web that reaches the browser: through PyScript (``document``,
``window``, :mod:`pyscript.ffi`), and Pyodide's ``jsnull`` and ``create_once_callable``,
which PyScript does not offer. The other page modules take them from here
(tests/web/test_web_imports.py checks no other module imports ``js``, ``pyscript`` or
``pyodide``). PyScript's package is imported by the time main.py runs (PyScript imports it
before the page's script), so this costs nothing more."""
from __future__ import annotations

import json
from typing import Any

from pyodide.ffi import create_once_callable, jsnull
from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from tm.web.i18n import SOFT_HYPHEN
from tm.web.regions import BELOW

__all__ = ["create_once_callable", "create_proxy", "document", "jsnull", "to_js", "window"]


def missing(value: Any) -> bool:
    """JavaScript null arrives as ``jsnull``, undefined as None: both mean absent."""
    return bool(is_none(value))


# Style sheets of the web fonts a language needs where the system may have none
# (scripts/build_fonts.py); static/boot.mjs links the same one early on a return visit.
FONT_SHEETS = {"ja": "static/fonts-ja.css"}


def address_without_fragment() -> str:
    """The page's address as it is, less its fragment (a link taken in: not kept in the
    address bar, so a reload does not take it again)."""
    return f"{window.location.pathname}{window.location.search}"


def language_font(lang: str) -> None:
    """Link the font style sheet of ``lang`` (once; nothing for the other languages, so
    their pages fetch no font). app.css uses its face only under html:lang(ja)."""
    sheet = FONT_SHEETS.get(lang)
    if sheet is None or not missing(document.getElementById(f"font-{lang}")):
        return
    link = document.createElement("link")
    link.id, link.rel, link.href = f"font-{lang}", "stylesheet", sheet
    document.head.append(link)


def set_title(title: str) -> None:
    """The tab's title (set only when it changes: one call into JavaScript a redraw),
    without the soft hyphens of long German words (a title never breaks a line)."""
    title = title.replace(SOFT_HYPHEN, "")
    if str(document.title) != title:
        document.title = title


def flag(element: Any, name: str, on: bool) -> None:
    """Set ``data-<name>="1"`` on ``element``, or remove it."""
    flag_attr(element, f"data-{name}", "1" if on else None)

_FOCUS_KEYS = ("action", "index", "card", "save", "space", "delta", "pos")


def focused_key() -> str | None:
    """:func:`focus_key` of the focused element (static/screen.mjs reads it in one call)."""
    read: Any = getattr(window, "tmFocusKey", None)
    if missing(read):
        return focus_key(document.activeElement)
    found = read()
    return None if missing(found) else str(found)


def focus_key(element: Any) -> str | None:
    """A selector for the focused control inside #app (None when focus is elsewhere)."""
    if missing(element) or missing(getattr(element, "closest", None)) or missing(
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

    def __init__(self, asked: bool, focus: str | None, placing: bool, fresh: bool = False,
                 sending: bool = False) -> None:
        self.asked, self.focus, self.placing = asked, focus, placing
        self.fresh = fresh  # another player's decision, or another phase: shown from its top
        self.sending = sending  # a link to send appeared: shown (on a phone it lies far up)

    def needed(self) -> bool:
        return self.asked or self.focus is not None or self.placing or self.fresh \
            or self.sending

    def run(self) -> None:
        active = document.activeElement  # (unless someone moved the focus meanwhile)
        free = missing(active) or active == document.body or \
            focus_key(active) == self.focus
        asking = document.querySelector("#app [data-autofocus]")
        if self.asked and not missing(asking):  # a question just asked: its answer
            _focus(asking)  # takes the focus (once: later redraws leave it where it is)
        elif self.focus is not None and free:
            _refocus(self.focus)
        if self.placing and placing_now():
            _show_board()
        elif self.sending:
            _show_top_of(document.getElementById("send-title"))
        elif self.fresh:
            _show_top_of(document.querySelector("#app .prompt"))


def off_screen() -> list[str]:
    """The regions below the fold (tm/web/screens.py BELOW) that the window does not show
    now, measured before anything is redrawn (the layout is the last frame's own)."""
    measure: Any = getattr(window, "tmOffScreen", None)  # static/screen.mjs: one call, not a dozen
    if not missing(measure):
        return str(measure(_BELOW_JSON)).split()
    found = []
    height = window.innerHeight
    for name, selector in BELOW.items():
        box = document.querySelector(f"#app {selector}")
        if not missing(box):
            rect = box.getBoundingClientRect()
            if rect.top >= height or rect.bottom <= 0:
                found.append(name)
    return found


_BELOW_JSON = json.dumps(BELOW)

# Screens where a cover lies over the game (app.css .screen-body).
COVERED = ("handoff", "seat", "older")

FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])"


def mark_body(marks: dict[str, str | None], covered: bool) -> tuple[bool, bool, bool]:
    """Set the body's ``data-*`` marks (None: removed) and :func:`cover` the game or not;
    whether a question asks for the focus, whether a tile is being placed, and whether a
    link to send has just appeared (the move sent the game on). One call into
    static/screen.mjs (a dozen from Python each cost more than the work)."""
    mark: Any = getattr(window, "tmMarkBody", None)
    if not missing(mark):
        found = str(mark("\n".join(name if value is None else f"{name}={value}"
                                    for name, value in marks.items()), covered))
        return found[0] == "1", found[1] == "1", found[2:3] == "1"
    body = document.body
    for name, value in marks.items():
        flag_attr(body, f"data-{name}", value)
    cover(covered)  # (without screen.mjs the page never scrolls to a link to send)
    return not missing(document.querySelector("#app [data-autofocus]")), placing_now(), False


def cover(on: bool) -> None:
    """Hide the game under a cover from screen readers (or show it again)."""
    screen = document.querySelector("#app .screen-body")
    if not missing(screen):
        flag_attr(screen, "aria-hidden", "true" if on else None)


def flag_attr(element: Any, name: str, value: str | None) -> None:
    """Set attribute ``name`` to ``value`` unless it has it already (None: remove it)."""
    if value is None:
        element.removeAttribute(name)
    elif element.getAttribute(name) != value:
        element.setAttribute(name, value)


def tab_in_cover(event: Any) -> None:
    """Tab and Shift+Tab go round the cover's controls, never to the game under it."""
    found = document.querySelectorAll(f"#part-cover {FOCUSABLE}")
    active = document.activeElement
    if found.length == 0:
        event.preventDefault()
        return
    first, last = found.item(0), found.item(found.length - 1)
    inside = not missing(active) and not missing(active.closest("#part-cover"))
    if not inside or (event.shiftKey and active == first):
        event.preventDefault()
        (last if event.shiftKey and inside else first).focus()
    elif not event.shiftKey and active == last:
        event.preventDefault()
        first.focus()


def let_go_of_focus_in(selector: str) -> None:
    """Blur the focused control if it lies in what is about to be replaced (the redraw
    focuses it again, or its successor): removed while focused, Chromium lays the page
    out at once, in the middle of the redraw; blurred first, there is nothing to lay
    out yet, and the page is laid out once, when it is complete."""
    active = document.activeElement
    if missing(active) or missing(getattr(active, "closest", None)):
        return
    try:
        inside = active.closest(selector)
    except Exception:  # (a selector the browser refuses: nothing is blurred)
        return
    if not missing(inside):
        active.blur()


def _refocus(selector: str) -> None:
    """Focus the same control again, or else the first choice of the new decision."""
    for query in (selector, ".prompt [data-action]", "#app [data-action]"):
        try:
            target = document.querySelector(query)
        except Exception:  # a selector built from odd data values
            target = None
        if not missing(target) and query != "#app" and not getattr(target, "disabled", False):
            _focus(target)
            return


def _focus(target: Any) -> None:
    """Focus without scrolling: the page stays where the player was looking (a focused
    End turn far below would otherwise pull the page away after every click)."""
    target.focus(window.Object.fromEntries([["preventScroll", True]]))


def placing_now() -> bool:
    """Whether the decision shown is where to place a tile."""
    return not missing(document.querySelector('#app .prompt[data-kind="space"]'))


def _show_top_of(element: Any) -> None:
    """A new phase's decision (research after the last pass, the first actions after the
    setup), or the link to send that a move has just made: its top brought into view
    below the status strip when the page was left scrolled past it or short of it (within
    an action the page never moves)."""
    if missing(element):
        return
    top = float(element.getBoundingClientRect().top)
    strip = document.querySelector("#app .status-strip")
    under = 0.0 if missing(strip) else float(strip.getBoundingClientRect().bottom)
    if top < under or top > 0.75 * float(window.innerHeight):
        window.scrollBy(0, top - under - 8)


def _show_board() -> None:
    """A tile is to be placed: bring the board into view if most of it is not (on a
    phone the board sits apart from the list of actions and has scrolled away)."""
    board = document.querySelector("#app .board")
    if missing(board):
        return
    box = board.getBoundingClientRect()
    height = float(window.innerHeight)
    seen = min(float(box.bottom), height) - max(float(box.top), 0.0)
    if seen < 0.6 * min(float(box.height), height):
        board.scrollIntoView(window.Object.fromEntries([["block", "start"]]))
    _centre_legal(board)


def _centre_legal(board: Any) -> None:
    """On a phone the board being picked on is wider than its frame (app.css: each space
    44 px across): scroll the frame sideways to the middle of the legal spaces."""
    frame = board.closest(".board-wrap")
    if missing(frame) or float(frame.scrollWidth) <= float(frame.clientWidth) + 1:
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


NEW_VERSION_ID = "new-version"


def new_version_notice(message: str, reload: str, later: str) -> tuple[Any, Any, Any] | None:
    """Show, above the page's notices, that a new version of the site is ready (its text and
    its two buttons' labels given, already translated); the notice and its Reload and Later
    buttons, or None when it is already shown. Outside #alerts, which every redraw
    replaces; built with textContent: nothing is parsed as HTML."""
    if not missing(document.getElementById(NEW_VERSION_ID)):
        return None
    notice = document.createElement("div")
    notice.id, notice.className = NEW_VERSION_ID, "notice info new-version"  # (news, no alarm)
    notice.setAttribute("role", "status")
    text = document.createElement("p")
    text.textContent = message
    actions = document.createElement("p")
    actions.className = "notice-actions"
    buttons = []
    for label, kind in ((reload, "primary"), (later, "")):
        made = document.createElement("button")
        made.type, made.className, made.textContent = "button", kind, label
        actions.append(made)
        buttons.append(made)
    notice.append(text, actions)
    document.getElementById("alerts").before(notice)
    return notice, buttons[0], buttons[1]


def relabel_new_version(message: str, reload: str, later: str) -> bool:
    """Give the new-version notice its words in the page's language again (after the
    language was switched: the notice lies outside the redrawn regions); whether it shows."""
    notice = document.getElementById(NEW_VERSION_ID)
    if missing(notice):
        return False
    nodes = [notice.querySelector("p"), *notice.querySelectorAll("button")]
    for node, words in zip(nodes, (message, reload, later), strict=False):
        if not missing(node) and node.textContent != words:
            node.textContent = words
    return True
