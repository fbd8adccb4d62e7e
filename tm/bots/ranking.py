"""Every listed choice of a decision as the hard policy scores it, best first: the hint's
ranking (:mod:`tm.bots.hint`).

The hard policy (:class:`tm.bots.policy.Mind`) keeps only its pick; this reads the scores
it weighs without changing what it decides. At the action menu every choice's net worth
is :meth:`tm.bots.scoring.Scoring.action_score` (stopping: 0); elsewhere the scores its
``best`` weighs are recorded as it weighs them (a subclass listens in). A decision the
policy answers by a plan (a card selection, a payment, an amount) ranks its pick alone.
The hard level has no noise, so the pick here is always the hard bot's.

Scores are in megacredits (MC) where the policy scores in money; :data:`MONEYLESS` names
the prompts whose scores only order the choices (a target player, whose animals to take).
A VP is priced as the hard judge prices it at this generation (:attr:`Ranking.vp_price`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tm.bots import FEATURES, SHARP
from tm.bots.policy import Mind
from tm.bots.scoring import Choice, Scorer
from tm.bots.values import Judge
from tm.view_model import GameView, ListedChoice

LEVEL = "hard"  # the level whose scores rank the choices
VP_FLOOR = 3.0  # MC: the least a VP is priced at (solo the judge prices one at 0.3 MC: the
# terraforming decides a solo game, and the expert's final values use the same floor)
UNLISTED = -1e8  # a score below this marks a choice the policy rules out (setup's non-corps)
STOPS = ("pass", "end_turn", "none")  # choices that do nothing now
MONEYLESS = ("player", "remove_animals", "take_res")  # kinds or purposes scored without MC


@dataclass(frozen=True, slots=True)
class Ranked:
    """One listed choice: its index, its score (MC; None: not scored) and the kind of move
    (the hint's reason key without ``hint.``)."""

    index: int
    value: float | None
    why: str


@dataclass
class Ranking:
    """A decision's choices, best first (the hard pick first; then by score, ties in the
    listed order)."""

    choices: list[ListedChoice]
    pick: int  # the hard bot's choice (an index into ``choices``)
    why: str  # the hard bot's reason key
    ranked: list[Ranked] = field(default_factory=list)
    money: bool = True  # the scores are MC (see MONEYLESS)
    vp_price: float = VP_FLOOR  # MC per VP at this generation, as the hard judge prices it
    kind: str = ""  # the decision's kind (``action``, ``space``, ...)

    def value_of(self, index: int) -> float | None:
        """The score of the choice at ``index`` (None: not scored)."""
        return next((r.value for r in self.ranked if r.index == index), None)


class _Listening(Mind):
    """The hard mind, recording the scores its :meth:`best` weighs."""

    heard: list[tuple[float, int]] | None = None

    def best(self, scorer: Scorer, choices: list[Choice] | None = None) -> Choice:
        pool = self.choices if choices is None else choices
        where = {id(c): i for i, c in enumerate(self.choices)}
        self.heard = [(scorer(c), where[id(c)]) for c in pool if id(c) in where]
        return super().best(scorer, choices)


def rank(view: GameView) -> Ranking:
    """The choices of the decision waiting in ``view`` as the hard policy scores them."""
    decision = view["you"]["decision"]
    if not decision or not decision.get("choices"):
        raise ValueError("this view has no decision waiting")
    judge = Judge(view, sharp=SHARP[LEVEL], features=FEATURES[LEVEL])
    mind = _Listening(view, judge, lambda: 0.0, SHARP[LEVEL])
    picked = mind.decide()
    pick = next(i for i, c in enumerate(mind.choices) if c is picked)
    found = Ranking(choices=mind.choices, pick=pick, why=mind.reason or "choice",
                    kind=str(decision["kind"]),
                    vp_price=max(VP_FLOOR, judge.outlook.vpv))
    if decision["kind"] == "action" and len(mind.choices) > 1:
        scores = [(mind.scores.action_score(c), i) for i, c in enumerate(mind.choices)]
        found.ranked = _ordered(found, scores, lambda i: _action_why(mind.choices[i]))
    elif mind.heard:
        found.money = (decision["kind"] not in MONEYLESS
                       and decision["purpose"] not in MONEYLESS)
        scores = [(s, i) for s, i in mind.heard if s > UNLISTED]
        found.ranked = _ordered(found, scores, lambda i: found.why)
    else:
        found.ranked = [Ranked(pick, None, found.why)]
    return found


def _action_why(choice: ListedChoice) -> str:
    return str(choice["type"])


def _ordered(found: Ranking, scores: list[tuple[float, int]],
             why: Callable[[int], str]) -> list[Ranked]:
    """The pick first (with its own reason), then the rest by score, ties by listing."""
    by_index = {i: s for s, i in scores}
    rest = sorted((i for i in by_index if i != found.pick), key=lambda i: (-by_index[i], i))
    first = Ranked(found.pick, by_index.get(found.pick), found.why)
    return [first] + [Ranked(i, by_index[i], why(i)) for i in rest]


__all__ = ["MONEYLESS", "STOPS", "VP_FLOOR", "Ranked", "Ranking", "rank"]
