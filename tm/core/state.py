"""Game state as plain data: dataclasses of ints, strings, lists and dicts.

Everything here serializes to JSON without loss through one generic
:func:`to_dict` / :func:`from_dict` pair. Cards are referred to by name,
players by index and spaces by id; nothing here has behaviour beyond access.
"""
from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from tm.core.rng import Rng

RESOURCES: tuple[str, ...] = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
NEUTRAL = -1  # owner of the solo game's neutral tiles


def zero_resources() -> dict[str, int]:
    """A fresh {resource: 0} mapping in the canonical order."""
    return dict.fromkeys(RESOURCES, 0)


# Who sees a field through ``view()`` (tm/view.py copies only what these marks allow, and a
# test fails on a field of these dataclasses without one): everyone, its owner only (a
# player's own field; in a list with one entry per seat, each seat its own) or nobody. With
# ``count`` the others still see how many items it holds (a hand's size; a face-down pile's).
Seen = Literal["public", "owner", "secret"]


def seen(who: Seen, count: bool = False) -> Mapping[str, Any]:
    """A field's metadata saying who sees it through ``view()`` (see above)."""
    return MappingProxyType({"seen": who, "count": count})


PUBLIC = seen("public")
OWNER = seen("owner", count=True)  # the others see how many it holds
SECRET = seen("secret")
FACE_DOWN = seen("secret", count=True)  # a pile nobody reads: everyone sees how many
# A public field that :func:`to_dict` and ``view()`` leave out while it is empty or False: one
# added after saves were made (a sealed game's), so that the saves, links and checksums of
# games without it stay as they were.
PUBLIC_IF_SET = MappingProxyType({"seen": "public", "count": False, "if_set": True})


@dataclass(slots=True)
class Options:
    """How a game is set up. Serializes as a plain dict in saves and links."""

    players: int = field(default=2, metadata=PUBLIC)
    seed: int = field(default=0, metadata=SECRET)  # fixes every hand and the deck order
    expansions: list[str] = field(default_factory=lambda: ["corpera"],
                                  metadata=PUBLIC)  # see tm/expansions
    draft: bool = field(default=False, metadata=PUBLIC)
    board: str = field(default="tharsis", metadata=PUBLIC)
    names: list[str] = field(default_factory=list, metadata=PUBLIC)
    # players using the beginner corporation
    beginners: list[int] = field(default_factory=list, metadata=PUBLIC)
    # None: drawn at random (R-SETUP-5)
    first_player: int | None = field(default=None, metadata=PUBLIC)
    # solo: undo stops at revealed cards, as with several players
    strict_undo: bool = field(default=False, metadata=PUBLIC)
    # per seat: a bot level, or "" for a person
    bots: list[str] = field(default_factory=list, metadata=PUBLIC)
    # the bots' own randomness (never the game's seed: bots must not know it)
    bot_seed: int = field(default=0, metadata=SECRET)
    # secret hands across devices: the state holds tokens for unshown cards (tm.core.sealed)
    sealed: bool = field(default=False, metadata=PUBLIC_IF_SET)


@dataclass(slots=True)
class PlayerState:
    """One player's resources, production, cards and per-generation flags."""

    index: int = field(metadata=PUBLIC)
    name: str = field(metadata=PUBLIC)
    corporation: str | None = field(default=None, metadata=PUBLIC)  # set at the setup reveal
    res: dict[str, int] = field(default_factory=zero_resources, metadata=PUBLIC)
    prod: dict[str, int] = field(default_factory=zero_resources, metadata=PUBLIC)
    tr: int = field(default=20, metadata=PUBLIC)
    hand: list[str] = field(default_factory=list, metadata=OWNER)
    # automated and active cards, in play order
    played: list[str] = field(default_factory=list, metadata=PUBLIC)
    # played events, face down (their names are public: each was played in the open)
    events: list[str] = field(default_factory=list, metadata=PUBLIC)
    # resources on cards, by card name
    card_res: dict[str, int] = field(default_factory=dict, metadata=PUBLIC)
    # blue actions used this generation
    used_actions: list[str] = field(default_factory=list, metadata=PUBLIC)
    dealt_corps: list[str] = field(default_factory=list, metadata=OWNER)
    # secret until all have chosen
    setup_choice: dict[str, Any] = field(default_factory=dict, metadata=OWNER)
    # cards on offer to buy (setup, research)
    offer: list[str] = field(default_factory=list, metadata=OWNER)
    draft_hand: list[str] = field(default_factory=list, metadata=OWNER)
    drafted: list[str] = field(default_factory=list, metadata=OWNER)
    first_action_due: bool = field(default=False, metadata=PUBLIC)
    # last generation in which this player's TR rose
    tr_raised_gen: int = field(default=0, metadata=PUBLIC)
    # one-shot modifiers for the next card
    next_card: list[str] = field(default_factory=list, metadata=PUBLIC)
    next_card_gen: int = field(default=0, metadata=PUBLIC)
    passed: bool = field(default=False, metadata=PUBLIC)


