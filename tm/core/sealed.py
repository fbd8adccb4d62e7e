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

Missing in this slice: a pile that runs out needs a joint reshuffle (a hand-off round):
:class:`ReshuffleNeeded` is raised instead.
"""
from __future__ import annotations

import re
from typing import Any

from tm.core.errors import IllegalMove, reason
from tm.core.state import GameState

WINDOW = 4  # the largest ordinary draw of one seat at once (research)
LETTERS = {"project": "p", "corporation": "c", "prelude": "r"}
DECKS = {letter: deck for deck, letter in LETTERS.items()}
FIRST = {"project": 10, "corporation": 2, "prelude": 4}  # the opening deal of each deck
_TOKEN = re.compile(r"#([pcr])(\d{1,4})")
RULE = ""  # (no printed rule: a refusal of the device layer)


class ReshuffleNeeded(RuntimeError):
    """A seat's pile of a sealed deck ran out: the discards would need a joint reshuffle
    (a hand-off round between the devices), which this slice does not build."""


def is_sealed(g: GameState) -> bool:
    """Whether ``g`` is a sealed game."""
    return bool(g.sealed)


def token(deck: str, position: int) -> str:
    """The token of ``position`` in ``deck`` (``project`` 17: ``"#p17"``)."""
    return f"#{LETTERS[deck]}{position}"


def parse(text: Any) -> tuple[str, int] | None:
    """(deck, position) of a token, or None for anything else."""
    if not isinstance(text, str) or not text.startswith("#"):
        return None
    found = _TOKEN.fullmatch(text)
    return (DECKS[found.group(1)], int(found.group(2))) if found else None


def is_token(text: Any) -> bool:
    """Whether ``text`` is a sealed card's token."""
    return parse(text) is not None


def add_deck(g: GameState, deck: str, size: int) -> list[str]:
    """Set up ``deck``'s piles (dealt round the table) and return its tokens in position
    order: the face-down deck as the state keeps it."""
    seats = g.options.players
    piles = {"seats": seats, "size": size, "window": WINDOW, "next_free": 0,
             "assigned": [[] for _ in range(seats)], "drawn": [0] * seats}
    for _ in range(FIRST[deck] + WINDOW):  # Piles.deal: dealt round the table
        for seat in range(seats):
            _reserve(piles, seat)
    g.sealed.setdefault("piles", {})[deck] = piles
    g.sealed.setdefault("shown", [])
    return [token(deck, i) for i in range(size)]


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


def draw(g: GameState, deck: str, seat: int, pile: list[str]) -> str | None:
    """The token ``seat`` draws next from ``deck`` (taken out of the face-down ``pile``);
    None when the deck is used up. Raises :class:`ReshuffleNeeded` when only a reshuffle of
    the discards could give one."""
    position = _draw_position(g.sealed["piles"][deck], seat)
    if position is None:
        if not pile:
            return None
        raise ReshuffleNeeded(f"seat {seat}'s pile of the sealed {deck} deck ran out: a "
                              "reshuffle needs a joint shuffle, not built yet")
    found = token(deck, position)
    pile.remove(found)
    return found


def opened(g: GameState, text: str) -> str | None:
    """The name behind token ``text`` if this device's dealer opens it, else None."""
    where = parse(text)
    dealer = g.dealer
    if where is None or dealer is None:
        return None
    name = dealer.open(*where)  # type: ignore[attr-defined]
    return name if isinstance(name, str) else None


def show(g: GameState, text: str, seat: int) -> str:
    """Token ``text`` shown to all by ``seat``: its name (recorded in ``shown``), or
    IllegalMove when this device has not received its keys (nothing changes)."""
    where = parse(text)
    if where is None:
        return text  # a name already shown
    name = opened(g, text)
    if name is None:
        raise IllegalMove(reason("sealed.unknown", f"the keys of card {text} have not "
                                 "arrived on this device yet", card=text), RULE)
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


def unseal(g: GameState, text: str, seat: int, *where: Any) -> str:
    """Show token ``text`` (:func:`show`) and put its name wherever the token stands in
    the containers ``where`` (lists and dicts of the state)."""
    name = show(g, text, seat)
    for container in where:
        replace_in(container, {text: name})
    return name
