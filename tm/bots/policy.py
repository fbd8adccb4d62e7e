"""How a bot answers each kind of prompt: score every listed choice, take the best.

Input is the deciding player's ``view()`` only: its ``you.decision`` holds the prompt's
kind, purpose, details and listed choices. Multi-step selections (setup, buying, selling)
are planned as a whole each time they are asked and answered one step at a time, so a
bot needs no memory between calls.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tm.bots import solo
from tm.bots.values import Judge
from tm.cards import card
from tm.core import manifest as expansions
from tm.expansions.prelude.manifest import PLAY_NOW_PURPOSES
from tm.rules.actions import PROJECTS

Choice = dict[str, Any]
Scorer = Callable[[Choice], float]
BUY_PRICE = 3
SOLO_BUY = 4.0  # solo: the least net worth of a card worth buying
BACKLOG = 1.5  # generations of income the cards waiting in hand may cost before ...
PRESSURE = 4.0  # ... a card must be worth this much more per generation beyond it
SOLO_BACKLOG = 1.0  # ... in solo (hard)
TYPICAL_MARKER = 3  # a colony tile's trade, judged at this marker position (R-COL-5)


def project_steps() -> dict[str, Any]:
    """Every standard project's printed effect (base game and expansions: public rules)."""
    found = {name: steps for name, (_, steps) in PROJECTS.items()}
    for name in expansions.known():
        for project, (_, steps) in expansions.manifest(name).projects.items():
            found[project] = steps
    return found


