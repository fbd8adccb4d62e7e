"""The scores a bot's prompt answers share: what a move on the action menu, cards to buy
or keep, a setup item, a space and a currency are worth to the deciding seat.

Built once per decision (:class:`tm.bots.policy.Mind` asks it) over the seat's
:class:`tm.bots.values.Judge`, the level's noise and its sharpness.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tm.bots.expansions.colonies import own_colonies, printed_tile
from tm.bots.races import award_spread
from tm.bots.values import Judge
from tm.cards import card
from tm.core import manifest as expansions
from tm.rules.action_checks import PROJECTS
from tm.view_model import GameView, ListedChoice, SpaceView

Choice = ListedChoice  # one listed choice of the decision (its response's fields, label)
Scorer = Callable[[Choice], float]
SOLO_BUY = 4.0  # solo: the least net worth of a card worth buying
BACKLOG = 1.5  # generations of income the cards waiting in hand may cost before ...
PRESSURE = 4.0  # ... a card must be worth this much more per generation beyond it
SOLO_BACKLOG = 1.0  # ... in solo (hard)
TYPICAL_MARKER = 3  # a colony tile's trade, judged at this marker position (R-COL-5)
FLOATER_FEE = 2.0  # MC: a floater that pays a whole trade (its card's action adds one)
COLONY_TRADES = 2.0  # most trades a new colony's bonus is counted for (one a generation)


def project_steps() -> dict[str, Any]:
    """Every standard project's printed effect (base game and expansions: public rules)."""
    found = {name: steps for name, (_, steps) in PROJECTS.items()}
    for name in expansions.known():
        for project, (_, steps) in expansions.manifest(name).projects.items():
            found[project] = steps
    return found


