"""The payment that keeps MC, as a player would start it: every other resource that may
pay (steel, titanium, heat where a card allows, resources on cards) before MC, MC last.

The bots and the hint pay this way, and the page starts a payment here (both through
:func:`pay_step`, one listed choice at a time), so the hint's payment and the page's
default are the same. Pure: reads the payment's data, its listed choices and what the
payer holds.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def thrifty(cost: int, rates: Mapping[str, int], have: Mapping[str, int],
            mc: int) -> dict[str, int] | None:
    """The units of each resource but MC (MC pays the rest) that pay ``cost``: no value
    beyond the cost where MC can cover what a whole unit would overshoot, then the least
    MC, then the fewest units; never a unit that could be left out (R-PAY-2). ``rates``:
    MC per unit; ``have``: units held (kept back ones left out); ``mc``: MC that may pay.
    None when they cannot pay it."""
    order = sorted((r for r in rates if r != "megacredits" and have.get(r, 0) > 0),
                   key=lambda r: (-rates[r], r))
    best: tuple[tuple[int, int, int], dict[str, int]] | None = None

    def consider(picked: dict[str, int]) -> None:
        nonlocal best
        value = sum(n * rates[r] for r, n in picked.items())
        due = max(0, cost - value)
        spare = any(n and value + due - rates[r] >= cost for r, n in picked.items())
        if due > mc or spare:
            return
        key = (max(0, value - cost), due, sum(picked.values()))
        if best is None or key < best[0]:
            best = key, {r: n for r, n in picked.items() if n}

    def search(i: int, picked: dict[str, int], left: int) -> None:
        if left <= 0 or i == len(order):
            consider(picked)
            return
        r = order[i]
        most = min(have[r], -(-left // rates[r]))
        # The last resource: as much as MC leaves no spare value, or as much as covers it.
        amounts = (range(most + 1) if i < len(order) - 1
                   else sorted({min(most, left // rates[r]), most}))
        for n in amounts:
            search(i + 1, {**picked, r: n}, left - n * rates[r])

    search(0, {}, cost)
    return best[1] if best is not None else None


def pay_step(data: Mapping[str, Any], choices: Sequence[Mapping[str, Any]],
             held: Mapping[str, int]) -> int | None:
    """The index of the listed choice that brings a payment toward :func:`thrifty`'s: a
    ``use`` step of one resource, or ``confirm`` once the amounts are its. ``data``: the
    pay decision's (cost, rates, use, reserve); ``held``: the payer's resources and the
    resources on their cards. None when no such payment adds up or no step leads to it."""
    use = {str(r): int(n) for r, n in (data.get("use") or {}).items()}
    rates = {str(r): int(v) for r, v in (data.get("rates") or {}).items()}
    reserve = data.get("reserve") or {}
    have = {r: max(0, int(held.get(r, 0)) - int(reserve.get(r, 0))) for r in use}
    mc = int(held.get("megacredits", 0)) - int(reserve.get("megacredits", 0))
    plan = thrifty(int(data["cost"]), rates, have, mc)
    if plan is None:
        return None
    for resource in sorted(use, key=lambda r: (-rates[r], r)):  # as the plan fills them
        now, want = use[resource], plan.get(resource, 0)
        toward = [(abs(int(c["amount"]) - want), i) for i, c in enumerate(choices)
                  if c["type"] == "use" and c["resource"] == resource
                  and (int(c["amount"]) - now) * (want - now) > 0]
        if want != now and toward:
            return min(toward)[1]
    return next((i for i, c in enumerate(choices) if c["type"] == "confirm"), None)


__all__ = ["pay_step", "thrifty"]
