"""Global parameters: temperature, oxygen and oceans, their TR and bonus steps (R-GLOB)."""
from __future__ import annotations

from tm.flow import push
from tm.player import log, tr_up
from tm.state import NEUTRAL, PARAM_LIMITS, GameState

HEAT_BONUS_AT = (-24, -20)  # R-GLOB-3: +1 heat production on reaching these
OCEAN_BONUS_AT = 0  # R-GLOB-3: an ocean on reaching 0 °C
TEMPERATURE_BONUS_OXYGEN = 8  # R-GLOB-4


def is_maxed(g: GameState, param: str) -> bool:
    """Whether a global parameter has reached its maximum."""
    return int(getattr(g, param)) >= PARAM_LIMITS[param][1]


def all_maxed(g: GameState) -> bool:
    """Whether Mars is terraformed (R-END-1)."""
    return all(is_maxed(g, param) for param in PARAM_LIMITS)


def _credit(g: GameState, player: int, param: str) -> None:
    if player != NEUTRAL:
        tr_up(g, g.players[player], 1)  # R-GLOB-2
    log(g, "param", param=param, value=getattr(g, param), player=player)


def raise_temperature(g: GameState, player: int, steps: int = 1) -> None:
    """Raise temperature by steps, with TR and the −24/−20/0 °C bonuses (R-GLOB-3)."""
    for _ in range(steps):
        if is_maxed(g, "temperature"):
            return  # R-GLOB-5
        g.temperature += 2
        _credit(g, player, "temperature")
        if player == NEUTRAL:
            continue
        if g.temperature in HEAT_BONUS_AT:
            g.players[player].prod["heat"] += 1
        elif g.temperature == OCEAN_BONUS_AT and not is_maxed(g, "oceans"):
            push(g, player, {"op": "place", "p": player, "tile": "ocean", "on": "ocean",
                             "space": None, "src": None})


def raise_oxygen(g: GameState, player: int, steps: int = 1) -> None:
    """Raise oxygen by steps; reaching 8 % raises temperature too (R-GLOB-4)."""
    for _ in range(steps):
        if is_maxed(g, "oxygen"):
            return  # R-GLOB-5
        g.oxygen += 1
        _credit(g, player, "oxygen")
        if g.oxygen == TEMPERATURE_BONUS_OXYGEN:
            raise_temperature(g, player, 1)


def add_ocean(g: GameState, player: int) -> None:
    """Count a placed ocean tile and credit its TR."""
    g.oceans += 1
    _credit(g, player, "oceans")


def raise_param(g: GameState, player: int, param: str, steps: int) -> None:
    """Raise temperature or oxygen by name."""
    if param == "temperature":
        raise_temperature(g, player, steps)
    elif param == "oxygen":
        raise_oxygen(g, player, steps)
    else:
        raise ValueError(f"cannot raise {param!r} by steps")
