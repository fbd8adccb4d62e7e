"""Solo setup: the neutral player's two cities and greeneries (R-SOLO-2)."""
from __future__ import annotations

from collections.abc import Mapping

from tm.board import placement as board
from tm.cards import card
from tm.core.deck import draw_cards
from tm.core.mapdef import Space
from tm.core.ruleset import rules_of
from tm.core.state import NEUTRAL, GameState
from tm.vocab.tiles import place_tile


def _count_from_card(g: GameState) -> int:
    drawn = draw_cards(g, 1, 0)  # (solo is never sealed)
    g.discard.extend(drawn)
    return max(0, card(drawn[0]).cost - 1) if drawn else 0


def _free_land(g: GameState, sp: Space) -> bool:
    return sp.kind == "land" and sp.reserved_for is None and board.tile_at(g, sp.id) is None


def _city_candidates(g: GameState, spaces: Mapping[str, Space], from_top: bool) -> list[str]:
    order = list(spaces.values())
    if not from_top:
        order.reverse()
    found = []
    for sp in order:
        if not _free_land(g, sp) or any(board.is_city(g, n) for n in sp.neighbors):
            continue
        if any(_free_land(g, spaces[n]) for n in sp.neighbors):
            found.append(sp.id)
    return found


def _neutral_city_with_greenery(g: GameState, from_top: bool) -> None:
    spaces = rules_of(g).map.spaces
    candidates = _city_candidates(g, spaces, from_top)
    city_space = candidates[_count_from_card(g) % len(candidates)]
    place_tile(g, NEUTRAL, city_space, "city", None)
    free = [n for n in spaces[city_space].neighbors if _free_land(g, spaces[n])]
    place_tile(g, NEUTRAL, free[_count_from_card(g) % len(free)], "greenery", None)


def neutral_setup(g: GameState) -> None:
    """Two neutral cities (counted from the top, then the bottom), each with a greenery."""
    _neutral_city_with_greenery(g, from_top=True)
    _neutral_city_with_greenery(g, from_top=False)
