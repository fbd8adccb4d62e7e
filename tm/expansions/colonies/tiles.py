"""The eleven colony tiles of the Colonies expansion, in our card notation (R-COL).

Each tile says, as card steps (:mod:`tm.cards.dsl`), what building a colony there gives
the builder (``build``), what each colony there gives its owner when anyone trades with
the tile (``bonus``), and what the trader gains with the marker at each of the seven
track positions 0..6 (``trade``). A tile with a ``resource`` (microbe, animal, floater)
stays inactive until some player has a card in play that can hold that resource (R-COL-2).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tm.cards.dsl import Step, add_res, custom, draw, gain, ocean, prod
from tm.core.frozen import freeze

TRACK = range(7)  # marker positions 0..6 (R-COL-5: 6 at most)
MARKER_START = 1


@dataclass(frozen=True, slots=True)
class ColonyTile:
    """One colony tile (see the module docstring)."""

    name: str
    build: tuple[Step, ...]
    bonus: tuple[Step, ...]
    trade: tuple[tuple[Step, ...], ...]  # by marker position 0..6
    resource: str | None = None  # card resource the tile waits for (R-COL-2)

    def __post_init__(self) -> None:
        for name in ("build", "bonus", "trade"):
            object.__setattr__(self, name, freeze(getattr(self, name)))
        assert len(self.trade) == len(TRACK), self.name


def _stock(resource: str, track: tuple[int, ...]) -> tuple[tuple[Step, ...], ...]:
    """So many of a standard resource at each marker position (nothing for 0)."""
    return tuple((gain(**{resource: n}),) if n else () for n in track)


def _onto_card(rtype: str, track: tuple[int, ...]) -> tuple[tuple[Step, ...], ...]:
    """So many card resources of a kind, onto one of the trader's cards that holds them."""
    return tuple((add_res(n, to="any", rtype=rtype),) if n else () for n in track)


def _cards(track: tuple[int, ...]) -> tuple[tuple[Step, ...], ...]:
    return tuple((draw(n),) if n else () for n in track)


_EUROPA_TRACK = ("megacredits", "megacredits", "energy", "energy", "plants", "plants",
                 "plants")

TILES: Mapping[str, ColonyTile] = MappingProxyType({tile.name: tile for tile in (
    ColonyTile("Callisto", build=(prod(energy=1),), bonus=(gain(energy=3),),
               trade=_stock("energy", (0, 2, 3, 5, 7, 10, 13))),
    ColonyTile("Ceres", build=(prod(steel=1),), bonus=(gain(steel=2),),
               trade=_stock("steel", (1, 2, 3, 4, 6, 8, 10))),
    ColonyTile("Enceladus", resource="microbe", build=(add_res(3, to="any", rtype="microbe"),),
               bonus=(add_res(1, to="any", rtype="microbe"),),
               trade=_onto_card("microbe", (0, 1, 2, 3, 4, 4, 5))),
    ColonyTile("Europa", build=(ocean(),), bonus=(gain(megacredits=1),),
               trade=tuple((prod(**{r: 1}),) for r in _EUROPA_TRACK)),
    ColonyTile("Ganymede", build=(prod(plants=1),), bonus=(gain(plants=1),),
               trade=_stock("plants", (0, 1, 2, 3, 4, 5, 6))),
    ColonyTile("Io", build=(prod(heat=1),), bonus=(gain(heat=2),),
               trade=_stock("heat", (2, 3, 4, 6, 8, 10, 13))),
    ColonyTile("Luna", build=(prod(megacredits=2),), bonus=(gain(megacredits=2),),
               trade=_stock("megacredits", (1, 2, 4, 7, 10, 13, 17))),
    ColonyTile("Miranda", resource="animal", build=(add_res(1, to="any", rtype="animal"),),
               bonus=(draw(1),), trade=_onto_card("animal", (0, 1, 1, 2, 2, 3, 3))),
    ColonyTile("Pluto", build=(draw(2),),
               bonus=(draw(1), custom("discard_from_hand", count=1)),
               trade=_cards((0, 1, 2, 2, 3, 3, 4))),
    ColonyTile("Titan", resource="floater", build=(add_res(3, to="any", rtype="floater"),),
               bonus=(add_res(1, to="any", rtype="floater"),),
               trade=_onto_card("floater", (0, 1, 1, 2, 3, 3, 4))),
    ColonyTile("Triton", build=(gain(titanium=3),), bonus=(gain(titanium=1),),
               trade=_stock("titanium", (0, 1, 1, 2, 3, 4, 5))),
)})