class Scoring:
    """The shared scores of one decision (``costs``: the decision's card prices)."""

    def __init__(self, view: GameView, judge: Judge, noise: Callable[[], float],
                 sharp: bool, costs: Mapping[str, Any]) -> None:
        self.view = view
        self.judge = judge
        self.noise = noise
        self.sharp = sharp
        self.costs = costs

    # ------------------------------------------------------------ the action menu
    def action_score(self, c: Choice) -> float:
        """Net worth of one choice on the action menu (0: passing or ending the turn)."""
        j = self.judge
        kind = c["type"]
        label = c.get("label") or {}
        if kind == "play_card":
            return j.cards.play_worth(c["card"], float(label.get("cost", card(c["card"]).cost)))
        if kind == "standard_project":
            return self.project_score(c["project"], float(label.get("cost", 0)))
        if kind == "card_action":
            return j.card_steps.steps(card(c["card"]).action, c["card"]) + 0.5
        if kind == "convert_plants":
            return (j.economy.tile_value("greenery") + 0.5
                    + j.races.award_shift("stock", "plants", -8))
        if kind == "convert_heat":
            return (j.economy.step("temperature") + 0.5 + j.races.award_shift("stock", "heat", -8)
                    if j.outlook.left["temperature"] else -1.0)
        if kind == "claim_milestone":
            return 5 * j.outlook.vpv - j.economy.cost(8) + 4.0
        if kind == "fund_award":
            return self.award_score(c["award"], float(label.get("cost", 8)))
        if kind == "first_action":
            return 100.0
        if kind == "trade":
            return self.trade_score(str(c["tile"]), label)
        if kind in ("pass", "end_turn"):
            return 0.0
        return -1.0

    def project_score(self, project: str, cost: float) -> float:
        """Net worth of a standard project at ``cost``."""
        j = self.judge
        if project == "sell_patents":
            return self.sell_score()
        steps = project_steps().get(project)
        if steps is None:
            return -1.0
        value = j.card_steps.steps(steps)
        return value - j.economy.cost(cost) - (0.0 if self.sharp else 1.0)

    def hand_keep(self) -> list[tuple[float, str]]:
        """Each card in hand with the net worth of keeping it."""
        j = self.judge
        return [(j.cards.keep_worth(h["name"], float(h["cost"])), h["name"])
                for h in self.view["you"]["hand"]]

    def sell_score(self) -> float:
        """Worth of selling patents: only several cards not worth keeping (or at the end)."""
        j = self.judge
        worthless = [n for w, n in self.hand_keep() if w < 1.0 - (2.0 if j.outlook.gl else 0.0)]
        if not worthless:
            return -1.0
        if j.outlook.gl >= 1 and len(worthless) < 3:
            return -1.0
        return len(worthless) * 1.0 - 0.5

    def award_score(self, name: str, cost: float) -> float:
        """Net worth of funding an award at ``cost``."""
        j = self.judge
        if j.outlook.solo:
            return -1.0
        if "fund" in j.outlook.features:  # the lead, and how much it may change by the end
            for row in self.view["standings"]["awards"]:
                if row["name"] == name:
                    values = row["values"]
                    others = [v for i, v in enumerate(values) if i != j.outlook.me]
                    lead = int(values[j.outlook.me]) - int(max(others))
                    spread = award_spread(j.outlook, name)
                    return j.outlook.vpv * j.races.award_points(lead, spread) - j.economy.cost(cost)
            return -1.0
        if j.outlook.gl > 4:  # awards are scored at the end: fund a lead that will hold
            return -1.0
        for row in self.view["standings"]["awards"]:
            if row["name"] == name:
                values = row["values"]
                mine = values[j.outlook.me]
                others = [v for i, v in enumerate(values) if i != j.outlook.me]
                top = max(others) if others else 0
                if mine > top:
                    return (5 * j.outlook.vpv * (0.9 if mine > top + 1 else 0.6)
                            - j.economy.cost(cost))
                if mine == top:
                    return 3 * j.outlook.vpv * 0.5 - j.economy.cost(cost)
                return -j.economy.cost(cost)
        return -1.0

    # ------------------------------------------------------------ cards and setup items
    def buy_plan(self, cards: list[str], money: int, price: int) -> list[tuple[float, str]]:
        """Cards worth buying with their net worth, best first, as many as money allows;
        the sharp levels ask more of a card when the hand already holds more to play than
        the next generations' income can pay for."""
        j = self.judge
        costs = self.costs
        rated = sorted(((j.cards.keep_worth(n, float(costs.get(n, card(n).cost)))
                         - j.economy.cost(price) + self.noise(), n) for n in cards), reverse=True)
        threshold = (SOLO_BUY if j.outlook.solo else 1.0) if self.sharp else 0.0
        backlog = 0.0
        if self.sharp and self.view.get("you"):
            backlog = sum(float(h["cost"]) for h in self.view["you"]["hand"]
                          if j.cards.keep_worth(h["name"], float(h["cost"])) > 0)
        prod = j.outlook.pl["prod"]
        income = max(10.0, float(j.outlook.pl["tr"]) + float(prod["megacredits"])
                     + 2 * float(prod["steel"]) + 3 * float(prod["titanium"]))
        plan: list[tuple[float, str]] = []
        spend = 0
        reserve = 0 if not self.sharp else 4
        waiting = SOLO_BACKLOG if j.outlook.pace else BACKLOG
        for worth, name in rated:
            if self.sharp:
                pressure = max(0.0, backlog / income - waiting)  # generations of cards waiting
                if worth <= threshold + PRESSURE * pressure:
                    continue
                backlog += float(costs.get(name, card(name).cost))
            elif worth <= threshold:
                continue
            if spend + price > max(0, money - reserve):
                continue
            plan.append((worth, name))
            spend += price
        return plan

    def want_buy(self, cards: list[str], money: int, price: int) -> list[str]:
        """The cards to buy (see :meth:`buy_plan`)."""
        return [n for _, n in self.buy_plan(cards, money, price)]

    def best_kept(self, offer: Mapping[str, Any]) -> list[str]:
        """What to keep of a setup offer: the best cards (Prelude), or the best items of
        another kind judged by what the view says each gives (Colonies' solo tiles)."""
        names, keep = list(offer["cards"]), int(offer["keep"])
        if offer.get("item", "card") == "card":
            return self.best_preludes(names, keep)
        printed = offer.get("printed") or {}
        rated = sorted(((self.item_worth(printed.get(n) or {}) + self.noise(), -i, n)
                        for i, n in enumerate(names)), reverse=True)
        return [n for _, _, n in rated[:keep]]

    def item_worth(self, printed: Mapping[str, Any]) -> float:
        """A colony tile's worth to this seat: building a colony there, trading with it
        at a middling marker, and the colony bonus others' (or one's own) trades pay; a
        tile waiting for a card resource (R-COL-2) only counts what the seat's cards can
        hold (nothing, before any such card is in play)."""
        j = self.judge
        track = list(printed.get("track") or ())
        trade = j.card_steps.steps(track[TYPICAL_MARKER]) if len(track) > TYPICAL_MARKER else 0.0
        return (j.card_steps.steps(printed.get("build") or ()) + trade
                + 0.5 * j.card_steps.steps(printed.get("bonus") or ()))

    def trade_score(self, tile: str, label: Mapping[str, Any]) -> float:
        """Net worth of trading with ``tile`` now (R-COL-4): the reward at its marker and
        the colony bonus of each of one's own colonies there, less the cheapest fee."""
        j = self.judge
        bonus = self._printed(tile).get("bonus") or ()
        mine = own_colonies(label, j.outlook.me)
        gain = j.card_steps.steps(label.get("gain") or ()) + mine * j.card_steps.steps(bonus)
        fees = label.get("fees") or {}
        return gain - min((self.fee_cost(r, int(n)) for r, n in fees.items()), default=0.0)

    def fee_cost(self, resource: str, amount: int) -> float:
        """Worth of paying a trade fee of ``amount`` ``resource`` (MC, energy, titanium, or
        a floater)."""
        j = self.judge
        if resource == "megacredits":
            return j.economy.cost(amount)
        if resource in ("energy", "titanium"):
            return amount * j.economy.unit(resource)
        return amount * FLOATER_FEE  # (a floater of Titan Floating Launch-pad)

    def colony_tile_score(self, tile: str) -> float:
        """Worth of building a colony on ``tile``: what building gives, and its colony
        bonus, paid at each trade there (one's own at least) over the generations left."""
        j = self.judge
        printed = self._printed(tile)
        bonus = j.card_steps.steps(printed.get("bonus") or ())
        return (j.card_steps.steps(printed.get("build") or ())
                + bonus * min(float(j.outlook.gl), COLONY_TRADES))

    def _printed(self, tile: str) -> Mapping[str, Any]:
        """What the view prints of a colony tile (build, bonus, trade track)."""
        return printed_tile(self.view, tile)

    def best_preludes(self, cards: list[str], keep: int) -> list[str]:
        """The ``keep`` cards worth most played now."""
        rated = sorted(((self.judge.cards.card_value(n) + self.noise(), n) for n in cards),
                       reverse=True)
        return [n for _, n in rated[:keep]]

    # ------------------------------------------------------------ spaces and currencies
    def space_score(self, sp: SpaceView, tile: Any, spaces: Mapping[str, SpaceView]) -> float:
        """Worth of placing ``tile`` on a space: its bonus, oceans and own tiles near."""
        j = self.judge
        value = 0.0
        for bonus in sp.get("bonus") or ():
            value += {"steel": j.economy.unit("steel"), "titanium": j.economy.unit("titanium"),
                      "plants": j.economy.unit("plants"), "heat": j.economy.unit("heat"),
                      "card": j.economy.card_value_now()}.get(bonus, 0.5)
        near = [spaces[n] for n in sp.get("neighbors") or () if n in spaces]
        value += 2.0 * sum(1 for n in near if n.get("tile") == "ocean")
        value -= float(sp.get("cost") or 0)
        if not self.sharp:
            return value
        mine = [n for n in near if n.get("owner") == j.outlook.me]
        if tile == "greenery":
            value += j.outlook.vpv * sum(1 for n in mine if n.get("tile") in ("city", "capital"))
            value += 0.3 * len(mine)
        elif tile in ("city", "capital"):
            greens = sum(1 for n in near if n.get("tile") == "greenery")
            free = sum(1 for n in near if n.get("tile") is None and n.get("kind") == "land")
            value += j.outlook.vpv * (greens + 0.3 * free)
        elif tile != "ocean":
            value += 0.2 * len(mine)
        return value

    def currency_worth(self, res: str) -> float:
        """Worth of one unit of what may pay (a resource, or a card's resource)."""
        j = self.judge
        if res in ("steel", "titanium", "heat", "plants", "energy"):
            return j.economy.unit(res)
        return j.card_steps.res_value(res) if res != "megacredits" else 1.0
