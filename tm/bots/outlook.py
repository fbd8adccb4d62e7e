"""The seat a bot judges for, and the game's clock as that seat sees it.

Read once per decision from ``view(seat)``: who the seat is, what it holds and has in play,
the steps left on the global parameters, the production phases whose output can still be
spent, how future income is discounted, what a victory point is worth now, and the level's
habits (:data:`tm.bots.FEATURES`).
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from tm.bots.solo import PARAMS, steps_left
from tm.cards import card
from tm.view_model import GameView, ParameterView, PlayerView

MYOPIC = 0.64  # share of future income a beginner sees


@dataclass(frozen=True, slots=True)
class Outlook:
    """One seat's facts and clock for one decision (see :meth:`of_view`)."""

    view: GameView
    sharp: bool  # the finer judgement of the normal and hard levels
    features: frozenset[str]  # the level's habits
    me: int  # the seat
    pl: PlayerView  # the seat's player in the view
    players: int
    solo: bool  # the seat plays alone
    gen: int
    params: Mapping[str, ParameterView]  # the global parameters in the view
    left: Mapping[str, int]  # steps still to make per parameter
    total_left: int
    gl: int  # production phases whose output can still be spent
    final: bool  # the last generation for sure
    discount: float  # worth of next generation's megacredit now
    annuity: float  # worth now of one production over the phases left
    vpv: float  # worth of a victory point, in megacredits
    pace: bool  # solo corrections (hard; see tm.bots.solo): solo with a last generation

    @classmethod
    def of_view(cls, view: GameView, sharp: bool,
                features: frozenset[str]) -> Outlook:
        """The outlook of the seat whose view this is."""
        you = view.get("you")
        me = int(you.get("player", 0) if you else 0)
        players = len(view["players"])
        is_solo = players == 1
        gen = int(view["generation"])
        params = view["parameters"]
        left = {name: steps_left(params[name]) for name in PARAMS}
        total_left = sum(left.values())
        gl = gens_left(view, gen, players, total_left)
        # Multiplayer: money now beats money later. Solo: every step must be made by the
        # end, so a step made now saves its full price later and nothing is discounted.
        discount = 0.93 if sharp and not is_solo else 1.0
        annuity = sum(discount ** k for k in range(gl))
        if "myopic" in features:  # a beginner's habit: production seems slow to pay
            annuity *= MYOPIC
        late = discount ** max(0, gl - 1)
        vpv = (0.3 if is_solo else max(3.0, 8.0 * late)) if sharp else (
            0.3 if is_solo else 5.0)
        return cls(view=view, sharp=sharp, features=features, me=me, pl=view["players"][me],
                   players=players, solo=is_solo, gen=gen, params=params, left=left,
                   total_left=total_left, gl=gl,
                   final=is_final(view, gen, total_left), discount=discount,
                   annuity=annuity, vpv=vpv,
                   pace=("pace" in features and is_solo
                         and bool(view.get("last_generation"))))

    def has(self, habit: str) -> bool:
        """Whether the level has this habit (a name in :data:`tm.bots.FEATURES`)."""
        return habit in self.features

    def own_cards(self) -> list[str]:
        """Corporation and cards in play."""
        corp = self.pl.get("corporation")
        return ([corp] if corp else []) + list(self.pl.get("played") or [])

    def has_effect(self, kind: str) -> bool:
        """Whether one of the player's cards in play has an effect of this kind."""
        return any(e.get("e") == kind for name in self.own_cards() for e in card(name).effects)

    def metal_bonus(self, metal: str) -> int:
        """Megacredits the seat's cards in play add to what one steel or titanium pays."""
        return sum(int(e.get(metal, 0)) for name in self.own_cards()
                   for e in card(name).effects if e.get("e") == "metal_value")


def gens_left(view: GameView, gen: int, players: int, total_left: int) -> int:
    """Production phases whose output can still be spent."""
    last = view.get("last_generation")
    if last:
        return max(0, int(last) - gen)
    rate = 1.0 + 1.6 * players + 0.25 * gen  # steps per generation, growing
    return max(0, math.ceil(total_left / rate) - 1)


def is_final(view: GameView, gen: int, total_left: int) -> bool:
    """Whether this is the last generation for sure (money left after it is worth nothing
    but a tie-break)."""
    last = view.get("last_generation")
    if last:
        return gen >= int(last)
    return total_left == 0
