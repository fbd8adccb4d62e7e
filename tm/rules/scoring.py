"""Scoring (R-END-2, R-END-3): final and live, per player, with its breakdown."""
from __future__ import annotations

from typing import Any

from tm.board import parameters
from tm.board import placement as board
from tm.cards import card
from tm.cards.tableau import tableau
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.rules import milestones
from tm.vocab.kinds import amount

_GREENERY = frozenset({"greenery"})


def card_vp(g: GameState, p: int) -> int:
    """VP printed on played cards and events, and from resources on cards (R-CARD-6)."""
    pl = g.players[p]
    total = 0
    for c in [*tableau(pl), *(card(name) for name in pl.events)]:
        if c.vp is not None:
            total += amount(g, p, c.name, c.vp)
    return total


def city_vp(g: GameState, p: int) -> int:
    """1 VP per greenery (anyone's) next to each of the player's cities on Mars."""
    spaces = rules_of(g).map.spaces
    return sum(board.adjacent_count(g, sid, _GREENERY)
               for sid, entry in g.board.items()
               if entry["tile"] in board.CITY_TILES and entry.get("owner") == p
               and spaces[sid].kind != "offmap")


def award_vp(g: GameState) -> dict[int, int]:
    """VP from every funded award, per player."""
    totals: dict[int, int] = {}
    for name, _ in g.awards:
        for p, vp in milestones.award_points(g, name).items():
            totals[p] = totals.get(p, 0) + vp
    return totals


def scores(g: GameState) -> list[dict[str, Any]]:
    """Each player's score breakdown: tr, milestones, awards, greeneries, cities, cards, total."""
    awards = award_vp(g)
    result = []
    for pl in g.players:
        row = {
            "player": pl.index,
            "tr": pl.tr,
            "milestones": milestones.MILESTONE_VP * sum(1 for _, p in g.milestones
                                                        if p == pl.index),
            "awards": awards.get(pl.index, 0),
            "greeneries": board.count_tiles(g, _GREENERY, owner=pl.index),
            "cities": city_vp(g, pl.index),
            "cards": card_vp(g, pl.index),
        }
        row["total"] = sum(row[k] for k in ("tr", "milestones", "awards", "greeneries",
                                           "cities", "cards"))
        row["megacredits"] = pl.res["megacredits"]
        result.append(row)
    return result


def winners(g: GameState) -> list[int]:
    """Who wins: most VP, then most MC (R-END-3); solo wins only by terraforming (R-SOLO-3)."""
    if len(g.players) == 1:
        return [0] if parameters.all_maxed(g) else []
    rows = scores(g)
    best = max((r["total"], r["megacredits"]) for r in rows)
    return [r["player"] for r in rows if (r["total"], r["megacredits"]) == best]
