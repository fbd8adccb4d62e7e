"""The expert level: the hard policy, and at the action menu a search over its best moves.

At the action menu (the decision after which nothing of the turn's action is queued, so a
game rebuilt from the view is complete: see :mod:`tm.bots.determinize`) the expert takes
the hard policy's ``top`` best-scored choices (always including its own pick and, when
listed, stopping: passing or ending the turn) and for each plays rollouts: a game sampled
from the view (:func:`tm.bots.determinize.sample_game`: what the seat cannot see is drawn,
never read), the candidate applied, then the hard policy for every seat up to the horizon
(the end of the generation, or of the game), and a value there. The same samples serve
every candidate (common random numbers: a difference between candidates is the move's,
not the deal's). The candidate with the best mean wins; ties keep the hard policy's order.

The value at the horizon (:func:`position_worth`), in megacredits as the hard judge prices
them in the horizon's own view: victory points, TR income, resources, production, what the
cards in play still do (actions, effects) and what the hand is worth keeping; against the
others' (their views in the sampled game: sampled hands), so a move that helps an opponent
counts against. Solo, the steps still to make count against at the price the judge puts on
each, and a finished game is a win or a loss. A game that ends within the horizon is
valued by its final scores.

Every other decision is the hard policy's. Deterministic for the bot's seed and the view:
the samples' randomness comes from a stream seeded by both. The budget is in rollouts
(``rollouts``: at most that many per decision), not in time, so a replay gets the same
answers on any machine.

Not yet offered on the page (:data:`tm.bots.SEARCH_LEVELS`): measured on held-out deals
(Tharsis, Corporate Era, seeds from 100,000), this first cut is not stronger than hard:
2-player against hard it won 4 of 16 (95 % CI 10-50 %), solo 1 of 12 (hard 2 of 12).
Rollouts to the generation's end judged by the hard judge's prices inherit its errors and
add noise (three samples); late in the game it prefers passing to playing cards by margins
the judge's hand and money prices, not the points, make. Next: rollouts to the game's end
in the last generations (final scores, no judge), more samples where the candidates are
close, and a value checked against final scores before it decides.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from tm.bots import SEARCH_LEVELS, Bot
from tm.bots.determinize import sample_game
from tm.bots.policy import Mind
from tm.bots.solo import PARAMS
from tm.bots.values import Judge
from tm.cards import card
from tm.core.rng import Rng
from tm.game import Game
from tm.view_model import GameView, ListedChoice

HARD_FEATURES = frozenset({"end", "fund", "defend", "aim", "metals", "money", "likely_end",
                           "pace", "spend"})
STOPS = ("pass", "end_turn")
TOP = 3  # candidates searched: the hard policy's best few
SAMPLES = 3  # determinized samples per candidate (the same for every candidate)
# A rollout may stop when the seat is back at its action menu this many times (0: never,
# the generation's end). A cut makes horizons unequal (a pass runs to the production phase,
# an action stops before it), which misjudged passing: measured, the expert lost to hard.
TURNS = 0
MAX_STEPS = 400  # decisions in one rollout before it is cut (a safety net)
WIN = 40.0  # MC: a won game against a lost one, beyond its points
CLEAR = 25.0  # MC: a hard pick this far ahead of the rest is taken without searching


@dataclass
class Budget:
    """How much an expert decision may search: candidates and samples per candidate."""

    top: int = TOP
    samples: int = SAMPLES
    turns: int = TURNS  # the seat's own turns a rollout plays (then: at the generation's end)

    @property
    def rollouts(self) -> int:
        """The most rollouts one decision plays."""
        return self.top * self.samples


@dataclass
class Search:
    """What the last search did (for tests, the hint and the report)."""

    rollouts: int = 0
    means: dict[int, float] | None = None  # candidate index in the choices -> mean value


def candidates(mind: Mind, top: int) -> list[tuple[float, int]]:
    """The hard policy's best ``top`` choices of the action menu (score, index), best first,
    with stopping (pass or end of turn) among them when it is listed."""
    scored = sorted(((mind.scores.action_score(c), -i) for i, c in enumerate(mind.choices)),
                    reverse=True)
    best = [(s, -n) for s, n in scored[:top]]
    stop = next(((s, -n) for s, n in scored if mind.choices[-n]["type"] in STOPS), None)
    if stop is not None and stop not in best:
        best[-1] = stop
    return best


def position_worth(game: Game, seat: int, root: Judge) -> float:
    """The seat's position at a rollout's horizon, in MC, against the others' (see the
    module docstring); ``root``: the judge of the searched decision (solo step prices)."""
    if game.is_over:
        return _final_worth(game, seat, root)
    mine = _own_worth(game.view(seat))
    players = len(game.state.players)
    if players == 1:
        view = game.view(seat)
        left = Judge(view, sharp=True, features=HARD_FEATURES).outlook.left
        return mine - sum(left[p] * root.economy.step(p) for p in PARAMS)
    others = [_own_worth(game.view(p)) for p in range(players) if p != seat]
    return mine - max(others)


def _final_worth(game: Game, seat: int, root: Judge) -> float:
    totals = [int(s["total"]) for s in game.scores()]
    won = seat in game.winners()
    vpv = max(3.0, root.outlook.vpv)
    if len(totals) == 1:
        return (WIN if won else -WIN) + totals[0] * vpv
    others = max(t for p, t in enumerate(totals) if p != seat)
    return (WIN if won else -WIN) / 2 + (totals[seat] - others) * vpv


def _own_worth(view: GameView) -> float:
    """One seat's position from its own view, as the hard judge prices it there."""
    j = Judge(view, sharp=True, features=HARD_FEATURES)
    o, e = j.outlook, j.economy
    pl = o.pl
    total = next((int(s["total"]) for s in view["scores"] if s["player"] == o.me), 0)
    worth = o.vpv * total + int(pl["tr"]) * e.unit("megacredits") * o.annuity
    worth += sum(e.unit(res) * int(n) for res, n in pl["res"].items())
    worth += sum(e.prod(res) * int(n) for res, n in pl["prod"].items())
    for name in o.own_cards():
        c = card(name)
        worth += j.cards.action_value(c)  # (its uses from the next generation on)
        worth += sum(j.cards.effect_value(eff, name) for eff in c.effects)
    you = view.get("you")
    hand = (you.get("hand") if you else None) or ()
    worth += sum(max(0.0, j.cards.keep_worth(h["name"], float(h["cost"]))) for h in hand)
    return worth


