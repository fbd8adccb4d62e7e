"""The card notation: a frozen record per card and a small step vocabulary.

A card's behaviour is data: lists of *steps* (``prod``, ``gain``, ``ocean``,
``city``, ``draw``, ``choose`` ...) run by one interpreter (``tm.vocab.kinds``),
*requirements* checked when it is played, and *ongoing effects* (triggers,
discounts, static rule changes) read by the engine where they apply. Steps,
requirements and effects are plain dicts, so any of them can sit in a queue
that is saved as JSON. A card that needs more names a ``custom`` step, whose
function lives in ``tm/vocab/custom.py`` (or an expansion's ``custom.py``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tm.core.contract import Step as Step  # (the notation's step, named in the core)
from tm.core.frozen import freeze

Effect = Mapping[str, Any]
Req = Mapping[str, Any]
Amount = int | Mapping[str, Any]

TAGS: tuple[str, ...] = (
    "building", "space", "science", "power", "earth", "jovian",
    "plant", "microbe", "animal", "city", "event", "wild",
)
WILD = "wild"  # stands in for any one tag when tags are counted (not for triggers or awards)
PROJECT_TYPES: tuple[str, ...] = ("automated", "active", "event")
PRELUDE_TYPE = "prelude"  # the card type; the expansion of that name is a manifest


@dataclass(frozen=True, slots=True)
class Card:
    """A card definition. ``type`` is automated, active, event, corporation or prelude."""

    name: str
    number: str
    set: str
    type: str
    cost: int = 0
    tags: tuple[str, ...] = ()
    requires: tuple[Req, ...] = ()
    vp: Amount | None = None
    resource: str | None = None
    play: tuple[Step, ...] = ()
    action: tuple[Step, ...] = ()
    effects: tuple[Effect, ...] = ()
    starting_mc: int = 0
    first_action: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        unknown = [tag for tag in self.tags if tag not in TAGS]
        if unknown:  # a misspelt tag would silently count for nothing
            raise ValueError(f"{self.name}: unknown tags {unknown}; tags are {', '.join(TAGS)}")
        # Definitions are shared by every game in the process: make them read-only.
        for name in ("tags", "requires", "vp", "play", "action", "effects", "first_action"):
            object.__setattr__(self, name, freeze(getattr(self, name)))

    @property
    def is_event(self) -> bool:
        """Events go face down after play; their tags stop counting (R-CARD-4)."""
        return self.type == "event"

    @property
    def is_corporation(self) -> bool:
        """Corporations start in play and are not in the project deck."""
        return self.type == "corporation"

    @property
    def is_prelude(self) -> bool:
        """Preludes have a deck of their own and are played before the first action."""
        return self.type == PRELUDE_TYPE

    @property
    def is_project(self) -> bool:
        """A project card: in the project deck, bought and played from hand."""
        return self.type in PROJECT_TYPES


TEMP, O2, OCEANS = "temperature", "oxygen", "oceans"  # global parameter names, for requirements


@dataclass(frozen=True, slots=True)
class CardSet:
    """Short constructors for the cards of one set: ``BASE.automated("048", "Adapted Lichen",
    9, ("plant",), play=(prod(plants=1),))``."""

    name: str

    def _make(self, kind: str, number: str, name: str, cost: int, tags: tuple[str, ...],
              **kw: Any) -> Card:
        return Card(name=name, number=number, set=self.name, type=kind, cost=cost, tags=tags,
                    **kw)

    def automated(self, number: str, name: str, cost: int, tags: tuple[str, ...] = (),
                  **kw: Any) -> Card:
        """A green card."""
        return self._make("automated", number, name, cost, tags, **kw)

    def active(self, number: str, name: str, cost: int, tags: tuple[str, ...] = (),
               **kw: Any) -> Card:
        """A blue card."""
        return self._make("active", number, name, cost, tags, **kw)

    def event(self, number: str, name: str, cost: int, tags: tuple[str, ...] = (),
              **kw: Any) -> Card:
        """A red card."""
        return self._make("event", number, name, cost, tags, **kw)

    def prelude(self, number: str, name: str, tags: tuple[str, ...] = (), **kw: Any) -> Card:
        """A prelude (no cost: it is played for free before the first action)."""
        return Card(name=name, number=number, set=self.name, type=PRELUDE_TYPE, tags=tags,
                    **kw)

    def corporation(self, number: str, name: str, starting_mc: int,
                    tags: tuple[str, ...] = (), **kw: Any) -> Card:
        """A corporation (``starting_mc`` instead of a cost)."""
        return Card(name=name, number=number, set=self.name, type="corporation",
                    starting_mc=starting_mc, tags=tags, **kw)


# ---------------------------------------------------------------- countables
def per_tag(tag: str, div: int = 1, scope: str = "self") -> dict[str, Any]:
    """Count of ``tag`` in play (own, others' or everyone's), divided and rounded down."""
    return {"per": "tag", "tag": tag, "div": div, "scope": scope}


def per_city(where: str = "anywhere", div: int = 1) -> dict[str, Any]:
    """Cities in play: ``mars`` (on the board) or ``anywhere`` (off-map too)."""
    return {"per": "city", "where": where, "div": div}


def per_resource(div: int = 1, mult: int = 1) -> dict[str, Any]:
    """Resources on this card: ``mult`` for every ``div`` of them."""
    return {"per": "res", "div": div, "mult": mult}


def per_adjacent(tile: str) -> dict[str, Any]:
    """Tiles of a kind next to this card's own tile (ocean, city)."""
    return {"per": "adjacent", "tile": tile, "div": 1}


