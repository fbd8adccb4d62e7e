"""Colonies (R-COL): colony tiles, building colonies, trade fleets and trading.

The expansion's section of the state (``g.ext["colonies"]``) holds the tiles in play
(``tiles``: per tile its name, marker position, the owners of its colonies in building
order and the player whose fleet visits it this generation), the tiles not in play
(``unused``, for Aridor), in solo the four tiles dealt to choose three from (``dealt``,
R-COL-1), each player's trade fleets (``fleets``) and what Aridor has seen (``aridor``).
Tiles are defined in :mod:`tm.expansions.colonies.tiles`; the card steps this expansion adds
(``colony``, ``fleet``, ``trade``) and its countables and requirement kinds are registered
here, its cards' own functions in :mod:`tm.expansions.colonies.custom`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, NotRequired, TypedDict

from tm.core.contract import Step
from tm.core.frozen import thaw
from tm.core.manifest import ActionType, Manifest, SetupOffer
from tm.core.state import PUBLIC, SECRET, GameState
from tm.expansions.colonies.colony import (
    BUILD_COST,
    MAX_COLONIES,
    MAX_MARKER,
    NAME,
    SOLO_KEPT,
    SOLO_MC_PRODUCTION,
    buildable,
    is_active,
    new_tile,
    section,
    tiles_for,
    tiles_in_play,
)
from tm.expansions.colonies.countables import HEAT_ACTION, colonies_of
from tm.expansions.colonies.tiles import TILES
from tm.expansions.colonies.trade import (
    free_fleets,
    offer_trades,
    offset,
    tradable,
    trade_action,
    trade_fees,
    trade_label,
    why_not_trade,
)
from tm.expansions.colonies.vocabulary import VOCABULARY, record


# ---------------------------------------------------------------- setup (R-COL-1, R-SOLO-5)
def _setup(g: GameState) -> None:
    """Draw the tiles by the game's RNG; in solo the player keeps 3 of 4 and starts with
    -2 MC production."""
    sec = section(g)
    names = sorted(TILES)
    g.rng.shuffle(names)
    count = tiles_for(len(g.players))
    drawn, sec["unused"] = names[:count], names[count:]
    sec["fleets"] = [1] * len(g.players)
    if len(g.players) == 1:
        sec["dealt"] = drawn
        g.players[0].prod["megacredits"] += SOLO_MC_PRODUCTION
    else:
        sec["tiles"] = [new_tile(name) for name in sorted(drawn)]


def _is_solo(g: GameState) -> bool:
    return len(g.players) == 1


def _deal_tiles(g: GameState, p: int) -> list[str]:
    return list(section(g)["dealt"])


def _take_tiles(g: GameState, p: int, kept: list[str], rest: list[str]) -> None:
    """The kept tiles go into play, the other one out of the game (Aridor may bring it
    back). The scenario kit turns every offer down: then the first three are kept."""
    sec = section(g)
    if len(kept) != SOLO_KEPT:
        dealt = [*kept, *rest]
        kept, rest = dealt[:SOLO_KEPT], dealt[SOLO_KEPT:]
    sec["tiles"] = [new_tile(name) for name in sorted(kept)]
    sec["unused"] = sorted([*sec["unused"], *rest])
    sec["dealt"] = []
    record(g, "colony_tiles_kept", player=p, tiles=sorted(kept))


# ---------------------------------------------------------------- end of generation (R-COL-5)
def _generation_end(g: GameState) -> None:
    """Every active tile's marker rises one step (6 at most); the fleets come home."""
    risen = {}
    for entry in tiles_in_play(g):
        if is_active(g, entry["name"]) and entry["marker"] < MAX_MARKER:
            entry["marker"] += 1
            risen[entry["name"]] = entry["marker"]
        entry["visitor"] = None
    if risen:
        record(g, "markers_rise", tiles=risen)


# ---------------------------------------------------------------- view
Steps = list[dict[str, Any]]  # what building, a bonus or a trade gives: steps, thawed


class Printed(TypedDict):
    """A colony tile's printed parts: its resource, what building and the colony bonus
    give, and what a trade gives at each step of its track."""

    resource: str | None
    build: Steps
    bonus: Steps
    track: list[Steps]


class TileView(TypedDict):
    """A tile in play as everyone sees it, with what building and trading give now."""

    name: str
    marker: int
    colonies: list[int]
    visitor: int | None
    active: bool
    resource: str | None
    full: bool
    build: Steps
    bonus: Steps
    trade: Steps


