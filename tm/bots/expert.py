"""The expert level: the hard policy, and at the action menu a search over its best moves.

At the action menu (the decision after which nothing of the turn's action is queued, so a
game rebuilt from the view is complete: see :mod:`tm.bots.determinize`) the expert weighs
a few candidates (:func:`candidates`: the hard policy's own pick, stopping, its best
terraforming standard project, its best-scored others) by rollouts: a game sampled from
the view (:func:`tm.bots.determinize.sample_game`: what the seat cannot see is drawn, never
read), the candidate applied, then the hard policy for every seat to the game's end, and
the final scores (:func:`position_worth`): solo, a win, or the price of the steps still
missing; otherwise the VP difference and the win. The same samples serve every candidate
(common random numbers: a difference between candidates is the move's, not the deal's).
Another candidate replaces the hard pick only if its mean beats the pick's by ``margin``
MC (with one or two samples a smaller difference is mostly noise).

Rollouts to the game's end are searched only when they are affordable: solo from
``end_gens`` generations before the last (generation 5 on Tharsis), otherwise from
``end_steps`` parameter steps left; earlier the hard policy decides at the action menu
(``shallow``, ``leaf``: cut rollouts, measured no stronger), but the purchases (setup,
research; solo at every research, ``buy``) are searched by rollouts of two generations
(solo) or one (two seats) valued by a fitted win chance (:mod:`tm.bots.expert_buy`,
:mod:`tm.bots.leaf`). The budget is in decisions played (``steps``), not in time, so a
replay gets the same answers on any machine: the pick's rollout in the first sample fixes
how many candidates the budget affords (two at least), and another sample is begun only
while it fits. Rollouts read lean views (:mod:`tm.bots.lean_view`: no standard projects,
milestones or awards with their reasons, which no bot reads; a third of a view's cost).
Every other decision is the hard policy's. Deterministic for the bot's seed and the view.

Offered on the page (:data:`tm.bots.PLAYING_LEVELS`). Its strength on held-out deals is
printed by ``scripts/bots_table.py`` (README, "Bots"). A rollout decision costs ~0.3 ms
in CPython (the lean view about half of it).

In slices: :func:`search_steps` is the search as a generator that yields after each
rollout decision (:func:`rolling`); :meth:`Expert.begin` returns a :class:`Thinking`
whose :meth:`Thinking.step` plays at most so many of them, so the page thinks between
frames and reaches the choice :func:`search` makes at once (the budget is in decisions,
never in time). The hint ranks a person's choices by :meth:`Thinking.values`.
"""
from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any, cast

from tm.bots import SEARCH_LEVELS, Bot
from tm.bots import expert_buy as buy
from tm.bots.policy import IDLE_MC, Mind
from tm.bots.rollouts import (
    Budget,
    Search,
    rolling,
    rollout,
    run_steps,
    sampled_means,
)
from tm.bots.solo import PARAMS, steps_left
from tm.bots.worth import position_worth
from tm.core.rng import Rng
from tm.game import Game
from tm.view_model import GameView, ListedChoice

STOPS = ("pass", "end_turn")
PARAM_PROJECTS = ("asteroid", "aquifer", "greenery")  # the standard projects that terraform
CLEAR = 25.0  # MC: a hard pick this far ahead of the rest is taken without searching


def must_act(mind: Mind) -> bool:
    """No rich pass: holding IDLE_MC or more, passing is not weighed while an action (not
    selling patents) is scored above zero, nor where the hard policy's habit ``spend``
    takes one (before the last generation, within SLACK of break-even). Rollouts of a few
    samples once chose passing there on noise (issue 47: 12 passes in 250 games)."""
    acts = [mind.scores.action_score(c) for c in mind.choices
            if c["type"] not in STOPS and c.get("project") != "sell_patents"]
    if not acts:
        return False
    best = max(acts)
    rich = int(mind.judge.outlook.pl["res"]["megacredits"]) >= IDLE_MC
    return (rich and best > 0.0) or mind.idles(best)


def candidates(mind: Mind, top: int) -> list[tuple[float, int]]:
    """The action menu's choices the search weighs (score, index), at most ``top``, in the
    order a smaller budget cuts them from the end: the hard policy's own pick, stopping
    (pass, not where :func:`must_act`, or end of turn), its best terraforming standard
    project (scored slightly negative, one may still be what finishes the game), then its
    best-scored others."""
    chosen = mind.action()
    acting = chosen["type"] != "pass" and must_act(mind)
    scored = sorted(((mind.scores.action_score(c), -i) for i, c in enumerate(mind.choices)
                     if not (acting and c["type"] == "pass")), reverse=True)
    pick = next(i for i, c in enumerate(mind.choices) if c is chosen)
    first = [n for n in (pick,
                         next((-n for _, n in scored if mind.choices[-n]["type"] in STOPS), None),
                         next((-n for _, n in scored
                               if mind.choices[-n].get("project") in PARAM_PROJECTS), None))
             if n is not None]
    order = list(dict.fromkeys(first + [-n for _, n in scored]))[:max(1, top)]
    score = {-n: s for s, n in scored}
    return [(score[i], i) for i in order]


