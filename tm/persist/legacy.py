"""Reading moves recorded by the format-1 engine (share links made before format 2).

A format-1 link stored each move as its index among that engine's ``choices()``. The
prompts have changed since (setup is one decision, selections and payments are built
step by step, draft picks are single cards), so this module rebuilds what the old list
looked like from today's prompt and returns the response the code stood for, in the
whole-selection form today's prompts still accept. Raises ValueError when the code does
not fit.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from tm.board.parameters import is_maxed
from tm.cards import card
from tm.core.errors import reason
from tm.core.state import GameState
from tm.prompts.kinds import Prompt
from tm.vocab.kinds import PROD_FLOOR

T = TypeVar("T")

# Asks that were multi-card selections (a bit mask per move) in format 1, now single picks.
_WAS_SELECTION = ("draft", "keep_cards")
# Corporations whose owner earned less MC per production phase under format 1's rules:
# Saturn Systems started without the MC production its own Jovian tag gives (rules 2).
_FORMAT1_INCOME = {"Saturn Systems": 1}


@contextmanager
def _as_in_format1(g: GameState, p: int) -> Iterator[None]:
    """Player ``p``'s MC as format 1's rules had it, while its lists are rebuilt."""
    pl = g.players[p]
    lost = _FORMAT1_INCOME.get(pl.corporation or "", 0) * sum(
        1 for entry in g.log if entry["key"] == "production")
    pl.res["megacredits"] -= lost
    try:
        yield
    finally:
        pl.res["megacredits"] += lost


def format1_move(g: GameState, prompt: Prompt, code: int) -> dict[str, Any]:
    """The response a format-1 move code stands for at ``prompt`` of the game ``g``."""
    data = prompt.data
    if prompt.kind == "setup":
        if data["corporation"] is None:  # format 1 asked for the corporation on its own
            return {"type": "card", "card": _nth(list(data["corporations"]), code)}
        return {"type": "cards", "cards": _masked(list(data["cards"]), code)}
    if prompt.kind == "cards" or (prompt.kind == "card" and prompt.purpose in _WAS_SELECTION):
        return {"type": "cards", "cards": _masked(list(data["cards"]), code)}
    if prompt.kind == "amount":
        return {"type": "amount", "amount": data["min"] + code}
    if prompt.kind == "pay":
        with _as_in_format1(g, prompt.player):
            payments = _format1_payments(g, prompt)
        return _nth(payments, code)
    if prompt.kind == "action":
        with _as_in_format1(g, prompt.player):
            listed = [c.response for c in prompt.choices()
                      if not _new_since_1(g, prompt.player, c.response)]
        return _nth(listed, code)
    if prompt.kind == "space":  # format 1 listed every legal space (no rows)
        return {"type": "space", "space": _nth(list(data["spaces"]), code)}
    return _nth([c.response for c in prompt.choices()], code)


def _nth(items: list[T], code: int) -> T:
    if not 0 <= code < len(items):
        raise ValueError(reason("link.not_a_choice", "a move is not one of the legal choices"))
    return items[code]


def _masked(offered: list[str], mask: int) -> list[str]:
    if mask >> len(offered):
        raise ValueError(reason("link.not_offered",
                                "a card selection names cards that were not offered"))
    return [name for i, name in enumerate(offered) if mask >> i & 1]


def _new_since_1(g: GameState, p: int, choice: dict[str, Any]) -> bool:
    """Actions legal today that format 1's rules refused (they were not in its list)."""
    if choice["type"] == "standard_project" and choice["project"] == "aquifer":
        return is_maxed(g, "oceans")
    if choice["type"] != "play_card":
        return False
    production = g.players[p].prod
    for step in card(choice["card"]).play:  # R-PROD-2 was checked before own triggers
        if step["k"] == "prod":
            for resource, value in step["res"].items():
                if isinstance(value, int) and production.get(resource, 0) + value < \
                        PROD_FLOOR.get(resource, 0):
                    return True
    return False


def _format1_payments(g: GameState, prompt: Prompt) -> list[dict[str, Any]]:
    """Format 1's list of every payment without a spare unit, in its order."""
    data = prompt.data
    cost, rates, held = data["cost"], data["rates"], g.players[prompt.player].res
    alts = [c for c in rates if c != "megacredits"]
    limits = {c: min(held[c] - data["reserve"].get(c, 0), -(-cost // rates[c])) for c in alts}
    found: list[dict[str, Any]] = []

    def walk(index: int, chosen: dict[str, int], value: int) -> None:
        if index == len(alts):
            mc = max(0, cost - value)
            paid = {"megacredits": mc, **chosen}
            total = sum(paid.get(c, 0) * v for c, v in rates.items())
            spare = any(total - v >= cost for c, v in rates.items() if paid.get(c, 0) > 0)
            if mc <= held["megacredits"] and total >= cost and not spare:
                found.append({"type": "pay", **paid})
            return
        resource = alts[index]
        for n in range(limits[resource] + 1):
            walk(index + 1, {**chosen, resource: n}, value + n * rates[resource])
    walk(0, {}, 0)
    return found
