"""The shape of each response a game records, by its type (part of the prompts' contract,
:mod:`tm.core.contract`): the base game's here, an expansion's registered through its
vocabulary (:func:`tm.core.contract.add_vocabulary`).

(No ``from __future__ import annotations`` here: on Python 3.11 a ``TypedDict`` sees
``NotRequired`` only in evaluated annotations, and the tests read the required keys.)
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NotRequired, TypedDict, get_args

BareType = Literal["pass", "done", "confirm", "end_turn", "convert_heat", "convert_plants",
                   "first_action", "more_cards"]


class BareResponse(TypedDict):
    """A response that is its type alone (``pass``, ``done``, ``confirm``, ...)."""

    type: BareType


class CardResponse(TypedDict):
    """A card named."""

    type: Literal["card", "pick", "unpick", "corporation", "play_card", "card_action"]
    card: str


class KeepResponse(TypedDict):
    """A card of a setup offer kept or put back (``keep``, ``unkeep``)."""

    type: Literal["keep", "unkeep"]
    offer: str
    card: str


class SpaceResponse(TypedDict):
    type: Literal["space"]
    space: str


class RegionResponse(TypedDict):
    type: Literal["region"]
    row: int


class PlayerResponse(TypedDict):
    type: Literal["player"]
    player: int


class NoneResponse(TypedDict):
    """No player chosen (an optional target)."""

    type: Literal["none"]


class AmountResponse(TypedDict):
    type: Literal["amount"]
    amount: int


class OptionResponse(TypedDict):
    type: Literal["option"]
    option: int


class UseResponse(TypedDict):
    """How many of one resource a payment uses."""

    type: Literal["use"]
    resource: str
    amount: int


class ProjectResponse(TypedDict):
    type: Literal["standard_project"]
    project: str


class MilestoneResponse(TypedDict):
    type: Literal["claim_milestone"]
    milestone: str


class AwardResponse(TypedDict):
    type: Literal["fund_award"]
    award: str


class CardsResponse(TypedDict):
    """A whole selection (what a ``cards`` ask's handler gets; saves of format 1)."""

    type: Literal["cards"]
    cards: list[str]


class SetupResponse(TypedDict):
    """A whole setup decision (what the ``setup`` handler gets)."""

    type: Literal["setup"]
    corporation: str | None
    cards: list[str]
    kept: NotRequired[dict[str, list[str]]]


# The shape of every response a game records, by its type (a whole payment,
# ``{"type": "pay", "<currency or card>": n, ...}``, names cards as keys: a JSON edge).
_RESPONSES: dict[str, type] = {
    **dict.fromkeys(get_args(BareType), BareResponse),
    **dict.fromkeys(("card", "pick", "unpick", "corporation", "play_card", "card_action"),
                    CardResponse),
    "keep": KeepResponse, "unkeep": KeepResponse, "space": SpaceResponse,
    "region": RegionResponse, "player": PlayerResponse, "none": NoneResponse,
    "amount": AmountResponse, "option": OptionResponse, "use": UseResponse,
    "standard_project": ProjectResponse,
    "claim_milestone": MilestoneResponse, "fund_award": AwardResponse,
    "cards": CardsResponse, "setup": SetupResponse,
}
RESPONSES: Mapping[str, type] = MappingProxyType(_RESPONSES)  # with the expansions' own


def add_response(kind: str, shape: type) -> None:
    """Register an expansion's response type (a type already listed raises)."""
    if kind in _RESPONSES:
        raise ValueError(f"response type {kind!r} is listed twice")
    _RESPONSES[kind] = shape
