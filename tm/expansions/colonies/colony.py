"""Colonies (R-COL): the expansion's section of the state, its colony tiles in play, which
are active (R-COL-2), and building colonies (R-COL-3)."""
from __future__ import annotations

from typing import TypedDict

from tm.cards.dsl import Step
from tm.cards.tableau import effects, resource_cards
from tm.core.flow import ask, handler, run_steps
from tm.core.frozen import thaw
from tm.core.responses import OptionResponse
from tm.core.state import GameState
from tm.expansions.colonies.tiles import MARKER_START, TILES, TRACK
from tm.expansions.colonies.vocabulary import TileAsk, record
from tm.vocab.kinds import step_kind

NAME = "colonies"
BUILD_COST = 17  # R-SP-7
MAX_COLONIES = 3  # R-COL-3
TRADE_FEES = {"megacredits": 9, "energy": 3, "titanium": 3}  # R-COL-4
MAX_MARKER = max(TRACK)  # R-COL-5
SOLO_KEPT = 3  # R-COL-1: of the 4 tiles dealt
SOLO_MC_PRODUCTION = -2  # R-SOLO-5
RULE_TRADE, RULE_BUILD = "R-COL-4", "R-COL-3"


class TileInPlay(TypedDict):
    """A colony tile on the table: its track's marker, the seats' colonies on it in the
    order they were built, and the seat whose trade fleet visits it (None: no one)."""

    name: str
    marker: int
    colonies: list[int]
    visitor: int | None


class Section(TypedDict):
    """This expansion's part of the game state (``g.ext["colonies"]``, JSON in saves): the
    tiles in play, those not in play, the tiles dealt in a solo setup, each seat's trade
    fleets, and the tag types Aridor has seen (by seat, as text)."""

    tiles: list[TileInPlay]
    unused: list[str]
    dealt: list[str]
    fleets: list[int]
    aridor: dict[str, list[str]]


def section(g: GameState) -> Section:
    """This expansion's part of the game state."""
    found: Section = g.ext[NAME]
    return found


def tiles_in_play(g: GameState) -> list[TileInPlay]:
    """The tiles in play, in their order on the table."""
    return section(g)["tiles"]


def tile_entry(g: GameState, name: str) -> TileInPlay | None:
    """A tile in play by name (None if it is not in play)."""
    return next((t for t in tiles_in_play(g) if t["name"] == name), None)


def new_tile(name: str) -> TileInPlay:
    return {"name": name, "marker": MARKER_START, "colonies": [], "visitor": None}


def tiles_for(players: int) -> int:
    """R-COL-1: players + 2 tiles, one more with 1 or 2 players (solo: dealt, 3 kept)."""
    return players + 2 + (1 if players <= 2 else 0)


# ---------------------------------------------------------------- activity (R-COL-2)
def is_active(g: GameState, name: str) -> bool:
    """A tile without a card resource is active; one with waits for a card that can hold it."""
    rtype = TILES[name].resource
    return rtype is None or any(resource_cards(pl, rtype) for pl in g.players)



# ---------------------------------------------------------------- building (R-COL-3)
def buildable(g: GameState, p: int, dup: bool = False) -> list[str]:
    """Tiles where ``p`` may build now: active, fewer than 3 colonies, none of p's yet
    (unless ``dup``)."""
    return [t["name"] for t in tiles_in_play(g)
            if is_active(g, t["name"]) and len(t["colonies"]) < MAX_COLONIES
            and (dup or p not in t["colonies"])]


def _can_build(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(buildable(g, p, step.get("dup", False)))


@step_kind("colony", can=_can_build)
def _colony(g: GameState, p: int, src: str | None, step: Step) -> None:
    names = buildable(g, p, step.get("dup", False))
    if len(names) == 1:
        build_colony(g, p, names[0])
    elif names:
        ask(g, p, "option", "build_colony", options=[[] for _ in names],
            open=list(range(len(names))), src=src, tiles=names,
            labels=[{"key": "colony_tile", "tile": n, "build": thaw(TILES[n].build)}
                    for n in names])


@handler("build_colony")
def _built_on(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    build_colony(g, p, prompt["tiles"][response["option"]])


def build_colony(g: GameState, p: int, name: str) -> None:
    """Put ``p``'s colony on a tile: the marker moves up to the colony count, the builder
    gains the build reward, colony triggers fire (Poseidon)."""
    entry = tile_entry(g, name)
    assert entry is not None
    entry["colonies"].append(p)
    entry["marker"] = max(entry["marker"], len(entry["colonies"]))
    record(g, "colony_built", player=p, tile=name)
    count = len(g.players)
    for q in [(g.active + i) % count for i in range(count)][::-1]:
        for c, e in effects(g.players[q], "on_colony"):
            if e["by"] == "any" or q == p:
                run_steps(g, q, e["then"], c.name)
    run_steps(g, p, TILES[name].build, None)
