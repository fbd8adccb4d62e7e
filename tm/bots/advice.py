"""The hint as the expert level's judgement (issue 45): the expert's choice first, then its
next best, each with a difference a player can use.

An :class:`Adviser` is one person's hint giver: an expert (:class:`tm.bots.expert.Expert`)
that remembers, as the expert does, the purchase it advised, so a research's picks follow
it. :meth:`Adviser.begin` starts the hint of one decision, thought in slices like a bot's
(:meth:`Advising.step`; the budget is in decisions, never in time); once made,
:attr:`Advising.hint` is a :class:`tm.bots.hint.Hint`:

- at the action menu where the expert searches, its search's values rank the choices
  (:func:`tm.bots.hint.hint` with them); elsewhere the hard policy's scores do, and the
  expert's choice is the hard policy's;
- at research (and at setup, once the corporation is chosen) the options are whole
  purchases: the ones the expert weighed, valued by its search (or, where it does not
  search, by the hard judge's worth of each card less its price), each option's choice
  the next step towards it, so following the hint's first choice makes the purchase;
- never a card the person cannot play soon (:meth:`tm.bots.card_worth.CardWorth.playable_soon`):
  such a card is taken out of every purchase, and out of a draft's options while another
  card is left.

A following autopilot (``scripts/bench_hint.py``) wins about as often as the expert.
Deterministic for the view (and the purchase remembered).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tm.bots import FEATURES, SHARP
from tm.bots.expert import Expert, Thinking
from tm.bots.hint import TOP, Hint, Option, hint, made, option
from tm.bots.policy import Mind
from tm.bots.ranking import LEVEL, VP_FLOOR
from tm.bots.values import Judge
from tm.cards import card
from tm.view_model import GameView, ListedChoice

SEED = 0  # the hint's expert (deterministic for the person's view)
NEW_CARDS = ("draft", "keep", "keep_cards", "buy_cards")  # purposes choosing cards to hold


@dataclass
class Purchase:
    """The purchases a hint offered at one research (or setup): each set of cards with its
    value in MC, the best first."""

    moment: tuple[Any, ...]  # the decision it belongs to (generation, purpose, cards offered)
    sets: list[tuple[list[str], float | None]]


class Adviser:
    """One person's hint giver (see the module docstring)."""

    def __init__(self, seed: int = SEED) -> None:
        self.expert = Expert(seed)
        self.purchase: Purchase | None = None

    def begin(self, view: GameView) -> Advising:
        """The hint of the decision in ``view``, to be thought in slices."""
        return Advising(self, view)

    def advise(self, view: GameView) -> Hint:
        """The hint of the decision in ``view``, thought to the end."""
        return self.begin(view).finish()


class Advising:
    """One hint under way: the expert's decision thought in slices, then the hint."""

    def __init__(self, adviser: Adviser, view: GameView) -> None:
        self.adviser, self.view = adviser, view
        self.hint: Hint | None = None
        expert = adviser.expert
        expert.search, expert.bought = None, None
        self.thinking: Thinking = expert.begin(view)
        if self.thinking.choice is not None:
            self.hint = self._made(self.thinking.choice)

    @property
    def played(self) -> int:
        """Rollout decisions played so far."""
        return self.thinking.played

    @property
    def searched(self) -> bool:
        """Whether the expert's search weighed the choices (not the hard policy alone)."""
        return self.adviser.expert.search is not None

    def step(self, decisions: int) -> Hint | None:
        """Think on for at most ``decisions`` rollout decisions; the hint once made."""
        if self.hint is None:
            choice = self.thinking.step(decisions)
            if choice is not None:
                self.hint = self._made(choice)
        return self.hint

    def finish(self) -> Hint:
        """Think to the end: the hint."""
        while self.hint is None:
            self.step(1 << 30)
        return self.hint

    def _made(self, choice: ListedChoice) -> Hint:
        view = self.view
        decision = view["you"]["decision"]
        assert decision is not None
        expert = self.adviser.expert
        bought = expert.bought
        if _buying(decision) and (bought is None or _are_purchases(bought)):
            found = self._purchase(choice)
            if found is not None:
                return found
        if bought and expert.search is not None and expert.search.means is not None:
            by_choice = _corporation_values(decision["choices"], bought, expert.search.means)
            return _first(hint(view, by_choice), choice)
        values, lead = self.thinking.values()
        every = decision["purpose"] in NEW_CARDS  # (the unplayable left out, then the top)
        found_hint = hint(view, values, lead, len(decision["choices"]) if every else TOP)
        if values:
            found_hint = _first(found_hint, choice)
        if every:
            found_hint = _playable(view, found_hint)
        return _reshaped(found_hint, found_hint["options"][:TOP])

    # ------------------------------------------------------------ purchases
    def _purchase(self, choice: ListedChoice) -> Hint | None:
        """Research or setup's cards: the purchases as options (None: not a purchase)."""
        view = self.view
        decision = view["you"]["decision"]
        assert decision is not None
        d = decision["data"]
        adviser, expert = self.adviser, self.adviser.expert
        moment = (view["generation"], decision["kind"], tuple(d.get("cards") or ()))
        if not d.get("picked") or adviser.purchase is None or adviser.purchase.moment != moment:
            mind = hard_mind(view)
            soon = mind.judge.cards.playable_soon
            sets = _purchases(mind, expert, choice)
            if sets is None:
                return None
            sets = [([n for n in names if soon(n)], value) for names, value in sets]
            adviser.purchase = Purchase(moment, _distinct(sets))
            expert.target = adviser.purchase.sets[0][0]  # (the expert follows it too)
        options: list[Option] = []
        best = adviser.purchase.sets[0][1]
        price = _price(view)
        for names, value in adviser.purchase.sets:
            step = step_towards(decision["choices"], list(d.get("picked") or ()), names)
            if step is None:
                continue
            key = "hint.buy_cards" if names else "hint.buy_none"  # (after the best: less.)
            found = option(step, {"key": key, "price": price}, value, best, _vp_price(view))
            found["cards"] = names
            options.append(found)
        if not options:
            return None
        return made(options[:TOP], _vp_price(view), len(view["players"]))


