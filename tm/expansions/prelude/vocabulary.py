"""Prelude's words in the engine's contract: its two prompt purposes (both play the chosen
prelude at once) and its log records, registered once through the manifest; :func:`record`
is typed per key as :func:`tm.core.ledger.log` is for the base game's.

(No ``from __future__ import annotations`` here: on Python 3.11 a ``TypedDict`` sees
``NotRequired`` only in evaluated annotations, and the tests read the required keys.)
"""

from types import MappingProxyType
from typing import Literal, TypedDict, Unpack, overload

from tm.core.contract import Vocabulary
from tm.core.ledger import write
from tm.core.records import MegacreditsRecord
from tm.core.state import GameState


class KeptRecord(TypedDict):
    """``preludes_kept``: the preludes a player kept."""

    player: int
    cards: list[str]


RECORDS = MappingProxyType({"preludes_kept": KeptRecord,
                            "prelude_discarded": MegacreditsRecord})
PLAY_NOW = ("prelude_first", "prelude_of_several")  # R-PRE-1: played as chosen
VOCABULARY = Vocabulary(purposes=dict.fromkeys(PLAY_NOW, ("card",)), play_now=PLAY_NOW,
                        records=RECORDS, rules=dict.fromkeys(PLAY_NOW, "R-PRE-1"))


@overload
def record(g: GameState, key: Literal["preludes_kept"], **data: Unpack[KeptRecord]) -> None: ...
@overload
def record(g: GameState, key: Literal["prelude_discarded"],
           **data: Unpack[MegacreditsRecord]) -> None: ...
def record(g: GameState, key: str, **data: object) -> None:
    """Append one of Prelude's log records (:data:`RECORDS`)."""
    write(g, key, data)
