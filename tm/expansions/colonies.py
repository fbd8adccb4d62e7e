"""Colonies (R-COL): colony tiles, building colonies, trade fleets and trading.

The expansion's section of the state (``g.ext["colonies"]``) holds the tiles in play
(``tiles``: per tile its name, marker position, the owners of its colonies in building
order and the player whose fleet visits it this generation), the tiles not in play
(``unused``, for Aridor), in solo the four tiles dealt to choose three from (``dealt``,
R-COL-1), each player's trade fleets (``fleets``) and what Aridor has seen (``aridor``).
Tiles are defined in :mod:`tm.expansions.colony_tiles`; the card steps this expansion adds
(``colony``, ``fleet``, ``trade``) and its countables and requirement kinds are registered
here, its cards' own functions in :mod:`tm.cards.custom_colonies`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import tm.cards.custom_colonies  # noqa: F401  (registers the set's custom steps)
from tm.cards.dsl import Step
from tm.effects import step_kind
from tm.errors import reason
from tm.expansions import Manifest, SetupOffer, add
from tm.expansions.colonies_more import HEAT_ACTION, colonies_of
from tm.expansions.colony_tiles import MARKER_START, TILES, TRACK, ColonyTile
from tm.flow import ask, handler, op, push, run_steps
from tm.frozen import thaw
from tm.payment import can_afford, pay_op
from tm.player import effects, log, resource_cards
from tm.state import GameState

NAME = "colonies"
BUILD_COST = 17  # R-SP-7
MAX_COLONIES = 3  # R-COL-3
TRADE_FEES = {"megacredits": 9, "energy": 3, "titanium": 3}  # R-COL-4
MAX_MARKER = max(TRACK)  # R-COL-5
SOLO_KEPT = 3  # R-COL-1: of the 4 tiles dealt
SOLO_MC_PRODUCTION = -2  # R-SOLO-5
RULE_TRADE, RULE_BUILD = "R-COL-4", "R-COL-3"


def section(g: GameState) -> dict[str, Any]:
    """This expansion's part of the game state."""
    found: dict[str, Any] = g.ext[NAME]
    return found


def tiles_in_play(g: GameState) -> list[dict[str, Any]]:
    """The tiles in play, in their order on the table."""
    found: list[dict[str, Any]] = section(g)["tiles"]
    return found


def tile_entry(g: GameState, name: str) -> dict[str, Any] | None:
    """A tile in play by name (None if it is not in play)."""
    return next((t for t in tiles_in_play(g) if t["name"] == name), None)


def _new_tile(name: str) -> dict[str, Any]:
    return {"name": name, "marker": MARKER_START, "colonies": [], "visitor": None}


