"""Named functions for the Prelude cards of ``tm.expansions.prelude.cards`` that need code.

Robinson Industries raises one of the player's lowest productions (the player picks among
ties); Valley Trust's first action draws preludes and plays one of them (the prelude
machinery lives with the expansion's manifest, :mod:`tm.expansions.prelude.manifest`). Each is
registered with :func:`tm.vocab.custom.custom_step`; queued work stays data.
"""
from __future__ import annotations

from tm.cards.dsl import Step, choose, prod
from tm.core.flow import run_steps
from tm.core.state import RESOURCES, GameState
from tm.expansions.prelude.manifest import look_at
from tm.vocab.custom import custom_step


@custom_step("one_lowest_production_up")
def _robinson(g: GameState, p: int, src: str | None, step: Step) -> None:
    """+1 production of a resource whose production is lowest of the six (ties: pick)."""
    production = g.players[p].prod
    lowest = min(production[r] for r in RESOURCES)
    tied = [r for r in RESOURCES if production[r] == lowest]
    run_steps(g, p, [choose(*([prod(**{r: 1})] for r in tied))], src)


@custom_step("play_one_of_drawn_preludes")
def _valley_trust(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Draw preludes, play one (R-PRE-2 if it cannot be resolved), discard the others."""
    look_at(g, p, step["count"])