def per_event(scope: str = "all") -> dict[str, Any]:
    """Event cards played."""
    return {"per": "event", "scope": scope, "div": 1}


def if_held(points: int) -> dict[str, Any]:
    """``points`` when this card holds at least one resource, else 0 (a VP form)."""
    return {"per": "held", "points": points, "div": 1}


# ---------------------------------------------------------------- requirements
def min_(param: str, value: int) -> Req:
    """A global parameter at ``value`` or more (oxygen %, °C, ocean tiles)."""
    return {"r": "global", "param": param, "min": value}


def max_(param: str, value: int) -> Req:
    """A global parameter at ``value`` or less."""
    return {"r": "global", "param": param, "max": value}


def tags_req(tag: str, count: int) -> Req:
    """At least ``count`` of your own ``tag`` in play."""
    return {"r": "tag", "tag": tag, "count": count}


def prod_req(resource: str, count: int = 1) -> Req:
    """At least ``count`` production of ``resource``."""
    return {"r": "prod", "res": resource, "count": count}


def tiles_req(tile: str, count: int, scope: str = "self") -> Req:
    """At least ``count`` tiles of a kind, your own or anyone's."""
    return {"r": "tiles", "tile": tile, "count": count, "scope": scope}


# ---------------------------------------------------------------- steps
def prod(**amounts: Amount) -> Step:
    """Change your own production (negative amounts: R-PROD-2 applies)."""
    return {"k": "prod", "res": amounts}


def gain(**amounts: Amount) -> Step:
    """Gain resources."""
    return {"k": "gain", "res": amounts}


def spend(**amounts: int) -> Step:
    """Pay resources you must have (an action's cost, a card's extra cost)."""
    return {"k": "spend", "res": amounts}


def pay(amount: int, steel: bool = False, titanium: bool = False) -> Step:
    """Pay MC, with steel or titanium where the card allows it."""
    return {"k": "pay", "amount": amount, "steel": steel, "titanium": titanium}


def raise_(param: str, steps: int = 1) -> Step:
    """Raise temperature or oxygen by steps (each step gives TR, R-GLOB-2)."""
    return {"k": "raise", "param": param, "steps": steps}


def ocean(count: int = 1, on: str = "ocean") -> Step:
    """Place ocean tiles (none once 9 are out, R-TILE-1)."""
    return {"k": "ocean", "count": count, "on": on}


def tr(amount: Amount) -> Step:
    """Raise TR directly."""
    return {"k": "tr", "amount": amount}


def city(on: str = "city", space: str | None = None) -> Step:
    """Place a city by city rules, or on a named space."""
    return {"k": "tile", "tile": "city", "on": on, "space": space}


def greenery(on: str = "greenery") -> Step:
    """Place a greenery (oxygen +1, R-TILE-3)."""
    return {"k": "tile", "tile": "greenery", "on": on, "space": None}


def tile(name: str, on: str) -> Step:
    """Place a special tile owned by you."""
    return {"k": "tile", "tile": name, "on": on, "space": None}


def draw(count: Amount, keep: int | None = None, buy: bool = False,
         tag: str | None = None) -> Step:
    """Draw cards; ``keep`` of them (rest discarded); ``buy``: pay 3 MC to keep each;
    ``tag``: reveal cards until ``count`` with that tag are found, keep those, discard the
    others."""
    step: dict[str, Any] = {"k": "draw", "count": count, "keep": keep, "buy": buy}
    if tag is not None:
        step["tag"] = tag
    return step


def play_from_hand() -> Step:
    """Play a card from your hand now (paid as usual), with this card's one-shot modifiers
    (``discount``/``req_bonus`` with ``next_card``); it must be possible."""
    return {"k": "play_from_hand"}


