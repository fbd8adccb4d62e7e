"""The undo-by-link controller's own state (:mod:`tm.web.app_linkundo`), shared by the
parts it is made of (forks mended: :mod:`tm.web.app_linkmend`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tm.game import Game
from tm.web.linkundo import Request


@dataclass
class Mend:
    """A link that forks from this device's game and may replace it: the game it holds,
    its parameters, and where the two histories part."""

    game: Game
    params: dict[str, str]
    parts_at: int


@dataclass
class LinkUndoState:
    """The undo-by-link controller's own state."""

    incoming: Request | None = None  # a request this seat is asked to answer
    note: str | None = None  # what came of a request (accepted, refused and why)
    mend: Mend | None = None  # the fork shown, when this device may adopt it
    link: tuple[Any, int, Any, str] | None = None  # (game, moves, message, its link)
