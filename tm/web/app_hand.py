"""The page's own ways of looking at cards: how the hand is sorted and filtered, and the
card whose full text is open. A mixin of :class:`tm.web.app.App`; none of it is game
state (a redraw or another player's turn keeps it, a new game resets nothing that matters).
"""
from __future__ import annotations

from typing import Any

from tm.cards import card

HAND_SORTS: tuple[str, ...] = ("playable", "cost", "tag", "name")


def _known_card(name: Any) -> str | None:
    """``name`` when it names a card definition (public data), else None."""
    try:
        return card(str(name)).name
    except (KeyError, ValueError):
        return None


class HandActions:
    """Sort and filter the hand; open and close a card's full text; whether the shown
    link has been copied."""

    hand_sort: str = "playable"
    hand_tag: str | None = None  # show only cards with this tag ("none": untagged)
    reading: str | None = None  # the card whose full text is open
    link_copied: bool = False  # the clipboard took the shown link (the page says "Copied")

    def forget_glances(self) -> None:
        """Whatever the player does next closes an open card and the "Copied" note."""
        self.reading, self.link_copied = None, False

    def _on_hand_sort(self, data: dict[str, Any]) -> None:
        by = str(data.get("by") or "")
        if by in HAND_SORTS:
            self.hand_sort = by

    def _on_hand_tag(self, data: dict[str, Any]) -> None:
        tag = str(data.get("tag") or "")
        # The chip of the tag shown turns the filter off again.
        self.hand_tag = None if not tag or tag == "all" or tag == self.hand_tag else tag[:40]

    def _on_read_card(self, data: dict[str, Any]) -> None:
        self.reading = _known_card(data.get("card"))

    def _on_close_card(self, data: dict[str, Any]) -> None:
        self.reading = None
