"""Parts of the game screen drawn again only when what they show changed.

A page-only action (sorting the hand, opening a card's text) keeps the very same view
object (:class:`~tm.web.model.ViewCache`), so regions that depend only on the view and a
few page settings are taken from the last redraw (:func:`region`); after a move the view
is new but most of it is equal to the last, so regions are also kept by the equality of
what they are drawn from (:func:`region_of`, :func:`drawn_for`).

What is kept belongs to one renderer (:class:`tm.web.render.Renderer`, held by the App):
its :class:`Kept` is the one these functions use while it draws (:func:`drawing_with`);
drawn outside a renderer, nothing is kept and everything is drawn afresh.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, ParamSpec, TypeVar, cast

from tm.view_model import GameView

T = TypeVar("T")
P = ParamSpec("P")
MEMO_MAX = 4096  # drawings of single cards kept (a renderer's memo starts afresh beyond)


class Kept:
    """What one renderer kept of its earlier drawings, in one language."""

    def __init__(self) -> None:
        # What each region showed last: by the view object it was drawn from (and
        # settings), or by everything it was drawn from (compared by equality).
        self.by_view: dict[str, tuple[Any, Hashable, Any]] = {}
        self.by_inputs: dict[str, tuple[Any, Any]] = {}
        self.last: dict[str, str] = {}  # each region of BELOW as last drawn
        self.memo: dict[tuple[Any, ...], Any] = {}  # see :func:`memo`
        self.work: dict[str, Any] = {}  # language-free work by name (see :func:`kept_work`)

    @contextmanager
    def unseen(self) -> Iterator[None]:
        """A drawing nobody sees (one made ahead): the regions below the fold keep their
        last drawing as shown, so the next click may still leave them as they are on
        screen for a frame (drawing them ahead would move their drawing into that click)."""
        shown = dict(self.last)
        try:
            yield
        finally:
            self.last.clear()
            self.last.update(shown)


_DRAWING: ContextVar[Kept | None] = ContextVar("tm_web_kept", default=None)
_STALE: ContextVar[frozenset[str]] = ContextVar("tm_web_stale", default=frozenset())


@contextmanager
def drawing_with(kept: Kept) -> Iterator[None]:
    """While one renderer draws: the regions kept are its own."""
    token = _DRAWING.set(kept)
    try:
        yield
    finally:
        _DRAWING.reset(token)


def region(name: str, view: Any, settings: Hashable, draw: Callable[[], T]) -> T:
    """The HTML of region ``name`` (or of several, drawn together): drawn by ``draw`` unless
    the same view object and equal ``settings`` drew it last time (a view is never changed
    once built)."""
    kept = _DRAWING.get()
    if kept is None:
        return draw()
    last = kept.by_view.get(name)
    if last is not None and last[0] is view and last[1] == settings:
        return cast(T, last[2])
    html = draw()
    kept.by_view[name] = (view, settings, html)
    return html


def region_of(name: str, view: GameView, keys: tuple[str, ...], settings: Hashable,
              draw: Callable[[GameView], str]) -> str:
    """The HTML of region ``name``, drawn by ``draw`` from the view's ``keys`` alone (it is
    given only those: reading any other part of the view is an error, so the region can
    never show something stale) unless they and ``settings`` are equal to last time's.
    A move or a staged step builds a new view where most parts are equal to the last
    one's: comparing them costs a fraction of drawing them again."""
    values = tuple(view.get(key) for key in keys)
    return drawn_for(name, (values, settings),  # (a view of ``keys`` alone, typed as a view)
                     lambda: draw(cast(GameView, {key: value for key, value
                                                  in zip(keys, values, strict=True)
                                                  if key in view})))


def drawn_for(name: str, inputs: Any, draw: Callable[[], T]) -> T:
    """What region ``name`` shows: drawn by ``draw`` unless ``inputs`` (everything the
    drawing depends on) equal last time's."""
    kept = _DRAWING.get()
    if kept is None:
        return draw()
    last = kept.by_inputs.get(name)
    if last is not None and last[0] == inputs:
        return cast(T, last[1])
    drawn = draw()
    kept.by_inputs[name] = (inputs, drawn)
    return drawn


