"""A card's own "including this" triggers, as the production check of its play sees them.

A card is in play while its own play resolves, so its ongoing effects fire for what that
play does: Immigrant City's own city raises its own MC production. R-PROD-2 checks each
production step of a play against the production it will meet when it runs: the current
production plus what the card's own tile triggers give for tiles placed by earlier steps
of the same play. (Card-played triggers fire after the whole play, so they never count.)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.board import parameters
from tm.board.placement import CITY_TILES
from tm.cards.dsl import Card, Step
from tm.core.state import GameState


def _tiles_placed(g: GameState, step: Step) -> tuple[str, int]:
    """The tile kind a play step places and how many ("", 0 for other steps)."""
    if step["k"] == "tile":
        return step["tile"], 1
    if step["k"] == "ocean" and not parameters.is_maxed(g, "oceans"):
        return "ocean", min(step["count"], parameters.limits(g)["oceans"].max - g.oceans)
    return "", 0


def _sets_off(effect: Mapping[str, Any], tile: str, step: Step) -> bool:
    """Whether an own ``on_tile`` effect surely fires for ``tile`` placed by ``step``."""
    if effect["e"] != "on_tile" or effect["bonus_any"]:
        return False  # a space bonus condition: the space is not known yet
    if effect["mars_only"] and step.get("space") is not None:
        return False  # a named space may lie off Mars
    wanted = effect["tile"]
    return wanted is None or (tile in CITY_TILES if wanted == "city" else tile == wanted)


def _production(then: list[Step]) -> dict[str, int]:
    gained: dict[str, int] = {}
    for step in then:
        if step["k"] == "prod":
            for r, v in step["res"].items():
                if isinstance(v, int):
                    gained[r] = gained.get(r, 0) + v
    return gained


def play_steps_to_check(g: GameState, c: Card) -> list[Step]:
    """The card's play steps, each production step with the production that the card's own
    tile triggers will have added by the time it runs (for the R-PROD-2 check only)."""
    credit: dict[str, int] = {}
    checked: list[Step] = []
    for step in c.play:
        if step["k"] == "prod" and credit:
            res = {r: v + credit.get(r, 0) if isinstance(v, int) else v
                   for r, v in step["res"].items()}
            checked.append({**step, "res": res})
            continue
        checked.append(step)
        tile, count = _tiles_placed(g, step)
        for effect in c.effects:
            if count and _sets_off(effect, tile, step):
                for r, n in _production(effect["then"]).items():
                    credit[r] = credit.get(r, 0) + n * count
    return checked