def hard_mind(view: GameView) -> Mind:
    """The hard policy's mind for the decision in ``view`` (the expert's, unsearched)."""
    judge = Judge(view, sharp=SHARP[LEVEL], features=FEATURES[LEVEL])
    return Mind(view, judge, lambda: 0.0, SHARP[LEVEL])


def _buying(decision: Mapping[str, Any]) -> bool:
    """Whether the decision buys cards: research, or setup once the corporation is chosen
    and no offer (preludes, colony tiles) is to keep."""
    d = decision["data"]
    if decision["kind"] == "cards":
        return bool(decision["purpose"] == "buy_cards")
    return decision["kind"] == "setup" and bool(d.get("corporation")) and not d.get("offers")


def _are_purchases(bought: list[list[dict[str, Any]]]) -> bool:
    return all(r[-1].get("type") == "done" for r in bought)


def _purchases(mind: Mind, expert: Expert, choice: ListedChoice
               ) -> list[tuple[list[str], float | None]] | None:
    """The purchases to offer, the expert's first, with their values (MC): those its search
    weighed at their means, others (to make up :data:`TOP`) at the hard judge's worth of
    their cards less the price, set against the search's on the purchase both value
    (the hard policy's). None: no purchase begins here."""
    d = mind.data
    if d.get("picked"):
        return None
    if mind.decision["kind"] == "setup":
        corp = d["corporation"]
        money, price = int(d["starting_mc"][d["corporations"].index(corp)]), mind.price(d)
    else:
        money = int(mind.view["players"][mind.judge.outlook.me]["res"]["megacredits"])
        price = int(d.get("price", 3))
    names = list(d["cards"])
    worth = {n: mind.judge.cards.keep_worth(n, float(card(n).cost))
             - mind.judge.economy.cost(price) for n in names}
    hard = [(s, sum(worth[n] for n in s)) for s in _alternatives(mind, names, money, price)]
    if not (expert.bought and expert.search is not None and expert.search.means is not None):
        return _best_first(hard, hard[0][0])
    means = expert.search.means
    searched = [([str(r["card"]) for r in responses[:-1]], means.get(i))
                for i, responses in enumerate(expert.bought)]
    known = [(s, v) for s, v in searched if v is not None]
    chosen = expert.target if expert.target is not None else searched[0][0]
    offset = next((v - h for s, v in known for t, h in hard if sorted(s) == sorted(t)), 0.0)
    made_up = [(s, h + offset) for s, h in hard
               if not any(sorted(s) == sorted(t) for t, _ in known)]
    return _best_first(known + made_up, chosen)


def _alternatives(mind: Mind, names: list[str], money: int, price: int) -> list[list[str]]:
    """Purchases near the hard policy's (its own first): it less one card, more one card
    left that can be played soon (the best two), and none."""
    want = mind.scores.want_buy(names, money, price)
    cards = mind.judge.cards
    rest = [n for _, _, n in sorted(((cards.keep_worth(n, float(card(n).cost)), -i, n)
                                     for i, n in enumerate(names)
                                     if n not in want and cards.playable_soon(n)),
                                    reverse=True)]
    sets = [want] + [[n for n in want if n != gone] for gone in want]
    sets += [want + [n] for n in rest[:2] if price * (len(want) + 1) <= money]
    return sets + [[]]


