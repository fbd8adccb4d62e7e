"""Questions about one player's position: tags, effects in play, card resources."""
from __future__ import annotations

from collections.abc import Iterator

from tm.cards import card
from tm.cards.dsl import WILD, Card, Effect
from tm.core.memo import remembered
from tm.core.state import GameState, PlayerState


def tableau(pl: PlayerState) -> Iterator[Card]:
    """The player's corporation and face-up cards (events excluded)."""
    if pl.corporation:
        yield card(pl.corporation)
    for name in pl.played:
        yield card(name)


def tag_counts(pl: PlayerState) -> dict[str, int]:
    """Tags in play; events' tags never count (R-CARD-4)."""
    counts: dict[str, int] = {}
    for c in tableau(pl):
        for tag in c.tags:
            counts[tag] = counts.get(tag, 0) + 1
    return counts


def tag_count(pl: PlayerState, tag: str, wild: bool = True) -> int:
    """How many ``tag`` tags the player has in play; each wild tag stands in for one more
    (for requirements, milestones and per-tag amounts; awards pass ``wild=False``)."""
    wanted = (tag, WILD) if wild and tag != WILD else (tag,)
    return sum(1 for c in tableau(pl) for t in c.tags if t in wanted)


@remembered
def effects(pl: PlayerState, kind: str) -> tuple[tuple[Card, Effect], ...]:
    """(card, effect) for every ongoing effect of ``kind`` in the player's tableau
    (remembered while a view is built: it asks this a hundred times)."""
    return tuple((c, effect) for c in tableau(pl) for effect in c.effects
                 if effect["e"] == kind)


def has_effect(pl: PlayerState, kind: str) -> bool:
    """Whether any card in play gives the player an effect of ``kind``."""
    return any(True for _ in effects(pl, kind))


def next_card_effects(g: GameState, pl: PlayerState, kind: str) -> Iterator[Effect]:
    """One-shot effects waiting for the player's next card this generation."""
    if pl.next_card_gen != g.generation:
        return
    for name in pl.next_card:
        for effect in card(name).effects:
            if effect["e"] == kind and effect.get("next_card"):
                yield effect


def standing_effects(g: GameState, pl: PlayerState, kind: str) -> Iterator[Effect]:
    """Effects of ``kind`` that apply now: from cards in play and one-shot ones."""
    for _, effect in effects(pl, kind):
        if not effect.get("next_card"):
            yield effect
    yield from next_card_effects(g, pl, kind)


def metal_value(pl: PlayerState, metal: str) -> int:
    """MC value of one steel (2) or titanium (3), plus card bonuses (R-PAY-1)."""
    base = 2 if metal == "steel" else 3
    bonus: int = sum(e.get(metal, 0) for _, e in effects(pl, "metal_value"))
    return base + bonus


def resource_cards(pl: PlayerState, rtype: str | None = None) -> list[str]:
    """The player's cards in play that hold resources (of ``rtype`` if given)."""
    return [c.name for c in tableau(pl)
            if c.resource and (rtype is None or c.resource == rtype)]




CARD_PRICE = 3  # R-SETUP-4, R-GEN-3


def card_price(pl: PlayerState, corporation: str | None = None) -> int:
    """What the player pays to keep a card bought in setup or research: 3 MC, unless a
    card in play (or ``corporation``, about to be) sets another price (Polyphemos)."""
    prices = [int(e["price"]) for _, e in effects(pl, "card_price")]
    if corporation is not None:
        prices += [int(e["price"]) for e in card(corporation).effects if e["e"] == "card_price"]
    return max(prices) if prices else CARD_PRICE
