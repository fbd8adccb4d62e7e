"""Prompts: the decisions a player can be asked for, as data with a ``kind``.

A queued ask is a plain dict; :class:`Prompt` wraps it with ``choices()``
(the legal responses, JSON-ready) and ``check()`` (turns a response into its
clean form or raises :class:`IllegalMove` naming the rule). Kinds: action,
space, cards (several; ``min``/``max``), card (one), player, amount, pay,
option. Every response is a dict with a ``type`` key.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tm import actions
from tm.errors import IllegalMove
from tm.payment import check_payment, payment_choices
from tm.state import GameState

KINDS: tuple[str, ...] = ("action", "space", "cards", "card", "player", "amount", "pay", "option")


class Prompt:
    """A decision one player must make now."""

    __slots__ = ("_g", "data", "player")

    def __init__(self, g: GameState, player: int, data: dict[str, Any]) -> None:
        self._g = g
        self.player = player
        self.data = data

    @property
    def kind(self) -> str:
        """What sort of decision this is (one of :data:`KINDS`)."""
        return str(self.data["kind"])

    @property
    def purpose(self) -> str:
        """What the answer is for (the handler name, e.g. ``buy_cards``)."""
        return str(self.data["on"])

    @property
    def min(self) -> int:
        """Fewest items a multi-select (``cards``) response may hold."""
        return int(self.data.get("min", 0))

    @property
    def max(self) -> int:
        """Most items a multi-select (``cards``) response may hold."""
        return int(self.data.get("max", 0))

    def choices(self) -> list[dict[str, Any]]:
        """The legal responses (for ``cards``: the single picks to combine)."""
        return CHOICES[self.kind](self._g, self.player, self.data)

    def check(self, response: Any) -> dict[str, Any]:
        """The response in clean form, or IllegalMove (nothing is changed)."""
        if not isinstance(response, dict) or not isinstance(response.get("type"), str):
            raise IllegalMove("a response is a dict with a 'type'", "R-ACT-1")
        return CHECKS[self.kind](self._g, self.player, self.data, response)

    def __repr__(self) -> str:
        return f"Prompt(player={self.player}, kind={self.kind!r}, purpose={self.purpose!r})"


def _action_choices(g: GameState, p: int, d: dict[str, Any]) -> list[dict[str, Any]]:
    return actions.choices(g, p)


def _space_choices(g: GameState, p: int, d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "space", "space": s} for s in d["spaces"]]


def _card_choices(g: GameState, p: int, d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "card", "card": c} for c in d["cards"]]


def _player_choices(g: GameState, p: int, d: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = [{"type": "player", "player": q} for q in d["players"]]
    return found + ([{"type": "none"}] if d.get("optional") else [])


def _amount_choices(g: GameState, p: int, d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "amount", "amount": n} for n in range(d["min"], d["max"] + 1)]


def _option_choices(g: GameState, p: int, d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "option", "option": i} for i in d["open"]]


def _pay_choices(g: GameState, p: int, d: dict[str, Any]) -> list[dict[str, Any]]:
    return payment_choices(g, p, d)


CHOICES: dict[str, Callable[[GameState, int, dict[str, Any]], list[dict[str, Any]]]] = {
    "action": _action_choices,
    "space": _space_choices,
    "cards": _card_choices,
    "card": _card_choices,
    "player": _player_choices,
    "amount": _amount_choices,
    "pay": _pay_choices,
    "option": _option_choices,
}


def _expect(response: dict[str, Any], kind: str) -> None:
    if response["type"] != kind:
        raise IllegalMove(f"expected a {kind!r} response", "R-ACT-1")


def _check_action(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    why = actions.why_not(g, p, r)
    if why is not None:
        raise IllegalMove(why[0], why[1])
    return actions.clean(r)


def _check_space(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    _expect(r, "space")
    if r.get("space") not in d["spaces"]:
        raise IllegalMove("that space is not legal for this tile",
                          "R-TILE-1" if d.get("tile") == "ocean" else "R-TILE-2")
    return {"type": "space", "space": r["space"]}


def _check_cards(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    _expect(r, "cards")
    picked = r.get("cards")
    if not isinstance(picked, list) or not all(isinstance(c, str) for c in picked):
        raise IllegalMove("'cards' must be a list of card names", "R-ACT-1")
    if len(set(picked)) != len(picked) or any(c not in d["cards"] for c in picked):
        raise IllegalMove("pick each offered card at most once", "R-GEN-3")
    if not d["min"] <= len(picked) <= d["max"]:
        rule = "R-GEN-3" if d.get("price") else "R-GEN-4"
        raise IllegalMove(f"pick between {d['min']} and {d['max']} cards", rule)
    offered = d["cards"]
    return {"type": "cards", "cards": [c for c in offered if c in picked]}  # offered order


def _check_card(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    _expect(r, "card")
    if r.get("card") not in d["cards"]:
        raise IllegalMove("that card is not one of the choices", "R-SETUP-4")
    return {"type": "card", "card": r["card"]}


def _check_player(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    if r["type"] == "none" and d.get("optional"):
        return {"type": "none"}
    _expect(r, "player")
    if r.get("player") not in d["players"]:
        raise IllegalMove("that player cannot be targeted", "R-PROD-3")
    return {"type": "player", "player": r["player"]}


def _check_amount(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    _expect(r, "amount")
    n = r.get("amount")
    if not isinstance(n, int) or isinstance(n, bool) or not d["min"] <= n <= d["max"]:
        raise IllegalMove(f"amount must be from {d['min']} to {d['max']}", "R-PROD-1")
    return {"type": "amount", "amount": n}


def _check_option(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    _expect(r, "option")
    if r.get("option") not in d["open"]:
        raise IllegalMove("that option is not available", "R-CARD-2")
    return {"type": "option", "option": r["option"]}


def _check_pay(g: GameState, p: int, d: dict[str, Any], r: dict[str, Any]) -> dict[str, Any]:
    _expect(r, "pay")
    return check_payment(g, p, d, r)


CHECKS: dict[str, Callable[[GameState, int, dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
    "action": _check_action,
    "space": _check_space,
    "cards": _check_cards,
    "card": _check_card,
    "player": _check_player,
    "amount": _check_amount,
    "pay": _check_pay,
    "option": _check_option,
}