@dataclass(slots=True)
class GameState:
    """The whole game: parameters, board, deck, players and the decision queues."""

    options: Options = field(metadata=PUBLIC)  # each option by its own mark
    rng: Rng = field(metadata=SECRET)
    phase: str = field(default="setup", metadata=PUBLIC)
    generation: int = field(default=1, metadata=PUBLIC)
    first_player: int = field(default=0, metadata=PUBLIC)
    active: int = field(default=0, metadata=PUBLIC)
    actions_this_turn: int = field(default=0, metadata=PUBLIC)
    temperature: int = field(default=-30, metadata=PUBLIC)
    oxygen: int = field(default=0, metadata=PUBLIC)
    oceans: int = field(default=0, metadata=PUBLIC)
    # space id: {tile, owner}
    board: dict[str, dict[str, Any]] = field(default_factory=dict, metadata=PUBLIC)
    deck: list[str] = field(default_factory=list, metadata=FACE_DOWN)
    discard: list[str] = field(default_factory=list, metadata=FACE_DOWN)  # face down in print
    corp_deck: list[str] = field(default_factory=list, metadata=FACE_DOWN)
    # each player by the marks of PlayerState
    players: list[PlayerState] = field(default_factory=list, metadata=PUBLIC)
    # [name, player] in claim order
    milestones: list[list[Any]] = field(default_factory=list, metadata=PUBLIC)
    # [name, player] in funding order
    awards: list[list[Any]] = field(default_factory=list, metadata=PUBLIC)
    # per player: its owner sees the decision at the head, the others only that one waits
    queues: list[list[dict[str, Any]]] = field(default_factory=list, metadata=seen("owner"))
    draft_round: int = field(default=0, metadata=PUBLIC)
    # advances whenever something hidden is shown to someone
    reveals: int = field(default=0, metadata=PUBLIC)
    # (another seat's choice in research or a draft round shows once all have chosen:
    # tm/simultaneous.py)
    log: list[dict[str, Any]] = field(default_factory=list, metadata=PUBLIC)
    over: bool = field(default=False, metadata=PUBLIC)
    # players still converting
    final_greenery: list[int] = field(default_factory=list, metadata=PUBLIC)
    # each expansion's own section, by name; its keys marked by its manifest's ``seen``
    ext: dict[str, Any] = field(default_factory=dict, metadata=PUBLIC)
    # a sealed game's piles and shown cards (tm.core.sealed); empty in a seeded game
    sealed: dict[str, Any] = field(default_factory=dict, metadata=PUBLIC_IF_SET)
    # the rules it is played by (tm.core.ruleset.rules_of: built from the options when first
    # asked); never saved, copied out or shown: it follows from the options
    ruled: object = field(default=None, init=False, repr=False, compare=False, metadata=SECRET)


S = TypeVar("S")


_PLAIN = frozenset({str, int, float, bool, type(None), tuple})  # returned as they are
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_IF_SET: dict[type, frozenset[str]] = {}  # fields left out while empty (PUBLIC_IF_SET)


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
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(obj) if f.init)
        _IF_SET[kind] = frozenset(f.name for f in dataclasses.fields(obj)
                                  if f.metadata.get("if_set"))
    optional = _IF_SET[kind]
    if optional:
        return {name: to_dict(getattr(obj, name)) for name in names
                if name not in optional or getattr(obj, name)}
    return {name: to_dict(getattr(obj, name)) for name in names}


def _other_to_dict(obj: Any) -> Any:
    """Subclasses of list and dict, and anything else (kept as it is)."""
    if isinstance(obj, list):
        return [to_dict(item) for item in obj]
    if isinstance(obj, dict):
        return {key: to_dict(value) for key, value in obj.items()}
    return obj


def left_out(obj: Any, name: str) -> bool:
    """Whether :func:`to_dict` leaves field ``name`` of ``obj`` out (PUBLIC_IF_SET, unset)."""
    kind = type(obj)
    if kind not in _IF_SET:
        _IF_SET[kind] = frozenset(f.name for f in dataclasses.fields(obj)
                                  if f.metadata.get("if_set"))
    return name in _IF_SET[kind] and not getattr(obj, name)


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