def tiles_for(players: int) -> int:
    """R-COL-1: players + 2 tiles, one more with 1 or 2 players (solo: dealt, 3 kept)."""
    return players + 2 + (1 if players <= 2 else 0)


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
        sec["tiles"] = [_new_tile(name) for name in sorted(drawn)]


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
    sec["tiles"] = [_new_tile(name) for name in sorted(kept)]
    sec["unused"] = sorted([*sec["unused"], *rest])
    sec["dealt"] = []
    log(g, "colony_tiles_kept", player=p, tiles=sorted(kept))


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
def _built_on(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    build_colony(g, p, prompt["tiles"][response["option"]])


def build_colony(g: GameState, p: int, name: str) -> None:
    """Put ``p``'s colony on a tile: the marker moves up to the colony count, the builder
    gains the build reward, colony triggers fire (Poseidon)."""
    entry = tile_entry(g, name)
    assert entry is not None
    entry["colonies"].append(p)
    entry["marker"] = max(entry["marker"], len(entry["colonies"]))
    log(g, "colony_built", player=p, tile=name)
    count = len(g.players)
    for q in [(g.active + i) % count for i in range(count)][::-1]:
        for c, e in effects(g.players[q], "on_colony"):
            if e["by"] == "any" or q == p:
                run_steps(g, q, e["then"], c.name)
    run_steps(g, p, TILES[name].build, None)


# ---------------------------------------------------------------- fleets and trading (R-COL-4)
@step_kind("fleet")
def _fleet(g: GameState, p: int, src: str | None, step: Step) -> None:
    section(g)["fleets"][p] += step["count"]
    log(g, "trade_fleet", player=p, fleets=section(g)["fleets"][p])


def free_fleets(g: GameState, p: int) -> int:
    """Fleets ``p`` has not sent out this generation."""
    out = sum(1 for t in tiles_in_play(g) if t["visitor"] == p)
    return int(section(g)["fleets"][p]) - out


def _tradable(g: GameState, p: int) -> list[str]:
    """Active tiles no fleet visits this generation, while ``p`` has a fleet to send."""
    if free_fleets(g, p) < 1:
        return []
    return [t["name"] for t in tiles_in_play(g) if t["visitor"] is None and is_active(g, t["name"])]


FLOATER_FEE_CARD = "Titan Floating Launch-pad"  # a floater from it pays a whole trade
FLOATER_FEE = "floater"


def trade_fees(g: GameState, p: int) -> dict[str, int]:
    """The ways ``p`` can pay a trade now and what each costs after discounts (and, with a
    floater on Titan Floating Launch-pad, that floater instead of a fee)."""
    off = sum(int(e["amount"]) for _, e in effects(g.players[p], "trade_discount"))
    found = {}
    for resource, base in TRADE_FEES.items():
        fee = max(0, base - off)
        affordable = can_afford(g, p, fee) if resource == "megacredits" else \
            g.players[p].res[resource] >= fee
        if affordable:
            found[resource] = fee
    pl = g.players[p]
    if FLOATER_FEE_CARD in pl.played and pl.card_res.get(FLOATER_FEE_CARD, 0) >= 1:
        found[FLOATER_FEE] = 1
    return found


def _offer_trades(g: GameState, p: int) -> Any:
    for t in tiles_in_play(g):
        yield {"type": "trade", "tile": t["name"]}


def why_not_trade(g: GameState, p: int, r: dict[str, Any]) -> tuple[str, str] | None:
    """None when ``p`` may trade with the tile named in ``r`` now."""
    entry = tile_entry(g, str(r.get("tile")))
    if entry is None:
        return reason("trade.no_tile", "no such colony tile in play"), RULE_TRADE
    if not is_active(g, entry["name"]):
        return reason("trade.inactive", "the tile is not active yet"), "R-COL-2"
    if entry["visitor"] is not None:
        return reason("trade.visited",
                      "a fleet already visits this tile this generation"), RULE_TRADE
    if free_fleets(g, p) < 1:
        return reason("trade.no_fleet", "no trade fleet left this generation"), RULE_TRADE
    if not trade_fees(g, p):
        return reason("trade.fee", "cannot pay the trade fee"), RULE_TRADE
    return None


def _trade_label(g: GameState, p: int, choice: dict[str, Any]) -> dict[str, Any]:
    """What a trade with the tile gives now and what it may cost."""
    entry = tile_entry(g, choice["tile"])
    assert entry is not None
    tile = TILES[entry["name"]]
    return {"marker": entry["marker"], "gain": thaw(tile.trade[entry["marker"]]),
            "fees": trade_fees(g, p), "colonies": list(entry["colonies"])}


def _trade(g: GameState, p: int, r: dict[str, Any]) -> None:
    name = r["tile"]
    fees = trade_fees(g, p)
    push(g, p, {"op": "action_done", "p": p})
    _send_fleet(g, p, name)
    if len(fees) == 1:
        (resource, fee), = fees.items()
        _pay_fee(g, p, name, resource, fee)
        return
    resources = list(fees)
    ask(g, p, "option", "trade_fee", options=[[] for _ in resources],
        open=list(range(len(resources))), src=None, tile=name, fees=resources,
        labels=[{"key": "trade_fee", "resource": res, "amount": fees[res], "tile": name}
                for res in resources])


def _send_fleet(g: GameState, p: int, name: str) -> None:
    entry = tile_entry(g, name)
    assert entry is not None
    entry["visitor"] = p


@handler("trade_fee")
def _fee_chosen(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    resource = prompt["fees"][response["option"]]
    _pay_fee(g, p, prompt["tile"], resource, trade_fees(g, p)[resource])


def _pay_fee(g: GameState, p: int, name: str, resource: str, fee: int) -> None:
    go = {"op": "trade_go", "p": p, "tile": name}
    if resource == FLOATER_FEE:
        g.players[p].card_res[FLOATER_FEE_CARD] -= fee
        log(g, "card_res", player=p, card=FLOATER_FEE_CARD, count=-fee)
        push(g, p, go)
        return
    if resource == "megacredits":
        push(g, p, pay_op(p, fee, for_={"trade": name}), go)
        return
    g.players[p].res[resource] -= fee
    log(g, "paid", player=p, **{resource: fee})
    push(g, p, go)


def offset(g: GameState, p: int) -> int:
    """Steps ``p`` may raise a marker by before trading (Trade Envoys, Trading Colony)."""
    return sum(int(e["amount"]) for _, e in effects(g.players[p], "trade_offset"))


@op("trade_go")
def _trade_go(g: GameState, item: dict[str, Any]) -> None:
    p, name = item["p"], item["tile"]
    entry = tile_entry(g, name)
    assert entry is not None
    room = min(offset(g, p), MAX_MARKER - entry["marker"])
    if room <= 0:
        resolve_trade(g, p, name)
        return
    steps = list(range(room + 1))
    ask(g, p, "option", "trade_offset", options=[[] for _ in steps], open=steps, src=None,
        tile=name, labels=[{"key": "trade_offset", "steps": n, "tile": name,
                            "marker": entry["marker"] + n} for n in steps])


@handler("trade_offset")
def _offset_chosen(g: GameState, p: int, prompt: dict[str, Any],
                   response: dict[str, Any]) -> None:
    entry = tile_entry(g, prompt["tile"])
    assert entry is not None
    entry["marker"] += response["option"]
    resolve_trade(g, p, prompt["tile"])


def resolve_trade(g: GameState, p: int, name: str) -> None:
    """The trader gains the reward at the marker, every colony there gives its owner the
    colony bonus, and the marker drops to the colony count (R-COL-4)."""
    entry = tile_entry(g, name)
    assert entry is not None
    tile: ColonyTile = TILES[name]
    marker = entry["marker"]
    log(g, "trade", player=p, tile=name, marker=marker, owners=list(entry["colonies"]))
    entry["marker"] = len(entry["colonies"])
    for owner in reversed(entry["colonies"]):  # queued in front: the first colony first
        run_steps(g, owner, tile.bonus, None)
    run_steps(g, p, tile.trade[marker], None)  # the trader's reward before their bonuses


def _can_trade_free(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(_tradable(g, p))


@step_kind("trade", can=_can_trade_free)
def _trade_step(g: GameState, p: int, src: str | None, step: Step) -> None:
    """A trade without a fee (Titan Floating Launch-pad): pick an open tile."""
    names = _tradable(g, p)
    if len(names) == 1:
        _free_trade(g, p, names[0])
        return
    ask(g, p, "option", "trade_tile", options=[[] for _ in names],
        open=list(range(len(names))), src=src, tiles=names,
        labels=[{"key": "trade_tile", "tile": n, "marker": _marker(g, n)} for n in names])


@handler("trade_tile")
def _tile_chosen(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    _free_trade(g, p, prompt["tiles"][response["option"]])


def _free_trade(g: GameState, p: int, name: str) -> None:
    _send_fleet(g, p, name)
    push(g, p, {"op": "trade_go", "p": p, "tile": name})


def _marker(g: GameState, name: str) -> int:
    entry = tile_entry(g, name)
    return int(entry["marker"]) if entry else 0


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
        log(g, "markers_rise", tiles=risen)


# ---------------------------------------------------------------- view
def _what(steps: Any) -> list[dict[str, Any]]:
    return thaw(steps)


@lru_cache(maxsize=1)
def _printed() -> dict[str, Any]:
    """Every tile's printed parts, in or out of play (public: the page draws the solo
    tiles to choose from and the tiles a card may bring into play). Built once and shared
    by every view, which no reader changes (thawing it per view cost 1.5 ms)."""
    return {name: {"resource": tile.resource, "build": _what(tile.build),
                   "bonus": _what(tile.bonus), "track": [_what(steps) for steps in tile.trade]}
            for name, tile in TILES.items()}


def _view(g: GameState, viewer: int | None) -> dict[str, Any]:
    """Tiles (name, marker, colonies and owners, visiting fleet, active, what building and
    trading give now, the colony bonus), fleets per player, the solo tiles to choose from,
    every tile's printed parts (its whole track), and for the viewer where they may build
    and trade and what a trade costs."""
    sec = section(g)
    tiles = []
    for entry in tiles_in_play(g):
        tile = TILES[entry["name"]]
        tiles.append({"name": tile.name, "marker": entry["marker"],
                      "colonies": list(entry["colonies"]), "visitor": entry["visitor"],
                      "active": is_active(g, tile.name), "resource": tile.resource,
                      "full": len(entry["colonies"]) >= MAX_COLONIES,
                      "build": _what(tile.build), "bonus": _what(tile.bonus),
                      "trade": _what(tile.trade[entry["marker"]])})
    found: dict[str, Any] = {
        "tiles": tiles, "unused": list(sec["unused"]), "dealt": list(sec["dealt"]),
        "build_cost": BUILD_COST, "max_colonies": MAX_COLONIES,
        "fleets": [{"total": n, "free": free_fleets(g, p)} for p, n in enumerate(sec["fleets"])],
        "colonies": [colonies_of(g, p) for p in range(len(g.players))],
        "printed": _printed()}
    if viewer is not None and 0 <= viewer < len(g.players):
        found["you"] = {"build": buildable(g, viewer), "trade": _tradable(g, viewer),
                        "fees": trade_fees(g, viewer), "offset": offset(g, viewer)}
    return found


def _marks(g: GameState) -> list[str]:
    built = [f"colony tiles built on:{t['name']}" for t in tiles_in_play(g) if t["colonies"]]
    traded = sorted({f"colony tiles traded with:{r['tile']}" for r in g.log
                     if r["key"] == "trade"})
    return built + traded


COLONIES = add(Manifest(
    name=NAME, setup=(_setup,),
    card_sets=(NAME,),
    setup_offers=(SetupOffer("colony_tiles", SOLO_KEPT, _deal_tiles, _take_tiles,
                             rule="R-COL-1", applies=_is_solo, item="colony_tile",
                             printed=lambda name: _printed()[name]),),
    generation_end=(_generation_end,),
    projects={"build_colony": (BUILD_COST, ({"k": "colony", "dup": False},))},
    actions={"trade": (_offer_trades, why_not_trade, _trade, ("tile",), _trade_label),
             "convert_heat_with_resources": HEAT_ACTION},
    state={"tiles": [], "unused": [], "dealt": [], "fleets": [], "aridor": {}},
    view=_view, counts={"colonies": lambda g, p: colonies_of(g, p)}, sim_marks=_marks))
