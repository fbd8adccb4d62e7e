"""The project deck: drawing from it, reshuffling the discard pile when it runs out.

In a sealed game (:mod:`tm.core.sealed`) each seat draws from its own pile of the deck's
positions: a draw gives tokens, a public reveal shows the card to all at once; the
discards reshuffled make a new generation of the deck (:func:`tm.core.sealed.draw`)."""
from __future__ import annotations

from tm.core import sealed
from tm.core.ledger import log
from tm.core.state import GameState


def draw_cards(g: GameState, count: int, seat: int) -> list[str]:
    """Take cards from the deck for ``seat`` (who draws them), reshuffling the discard
    pile when it runs out (R-GEN-7)."""
    if sealed.is_sealed(g):
        return _draw_sealed(g, count, seat)
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


def _draw_sealed(g: GameState, count: int, seat: int) -> list[str]:
    drawn: list[str] = []
    for _ in range(count):
        before = sealed.generations(g, "project")
        found = sealed.draw(g, "project", seat, g.deck, g.discard)
        for label in sealed.generations(g, "project")[len(before):]:
            log(g, "reshuffle", size=g.sealed["piles"][label]["size"])
        if found is None:
            break
        drawn.append(found)
    if drawn:
        g.reveals += 1
    return drawn


def reveal_cards(g: GameState, count: int, seat: int) -> list[str]:
    """Cards from the deck shown to everyone (a public reveal on ``seat``'s turn): in a
    sealed game they come from that seat's pile and are named at once (IllegalMove while
    this device lacks their keys)."""
    drawn = draw_cards(g, count, seat)
    if sealed.is_sealed(g):
        return [sealed.show(g, name, seat) for name in drawn]
    return drawn
