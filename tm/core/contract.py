"""The prompts' public contract: what a decision is (its ``kind``), what it is for (its
``purpose``), the shape of each kind's ask and of each response, and :class:`Choice`.

The page and the bots key on these names: a ``purpose`` names the words the page shows
for a decision (``prompt.card.<purpose>``, ``prompt.option.<purpose>``, ...), so it is a
closed, public list (:func:`purposes`), not whatever a handler happens to be called. The
base game's purposes and shapes are listed here; an expansion's live in its own package
and are registered once, in the load order, through its manifest's :class:`Vocabulary`
(:func:`add_vocabulary`). An ask with a kind or purpose not listed raises when it is made
(:func:`check_ask`), and a test keeps every purpose's words in every language.

This module sits in the bottom layer (``tests/engine/test_house.py``): the flow, the card
vocabulary and the rules all make asks and choices, so it imports nothing of the engine.

Asks and responses are stored as JSON (a save holds a game waiting on a choice), so the
engine reads them as plain dicts; the ``TypedDict`` shapes below say what each holds, and
``tests/engine/test_contract.py`` checks every ask and response of simulated games over
all expansion sets against them.

(No ``from __future__ import annotations`` here: on Python 3.11 a ``TypedDict`` sees
``NotRequired`` only in evaluated annotations, and the tests read the required keys.)
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, NotRequired, TypedDict, TypeGuard, get_args

from tm.core.responses import add_response

# ---------------------------------------------------------------- kinds and purposes
Kind = Literal["action", "space", "cards", "card", "player", "amount", "pay", "option",
               "setup"]
KINDS: tuple[Kind, ...] = get_args(Kind)

Purpose = str  # one of :func:`purposes`: the base game's below, or one an expansion registers

# The kinds each purpose is asked as (the page words a purpose per kind: a one-card
# keep is a ``card`` ask, a keep of several a ``cards`` ask, both ``keep_cards``): the base
# game's here; every expansion's in its own package, registered
# through its manifest's vocabulary (:class:`Vocabulary`, :func:`add_vocabulary`).
_PURPOSE_KINDS: dict[Purpose, tuple[Kind, ...]] = {
    "action": ("action",), "setup": ("setup",), "draft": ("card",),
    "buy_cards": ("cards",), "keep_cards": ("card", "cards"), "sell_patents": ("cards",),
    "pay": ("pay",), "place": ("space",), "choose": ("option",),
    "final_greenery": ("option",), "add_res": ("card",), "take_res": ("card",),
    "reduce_prod": ("player",), "remove_any": ("player",), "heat_prod_to_mc_prod": ("amount",),
    "energy_to_mc": ("amount",), "play_from_hand": ("card",), "fund_award_free": ("option",),
}
PURPOSE_KINDS: Mapping[Purpose, tuple[Kind, ...]] = MappingProxyType(_PURPOSE_KINDS)
# The card prompts whose chosen card is played at once, paid for by nobody (a reader values
# the choice as the card played): an expansion's vocabulary names them.
_PLAY_NOW: list[Purpose] = []
# The asks of a purpose that hold more than their kind's shape (an expansion's own fields).
_ASK_SHAPES: dict[Purpose, type] = {}
_RULES: dict[Purpose, str] = {}  # the rule an expansion's purpose follows, by purpose


def purpose_rule(purpose: str) -> str | None:
    """The rule id an expansion's purpose follows (None: not an expansion's, or none)."""
    return _RULES.get(purpose)


def purposes() -> tuple[Purpose, ...]:
    """Every listed purpose: the base game's, then each installed expansion's."""
    return tuple(_PURPOSE_KINDS)


def plays_now(purpose: str) -> bool:
    """Whether a card chosen for ``purpose`` is played at once, paid for by nobody."""
    return purpose in _PLAY_NOW


def is_purpose(name: str) -> TypeGuard[Purpose]:
    """Whether ``name`` is one of :func:`purposes`."""
    return name in _PURPOSE_KINDS


def check_purpose(purpose: str) -> Purpose:
    """``purpose`` if it is one of :func:`purposes`, else ValueError."""
    if not is_purpose(purpose):
        raise ValueError(f"unknown prompt purpose {purpose!r}: list it in "
                         "tm.core.contract (the base game's) or in its expansion's "
                         "vocabulary (and give it words in every language)")
    return purpose


def check_ask(kind: str, purpose: str) -> None:
    """ValueError unless ``purpose`` is a listed purpose asked as this ``kind``."""
    kinds = _PURPOSE_KINDS[check_purpose(purpose)]
    if kind not in kinds:
        raise ValueError(f"purpose {purpose!r} is asked as {' or '.join(kinds)}, not {kind!r}")


# ---------------------------------------------------------------- the asks, per kind
class AskBase(TypedDict):
    """What every queued ask holds."""

    op: Literal["ask"]
    kind: Kind
    on: Purpose


class ActionAsk(AskBase):
    """A turn's action (the menu is worked out when listed)."""


