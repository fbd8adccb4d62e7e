"""Parts of the game screen drawn again only when what they show changed.

A page-only action (sorting the hand, opening a card's text) keeps the very same view
object (:class:`~tm.web.model.ViewCache`), so the board, the log and the milestones,
which depend only on the view and a few page settings, are taken from the last redraw
instead of being written out again: on a 5-player late game they are most of a redraw.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

_LAST: dict[str, tuple[Any, Hashable, str]] = {}


def region(name: str, view: Any, settings: Hashable, draw: Callable[[], str]) -> str:
    """The HTML of region ``name``: drawn by ``draw`` unless the same view object and equal
    ``settings`` drew it last time (a view is never changed once built)."""
    last = _LAST.get(name)
    if last is not None and last[0] is view and last[1] == settings:
        return last[2]
    html = draw()
    _LAST[name] = (view, settings, html)
    return html
