"""The scenario kit: build a situation in three lines and answer prompts by name.

These helpers reach inside the engine to set the stage (hands, resources,
parameters, tiles); what happens next goes through the public API. A game
staged this way is not replayable from its moves, so test saves with games
made by ``Game.new`` alone.

The kit by room: :mod:`scenario` sets the stage, :mod:`answers` answers prompts by name,
:mod:`reading` reads the state; :mod:`prelude` and :mod:`colonies` do the same for their
expansions; :mod:`dealer` is a device's dealer of a sealed game (KnownDealer). Every helper
is importable from ``tm.testing`` itself.
"""
from __future__ import annotations

from tm.testing.answers import answer, choice_types, choices, legal_spaces, listed, offered, prompt
from tm.testing.colonies import colony_tiles, give_colony, set_colony_tiles, set_fleets, set_marker
from tm.testing.dealer import KnownDealer
from tm.testing.prelude import play_prelude, preludes, stack_preludes
from tm.testing.reading import board, discard_pile, parameters, player_state
from tm.testing.scenario import (
    choose_setup,
    finish_setup,
    give_cards,
    make_game,
    place,
    put_in_play,
    set_corporation,
    set_hand,
    set_parameters,
    set_production,
    set_resources,
    set_tr,
    settle,
    stack_deck,
)

__all__ = [
    "make_game", "set_corporation", "give_cards", "set_hand", "stack_deck", "set_tr",
    "put_in_play", "set_resources", "set_production", "set_parameters", "place", "choose_setup",
    "finish_setup", "prompt", "answer", "listed", "choices", "offered", "choice_types",
    "legal_spaces", "board", "player_state", "parameters", "discard_pile", "play_prelude",
    "stack_preludes", "preludes", "set_colony_tiles", "set_marker", "give_colony", "set_fleets",
    "colony_tiles", "KnownDealer", "settle",
]
