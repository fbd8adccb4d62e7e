"""What the bots' determinization (:mod:`tm.bots.determinize`) must know of each expansion
to rebuild a game from a view, and what its own notation is worth to them: the bots'
counterpart of the page manifests (tm/web/expansions), and the one place in the bots that
names an expansion. The
listed ones are in :mod:`tm.bots.expansions.listed`."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tm.core.state import GameState
from tm.view_model import GameView

Json = dict[str, Any]


class Sample(Protocol):
    """What a sampler reads of the sampling under way (tm.bots.unseen.Sample)."""

    view: GameView


@dataclass(frozen=True)
class BotValues:
    """What the bots' judge values of an expansion's own notation beyond the rules every
    step follows (:mod:`tm.bots.card_steps`): its cards' named functions (custom steps)
    and its step kinds worth a fixed amount, each in MC."""

    custom_steps: Mapping[str, float] = field(default_factory=dict)
    fixed_steps: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class UnseenManifest:
    """One expansion's hidden parts, for sampling them from a view."""

    name: str
    piles: Mapping[str, str] = field(default_factory=dict)  # hidden key -> its cards' kind
    decks: Mapping[str, Callable[[tuple[str, ...]], list[str]]] = field(
        default_factory=dict)  # a kind of cards it brings -> all such cards of the sets
    samplers: Mapping[str, Callable[[Sample], Any]] = field(
        default_factory=dict)  # a key whose view is not its state -> what rebuilds it
    placed: tuple[str, ...] = ()  # keys of its view section listing cards (per seat)
    discarded_by: Mapping[str, str] = field(
        default_factory=dict)  # a log record's key -> the pile its card went to, face down
    setup_held: Mapping[str, Callable[[GameState, int], list[str]]] = field(
        default_factory=dict)  # its setup offer's name -> what a seat was dealt of it
    turn_ask: Callable[[GameState, int], Json | None] | None = None  # a seat's first
    # question of a turn it adds (None where it adds none)
    values: BotValues = BotValues()  # what its own notation is worth to the bots
