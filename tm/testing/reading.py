"""Reading a game's state in a test: the board, a player, the parameters, the discard pile."""
from __future__ import annotations

from typing import Any

from tm.cards.tableau import tag_counts
from tm.game import Game
from tm.view_model import SpaceView


def board(game: Game) -> dict[str, SpaceView]:
    """Every space by id: kind, bonus, neighbours, tile, owner (as the view shows them)."""
    return {space["id"]: space for space in game.view(None)["spaces"]}

def player_state(game: Game, p: int) -> dict[str, Any]:
    """A player's resources, production, TR, tags, hand, played cards and card resources."""
    pl = game.state.players[p]
    return {**pl.res, "production": dict(pl.prod), "tr": pl.tr, "tags": tag_counts(pl),
            "hand": list(pl.hand), "played": list(pl.played), "events": list(pl.events),
            "card_resources": dict(pl.card_res)}

def parameters(game: Game) -> dict[str, int]:
    """Temperature, oxygen, oceans and generation."""
    g = game.state
    return {"temperature": g.temperature, "oxygen": g.oxygen, "oceans": g.oceans,
            "generation": g.generation}

def discard_pile(game: Game) -> list[str]:
    """The discard pile, top last (hidden from players' views)."""
    return list(game.state.discard)
