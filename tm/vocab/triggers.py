"""Ongoing card effects that fire on events: tiles placed, cards played, projects used."""
from __future__ import annotations

from tm.board.placement import CITY_TILES
from tm.cards.dsl import Card
from tm.cards.tableau import effects
from tm.core.flow import run_steps
from tm.core.ruleset import rules_of
from tm.core.state import GameState


def _players_from_active(g: GameState) -> list[int]:
    count = len(g.players)
    return [(g.active + i) % count for i in range(count)]


def _tile_matches(wanted: str | None, tile: str) -> bool:
    if wanted is None:
        return True
    return tile in CITY_TILES if wanted == "city" else tile == wanted


def tile_placed(g: GameState, p: int, sid: str, tile: str) -> None:
    """Queue every ``on_tile`` effect that a tile placed by ``p`` on ``sid`` sets off."""
    space = rules_of(g).map.spaces[sid]
    for q in _players_from_active(g):
        for c, e in effects(g.players[q], "on_tile"):
            if e["by"] == "self" and q != p:
                continue
            if not _tile_matches(e["tile"], tile):
                continue
            if e["mars_only"] and space.kind == "offmap":
                continue
            if e["bonus_any"] and not any(b in space.bonus for b in e["bonus_any"]):
                continue
            run_steps(g, q, e["then"], c.name)


def card_played(g: GameState, p: int, played: Card) -> None:
    """Queue every ``on_card`` effect that ``p`` playing ``played`` sets off."""
    for q in _players_from_active(g):
        for c, e in effects(g.players[q], "on_card"):
            if e["by"] == "self" and q != p:
                continue
            if e["event"] and not played.is_event:
                continue
            if played.cost < e["min_cost"]:
                continue
            if e.get("vp_positive") and not shows_positive_vp(played):
                continue
            times = 1
            if e["tags"]:
                matching = sum(1 for tag in played.tags if tag in e["tags"])
                times = matching if e["each_tag"] else min(matching, 1)
            then = [{**s, "played": played.name} if s["k"] == "custom" else s for s in e["then"]]
            for _ in range(times):  # custom steps learn which card set them off
                run_steps(g, q, then, c.name)


def shows_positive_vp(c: Card) -> bool:
    """Whether a card prints a VP value above 0: a fixed number, or so much per unit
    (per resource, tag, city ...) with a positive rate."""
    vp = c.vp
    if vp is None:
        return False
    if isinstance(vp, int):
        return vp > 0
    return int(vp.get("mult", vp.get("points", 1))) > 0


def project_used(g: GameState, p: int, project: str, base_cost: int) -> None:
    """Queue ``on_project`` effects of ``p`` for a standard project."""
    for c, e in effects(g.players[p], "on_project"):
        if base_cost >= e["min_cost"] and project not in e["exclude"]:
            run_steps(g, p, e["then"], c.name)
