"""Colonies' words in the engine's contract: its prompt purposes, the asks that hold more
than their kind's shape, its trade response and its log records, each a ``TypedDict``.

They are registered once through the manifest (``vocabulary``, in the load order of
:mod:`tm.expansions`); :func:`record` is typed per record key as :func:`tm.core.ledger.log` is
for the base game's, so mypy checks every call's fields.

(No ``from __future__ import annotations`` here: on Python 3.11 a ``TypedDict`` sees
``NotRequired`` only in evaluated annotations, and the tests read the required keys.)
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NotRequired, TypedDict, Unpack, overload

from tm.core.contract import AmountAsk, Kind, OptionAsk, Purpose, Vocabulary
from tm.core.ledger import write
from tm.core.records import TakenRecord
from tm.core.state import GameState

_TILE_OPTIONS = ("build_colony", "trade_fee", "trade_offset", "trade_tile", "marker_up",
                 "marker_down", "colony_tile_added", "refuge_tile", "discard_from_hand")
PURPOSES: Mapping[Purpose, tuple[Kind, ...]] = MappingProxyType({
    **dict.fromkeys(_TILE_OPTIONS, ("option",)),
    "spend_own_res": ("card",), "steal_megacredits": ("player",),
    "resources_as_heat": ("amount",), "floaters_for_heat": ("amount",),
    "resources_here_to_titanium": ("amount",),
})


# ---------------------------------------------------------------- asks and the response
class TileAsk(OptionAsk):
    """An option among colony tiles (``tiles``), a trade's fee or offset on ``tile``
    (``fees``: the resources it may be paid with), or a hand's page of cards to discard."""

    tile: NotRequired[str]
    tiles: NotRequired[list[str]]
    fees: NotRequired[list[str]]
    cards: NotRequired[list[str]]
    page: NotRequired[int]


class HeatAsk(AmountAsk):
    """How many resources of ``card`` to spend (each worth ``value`` heat, ``need`` due)."""

    card: NotRequired[str]
    value: NotRequired[int]
    need: NotRequired[int]


class TradeResponse(TypedDict):
    type: Literal["trade"]
    tile: str


class HeatResponse(TypedDict):
    """Stormcraft's floaters with heat to raise the temperature (an action type alone)."""

    type: Literal["convert_heat_with_resources"]


# ---------------------------------------------------------------- log records
class ColonyTileRecord(TypedDict):
    """``colony_built``, ``colony_tile_added``: a colony tile."""

    player: int
    tile: str


class ColonyTilesKeptRecord(TypedDict):
    player: int
    tiles: list[str]


class MarkersRiseRecord(TypedDict):
    """Each tile's marker after the end-of-generation rise."""

    tiles: dict[str, int]


class MarkerMovedRecord(TypedDict):
    player: int
    tile: str
    marker: int


class NewTagTypeRecord(TypedDict):
    player: int
    tag: str


class StolenNoneRecord(TypedDict):
    player: int
    res: str


class TradeRecord(TypedDict):
    """A trade: the marker's step and the colonies' owners, who get the colony bonus."""

    player: int
    tile: str
    marker: int
    owners: list[int]


class TradeFleetRecord(TypedDict):
    player: int
    fleets: int


RECORDS = MappingProxyType({
    "colony_built": ColonyTileRecord, "colony_tile_added": ColonyTileRecord,
    "colony_tiles_kept": ColonyTilesKeptRecord, "markers_rise": MarkersRiseRecord,
    "marker_moved": MarkerMovedRecord, "new_tag_type": NewTagTypeRecord,
    "stolen": TakenRecord, "stolen_none": StolenNoneRecord, "trade": TradeRecord,
    "trade_fleet": TradeFleetRecord,
})

VOCABULARY = Vocabulary(
    purposes=PURPOSES,
    asks={**dict.fromkeys(_TILE_OPTIONS, TileAsk),
          **dict.fromkeys(("resources_as_heat", "floaters_for_heat",
                           "resources_here_to_titanium"), HeatAsk)},
    responses={"trade": TradeResponse, "convert_heat_with_resources": HeatResponse},
    records=RECORDS,
    rules={"build_colony": "R-COL-3", "refuge_tile": "R-COL-3", "colony_tile_added": "R-COL-1",
           **dict.fromkeys(("trade_tile", "trade_fee", "trade_offset", "marker_up",
                            "marker_down"), "R-COL-4"),
           "discard_from_hand": "R-ACT-1", "spend_own_res": "R-CARD-6",
           "steal_megacredits": "R-PROD-3"})


# One signature per record shape, so mypy checks each call's fields.
@overload
def record(g: GameState, key: Literal["colony_built", "colony_tile_added"],
        **data: Unpack[ColonyTileRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["colony_tiles_kept"],
        **data: Unpack[ColonyTilesKeptRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["markers_rise"],
        **data: Unpack[MarkersRiseRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["marker_moved"],
        **data: Unpack[MarkerMovedRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["new_tag_type"],
        **data: Unpack[NewTagTypeRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["stolen"], **data: Unpack[TakenRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["stolen_none"],
        **data: Unpack[StolenNoneRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["trade"], **data: Unpack[TradeRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["trade_fleet"],
        **data: Unpack[TradeFleetRecord]) -> None: ...
def record(g: GameState, key: str, **data: object) -> None:
    """Append one of Colonies' log records (:data:`RECORDS`)."""
    write(g, key, data)
