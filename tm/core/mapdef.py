"""Map data: the Mars boards as immutable records, and the registry of maps by name.

The records are the core's vocabulary (a game's :class:`tm.core.ruleset.Rules` holds its
map); the maps this engine ships are listed in :mod:`tm.board.maps`, which registers them
here (:func:`register`) in the order players are offered them. A map module
(``tm/board/maps/tharsis.py``, ``elysium.py``, ...) is data only: it writes its spaces in
the compact notation of :mod:`tm.board.maps.geometry` and defines a :class:`MapDef` with
its own milestones and awards (each a :class:`Measure` as data, counted by
:mod:`tm.rules.measures`), its global-parameter goals and its track bonuses. Neighbours
are computed from the hex geometry, never written by hand. Nothing compares a board's
name: the engine asks the game's map (``rules_of(g).map``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

SPACE_KINDS = ("land", "ocean", "offmap", "restricted")  # restricted: no tile, ever
# A placement bonus per printed icon (R-TILE-5, R-MAP-1). Resources go to the placing player;
# any_resource is one standard resource of their choice; animal and microbe go onto one of
# their cards that holds them; card draws a card.
BONUS_KINDS = ("steel", "titanium", "plants", "heat", "energy", "megacredits", "card",
               "any_resource", "animal", "microbe")
PARAMETERS = ("temperature", "oxygen", "oceans")
# What a track bonus or a special space gives the player who reached or used it:
# +1 heat or plant production, an ocean to place, a temperature step, a card.
GAINS = ("heat_production", "plant_production", "ocean", "temperature", "card")


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a board (ids "01".."02" off-map, "03".. on Mars, top row first).

    ``cost`` is the MC its user pays while ``effect`` (one of :data:`GAINS`) can still
    happen, or always when it has no effect (R-MAP-3).
    """

    id: str
    row: int
    x: int
    kind: str  # one of SPACE_KINDS
    volcanic: bool = False
    bonus: tuple[str, ...] = ()  # BONUS_KINDS, once per printed icon
    reserved_for: str | None = None  # card name that alone may use this space (R-MAP-2)
    name: str | None = None
    neighbors: tuple[str, ...] = ()  # clockwise from the top-left
    cost: int = 0
    effect: str | None = None


@dataclass(frozen=True, slots=True)
class Goal:
    """A global parameter's track: where it starts, its goal, and one step's size."""

    start: int
    max: int
    step: int = 1

    @property
    def steps(self) -> int:
        """How many steps lie between the start and the goal."""
        return (self.max - self.start) // self.step


@dataclass(frozen=True, slots=True)
class TrackBonus:
    """Reaching ``at`` on the ``param`` track gives its raiser ``gain`` (R-GLOB-3/4, R-MAP-4)."""

    param: str
    at: int
    gain: str


STANDARD_GOALS: Mapping[str, Goal] = MappingProxyType({  # R-GLOB-1
    "temperature": Goal(-30, 8, 2),
    "oxygen": Goal(0, 14, 1),
    "oceans": Goal(0, 9, 1),
})
STANDARD_TRACK_BONUSES: tuple[TrackBonus, ...] = (
    TrackBonus("temperature", -24, "heat_production"),  # R-GLOB-3
    TrackBonus("temperature", -20, "heat_production"),
    TrackBonus("temperature", 0, "ocean"),
    TrackBonus("oxygen", 8, "temperature"),  # R-GLOB-4
)


CITY_TILES = frozenset({"city", "capital"})  # tiles that count as cities (R-TILE)
CITIES = tuple(sorted(CITY_TILES))
PROJECTS = ("automated", "active")  # green and blue cards


@dataclass(frozen=True, slots=True)
class Measure:
    """What a milestone or award counts for a player (see the module docstring)."""

    count: str
    of: tuple[str, ...] = ()
    where: str | None = None  # tile counts: only spaces passing this filter
    rows: tuple[int, ...] = ()  # tile counts: only spaces in these rows of Mars (0 = top)
    min_cost: int = 0  # card counts: only cards printed at this cost or more


