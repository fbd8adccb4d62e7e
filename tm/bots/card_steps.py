"""What the steps of the card notation are worth to the seat now, and the card resources
they add or spend.

One rule per step kind (:data:`STEP_RULES`; a kind no rule names is worth nothing). A
resource on a card is worth its victory points, or what the card's action makes of it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tm.bots.economy import Economy
from tm.bots.expansions import listed as expansions
from tm.cards import card
from tm.cards.dsl import Amount, Step

DEFAULT_CUSTOM = 2.0
# Rough worth of named card functions (beyond what their card says), and of step kinds
# worth a fixed amount (MC): the base game's, then each expansion's (its bot manifest's).
CUSTOM_VALUES = {"heat_prod_to_mc_prod": 3.0, "energy_to_mc": 2.0, "unmi": 3.0,
                 **expansions.CUSTOM_VALUES}
FIXED_WORTH = {"take_res": 0.5, "play_from_hand": 3.0, **expansions.FIXED_WORTH}


class CardSteps:
    """Worths of card steps over one economy (see :meth:`Economy.averaged`)."""

    def __init__(self, economy: Economy) -> None:
        self.economy = economy
        self.outlook = economy.outlook
        self.races = economy.races

    def steps(self, steps: Iterable[Step], src: str | None = None) -> float:
        """Worth of carrying out a list of steps now."""
        return sum(self.step_value(s, src) for s in steps)

    def step_value(self, s: Step, src: str | None = None) -> float:
        """Worth of one step now (``src``: the card it is on)."""
        kind = s.get("k", "")
        rule = STEP_RULES.get(kind)
        if rule is not None:
            return rule(self, s, src)
        return FIXED_WORTH.get(kind, 0.0)

    def amount(self, a: Amount, src: str | None = None) -> float:
        """An amount in the card notation: a number, or a count of something."""
        if isinstance(a, (int, float)):
            return float(a)
        per = a.get("per")
        div = max(1, int(a.get("div", 1)))
        if per == "tag":
            return math.floor(self._tags(a, src) / div)
        if per == "city":
            cities = sum(1 for s in self.outlook.view["spaces"]
                         if s.get("tile") in ("city", "capital"))
            return math.floor(cities / div)
        if per == "res":
            held = (self.outlook.pl.get("card_res") or {}).get(src, 0) if src else 0
            return math.floor(held / div) * int(a.get("mult", 1))
        if per == "card_res":
            return 0.0
        return 1.0

    def _tags(self, a: Mapping[str, Any], src: str | None) -> float:
        """Tags an amount counts: the seat's (the card's own included), everyone's, or the
        others'."""
        o = self.outlook
        own = float((o.pl.get("tags") or {}).get(a["tag"], 0))
        if src is not None and a["tag"] in card(src).tags:
            own += 1
        if a.get("scope") == "all":
            own = sum(float((p.get("tags") or {}).get(a["tag"], 0)) for p in o.view["players"])
        elif a.get("scope") == "others":
            own = sum(float((p.get("tags") or {}).get(a["tag"], 0))
                      for p in o.view["players"] if p["index"] != o.me)
        return own

    def attack_value(self, s: Step) -> float:
        """Red-bordered steps hurt an opponent: worth to us in a duel, less with more."""
        if self.outlook.solo:
            return 0.0
        share = 1.0 / (self.outlook.players - 1)
        res = str(s["res"])
        count = float(s.get("count", 1))
        if s["k"] == "reduce_prod":
            hurt = count * self.economy.prod(res) * share
            return hurt * (2.0 if s.get("steal") else 1.0)
        return 0.5 * count * self.economy.unit(res) * share

    # ------------------------------------------------------------ card resources
    def res_value(self, name: str | None) -> float:
        """Worth of one resource on a given card: its VP, or what its action makes of it."""
        if not name:
            return 0.5
        c = card(name)
        best = 0.3
        vp = c.vp
        if isinstance(vp, Mapping) and vp.get("per") == "res":
            best = max(best, self.outlook.vpv * int(vp.get("mult", 1))
                       / max(1, int(vp.get("div", 1))))
        for option in action_options(c.action):
            spent = sum(int(s.get("count", 1)) for s in option if s.get("k") == "spend_here")
            if spent:
                gain = sum(self.step_value(s, None) for s in option if s.get("k") != "spend_here")
                best = max(best, gain / spent)
        for e in c.effects:
            if e.get("e") == "res_as_mc":
                best = max(best, float(e["value"]) * 0.8)
        return best

    def best_holder(self, rtype: str | None) -> float:
        """Worth of a resource added to the best of the player's cards holding that type."""
        values = [self.res_value(name) for name in self.outlook.own_cards()
                  if name and card(name).resource == rtype]
        return max(values) if values else 0.0