class Fleets(TypedDict):
    total: int
    free: int


class YouView(TypedDict):
    """Where the viewer may build and trade now, and what a trade costs them."""

    build: list[str]
    trade: list[str]
    fees: dict[str, int]
    offset: int


class ColoniesView(TypedDict):
    """This expansion's section of ``view()`` (``view["expansions"]["colonies"]``)."""

    tiles: list[TileView]
    unused: list[str]
    dealt: list[str]
    build_cost: int
    max_colonies: int
    fleets: list[Fleets]
    colonies: list[int]
    printed: dict[str, Printed]
    you: NotRequired[YouView]


def _what(steps: tuple[Step, ...]) -> Steps:
    thawed: Steps = thaw(steps)
    return thawed


@lru_cache(maxsize=1)
def _printed() -> dict[str, Printed]:
    """Every tile's printed parts, in or out of play (public: the page draws the solo
    tiles to choose from and the tiles a card may bring into play). Built once and shared
    by every view, which no reader changes (thawing it per view cost 1.5 ms)."""
    return {name: {"resource": tile.resource, "build": _what(tile.build),
                   "bonus": _what(tile.bonus), "track": [_what(steps) for steps in tile.trade]}
            for name, tile in TILES.items()}


def _view(g: GameState, viewer: int | None) -> ColoniesView:
    """Tiles (name, marker, colonies and owners, visiting fleet, active, what building and
    trading give now, the colony bonus), fleets per player, the solo tiles to choose from,
    every tile's printed parts (its whole track), and for the viewer where they may build
    and trade and what a trade costs."""
    sec = section(g)
    tiles: list[TileView] = []
    for entry in tiles_in_play(g):
        tile = TILES[entry["name"]]
        tiles.append({"name": tile.name, "marker": entry["marker"],
                      "colonies": list(entry["colonies"]), "visitor": entry["visitor"],
                      "active": is_active(g, tile.name), "resource": tile.resource,
                      "full": len(entry["colonies"]) >= MAX_COLONIES,
                      "build": _what(tile.build), "bonus": _what(tile.bonus),
                      "trade": _what(tile.trade[entry["marker"]])})
    found: ColoniesView = {
        "tiles": tiles, "unused": list(sec["unused"]), "dealt": list(sec["dealt"]),
        "build_cost": BUILD_COST, "max_colonies": MAX_COLONIES,
        "fleets": [{"total": n, "free": free_fleets(g, p)} for p, n in enumerate(sec["fleets"])],
        "colonies": [colonies_of(g, p) for p in range(len(g.players))],
        "printed": _printed()}
    if viewer is not None and 0 <= viewer < len(g.players):
        found["you"] = {"build": buildable(g, viewer), "trade": tradable(g, viewer),
                        "fees": trade_fees(g, viewer), "offset": offset(g, viewer)}
    return found


def _marks(g: GameState) -> list[str]:
    built = [f"colony tiles built on:{t['name']}" for t in tiles_in_play(g) if t["colonies"]]
    traded = sorted({f"colony tiles traded with:{r['tile']}" for r in g.log
                     if r["key"] == "trade"})
    return built + traded


COLONIES = Manifest(
    name=NAME, setup=(_setup,),
    card_sets=(NAME,),
    setup_offers=(SetupOffer("colony_tiles", SOLO_KEPT, _deal_tiles, _take_tiles,
                             rule="R-COL-1", applies=_is_solo, item="colony_tile",
                             printed=lambda name: _printed()[name]),),
    generation_end=(_generation_end,),
    projects={"build_colony": (BUILD_COST, ({"k": "colony", "dup": False},))},
    actions={"trade": ActionType(offer_trades, why_not_trade, trade_action, ("tile",),
                                 trade_label),
             "convert_heat_with_resources": HEAT_ACTION},
    state={"tiles": [], "unused": [], "dealt": [], "fleets": [], "aridor": {}},
    seen={"tiles": PUBLIC, "unused": PUBLIC, "dealt": PUBLIC, "fleets": PUBLIC,
          "aridor": SECRET},  # (Aridor's bookkeeping: derived from cards in play, not shown)
    view=_view, counts={"colonies": lambda g, p: colonies_of(g, p)}, sim_marks=_marks,
    vocabulary=VOCABULARY)
