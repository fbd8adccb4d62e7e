"""What a rollout's end position is worth to the searching seat, in MC (see
:mod:`tm.bots.expert`): at the game's end the win and the points (solo: the win, else the
price of the steps still missing); at a cut, the hard judge's prices of each seat's
position, or (``leaf``, solo) the fitted win chance of :mod:`tm.bots.leaf`.
"""
from __future__ import annotations

from tm.bots.leaf import duel_win_chance, solo_win_chance
from tm.bots.ranking import VP_FLOOR
from tm.bots.solo import PARAMS, PRICE, steps_left
from tm.bots.values import Judge
from tm.cards import card
from tm.game import Game
from tm.view_model import GameView

HARD_FEATURES = frozenset({"end", "fund", "defend", "aim", "metals", "money", "likely_end",
                           "pace", "spend"})
WIN = 40.0  # MC: a won game against a lost one, beyond its points
LEAF = 100.0  # MC: a sure solo win against a sure loss, at a cut valued by the leaf


def position_worth(game: Game, seat: int, root: Judge, leaf: bool = False,
                   duel: bool = False) -> float:
    """The seat's position at a rollout's horizon, in MC, against the others' (see the
    module docstring); ``root``: the judge of the searched decision (solo step prices);
    ``duel`` (with ``leaf``, two seats): the fitted two-seat win chance."""
    if game.is_over:
        return _final_worth(game, seat, root)
    players = len(game.state.players)
    if leaf and players == 1:
        return LEAF * solo_win_chance(game.view(seat))
    mine = own_worth(game.view(seat))
    if players == 1:
        view = game.view(seat)
        left = Judge(view, sharp=True, features=HARD_FEATURES).outlook.left
        return mine - sum(left[p] * root.economy.step(p) for p in PARAMS)
    others = [own_worth(game.view(p)) for p in range(players) if p != seat]
    if leaf and duel and players == 2:
        return LEAF * duel_win_chance(game.view(seat), mine - others[0])
    return mine - max(others)


def _final_worth(game: Game, seat: int, root: Judge) -> float:
    totals = [int(s["total"]) for s in game.scores()]
    won = seat in game.winners()
    vpv = max(VP_FLOOR, root.outlook.vpv)
    if len(totals) == 1:  # solo: the win, else how far from it (the steps' prices)
        if won:
            return WIN + totals[0] * 0.1
        params = game.view(seat)["parameters"]
        return -sum(steps_left(params[p]) * PRICE[p] for p in PARAMS)
    others = max(t for p, t in enumerate(totals) if p != seat)
    return (WIN if won else -WIN) / 2 + (totals[seat] - others) * vpv


def own_worth(view: GameView) -> float:
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