def fund_award() -> Step:
    """Fund an award for free (it still takes one of the three places, R-ACT-4)."""
    return {"k": "fund_award"}


def add_res(count: int, to: str = "self", rtype: str | None = None) -> Step:
    """Add resources to this card (``self``) or to one of your cards of ``rtype`` (``any``)."""
    return {"k": "add_res", "count": count, "to": to, "rtype": rtype}


def spend_here(count: int) -> Step:
    """Remove resources from this card as a cost."""
    return {"k": "spend_here", "count": count}


def take_res(rtype: str, count: int = 1) -> Step:
    """Remove resources of ``rtype`` from any player's card (a cost: must be possible)."""
    return {"k": "take_res", "rtype": rtype, "count": count}


def reduce_prod(resource: str, count: int, steal: bool = False) -> Step:
    """Red border: lower some player's production (R-PROD-3); ``steal`` gives it to you."""
    return {"k": "reduce_prod", "res": resource, "count": count, "steal": steal}


def remove_any(resource: str, count: int) -> Step:
    """Red border: remove up to ``count`` of a resource from any player (optional)."""
    return {"k": "remove_any", "res": resource, "count": count}


def choose(*options: list[Step]) -> Step:
    """The player picks one list of steps among those that can run."""
    return {"k": "choose", "options": [list(option) for option in options]}


def custom(fn: str, **args: Any) -> Step:
    """A named function in tm/vocab/custom.py or an expansion's custom.py (for cards the
    vocabulary cannot say)."""
    return {"k": "custom", "fn": fn, **args}


# ---------------------------------------------------------------- ongoing effects
def on_tile(then: list[Step], tile: str | None = None, by: str = "self",
            mars_only: bool = False, bonus_any: tuple[str, ...] = ()) -> Effect:
    """Trigger when a tile is placed (``by`` self or any player)."""
    return {"e": "on_tile", "tile": tile, "by": by, "mars_only": mars_only,
            "bonus_any": list(bonus_any), "then": then}


def on_card(then: list[Step], tags: tuple[str, ...] = (), by: str = "self",
            event: bool = False, each_tag: bool = False, min_cost: int = 0,
            vp_positive: bool = False) -> Effect:
    """Trigger when a card is played; ``each_tag`` repeats per matching tag;
    ``vp_positive``: only cards printing a VP value above 0 (fixed or per unit)."""
    effect: dict[str, Any] = {"e": "on_card", "tags": list(tags), "by": by, "event": event,
                              "each_tag": each_tag, "min_cost": min_cost, "then": then}
    if vp_positive:
        effect["vp_positive"] = True
    return effect


def on_project(then: list[Step], min_cost: int = 0,
               exclude: tuple[str, ...] = ()) -> Effect:
    """Trigger when you use a standard project."""
    return {"e": "on_project", "min_cost": min_cost, "exclude": list(exclude), "then": then}


def discount(amount: int, tag: str | None = None, next_card: bool = False,
             per: str = "tag") -> Effect:
    """Cards cost less: per matching tag (``per="card"``: once per card with the tag),
    or on every card when ``tag`` is None."""
    return {"e": "discount", "tag": tag, "amount": amount, "next_card": next_card, "per": per}


def req_bonus(steps: int, next_card: bool = False) -> Effect:
    """Global requirements are met within ``steps`` steps either way."""
    return {"e": "req_bonus", "steps": steps, "next_card": next_card}


WAIVED = 99  # more steps than any global parameter has


def waive_global_requirements(next_card: bool = True) -> Effect:
    """Global requirements do not apply (to the next card only, by default)."""
    return req_bonus(WAIVED, next_card=next_card)


def resources_pay(value: int, tags: tuple[str, ...]) -> Effect:
    """Resources on this card may pay ``value`` MC each for cards with one of ``tags``."""
    return {"e": "res_as_mc", "value": value, "tags": list(tags)}


def static(kind: str, **args: Any) -> Effect:
    """A standing rule change read by the engine where it applies."""
    return {"e": kind, **args}


def onto_card(count: int, rtype: str, tag: str | None = None) -> Step:
    """Resources onto one of your cards that holds them (with ``tag``: only such cards);
    lost when you have none."""
    step: dict[str, Any] = {"k": "add_res", "count": count, "to": "any", "rtype": rtype}
    if tag is not None:
        step["tag"] = tag
    return step


def with_target(*steps: Step) -> Step:
    """Steps that may run only while each card resource they add has a card to go to
    (a choice of one: the interpreter offers it only with targets)."""
    return choose(list(steps))