def _best_first(sets: Sequence[tuple[list[str], float | None]], chosen: list[str]
                ) -> list[tuple[list[str], float | None]]:
    """``sets`` with ``chosen`` first, the rest by value (unvalued last)."""
    first = [s for s in sets if s[0] == chosen][:1] or [(chosen, None)]
    rest = sorted((s for s in sets if s[0] != chosen),
                  key=lambda s: -(s[1] if s[1] is not None else -1e9))
    return first + rest


def _distinct(sets: list[tuple[list[str], float | None]]) -> list[tuple[list[str], float | None]]:
    """Each purchase once (the first, best-placed, kept)."""
    seen: list[list[str]] = []
    kept = []
    for names, value in sets:
        if sorted(names) not in seen:
            seen.append(sorted(names))
            kept.append((names, value))
    return kept


def step_towards(choices: list[ListedChoice], picked: list[str], names: list[str]
             ) -> ListedChoice | None:
    """The listed step towards holding exactly ``names``: an unpick, a pick, then done."""
    wanted = [("unpick", n) for n in picked if n not in names]
    wanted += [("pick", n) for n in names if n not in picked]
    for kind, name in wanted[:1]:
        return next((c for c in choices if c["type"] == kind and c.get("card") == name), None)
    return next((c for c in choices if c["type"] == "done"), None)


def _price(view: GameView) -> int:
    decision = view["you"]["decision"]
    assert decision is not None
    d = decision["data"]
    if d.get("corporation") and d.get("prices"):
        return int(d["prices"][d["corporations"].index(d["corporation"])])
    return int(d.get("price", 3))


def _vp_price(view: GameView) -> float:
    judge = Judge(view, sharp=SHARP[LEVEL], features=FEATURES[LEVEL])
    return max(VP_FLOOR, judge.outlook.vpv)


# ------------------------------------------------------------ other decisions
def _corporation_values(choices: list[ListedChoice], bought: list[list[dict[str, Any]]],
                        means: Mapping[int, float]) -> dict[int, float]:
    """A setup search's means (by candidate) as values by listed choice."""
    values: dict[int, float] = {}
    for n, responses in enumerate(bought):
        first = responses[0]
        for i, c in enumerate(choices):
            if n in means and all(c.get(k) == v for k, v in first.items()):
                values[i] = means[n]
    return values


def _first(found: Hint, choice: ListedChoice) -> Hint:
    """``found`` with the expert's ``choice`` first (its search decides, with its margin)."""
    options = found["options"]
    if options[0]["choice"] == choice:
        return found
    same = [o for o in options if o["choice"] == choice]
    chosen: Option = same[0] if same else option(choice, {"key": "hint.choice"}, None, None, 1.0)
    chosen["reason"] = dict(chosen["reason"], key=_best_key(chosen["reason"]["key"], choice))
    best = chosen["value"]
    rest = [o for o in options if o is not chosen]
    for o in rest:
        o["reason"] = dict(o["reason"])
        if best is not None and o["value"] is not None:
            mc = max(0.0, best - o["value"])
            o["behind_mc"] = round(mc, 1)
            o["behind"] = round(mc / found["vp_price"], 1)
    chosen["behind"], chosen["behind_mc"] = (0.0, 0.0) if best is not None else (None, None)
    return _reshaped(found, ([chosen] + rest)[:TOP])


def _best_key(key: str, choice: ListedChoice) -> str:
    """The reason key of a choice shown first."""
    if choice["type"] in ("pass", "end_turn"):
        return "hint.nothing_worth"
    return key


def _playable(view: GameView, found: Hint) -> Hint:
    """``found`` without the cards the person cannot play soon, while another is left."""
    soon = hard_mind(view).judge.cards.playable_soon
    options = found["options"]
    kept = [o for o in options if "card" not in o["choice"] or soon(str(o["choice"]["card"]))]
    if not kept or len(kept) == len(options):
        return found
    if kept[0] is options[0]:
        return _reshaped(found, kept)
    return _first(_reshaped(found, kept), kept[0]["choice"])


def _reshaped(found: Hint, options: list[Option]) -> Hint:
    """``found`` with ``options`` (the best first)."""
    return {"choice": options[0]["choice"], "reason": options[0]["reason"], "options": options,
            "vp_price": found["vp_price"], "unit": found["unit"]}


__all__ = ["SEED", "Adviser", "Advising", "Purchase", "hard_mind", "step_towards"]
