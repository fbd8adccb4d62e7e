"""A hint for a person: what the hard bot would do now, and why, as a record to translate.

``hint(view)`` takes the person's own view (nothing more: a hint knows what they know) and
returns ``{"choice": <one of the listed choices>, "reason": {"key": ..., ...}}``. The
reason's ``key`` names the kind of move (``hint.play_card``, ``hint.standard_project``,
``hint.convert_heat`` ...), with the card or project and the worth the bot saw in it, in
megacredits, so the page can say it in words.
"""
from __future__ import annotations

from typing import Any, TypedDict

from tm.bots import Bot
from tm.view_model import GameView, ListedChoice

HINT_SEED = 0  # hints need no randomness: the hard level has none


class Hint(TypedDict):
    """One of the listed choices, and why: ``key`` (``hint.<kind of move>``) and fields."""

    choice: ListedChoice
    reason: dict[str, Any]


def hint(view: GameView) -> Hint:
    """The hard bot's choice for the decision in ``view`` and its reason record."""
    bot = Bot("hard", HINT_SEED)
    choice, why = bot.think(view)
    reason: dict[str, Any] = {"key": f"hint.{why or 'choice'}"}
    for field in ("card", "project", "milestone", "award", "space", "tile"):
        if field in choice:
            reason[field] = choice[field]
    if bot.worth is not None:
        reason["worth"] = round(bot.worth)
    return {"choice": choice, "reason": reason}
