"""A sealed game's decisions on one device: cards named through its dealer.

The state of a sealed game holds tokens for unshown cards (:mod:`tm.core.sealed`). What a
device may know of them comes from its dealer (:mod:`tm.core.dealer`), which the game's
deal carries (:mod:`tm.core.dealing`): :func:`named_copy` is the state as this device reads
it, each token the dealer opens replaced by its card's
name (a setup decision's starting MC and card prices recomputed from the named
corporations). ``Prompt.choices()`` and ``view()`` are built on it, so a seat's own cards
are listed, costed and judged as in a seeded game and others' stay unknown; the choices'
responses are then given back their tokens (:func:`sealed_choices`), so the response data
is the same on every device. Labels keep the names: they are never replayed.

A response that shows a card (playing a card from hand, or one of several preludes) names
the card by its token: :func:`tm.core.sealed.show_response` opens it through the dealer
(IllegalMove, nothing changed, while its keys have not arrived), puts its name in the state
and records the show, before the rules check the move.
"""
from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

from tm.cards import card
from tm.cards.tableau import CARD_PRICE, card_price
from tm.core import sealed
from tm.core.contract import Choice
from tm.core.dealing import Deal
from tm.core.state import GameState


def _copy(g: GameState) -> GameState:
    """An independent copy of ``g`` (sharing its log's records)."""
    log, g.log = g.log, []
    try:
        state: GameState = pickle.loads(pickle.dumps(g, pickle.HIGHEST_PROTOCOL))
    finally:
        g.log = log
    state.log = list(log)
    return state


def named_copy(g: GameState, names: dict[str, str]) -> tuple[GameState, dict[str, str]]:
    """The state as this device reads it, each token of ``names`` ({token: name}: what
    its deal opens, :meth:`Deal.names <tm.core.dealing.Deal.names>`) named; and
    {name: token} of the names it put in. ``g`` itself when there is nothing to name."""
    if not names:
        return g, {}
    state = _copy(g)
    for container in sealed.containers(state):
        sealed.replace_in(container, names)
    for p, queue in enumerate(state.queues):
        for item in queue:
            if item.get("kind") == "setup":
                _price_setup(state, p, item)
    return state, {name: text for text, name in names.items()}


def _price_setup(g: GameState, p: int, item: dict[str, Any]) -> None:
    """A setup decision's starting MC and card prices, from its named corporations."""
    corporations = item.get("corporations") or []
    if any(sealed.is_token(c) for c in corporations):
        return  # another seat's (its device prices it)
    item["starting_mc"] = [card(c).starting_mc for c in corporations]
    prices = [card_price(g.players[p], c) for c in corporations]
    if any(price != CARD_PRICE for price in prices):
        item["prices"] = prices


def sealed_choices(g: GameState, p: int, names: dict[str, str],
                   listed: Callable[[GameState], list[Choice]]) -> list[Choice]:
    """The choices ``listed`` gives on this device's named copy of ``g`` (for seat ``p``),
    their responses carrying tokens again."""
    state, tokens = named_copy(g, names)
    return [Choice(sealed.replaced(c.response, tokens), c.label) for c in listed(state)]


def engine_response(g: GameState, deal: Deal, listed: dict[str, Any]) -> dict[str, Any]:
    """A choice as a view of ``g`` lists it (built on this device's named copy: the cards
    it reads by name) in the engine's form: its response's names given back their tokens,
    as :func:`sealed_choices` lists the same choice (its label, which is never replayed,
    kept as it is). With nothing named (a seeded game): the choice as it is."""
    tokens = {name: text for text, name in deal.names(g).items()}
    if not tokens:
        return listed
    found: dict[str, Any] = {key: value if key == "label" else sealed.replaced(value, tokens)
                             for key, value in listed.items()}
    return found
