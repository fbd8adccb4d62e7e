"""Questions about one player's position: tags, effects in play, card resources."""
from __future__ import annotations

from collections.abc import Iterator

from tm.cards import card
from tm.cards.dsl import WILD, Card, Effect
from tm.core.state import GameState, PlayerState


def tableau(pl: PlayerState) -> Iterator[Card]:
    """The player's corporation and face-up cards (events excluded)."""
    if pl.corporation:
        yield card(pl.corporation)
    for name in pl.played:
        yield card(name)


def tag_counts(pl: PlayerState) -> dict[str, int]:
    """Tags in play; events' tags never count (R-CARD-4)."""
    return dict(_derived(pl)[2])


def _count_tags(pl: PlayerState) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in tableau(pl):
        for tag in c.tags:
            counts[tag] = counts.get(tag, 0) + 1
    return counts


def tag_count(pl: PlayerState, tag: str, wild: bool = True) -> int:
    """How many ``tag`` tags the player has in play; each wild tag stands in for one more
    (for requirements, milestones and per-tag amounts; awards pass ``wild=False``)."""
    counts = _derived(pl)[2]
    found = counts.get(tag, 0)
    return found + counts.get(WILD, 0) if wild and tag != WILD else found


def effects(pl: PlayerState, kind: str) -> tuple[tuple[Card, Effect], ...]:
    """(card, effect) for every ongoing effect of ``kind`` in the player's tableau."""
    return _derived(pl)[1].get(kind, ())


# What each tableau in play gives (its effects by kind, its tags), by its played list:
# ``played`` only ever grows by appending (tm.rules.play, the Prelude's), so the list (kept
# here: its id is never given to another) and its length, with the corporation, say what
# is in play. Asked hundreds of times a decision, by the rules, the views and the bots'
# rollouts. (Cleared when large: copies of games bring new lists.)
Derived = tuple[list[str], dict[str, tuple[tuple[Card, Effect], ...]], dict[str, int],
                dict[str, tuple[Effect, ...]]]  # (played, effects by kind, tags, standing ones)
_DERIVED: dict[tuple[int, int, str | None], Derived] = {}


def _derived(pl: PlayerState) -> Derived:
    played = pl.played
    key = (id(played), len(played), pl.corporation)
    found = _DERIVED.get(key)
    if found is None or found[0] is not played:
        if len(_DERIVED) >= 4096:
            _DERIVED.clear()
        by_kind: dict[str, list[tuple[Card, Effect]]] = {}
        for c in tableau(pl):
            for effect in c.effects:
                by_kind.setdefault(effect["e"], []).append((c, effect))
        standing = {k: tuple(e for _, e in v if not e.get("next_card"))
                    for k, v in by_kind.items()}
        found = _DERIVED[key] = (played, {k: tuple(v) for k, v in by_kind.items()},
                                 _count_tags(pl), standing)
    return found


def has_effect(pl: PlayerState, kind: str) -> bool:
    """Whether any card in play gives the player an effect of ``kind``."""
    return bool(effects(pl, kind))


def next_card_effects(g: GameState, pl: PlayerState, kind: str) -> Iterator[Effect]:
    """One-shot effects waiting for the player's next card this generation."""
    if pl.next_card_gen != g.generation:
        return
    for name in pl.next_card:
        for effect in card(name).effects:
            if effect["e"] == kind and effect.get("next_card"):
                yield effect


def standing_effects(g: GameState, pl: PlayerState, kind: str) -> tuple[Effect, ...]:
    """Effects of ``kind`` that apply now: from cards in play and one-shot ones."""
    found = _derived(pl)[3].get(kind, ())
    if pl.next_card and pl.next_card_gen == g.generation:
        found += tuple(next_card_effects(g, pl, kind))
    return found


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
