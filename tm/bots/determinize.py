"""A game rebuilt from one seat's view: determinization, for bots that search.

:func:`sample_game` takes ``view(seat)`` and a ``random.Random`` and builds a :class:`Game`
the engine plays on: everything the seat sees is copied from the view, everything it
cannot see is sampled, consistent with what it saw, and nothing else is read (it never
gets the game, so it cannot use the real hidden information). The state is walked field by
field through the ``seen`` marks of the state's dataclasses (:func:`tm.view.marks_of`) and of
each expansion's section (``Manifest.seen``): a field the seat may read is copied from the
view; a hidden one must have a sampler in :data:`PILES` (a pile of cards, dealt from the
unseen cards of its kind as many as the view counts) or :data:`SAMPLERS` (anything else),
or the walk raises, so a new hidden field is never filled from nowhere, nor leaked.

The cards (:mod:`tm.bots.unseen`): a hidden pile gets first the cards the public log
places there (revealed from the deck since the last reshuffle and discarded, or kept by
another player; preludes discarded for 15 MC), then cards of its kind (project cards,
corporations, preludes) the view does not place anywhere (tableaux, the seat's own hand,
offers and draft, kept preludes, the cards of its waiting decision), shuffled by ``rng``.
The rest of a kind lies out of the game (e.g. the corporations turned down at setup). The
game's RNG and seeds are drawn from ``rng`` too, so future draws are not the real ones.

Decisions: the seat's own waiting decision is rebuilt from the view. Another seat that
must still decide in a simultaneous step (setup, research, a draft round) gets its ask
back with its sampled cards; another seat whose choice in that step the view holds back
(:mod:`tm.simultaneous`: shown only once all have chosen) makes it again in the sample, by
a hard bot. The view shows only the head of the seat's own queue: in the middle of an
action (paying, placing, a card's later steps) the rest is the seat's own knowledge but not
in the view; pass it as ``queue`` (``game.state.queues[seat]``) or the sampled action ends
with the decision.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from tm.bots import Bot
from tm.bots.expansions import listed as expansions
from tm.bots.unseen import Sample
from tm.cards import card
from tm.cards.tableau import CARD_PRICE, card_price
from tm.core.ruleset import rules_for, rules_of, setup_offers
from tm.core.state import GameState, Options, PlayerState, from_dict, to_dict
from tm.game import Game
from tm.rules.action_checks import plant_cost
from tm.rules.phases import offer_max
from tm.view import marks_of
from tm.view_model import GameView, PlayerView

Json = dict[str, Any]
# Each hidden pile of cards: the kind of cards it holds ((dataclass or expansion, field)).
PILES: dict[tuple[str, str], str] = {
    ("game", "deck"): "project", ("game", "discard"): "project",
    ("game", "corp_deck"): "corporation",
    ("player", "hand"): "project", ("player", "offer"): "project",
    ("player", "draft_hand"): "project", ("player", "drafted"): "project",
    ("player", "dealt_corps"): "corporation",
    **expansions.PILES,
}
SIMULTANEOUS = ("setup", "research", "draft")  # phases whose held-back choices are made again


# ---------------------------------------------------------------- the walk
def _walked(obj_marks: tuple[tuple[str, str, bool], ...], shown: Any, mine: bool,
            hidden: Callable[[str, Any], Any]) -> Json:
    """A dataclass's fields as plain data: what the reader sees from ``shown`` (its part of
    the view), the rest from ``hidden(name, count)`` (the view's count, or None)."""
    found: Json = {}
    for name, who, count in obj_marks:
        if name == "sealed" and name not in shown:
            continue  # (shown only when set: a sealed game's)
        if who == "public" or (mine and who == "owner"):
            found[name] = shown[name]
        else:
            found[name] = hidden(name, shown.get(name) if count else None)
    return found


def _pile_or_sampler(s: Sample, where: str, name: str, count: Any,
                     owner: int | None = None) -> Any:
    if (where, name) in PILES:
        return s.deal(PILES[where, name], int(count or 0), (where, name, owner))
    sampler = SAMPLERS.get((where, name))
    if sampler is None:  # a new hidden field: it needs a sampler before a game is rebuilt
        raise KeyError(f"no sampler for the hidden field {where}.{name}")
    return sampler(s)


def _options(s: Sample) -> Json:
    shown = cast(Json, s.view["options"])
    return _walked(marks_of(Options), shown, False,
                   lambda name, count: _pile_or_sampler(s, "options", name, count))


def _player(s: Sample, pl: PlayerView) -> Json:
    shown = cast(Json, pl)
    return _walked(marks_of(PlayerState), shown, pl["index"] == s.seat,
                   lambda name, count: _pile_or_sampler(s, "player", name, count,
                                                        pl["index"]))


def _state(s: Sample) -> Json:
    """The game's fields (the players, the options and the sections by their own walks)."""
    own: dict[str, Callable[[], Any]] = {
        "options": lambda: _options(s), "ext": lambda: _sections(s),
        "players": lambda: [_player(s, pl) for pl in s.view["players"]]}
    shown = cast(Json, s.view)
    found: Json = {}
    for name, who, count in marks_of(GameState):
        if name in ("ruled", "dealer", "sealed"):
            continue  # (not fields of the game: its rules follow from the options; a
            # sealed game's sample is a world of names, played as a seeded game)
        if name in own:
            found[name] = own[name]()
        elif who == "public":
            found[name] = shown[name]
        else:
            found[name] = _pile_or_sampler(s, "game", name, shown.get(name) if count else None)
    return found


def _sections(s: Sample) -> Json:
    """Each expansion's section by its marks (a key whose view is not its state: SAMPLERS)."""
    found: Json = {}
    for m in s.rules.manifests:
        if not m.state:
            continue
        shown = s.view["expansions"].get(m.name, {})
        section: Json = {}
        for key, mark in m.seen.items():
            if (m.name, key) in SAMPLERS:
                section[key] = SAMPLERS[m.name, key](s)
            elif mark["seen"] == "public":
                section[key] = shown[key]
            elif mark["seen"] == "owner" and mark["count"]:
                section[key] = [entry if seat == s.seat
                                else _pile_or_sampler(s, m.name, key, entry, seat)
                                for seat, entry in enumerate(shown[key])]
            else:
                section[key] = _pile_or_sampler(s, m.name, key,
                                                shown.get(key) if mark["count"] else None)
        found[m.name] = section
    return found


# ---------------------------------------------------------------- samplers by name
def _seed(s: Sample) -> int:
    return s.rng.getrandbits(62)


# The hidden fields that are not piles of cards, and the sections' keys whose view is not
# their state: (dataclass or expansion, field) -> the sampler.
SAMPLERS: dict[tuple[str, str], Callable[[Sample], Any]] = {
    ("options", "seed"): _seed, ("options", "bot_seed"): _seed,
    ("game", "rng"): lambda s: {"state": s.rng.getrandbits(64)},
    ("game", "queues"): lambda s: [[] for _ in s.view["players"]],  # (filled by _asks)
    ("player", "setup_choice"): lambda s: {},  # (made again: _remade)
    **expansions.SAMPLERS,
}


# ---------------------------------------------------------------- decisions
def _own_ask(view: GameView) -> Json | None:
    """The seat's waiting decision as its queue holds it (the view adds to setup offers
    what each holds: taken off again)."""
    decision = view.get("you", {}).get("decision")
    if not decision:
        return None
    data = to_dict(dict(decision["data"]))
    for entry in data.get("offers") or ():
        entry.pop("item", None)
        entry.pop("printed", None)
    return {"op": "ask", "kind": decision["kind"], "on": decision["purpose"], **data}


def _setup_ask(g: GameState, p: int) -> Json:
    """A seat's setup decision, dealt as :func:`tm.rules.phases.deal` deals it."""
    pl = g.players[p]
    corps = list(pl.dealt_corps)
    offers = [{"name": name, "cards": expansions.SETUP_HELD[name](g, p), "keep": offer.keep,
               "rule": offer.rule, "picked": []} for name, offer in setup_offers(g).items()]
    ask: Json = {"op": "ask", "kind": "setup", "on": "setup", "corporations": corps,
                 "starting_mc": [card(c).starting_mc for c in corps], "cards": list(pl.offer),
                 "price": CARD_PRICE, "corporation": None}
    if offers:
        ask["offers"] = offers
    prices = [card_price(pl, c) for c in corps]
    if any(price != CARD_PRICE for price in prices):
        ask["prices"] = prices
    ask["picked"] = []
    return ask


def _other_ask(g: GameState, p: int) -> Json:
    """Another seat's ask in a simultaneous step, with its sampled cards."""
    pl = g.players[p]
    if g.phase == "setup":
        return _setup_ask(g, p)
    if g.phase == "research":
        return {"op": "ask", "kind": "cards", "on": "buy_cards", "cards": list(pl.offer),
                "min": 0, "max": offer_max(g, p, len(pl.offer)), "price": card_price(pl),
                "picked": []}
    if g.phase == "draft":
        return {"op": "ask", "kind": "card", "on": "draft", "cards": list(pl.draft_hand)}
    return _turn_ask(g, p)


def _turn_ask(g: GameState, p: int) -> Json:
    """Another seat's decision in its turn: the view says only that one waits; taken to be
    the turn's first question (the action menu, the first prelude, a final greenery)."""
    if g.phase == "action":
        return {"op": "ask", "kind": "action", "on": "action"}
    if g.phase == "final_greenery":
        return {"op": "ask", "kind": "option", "on": "final_greenery",
                "options": [["greenery"], ["done"]], "open": [0, 1], "src": None,
                "labels": [{"key": "final_greenery", "plants": plant_cost(g, p)},
                           {"key": "done"}]}
    for ask in expansions.TURN_ASKS:
        found = ask(g, p)
        if found is not None:
            return found
    raise ValueError(f"seat {p} decides in phase {g.phase!r}: its question is unknown")


def _held_back(view: GameView, g: GameState, p: int) -> bool:
    """Whether seat ``p`` chose in this simultaneous step and the view holds it back."""
    pl = view["players"][p]
    if g.phase == "setup":
        return bool(pl["setup_choice"])
    if g.phase == "research":
        return bool(pl["offer"])
    return g.phase == "draft" and bool(pl["draft_hand"])


def _asks(s: Sample, g: GameState, queue: list[Json] | None) -> list[int]:
    """Fill the queues: the seat's own, the others' waiting asks; returns the seats whose
    held-back choice is to be made again."""
    own = _own_ask(s.view)
    if queue is not None:
        g.queues[s.seat] = to_dict(queue)
    elif own is not None:
        g.queues[s.seat] = [own]
    again = []
    for p in range(len(g.players)):
        if p == s.seat:
            continue
        if p in s.view["pending"]:
            g.queues[p] = [_other_ask(g, p)]
        elif g.phase in SIMULTANEOUS and _held_back(s.view, g, p):
            g.queues[p] = [_other_ask(g, p)]
            again.append(p)
    return again


def _remade(game: Game, seats: list[int], rng: random.Random) -> None:
    """The others' held-back choices made again, each by a hard bot of a sampled seed."""
    for p in seats:
        bot = Bot("hard", rng.getrandbits(62))
        while game.prompt_for(p) is not None:
            game.respond(p, bot.decide(game.view(p)))


# ---------------------------------------------------------------- the game
def sample_game(view: GameView, seat: int, rng: random.Random,
                queue: list[Json] | None = None) -> Game:
    """A game consistent with everything ``view`` (seat ``seat``'s) shows, its hidden part
    sampled by ``rng`` (the same view and rng state: the same game). ``queue``: the seat's
    own whole queue, when the caller holds it (see the module docstring)."""
    you = view.get("you")
    if you is None or you["player"] != seat:
        raise ValueError(f"a view of seat {seat} is needed (its own, with its hand)")
    shown = view["options"]
    rules = rules_for(Options(players=shown["players"], board=shown["board"],
                              expansions=list(shown["expansions"])))
    sample = Sample(view, seat, rng, rules)
    state = from_dict(GameState, _state(sample))
    rules_of(state)
    again = _asks(sample, state, queue)
    game = Game(state)
    _remade(game, again, rng)
    game.moves = []
    game.base = {"moves": 0, "state": to_dict(game.state)}  # (undo and a failed move
    return game  # replay from here, never from a new deal)


__all__ = ["PILES", "SAMPLERS", "sample_game"]
