"""Parts of the game screen drawn again only when what they show changed.

A page-only action (sorting the hand, opening a card's text) keeps the very same view
object (:class:`~tm.web.model.ViewCache`), so the board, the log and the milestones,
which depend only on the view and a few page settings, are taken from the last redraw
instead of being written out again: on a 5-player late game they are most of a redraw.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar, cast

T = TypeVar("T")

_LAST: dict[str, tuple[Any, Hashable, Any, tuple[Any, ...] | None]] = {}


def region(name: str, view: Any, settings: Hashable, draw: Callable[[], str]) -> str:
    """The HTML of region ``name``: drawn by ``draw`` unless the same view object and equal
    ``settings`` drew it last time (a view is never changed once built)."""
    last = _LAST.get(name)
    if last is not None and last[0] is view and last[1] == settings:
        return last[2]
    html = draw()
    _LAST[name] = (view, settings, html, None)
    return html


def region_of(name: str, view: Mapping[str, Any], keys: tuple[str, ...], settings: Hashable,
              draw: Callable[[Mapping[str, Any]], str]) -> str:
    """The HTML of region ``name``, drawn by ``draw`` from the view's ``keys`` alone (it is
    given only those: reading any other part of the view is an error, so the region can
    never show something stale) unless they and ``settings`` are equal to last time's.
    A move or a staged step builds a new view where most parts are equal to the last
    one's: comparing them costs a fraction of drawing them again."""
    values = tuple(view.get(key) for key in keys)
    return drawn_for(name, (values, settings),
                     lambda: draw({key: value for key, value in zip(keys, values, strict=True)
                                   if key in view}))


def drawn_for(name: str, inputs: Any, draw: Callable[[], T]) -> T:
    """What region ``name`` shows: drawn by ``draw`` unless ``inputs`` (everything the
    drawing depends on) equal last time's."""
    last = _LAST.get(name)
    if last is not None and last[3] is not None and last[3] == (inputs,):
        return cast(T, last[2])
    drawn = draw()
    _LAST[name] = (None, None, drawn, (inputs,))
    return drawn


def forget() -> None:
    """Draw every region afresh next time (tests compare kept and fresh drawings)."""
    _LAST.clear()


# ---------------------------------------------------------------- parts of the document
# A part is a piece of the game screen the page can replace on its own: the renderers
# wrap it with :func:`part`, and the page (tm/web/browser.py) compares the screen's
# skeleton (its HTML with every part emptied) with the last one; while the skeleton is
# the same it replaces only the parts whose HTML changed, so the browser parses, styles
# and lays out those alone (a move redraws the strip, the decision and the log, not the
# board and five players' tableaus).
_PART = re.compile(r"<!--\[(\w+)-->(.*?)<!--\1\]-->", re.DOTALL)


def part(name: str, html: str) -> str:
    """``html`` as the replaceable part ``name`` (a box-less wrapper: see ``.part``)."""
    return (f'<div class="part" id="part-{name}"><!--[{name}-->{html}<!--{name}]-->'
            "</div>")


def split_parts(html: str) -> tuple[str, dict[str, str]]:
    """The skeleton of ``html`` (every part emptied) and each part's HTML by name."""
    found: dict[str, str] = {}

    def empty(match: re.Match[str]) -> str:
        found[match.group(1)] = match.group(2)
        return f"<!--[{match.group(1)}--><!--{match.group(1)}]-->"

    return _PART.sub(empty, html), found