def memo(fn: Callable[P, T]) -> Callable[P, T]:
    """``fn`` (a pure function of static data and the words of the language drawn in)
    remembered by its arguments in the drawing renderer's :class:`Kept`."""
    @wraps(fn)
    def kept_call(*args: P.args, **kwargs: P.kwargs) -> T:
        kept = _DRAWING.get()
        if kept is None:
            return fn(*args, **kwargs)
        key = (fn, args, tuple(kwargs.items()))
        found = kept.memo.get(key, kept)
        if found is not kept:
            return cast(T, found)
        if len(kept.memo) >= MEMO_MAX:
            kept.memo.clear()
        value = kept.memo[key] = fn(*args, **kwargs)
        return value
    return kept_call


# The regions below the fold of the game screen, by the box that holds each one there
# (tm/web/screens.py): the page may show one of them as last drawn for a frame while the
# window does not show it (:func:`stale_allowed`).
BELOW: dict[str, str] = {"hand": ".hand-below", "standings": ".ma-below", "log": ".log",
                         "panels": ".players"}


@contextmanager
def stale_allowed(names: Iterable[str]) -> Iterator[None]:
    """While drawing, regions ``names`` (of :data:`BELOW`) may be given as last drawn:
    the page draws them again right after the frame (they lie out of the window's sight)."""
    token = _STALE.set(frozenset(names))
    try:
        yield
    finally:
        _STALE.reset(token)


def unless_stale(name: str, draw: Callable[[], str]) -> str:
    """Region ``name`` as last drawn while it may be shown stale (:func:`stale_allowed`),
    else drawn (and kept as its last drawing)."""
    kept = _DRAWING.get()
    if kept is None:
        return draw()
    if name in _STALE.get() and name in kept.last:
        return kept.last[name]
    html = draw()
    kept.last[name] = html
    return html


def kept_work(name: str) -> Any:
    """What the renderer drawing now kept under ``name`` from its earlier drawings (work
    a module may reuse, such as the log's grouping); None when nothing is kept or no
    renderer is drawing."""
    kept = _DRAWING.get()
    return None if kept is None else kept.work.get(name)


def keep_work(name: str, value: Any) -> None:
    """Keep ``value`` under ``name`` with the renderer drawing now (nothing outside one)."""
    kept = _DRAWING.get()
    if kept is not None:
        kept.work[name] = value


# ---------------------------------------------------------------- parts of the document
# A part is a piece of the game screen the page can replace on its own: the renderers
# wrap it with :func:`part`, and the page (tm/web/browser.py) compares the screen's
# skeleton (its HTML with every part emptied) with the last one; while the skeleton is
# the same it replaces only the parts whose HTML changed, so the browser parses, styles
# and lays out those alone (a move redraws the strip, the decision and the log, not the
# board and five players' tableaus).
def part(name: str, html: str) -> str:
    """``html`` as the replaceable part ``name`` (a box-less wrapper: see ``.part``)."""
    return (f'<div class="part" id="part-{name}"><!--[{name}-->{html}<!--{name}]-->'
            "</div>")


def split_parts(html: str) -> tuple[str, dict[str, str]]:
    """The skeleton of ``html`` (every part emptied) and each part's HTML by name (a part
    inside another stays in its content). Plain ``str.find`` scans: a regular expression
    with a back-reference took a third of a move's Python time on a 5-player screen."""
    found: dict[str, str] = {}
    pieces: list[str] = []
    done = 0
    while True:
        start = html.find("<!--[", done)
        if start < 0:
            break
        opened = html.find("-->", start + 5)
        name = html[start + 5:opened] if opened >= 0 else ""
        closing = f"<!--{name}]-->"
        end = html.find(closing, opened + 3) if name.isidentifier() else -1
        if end < 0:  # (not a part's marker: left as it is)
            pieces.append(html[done:start + 5])
            done = start + 5
            continue
        found[name] = html[opened + 3:end]
        pieces.append(html[done:opened + 3])
        pieces.append(closing)
        done = end + len(closing)
    pieces.append(html[done:])
    return "".join(pieces), found


class SplitOnce:
    """:func:`split_parts` remembering its last answer (for the same string object)."""

    def __init__(self) -> None:
        self.html: str | None = None
        self.found: tuple[str, dict[str, str]] = ("", {})

    def __call__(self, html: str) -> tuple[str, dict[str, str]]:
        if self.html is not html:
            self.html, self.found = html, split_parts(html)
        return self.found
