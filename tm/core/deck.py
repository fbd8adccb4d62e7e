"""The project deck: drawing from it, reshuffling the discard pile when it runs out.

How a card comes off the deck is the game's deal (:mod:`tm.core.dealing`): the seeded
deck's top card, or a sealed game's next position of the seat's own pile, whose discards
reshuffled make a new generation of the deck (:func:`tm.core.sealed.draw`)."""
from __future__ import annotations

from tm.core.dealing import deal_of
from tm.core.state import GameState


def draw_cards(g: GameState, count: int, seat: int) -> list[str]:
    """Take cards from the deck for ``seat`` (who draws them), reshuffling the discard
    pile when it runs out (R-GEN-7)."""
    deal, drawn = deal_of(g), []
    for _ in range(count):
        found = deal.draw(g, "project", seat, g.deck, g.discard)
        if found is None:
            break
        drawn.append(found)
    if drawn:
        g.reveals += 1  # someone sees cards that were hidden: an undo barrier
    return drawn


def reveal_cards(g: GameState, count: int, seat: int) -> list[str]:
    """Cards from the deck shown to everyone (a public reveal on ``seat``'s turn): in a
    sealed game they come from that seat's pile and are named at once (IllegalMove while
    this device lacks their keys)."""
    deal = deal_of(g)
    return [deal.show(g, name, seat) for name in draw_cards(g, count, seat)]
