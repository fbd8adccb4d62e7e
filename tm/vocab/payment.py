"""Paying costs (R-PAY): MC, steel for building, titanium for space, heat where allowed,
and resources on a card where that card says so (named by the card, e.g. microbes on
Psychrophiles for plant cards).

A payment that could use more than MC is a ``pay`` prompt built a resource at a
time: ``{"type": "use", "resource": "steel", "amount": 3}`` sets how many of one
resource to spend (listed as one more, one less, none and the most useful amount),
and ``{"type": "confirm"}`` pays, MC covering the rest. The ask states what is paid
for (``for``), the amount due (``cost``) and each resource's rate (``rates``).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from tm.cards.tableau import effects, has_effect, metal_value
from tm.core.contract import Choice, PayAsk, Response
from tm.core.errors import IllegalMove, reason
from tm.core.flow import ask, handler, op
from tm.core.ledger import log
from tm.core.memo import remembered
from tm.core.records import PaidRecord
from tm.core.state import RESOURCES, GameState

CURRENCIES = ("megacredits", "steel", "titanium", "heat")
Item = dict[str, Any]


def rates(g: GameState, p: int, steel: bool, titanium: bool,
          tags: tuple[str, ...] = ()) -> dict[str, int]:
    """MC value of each currency usable for this payment (``tags``: the card's paid for)."""
    pl = g.players[p]
    usable = {"megacredits": 1}
    if steel:
        usable["steel"] = metal_value(pl, "steel")
    if titanium:
        usable["titanium"] = metal_value(pl, "titanium")
    if has_effect(pl, "heat_as_mc"):
        usable["heat"] = 1
    for c, e in effects(pl, "res_as_mc"):
        if any(tag in e["tags"] for tag in tags):
            usable[c.name] = e["value"]
    return usable


def holding(g: GameState, p: int, currency: str) -> int:
    """How much of a currency the player has: a resource, or the resources on a card."""
    pl = g.players[p]
    return pl.res[currency] if currency in RESOURCES else pl.card_res.get(currency, 0)


def budget(g: GameState, p: int, steel: bool = False, titanium: bool = False,
           reserve: dict[str, int] | None = None, tags: tuple[str, ...] = ()) -> int:
    """Most MC value the player could pay, keeping ``reserve`` back."""
    if not (steel or titanium or reserve or tags):
        return _plain_budget(g, p)
    return _budget(g, p, steel, titanium, reserve or {}, tags)


@remembered
def _plain_budget(g: GameState, p: int) -> int:
    """The budget for what only money (and heat, where a card allows) pays: asked of every
    standard project, milestone and award on the action menu (remembered while a view is
    built)."""
    return _budget(g, p, False, False, {}, ())


def _budget(g: GameState, p: int, steel: bool, titanium: bool, reserve: dict[str, int],
            tags: tuple[str, ...]) -> int:
    return sum(max(0, holding(g, p, c) - reserve.get(c, 0)) * value
               for c, value in rates(g, p, steel, titanium, tags).items())


def can_afford(g: GameState, p: int, cost: int, steel: bool = False, titanium: bool = False,
               reserve: dict[str, int] | None = None, tags: tuple[str, ...] = ()) -> bool:
    """Whether the player can pay ``cost``."""
    return budget(g, p, steel, titanium, reserve, tags) >= cost


# A queued payment of ``cost`` MC by ``p``, steel or titanium where allowed, ``reserve``
# held back (a card's own cost in them), ``for``: what it buys, ``tags``: of the card bought.
PayOp = TypedDict("PayOp", {"op": Literal["pay"], "p": int, "cost": int, "steel": bool,
                            "titanium": bool, "reserve": dict[str, int],
                            "for": dict[str, Any], "tags": NotRequired[list[str]]})


def pay_op(p: int, cost: int, steel: bool = False, titanium: bool = False,
           reserve: dict[str, int] | None = None,
           for_: dict[str, Any] | None = None, tags: tuple[str, ...] = ()) -> PayOp:
    """A queued payment (``for_``: what it pays for, e.g. {"card": name}; ``tags``: the
    tags of the card paid for); it asks how to pay only when there is more than MC to pay
    with."""
    item: PayOp = {"op": "pay", "p": p, "cost": cost, "steel": steel, "titanium": titanium,
            "reserve": reserve or {}, "for": for_ or {}}
    if tags:
        item["tags"] = list(tags)
    return item


@op("pay")
def _pay(g: GameState, item: PayOp) -> None:
    p, cost = item["p"], item["cost"]
    pl = g.players[p]
    usable = rates(g, p, item["steel"], item["titanium"], tuple(item.get("tags", ())))
    others = [c for c in usable if c != "megacredits" and
              holding(g, p, c) - item["reserve"].get(c, 0) > 0]
    if cost <= 0:
        return
    if not others:
        pl.res["megacredits"] -= cost
        log(g, "paid", player=p, megacredits=cost, **_for(item))
        return
    ask(g, p, "pay", "pay", cost=cost, rates={c: usable[c] for c in ["megacredits", *others]},
        reserve=item["reserve"], use=dict.fromkeys(others, 0), **{"for": item.get("for", {})})


# ---------------------------------------------------------------- the stepper
def _available(g: GameState, p: int, d: Item, resource: str) -> int:
    reserved: int = d["reserve"].get(resource, 0)
    return max(0, holding(g, p, resource) - reserved)


def _limit(g: GameState, p: int, d: Item, resource: str) -> int:
    """Most units of ``resource`` worth spending: never a whole unit beyond the cost."""
    rate, cost = d["rates"][resource], d["cost"]
    units: int = -(-cost // rate)
    return min(_available(g, p, d, resource), units)


def _value(d: Item, use: dict[str, int]) -> int:
    return sum(n * d["rates"][r] for r, n in use.items())


def _no_waste(paid: dict[str, int], rates_: dict[str, int], cost: int) -> bool:
    """R-PAY-2: enough, and no unit that could be left out (an overshoot of part of one)."""
    total = sum(paid.get(c, 0) * v for c, v in rates_.items())
    if total < cost:
        return False
    return all(total - v < cost for c, v in rates_.items() if paid.get(c, 0) > 0)


def _settled(g: GameState, p: int, d: Item) -> dict[str, int] | None:
    """The full payment the staged amounts make, MC covering the rest; None if not valid."""
    use = d["use"]
    paid = {"megacredits": max(0, d["cost"] - _value(d, use)), **use}
    if paid["megacredits"] > _available(g, p, d, "megacredits"):
        return None
    return paid if _no_waste(paid, d["rates"], d["cost"]) else None


def _use(resource: str, amount: int, rate: int, best: bool = False) -> Choice:
    """A stepper choice; ``best``: the most this resource can usefully pay."""
    return Choice({"type": "use", "resource": resource, "amount": amount},
                  {"key": "use", "resource": resource, "amount": amount, "rate": rate,
                   "best": best})


def pay_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    """One more, one less, none or the most useful amount of each resource; confirm."""
    use = d["use"]
    found: list[Choice] = []
    for resource, current in use.items():
        rate, limit = d["rates"][resource], _limit(g, p, d, resource)
        rest = d["cost"] - (_value(d, use) - current * rate)  # what others leave to cover
        best = min(limit, max(0, -(-rest // rate)))
        amounts = [current + 1] if current < limit and _value(d, use) < d["cost"] else []
        amounts += [n for n in (current - 1, 0, best) if 0 <= n != current and n <= limit]
        found += [_use(resource, n, rate, best=n == best) for n in dict.fromkeys(amounts)]
    paid = _settled(g, p, d)
    if paid is not None:
        found.append(Choice({"type": "confirm"}, {"key": "confirm", "cost": d["cost"],
                                                  "paid": paid, "for": d.get("for", {})}))
    return found


def check_step(g: GameState, p: int, d: Item, r: dict[str, Any]) -> dict[str, Any]:
    """A ``use`` or ``confirm`` response in clean form, or IllegalMove."""
    if r["type"] == "confirm":
        if _settled(g, p, d) is None:
            raise IllegalMove(reason("pay.exact",
                                     "payment must cover the cost without spare units"), "R-PAY-2")
        return {"type": "confirm"}
    if r["type"] != "use":
        raise IllegalMove(reason("pay.expected",
                                 "expected a 'use' or 'confirm' response"), "R-PAY-1")
    resource, amount = r.get("resource"), r.get("amount")
    if not isinstance(resource, str) or resource not in d["use"]:
        raise IllegalMove(reason("pay.cannot_use",
                                 f"{resource} cannot pay for this", resource=resource), "R-PAY-1")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise IllegalMove(reason("pay.bad_amount",
                                 f"bad amount of {resource}", resource=resource), "R-PAY-1")
    if amount > _limit(g, p, d, resource):
        raise IllegalMove(reason("pay.not_that_much", f"not that much {resource} to pay with",
                                 resource=resource), "R-PAY-2")
    return {"type": "use", "resource": resource, "amount": amount}


def expand_payment(g: GameState, p: int, d: Item,
                   r: dict[str, Any]) -> list[dict[str, Any]] | None:
    """A whole payment in one response (``{"type": "pay", "steel": 2, ...}``) as its steps."""
    if r["type"] != "pay":
        return None
    rates_ = d["rates"]
    paid: dict[str, int] = {}
    for c in [*CURRENCIES, *(c for c in rates_ if c not in CURRENCIES)]:
        n = r.get(c, 0)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalMove(reason("pay.bad_amount", f"bad amount of {c}", resource=c), "R-PAY-1")
        if n and c not in rates_:
            raise IllegalMove(reason("pay.cannot_use",
                                     f"{c} cannot pay for this", resource=c), "R-PAY-1")
        if n > holding(g, p, c) - d["reserve"].get(c, 0):
            raise IllegalMove(reason("pay.not_enough", f"not enough {c}", resource=c), "R-PAY-1")
        if c in rates_:
            paid[c] = n
    if not _no_waste(paid, rates_, d["cost"]):
        raise IllegalMove(reason("pay.exact",
                                 "payment must cover the cost without spare units"), "R-PAY-2")
    steps: list[dict[str, Any]] = [{"type": "use", "resource": c, "amount": paid[c]}
                                   for c in d["use"] if paid[c] != d["use"][c]]
    return [*steps, {"type": "confirm"}]


def stage_payment(d: Item, r: dict[str, Any]) -> dict[str, Any] | None:
    """Set one resource's amount, or (confirm) the final payment for the handler."""
    if r["type"] == "use":
        d["use"][r["resource"]] = r["amount"]
        return None
    use = d["use"]
    paid = {"megacredits": max(0, d["cost"] - _value(d, use)), **use}
    return {"type": "pay", **{c: paid[c] for c in [*CURRENCIES, *use] if c in paid}}


@handler("pay")
def _paid(g: GameState, p: int, prompt: PayAsk, response: Response) -> None:
    pl = g.players[p]
    for c in CURRENCIES:
        pl.res[c] -= response.get(c, 0)
    spent = {c: n for c, n in response.items() if c not in (*CURRENCIES, "type") and n}
    for name, n in spent.items():  # resources on a card (R-PAY: as that card allows)
        pl.card_res[name] -= n
    record = {"player": p, **{c: response[c] for c in CURRENCIES if response.get(c)},
              **({"cards": spent} if spent else {}), **_for(prompt)}
    log(g, "paid", **cast(PaidRecord, record))  # (currencies by name: a JSON edge)


def _for(item: Mapping[str, Any]) -> dict[str, Any]:
    """What a payment's record says it paid for, when known (the page reads a card's price
    after the card's play, and nothing else's)."""
    paid_for = item.get("for")
    return {"for": dict(paid_for)} if paid_for else {}