@dataclass(frozen=True, slots=True)
class Milestone:
    """A milestone: claimable once its measure reaches the threshold (R-ACT-3), and only in
    a game with the expansion it ``requires`` (Lobbyist: Turmoil, which we do not have)."""

    name: str
    measure: Measure
    threshold: int
    requires: str | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """An award: the players with the highest measure score (R-MA-3)."""

    name: str
    measure: Measure


@dataclass(frozen=True, slots=True, eq=False)
class MapDef:
    """A board: spaces in id order, milestones and awards, goals and track bonuses.

    ``name`` is what ``Options(board=...)`` and saves say; ``title`` is the name players
    see. ``solo_extra_generations`` lengthens a solo game on this map (R-SOLO-3, R-MAP-4).
    """

    name: str
    spaces: Mapping[str, Space]
    milestones: tuple[Milestone, ...]  # its own, measured as data (R-MA-1, R-MAP-1)
    awards: tuple[Award, ...]
    goals: Mapping[str, Goal]  # per parameter: start, goal, step size
    track_bonuses: tuple[TrackBonus, ...]
    title: str = ""
    solo_extra_generations: int = 0

    def __post_init__(self) -> None:
        freeze = object.__setattr__  # frozen: store read-only copies of what was passed
        freeze(self, "spaces", MappingProxyType(dict(self.spaces)))
        freeze(self, "goals", MappingProxyType({p: self.goals[p] for p in PARAMETERS}))
        freeze(self, "milestones", tuple(self.milestones))
        freeze(self, "awards", tuple(self.awards))
        freeze(self, "track_bonuses", tuple(self.track_bonuses))
        check(self)

    @property
    def milestone_names(self) -> tuple[str, ...]:
        """Its milestones' names, in printed order."""
        return tuple(m.name for m in self.milestones)

    @property
    def award_names(self) -> tuple[str, ...]:
        """Its awards' names, in printed order."""
        return tuple(a.name for a in self.awards)

    @property
    def mars_ids(self) -> list[str]:
        """Ids of the spaces on Mars (not off-map), top row first."""
        return [sid for sid, sp in self.spaces.items() if sp.kind != "offmap"]

    @property
    def has_volcanic(self) -> bool:
        """Whether any space is volcanic (Hellas has none)."""
        return any(sp.volcanic for sp in self.spaces.values())

    @property
    def row_lengths(self) -> tuple[int, ...]:
        """How many Mars spaces each row holds, top row first."""
        rows = [sp.row for sp in self.spaces.values() if sp.kind != "offmap"]
        return tuple(rows.count(y) for y in range(max(rows) + 1))


def check(m: MapDef) -> None:
    """Refuse a map whose data names unknown kinds, spaces, parameters or gains."""
    for sp in m.spaces.values():
        unknown = [b for b in sp.bonus if b not in BONUS_KINDS]
        if sp.kind not in SPACE_KINDS or unknown or (sp.effect and sp.effect not in GAINS):
            raise ValueError(f"{m.name}: space {sp.id} has an unknown kind, bonus or effect")
        if any(n not in m.spaces for n in sp.neighbors) or sp.cost < 0:
            raise ValueError(f"{m.name}: space {sp.id} has a bad neighbour or cost")
    for bonus in m.track_bonuses:
        if bonus.param not in PARAMETERS or bonus.gain not in GAINS:
            raise ValueError(f"{m.name}: bad track bonus {bonus}")
    for param, goal in m.goals.items():
        if goal.step <= 0 or (goal.max - goal.start) % goal.step:
            raise ValueError(f"{m.name}: {param} goal {goal} is not a whole number of steps")
    if m.solo_extra_generations < 0:
        raise ValueError(f"{m.name}: a solo game cannot be shortened by the map")


_MAPS: dict[str, MapDef] = {}
MAPS: Mapping[str, MapDef] = MappingProxyType(_MAPS)  # read-only view of the registry


def register(map_def: MapDef) -> MapDef:
    """Add a map to the registry under its name; a second map of that name raises."""
    if map_def.name in _MAPS:
        raise ValueError(f"a map called {map_def.name!r} is registered already")
    _MAPS[map_def.name] = map_def
    return map_def


def get_map(name: str) -> MapDef:
    """The registered map called ``name`` (KeyError if there is none)."""
    return _MAPS[name]
