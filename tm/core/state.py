"""Game state as plain data: dataclasses of ints, strings, lists and dicts.

Everything here serializes to JSON without loss through one generic
:func:`to_dict` / :func:`from_dict` pair. Cards are referred to by name,
players by index and spaces by id; nothing here has behaviour beyond access.
"""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tm.core.rng import Rng

RESOURCES: tuple[str, ...] = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
NEUTRAL = -1  # owner of the solo game's neutral tiles


def zero_resources() -> dict[str, int]:
    """A fresh {resource: 0} mapping in the canonical order."""
    return dict.fromkeys(RESOURCES, 0)


@dataclass(slots=True)
class Options:
    """How a game is set up. Serializes as a plain dict in saves and links."""

    players: int = 2
    seed: int = 0
    expansions: list[str] = field(default_factory=lambda: ["corpera"])  # see tm/expansions
    draft: bool = False
    board: str = "tharsis"
    names: list[str] = field(default_factory=list)
    beginners: list[int] = field(default_factory=list)  # players using the beginner corporation
    first_player: int | None = None  # None: drawn at random (R-SETUP-5)
    strict_undo: bool = False  # solo: undo stops at revealed cards, as with several players
    bots: list[str] = field(default_factory=list)  # per seat: a bot level, or "" for a person
    bot_seed: int = 0  # the bots' own randomness (never the game's seed: bots must not know it)


@dataclass(slots=True)
class PlayerState:
    """One player's resources, production, cards and per-generation flags."""

    index: int
    name: str
    corporation: str | None = None
    res: dict[str, int] = field(default_factory=zero_resources)
    prod: dict[str, int] = field(default_factory=zero_resources)
    tr: int = 20
    hand: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)  # automated and active cards, in play order
    events: list[str] = field(default_factory=list)  # played events, face down
    card_res: dict[str, int] = field(default_factory=dict)  # resources on cards, by card name
    used_actions: list[str] = field(default_factory=list)  # blue actions used this generation
    dealt_corps: list[str] = field(default_factory=list)
    setup_choice: dict[str, Any] = field(default_factory=dict)  # secret until all have chosen
    offer: list[str] = field(default_factory=list)  # cards on offer to buy (setup, research)
    draft_hand: list[str] = field(default_factory=list)
    drafted: list[str] = field(default_factory=list)
    first_action_due: bool = False
    tr_raised_gen: int = 0  # last generation in which this player's TR rose
    next_card: list[str] = field(default_factory=list)  # one-shot modifiers for the next card
    next_card_gen: int = 0
    passed: bool = False


@dataclass(slots=True)
class GameState:
    """The whole game: parameters, board, deck, players and the decision queues."""

    options: Options
    rng: Rng
    phase: str = "setup"
    generation: int = 1
    first_player: int = 0
    active: int = 0
    actions_this_turn: int = 0
    temperature: int = -30
    oxygen: int = 0
    oceans: int = 0
    board: dict[str, dict[str, Any]] = field(default_factory=dict)  # space id: {tile, owner}
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    corp_deck: list[str] = field(default_factory=list)
    players: list[PlayerState] = field(default_factory=list)
    milestones: list[list[Any]] = field(default_factory=list)  # [name, player] in claim order
    awards: list[list[Any]] = field(default_factory=list)  # [name, player] in funding order
    queues: list[list[dict[str, Any]]] = field(default_factory=list)  # per player
    draft_round: int = 0
    reveals: int = 0  # advances whenever something hidden is shown to someone
    log: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    final_greenery: list[int] = field(default_factory=list)  # players still converting
    ext: dict[str, Any] = field(default_factory=dict)  # each expansion's own section, by name


S = TypeVar("S")


_PLAIN = frozenset({str, int, float, bool, type(None), tuple})  # returned as they are
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def to_dict(obj: Any) -> Any:
    """A JSON-ready copy of a state object (dataclasses become dicts). Dispatched on the
    exact type first: views and saves copy the whole state, most of it plain values."""
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    if kind is list:
        return [item if type(item) in _PLAIN else to_dict(item) for item in obj]
    if kind is dict:
        return {key: value if type(value) in _PLAIN else to_dict(value)
                for key, value in obj.items()}
    names = _FIELD_NAMES.get(kind)
    if names is None:
        if not (dataclasses.is_dataclass(obj) and not isinstance(obj, type)):
            return _other_to_dict(obj)
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(obj))
    return {name: to_dict(getattr(obj, name)) for name in names}


def _other_to_dict(obj: Any) -> Any:
    """Subclasses of list and dict, and anything else (kept as it is)."""
    if isinstance(obj, list):
        return [to_dict(item) for item in obj]
    if isinstance(obj, dict):
        return {key: to_dict(value) for key, value in obj.items()}
    return obj


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _convert(hint: Any, value: Any) -> Any:
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return from_dict(typing.cast(type, hint), value)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is list and args and isinstance(args[0], type) and dataclasses.is_dataclass(args[0]):
        item_type: type = args[0]
        return [from_dict(item_type, item) for item in value]
    if origin in (list, dict) or hint is Any:
        return _deep_copy(value)
    return value


def _deep_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_deep_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: _deep_copy(item) for key, item in value.items()}
    return value


def from_dict(cls: type[S], data: dict[str, Any]) -> S:
    """Rebuild a state object of type ``cls`` from :func:`to_dict` output."""
    hints = _hints(cls)
    kwargs = {name: _convert(hints[name], value) for name, value in data.items() if name in hints}
    return cls(**kwargs)
