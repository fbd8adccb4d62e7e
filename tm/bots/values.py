"""What things are worth to a bot, in megacredits now, judged from one player's view.

Everything here reads only ``view(seat)`` and the public card definitions. Values are
heuristics: production by the production phases left, a terraforming step by the TR
income it brings and (in solo, where every step must be made) the cost of making it
later, a victory point by a rate that rises towards the end, card resources by what
their card turns them into. Future income is discounted (money now can be invested).

:class:`Judge` is the one face the policy and the tests ask; it is built from rooms, each
over the ones before it: the seat and its clock (:mod:`tm.bots.outlook`), award races and
milestone aims (:mod:`tm.bots.races`), the economy of money, resources, production and
parameter steps (:mod:`tm.bots.economy`), card steps and card resources
(:mod:`tm.bots.card_steps`) and whole cards (:mod:`tm.bots.card_worth`).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tm.bots.card_steps import CardSteps
from tm.bots.card_worth import CardWorth
from tm.bots.economy import Economy, money_worth
from tm.bots.outlook import Outlook
from tm.bots.races import Races, award_spread
from tm.cards.dsl import Card
from tm.view_model import GameView


class Judge:
    """Values for one decision, from the deciding player's view.

    ``sharp`` turns on the finer parts (saturation of heat and plants, discounting,
    the solo end game); the easier levels judge more coarsely. ``features`` name more
    habits a level has: ``end`` (the last generation turns money into points), ``fund``
    (funding an award follows its expected points), ``defend`` (in funded awards a lead
    is worth keeping), ``aim`` (progress towards an open milestone is worth something),
    ``metals`` (steel and titanium pay for cards), ``money`` (money beyond what the hand
    needs is worth less: no hoarding), ``likely_end`` (what seems the last generation
    already spends), ``myopic`` (a beginner sees only part of future income), ``pace``
    (solo: the plan of :mod:`tm.bots.solo` and its corrections of metals and triggers).
    """

    def __init__(self, view: GameView, sharp: bool = True,
                 features: Iterable[str] = ()) -> None:
        self.outlook = Outlook.of_view(view, sharp, frozenset(features))
        # The worth of money follows what the hand needs, judged with money at face
        # value and before any award race or milestone aim counts.
        first = CardWorth(CardSteps(Economy(self.outlook, Races(self.outlook), 1.0)))
        mc = money_worth(self.outlook, first.hand_need)
        self.races = Races.of(self.outlook)
        self.economy = Economy(self.outlook, self.races, mc)
        self.card_steps = CardSteps(self.economy)
        self.cards = CardWorth(self.card_steps)

    # ------------------------------------------------------------ the seat
    @property
    def view(self) -> Mapping[str, Any]:
        """The view judged from."""
        return self.outlook.view

    @property
    def features(self) -> frozenset[str]:
        """The level's habits."""
        return self.outlook.features

    @property
    def me(self) -> int:
        """The deciding seat."""
        return self.outlook.me

    @property
    def pl(self) -> Mapping[str, Any]:
        """The deciding player in the view."""
        return self.outlook.pl

    @property
    def solo(self) -> bool:
        """Whether the seat plays alone."""
        return self.outlook.solo

    @property
    def pace(self) -> bool:
        """Whether the solo pace corrections apply (see :mod:`tm.bots.solo`)."""
        return self.outlook.pace

    @property
    def gl(self) -> int:
        """Production phases whose output can still be spent."""
        return self.outlook.gl

    @property
    def left(self) -> Mapping[str, int]:
        """Steps still to make per global parameter."""
        return self.outlook.left

    @property
    def vpv(self) -> float:
        """Worth of a victory point now."""
        return self.outlook.vpv

    @property
    def annuity(self) -> float:
        """Worth now of one production over the phases left."""
        return self.outlook.annuity

    @property
    def mc(self) -> float:
        """Worth of one megacredit now."""
        return self.economy.mc

    # ------------------------------------------------------------ the economy
    def unit(self, res: str) -> float:
        """Worth of one unit of a standard resource."""
        return self.economy.unit(res)

    def prod(self, res: str) -> float:
        """Worth of one more production of ``res``."""
        return self.economy.prod(res)

    def step(self, name: str) -> float:
        """Worth of one step of a global parameter now (0 once it is maxed)."""
        return self.economy.step(name)

    def tile_value(self, tile: str) -> float:
        """Worth of placing a tile."""
        return self.economy.tile_value(tile)

    def card_value_now(self) -> float:
        """Worth of one more card in hand."""
        return self.economy.card_value_now()

    def cost(self, mc: float, name: str | None = None) -> float:
        """Worth of paying ``mc`` megacredits (for the card ``name``: metals may pay)."""
        return self.economy.cost(mc, name)

    # ------------------------------------------------------------ races
    def award_shift(self, count: str, item: str | None, delta: float) -> float:
        """Worth of changing my measure of ``count`` (of ``item``) in the funded awards."""
        return self.races.award_shift(count, item, delta)

    def award_points(self, lead: float, spread: float) -> float:
        """Expected award points over the best other player."""
        return self.races.award_points(lead, spread)

    def award_spread(self, name: str) -> float:
        """How much an award's lead may still change by the end of the game."""
        return award_spread(self.outlook, name)

    # ------------------------------------------------------------ card steps and cards
    def steps(self, steps: Iterable[Mapping[str, Any]], src: str | None = None) -> float:
        """Worth of carrying out a list of card steps now."""
        return self.card_steps.steps(steps, src)

    def step_value(self, s: Mapping[str, Any], src: str | None = None) -> float:
        """Worth of one card step now."""
        return self.card_steps.step_value(s, src)

    def res_value(self, name: str | None) -> float:
        """Worth of one resource on a given card."""
        return self.card_steps.res_value(name)

    def card_value(self, name: str) -> float:
        """Worth of playing a card (before its cost)."""
        return self.cards.card_value(name)

    def action_value(self, c: Card) -> float:
        """A blue card's action, used once a generation from now on."""
        return self.cards.action_value(c)

    def play_worth(self, name: str, cost: float) -> float:
        """Net worth of playing a card now at ``cost``."""
        return self.cards.play_worth(name, cost)

    def keep_worth(self, name: str, cost: float) -> float:
        """Net worth of holding a card to play it later."""
        return self.cards.keep_worth(name, cost)

    def delay(self, c: Card) -> int | None:
        """Generations until a card's requirements are met (None: never)."""
        return self.cards.delay(c)