def to_the_end(view: GameView, budget: Budget) -> bool:
    """Whether rollouts from this view run to the game's end (late enough to afford it)."""
    if len(view["players"]) == 1:
        last = view.get("last_generation")
        return last is not None and int(last) - int(view["generation"]) < budget.end_gens
    left = sum(steps_left(view["parameters"][p]) for p in PARAMS)
    return left <= budget.end_steps


def _value(base: Game, seat: int, mind: Mind, index: int, seeds: list[int],
           found: Search, leaf: bool, horizon: int = 1) -> Generator[None, None, float]:
    """One candidate's value in one sampled game (the sample is left as it was)."""
    game = base.copy()
    found.rollouts += 1
    yield from rolling(game, seat, mind.choices[index], seeds, 0, found.to_end,
                       gens=horizon if leaf else 1)
    return position_worth(game, seat, mind.judge, leaf, duel=True)


def _settled(mind: Mind, picks: list[tuple[float, int]]) -> bool:
    """Whether the hard pick stands without a search."""
    if len(picks) < 2:
        return True
    if picks[0][0] - max(s for s, _ in picks[1:]) >= CLEAR:
        return True
    return bool(mind.choices[picks[0][1]]["type"] == "first_action")


def search(view: GameView, mind: Mind, rng: random.Random, budget: Budget,
           record: Search | None = None) -> ListedChoice:
    """The expert's choice at the action menu (see the module docstring)."""
    return run_steps(search_steps(view, mind, rng, budget, record))


def search_steps(view: GameView, mind: Mind, rng: random.Random, budget: Budget,
                 record: Search | None = None) -> Generator[None, None, ListedChoice]:
    """:func:`search` one rollout decision at a time (it yields after each decision a
    rollout plays): the page thinks in slices between frames, the same search to the
    same choice however it is sliced (the budget is in decisions, never in time)."""
    found = record if record is not None else Search()
    found.rollouts, found.steps, found.means, found.pick = 0, 0, None, None
    picks = candidates(mind, budget.top)
    found.to_end = to_the_end(view, budget)
    solo = len(view["players"]) == 1
    leaf = bool(budget.duel_act if len(view["players"]) == 2 else budget.leaf and solo
                ) and not found.to_end
    if budget.samples < 1 or _settled(mind, picks) or not (found.to_end or budget.shallow
                                                           or leaf):
        return mind.choices[picks[0][1]]
    seat = int(view["you"]["player"])

    def value(base: Game, index: int, seeds: list[int]) -> Generator[None, None, float]:
        return _value(base, seat, mind, index, seeds, found, leaf,
                      budget.horizon if solo else budget.duel_horizon)
    means_found, kept = yield from sampled_means(
        view, rng, budget.limit(len(view["players"])), found,
        budget.leaf_samples if leaf else budget.samples, [i for _, i in picks], value)
    picks = picks[:len(kept)]
    if means_found is None:
        return mind.choices[picks[0][1]]
    found.means = means_found
    found.pick = picks[0][1]
    # Best mean; ties keep the candidates' order (the hard pick first, with the margin).
    means = dict(found.means)
    means[picks[0][1]] += budget.leaf_margin if leaf else budget.margin
    order = {i: n for n, (_, i) in enumerate(picks)}
    return mind.choices[max(means, key=lambda i: (means[i], -order[i]))]


def _buys_early(view: GameView, budget: Budget) -> bool:
    """Whether the expert searches its purchases here (solo: ``buy``; else ``duel_buy``)."""
    if len(view["players"]) > 1:
        return bool(budget.duel_buy) and not to_the_end(view, budget)
    return (bool(budget.buy) and view.get("last_generation") is not None
            and (budget.buy > 1 or not to_the_end(view, budget)))


