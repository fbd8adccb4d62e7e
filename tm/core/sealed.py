"""A sealed game's decks: tokens, per-seat piles and the cards shown (issue 32, item 2).

In a sealed game (``Options(sealed=True)``) no device knows the deck order: the devices
shuffle it together (:mod:`tm.fairdeck`), so the game's RNG never shuffles a deck. Card
index ``i`` of a deck is the ``i``-th name of its canonical list (``project_deck(sets)``,
``corporation_deck(sets)``, ``prelude_deck(sets)``); a secret permutation puts some card
at each position. Who draws which position is public: per deck, the seats' piles, kept as
plain data in ``g.sealed["piles"]`` with the fields and the semantics of
:class:`tm.fairdeck.Piles` (a window of :data:`WINDOW`, the opening deal first; the same
reservations: tests/engine/test_sealed.py). The few lines are repeated here rather than
imported: the page's download leaves ``tm.fairdeck`` out until the device layer needs it.

The state holds a token (``"#p17"``: deck letter and position) for every card not yet
shown to all, on every device, its owner's included, so the state, saves and checksums are
the same everywhere. A name enters the state only when the card is shown to all
(:func:`show`: a project card played, the corporations and preludes at the setup reveal, a
public reveal from the deck); each show appends ``[deck, position, name, seat]`` to
``g.sealed["shown"]`` (the device layer publishes the keys of those positions).

A deck's discards reshuffled make a new **generation** of it (:func:`draw`): a deck of
its own (``"project/2"``, tokens ``"#p2.17"``; the first generation keeps ``"#p17"``)
whose positions hold the discards, in their public order, under new tokens (a shown
discard hides again), with fresh piles. It opens inside the move that needs it, the same on
every device; the devices then shuffle it together (an unlock round and a shuffle, the
device layer) and its cards read once that round and the key parts are in. The sources of
each generation, ``[deck, position]`` per card, are kept in ``g.sealed["reshuffles"]``.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from tm.core.contract import Choice, Response, plays_now, response_of
from tm.core.dealer import Dealer
from tm.core.errors import IllegalMove, reason
from tm.core.ledger import log
from tm.core.state import GameState

WINDOW = 4  # the largest ordinary draw of one seat at once (research)
LETTERS = {"project": "p", "corporation": "c", "prelude": "r"}
DECKS = {letter: deck for deck, letter in LETTERS.items()}
FIRST = {"project": 10, "corporation": 2, "prelude": 4}  # the opening deal of each deck
_TOKEN = re.compile(r"#([pcr])(?:([2-9]|[1-9]\d)\.)?(\d{1,4})")
MAX_GENERATIONS = 85  # a generation's deck id on the wire is one byte (tm.fairdeck.wire)
RULE = ""  # (no printed rule: a refusal of the device layer)


class Unreadable(IllegalMove):
    """A card shown that this device cannot read yet (``sealed.unknown``). The move is
    refused and the state rolled back, so the error keeps where the move stood when it
    stopped: the piles, the cards it had shown and the generations opened (plain data,
    copies), and the card it could not read, ``(deck, position, seat)``. The device layer
    sends from them the key parts that the move needs (docs/fair-deck.md, "Reveals past
    the window")."""

    def __init__(self, message: str, g: GameState, deck: str, position: int,
                 seat: int) -> None:
        super().__init__(message, RULE)
        self.card = (deck, position, seat)
        self.piles: dict[str, Any] = copy.deepcopy(g.sealed["piles"])
        self.shown: list[list[Any]] = [list(entry) for entry in g.sealed["shown"]]
        self.reshuffles: dict[str, Any] = copy.deepcopy(g.sealed.get("reshuffles", {}))


def token(deck: str, position: int) -> str:
    """The token of ``position`` in ``deck`` (``project`` 17: ``"#p17"``; its second
    generation ``project/2``: ``"#p2.17"``)."""
    base, _, generation = deck.partition("/")
    return f"#{LETTERS[base]}{generation + '.' if generation else ''}{position}"


def parse(text: Any) -> tuple[str, int] | None:
    """(deck, position) of a token, or None for anything else; the deck of a later
    generation is ``"project/2"``."""
    if not isinstance(text, str) or not text.startswith("#"):
        return None
    found = _TOKEN.fullmatch(text)
    if found is None:
        return None
    generation = found.group(2)
    base = DECKS[found.group(1)]
    return (f"{base}/{generation}" if generation else base), int(found.group(3))


def base_of(deck: str) -> str:
    """The deck a generation belongs to (``"project/2"``: ``"project"``)."""
    return deck.partition("/")[0]


def generations(g: GameState, deck: str) -> list[str]:
    """The generations of ``deck`` in order (``["project", "project/2"]``)."""
    found, piles = [deck], g.sealed.get("piles", {})
    while f"{deck}/{len(found) + 1}" in piles:
        found.append(f"{deck}/{len(found) + 1}")
    return found


def is_token(text: Any) -> bool:
    """Whether ``text`` is a sealed card's token."""
    return parse(text) is not None


def add_deck(g: GameState, deck: str, size: int) -> list[str]:
    """Set up ``deck``'s piles (dealt round the table) and return its tokens in position
    order: the face-down deck as the state keeps it."""
    g.sealed.setdefault("piles", {})[deck] = _deal(g.options.players, size, FIRST[deck])
    g.sealed.setdefault("shown", [])
    return [token(deck, i) for i in range(size)]


def _deal(seats: int, size: int, first: int) -> dict[str, Any]:
    """Piles.deal: ``first + WINDOW`` positions each, dealt round the table."""
    piles = {"seats": seats, "size": size, "window": WINDOW, "next_free": 0,
             "assigned": [[] for _ in range(seats)], "drawn": [0] * seats}
    for _ in range(first + WINDOW):
        for seat in range(seats):
            _reserve(piles, seat)
    return piles


def _reserve(piles: dict[str, Any], seat: int) -> None:
    if piles["next_free"] < piles["size"]:
        piles["assigned"][seat].append(piles["next_free"])
        piles["next_free"] += 1


def _undrawn(piles: dict[str, Any], seat: int) -> list[int]:
    found: list[int] = piles["assigned"][seat][piles["drawn"][seat]:]
    return found


def _draw_position(piles: dict[str, Any], seat: int) -> int | None:
    """Piles.draw: the position ``seat`` draws next, its pile topped up (None: empty)."""
    if not _undrawn(piles, seat):
        return None
    position: int = piles["assigned"][seat][piles["drawn"][seat]]
    piles["drawn"][seat] += 1
    while len(_undrawn(piles, seat)) < piles["window"] and piles["next_free"] < piles["size"]:
        _reserve(piles, seat)
    return position


def draw(g: GameState, deck: str, seat: int, pile: list[str],
         discard: list[str] | None = None) -> str | None:
    """The token ``seat`` draws next from ``deck`` (taken out of the face-down ``pile``),
    from the oldest generation where its pile holds a position; None when the deck and
    the ``discard`` pile are used up. When the seat's piles are empty, the discards become
    a new generation (:func:`reshuffle`) at once; and so they do, ahead, once the newest
    generation has no free position left and the discards hold a window per seat, so
    that the devices shuffle it before anyone needs to read it."""
    piles = g.sealed["piles"]
    label = next((label for label in generations(g, deck) if _undrawn(piles[label], seat)),
                 None)
    if label is None and discard:
        label = reshuffle(g, deck, pile, discard)
    if label is None:
        return None
    position = _draw_position(piles[label], seat)
    assert position is not None  # (the generation was chosen for its undrawn position)
    found = token(label, position)
    pile.remove(found)
    newest = piles[generations(g, deck)[-1]]
    if (discard is not None and newest["next_free"] >= newest["size"]
            and len(discard) >= g.options.players * WINDOW):
        reshuffle(g, deck, pile, discard)
    return found


def reshuffle(g: GameState, deck: str, pile: list[str], discard: list[str]) -> str | None:
    """The discards, in their public order, as the next generation of ``deck``: its
    label (None past :data:`MAX_GENERATIONS`). Its tokens join the face-down ``pile``, its
    piles are dealt a window each, and its sources are recorded for the device layer."""
    label = f"{deck}/{len(generations(g, deck)) + 1}"
    if len(generations(g, deck)) >= MAX_GENERATIONS:
        return None
    sources = [_source(g, deck, card) for card in discard]
    discard.clear()
    g.sealed["piles"][label] = _deal(g.options.players, len(sources), 0)
    g.sealed.setdefault("reshuffles", {})[label] = sources
    pile.extend(token(label, i) for i in range(len(sources)))
    return label


def _source(g: GameState, deck: str, card: str) -> list[Any]:
    """``[deck, position]`` of a discarded card: its token's, or for a card shown (a
    name), the position it was last shown from."""
    where = parse(card)
    if where is not None:
        return [where[0], where[1]]
    for shown_deck, position, name, _seat in reversed(g.sealed["shown"]):
        if name == card and base_of(shown_deck) == deck:
            return [shown_deck, position]
    raise ValueError(f"the discarded card {card} never came from the sealed {deck} deck")


def opened(dealer: Dealer | None, text: str) -> str | None:
    """The name behind token ``text`` if ``dealer`` (a device's) opens it, else None."""
    where = parse(text)
    if where is None or dealer is None:
        return None
    name = dealer.open(*where)
    return name if isinstance(name, str) else None


def show(g: GameState, text: str, seat: int, dealer: Dealer | None) -> str:
    """Token ``text`` shown to all by ``seat``: its name (recorded in ``shown``), or
    IllegalMove when this device (its ``dealer``) has not received its keys (nothing
    changes)."""
    where = parse(text)
    if where is None:
        return text  # a name already shown
    name = opened(dealer, text)
    if name is None:
        raise Unreadable(reason("sealed.unknown", f"the keys of card {text} have not "
                                "arrived on this device yet", card=text), g, *where, seat)
    g.sealed["shown"].append([where[0], where[1], name, seat])
    return name


def replaced(value: Any, names: dict[str, str]) -> Any:
    """``value`` (plain data) with each string in ``names`` replaced by its entry."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [replaced(item, names) for item in value]
    if isinstance(value, dict):
        return {key: replaced(item, names) for key, item in value.items()}
    return value


def replace_in(value: Any, names: dict[str, str]) -> None:
    """Replace, in place, each string in ``names`` found in the lists and dicts of
    ``value`` by its entry."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in list(items):
        if isinstance(item, str):
            if item in names:
                value[key] = names[item]
        elif isinstance(item, (list, dict)):
            replace_in(item, names)


def unseal(g: GameState, dealer: Dealer | None, text: str, seat: int, *where: Any) -> str:
    """Show token ``text`` (:func:`show`) and put its name wherever the token stands in
    the containers ``where`` (lists and dicts of the state)."""
    name = show(g, text, seat, dealer)
    for container in where:
        replace_in(container, {text: name})
    return name


# ---------------------------------------------------------------- a card shown by a move
def _shows(g: GameState, p: int, response: Response) -> bool:
    if response.get("type") == "play_card":
        return True
    queue = g.queues[p] if 0 <= p < len(g.queues) else []
    purpose = str(queue[0].get("on")) if queue else ""
    return response.get("type") == "card" and (plays_now(purpose)
                                               or purpose == "play_from_hand")


Undo = Callable[[], None]
# a response as the rules take it, the way to take its show back, {name: token} to record
Shown = tuple[Choice | Response, Undo | None, dict[str, str]]


def show_response(g: GameState, dealer: Dealer | None, p: int,
                  answer: Choice | Response) -> Shown:
    """A response of seat ``p`` that shows a sealed card, with the card named: the name put
    in the state (the seat's hand, its decision, the expansions' sections) and the show
    recorded; with it the way to take that back and {name: token} to record the move with.
    Any other response as it is. IllegalMove (nothing changed) when this device (its
    ``dealer``) cannot open the card."""
    response = response_of(answer)
    if not isinstance(response, dict) or not is_token(response.get("card")):
        return answer, None, {}
    if not _shows(g, p, response):
        return answer, None, {}
    text = str(response["card"])
    where = [g.players[p].hand, g.queues[p], g.ext] if 0 <= p < len(g.players) else []
    name = unseal(g, dealer, text, p, *where)

    def undo() -> None:
        g.sealed["shown"].pop()
        for container in where:
            replace_in(container, {name: text})
    return {**response, "card": name}, undo, {name: text}


# ---------------------------------------------------------------- the sealed deal
_HELD = ("hand", "offer", "dealt_corps", "draft_hand", "drafted", "setup_choice")


class SealedDeal:
    """A sealed game's :class:`~tm.core.dealing.Deal`: tokens in the seats' piles, shown
    through one device's ``dealer`` (None: a device that reads nothing)."""

    def __init__(self, dealer: Dealer | None) -> None:
        self.dealer = dealer

    def with_dealer(self, dealer: Dealer | None) -> SealedDeal:
        return SealedDeal(dealer)

    def face_down(self, g: GameState, deck: str, cards: list[str]) -> list[str]:
        return add_deck(g, deck, len(cards))

    def draw(self, g: GameState, deck: str, seat: int, pile: list[str],
             discard: list[str] | None = None) -> str | None:
        before = generations(g, deck)
        found = draw(g, deck, seat, pile, discard)
        if deck == "project":
            for label in generations(g, deck)[len(before):]:
                log(g, "reshuffle", size=g.sealed["piles"][label]["size"])
        return found

    def show(self, g: GameState, text: str, seat: int) -> str:
        return show(g, text, seat, self.dealer)

    def shown_response(self, g: GameState, p: int,
                       answer: Choice | Response) -> Shown:
        return show_response(g, self.dealer, p, answer)

    def readable(self, text: str) -> bool:
        return not is_token(text)

    def hand_unread(self, g: GameState, p: int) -> bool:
        return any(is_token(name) for name in g.players[p].hand)

    def names(self, g: GameState) -> dict[str, str]:
        found: list[str] = []
        for container in containers(g):
            _tokens(container, found)
        names: dict[str, str] = {}
        for text in found:
            name = opened(self.dealer, text)
            if name is not None:
                names[text] = name
        return names


def containers(g: GameState) -> list[object]:
    """Where a sealed state keeps cards a device may read: the seats' own fields, the
    decisions waiting and the expansions' sections."""
    return [*(getattr(pl, name) for pl in g.players for name in _HELD), g.queues, g.ext]


def _tokens(value: object, found: list[str]) -> None:
    if isinstance(value, str):
        if is_token(value):
            found.append(value)
    elif isinstance(value, list):
        for item in value:
            _tokens(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _tokens(item, found)