class Mind:
    """One decision being made: the view, the judge and the level's habits."""

    def __init__(self, view: Mapping[str, Any], judge: Judge, noise: Callable[[], float],
                 sharp: bool) -> None:
        self.view = view
        self.judge = judge
        self.noise = noise
        self.sharp = sharp
        self.decision: Mapping[str, Any] = view["you"]["decision"]
        self.data: Mapping[str, Any] = self.decision["data"]
        self.choices: list[Choice] = list(self.decision["choices"])
        self.reason = ""
        self.worth: float | None = None  # what the chosen action seemed worth, in MC

    # ------------------------------------------------------------ entry
    def decide(self) -> Choice:
        kind = self.decision["kind"]
        if len(self.choices) == 1:
            self.reason = "only_choice"
            return self.choices[0]
        handler = {
            "action": self.action, "setup": self.setup, "cards": self.cards,
            "card": self.card, "space": self.space, "player": self.player,
            "amount": self.amount, "pay": self.pay, "option": self.option,
        }.get(kind)
        if handler is None:
            return self.choices[0]
        return handler()

    def best(self, scorer: Scorer, choices: list[Choice] | None = None) -> Choice:
        pool = self.choices if choices is None else choices
        scored = [(scorer(c) + self.noise(), -i, c) for i, c in enumerate(pool)]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def find(self, kind: str, **keys: Any) -> Choice | None:
        for c in self.choices:
            if c["type"] == kind and all(c.get(k) == v for k, v in keys.items()):
                return c
        return None

    # ------------------------------------------------------------ the action menu
    def action(self) -> Choice:
        scores = [(self.action_score(c) + (self.noise() if c["type"] not in (
            "pass", "end_turn") else 0.0), -i, c) for i, c in enumerate(self.choices)]
        score, _, choice = max(scores, key=lambda t: (t[0], t[1]))
        self.worth = score
        if score <= 0.0:
            stop = self.find("end_turn") or self.find("pass")
            if stop is not None:
                self.reason = "nothing_worth"
                return stop
        self.reason = choice["type"]
        return choice

    def action_score(self, c: Choice) -> float:
        j = self.judge
        kind = c["type"]
        label = c.get("label") or {}
        if kind == "play_card":
            return j.play_worth(c["card"], float(label.get("cost", card(c["card"]).cost)))
        if kind == "standard_project":
            return self.project_score(c["project"], float(label.get("cost", 0)))
        if kind == "card_action":
            return j.steps(card(c["card"]).action, c["card"]) + 0.5
        if kind == "convert_plants":
            return j.tile_value("greenery") + 0.5 + j.award_shift("stock", "plants", -8)
        if kind == "convert_heat":
            return (j.step("temperature") + 0.5 + j.award_shift("stock", "heat", -8)
                    if j.left["temperature"] else -1.0)
        if kind == "claim_milestone":
            return 5 * j.vpv - j.cost(8) + 4.0
        if kind == "fund_award":
            return self.award_score(c["award"], float(label.get("cost", 8)))
        if kind == "first_action":
            return 100.0
        if kind == "trade":
            return 6.0
        if kind in ("pass", "end_turn"):
            return 0.0
        return -1.0

    def project_score(self, project: str, cost: float) -> float:
        j = self.judge
        if project == "sell_patents":
            return self.sell_score()
        steps = project_steps().get(project)
        if steps is None:
            return -1.0
        value = j.steps(steps)
        return value - j.cost(cost) - (0.0 if self.sharp else 1.0)

    def hand_keep(self) -> list[tuple[float, str]]:
        """Each card in hand with the net worth of keeping it."""
        j = self.judge
        return [(j.keep_worth(h["name"], float(h["cost"])), h["name"])
                for h in self.view["you"]["hand"]]

    def sell_score(self) -> float:
        j = self.judge
        worthless = [n for w, n in self.hand_keep() if w < 1.0 - (2.0 if j.gl else 0.0)]
        if not worthless:
            return -1.0
        if j.gl >= 1 and len(worthless) < 3:
            return -1.0
        return len(worthless) * 1.0 - 0.5

    def award_score(self, name: str, cost: float) -> float:
        j = self.judge
        if j.solo:
            return -1.0
        if "fund" in j.features:  # the lead, and how much it may change by the end
            for row in self.view["standings"]["awards"]:
                if row["name"] == name:
                    values = row["values"]
                    others = [v for i, v in enumerate(values) if i != j.me]
                    lead = int(values[j.me]) - int(max(others))
                    return j.vpv * j.award_points(lead, j.award_spread(name)) - j.cost(cost)
            return -1.0
        if j.gl > 4:  # awards are scored at the end: fund a lead that will hold
            return -1.0
        for row in self.view["standings"]["awards"]:
            if row["name"] == name:
                values = row["values"]
                mine = values[j.me]
                others = [v for i, v in enumerate(values) if i != j.me]
                top = max(others) if others else 0
                if mine > top:
                    return 5 * j.vpv * (0.9 if mine > top + 1 else 0.6) - j.cost(cost)
                if mine == top:
                    return 3 * j.vpv * 0.5 - j.cost(cost)
                return -j.cost(cost)
        return -1.0

    # ------------------------------------------------------------ setup
    def setup(self) -> Choice:
        d = self.data
        corp = d.get("corporation")
        if not corp and d.get("corporations"):
            pick = self.best(lambda c: self.corp_score(c["card"]) if c["type"] == "corporation"
                             else -1e9)
            self.reason = "corporation"
            return pick
        if corp:  # (a beginner was dealt no corporation and no cards to buy: only offers)
            money = d["starting_mc"][d["corporations"].index(corp)]
            price = self.price(d)
            want = self.want_buy(list(d["cards"]), money, price, corp)
            step = self.towards(d, want, "pick", "unpick")
            if step is not None:
                return step
        for offer in d.get("offers") or []:
            keep = self.best_kept(offer)
            step = self.towards(offer, keep, "keep", "unkeep", offer=offer["name"])
            if step is not None:
                if step["type"] == "keep" and offer.get("item", "card") != "card":
                    self.reason = f"keep_{offer['item']}"  # (hint.keep_colony_tile)
                return step
        done = self.find("done")
        self.reason = "setup_done"
        return done if done is not None else self.choices[0]

    def price(self, d: Mapping[str, Any]) -> int:
        chosen, prices = d.get("corporation"), d.get("prices")
        if chosen and prices:
            return int(prices[d["corporations"].index(chosen)])
        return int(d.get("price", BUY_PRICE))

    def corp_score(self, name: str) -> float:
        d = self.data
        money = d["starting_mc"][d["corporations"].index(name)]
        weight = solo.START_MC if self.judge.pace else 1.0
        value = money * weight + self.judge.card_value(name)
        value += sum(w for w, _ in self.buy_plan(list(d["cards"]), money, self.price(d)))
        return value

    def buy_plan(self, cards: list[str], money: int, price: int) -> list[tuple[float, str]]:
        """Cards worth buying with their net worth, best first, as many as money allows;
        the sharp levels ask more of a card when the hand already holds more to play than
        the next generations' income can pay for."""
        j = self.judge
        costs = self.decision.get("costs") or {}
        rated = sorted(((j.keep_worth(n, float(costs.get(n, card(n).cost))) - j.cost(price)
                         + self.noise(), n) for n in cards), reverse=True)
        threshold = (SOLO_BUY if j.solo else 1.0) if self.sharp else 0.0
        backlog = 0.0
        if self.sharp and self.view.get("you"):
            backlog = sum(float(h["cost"]) for h in self.view["you"]["hand"]
                          if j.keep_worth(h["name"], float(h["cost"])) > 0)
        income = max(10.0, float(j.pl["tr"]) + float(j.pl["prod"]["megacredits"])
                     + 2 * float(j.pl["prod"]["steel"]) + 3 * float(j.pl["prod"]["titanium"]))
        plan: list[tuple[float, str]] = []
        spend = 0
        reserve = 0 if not self.sharp else 4
        waiting = SOLO_BACKLOG if j.pace else BACKLOG
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

    def want_buy(self, cards: list[str], money: int, price: int, corp: str | None) -> list[str]:
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
        trade = j.steps(track[TYPICAL_MARKER]) if len(track) > TYPICAL_MARKER else 0.0
        return (j.steps(printed.get("build") or ()) + trade
                + 0.5 * j.steps(printed.get("bonus") or ()))

    def best_preludes(self, cards: list[str], keep: int) -> list[str]:
        rated = sorted(((self.judge.card_value(n) + self.noise(), n) for n in cards),
                       reverse=True)
        return [n for _, n in rated[:keep]]

    def towards(self, d: Mapping[str, Any], want: list[str], pick: str, unpick: str,
                **extra: Any) -> Choice | None:
        """The next step that brings a selection closer to ``want`` (None: it is there)."""
        held = list(d.get("picked") or [])
        for name in held:
            if name not in want:
                step = self.find(unpick, card=name, **extra)
                if step is not None:
                    return step
        for name in want:
            if name not in held:
                step = self.find(pick, card=name, **extra)
                if step is not None:
                    self.reason = pick
                    return step
        return None

    # ------------------------------------------------------------ card selections
    def cards(self) -> Choice:
        d = self.data
        purpose = self.decision["purpose"]
        names = list(d["cards"])
        j = self.judge
        if purpose == "buy_cards":
            money = int(self.view["players"][j.me]["res"]["megacredits"])
            want = self.want_buy(names, money, int(d.get("price", BUY_PRICE)), None)
        elif purpose in ("sell_patents", "discard_to_draw"):
            keep = sorted(self.hand_keep())
            limit = int(d.get("max", 1))
            cut = 1.0 - (2.0 if j.gl else 0.0)
            want = [n for w, n in keep if w < cut][:limit]
            if len(want) < int(d.get("min", 0)):
                want = [n for _, n in keep[:int(d["min"])]]
        else:  # keep some of drawn cards
            n = int(d.get("max", 1))
            rated = sorted(((j.keep_worth(c, float(card(c).cost)) + self.noise(), c)
                            for c in names), reverse=True)
            want = [c for _, c in rated[:max(n, int(d.get("min", 0)))]]
        step = self.towards(d, want, "pick", "unpick")
        if step is not None:
            return step
        done = self.find("done")
        self.reason = purpose
        return done if done is not None else self.choices[0]

    def card(self) -> Choice:
        purpose = self.decision["purpose"]
        j = self.judge
        self.reason = purpose
        if purpose in ("remove_animals", "take_res"):
            return self.best(lambda c: -1.0 if (c.get("label") or {}).get("owner") == j.me
                             else 1.0)
        if purpose in ("add_res", "spend_own_res"):
            sign = 1.0 if purpose == "add_res" else -1.0
            return self.best(lambda c: sign * j.res_value(c["card"]))
        if purpose in ("play_from_hand",):
            costs = {h["name"]: float(h["cost"]) for h in self.view["you"]["hand"]}
            return self.best(lambda c: j.play_worth(c["card"], costs.get(c["card"], 0.0)))
        if purpose == "copy_production":
            return self.best(lambda c: j.steps([s for s in card(c["card"]).play
                                                if s.get("k") == "prod"]))
        if purpose in PLAY_NOW_PURPOSES:
            return self.best(lambda c: j.card_value(c["card"]))
        costs = self.decision.get("costs") or {}
        return self.best(lambda c: j.keep_worth(c["card"], float(costs.get(c["card"], 0))))

    # ------------------------------------------------------------ the board
    def space(self) -> Choice:
        spaces = {s["id"]: s for s in self.view["spaces"]}
        tile = self.data.get("tile")
        self.reason = f"space_{tile}"

        def score(c: Choice) -> float:
            if c["type"] == "region":
                ids = (c.get("label") or {}).get("spaces") or []
                return max((self.space_score(spaces[i], tile, spaces) for i in ids),
                           default=0.0)
            if c["type"] == "space":
                return self.space_score(spaces[c["space"]], tile, spaces)
            return 0.0
        return self.best(score)

    def space_score(self, sp: Mapping[str, Any], tile: Any,
                    spaces: Mapping[str, Mapping[str, Any]]) -> float:
        j = self.judge
        value = 0.0
        for bonus in sp.get("bonus") or ():
            value += {"steel": j.unit("steel"), "titanium": j.unit("titanium"),
                      "plants": j.unit("plants"), "heat": j.unit("heat"),
                      "card": j.card_value_now()}.get(bonus, 0.5)
        near = [spaces[n] for n in sp.get("neighbors") or () if n in spaces]
        value += 2.0 * sum(1 for n in near if n.get("tile") == "ocean")
        value -= float(sp.get("cost") or 0)
        if not self.sharp:
            return value
        mine = [n for n in near if n.get("owner") == j.me]
        if tile == "greenery":
            value += j.vpv * sum(1 for n in mine if n.get("tile") in ("city", "capital"))
            value += 0.3 * len(mine)
        elif tile in ("city", "capital"):
            greens = sum(1 for n in near if n.get("tile") == "greenery")
            free = sum(1 for n in near if n.get("tile") is None and n.get("kind") == "land")
            value += j.vpv * (greens + 0.3 * free)
        elif tile != "ocean":
            value += 0.2 * len(mine)
        return value

    # ------------------------------------------------------------ small prompts
    def player(self) -> Choice:
        j = self.judge
        self.reason = "target"
        scores = {s["player"]: s["total"] for s in self.view["scores"]}

        def score(c: Choice) -> float:
            if c["type"] == "none":
                return 0.0
            target = c["player"]
            if target == j.me:
                return -5.0
            return 1.0 + 0.01 * scores.get(target, 0)
        return self.best(score)

    def amount(self) -> Choice:
        purpose = self.decision["purpose"]
        amounts = [c["amount"] for c in self.choices]
        self.reason = purpose
        want = max(amounts)
        if purpose == "heat_prod_to_mc_prod":
            j = self.judge
            want = max(amounts) if j.unit("heat") < 1.0 else min(amounts)
        return next(c for c in self.choices if c["amount"] == want)

    def pay(self) -> Choice:
        """Cheap currencies first (steel, titanium at their rate beat MC), then MC; when MC
        falls short, more of the others. Amounts only ever rise, so a payment ends."""
        d = self.data
        use = dict(d.get("use") or {})
        rates = d.get("rates") or {}
        self.reason = "pay"
        raises = [c for c in self.choices
                  if c["type"] == "use" and c["amount"] > use.get(c["resource"], 0)]
        cheap = [c for c in raises if (c.get("label") or {}).get("best")
                 and self.currency_worth(c["resource"]) <= float(rates.get(c["resource"], 1))
                 * 1.05]
        if cheap:
            return cheap[0]
        confirm = self.find("confirm")
        if confirm is not None:
            return confirm
        if raises:
            return min(raises, key=lambda c: (self.currency_worth(c["resource"])
                                              / float(rates.get(c["resource"], 1)),
                                              -c["amount"]))
        return self.choices[0]

    def currency_worth(self, res: str) -> float:
        j = self.judge
        if res in ("steel", "titanium", "heat", "plants", "energy"):
            return j.unit(res)
        return j.res_value(res) if res != "megacredits" else 1.0

    def option(self) -> Choice:
        purpose = self.decision["purpose"]
        j = self.judge
        self.reason = purpose
        if purpose == "final_greenery":
            return self.choices[0]

        if purpose == "trade_offset":  # the marker as high as it goes: the trader gains more
            return max(self.choices, key=lambda c: int((c.get("label") or {}).get("steps", 0)))

        def score(c: Choice) -> float:
            label = c.get("label") or {}
            if isinstance(label.get("steps"), list):  # what the option does, as card steps
                return j.steps(label["steps"], label.get("src"))
            return 0.0
        return self.best(score)
