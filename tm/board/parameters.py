"""Global parameters: temperature, oxygen and oceans, their TR and bonus steps (R-GLOB).

Each map sets the goals (start, maximum, step size) and the track bonuses
(R-GLOB-1/3/4, R-MAP-4); this module reads them from the game's map.
"""
from __future__ import annotations

from collections.abc import Mapping

from tm.core.deck import draw_cards
from tm.core.flow import push
from tm.core.ledger import change_prod, log, tr_up
from tm.core.mapdef import Goal
from tm.core.ruleset import rules_of
from tm.core.state import NEUTRAL, GameState

GAIN_PARAM = {"ocean": "oceans", "temperature": "temperature"}  # gains that need room to rise
PRODUCTION_GAINS = {"heat_production": "heat", "plant_production": "plants"}


def limits(g: GameState) -> Mapping[str, Goal]:
    """The goals of the game's map, per parameter (temperature, oxygen, oceans)."""
    return rules_of(g).map.goals


def is_maxed(g: GameState, param: str) -> bool:
    """Whether a global parameter has reached its maximum."""
    return int(getattr(g, param)) >= limits(g)[param].max


def all_maxed(g: GameState) -> bool:
    """Whether Mars is terraformed (R-END-1)."""
    return all(is_maxed(g, param) for param in limits(g))


def can_gain(g: GameState, gain: str) -> bool:
    """Whether a track or space gain would still do something (an ocean left, ...)."""
    return gain not in GAIN_PARAM or not is_maxed(g, GAIN_PARAM[gain])


def gain(g: GameState, player: int, what: str) -> None:
    """Give a track bonus or a special space's gain (one of ``tm.board.maps.GAINS``)."""
    if what in PRODUCTION_GAINS:
        change_prod(g, player, {PRODUCTION_GAINS[what]: 1})
    elif what == "ocean":
        if not is_maxed(g, "oceans"):
            push(g, player, {"op": "place", "p": player, "tile": "ocean", "on": "ocean",
                             "space": None, "src": None})
    elif what == "temperature":
        raise_temperature(g, player, 1)
    elif what == "card":
        drawn = draw_cards(g, 1, player)
        g.players[player].hand.extend(drawn)
        log(g, "draw", player=player, count=len(drawn))
    else:
        raise ValueError(f"unknown gain {what!r}")


def _track_bonuses(g: GameState, player: int, param: str) -> None:
    """The map's bonuses for the value ``param`` just reached (none for the neutral player)."""
    if player == NEUTRAL:
        return
    value = getattr(g, param)
    for bonus in rules_of(g).map.track_bonuses:
        if bonus.param == param and bonus.at == value:
            gain(g, player, bonus.gain)


def _credit(g: GameState, player: int, param: str) -> None:
    if player == NEUTRAL:
        log(g, "param", param=param, value=getattr(g, param), player=player)
        return
    pl = g.players[player]
    tr_up(g, pl, 1)  # R-GLOB-2
    log(g, "param", param=param, value=getattr(g, param), player=player, tr=pl.tr)


def raise_temperature(g: GameState, player: int, steps: int = 1) -> None:
    """Raise temperature by steps, with TR and the map's bonuses (R-GLOB-3: −24/−20/0 °C)."""
    for _ in range(steps):
        if is_maxed(g, "temperature"):
            return  # R-GLOB-5
        g.temperature += limits(g)["temperature"].step
        _credit(g, player, "temperature")
        _track_bonuses(g, player, "temperature")


def raise_oxygen(g: GameState, player: int, steps: int = 1) -> None:
    """Raise oxygen by steps, with the map's bonuses (R-GLOB-4: 8 % raises temperature)."""
    for _ in range(steps):
        if is_maxed(g, "oxygen"):
            return  # R-GLOB-5
        g.oxygen += limits(g)["oxygen"].step
        _credit(g, player, "oxygen")
        _track_bonuses(g, player, "oxygen")


def add_ocean(g: GameState, player: int) -> None:
    """Count a placed ocean tile and credit its TR."""
    g.oceans += 1
    _credit(g, player, "oceans")
    _track_bonuses(g, player, "oceans")


def raise_param(g: GameState, player: int, param: str, steps: int) -> None:
    """Raise temperature or oxygen by name."""
    if param == "temperature":
        raise_temperature(g, player, steps)
    elif param == "oxygen":
        raise_oxygen(g, player, steps)
    else:
        raise ValueError(f"cannot raise {param!r} by steps")