class SpaceAsk(AskBase):
    """Where to place a tile; ``row`` is held once a board row is chosen."""

    spaces: list[str]
    tile: str
    src: NotRequired[str | None]
    row: NotRequired[int]


class CardsAsk(AskBase):
    """A selection of ``min`` to ``max`` cards, built a pick at a time."""

    cards: list[str]
    min: int
    max: int
    picked: list[str]
    price: NotRequired[int]
    page: NotRequired[int]


class CardAsk(AskBase):
    """One card of ``cards`` (``owners``: whose card each is, when not the asker's;
    ``rest``: the players whose preludes come after, R-PRE-2)."""

    cards: list[str]
    count: NotRequired[int]
    owners: NotRequired[list[int]]
    rest: NotRequired[list[int]]
    src: NotRequired[str | None]


class PlayerAsk(AskBase):
    """A player to target (``optional``: none may be chosen)."""

    players: list[int]
    optional: bool
    step: NotRequired[dict[str, Any]]
    count: NotRequired[int]
    res: NotRequired[str]
    steal: NotRequired[bool]


class AmountAsk(AskBase):
    """A whole number from ``min`` to ``max``."""

    min: int
    max: int
    src: NotRequired[str | None]


_PaidFor = TypedDict("_PaidFor", {"for": dict[str, Any]})  # (a keyword: this syntax)


class PayAsk(AskBase, _PaidFor):
    """A payment of ``cost`` MC, ``use`` held a resource at a time (``for``: what it buys)."""

    cost: int
    rates: dict[str, int]
    reserve: dict[str, int]
    use: dict[str, int]


class OptionAsk(AskBase):
    """One of ``options`` (card steps, or empty for an expansion's own labels) open now."""

    options: list[Any]
    open: list[int]
    src: str | None
    labels: NotRequired[list[dict[str, Any]]]
    cause: NotRequired[str]
    awards: NotRequired[list[str]]


class Offer(TypedDict):
    """An expansion's cards dealt at setup to keep some of (Prelude's preludes); a view's
    copy also says what the offer holds (``item``) and, for items that are not cards, what
    each says (``printed``, by name)."""

    name: str
    cards: list[str]
    keep: int
    rule: str
    picked: list[str]
    item: NotRequired[str]
    printed: NotRequired[dict[str, Mapping[str, object]]]


class SetupAsk(AskBase):
    """A player's setup decision: a corporation, cards to buy, each offer's keeps."""

    corporations: list[str]
    corporation: str | None
    starting_mc: list[int]
    cards: list[str]
    price: int
    picked: list[str]
    prices: NotRequired[list[int]]
    offers: NotRequired[list[Offer]]


ASKS: Mapping[Kind, type] = MappingProxyType({
    "action": ActionAsk, "space": SpaceAsk, "cards": CardsAsk, "card": CardAsk,
    "player": PlayerAsk, "amount": AmountAsk, "pay": PayAsk, "option": OptionAsk,
    "setup": SetupAsk,
})