class Thinking:
    """One expert decision under way: made at once, or a search advanced a few rollout
    decisions at a time (:meth:`step`) to the same choice :func:`search` makes."""

    def __init__(self, steps: Generator[None, None, ListedChoice] | None = None,
                 bot: Expert | None = None, mind: Mind | None = None,
                 made: tuple[ListedChoice, str] | None = None) -> None:
        self._steps, self._bot, self._mind = steps, bot, mind
        self.choice: ListedChoice | None = made[0] if made else None
        self.reason = made[1] if made else ""
        self.played = 0  # rollout decisions played so far
        if steps is not None:  # (its first decision: a search that needs none ends here)
            self.step(1)
        self.searching = self.choice is None  # made by rollouts (not at once)

    def step(self, decisions: int) -> ListedChoice | None:
        """Think on for at most ``decisions`` rollout decisions (one at least); the choice
        once it is made (None: still thinking)."""
        left = max(1, decisions)
        while self.choice is None and left > 0:
            assert self._steps is not None
            try:
                next(self._steps)
                self.played += 1
                left -= 1
            except StopIteration as done:
                self._made(cast(ListedChoice, done.value))
        return self.choice

    def values(self) -> tuple[dict[int, float] | None, tuple[int, float] | None]:
        """Once made, the search's means and the hard pick's margin (for the hint's order
        only: :func:`tm.bots.hint.hint`'s ``lead``); None: no search, or none came to values."""
        bot = self._bot
        if self.choice is None or bot is None or bot.search is None:
            return None, None
        found = bot.search
        lead = None if found.pick is None else (found.pick, float(bot.budget.margin))
        return (None if found.means is None else dict(found.means)), lead

    def finish(self) -> ListedChoice:
        """Think to the end: the choice."""
        while self.choice is None:
            self.step(1 << 30)
        return self.choice

    def _made(self, choice: ListedChoice) -> None:
        self.choice = choice
        self.reason = "nothing_worth" if choice["type"] in STOPS else str(choice["type"])
        if self._bot is not None:
            self._bot.played = self.played
        if self._bot is not None and self._bot.search is not None:  # counted, never hidden
            self._bot.failures += self._bot.search.failures
        if self._bot is not None and self._mind is not None:
            self._bot.worth = self._mind.scores.action_score(choice)


class Expert(Bot):
    """The expert level: a hard bot that searches at the action menu."""

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__("expert", seed)
        self.budget = budget if budget is not None else Budget()
        self.search: Search | None = None  # what its last search did
        self.target: list[str] | None = None  # the purchase its search chose (research)
        self.bought: list[list[dict[str, Any]]] | None = None  # the candidates it weighed
        self.played = 0  # rollout decisions its last decision played (its work)

    def begin(self, view: GameView) -> Thinking:
        """The decision in ``view``, to be thought in slices (:meth:`Thinking.step`): the
        same choice as :meth:`decide` however it is sliced."""
        ready = self.ready(view)
        self.played = 0
        if ready.answer is not None:
            return Thinking(made=ready.answer)
        assert ready.mind is not None and ready.rng is not None
        return self._thinking(view, ready.mind, ready.rng)

    def choose(self, view: GameView, mind: Mind, rng: Rng) -> tuple[ListedChoice, str]:
        """At the action menu the search's choice, elsewhere the hard policy's."""
        thinking = self._thinking(view, mind, rng)
        return thinking.finish(), thinking.reason

    def _thinking(self, view: GameView, mind: Mind, rng: Rng) -> Thinking:
        self.played = 0
        if mind.decision["kind"] != "action" or len(mind.choices) < 2:
            return self._buying(view, mind, rng)
        self.search = Search()
        steps = search_steps(view, mind, random.Random(rng.below(1 << 62)), self.budget,
                         self.search)
        return Thinking(steps, self, mind)

    def _buying(self, view: GameView, mind: Mind, rng: Rng) -> Thinking:
        """Elsewhere than the action menu: the hard policy's choice, or (``Budget.buy``
        solo, ``Budget.duel_buy`` with others; early) a searched purchase
        (:mod:`tm.bots.expert_buy`)."""
        kind, purpose = mind.decision["kind"], mind.decision.get("purpose")
        early = _buys_early(view, self.budget)
        buying = kind == "setup" or (kind == "cards" and purpose == "buy_cards")
        if early and buying and self.target is not None and mind.data.get("picked"):
            step = buy.follow(mind, self.target)
            if step is not None:
                return Thinking(made=(step, "buy_cards"))
        made = super().choose(view, mind, rng)
        if not early or len(mind.choices) < 2:
            return Thinking(made=made)
        if kind == "setup":
            cands = buy.setup_candidates(mind, made[0]) or [
                buy.as_responses(s) for s in buy.setup_sets(mind, self.budget.top)]
        elif kind == "cards" and purpose == "buy_cards":
            cands = [buy.as_responses(s) for s in buy.buy_sets(mind, self.budget.top)]
        else:
            cands = []
        if len(cands) < 2:
            return Thinking(made=made)
        self.search, self.bought = Search(), cands
        found = self.search
        weighing = buy.weigh(view, mind, random.Random(rng.below(1 << 62)), self.budget,
                             found, cands)
        return Thinking(self._bought(mind, weighing, cands, made), self)

    def _bought(self, mind: Mind, weighing: Generator[None, None, int],
                cands: list[list[dict[str, Any]]], made: tuple[ListedChoice, str]
                ) -> Generator[None, None, ListedChoice]:
        best = yield from weighing
        responses = cands[best]
        if responses[-1].get("type") == "done":  # a purchase, followed pick by pick
            self.target = [str(r["card"]) for r in responses[:-1]]
        choice = buy.first_choice(mind, responses)
        return choice if choice is not None else made[0]


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of any level, the searching ones included (tournaments build bots here)."""
    if level in SEARCH_LEVELS:
        return Expert(seed)
    return Bot(level, seed)


__all__ = ["Budget", "Expert", "Search", "Thinking", "candidates", "make_bot", "position_worth",
           "rollout", "rolling", "search", "search_steps"]
