"""The ``setup`` prompt kind: one secret decision per player (R-SETUP-4), built a step at
a time in the ask.

``corporation`` chooses one of the two dealt corporations, ``pick`` / ``unpick`` the
project cards to buy at 3 MC each. An expansion may deal more cards to keep some of in
the same decision (``offers`` in the ask, e.g. four preludes to keep two of, R-PRE-1):
``keep`` / ``unkeep`` with the offer's name select them. ``done`` is listed once a
corporation is chosen (unless the player was dealt none: a beginner), the purchase is
affordable and every offer holds exactly as many kept cards as it asks for.
"""
from __future__ import annotations

from typing import Any

from tm.core.contract import Choice, Response
from tm.core.errors import IllegalMove, reason
from tm.core.state import GameState
from tm.prompts.selection import (
    Item,
    check_pick,
    expect,
    in_offered_order,
    pick_choices,
    picked,
    selection_steps,
    stage_cards,
    stage_pick,
)

RULE = "R-SETUP-4"


def _price(d: Item) -> int:
    """What a card costs with the chosen corporation (``prices``: when one of the dealt
    corporations sets its own, e.g. Polyphemos)."""
    chosen, prices = d.get("corporation"), d.get("prices")
    if chosen and prices:
        return int(prices[d["corporations"].index(chosen)])
    return int(d["price"])


def _budget(d: Item) -> int:
    """Most cards affordable with the chosen corporation (or the richer one, none chosen)."""
    if not d["cards"]:
        return 0
    chosen = d.get("corporation")
    starting = d["starting_mc"]
    money: int = starting[d["corporations"].index(chosen)] if chosen else max(starting)
    return min(len(d["cards"]), money // _price(d))


def _offers(d: Item) -> list[Item]:
    offers: list[Item] = d.get("offers") or []
    return offers


def _offer(d: Item, name: Any) -> Item:
    for offer in _offers(d):
        if offer["name"] == name:
            return offer
    raise IllegalMove(reason("setup.no_offer", "no such offer in this setup"), RULE)


def _why_not_done(d: Item) -> str | None:
    if d["corporations"] and not d.get("corporation"):
        return reason("setup.corporation_first", "choose a corporation first")
    if len(picked(d)) > _budget(d):
        return reason("setup.budget", "your corporation cannot pay for that many cards")
    for offer in _offers(d):
        if len(picked(offer)) != offer["keep"]:
            return reason("setup.keep_exactly",
                          f"keep exactly {offer['keep']} of the {offer['name']}",
                          count=offer["keep"], offer=offer["name"])
    return None


def _done_label(d: Item) -> dict[str, Any]:
    label = {"key": "setup_done", "corporation": d.get("corporation"),
             "count": len(picked(d)), "price": _price(d)}
    if _offers(d):
        label["kept"] = {offer["name"]: in_offered_order(offer) for offer in _offers(d)}
    return label


def setup_choices(g: GameState, p: int, d: Item) -> list[Choice]:
    """Corporations not chosen, picks and unpicks, keeps and unkeeps, and done when legal."""
    chosen = d.get("corporation")
    found: list[Choice] = [
        Choice({"type": "corporation", "card": c}, {"key": "corporation", "card": c,
                                                    "starting_mc": mc})
        for c, mc in zip(d["corporations"], d["starting_mc"], strict=True) if c != chosen]
    found += pick_choices(d, _budget(d))
    for offer in _offers(d):
        found += pick_choices(offer, offer["keep"], "keep", "unkeep", offer=offer["name"])
    if _why_not_done(d) is None:
        found.append(Choice({"type": "done"}, _done_label(d)))
    return found


def check_setup(g: GameState, p: int, d: Item, r: Response) -> Response:
    """One setup step in clean form, or IllegalMove."""
    expect(r, "corporation", "pick", "unpick", "keep", "unkeep", "done")
    if r["type"] == "corporation":
        if r.get("card") not in d["corporations"]:
            raise IllegalMove(reason("setup.not_dealt",
                                     "that corporation was not dealt to you"), RULE)
        return {"type": "corporation", "card": r["card"]}
    if r["type"] in ("pick", "unpick"):
        return check_pick(d, r, _budget(d), RULE)
    if r["type"] in ("keep", "unkeep"):
        offer = _offer(d, r.get("offer"))
        return check_pick(offer, r, offer["keep"], offer.get("rule", RULE),
                          adding=r["type"] == "keep", offer=offer["name"])
    why = _why_not_done(d)
    if why is not None:
        raise IllegalMove(why, RULE)
    return {"type": "done"}


def expand_setup(g: GameState, p: int, d: Item, r: Response) -> list[Response] | None:
    """Older whole-selection forms: a corporation as a ``card``, the purchase as ``cards``."""
    if r["type"] == "card":  # format 1: the corporation was a decision of its own
        return [check_setup(g, p, d, {"type": "corporation", "card": r.get("card")})]
    if r["type"] != "cards":
        return None
    steps = selection_steps(d, r.get("cards"), RULE)
    if d["corporations"] and not d.get("corporation"):
        raise IllegalMove(reason("setup.corporation_first", "choose a corporation first"), RULE)
    if len(r["cards"]) > _budget(d):
        raise IllegalMove(reason("setup.budget",
                                 "your corporation cannot pay for that many cards"), RULE)
    return [*steps, {"type": "done"}]


def stage_setup(d: Item, r: Response) -> Response | None:
    """Hold one step in the ask; on ``done`` the whole decision for the handler."""
    if r["type"] == "corporation":
        d["corporation"] = r["card"]
        return None
    if r["type"] in ("keep", "unkeep"):
        stage_pick(_offer(d, r["offer"]), r["card"], r["type"] == "keep")
        return None
    final = stage_cards(d, r)
    if final is None:
        return None
    decision = {"type": "setup", "corporation": d.get("corporation"), "cards": final["cards"]}
    if _offers(d):
        decision["kept"] = {offer["name"]: in_offered_order(offer) for offer in _offers(d)}
    return decision