# ---------------------------------------------------------------- an expansion's own words
@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What an expansion adds to the contract, declared in its own package and registered
    once through its manifest (:func:`add_vocabulary`): its ``purposes`` (the kinds each
    is asked as), those whose chosen card is played at once (``play_now``), the shapes of
    its asks that hold more than their kind's (``asks``, by purpose), its ``responses`` (by
    type), its log ``records`` (by key; :func:`tm.core.records.add_records`) and the rule
    id each purpose's decision follows (``rules``: what the page's "?" links to)."""

    purposes: Mapping[Purpose, tuple[Kind, ...]] = field(default_factory=dict)
    play_now: tuple[Purpose, ...] = ()
    asks: Mapping[Purpose, type] = field(default_factory=dict)
    responses: Mapping[str, type] = field(default_factory=dict)
    records: Mapping[str, type] = field(default_factory=dict)
    rules: Mapping[Purpose, str] = field(default_factory=dict)  # the rule each purpose follows

    def words(self) -> frozenset[str]:
        """Every name it adds: purposes, response types and record keys."""
        return frozenset({*self.purposes, *self.responses, *self.records})


def add_vocabulary(vocabulary: Vocabulary) -> None:
    """Register an expansion's purposes, ask shapes and responses (a name already listed
    raises: two expansions never share a word)."""
    for purpose, kinds in vocabulary.purposes.items():
        _add(_PURPOSE_KINDS, purpose, kinds, "prompt purpose")
    for purpose, shape in vocabulary.asks.items():
        check_purpose(purpose)
        _add(_ASK_SHAPES, purpose, shape, "ask shape")
    for kind, response in vocabulary.responses.items():
        add_response(kind, response)
    _PLAY_NOW.extend(check_purpose(purpose) for purpose in vocabulary.play_now)
    for purpose, rule in vocabulary.rules.items():
        _add(_RULES, check_purpose(purpose), rule, "purpose's rule")


def _add(table: dict[str, Any], name: str, entry: object, what: str) -> None:
    if name in table:
        raise ValueError(f"{what} {name!r} is listed twice")
    table[name] = entry


def ask_shape(kind: Kind, purpose: Purpose) -> type:
    """The shape of an ask of this ``kind`` and ``purpose``: its expansion's, else its kind's."""
    return _ASK_SHAPES.get(purpose, ASKS[kind])


Step = Mapping[str, Any]  # one step of the card notation (tm.cards.dsl): a ``k`` and its fields
Response = dict[str, Any]  # one of tm.core.responses.RESPONSES' shapes, as a game records it
Label = dict[str, Any]  # what a choice does, as a record the page words (``key`` + fields)


# ---------------------------------------------------------------- a listed choice
@dataclass(frozen=True, slots=True)
class Choice:
    """One listed answer to a prompt: the ``response`` a game records, and a ``label``
    saying what it does (the page words it). ``Game.respond`` takes a Choice as it is.

    A choice reads like its response (``choice["card"]``, ``choice.get("space")``,
    ``choice.type``); its label is only ever ``choice.label``.
    """

    response: Response
    label: Label

    @property
    def type(self) -> str:
        """The response's type (``pick``, ``space``, ``pass``, ...)."""
        return str(self.response["type"])

    def __getitem__(self, field: str) -> Any:
        return self.response[field]

    def get(self, field: str, default: Any = None) -> Any:
        """A field of the response, or ``default``."""
        return self.response.get(field, default)

    def to_dict(self) -> dict[str, Any]:
        """The choice as the view lists it: the response's fields and its ``label``."""
        return {**self.response, "label": self.label}


def response_of(answer: Any) -> Any:
    """A Choice's response; anything else as it is (a plain response, from a save, a link
    or the page, may carry a stray ``label``: checking a response ignores it)."""
    return answer.response if isinstance(answer, Choice) else answer
