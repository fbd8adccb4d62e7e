"""The project deck: drawing from it, reshuffling the discard pile when it runs out."""
from __future__ import annotations

from tm.core.ledger import log
from tm.core.state import GameState


def draw_cards(g: GameState, count: int) -> list[str]:
    """Take cards from the deck, reshuffling the discard pile when it runs out (R-GEN-7)."""
    drawn: list[str] = []
    for _ in range(count):
        if not g.deck:
            if not g.discard:
                break
            g.deck, g.discard = g.discard, []
            g.rng.shuffle(g.deck)
            log(g, "reshuffle", size=len(g.deck))
        drawn.append(g.deck.pop(0))
    if drawn:
        g.reveals += 1  # someone sees cards that were hidden: an undo barrier
    return drawn
