"""Paying costs (R-PAY): MC, steel for building, titanium for space, heat where allowed."""
from __future__ import annotations

from typing import Any

from tm.errors import IllegalMove
from tm.flow import ask, handler, op
from tm.player import has_effect, log, metal_value
from tm.state import GameState

CURRENCIES = ("megacredits", "steel", "titanium", "heat")


def rates(g: GameState, p: int, steel: bool, titanium: bool) -> dict[str, int]:
    """MC value of each currency usable for this payment."""
    pl = g.players[p]
    usable = {"megacredits": 1}
    if steel:
        usable["steel"] = metal_value(pl, "steel")
    if titanium:
        usable["titanium"] = metal_value(pl, "titanium")
    if has_effect(pl, "heat_as_mc"):
        usable["heat"] = 1
    return usable


def budget(g: GameState, p: int, steel: bool = False, titanium: bool = False,
           reserve: dict[str, int] | None = None) -> int:
    """Most MC value the player could pay, keeping ``reserve`` back."""
    pl = g.players[p]
    reserve = reserve or {}
    return sum(max(0, pl.res[c] - reserve.get(c, 0)) * value
               for c, value in rates(g, p, steel, titanium).items())


def can_afford(g: GameState, p: int, cost: int, steel: bool = False, titanium: bool = False,
               reserve: dict[str, int] | None = None) -> bool:
    """Whether the player can pay ``cost``."""
    return budget(g, p, steel, titanium, reserve) >= cost


def pay_op(p: int, cost: int, steel: bool = False, titanium: bool = False,
           reserve: dict[str, int] | None = None) -> dict[str, Any]:
    """A queued payment; asks how to pay only when there is more than MC to pay with."""
    return {"op": "pay", "p": p, "cost": cost, "steel": steel, "titanium": titanium,
            "reserve": reserve or {}}


@op("pay")
def _pay(g: GameState, item: dict[str, Any]) -> None:
    p, cost = item["p"], item["cost"]
    pl = g.players[p]
    usable = rates(g, p, item["steel"], item["titanium"])
    others = [c for c in usable if c != "megacredits" and
              pl.res[c] - item["reserve"].get(c, 0) > 0]
    if cost <= 0:
        return
    if not others:
        pl.res["megacredits"] -= cost
        log(g, "paid", player=p, megacredits=cost)
        return
    ask(g, p, "pay", "pay", cost=cost, rates={c: usable[c] for c in ["megacredits", *others]},
        reserve=item["reserve"])


def payment_choices(g: GameState, p: int, prompt: dict[str, Any]) -> list[dict[str, Any]]:
    """Every sensible way to pay: no unit more than needed (R-PAY-2 allows metal overpay)."""
    pl = g.players[p]
    cost, rates_ = prompt["cost"], prompt["rates"]
    alts = [c for c in rates_ if c != "megacredits"]
    limits = {c: min(pl.res[c] - prompt["reserve"].get(c, 0), -(-cost // rates_[c]))
              for c in alts}
    found: list[dict[str, Any]] = []

    def walk(index: int, chosen: dict[str, int], value: int) -> None:
        if index == len(alts):
            mc = max(0, cost - value)
            response = {"type": "pay", "megacredits": mc, **chosen}
            if mc <= pl.res["megacredits"] and _no_waste(response, rates_, cost):
                found.append(response)
            return
        c = alts[index]
        for n in range(limits[c] + 1):
            walk(index + 1, {**chosen, c: n}, value + n * rates_[c])
    walk(0, {}, 0)
    return found


def _no_waste(response: dict[str, Any], rates_: dict[str, int], cost: int) -> bool:
    total = sum(response.get(c, 0) * v for c, v in rates_.items())
    if total < cost:
        return False
    return all(total - v < cost for c, v in rates_.items() if response.get(c, 0) > 0)


def check_payment(g: GameState, p: int, prompt: dict[str, Any],
                  response: dict[str, Any]) -> dict[str, Any]:
    """The payment as a clean dict, or IllegalMove naming the rule it breaks."""
    pl = g.players[p]
    rates_ = prompt["rates"]
    clean: dict[str, Any] = {"type": "pay"}
    for c in CURRENCIES:
        n = response.get(c, 0)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalMove(f"bad amount of {c}", "R-PAY-1")
        if n and c not in rates_:
            raise IllegalMove(f"{c} cannot pay for this", "R-PAY-1")
        if n > pl.res[c] - prompt["reserve"].get(c, 0):
            raise IllegalMove(f"not enough {c}", "R-PAY-1")
        if c in rates_:
            clean[c] = n
    if not _no_waste(clean, rates_, prompt["cost"]):
        raise IllegalMove("payment must cover the cost without spare units", "R-PAY-2")
    return clean


@handler("pay")
def _paid(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    pl = g.players[p]
    for c in CURRENCIES:
        pl.res[c] -= response.get(c, 0)
    log(g, "paid", player=p, **{c: response[c] for c in CURRENCIES if response.get(c)})
