"""Colonies' words in the card notation (:mod:`tm.cards.dsl`): its steps (a colony built,
trade fleets gained, a free trade), its countables and requirement kinds (colonies in play,
resources on your cards) and its trigger (a colony built). Each builds the plain record
the interpreter reads; the kinds they name are this expansion's entries (``colony``,
``fleet``, ``trade``: :mod:`tm.expansions.colonies.colony` and ``trade``; ``colony``,
``card_res``: :mod:`tm.expansions.colonies.countables`).
"""
from __future__ import annotations

from typing import Any

from tm.cards.dsl import Effect, Req, Step


def colony(dup: bool = False) -> Step:
    """Build a colony on a colony tile (R-COL-3); ``dup``: even on a tile where you have one."""
    return {"k": "colony", "dup": dup}


def fleet(count: int = 1) -> Step:
    """Gain trade fleets for the rest of the game (R-COL-4)."""
    return {"k": "fleet", "count": count}


def trade_free() -> Step:
    """Trade with a colony tile without paying the fee (a free fleet is still needed)."""
    return {"k": "trade", "free": True}


def per_colony(scope: str = "self", div: int = 1) -> dict[str, Any]:
    """Colonies in play: your own (``self``) or everyone's (``all``)."""
    return {"per": "colony", "scope": scope, "div": div}


def per_card_res(rtype: str, div: int = 1) -> dict[str, Any]:
    """Resources of a kind on all your cards."""
    return {"per": "card_res", "rtype": rtype, "div": div}


def colonies_req(count: int, at_most: bool = False) -> Req:
    """At least (or, ``at_most``, at most) ``count`` colonies of your own."""
    return {"r": "colony", "scope": "self", ("max" if at_most else "count"): count}


def card_res_req(rtype: str, count: int) -> Req:
    """At least ``count`` resources of a kind on your cards."""
    return {"r": "card_res", "rtype": rtype, "count": count}


def on_colony(then: list[Step], by: str = "any") -> Effect:
    """Trigger when a colony is built (``by`` any player or only yourself)."""
    return {"e": "on_colony", "by": by, "then": then}
