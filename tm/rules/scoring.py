"""Scoring (R-END-2, R-END-3): final and live, per player, with its breakdown."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypedDict

from tm.board import parameters
from tm.board import placement as board
from tm.cards import card
from tm.cards.dsl import Card
from tm.cards.tableau import tableau
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.rules import milestones
from tm.vocab.kinds import amount

_GREENERY = frozenset({"greenery"})


def _scoring_cards(g: GameState, p: int) -> Iterator[Card]:
    """The player's cards that print VP: corporation and cards in play, then events."""
    pl = g.players[p]
    for c in [*tableau(pl), *(card(name) for name in pl.events)]:
        if c.vp is not None:
            yield c


def card_vp(g: GameState, p: int) -> int:
    """VP printed on played cards and events, and from resources on cards (R-CARD-6)."""
    return sum(amount(g, p, c.name, c.vp) for c in _scoring_cards(g, p) if c.vp is not None)


class CardPoints(TypedDict):
    """One card's VP at the final count (R-CARD-6, R-END-2): ``per`` None for VP printed as
    a number; otherwise what the card counts (``res``: resources on it, ``tag``, ``city``,
    ``adjacent``, ``colony``, ``held``, ...: the card's ``vp`` amount says how) and
    ``count`` how many of them there are (before dividing: 5 animals at 1 VP per 2 give 2)."""

    card: str
    vp: int
    per: str | None
    count: int


def card_points(g: GameState, p: int) -> list[CardPoints]:
    """Each of the player's cards worth VP now (none at 0), in tableau order: the
    breakdown of :func:`card_vp`, which it sums to."""
    found: list[CardPoints] = []
    for c in _scoring_cards(g, p):
        assert c.vp is not None  # (the generator keeps only cards that print VP)
        vp = amount(g, p, c.name, c.vp)
        if vp == 0:
            continue
        if isinstance(c.vp, int):
            found.append({"card": c.name, "vp": vp, "per": None, "count": 0})
        else:
            found.append({"card": c.name, "vp": vp, "per": str(c.vp["per"]),
                          "count": _counted(g, p, c)})
    return found


def _counted(g: GameState, p: int, c: Card) -> int:
    """What a card's VP amount counts, before its rate: the resources on it for ``res``
    and ``held`` (Search For Life's 3 VP for any), else the amount undivided."""
    assert c.vp is not None and not isinstance(c.vp, int)
    if c.vp["per"] in ("res", "held"):
        return g.players[p].card_res.get(c.name, 0)
    return amount(g, p, c.name, {**c.vp, "div": 1})


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


class Score(TypedDict):
    """A player's score now, by part (``megacredits``: the tie-break, R-END-3)."""

    player: int
    tr: int
    milestones: int
    awards: int
    greeneries: int
    cities: int
    cards: int
    total: int
    megacredits: int


def scores(g: GameState, cards: Sequence[int] | None = None) -> list[Score]:
    """Each player's score breakdown: tr, milestones, awards, greeneries, cities, cards, total
    (``cards``: each player's :func:`card_vp`, when the caller has it already)."""
    awards = award_vp(g)
    result: list[Score] = []
    for pl in g.players:
        parts = {
            "tr": pl.tr,
            "milestones": milestones.MILESTONE_VP * sum(1 for _, p in g.milestones
                                                        if p == pl.index),
            "awards": awards.get(pl.index, 0),
            "greeneries": board.count_tiles(g, _GREENERY, owner=pl.index),
            "cities": city_vp(g, pl.index),
            "cards": card_vp(g, pl.index) if cards is None else cards[pl.index],
        }
        result.append({"player": pl.index, "tr": parts["tr"], "milestones": parts["milestones"],
                       "awards": parts["awards"], "greeneries": parts["greeneries"],
                       "cities": parts["cities"], "cards": parts["cards"],
                       "total": sum(parts.values()), "megacredits": pl.res["megacredits"]})
    return result


def winners(g: GameState) -> list[int]:
    """Who wins: most VP, then most MC (R-END-3); solo wins only by terraforming (R-SOLO-3)."""
    if len(g.players) == 1:
        return [0] if parameters.all_maxed(g) else []
    rows = scores(g)
    best = max((r["total"], r["megacredits"]) for r in rows)
    return [r["player"] for r in rows if (r["total"], r["megacredits"]) == best]
