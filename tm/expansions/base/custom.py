"""Named functions for the base-game cards (``tm.expansions.base.cards``) that need code.

Flooding (remove MC from the owner of a tile next to the new ocean), Mining
Rights (production of the metal printed under its tile) and Search For Life
(reveal the top card, keep a science resource for a microbe tag). Each is
registered with :func:`tm.vocab.custom.custom_step`; queued work stays data.
"""
from __future__ import annotations

from tm.board import placement as board
from tm.cards import card
from tm.cards.dsl import Step, choose, custom, prod
from tm.core.deck import reveal_cards
from tm.core.flow import ask, push, run_steps
from tm.core.ledger import change_prod, log
from tm.core.ruleset import rules_of
from tm.core.state import GameState
from tm.vocab.cards import add_card_resource
from tm.vocab.custom import custom_step
from tm.vocab.tiles import place_op

FLOODING_TAKES = 4
METALS = ("steel", "titanium")


# ---------------------------------------------------------------- Flooding
@custom_step("ocean_then_remove_4_mc_next_to_it")
def _flooding(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Place an ocean; remember the oceans already out to find the new one afterwards."""
    before = sorted(sid for sid, entry in g.board.items() if entry["tile"] == "ocean")
    push(g, p, place_op(p, "ocean", "ocean", None, src),
         {"op": "steps", "p": p, "src": src,
          "steps": [custom("remove_mc_next_to_new_ocean", before=before)]})


@custom_step("remove_mc_next_to_new_ocean")
def _flooded(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Optionally take up to 4 MC from another player owning a tile next to the new ocean.

    No new ocean (all nine out): nothing. The neutral player (solo) has no MC.
    """
    before = set(step["before"])
    new = [sid for sid, entry in g.board.items() if entry["tile"] == "ocean" and sid not in before]
    if not new:
        return
    owners = {board.owner_at(g, n) for n in board.neighbors(g, new[0])}
    targets = [pl.index for pl in g.players
               if pl.index in owners and pl.index != p and pl.res["megacredits"] > 0]
    if targets:
        ask(g, p, "player", "remove_any", players=targets, optional=True,
            step={"res": "megacredits", "count": FLOODING_TAKES})


# ---------------------------------------------------------------- Mining Rights
@custom_step("prod_of_the_metal_under_the_tile")
def _mining_rights(g: GameState, p: int, src: str | None, step: Step) -> None:
    """+1 production of the steel or titanium printed on the space under this card's tile."""
    spaces = rules_of(g).map.spaces
    for sid, entry in g.board.items():
        if entry.get("card") == src and entry.get("owner") == p:
            metals = [m for m in METALS if m in spaces[sid].bonus]
            if len(metals) == 1:
                change_prod(g, p, {metals[0]: 1}, card=src)
            elif metals:
                run_steps(g, p, [choose(*([prod(**{m: 1})] for m in metals))], src)
            return


# ---------------------------------------------------------------- Search For Life
def _deck_left(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(g.deck or g.discard)


@custom_step("reveal_top_card_microbe_adds_here", can=_deck_left)
def _search_for_life(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Reveal and discard the top card; a microbe tag on it puts a science resource here."""
    revealed = reveal_cards(g, 1, p)  # shown to everyone
    for name in revealed:
        log(g, "revealed", player=p, card=name)
        g.discard.append(name)
        if "microbe" in card(name).tags:
            add_card_resource(g, p, src or "", 1)

