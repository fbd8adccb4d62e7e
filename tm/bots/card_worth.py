"""What a card is worth to the seat: played now, or kept to play later.

A card is worth what its steps, effects, action, tags and victory points bring
(:mod:`tm.bots.card_steps` values the steps); kept, it waits for its requirements, and
each generation it waits takes a share of its worth.
"""
from __future__ import annotations

import math

from tm.bots import solo
from tm.bots.card_steps import CardSteps, action_options
from tm.cards import card
from tm.cards.dsl import Card, Effect, Req
from tm.view_model import HandEntry

ACTION_AVERAGE = 0.5  # solo: share of the income now a repeated action's income averages
SOLO_MIN_PACE = 1.0  # solo: steps a generation a parameter is expected to rise at least
SOLO_WAIT = 0.85  # solo: share of a card's worth kept for each generation it must wait
SOON = 2  # generations: cards in hand that wait longer need no money kept for them yet
EFFECT_VALUES = {"metal_value": 0.8, "plant_discount": 1.0, "heat_as_mc": 0.6,
                 "project_discount": 0.6, "trade_discount": 0.8, "trade_offset": 0.8,
                 "res_as_mc": 0.5, "res_as_heat": 0.4, "card_price": 0.5}


class CardWorth:
    """Worths of cards for one decision, over the worths of their steps."""

    def __init__(self, card_steps: CardSteps) -> None:
        self.card_steps = card_steps
        self.economy = card_steps.economy
        self.outlook = card_steps.outlook
        self.races = card_steps.races
        self._stretch: bool | None = None  # a card in play stretches requirements
        self._values: dict[str, float] = {}  # card_value by name (one decision: it holds)
        self._kept: dict[tuple[str, float], float] = {}  # keep_worth by name and cost

    # ------------------------------------------------------------ playing
    def play_worth(self, name: str, cost: float) -> float:
        """Net worth of playing a card now at ``cost``."""
        return self.card_value(name) - self.economy.cost(cost, name)

    def card_value(self, name: str) -> float:
        """Worth of playing a card (before its cost)."""
        found = self._values.get(name)
        if found is None:
            found = self._values[name] = self._card_value(name)
        return found

    def _card_value(self, name: str) -> float:
        c = card(name)
        value = self.card_steps.steps(c.play, name) + self.card_steps.steps(c.first_action, name)
        value += sum(self.effect_value(e, name) for e in c.effects)
        value += self.action_value(c)
        value += self.vp_value(c)
        if not c.is_event and not self.outlook.solo:
            value += 0.4 * len(c.tags)
            for tag in dict.fromkeys(c.tags):
                count = c.tags.count(tag)
                value += (self.races.award_shift("printed_tags", tag, count)
                          + self.races.award_shift("tags", tag, count)
                          + self.races.aim_shift("tags", tag, count))
        if "jovian" in c.tags and not c.is_event:
            value += 0.8 * self.outlook.vpv / 5.0
        return value

    def action_value(self, c: Card) -> float:
        """A blue card's action, used once a generation from now on."""
        if not c.action:
            return 0.0
        per_use = self._per_use(c)
        if c.resource and any(s.get("k") == "add_res" for o in action_options(c.action)
                              for s in o):
            per_use = max(per_use, self.card_steps.res_value(c.name))
        gl = self.outlook.gl
        uses = gl + (1 if gl > 0 else 0.5)
        return max(0.0, per_use) * uses * (0.9 if self.outlook.sharp else 0.7)

    def _per_use(self, c: Card) -> float:
        """One use of a card's action. Solo: the uses are spread over the generations
        left, so income an action brings (production, TR) counts what it brings on
        average over them, not at its first use."""
        if not self.outlook.pace:
            return self.card_steps.steps(c.action, c.name)
        averaged = CardSteps(self.economy.averaged(ACTION_AVERAGE))
        return averaged.steps(c.action, c.name)

    def effect_value(self, e: Effect, src: str) -> float:
        """Worth of an effect of a card in play, over the generations left."""
        kind = e.get("e")
        g = self.outlook.annuity
        if kind == "discount":
            if e.get("next_card"):
                return float(e["amount"])
            rate = 2.0 if e.get("tag") is None else 0.6
            return float(e["amount"]) * rate * g * 0.8
        if kind in ("on_card", "on_tile", "on_project", "on_colony"):
            then = max(0.0, self.card_steps.steps(e.get("then") or (), src))
            rate = 0.5
            if self.outlook.pace:
                then = max(0.0, solo.trigger_worth(self.card_steps, e, src))
                rate = solo.trigger_rate(e, rate)
            if kind == "on_card" and not e.get("tags"):
                rate = 1.2
            if e.get("by") == "any":
                rate *= max(1.0, self.outlook.players * 0.7)
            return then * rate * g
        if kind == "req_bonus":
            return 1.5 if e.get("next_card") else 3.0
        return EFFECT_VALUES.get(str(kind), 0.3) * max(1.0, g)

    def vp_value(self, c: Card) -> float:
        """Worth of a card's printed victory points (those per resource come with them)."""
        vp = c.vp
        vpv = self.outlook.vpv
        if vp is None:
            return 0.0
        if isinstance(vp, (int, float)):
            return float(vp) * vpv
        per = vp.get("per")
        if per == "res":
            return 0.0  # counted as the resources arrive
        if per == "tag":
            mine = (float((self.outlook.pl.get("tags") or {}).get(vp["tag"], 0)) + 1
                    + 0.15 * self.outlook.gl)
            return math.floor(mine / max(1, int(vp.get("div", 1)))) * vpv
        if per == "held":
            return 0.6 * float(vp.get("points", 1)) * vpv
        if per == "adjacent":
            return 1.5 * vpv
        return 1.0 * vpv

    # ------------------------------------------------------------ keeping
    def keep_worth(self, name: str, cost: float) -> float:
        """Net worth of holding a card to play it later (requirements may delay it)."""
        found = self._kept.get((name, cost))
        if found is None:
            found = self._kept[name, cost] = self._keep_worth(name, cost)
        return found

    def _keep_worth(self, name: str, cost: float) -> float:
        c = card(name)
        delay = self.delay(c)
        if delay is None:
            return -1.0
        if self.outlook.gl - delay < 0:
            return -1.0
        if self.outlook.pace:  # solo: the steel and titanium held pay their part
            return ((self.card_value(name) - self.economy.cost(cost, name) / self.economy.mc)
                    * (SOLO_WAIT ** delay))
        return (self.card_value(name) - cost) * (0.85 ** delay)

    def delay(self, c: Card) -> int | None:
        """Generations until a card's requirements are met (None: never)."""
        worst = 0
        tags = self.outlook.pl.get("tags") or {}
        # A maximum already passed is never met again, unless a card in play stretches
        # requirements (two steps either way).
        if self._stretch is None:
            self._stretch = self.outlook.has_effect("req_bonus")
        slack = 2 if self._stretch else 0
        for r in c.requires:
            if r.get("r") == "global":
                wait = self._parameter_wait(r, slack)
                if wait is None:
                    return None
                worst = max(worst, wait)
            elif r.get("r") == "tag":
                missing = int(r["count"]) - int(tags.get(r["tag"], 0))
                if missing > 0:
                    worst = max(worst, 2 * missing)
        return worst

    def _parameter_wait(self, r: Req, slack: int) -> int | None:
        """Generations until a global requirement is met (None: its maximum has passed)."""
        o = self.outlook
        p = o.params[r["param"]]
        value = int(p["value"])
        if "max" in r and value > int(r["max"]) + slack * int(p["step"]):
            return None
        if "min" in r and value < int(r["min"]):
            steps = (int(r["min"]) - value) / int(p["step"])
            pace = 1.0 + 0.6 * o.players if not o.solo else 2.5
            if o.pace:  # solo: the pace that just wins in time
                pace = max(SOLO_MIN_PACE, o.left[r["param"]] / max(1, o.gl))
            return math.ceil(steps / pace)
        return 0

    def hand_need(self, enough: float = math.inf) -> float:
        """Megacredits the cards in hand worth keeping and playable soon will cost (counted
        in hand order; once it reaches ``enough`` the rest are not asked: at least that)."""
        you = self.outlook.view.get("you")
        hand = (you.get("hand") if you else None) or ()
        need = 0.0  # (whole megacredits: the same sum in any order of adding)
        for h in hand:
            if self._soon(h) and self.keep_worth(h["name"], float(h["cost"])) > 0:
                need += float(h["cost"])
                if need >= enough:
                    break
        return need

    def playable_soon(self, name: str) -> bool:
        """Whether a card's requirements are met within SOON generations (a tag the seat
        lacks counts two generations: a card needing 4 science tags with none is not)."""
        wait = self.delay(card(name))
        return wait is not None and wait <= SOON

    def _soon(self, held: HandEntry) -> bool:
        """Whether a card in hand can be played within SOON generations: its requirements
        met by then, and no production it must lower missing (money kept for a card that
        waits longer would lie idle meanwhile)."""
        if any(r.get("key") == "production" for r in held.get("reasons") or ()):
            return False
        return self.playable_soon(held["name"])
