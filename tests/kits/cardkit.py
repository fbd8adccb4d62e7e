"""Shared helpers of the card behaviour tests: play a card, use an action, read the state."""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from tests.kits.facts import load_reference
from tm import Game
from tm.core.mapdef import get_map
from tm.testing import (
    answer,
    choices,
    give_cards,
    make_game,
    player_state,
    prompt,
    set_resources,
)

THARSIS = get_map("tharsis")
OCEAN_SPACES = sorted(sid for sid, sp in THARSIS.spaces.items() if sp.kind == "ocean")
METAL_SPACES = sorted(sid for sid, sp in THARSIS.spaces.items()
                      if sp.kind == "land" and {"steel", "titanium"} & set(sp.bonus))
NEUTRAL = -1


@cache
def _reference_cards() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in load_reference("cards_base.json")}


def reference(name: str) -> dict[str, Any]:
    """The printed facts of a base or Corporate Era card (shared/reference/cards_base.json),
    independent of our definitions: expectations come from here, not from tm.cards."""
    return _reference_cards()[name]


def printed_cost(name: str) -> int:
    """A project card's printed cost, from the reference."""
    cost: int = reference(name)["cost"]
    return cost


def is_printed_event(name: str) -> bool:
    """Whether the reference prints the card as an event."""
    return bool(reference(name)["type"] == "event")


def new_game(players: int = 2, corporations: list[str] | None = None) -> Game:
    """A staged game (tm.testing.make_game, seed 0) with player 0 to act."""
    game, _ = make_game(players=players, seed=0, corporations=corporations)
    return game


def others_pass(game: Game) -> None:
    """Other players asked for an action pass, so player 0 keeps the turn (R-GEN-5)."""
    while True:
        waiting = [p for p, pr in game.pending if p != 0 and pr.kind == "action"]
        if not waiting:
            return
        answer(game, "pass", player=waiting[0])


def act(game: Game, kind: str, *values: Any, **fields: Any) -> None:
    """Player 0 answers; then the others pass."""
    answer(game, kind, *values, player=0, **fields)
    others_pass(game)


def play(game: Game, name: str, mc: int | None = None) -> None:
    """Player 0 plays ``name`` from hand holding exactly its printed cost (or ``mc``)."""
    give_cards(game, 0, [name])
    set_resources(game, 0, megacredits=printed_cost(name) if mc is None else mc)
    act(game, "play_card", name)


def use(game: Game, name: str) -> None:
    """Player 0 uses the action of ``name``."""
    act(game, "card_action", name)


def can_play(game: Game, name: str) -> bool:
    """Whether player 0's action menu offers playing ``name``."""
    return {"type": "play_card", "card": name} in choices(game, 0)


def can_use(game: Game, name: str) -> bool:
    """Whether player 0's action menu offers the action of ``name``."""
    return {"type": "card_action", "card": name} in choices(game, 0)


def waiting_kind(game: Game) -> str | None:
    """The kind of player 0's waiting prompt, if any."""
    waiting = game.prompt_for(0)
    return None if waiting is None else waiting.kind


def tiles(game: Game) -> dict[str, dict[str, Any]]:
    """The board as everyone sees it."""
    board: dict[str, dict[str, Any]] = game.view(None)["board"]
    return board


def offered_spaces(game: Game, p: int = 0) -> list[str]:
    """The spaces a waiting space prompt offers."""
    waiting = prompt(game, p)
    assert waiting.kind == "space", waiting
    return sorted(waiting.data["spaces"])


def offered_players(game: Game) -> list[int | None]:
    """The players a waiting player prompt offers (None for "no one")."""
    return [c.get("player") for c in choices(game, 0)]


def offered_cards(game: Game) -> list[str]:
    """The cards a waiting card prompt offers."""
    return sorted(prompt(game, 0).data["cards"])


def me(game: Game, p: int = 0) -> dict[str, Any]:
    """A player's state."""
    return player_state(game, p)


def prod(game: Game, p: int = 0) -> dict[str, int]:
    """A player's production."""
    production: dict[str, int] = player_state(game, p)["production"]
    return production


def held(game: Game, name: str, p: int = 0) -> int:
    """Resources on one of a player's cards."""
    return int(player_state(game, p)["card_resources"].get(name, 0))


def card_vp(game: Game, p: int = 0) -> int:
    """A player's VP from cards."""
    return int(game.scores()[p]["cards"])


def slug(name: str) -> str:
    """A card name as it appears in a test name."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")
