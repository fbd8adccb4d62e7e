"""Bots: players that answer the same prompts as people, from ``view(seat)`` alone.

A bot is a pure function of what its seat may see: :meth:`Bot.decide` takes the seat's
view (its ``you.decision`` lists the choices) and returns one of those choices. It never
gets the game, the seed, the deck or other hands. Its randomness comes from its own seed
(``bot_seed`` in the options, so saves and links reproduce a game with bots) mixed with
what it sees, so the same view always gets the same answer and a bot needs no memory.

Levels: ``random`` (any listed choice, from a stream of its seed); ``easy`` (a beginner:
coarse values that see only part of what production pays back, some noise; but it spends
its money in the (likely) last generation and plays the awards: funds a lead, keeps it);
``normal`` (finer values: discounting, saturation of heat and plants, the solo end game,
steel and titanium paying for cards, spending at the end, funding awards it leads; a
little noise); ``hard`` (no noise, and on top: money beyond what its hand needs is worth
less, so it never hoards; a lead in a funded award is worth keeping; progress towards an
open milestone is worth something; solo, the pace plan of :mod:`tm.bots.solo`; holding
40 MC or more before the last generation, it acts rather than passes when an action is
scored near break-even); ``expert`` (:data:`SEARCH_LEVELS`, built by
:func:`tm.bots.expert.make_bot`): the hard policy, and at the action menu a search by
rollouts, :mod:`tm.bots.expert`; the page thinks it in slices between frames.
:data:`FEATURES` lists each level's habits.
"""
from __future__ import annotations

import hashlib
import math
from typing import Any, NamedTuple

from tm.bots.paying import pay_step, thrifty
from tm.bots.policy import Mind
from tm.bots.values import Judge
from tm.core.rng import Rng
from tm.view_model import DecisionView, GameView, ListedChoice

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
# offered on the new-game form
PLAYING_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
# Levels that search (tm.bots.expert, built by its make_bot): on the form and by name
# (``python -m tm bots --level expert``), not in the matrix of LEVELS (too slow for it).
SEARCH_LEVELS: tuple[str, ...] = ("expert",)
NOISE = {"random": 0.0, "easy": 3.0, "normal": 2.0, "hard": 0.0,
         "expert": 0.0}  # MC, spread of mistakes
STUCK = 150  # decisions at one moment (no log record between them) before giving up
SHARP = {"random": False, "easy": False, "normal": True, "hard": True, "expert": True}
FEATURES: dict[str, frozenset[str]] = {  # see tm.bots.values.Judge
    "random": frozenset(),
    "easy": frozenset({"end", "fund", "defend", "myopic", "likely_end"}),
    "normal": frozenset({"end", "fund", "metals", "likely_end"}),
    "hard": frozenset({"end", "fund", "defend", "aim", "metals", "money", "likely_end",
                       "pace", "spend"}),
}
FEATURES["expert"] = FEATURES["hard"]  # the hard policy, with a search at the action menu


class Ready(NamedTuple):
    """A decision about to be made (:meth:`Bot.ready`): an answer given without thinking,
    or the level's mind and the decision's own stream."""

    answer: tuple[ListedChoice, str] | None
    mind: Mind | None
    rng: Rng | None


class Bot:
    """One seat's bot at a level, deterministic for its seed."""

    def __init__(self, level: str = "hard", seed: int = 0) -> None:
        if level not in LEVELS + SEARCH_LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: "
                             f"{', '.join(LEVELS + SEARCH_LEVELS)}")
        if level in SEARCH_LEVELS and type(self) is Bot:
            raise ValueError(f"the {level} level searches: tm.bots.expert.make_bot builds it")
        self.level = level
        self.seed = int(seed)
        self.reason = ""
        self.worth: float | None = None  # the last action's worth as the bot saw it (MC)
        # what raised inside its searches (a searching level's; each a bug to report: the
        # tournaments print them and the tests that play the expert fail on any)
        self.failures: list[str] = []
        self._stream = Rng.from_seed(self.seed)  # the random level's own stream
        self._same: tuple[int, Any] = (0, None)  # decisions in a row at one moment

    def decide(self, view: GameView) -> ListedChoice:
        """One of the choices listed in ``view["you"]["decision"]`` (the view of the seat
        that must decide)."""
        choice, self.reason = self.think(view)
        return choice

    def think(self, view: GameView) -> tuple[ListedChoice, str]:
        """The choice and a short reason key (what it is doing)."""
        ready = self.ready(view)
        if ready.answer is not None:
            return ready.answer
        assert ready.mind is not None and ready.rng is not None
        return self.choose(view, ready.mind, ready.rng)

    def ready(self, view: GameView) -> Ready:
        """The decision in ``view`` about to be made: an answer given without thinking
        (the random level, a selection going round in circles), or the level's mind and
        the decision's stream for :meth:`choose`."""
        you = view.get("you")
        decision = you.get("decision") if you else None
        if not decision or not decision.get("choices"):
            raise ValueError("this view has no decision waiting")
        choices = decision["choices"]
        if self.level == "random":  # a stream: the same view may come back (pick, unpick)
            return Ready((self._stream.choice(choices), "random"), None, None)
        if self._stuck(view, decision):  # a safety net: a selection going round in circles ends
            for choice in choices:
                if choice["type"] in ("done", "confirm"):
                    return Ready((choice, "stuck"), None, None)
        rng = Rng.from_seed(self._mix(view, decision))
        spread = NOISE[self.level]

        def noise() -> float:
            if spread <= 0:
                return 0.0
            total = sum(rng.below(1 << 20) for _ in range(3)) / float(1 << 20)  # ~N(1.5, .5)
            return (total - 1.5) * 2.0 * spread
        judge = Judge(view, sharp=SHARP[self.level], features=FEATURES[self.level])
        return Ready(None, Mind(view, judge, noise, SHARP[self.level]), rng)

    def choose(self, view: GameView, mind: Mind, rng: Rng) -> tuple[ListedChoice, str]:
        """The level's choice once its mind is made up (a searching level overrides it:
        :class:`tm.bots.expert.Expert`); ``rng``: the stream of this decision."""
        choice = mind.decide()
        self.worth = mind.worth
        return choice, mind.reason

    def _stuck(self, view: GameView, decision: DecisionView) -> bool:
        moment = (view["generation"], len(view.get("log") or ()), decision["purpose"])
        count, last = self._same
        self._same = (count + 1 if moment == last else 1, moment)
        return self._same[0] > STUCK

    def _mix(self, view: GameView, decision: DecisionView) -> int:
        """A stream seed from the bot's seed and what it sees now: the same view gets the
        same answer (replays), and different moments get different draws. Nothing that
        changes while a selection is built goes in (a plan must hold from pick to done)."""
        key = "|".join(map(str, (self.seed, self.level, view["you"]["player"],
                                 view["generation"], len(view.get("log") or ()),
                                 decision["purpose"],
                                 sorted((decision.get("data") or {}).get("cards") or []))))
        return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


def bot_seed_for(game_seed_hint: int, seat: int) -> int:
    """A bot seed for a seat from any number the caller chooses (not the game's seed:
    callers pass their own, e.g. a tournament's game index)."""
    digest = hashlib.sha256(f"bot|{game_seed_hint}|{seat}".encode()).digest()
    return int.from_bytes(digest[:7], "big")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % confidence interval of a win rate (Wilson score)."""
    if games <= 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


__all__ = ["LEVELS", "PLAYING_LEVELS", "SEARCH_LEVELS", "Bot", "bot_seed_for", "pay_step",
           "thrifty", "wilson"]
