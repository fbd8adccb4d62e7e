"""The hard bot's solo habits (feature ``pace``): the pace plan and what it corrects.

A solo game is won only if temperature, oxygen and oceans are all maxed by the end of the
last generation (R-SOLO-3); points do not matter for the win. :func:`plan` reads the pace
from the seat's view alone: the steps still to make, those the heat and plants held and
still produced will make, what the rest costs at the standard projects' prices, and the
money the bot can still raise (cash, and the income of the production phases whose money
can still be spent). Its *surplus* is below zero when the bot is behind pace.

What decisions read of it: a step on a parameter that the heat or plants held and to come
will finish anyway is worth only its TR and a little (:data:`tm.bots.economy.COVERED_SHARE`
of its standard project), so money goes to the parameters only money can finish. Energy
held counts as heat only while a production phase can still turn it into heat: in the
last generation it is too late (reading it as heat made the bot pass with money and a
step missing).

In a solo game (feature ``pace``) the judge also corrects what the multiplayer values get
wrong alone: steel and titanium pay only for building and space cards, never for the
standard projects that finish a solo game (:func:`metal_worth`), and the metals held count
when a card is bought; production from a triggered effect comes on average half-way
through the game and tiles on bonus spaces come seldom (:func:`trigger_worth`,
:func:`trigger_rate`); starting money counts more when choosing a corporation
(:data:`START_MC`); a card is bought only when it is worth clearly more than its price
(``tm.bots.scoring.SOLO_BUY``, ``SOLO_BACKLOG``); a repeated action's income is counted for
an average use, not the first; requirements are met at the pace that just wins.

Tried and dropped (solo win rate over the same 400 deals, no gain or a loss): steps worth
more when behind pace in the last two generations; heat and plants counted by whole steps
late; the map's track bonuses (heat production at -24/-20 °C, the ocean at 0 °C) added to
a step's worth; an action's uses limited by the energy or heat held and produced (cards
whose action needs energy the bot does not make yet then looked worthless).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from tm.cards import card
from tm.cards.dsl import Effect, Step
from tm.rules.action_checks import PROJECTS
from tm.view_model import GameView, ParameterView, PlayerView


class Seat(Protocol):
    """What the solo habits read of the seat judged for (:class:`tm.bots.outlook.Outlook`)."""

    @property
    def view(self) -> GameView: ...
    @property
    def pl(self) -> PlayerView: ...
    @property
    def gl(self) -> int: ...


class StepJudge(Protocol):
    """What they ask of the judge of card steps (:class:`tm.bots.card_steps.CardSteps`)."""

    def step_value(self, step: Step, src: str | None) -> float: ...


PARAMS = ("temperature", "oxygen", "oceans")
# What one step of each costs at the standard project that makes it (R-SP).
PRICE = {param: float(PROJECTS[project][0]) for param, project in
         (("temperature", "asteroid"), ("oxygen", "greenery"), ("oceans", "aquifer"))}
UNITS = 8  # heat per temperature step, plants per greenery
# A corporation's starting megacredits pay for the first cards and projects, whose returns
# build up over all the generations: in choosing one, they count this much each.
START_MC = 1.5
METAL = {"steel": (1.7, "building", 2), "titanium": (2.5, "space", 3)}  # worth, tag, rate
METAL_DEMAND = {"steel": 6.0, "titanium": 4.0}  # MC of such cards a generation brings
BONUS_TILE_RATE = 0.2  # own tiles a generation on a space with a given bonus
METAL_FLOOR = 0.3  # share of its worth a metal keeps when there is more than cards need


@dataclass(frozen=True)
class Plan:
    """The solo pace, in megacredits."""

    left: Mapping[str, int]  # steps still to make per parameter
    free: Mapping[str, int]  # ... of which held and produced heat and plants will make
    need: float  # megacredits the other steps cost at standard-project prices
    have: float  # megacredits still to spend: cash and the income of the phases left
    gens_left: int  # production phases whose money can still be spent

    @property
    def surplus(self) -> float:
        """Money to spare beyond what the remaining steps cost (below 0: behind pace)."""
        return self.have - self.need

    @property
    def behind(self) -> bool:
        return self.surplus < 0.0

    @property
    def steps(self) -> int:
        return sum(self.left.values())


def plan(view: GameView) -> Plan | None:
    """The pace of a solo game from the seat's view (None: not solo, or no last generation
    known)."""
    last = view.get("last_generation")
    if len(view["players"]) != 1 or not last:
        return None
    you = view.get("you")
    me = int(you.get("player", 0) if you else 0)
    pl = view["players"][me]
    gens_left = max(0, int(last) - int(view["generation"]))
    left = {name: steps_left(view["parameters"][name]) for name in PARAMS}
    res, prod = pl["res"], pl["prod"]
    # Energy held turns to heat only in a production phase whose heat can still be spent.
    heat = int(res["heat"]) + (int(res["energy"]) if gens_left else 0) \
        + (int(prod["heat"]) + int(prod["energy"])) * gens_left
    plants = int(res["plants"]) + int(prod["plants"]) * gens_left
    helion = pl.get("corporation") == "Helion"  # heat pays as money: it counts either way
    free = {"temperature": 0 if helion else min(left["temperature"], heat // UNITS),
            "oxygen": min(left["oxygen"], plants // plants_per_greenery(pl)), "oceans": 0}
    need = sum(PRICE[name] * (left[name] - free[name]) for name in PARAMS)
    income = int(pl["tr"]) + int(prod["megacredits"])
    # Each step made raises the TR, so the income, for the phases after it: on average
    # about half of the steps still to make pay for half of the phases left.
    growth = 0.25 * sum(left.values()) * gens_left
    have = float(res["megacredits"]) + income * gens_left + growth
    if helion:
        have += heat
    return Plan(left=left, free=free, need=need, have=have, gens_left=gens_left)


def steps_left(param: ParameterView) -> int:
    """Steps still to make on one global parameter (its entry in the view)."""
    return max(0, (int(param["max"]) - int(param["value"])) // int(param["step"]))


def plants_per_greenery(pl: PlayerView) -> int:
    """Plants a greenery costs this player (Ecoline's discount, from its cards in play)."""
    own = [pl.get("corporation")] + list(pl.get("played") or [])
    off = sum(int(e.get("amount", 0)) for name in own if name
              for e in card(name).effects if e.get("e") == "plant_discount")
    return max(1, UNITS - off)


def trigger_worth(judge: StepJudge, effect: Effect, src: str | None) -> float:
    """Worth of one trigger of an effect: production it gives comes, on average, half-way
    through the phases left, so it counts half (the judge's rate counts the triggers)."""
    total = 0.0
    for step in effect.get("then") or ():
        value = judge.step_value(step, src)
        total += 0.5 * value if step.get("k") == "prod" else value
    return total


def trigger_rate(effect: Effect, rate: float) -> float:
    """Triggers a generation: tiles on spaces with a given bonus come seldom."""
    if effect.get("e") == "on_tile" and effect.get("bonus_any"):
        return BONUS_TILE_RATE
    return rate


def metal_worth(seat: Seat, res: str) -> float:
    """Steel and titanium pay only for building and space cards (never for the standard
    projects that finish a solo game): one more unit is worth its rate while the cards in
    hand and those still to come can use it, and much less beyond."""
    worth, tag, rate = METAL[res]
    pl = seat.pl
    gens = seat.gl
    you = seat.view.get("you")
    demand = sum(float(h["cost"]) for h in ((you.get("hand") or ()) if you else ())
                 if tag in card(h["name"]).tags) + METAL_DEMAND[res] * gens
    supply = rate * (int(pl["res"][res]) + int(pl["prod"][res]) * gens)
    if supply <= demand or supply <= 0:
        return worth
    return worth * max(METAL_FLOOR, demand / supply)
