"""Preludes (R-PRE) in scenarios: stacking the prelude deck, playing one now, its section."""
from __future__ import annotations

from typing import Any

from tm.cards import card
from tm.core.flow import push, run
from tm.expansions.prelude import manifest as prelude
from tm.expansions.prelude.manifest import play_op
from tm.game import Game
from tm.rules.phases import advance


# ---------------------------------------------------------------- preludes (R-PRE)
def _prelude_piles(game: Game) -> list[list[str]]:
    sec = prelude.section(game.state)
    return [sec["deck"], sec["discard"], *sec["dealt"], *sec["kept"]]

def _take_prelude(game: Game, name: str) -> None:
    if not card(name).is_prelude:
        raise AssertionError(f"{name} is not a prelude")
    for pile in _prelude_piles(game):
        if name in pile:
            pile.remove(name)
            return
    raise AssertionError(f"{name} is not in the prelude deck, discard or a player's hands")

def play_prelude(game: Game, p: int, name: str) -> None:
    """Player ``p`` plays prelude ``name`` now, as after the setup reveal (R-PRE-2 applies);
    it is taken from wherever it lies. Decisions it asks for come before anything else."""
    _take_prelude(game, name)
    push(game.state, p, play_op(p, name))
    run(game.state, advance)

def stack_preludes(game: Game, names: list[str]) -> None:
    """Put named preludes on top of the prelude deck, the first name drawn first."""
    for name in reversed(names):
        _take_prelude(game, name)
        prelude.section(game.state)["deck"].insert(0, name)

def preludes(game: Game) -> dict[str, Any]:
    """The prelude section: deck and discard pile, per player dealt and kept preludes."""
    sec = prelude.section(game.state)
    return {key: [list(x) for x in sec[key]] if key in ("dealt", "kept") else list(sec[key])
            for key in ("deck", "discard", "dealt", "kept")}
