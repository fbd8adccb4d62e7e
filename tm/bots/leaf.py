"""A leaf value for truncated rollouts: the solo win chance read from a seat's view.

Early in a solo game a rollout to the end is too dear for the expert's budget (a hundred
and more decisions), so the search may stop its rollouts at the next generation's start
and value the position there by :func:`solo_win_chance`: a logistic regression over a few
facts of the view (:func:`features`: the solo pace of :func:`tm.bots.solo.plan`, the steps
left, the generations left, the production), fitted offline on the hard policy's own solo
games on tuning deals only (``scripts/fit_value.py`` prints :data:`SOLO_WEIGHTS`). Every
candidate's rollouts stop at the same point (the first decision of the next generation),
where the training positions were taken too. Deterministic: no state, no randomness.
"""
from __future__ import annotations

import math

from tm.bots.solo import PARAMS, plan, steps_left
from tm.view_model import GameView

NAMES = ("bias", "need", "have", "pace", "temperature", "oxygen", "oceans",
         "gens_left", "mc_prod", "steel_prod", "ti_prod", "plant_prod",
         "heat_prod", "energy_prod", "tr", "hand", "played")
# Fitted by scripts/fit_value.py (hard solo self-play, tuning deals; see its docstring).
SOLO_WEIGHTS: tuple[float, ...] = (
    0.3906, -1.0593, 1.9037, 2.2564, -0.1234, 0.3268, 1.5539, 0.3798,
    -0.2969, -0.0948, 0.7430, -0.3295, 0.3515, 0.8500, -0.0804, 1.0897,
    1.1689,
)


def features(view: GameView) -> list[float]:
    """The facts of a solo view the leaf value reads, in the order of :data:`NAMES`
    (roughly scaled to ones, so the fit is well conditioned)."""
    you = view.get("you")
    me = int(you.get("player", 0) if you else 0)
    pl = view["players"][me]
    pace = plan(view)
    left = {p: steps_left(view["parameters"][p]) for p in PARAMS}
    prod = pl["prod"]
    hand = (you.get("hand") if you else None) or ()
    surplus, need, have, gens = ((pace.surplus, pace.need, pace.have, pace.gens_left)
                                 if pace else (0.0, 0.0, 0.0, 0))
    # (the surplus is have - need; by the generations left it says how far off pace)
    return [1.0, need / 100, have / 100, surplus / 30 / (gens + 1),
            left["temperature"] / 10, left["oxygen"] / 10, left["oceans"] / 10, gens / 10,
            int(prod["megacredits"]) / 10, int(prod["steel"]) / 10,
            int(prod["titanium"]) / 10, int(prod["plants"]) / 10, int(prod["heat"]) / 10,
            int(prod["energy"]) / 10, int(pl["tr"]) / 10, len(hand) / 10,
            len(pl.get("played") or ()) / 10]


def logistic(weights: tuple[float, ...] | list[float], xs: list[float]) -> float:
    """The logistic model's probability for features ``xs``."""
    z = sum(w * x for w, x in zip(weights, xs, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def solo_win_chance(view: GameView) -> float:
    """The hard policy's chance to win this solo game from this view (0 to 1)."""
    return logistic(SOLO_WEIGHTS, features(view))


# ------------------------------------------------------------ two seats
DUEL_NAMES = ("worth", "score", "score_late", "tr", "mc_prod", "steel_prod", "ti_prod",
              "plant_prod", "heat_prod", "energy_prod", "money", "hand", "played")
# Fitted by scripts/fit_value.py --duel (400 games of hard against hard from seed 20,000:
# held-out log-loss 0.444, an even guess 0.693).
DUEL_WEIGHTS: tuple[float, ...] = (
    0.2734, 0.3542, 1.1798, 1.1656, 1.4732, 0.6115, 2.2355, 2.4693,
    1.0982, 2.4727, 1.1973, 0.3741, 0.4149,
)
TOTAL_STEPS = 42.0  # Tharsis: temperature 19, oxygen 14, oceans 9 steps


def duel_features(view: GameView, worth: float) -> list[float]:
    """The facts of a two-seat view the duel leaf reads (the seat less its rival, so the
    two seats' chances add to one), in the order of :data:`DUEL_NAMES`; ``worth``: the
    seat's worth less the rival's, as the hard judge prices them (:mod:`tm.bots.worth`)."""
    you = view.get("you")
    me = int(you.get("player", 0) if you else 0)
    pl, op = view["players"][me], view["players"][1 - me]
    totals = {int(s["player"]): int(s["total"]) for s in view["scores"]}
    done = 1.0 - sum(steps_left(view["parameters"][p]) for p in PARAMS) / TOTAL_STEPS
    score = (totals.get(me, 0) - totals.get(1 - me, 0)) / 10

    def diff(a: int | list[str], b: int | list[str]) -> float:
        return float((a if isinstance(a, int) else len(a)) - (b if isinstance(b, int) else len(b)))
    prods = [diff(int(pl["prod"][r]), int(op["prod"][r])) / 10 * (1.0 - done)
             for r in ("megacredits", "steel", "titanium", "plants", "heat", "energy")]
    return [worth / 100, score, score * done, diff(int(pl["tr"]), int(op["tr"])) / 10,
            *prods, diff(int(pl["res"]["megacredits"]), int(op["res"]["megacredits"])) / 100,
            diff(pl["hand"], op["hand"]) / 10, diff(pl["played"], op["played"]) / 10]


def duel_win_chance(view: GameView, worth: float) -> float:
    """The hard policy's chance to win this two-seat game from this view (0 to 1)."""
    return logistic(DUEL_WEIGHTS, duel_features(view, worth))
