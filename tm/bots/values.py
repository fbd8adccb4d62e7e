"""What things are worth to a bot, in megacredits now, judged from one player's view.

Everything here reads only ``view(seat)`` and the public card definitions. Values are
heuristics: production by the production phases left, a terraforming step by the TR
income it brings and (in solo, where every step must be made) the cost of making it
later, a victory point by a rate that rises towards the end, card resources by what
their card turns them into. Future income is discounted (money now can be invested).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from tm.bots import solo
from tm.cards import card
from tm.cards.dsl import Card
from tm.rules.milestones import AWARDS, MILESTONES

PARAMS = solo.PARAMS
REPLACE = solo.PRICE  # a step's standard project cost
UNITS_PER_STEP = solo.UNITS  # heat per temperature step, plants per greenery
DEFAULT_CUSTOM = 2.0
END_MC = 0.35  # a megacredit in the last generation: what the points it buys are worth
SOLO_END_MC = 1.0  # solo: money still makes the steps that win, to the very end
SOLO_STEP = 1.0  # solo: a step made now saves this share of its standard project later
AIM = 0.5  # share of a milestone's worth its measure's progress carries
MYOPIC = 0.64  # share of future income a beginner sees
LIKELY_END_MC = 0.6  # ... in what seems to be the last generation
ACTION_AVERAGE = 0.5  # solo: share of the income now a repeated action's income averages
SOLO_MIN_PACE = 1.0  # solo: steps a generation a parameter is expected to rise at least
COVERED_SHARE = 0.1  # solo: share of its standard project a step is worth that heat or
# plants held and to come would make anyway (it saves only them)
SOLO_WAIT = 0.85  # solo: share of a card's worth kept for each generation it must wait
SOON = 2  # generations: cards in hand that wait longer need no money kept for them yet
RICH = 0.01  # how fast money beyond need loses worth, per megacredit
AWARD_SCALE = {"stock": 4.0, "tr": 3.0, "tags": 1.0, "printed_tags": 1.0}  # else 1.5
CUSTOM_VALUES = {  # rough worth of named card functions (beyond what their card says)
    "heat_prod_to_mc_prod": 3.0, "energy_to_mc": 2.0, "claim_a_land_space": 1.0,
    "copy_a_building_production_box": 8.0, "one_lowest_production_up": 6.0,
    "play_one_of_drawn_preludes": 15.0, "collect_colony_bonuses": 6.0,
    "add_colony_tile": 2.0, "new_tag_types": 3.0, "unmi": 3.0,
}
EFFECT_VALUES = {"metal_value": 0.8, "plant_discount": 1.0, "heat_as_mc": 0.6,
                 "project_discount": 0.6, "trade_discount": 0.8, "trade_offset": 0.8,
                 "res_as_mc": 0.5, "res_as_heat": 0.4, "card_price": 0.5}


class Judge:
    """Values for one decision, from the deciding player's view.

    ``sharp`` turns on the finer parts (saturation of heat and plants, discounting,
    the solo end game); the easier levels judge more coarsely. ``features`` name more
    habits a level has: ``end`` (the last generation turns money into points), ``fund``
    (funding an award follows its expected points), ``defend`` (in funded awards a lead
    is worth keeping),
    ``metals`` (steel and titanium pay for cards), ``money`` (money beyond what the hand
    needs is worth less: no hoarding), ``likely_end`` (what seems the last generation
    already spends), ``myopic`` (a beginner sees only part of future income), ``pace``
    (solo: the plan of :mod:`tm.bots.solo` and its corrections of metals and triggers).
    """

    def __init__(self, view: Mapping[str, Any], sharp: bool = True,
                 features: Iterable[str] = ()) -> None:
        self.view = view
        self.sharp = sharp
        self.features = frozenset(features)
        self.plan = "money" in self.features  # money beyond need is worth less
        self.end = "end" in self.features  # the last generation turns money into points
        self.metals = "metals" in self.features  # steel and titanium pay for cards
        # Solo corrections (hard; see tm.bots.solo): a solo game with a last generation.
        self.pace = ("pace" in self.features and len(view["players"]) == 1
                     and bool(view.get("last_generation")))
        you = view.get("you") or {}
        self.me: int = int(you.get("player", 0))
        self.pl: Mapping[str, Any] = view["players"][self.me]
        self.players = len(view["players"])
        self.solo = self.players == 1
        self.gen = int(view["generation"])
        self.params = view["parameters"]
        self.left = {name: self.steps_left(name) for name in PARAMS}
        self.total_left = sum(self.left.values())
        self.gl = self._gens_left()
        # Multiplayer: money now beats money later. Solo: every step must be made by the
        # end, so a step made now saves its full price later and nothing is discounted.
        self.discount = 0.93 if sharp and not self.solo else 1.0
        self.annuity = sum(self.discount ** k for k in range(self.gl))
        if "myopic" in self.features:  # a beginner's habit: production seems slow to pay
            self.annuity *= MYOPIC
        late = self.discount ** max(0, self.gl - 1)
        self.vpv = (0.3 if self.solo else max(3.0, 8.0 * late)) if sharp else (
            0.3 if self.solo else 5.0)
        self.late = late
        self.final = self._final()
        self._unit: dict[str, float] = {}
        self._step: dict[str, float] = {}
        self._pace_plan: solo.Plan | None = None
        self._stretch: bool | None = None  # a card in play stretches requirements
        self.mc = 1.0
        self.races: list[tuple[str, tuple[str, ...], int, float]] = []
        self.aims: list[tuple[str, tuple[str, ...], int, int]] = []
        self.mc = self._money()
        if "defend" in self.features and not self.solo:
            self.races = self._races()
        if "aim" in self.features and not self.solo:
            self.aims = self._aims()
        self._unit, self._step = {}, {}  # computed again with the races and aims

    # ------------------------------------------------------------ the clock
    def steps_left(self, name: str) -> int:
        """Steps still to make on one global parameter."""
        return solo.steps_left(self.params[name])

    def _gens_left(self) -> int:
        """Production phases whose output can still be spent."""
        last = self.view.get("last_generation")
        if last:
            return max(0, int(last) - self.gen)
        rate = 1.0 + 1.6 * self.players + 0.25 * self.gen  # steps per generation, growing
        return max(0, math.ceil(self.total_left / rate) - 1)

    def _final(self) -> bool:
        """Whether this is the last generation for sure (money left after it is worth
        nothing but a tie-break)."""
        last = self.view.get("last_generation")
        if last:
            return self.gen >= int(last)
        return self.total_left == 0

    def _money(self) -> float:
        """Worth of one megacredit now. In the last generation money buys only points:
        it is worth what the points it buys are worth, so spending beats hoarding. Before
        that, money beyond what the hand will need earns nothing while held: it is worth
        less, down to what it buys at the end."""
        if self.final and self.end:
            return SOLO_END_MC if self.solo else END_MC
        if self.solo:
            return 1.0
        value = 1.0
        if self.plan:
            held = float(self.pl["res"]["megacredits"])
            need = 12.0 + sum(float(h["cost"]) for h in
                              (self.view.get("you") or {}).get("hand") or ()
                              if self.keep_worth(h["name"], float(h["cost"])) > 0
                              and self._soon(h))
            self._unit, self._step = {}, {}
            value = max(END_MC + 0.2, 1.0 - RICH * max(0.0, held - need))
        if self.gl == 0 and "likely_end" in self.features:
            value = min(value, LIKELY_END_MC)
        return value

    def _soon(self, held: Mapping[str, Any]) -> bool:
        """Whether a card in hand can be played within SOON generations: its requirements
        met by then, and no production it must lower missing (money kept for a card that
        waits longer would lie idle meanwhile)."""
        if any(r.get("key") == "production" for r in held.get("reasons") or ()):
            return False
        wait = self.delay(card(held["name"]))
        return wait is not None and wait <= SOON

    # ------------------------------------------------------------ award races
    def _races(self) -> list[tuple[str, tuple[str, ...], int, float]]:
        """Funded awards this player can still win or lose: (count, what it counts, my
        lead over the best other, spread of what may change by the end)."""
        found = []
        for row in (self.view.get("standings") or {}).get("awards") or ():
            award = AWARDS.get(row["name"])
            if row.get("funded_by") is None or award is None:
                continue
            values = row["values"]
            others = [v for i, v in enumerate(values) if i != self.me]
            if not others:
                continue
            found.append((award.measure.count, tuple(award.measure.of),
                          int(values[self.me]) - int(max(others)), self.award_spread(row["name"])))
        return found

    def award_spread(self, name: str) -> float:
        """How much an award's lead may still change by the end of the game."""
        award = AWARDS.get(name)
        scale = AWARD_SCALE.get(award.measure.count, 1.5) if award else 1.5
        return scale * (0.6 + 0.5 * self.gl)

    def _aims(self) -> list[tuple[str, tuple[str, ...], int, int]]:
        """Open milestones: (count, what it counts, my measure, threshold)."""
        found = []
        for row in (self.view.get("standings") or {}).get("milestones") or ():
            milestone = MILESTONES.get(row["name"])
            if not row.get("open") or milestone is None:
                continue
            found.append((milestone.measure.count, tuple(milestone.measure.of),
                          int(row["values"][self.me]), int(row["needed"])))
        return found

    def aim_shift(self, count: str, item: str | None, delta: float) -> float:
        """Worth of moving my measure of ``count`` (of ``item``) by ``delta`` towards (or
        away from) the open milestones' thresholds: a milestone is 5 points, the closer
        the likelier."""
        if not self.aims or not delta:
            return 0.0
        total = 0.0
        for kind, of, mine, needed in self.aims:
            if _counts(kind, of, count, item):
                total += _reach(needed - mine - delta) - _reach(needed - mine)
        return total * 5.0 * self.vpv * AIM

    def award_points(self, lead: float, spread: float) -> float:
        """Expected award points over the best other player, from a lead and a spread."""
        share = 1.0 / (self.players - 1)
        if self.final and spread <= 1.0:
            return (5.0 if lead > 0 else 0.0 if lead == 0 else -5.0) * share
        return 5.0 * math.tanh(lead / spread) * share

    def award_shift(self, count: str, item: str | None, delta: float) -> float:
        """Worth of changing my measure of ``count`` (of ``item``) by ``delta`` in the funded
        award races."""
        if not self.races or not delta:
            return 0.0
        total = 0.0
        for kind, of, lead, spread in self.races:
            if _counts(kind, of, count, item):
                total += self.award_points(lead + delta, spread) - self.award_points(lead, spread)
        return total * self.vpv

    def cost(self, mc: float, name: str | None = None) -> float:
        """Worth of paying ``mc`` megacredits for a card (steel or titanium may pay part
        of it, at their own worth)."""
        if not self.metals or name is None:
            return mc * self.mc
        tags = card(name).tags
        left = mc
        worth = 0.0
        res = self.pl["res"]
        for metal, tag, rate in (("titanium", "space", 3 + self._bonus_rate("titanium")),
                                 ("steel", "building", 2 + self._bonus_rate("steel"))):
            if tag in tags and left > 0:
                used = min(int(res.get(metal, 0)), int(left // rate))
                worth += used * self.unit(metal) - self.award_shift("stock", metal, -used)
                left -= used * rate
        return worth + left * self.mc

    def _bonus_rate(self, metal: str) -> int:
        return sum(int(e.get(metal, 0)) for name in self.own_cards()
                   for e in card(name).effects if e.get("e") == "metal_value")

    # ------------------------------------------------------------ units
    def step(self, name: str) -> float:
        """Worth of one step of a global parameter now (0 once it is maxed)."""
        if name not in self._step:
            if self.left.get(name, 0) <= 0:
                value = 0.0
            elif self.solo:
                value = self.annuity + REPLACE[name] * (1.05 if self.gl == 0 else
                                                        SOLO_STEP if self.sharp else 0.6)
                if self.pace and self._covered(name):
                    value = self.annuity + REPLACE[name] * COVERED_SHARE
            else:
                value = self.annuity + self.vpv + self.hurry() + self.aim_shift("tr", None, 1)
            self._step[name] = value
        return self._step[name]

    def _covered(self, name: str) -> bool:
        """Solo: whether the heat or plants held and still produced will make every step
        left on this parameter (a step made another way then saves only them)."""
        if self._pace_plan is None:
            self._pace_plan = solo.plan(self.view)
        found = self._pace_plan
        return found is not None and found.free.get(name, 0) >= self.left.get(name, 0) > 0

    def hurry(self) -> float:
        """Multiplayer: the leader gains by ending the game, and every game must end."""
        late = max(0.0, float(self.gen - 9)) * 1.5
        totals = [s["total"] for s in self.view.get("scores") or ()]
        if len(totals) > 1 and self.total_left <= 8:
            mine = totals[self.me]
            best_other = max(t for i, t in enumerate(totals) if i != self.me)
            if mine > best_other:
                late += 4.0
        return late

    def tr_value(self) -> float:
        """One TR not tied to a parameter: income, and a VP."""
        return self.annuity + self.vpv + self.aim_shift("tr", None, 1)

    def unit(self, res: str) -> float:
        """Worth of one unit of a standard resource."""
        if res not in self._unit:
            self._unit[res] = self._unit_value(res)
        return self._unit[res]

    def _unit_value(self, res: str) -> float:
        if res == "megacredits":
            return self.mc
        if res in ("steel", "titanium") and self.pace:
            return solo.metal_worth(self, res)
        if res == "steel":
            return 1.7 * (self.mc if self.end else 1.0)
        if res == "titanium":
            return 2.5 * (self.mc if self.end else 1.0)
        if res == "heat":
            return self._converted("heat", "temperature", 0.0)
        if res == "plants":
            extra = 0.0 if self.solo else self.vpv + 1.0
            return self._converted("plants", "oxygen", extra)
        if res == "energy":
            return max(0.8, self.unit("heat"))
        return 1.0

    def _converted(self, res: str, param: str, extra: float) -> float:
        """Heat and plants are worth the step (and tile) eight of them make, until the
        parameter will be maxed by what is held and produced already."""
        later = self.step(param) - self.annuity / 2  # converted over time: half the income
        full = (later + extra) / UNITS_PER_STEP
        if not self.sharp:
            return max(0.3, full)
        held = int(self.pl["res"][res])
        made = int(self.pl["prod"][res]) + (int(self.pl["prod"]["energy"])
                                            if res == "heat" else 0)
        supply = held + made * self.gl
        if supply >= UNITS_PER_STEP * self.left[param] + UNITS_PER_STEP:
            return max(0.05, extra / UNITS_PER_STEP) + (1.0 if res == "heat" and self.has_effect(
                "heat_as_mc") else 0.0)
        return max(0.05, full)

    def prod(self, res: str) -> float:
        """Worth of one more production of ``res``."""
        value = self.unit(res) * self.annuity
        if res == "energy" and self.sharp:
            value = max(value, self.annuity * 0.9)
        return value

    def card_value_now(self) -> float:
        """Worth of one more card in hand."""
        return max(0.5, min(4.0, 0.45 * self.gl + 0.5))

    def has_effect(self, kind: str) -> bool:
        """Whether one of the player's cards in play has an effect of this kind."""
        return any(e.get("e") == kind for name in self.own_cards() for e in card(name).effects)

    def own_cards(self) -> list[str]:
        """Corporation and cards in play."""
        corp = self.pl.get("corporation")
        return ([corp] if corp else []) + list(self.pl.get("played") or [])

    # ------------------------------------------------------------ countables
    def amount(self, a: Any, src: str | None = None) -> float:
        """An amount in the card notation: a number, or a count of something."""
        if isinstance(a, (int, float)):
            return float(a)
        per = a.get("per")
        div = max(1, int(a.get("div", 1)))
        tags = self.pl.get("tags") or {}
        if per == "tag":
            own = float(tags.get(a["tag"], 0))
            if src is not None and a["tag"] in card(src).tags:
                own += 1
            if a.get("scope") == "all":
                own = sum(float((p.get("tags") or {}).get(a["tag"], 0))
                          for p in self.view["players"])
            elif a.get("scope") == "others":
                own = sum(float((p.get("tags") or {}).get(a["tag"], 0))
                          for p in self.view["players"] if p["index"] != self.me)
            return math.floor(own / div)
        if per == "city":
            cities = sum(1 for s in self.view["spaces"] if s.get("tile") in ("city", "capital"))
            return math.floor(cities / div)
        if per == "res":
            held = (self.pl.get("card_res") or {}).get(src, 0) if src else 0
            return math.floor(held / div) * int(a.get("mult", 1))
        if per == "card_res":
            return 0.0
        if per == "colony":
            return 1.0
        return 1.0

    # ------------------------------------------------------------ steps
    def steps(self, steps: Iterable[Mapping[str, Any]], src: str | None = None) -> float:
        """Worth of carrying out a list of steps now."""
        return sum(self.step_value(s, src) for s in steps)

    def step_value(self, s: Mapping[str, Any], src: str | None = None) -> float:
        kind = s.get("k")
        if kind == "prod":
            return sum(self.amount(n, src) * self.prod(r)
                       + self.award_shift("production", r, self.amount(n, src))
                       for r, n in s["res"].items())
        if kind == "gain":
            return sum(self.amount(n, src) * self.unit(r) for r, n in s["res"].items())
        if kind == "spend":
            return -sum(self.amount(n, src) * self.unit(r) for r, n in s["res"].items())
        if kind == "pay":
            return -float(s["amount"])
        if kind == "raise":
            raised = min(int(s.get("steps", 1)), self.left.get(s["param"], 0))
            return raised * self.step(s["param"])
        if kind == "ocean":
            count = min(int(s.get("count", 1)), self.left["oceans"])
            return count * (self.step("oceans") + 2.0)
        if kind == "tr":
            return self.amount(s["amount"], src) * self.tr_value()
        if kind == "tile":
            return self.tile_value(str(s["tile"]))
        if kind == "draw":
            drawn = self.amount(s["count"], src)
            keep = s.get("keep")
            each = self.card_value_now()
            if s.get("buy"):
                return drawn * max(0.0, each - 2.0)
            if s.get("tag"):
                return drawn * each * 1.2
            return (keep if keep is not None else drawn) * each
        if kind == "add_res":
            count = int(s.get("count", 1))
            if s.get("to") == "self":
                return count * self.res_value(src)
            return count * self.best_holder(s.get("rtype"))
        if kind == "spend_here":
            return -int(s.get("count", 1)) * self.res_value(src)
        if kind == "take_res":
            return 0.5
        if kind in ("reduce_prod", "remove_any"):
            return self.attack_value(s)
        if kind == "choose":
            options = [self.steps(o, src) for o in s["options"]]
            return max(options) if options else 0.0
        if kind == "custom":
            return CUSTOM_VALUES.get(str(s.get("fn")), DEFAULT_CUSTOM)
        if kind == "colony":
            return 4.0 + 1.2 * self.annuity
        if kind == "fleet":
            return 1.0 * self.annuity
        if kind == "trade":
            return 7.0
        if kind == "play_from_hand":
            return 3.0
        if kind == "fund_award":
            return 0.0 if self.solo else 2.0 * self.vpv
        return 0.0

    def tile_value(self, tile: str) -> float:
        race = 0.0
        if tile != "ocean":
            race = (self.award_shift("tiles", None, 1) + self.award_shift("tiles", tile, 1)
                    + self.aim_shift("tiles", tile, 1))
        if tile == "greenery":
            return self.step("oxygen") + (0.0 if self.solo else self.vpv + 1.0) + race
        if tile in ("city", "capital"):
            return (1.0 if self.solo else 1.5 * self.vpv + 2.0) + race
        return 1.0 + race

    def attack_value(self, s: Mapping[str, Any]) -> float:
        """Red-bordered steps hurt an opponent: worth to us in a duel, less with more."""
        if self.solo:
            return 0.0
        share = 1.0 / (self.players - 1)
        res = str(s["res"])
        count = float(s.get("count", 1))
        if s["k"] == "reduce_prod":
            hurt = count * self.prod(res) * share
            return hurt * (2.0 if s.get("steal") else 1.0)
        return 0.5 * count * self.unit(res) * share

    # ------------------------------------------------------------ card resources
    def res_value(self, name: str | None) -> float:
        """Worth of one resource on a given card: its VP, or what its action makes of it."""
        if not name:
            return 0.5
        c = card(name)
        best = 0.3
        vp = c.vp
        if isinstance(vp, Mapping) and vp.get("per") == "res":
            best = max(best, self.vpv * int(vp.get("mult", 1)) / max(1, int(vp.get("div", 1))))
        for option in _options(c.action):
            spent = sum(int(s.get("count", 1)) for s in option if s.get("k") == "spend_here")
            if spent:
                gain = sum(self.step_value(s, None) for s in option if s.get("k") != "spend_here")
                best = max(best, gain / spent)
        for e in c.effects:
            if e.get("e") == "res_as_mc":
                best = max(best, float(e["value"]) * 0.8)
        return best

    def best_holder(self, rtype: Any) -> float:
        """Worth of a resource added to the best of the player's cards holding that type."""
        values = [self.res_value(name) for name in self.own_cards()
                  if name and card(name).resource == rtype]
        return max(values) if values else 0.0

    # ------------------------------------------------------------ cards
    def card_value(self, name: str) -> float:
        """Worth of playing a card (before its cost)."""
        c = card(name)
        value = self.steps(c.play, name) + self.steps(c.first_action, name)
        value += sum(self.effect_value(e, name) for e in c.effects)
        value += self.action_value(c)
        value += self.vp_value(c)
        if not c.is_event and not self.solo:
            value += 0.4 * len(c.tags)
            for tag in dict.fromkeys(c.tags):
                count = c.tags.count(tag)
                value += (self.award_shift("printed_tags", tag, count)
                          + self.award_shift("tags", tag, count)
                          + self.aim_shift("tags", tag, count))
        if "jovian" in c.tags and not c.is_event:
            value += 0.8 * self.vpv / 5.0
        return value

    def action_value(self, c: Card) -> float:
        """A blue card's action, used once a generation from now on."""
        if not c.action:
            return 0.0
        per_use = self._per_use(c)
        if c.resource and any(s.get("k") == "add_res" for o in _options(c.action) for s in o):
            per_use = max(per_use, self.res_value(c.name))
        uses = self.gl + (1 if self.gl > 0 else 0.5)
        return max(0.0, per_use) * uses * (0.9 if self.sharp else 0.7)

    def _per_use(self, c: Card) -> float:
        """One use of a card's action. Solo: the uses are spread over the generations
        left, so income an action brings (production, TR) counts what it brings on
        average over them, not at its first use."""
        if not self.pace:
            return self.steps(c.action, c.name)
        saved = self.annuity, self._unit, self._step
        self.annuity, self._unit, self._step = self.annuity * ACTION_AVERAGE, {}, {}
        try:
            return self.steps(c.action, c.name)
        finally:
            self.annuity, self._unit, self._step = saved

    def effect_value(self, e: Mapping[str, Any], src: str) -> float:
        kind = e.get("e")
        g = self.annuity
        if kind == "discount":
            if e.get("next_card"):
                return float(e["amount"])
            rate = 2.0 if e.get("tag") is None else 0.6
            return float(e["amount"]) * rate * g * 0.8
        if kind in ("on_card", "on_tile", "on_project", "on_colony"):
            then = max(0.0, self.steps(e.get("then") or (), src))
            rate = 0.5
            if self.pace:
                then = max(0.0, solo.trigger_worth(self, e, src))
                rate = solo.trigger_rate(e, rate)
            if kind == "on_card" and not e.get("tags"):
                rate = 1.2
            if e.get("by") == "any":
                rate *= max(1.0, self.players * 0.7)
            return then * rate * g
        if kind == "req_bonus":
            return 1.5 if e.get("next_card") else 3.0
        return EFFECT_VALUES.get(str(kind), 0.3) * max(1.0, g)

    def vp_value(self, c: Card) -> float:
        vp = c.vp
        if vp is None:
            return 0.0
        if isinstance(vp, (int, float)):
            return float(vp) * self.vpv
        per = vp.get("per")
        if per == "res":
            return 0.0  # counted as the resources arrive
        if per == "tag":
            mine = float((self.pl.get("tags") or {}).get(vp["tag"], 0)) + 1 + 0.15 * self.gl
            return math.floor(mine / max(1, int(vp.get("div", 1)))) * self.vpv
        if per == "held":
            return 0.6 * float(vp.get("points", 1)) * self.vpv
        if per == "adjacent":
            return 1.5 * self.vpv
        return 1.0 * self.vpv

    def play_worth(self, name: str, cost: float) -> float:
        """Net worth of playing a card now at ``cost``."""
        return self.card_value(name) - self.cost(cost, name)

    def keep_worth(self, name: str, cost: float) -> float:
        """Net worth of holding a card to play it later (requirements may delay it)."""
        c = card(name)
        delay = self.delay(c)
        if delay is None:
            return -1.0
        if self.gl - delay < 0:
            return -1.0
        if self.pace:  # solo: the steel and titanium held pay their part
            return ((self.card_value(name) - self.cost(cost, name) / self.mc)
                    * (SOLO_WAIT ** delay))
        return (self.card_value(name) - cost) * (0.85 ** delay)

    def delay(self, c: Card) -> int | None:
        """Generations until a card's requirements are met (None: never)."""
        worst = 0
        tags = self.pl.get("tags") or {}
        # A maximum already passed is never met again, unless a card in play stretches
        # requirements (two steps either way).
        if self._stretch is None:
            self._stretch = self.has_effect("req_bonus")
        slack = 2 if self._stretch else 0
        for r in c.requires:
            if r.get("r") == "global":
                p = self.params[r["param"]]
                value = int(p["value"])
                if "max" in r and value > int(r["max"]) + slack * int(p["step"]):
                    return None
                if "min" in r and value < int(r["min"]):
                    steps = (int(r["min"]) - value) / int(p["step"])
                    pace = 1.0 + 0.6 * self.players if not self.solo else 2.5
                    if self.pace:  # solo: the pace that just wins in time
                        pace = max(SOLO_MIN_PACE, self.left[r["param"]] / max(1, self.gl))
                    worst = max(worst, math.ceil(steps / pace))
            elif r.get("r") == "tag":
                missing = int(r["count"]) - int(tags.get(r["tag"], 0))
                if missing > 0:
                    worst = max(worst, 2 * missing)
        return worst


def _reach(missing: float) -> float:
    """How likely a milestone this far away is claimed in time (0 away: it is there)."""
    return 1.0 if missing <= 0 else 0.55 ** missing


def _options(steps: Iterable[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """A card action's alternatives (a ``choose``), or the action itself as one."""
    steps = list(steps)
    if len(steps) == 1 and steps[0].get("k") == "choose":
        return [list(o) for o in steps[0]["options"]]
    return [steps]


def _counts(kind: str, of: tuple[str, ...], count: str, item: str | None) -> bool:
    """Whether a measure (of ``kind``, over the items ``of``; none: the whole count) moves
    when ``count`` of ``item`` changes."""
    return kind == count and ((not of and item is None) or (bool(of) and item in of))
