"""The judge's economy: what money, resources, production, parameter steps and tiles are
worth to the seat now, in megacredits.

Production is worth its unit by the production phases left (discounted, see
:class:`tm.bots.outlook.Outlook`); a terraforming step by the TR income it brings and
(in solo, where every step must be made) the cost of making it later; heat and plants by
the step eight of them make, until what is held and produced will max the parameter anyway.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tm.bots import solo
from tm.bots.outlook import Outlook
from tm.bots.races import Races
from tm.cards import card

REPLACE = solo.PRICE  # a step's standard project cost
UNITS_PER_STEP = solo.UNITS  # heat per temperature step, plants per greenery
END_MC = 0.35  # a megacredit in the last generation: what the points it buys are worth
SOLO_END_MC = 1.0  # solo: money still makes the steps that win, to the very end
SOLO_STEP = 1.0  # solo: a step made now saves this share of its standard project later
LIKELY_END_MC = 0.6  # ... in what seems to be the last generation
COVERED_SHARE = 0.1  # solo: share of its standard project a step is worth that heat or
# plants held and to come would make anyway (it saves only them)
RICH = 0.01  # how fast money beyond need loses worth, per megacredit
RESERVE = 12.0  # megacredits kept beyond what the hand needs before money loses worth


def money_worth(outlook: Outlook, hand_need: Callable[[float], float]) -> float:
    """Worth of one megacredit now. In the last generation money buys only points:
    it is worth what the points it buys are worth, so spending beats hoarding. Before
    that (habit ``money``), money beyond what the hand will need (``hand_need``: the cards
    playable soon, asked no further than the money held) earns nothing while held: it is
    worth less, down to what it buys at the end."""
    if outlook.final and outlook.has("end"):
        return SOLO_END_MC if outlook.solo else END_MC
    if outlook.solo:
        return 1.0
    value = 1.0
    if outlook.has("money"):
        held = float(outlook.pl["res"]["megacredits"])
        if held > RESERVE:  # (else no need is beyond it: the hand is not asked, nor
            need = RESERVE + hand_need(held - RESERVE)  # beyond what is held)
            value = max(END_MC + 0.2, 1.0 - RICH * max(0.0, held - need))
    if outlook.gl == 0 and outlook.has("likely_end"):
        value = min(value, LIKELY_END_MC)
    return value


class Economy:
    """Worths of units, production, steps and tiles for one decision (cached)."""

    def __init__(self, outlook: Outlook, races: Races, mc: float) -> None:
        self.outlook = outlook
        self.races = races
        self.mc = mc  # worth of one megacredit now (see money_worth)
        self.metals_pay = outlook.has("metals")  # steel and titanium pay for cards
        self._unit: dict[str, float] = {}
        self._step: dict[str, float] = {}
        self._pace_plan: solo.Plan | None = None

    def averaged(self, share: float) -> Economy:
        """The same economy with income to come counted at ``share`` of its worth now (a
        repeated action's income, averaged over its uses)."""
        other = Economy(replace(self.outlook, annuity=self.outlook.annuity * share),
                        self.races, self.mc)
        other._pace_plan = self._pace_plan
        return other

    # ------------------------------------------------------------ parameter steps
    def step(self, name: str) -> float:
        """Worth of one step of a global parameter now (0 once it is maxed)."""
        if name not in self._step:
            self._step[name] = self._step_value(name)
        return self._step[name]

    def _step_value(self, name: str) -> float:
        o = self.outlook
        if o.left.get(name, 0) <= 0:
            return 0.0
        if o.solo:
            value = o.annuity + REPLACE[name] * (1.05 if o.gl == 0 else
                                                 SOLO_STEP if o.sharp else 0.6)
            if o.pace and self._covered(name):
                value = o.annuity + REPLACE[name] * COVERED_SHARE
            return value
        return o.annuity + o.vpv + self.hurry() + self.races.aim_shift("tr", None, 1)

    def _covered(self, name: str) -> bool:
        """Solo: whether the heat or plants held and still produced will make every step
        left on this parameter (a step made another way then saves only them)."""
        if self._pace_plan is None:
            self._pace_plan = solo.plan(self.outlook.view)
        found = self._pace_plan
        return found is not None and found.free.get(name, 0) >= self.outlook.left.get(name, 0) > 0

    def hurry(self) -> float:
        """Multiplayer: the leader gains by ending the game, and every game must end."""
        o = self.outlook
        late = max(0.0, float(o.gen - 9)) * 1.5
        totals = [s["total"] for s in o.view.get("scores") or ()]
        if len(totals) > 1 and o.total_left <= 8:
            mine = totals[o.me]
            best_other = max(t for i, t in enumerate(totals) if i != o.me)
            if mine > best_other:
                late += 4.0
        return late

    def tr_value(self) -> float:
        """One TR not tied to a parameter: income, and a VP."""
        o = self.outlook
        return o.annuity + o.vpv + self.races.aim_shift("tr", None, 1)

    def tile_value(self, tile: str) -> float:
        """Worth of placing a tile (a greenery's oxygen step included)."""
        o = self.outlook
        race = 0.0
        if tile != "ocean":
            race = (self.races.award_shift("tiles", None, 1)
                    + self.races.award_shift("tiles", tile, 1)
                    + self.races.aim_shift("tiles", tile, 1))
        if tile == "greenery":
            return self.step("oxygen") + (0.0 if o.solo else o.vpv + 1.0) + race
        if tile in ("city", "capital"):
            return (1.0 if o.solo else 1.5 * o.vpv + 2.0) + race
        return 1.0 + race

    # ------------------------------------------------------------ units
    def unit(self, res: str) -> float:
        """Worth of one unit of a standard resource."""
        if res not in self._unit:
            self._unit[res] = self._unit_value(res)
        return self._unit[res]

    def _unit_value(self, res: str) -> float:
        o = self.outlook
        if res == "megacredits":
            return self.mc
        if res in ("steel", "titanium") and o.pace:
            return solo.metal_worth(o, res)
        if res == "steel":
            return 1.7 * (self.mc if o.has("end") else 1.0)
        if res == "titanium":
            return 2.5 * (self.mc if o.has("end") else 1.0)
        if res == "heat":
            return self._converted("heat", "temperature", 0.0)
        if res == "plants":
            extra = 0.0 if o.solo else o.vpv + 1.0
            return self._converted("plants", "oxygen", extra)
        if res == "energy":
            return max(0.8, self.unit("heat"))
        return 1.0

    def _converted(self, res: str, param: str, extra: float) -> float:
        """Heat and plants are worth the step (and tile) eight of them make, until the
        parameter will be maxed by what is held and produced already."""
        o = self.outlook
        later = self.step(param) - o.annuity / 2  # converted over time: half the income
        full = (later + extra) / UNITS_PER_STEP
        if not o.sharp:
            return max(0.3, full)
        held = int(o.pl["res"][res])
        made = int(o.pl["prod"][res]) + (int(o.pl["prod"]["energy"])
                                         if res == "heat" else 0)
        supply = held + made * o.gl
        if supply >= UNITS_PER_STEP * o.left[param] + UNITS_PER_STEP:
            return max(0.05, extra / UNITS_PER_STEP) + (1.0 if res == "heat" and o.has_effect(
                "heat_as_mc") else 0.0)
        return max(0.05, full)

    def prod(self, res: str) -> float:
        """Worth of one more production of ``res``."""
        value = self.unit(res) * self.outlook.annuity
        if res == "energy" and self.outlook.sharp:
            value = max(value, self.outlook.annuity * 0.9)
        return value

    def card_value_now(self) -> float:
        """Worth of one more card in hand."""
        return max(0.5, min(4.0, 0.45 * self.outlook.gl + 0.5))

    # ------------------------------------------------------------ paying
    def cost(self, mc: float, name: str | None = None) -> float:
        """Worth of paying ``mc`` megacredits for a card (habit ``metals``: steel or
        titanium may pay part of it, at their own worth)."""
        if not self.metals_pay or name is None:
            return mc * self.mc
        tags = card(name).tags
        left = mc
        worth = 0.0
        res = self.outlook.pl["res"]
        for metal, tag, rate in (("titanium", "space", 3 + self.outlook.metal_bonus("titanium")),
                                 ("steel", "building", 2 + self.outlook.metal_bonus("steel"))):
            if tag in tags and left > 0:
                used = min(int(res.get(metal, 0)), int(left // rate))
                worth += used * self.unit(metal) - self.races.award_shift("stock", metal, -used)
                left -= used * rate
        return worth + left * self.mc
