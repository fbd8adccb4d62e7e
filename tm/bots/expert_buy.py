"""The expert's search of what to buy, early in a game (``Budget.buy`` solo,
``Budget.duel_buy`` with others).

The economy of a solo game is mostly bought before the action menu's search can afford
rollouts to the end: the corporation and the cards bought at setup and at each research.
The expert weighs a few whole purchases by rollouts of ``Budget.horizon`` generations
valued by the fitted win chance (:mod:`tm.bots.leaf`; with others ``duel_horizon``
generations valued by the two-seat win chance, or the worth difference): at setup each
corporation dealt (the hard policy then buying for it, in the rollout as in the game);
once it is chosen, and at research, the hard policy's cards, the same less its last, the
same and the best card it left, and none. A candidate is a list of responses the seat
makes in a row (the last one's rollout then plays every seat's hard policy); the hard
policy's own comes first and another replaces it only if its mean beats it by
``Budget.leaf_margin`` (with others ``duel_margin``). The same samples and bot seeds serve
every candidate (common random numbers). The purchase chosen is then followed pick by pick
(:func:`follow`).
"""
from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from typing import Any

from tm.bots.policy import Mind
from tm.bots.rollouts import Budget, Search, rolling, sampled_means
from tm.bots.worth import position_worth
from tm.cards import card
from tm.core.contract import Response
from tm.game import Game
from tm.view_model import GameView, ListedChoice


def setup_candidates(mind: Mind, pick: ListedChoice) -> list[list[Response]]:
    """Setup, before a corporation is chosen: each corporation dealt, the hard ``pick``
    first."""
    d = mind.data
    if d.get("corporation") or len(d.get("corporations") or ()) < 2:
        return []
    if pick.get("type") != "corporation":
        return []
    hard = str(pick["card"])
    corps = [hard] + [c for c in d["corporations"] if c != hard]
    return [[{"type": "corporation", "card": c}] for c in corps]


def buy_sets(mind: Mind, top: int) -> list[list[str]]:
    """Research, before any pick: the cards to buy (the hard policy's first), at most ``top``."""
    d = mind.data
    if d.get("picked"):
        return []
    price = int(d.get("price", 3))
    money = int(mind.view["players"][mind.judge.outlook.me]["res"]["megacredits"])
    return _sets(mind, list(d["cards"]), money, price, top)


def setup_sets(mind: Mind, top: int) -> list[list[str]]:
    """Setup, the corporation chosen, before any pick (and no offers to keep): the cards
    to buy, as at research."""
    d = mind.data
    corp = d.get("corporation")
    if not corp or d.get("picked") or d.get("offers"):
        return []
    money = int(d["starting_mc"][d["corporations"].index(corp)])
    return _sets(mind, list(d["cards"]), money, mind.price(d), top)


def _sets(mind: Mind, names: list[str], money: int, price: int, top: int) -> list[list[str]]:
    """The hard policy's purchase, the same less its last, and more its best card left, and
    none."""
    want = mind.scores.want_buy(names, money, price)
    cards = mind.judge.cards
    rest = sorted(((cards.keep_worth(n, float(card(n).cost)), -i, n)
                   for i, n in enumerate(names) if n not in want), reverse=True)
    sets = [want, want[:-1]]
    if rest and price * (len(want) + 1) <= money:
        sets.append(want + [rest[0][2]])
    sets.append([])
    unique: list[list[str]] = []
    for s in sets:
        if s not in unique:
            unique.append(s)
    return unique[:max(1, top)]


def as_responses(names: list[str]) -> list[Response]:
    """A purchase as the responses that make it."""
    return [{"type": "pick", "card": n} for n in names] + [{"type": "done"}]


def follow(mind: Mind, target: list[str]) -> ListedChoice | None:
    """The next step of a purchase chosen by the search (None: the selection has left it)."""
    picked = list(mind.data.get("picked") or ())
    if any(n not in target for n in picked):
        return None
    for name in target:
        if name not in picked:
            return _listed(mind, {"type": "pick", "card": name})
    return _listed(mind, {"type": "done"})


def _listed(mind: Mind, response: Mapping[str, Any]) -> ListedChoice | None:
    for choice in mind.choices:
        if all(choice.get(k) == v for k, v in response.items()):
            return choice
    return None


def first_choice(mind: Mind, responses: list[Response]) -> ListedChoice | None:
    """The listed choice that begins a candidate."""
    return _listed(mind, responses[0])


def _value(base: Game, seat: int, mind: Mind, responses: list[Response], seeds: list[int],
           found: Search, budget: Budget) -> Generator[None, None, float]:
    game = base.copy()
    found.rollouts += 1
    for response in responses[:-1]:
        game.respond(seat, response)
    duel = len(game.state.players) > 1
    yield from rolling(game, seat, responses[-1], seeds, 0, False,
                       gens=budget.duel_horizon if duel else budget.horizon)
    return position_worth(game, seat, mind.judge, True, bool(budget.duel_leaf))


def weigh(view: GameView, mind: Mind, rng: random.Random, budget: Budget, found: Search,
          cands: list[list[Response]]) -> Generator[None, None, int]:
    """The candidate to make (its index; 0, the hard policy's, unless another's mean beats
    it by the margin), by rollouts to the generation's end valued by the leaf."""
    seat = int(view["you"]["player"])

    def value(base: Game, index: int, seeds: list[int]) -> Generator[None, None, float]:
        return _value(base, seat, mind, cands[index], seeds, found, budget)
    duel = len(view["players"]) > 1
    limit = budget.duel_steps if duel else budget.limit(1)
    samples = budget.duel_samples if duel else budget.leaf_samples
    found_means, _ = yield from sampled_means(view, rng, limit, found, samples,
                                              list(range(len(cands))), value)
    if found_means is None:
        return 0
    means = dict(found_means)
    found.means = dict(means)
    means[0] += budget.duel_margin if duel else budget.leaf_margin
    return max(means, key=lambda i: (means[i], -i))
