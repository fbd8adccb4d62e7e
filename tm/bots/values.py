"""What things are worth to a bot, in megacredits now, judged from one player's view.

Everything here reads only ``view(seat)`` and the public card definitions. Values are
heuristics: production by the production phases left, a terraforming step by the TR
income it brings and (in solo, where every step must be made) the cost of making it
later, a victory point by a rate that rises towards the end, card resources by what
their card turns them into. Future income is discounted (money now can be invested).

:class:`Judge` builds the rooms for one decision and holds them; the policy and the tests
ask the room that owns a value (``judge.economy.unit("steel")``, ``judge.outlook.me``,
``judge.cards.card_value(name)``). Each room stands over the ones before it: the seat
and its clock (``outlook``, :mod:`tm.bots.outlook`), award races and milestone aims
(``races``, :mod:`tm.bots.races`), the economy of money, resources, production and
parameter steps (``economy``, :mod:`tm.bots.economy`), card steps and card resources
(``card_steps``, :mod:`tm.bots.card_steps`) and whole cards (``cards``,
:mod:`tm.bots.card_worth`).
"""
from __future__ import annotations

from collections.abc import Iterable

from tm.bots.card_steps import CardSteps
from tm.bots.card_worth import CardWorth
from tm.bots.economy import Economy, money_worth
from tm.bots.outlook import Outlook
from tm.bots.races import Races
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
    (solo: the plan of :mod:`tm.bots.solo` and its corrections of metals and triggers),
    ``spend`` (holding much money before the last generation, an action near break-even
    beats passing: :meth:`tm.bots.policy.Mind.idle_money`).
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
