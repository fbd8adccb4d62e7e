"""The page's own ways of looking at cards: how the hand is sorted and filtered, and the
card whose full text is open. None of it is game state (a redraw or another player's
turn keeps it, a new game resets nothing that matters).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tm.cards import card
from tm.web.app_base import Actions, Controller, Host
from tm.web.model import HandPrefs

HAND_SORTS: tuple[str, ...] = ("playable", "cost", "tag", "name")


def _known_card(name: Any) -> str | None:
    """``name`` when it names a card definition (public data), else None."""
    try:
        return card(str(name)).name
    except (KeyError, ValueError):
        return None


@dataclass
class HandState:
    """The hand's order and tag filter, and the card whose full text is open."""

    sort: str = "playable"
    tag: str | None = None  # show only cards with this tag ("none": untagged)
    reading: str | None = None  # the card whose full text is open


class HandController(Controller):
    """Sort and filter the hand; open and close a card's full text."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = HandState()

    def actions(self) -> Actions:
        return {"hand_sort": self.sort, "hand_tag": self.tag, "read_card": self.read_card,
                "close_card": self.close_card}

    def snapshot(self) -> HandPrefs:
        """The hand's settings, frozen for one redraw."""
        return HandPrefs(self.state.sort, self.state.tag, self.state.reading)

    def forget_glances(self) -> None:
        """Whatever the player does next closes an open card."""
        self.state.reading = None

    def sort(self, data: dict[str, Any]) -> None:
        by = str(data.get("by") or "")
        if by in HAND_SORTS:
            self.state.sort = by

    def tag(self, data: dict[str, Any]) -> None:
        tag = str(data.get("tag") or "")
        # The chip of the tag shown turns the filter off again.
        self.state.tag = None if not tag or tag == "all" or tag == self.state.tag else tag[:40]

    def read_card(self, data: dict[str, Any]) -> None:
        self.state.reading = _known_card(data.get("card"))

    def close_card(self, data: dict[str, Any]) -> None:
        self.state.reading = None
