"""How a bot answers each kind of prompt: score every listed choice, take the best.

Input is the deciding player's ``view()`` only: its ``you.decision`` holds the prompt's
kind, purpose, details and listed choices. Multi-step selections (setup, buying, selling)
are planned as a whole each time they are asked and answered one step at a time, so a
bot needs no memory between calls. Here is one answer per prompt kind; the scores several
of them share are in :mod:`tm.bots.scoring`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tm.bots import solo
from tm.bots.paying import pay_step
from tm.bots.scoring import Choice, Scorer, Scoring
from tm.bots.values import Judge
from tm.cards import card
from tm.core.contract import plays_now
from tm.view_model import GameView

BUY_PRICE = 3
IDLE_MC = 40  # habit ``spend``: money from which passing before the last generation idles it
SLACK = 4.0  # MC: how far below break-even an action may be scored and still beat idling
STOPS = ("pass", "end_turn")


class Mind:
    """One decision being made: the view, the judge and the level's habits."""

    def __init__(self, view: GameView, judge: Judge, noise: Callable[[], float],
                 sharp: bool) -> None:
        self.view = view
        self.judge = judge
        self.noise = noise
        self.sharp = sharp
        decision = view["you"]["decision"]
        assert decision is not None  # (a bot is asked only with a decision waiting)
        self.decision = decision
        self.data: Mapping[str, Any] = self.decision["data"]
        self.choices: list[Choice] = list(self.decision["choices"])
        self.reason = ""
        self.worth: float | None = None  # what the chosen action seemed worth, in MC
        self.scores = Scoring(view, judge, noise, sharp, self.decision.get("costs") or {})

    # ------------------------------------------------------------ entry
    def decide(self) -> Choice:
        """The choice for this decision (its reason key in :attr:`reason`)."""
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
        """The best-scored choice, with the level's noise (ties: the first listed)."""
        pool = self.choices if choices is None else choices
        scored = [(scorer(c) + self.noise(), -i, c) for i, c in enumerate(pool)]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def find(self, kind: str, **keys: Any) -> Choice | None:
        """The first listed choice of a type with these keys (None: none)."""
        for c in self.choices:
            if c["type"] == kind and all(c.get(k) == v for k, v in keys.items()):
                return c
        return None

    # ------------------------------------------------------------ the action menu
    def action(self) -> Choice:
        """The move worth most on the action menu, or stopping when none is worth it."""
        scores = [(self.scores.action_score(c) + (self.noise() if c["type"] not in (
            "pass", "end_turn") else 0.0), -i, c) for i, c in enumerate(self.choices)]
        score, _, choice = max(scores, key=lambda t: (t[0], t[1]))
        self.worth = score
        if score <= 0.0 and self.judge.outlook.has("spend"):
            spent = self.idle_money([(s, i, c) for s, i, c in scores if c["type"] not in STOPS
                                     and c.get("project") != "sell_patents"])
            if spent is not None:
                return spent
        if score <= 0.0:
            stop = self.find("end_turn") or self.find("pass")
            if stop is not None:
                self.reason = "nothing_worth"
                return stop
        self.reason = choice["type"]
        return choice

    def idle_money(self, scored: list[tuple[float, int, Choice]]) -> Choice | None:
        """Habit ``spend``: before the last generation, holding IDLE_MC or more, the best
        action within SLACK of break-even rather than stopping (the values of steps and
        projects are estimates; money held over a generation earns nothing, and issue 31
        found hard passing with 40-86 MC while every project scored slightly negative)."""
        if not scored:
            return None
        score, _, choice = max(scored, key=lambda t: (t[0], t[1]))
        if not self.idles(score):
            return None
        self.worth = score
        self.reason = choice["type"]
        return choice

    def idles(self, best: float) -> bool:
        """Whether stopping now idles money (habit ``spend``): before the last generation,
        holding IDLE_MC or more, with an action scored ``best`` within SLACK of break-even."""
        o = self.judge.outlook
        return (o.has("spend") and not o.final and o.gl >= 1 and best >= -SLACK
                and int(o.pl["res"]["megacredits"]) >= IDLE_MC)

    # ------------------------------------------------------------ setup
    def setup(self) -> Choice:
        """A corporation, then the cards to buy, then what to keep of each offer."""
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
            want = self.scores.want_buy(list(d["cards"]), money, price)
            step = self.towards(d, want, "pick", "unpick")
            if step is not None:
                return step
        for offer in d.get("offers") or []:
            keep = self.scores.best_kept(offer)
            step = self.towards(offer, keep, "keep", "unkeep", offer=offer["name"])
            if step is not None:
                if step["type"] == "keep" and offer.get("item", "card") != "card":
                    self.reason = f"keep_{offer['item']}"  # (hint.keep_colony_tile)
                return step
        done = self.find("done")
        self.reason = "setup_done"
        return done if done is not None else self.choices[0]

    def price(self, d: Mapping[str, Any]) -> int:
        """A card's price at setup (a corporation may change it)."""
        chosen, prices = d.get("corporation"), d.get("prices")
        if chosen and prices:
            return int(prices[d["corporations"].index(chosen)])
        return int(d.get("price", BUY_PRICE))

    def corp_score(self, name: str) -> float:
        """A corporation's worth: its money, its card and the cards it then buys."""
        d = self.data
        money = d["starting_mc"][d["corporations"].index(name)]
        weight = solo.START_MC if self.judge.outlook.pace else 1.0
        value: float = money * weight + self.judge.cards.card_value(name)
        value += sum(w for w, _ in self.buy_plan(list(d["cards"]), money, self.price(d)))
        return value

    def buy_plan(self, cards: list[str], money: int, price: int) -> list[tuple[float, str]]:
        """Cards worth buying with their net worth (see :meth:`Scoring.buy_plan`)."""
        return self.scores.buy_plan(cards, money, price)

    def towards(self, d: Mapping[str, Any], want: list[str], pick: str, unpick: str,
                **extra: Any) -> Choice | None:
        """The next step that brings a selection closer to ``want`` (None: it is there).
        A selection over many cards lists them a page at a time: a change whose card is on
        another page turns the page."""
        held = list(d.get("picked") or [])
        elsewhere = False
        for name in held:
            if name not in want:
                step = self.find(unpick, card=name, **extra)
                if step is not None:
                    return step
                elsewhere = True
        for name in want:
            if name not in held:
                step = self.find(pick, card=name, **extra)
                if step is not None:
                    self.reason = pick
                    return step
                elsewhere = True
        return self.find("more_cards") if elsewhere else None

    # ------------------------------------------------------------ card selections
    def cards(self) -> Choice:
        """The next pick or unpick towards the cards to buy, sell or keep, then done."""
        d = self.data
        purpose = self.decision["purpose"]
        names = list(d["cards"])
        j = self.judge
        if purpose == "buy_cards":
            money = int(self.view["players"][j.outlook.me]["res"]["megacredits"])
            want = self.scores.want_buy(names, money, int(d.get("price", BUY_PRICE)))
        elif purpose in ("sell_patents", "discard_to_draw"):
            keep = sorted(self.scores.hand_keep())
            limit = int(d.get("max", 1))
            cut = 1.0 - (2.0 if j.outlook.gl else 0.0)
            want = [n for w, n in keep if w < cut][:limit]
            if len(want) < int(d.get("min", 0)):
                want = [n for _, n in keep[:int(d["min"])]]
        else:  # keep some of drawn cards
            n = int(d.get("max", 1))
            rated = sorted(((j.cards.keep_worth(c, float(card(c).cost)) + self.noise(), c)
                            for c in names), reverse=True)
            want = [c for _, c in rated[:max(n, int(d.get("min", 0)))]]
        step = self.towards(d, want, "pick", "unpick")
        if step is not None:
            return step
        done = self.find("done")
        self.reason = purpose
        return done if done is not None else self.choices[0]

    def card(self) -> Choice:
        """One card, by what the purpose asks of it."""
        purpose = self.decision["purpose"]
        j = self.judge
        self.reason = purpose
        if purpose in ("remove_animals", "take_res"):
            return self.best(lambda c: -1.0 if (c.get("label") or {}).get("owner") == j.outlook.me
                             else 1.0)
        if purpose in ("add_res", "spend_own_res"):
            sign = 1.0 if purpose == "add_res" else -1.0
            return self.best(lambda c: sign * j.card_steps.res_value(c["card"]))
        if purpose in ("play_from_hand",):
            costs: Mapping[str, float] = {h["name"]: float(h["cost"])
                                          for h in self.view["you"]["hand"]}
            return self.best(lambda c: j.cards.play_worth(c["card"], costs.get(c["card"], 0.0)))
        if purpose == "copy_production":
            return self.best(lambda c: j.card_steps.steps([s for s in card(c["card"]).play
                                                           if s.get("k") == "prod"]))
        if plays_now(purpose):
            return self.best(lambda c: j.cards.card_value(c["card"]))
        costs = self.decision.get("costs") or {}
        return self.best(lambda c: j.cards.keep_worth(c["card"], float(costs.get(c["card"], 0))))

    # ------------------------------------------------------------ the board
    def space(self) -> Choice:
        """The space (or region) worth most for the tile."""
        spaces = {s["id"]: s for s in self.view["spaces"]}
        tile = self.data.get("tile")
        self.reason = f"space_{tile}"

        def score(c: Choice) -> float:
            if c["type"] == "region":
                ids = (c.get("label") or {}).get("spaces") or []
                return max((self.scores.space_score(spaces[i], tile, spaces) for i in ids),
                           default=0.0)
            if c["type"] == "space":
                return self.scores.space_score(spaces[c["space"]], tile, spaces)
            return 0.0
        return self.best(score)

    # ------------------------------------------------------------ small prompts
    def player(self) -> Choice:
        """Another player to target (the leader rather), never oneself."""
        j = self.judge
        self.reason = "target"
        scores = {s["player"]: s["total"] for s in self.view["scores"]}

        def score(c: Choice) -> float:
            if c["type"] == "none":
                return 0.0
            target = c["player"]
            if target == j.outlook.me:
                return -5.0
            return 1.0 + 0.01 * scores.get(target, 0)
        return self.best(score)

    def amount(self) -> Choice:
        """The most, or for heat production turned to money the least while heat pays."""
        purpose = self.decision["purpose"]
        amounts = [c["amount"] for c in self.choices]
        self.reason = purpose
        want = max(amounts)
        if purpose == "heat_prod_to_mc_prod":
            j = self.judge
            want = max(amounts) if j.economy.unit("heat") < 1.0 else min(amounts)
        return next(c for c in self.choices if c["amount"] == want)

    def pay(self) -> Choice:
        """The payment that keeps MC, as the page starts it (:func:`pay_step`: steel,
        titanium and the rest before MC): a step toward it, then confirm. Without such a
        payment, cheap currencies first."""
        self.reason = "pay"
        me = self.view["players"][self.judge.outlook.me]
        step = pay_step(self.data, self.choices, {**me["res"], **me["card_res"]})
        if step is not None:
            return self.choices[step]
        use = {str(r): int(n) for r, n in (self.data.get("use") or {}).items()}
        return self._pay_cheap(use, self.data.get("rates") or {})

    def _pay_cheap(self, use: Mapping[str, int], rates: Mapping[str, int]) -> Choice:
        """Cheap currencies first (steel, titanium at their rate beat MC), then MC; when MC
        falls short, more of the others. Amounts only ever rise, so a payment ends."""
        raises = [c for c in self.choices
                  if c["type"] == "use" and c["amount"] > use.get(c["resource"], 0)]
        cheap = [c for c in raises if (c.get("label") or {}).get("best")
                 and self.scores.currency_worth(c["resource"]) <= float(rates.get(c["resource"], 1))
                 * 1.05]
        if cheap:
            return cheap[0]
        confirm = self.find("confirm")
        if confirm is not None:
            return confirm
        if raises:
            return min(raises, key=lambda c: (self.scores.currency_worth(c["resource"])
                                              / float(rates.get(c["resource"], 1)),
                                              -c["amount"]))
        return self.choices[0]

    def option(self) -> Choice:
        """The option whose card steps are worth most."""
        purpose = self.decision["purpose"]
        j = self.judge
        self.reason = purpose
        if purpose == "final_greenery":
            return self.choices[0]

        if purpose == "trade_offset":  # the marker as high as it goes: the trader gains more
            return max(self.choices, key=lambda c: int((c.get("label") or {}).get("steps", 0)))
        if purpose == "trade_fee":  # the fee worth least (energy or titanium may beat 9 MC)
            fees = self.data.get("fees") or []
            return min(self.choices, key=lambda c: self.scores.fee_cost(
                str(fees[c["option"]]), int((c.get("label") or {}).get("amount", 0))))
        if purpose == "build_colony":  # the tile whose colony gives most
            tiles = self.data.get("tiles") or []
            return max(self.choices, key=lambda c: self.scores.colony_tile_score(
                str(tiles[c["option"]])))

        def score(c: Choice) -> float:
            label = c.get("label") or {}
            if isinstance(label.get("steps"), list):  # what the option does, as card steps
                return j.card_steps.steps(label["steps"], label.get("src"))
            return 0.0
        return self.best(score)