def rollout(game: Game, seat: int, choice: ListedChoice, seeds: list[int],
            turns: int = TURNS) -> Game:
    """Apply ``choice`` for ``seat``, then every seat's hard policy until the generation
    ends, the game does, or the seat is back at its action menu ``turns`` times
    (``seeds``: one bot seed per seat)."""
    generation = game.state.generation
    game.respond(seat, choice)
    bots = [Bot("hard", s) for s in seeds]
    for _ in range(MAX_STEPS):
        if game.is_over or game.state.generation != generation or not game.pending:
            break
        player, prompt = game.pending[0]
        if turns and player == seat and prompt.kind == "action" and prompt.purpose == "action":
            turns -= 1
            if turns <= 0:
                break
        game.respond(player, bots[player].decide(game.view(player)))
    return game


def search(view: GameView, mind: Mind, rng: random.Random, budget: Budget,
           record: Search | None = None) -> ListedChoice:
    """The expert's choice at the action menu (see the module docstring)."""
    found = record if record is not None else Search()
    found.rollouts, found.means = 0, None
    picks = candidates(mind, budget.top)
    if len(picks) < 2 or budget.samples < 1:
        return mind.choices[picks[0][1]]
    if picks[0][0] - max(s for s, _ in picks[1:]) >= CLEAR:
        return mind.choices[picks[0][1]]
    if mind.choices[picks[0][1]]["type"] == "first_action":
        return mind.choices[picks[0][1]]
    seat = int(view["you"]["player"])
    players = len(view["players"])
    totals = {i: 0.0 for _, i in picks}
    done = 0
    for _ in range(budget.samples):
        sample_seed = rng.getrandbits(62)
        seeds = [rng.getrandbits(62) for _ in range(players)]
        try:
            base = sample_game(view, seat, random.Random(sample_seed))
        except (KeyError, ValueError, IndexError):  # a state the sampler cannot rebuild yet
            break
        values: dict[int, float] = {}
        for _, index in picks:
            if found.rollouts >= budget.rollouts:
                break
            found.rollouts += 1
            try:
                end = rollout(base.copy(), seat, mind.choices[index], seeds, budget.turns)
            except Exception:  # noqa: BLE001  (a sample the engine refuses: not counted)
                values = {}
                break
            values[index] = position_worth(end, seat, mind.judge)
        if len(values) == len(picks):
            for index, value in values.items():
                totals[index] += value
            done += 1
    if done == 0:
        return mind.choices[picks[0][1]]
    found.means = {i: t / done for i, t in totals.items()}
    # Best mean; ties keep the hard policy's order (its best first).
    order = {i: n for n, (_, i) in enumerate(picks)}
    best = max(found.means, key=lambda i: (found.means[i] if found.means else 0.0, -order[i]))
    return mind.choices[best]


class Expert(Bot):
    """The expert level: a hard bot that searches at the action menu."""

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__("expert", seed)
        self.budget = budget if budget is not None else Budget()
        self.search: Search | None = None  # what its last search did

    def choose(self, view: GameView, mind: Mind, rng: Rng) -> tuple[ListedChoice, str]:
        """At the action menu the search's choice, elsewhere the hard policy's."""
        if mind.decision["kind"] != "action" or len(mind.choices) < 2:
            return super().choose(view, mind, rng)
        self.search = Search()
        choice = search(view, mind, random.Random(rng.below(1 << 62)), self.budget,
                        self.search)
        self.worth = mind.scores.action_score(choice)
        return choice, ("nothing_worth" if choice["type"] in STOPS else choice["type"])


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of any level, the searching ones included (tournaments build bots here)."""
    if level in SEARCH_LEVELS:
        return Expert(seed)
    return Bot(level, seed)


__all__ = ["Budget", "Expert", "Search", "candidates", "make_bot", "position_worth", "rollout",
           "search"]
