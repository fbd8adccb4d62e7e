"""The log's records, one shape per key: what :func:`tm.core.ledger.log` writes and the
page's log reads (``tm/web/log_text.py``; an expansion's own records are declared in its
package and registered through its manifest's vocabulary, :func:`add_records`).

Every record is a JSON object: its ``key`` and the fields of the key's shape below
(``NotRequired``: only when it says something, e.g. the card that caused a gain).
``RECORDS`` maps each key to its shape. :func:`tm.core.ledger.log` is typed per key from
these (mypy checks every call's fields) and refuses a key not listed at run time;
``tests/engine/test_contract.py`` checks every record of simulated games over all
expansion sets against its shape. The log is stored as JSON in saves, so the page reads
records as plain dicts.

(No ``from __future__ import annotations`` here: on Python 3.11 a ``TypedDict`` sees
``NotRequired`` only in evaluated annotations, and the tests read the required keys.)
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NotRequired, TypedDict

Amounts = dict[str, int]  # {resource: signed amount}


# ---------------------------------------------------------------- markers (log headings)
class SetupRecord(TypedDict):
    players: int
    first: int


class GenerationRecord(TypedDict):
    generation: int
    first: int


class PhaseRecord(TypedDict):
    """``research``, ``production``: a phase of a generation begins."""

    generation: int


class TurnRecord(TypedDict):
    player: int
    generation: int


class ActionRecord(TypedDict):
    """An action begins (``action``: the action's type)."""

    player: int
    action: str


class BareRecord(TypedDict):
    """``final_greenery``, ``game_over``: a marker with nothing more to say."""



class PlayerRecord(TypedDict):
    """``pass``, ``no_ocean_left``: a player, and nothing more."""

    player: int


# ---------------------------------------------------------------- holdings (tm.core.ledger)
class ResRecord(TypedDict):
    """``gain`` / ``spent``: resources changed (``card``: the card that caused it)."""

    player: int
    res: Amounts
    card: NotRequired[str]


class ProdRecord(TypedDict):
    player: int
    prod: Amounts
    card: NotRequired[str]


class TrRecord(TypedDict):
    """TR raised to ``tr`` by ``steps`` (R-GLOB-6)."""

    player: int
    tr: int
    steps: int
    card: NotRequired[str]


_Paid = TypedDict("_Paid", {"for": dict[str, Any]}, total=False)  # (a keyword: this syntax)


class PaidRecord(_Paid):
    """A payment: an amount per currency spent (a trade fee may be energy), ``cards``
    {card: resources spent from it}, ``for``: what it bought when known."""

    player: int
    megacredits: NotRequired[int]
    steel: NotRequired[int]
    titanium: NotRequired[int]
    heat: NotRequired[int]
    energy: NotRequired[int]
    cards: NotRequired[Amounts]


class BonusRecord(TypedDict):
    """The printed placement bonus of a space."""

    player: int
    space: str
    res: Amounts
    cards: int


class OceanBonusRecord(TypedDict):
    """MC for the oceans next to a placed tile (R-TILE-5)."""

    player: int
    space: str
    oceans: int
    megacredits: int


class IncomeRecord(TypedDict):
    """Production (R-GEN-6)."""

    player: int
    res: Amounts
    tr: int
    mc_prod: int
    energy_to_heat: int


class MegacreditsRecord(TypedDict):
    """``corporation`` (and an expansion's, e.g. a prelude discarded): a card, and the MC
    it gave."""

    player: int
    card: str
    megacredits: int


class ProjectRecord(TypedDict):
    """A standard project (sell patents: ``count`` cards for ``megacredits``)."""

    player: int
    project: str
    count: NotRequired[int]
    megacredits: NotRequired[int]


class TakenRecord(TypedDict):
    """``res_removed`` / ``prod_reduced`` (and an expansion's ``stolen``): ``count`` of
    ``res`` taken from ``target`` (``steal``: the taker gains it)."""

    player: int
    target: int
    res: str
    count: int
    steal: NotRequired[bool]


class CardResRecord(TypedDict):
    """Resources on a card changed by ``count`` (signed)."""

    player: int
    card: str
    count: int


# ---------------------------------------------------------------- cards and the board
class CardRecord(TypedDict):
    """``card_played``, ``card_action``, ``revealed``: a player and a card."""

    player: int
    card: str


class CountRecord(TypedDict):
    """``draw``, ``discarded``: how many cards."""

    player: int
    count: int


class BoughtRecord(TypedDict):
    player: int
    count: int
    discarded: NotRequired[int]


class ReshuffleRecord(TypedDict):
    size: int


class TileRecord(TypedDict):
    player: int
    tile: str
    space: str


class NoSpaceRecord(TypedDict):
    """No legal space left for a tile."""

    player: int
    tile: str


class SpaceRecord(TypedDict):
    """``land_claim``: a space claimed."""

    player: int
    space: str


class ParamRecord(TypedDict):
    """A global parameter raised to ``value`` (``tr``: the raiser's new TR, when raised)."""

    player: int
    param: str
    value: int
    tr: NotRequired[int]


class MilestoneRecord(TypedDict):
    player: int
    milestone: str


class AwardRecord(TypedDict):
    player: int
    award: str


_RECORDS: dict[str, type] = {
    "setup": SetupRecord, "generation": GenerationRecord, "research": PhaseRecord,
    "production": PhaseRecord, "turn": TurnRecord, "action": ActionRecord,
    "final_greenery": BareRecord, "game_over": BareRecord, "pass": PlayerRecord,
    "no_ocean_left": PlayerRecord,
    "gain": ResRecord, "spent": ResRecord, "prod": ProdRecord, "tr": TrRecord,
    "paid": PaidRecord, "bonus": BonusRecord, "ocean_bonus": OceanBonusRecord,
    "income": IncomeRecord, "corporation": MegacreditsRecord,
    "project": ProjectRecord,
    "res_removed": TakenRecord, "prod_reduced": TakenRecord,
    "card_res": CardResRecord,
    "card_played": CardRecord, "card_action": CardRecord, "revealed": CardRecord,
    "draw": CountRecord, "discarded": CountRecord, "bought": BoughtRecord,
    "reshuffle": ReshuffleRecord, "tile": TileRecord,
    "no_space": NoSpaceRecord, "land_claim": SpaceRecord, "param": ParamRecord,
    "milestone": MilestoneRecord, "award": AwardRecord,
}
RECORDS: Mapping[str, type] = MappingProxyType(_RECORDS)  # with the expansions' own


def add_records(shapes: Mapping[str, type]) -> None:
    """Register an expansion's log records, by key (a key already listed raises)."""
    for key, shape in shapes.items():
        if key in _RECORDS:
            raise ValueError(f"log record {key!r} is listed twice")
        _RECORDS[key] = shape