def action_options(steps: Iterable[Step]) -> list[list[Step]]:
    """A card action's alternatives (a ``choose``), or the action itself as one."""
    steps = list(steps)
    if len(steps) == 1 and steps[0].get("k") == "choose":
        return [list(o) for o in steps[0]["options"]]
    return [steps]


# ---------------------------------------------------------------- one rule per step kind


def _prod(w: CardSteps, s: Step, src: str | None) -> float:
    return sum(w.amount(n, src) * w.economy.prod(r)
               + w.races.award_shift("production", r, w.amount(n, src))
               for r, n in s["res"].items())


def _gain(w: CardSteps, s: Step, src: str | None) -> float:
    return sum(w.amount(n, src) * w.economy.unit(r) for r, n in s["res"].items())


def _spend(w: CardSteps, s: Step, src: str | None) -> float:
    return -sum(w.amount(n, src) * w.economy.unit(r) for r, n in s["res"].items())


def _pay(w: CardSteps, s: Step, src: str | None) -> float:
    return -float(s["amount"])


def _raise(w: CardSteps, s: Step, src: str | None) -> float:
    raised = min(int(s.get("steps", 1)), w.outlook.left.get(s["param"], 0))
    return raised * w.economy.step(s["param"])


def _ocean(w: CardSteps, s: Step, src: str | None) -> float:
    count = min(int(s.get("count", 1)), w.outlook.left["oceans"])
    return count * (w.economy.step("oceans") + 2.0)


def _tr(w: CardSteps, s: Step, src: str | None) -> float:
    return w.amount(s["amount"], src) * w.economy.tr_value()


def _tile(w: CardSteps, s: Step, src: str | None) -> float:
    return w.economy.tile_value(str(s["tile"]))


def _draw(w: CardSteps, s: Step, src: str | None) -> float:
    drawn = w.amount(s["count"], src)
    keep = s.get("keep")
    each = w.economy.card_value_now()
    if s.get("buy"):
        return drawn * max(0.0, each - 2.0)
    if s.get("tag"):
        return drawn * each * 1.2
    return (keep if keep is not None else drawn) * each


def _add_res(w: CardSteps, s: Step, src: str | None) -> float:
    count = int(s.get("count", 1))
    if s.get("to") == "self":
        return count * w.res_value(src)
    return count * w.best_holder(s.get("rtype"))


def _spend_here(w: CardSteps, s: Step, src: str | None) -> float:
    return -int(s.get("count", 1)) * w.res_value(src)


def _attack(w: CardSteps, s: Step, src: str | None) -> float:
    return w.attack_value(s)


def _choose(w: CardSteps, s: Step, src: str | None) -> float:
    options = [w.steps(o, src) for o in s["options"]]
    return max(options) if options else 0.0


def _custom(w: CardSteps, s: Step, src: str | None) -> float:
    return CUSTOM_VALUES.get(str(s.get("fn")), DEFAULT_CUSTOM)


def _colony(w: CardSteps, s: Step, src: str | None) -> float:
    return 4.0 + 1.2 * w.outlook.annuity


def _fleet(w: CardSteps, s: Step, src: str | None) -> float:
    return 1.0 * w.outlook.annuity


def _fund_award(w: CardSteps, s: Step, src: str | None) -> float:
    return 0.0 if w.outlook.solo else 2.0 * w.outlook.vpv


STEP_RULES: dict[str, Callable[[CardSteps, Step, str | None], float]] = {
    "prod": _prod, "gain": _gain, "spend": _spend, "pay": _pay,
    "raise": _raise, "ocean": _ocean, "tr": _tr, "tile": _tile,
    "draw": _draw, "add_res": _add_res, "spend_here": _spend_here, "choose": _choose,
    "custom": _custom, "reduce_prod": _attack, "remove_any": _attack,
    "colony": _colony, "fleet": _fleet, "fund_award": _fund_award,
}
