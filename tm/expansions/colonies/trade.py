"""Colonies (R-COL-4): trade fleets and trading: the fees, the trade income at a tile's
marker, the colony bonuses to every colony owner, and free trades from cards."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, TypedDict, cast

from tm.cards.dsl import Step
from tm.cards.tableau import effects
from tm.core.contract import Label, Response
from tm.core.errors import reason
from tm.core.flow import ask, handler, op, push, run_steps
from tm.core.frozen import thaw
from tm.core.ledger import log
from tm.core.manifest import Why
from tm.core.records import PaidRecord
from tm.core.responses import OptionResponse
from tm.core.state import GameState
from tm.expansions.colonies.colony import (
    MAX_MARKER,
    RULE_TRADE,
    TRADE_FEES,
    is_active,
    section,
    tile_entry,
    tiles_in_play,
)
from tm.expansions.colonies.tiles import TILES, ColonyTile
from tm.expansions.colonies.vocabulary import TileAsk, record
from tm.vocab.kinds import step_kind
from tm.vocab.payment import can_afford, pay_op


# ---------------------------------------------------------------- fleets and trading (R-COL-4)
@step_kind("fleet")
def _fleet(g: GameState, p: int, src: str | None, step: Step) -> None:
    section(g)["fleets"][p] += step["count"]
    record(g, "trade_fleet", player=p, fleets=section(g)["fleets"][p])


def free_fleets(g: GameState, p: int) -> int:
    """Fleets ``p`` has not sent out this generation."""
    out = sum(1 for t in tiles_in_play(g) if t["visitor"] == p)
    return int(section(g)["fleets"][p]) - out


def tradable(g: GameState, p: int) -> list[str]:
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


def offer_trades(g: GameState, p: int) -> Iterator[Response]:
    for t in tiles_in_play(g):
        yield {"type": "trade", "tile": t["name"]}


def why_not_trade(g: GameState, p: int, r: Response) -> Why:
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


def trade_label(g: GameState, p: int, choice: Response) -> Label:
    """What a trade with the tile gives now and what it may cost."""
    entry = tile_entry(g, choice["tile"])
    assert entry is not None
    tile = TILES[entry["name"]]
    return {"marker": entry["marker"], "gain": thaw(tile.trade[entry["marker"]]),
            "fees": trade_fees(g, p), "colonies": list(entry["colonies"])}


def trade_action(g: GameState, p: int, r: Response) -> None:
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
def _fee_chosen(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    resource = prompt["fees"][response["option"]]
    _pay_fee(g, p, prompt["tile"], resource, trade_fees(g, p)[resource])


def _pay_fee(g: GameState, p: int, name: str, resource: str, fee: int) -> None:
    go: TradeGoOp = {"op": "trade_go", "p": p, "tile": name}
    if resource == FLOATER_FEE:
        g.players[p].card_res[FLOATER_FEE_CARD] -= fee
        log(g, "card_res", player=p, card=FLOATER_FEE_CARD, count=-fee)
        push(g, p, go)
        return
    if resource == "megacredits":
        push(g, p, pay_op(p, fee, for_={"trade": name}), go)
        return
    g.players[p].res[resource] -= fee
    log(g, "paid", **cast(PaidRecord, {"player": p, resource: fee}))  # (a currency by name)
    push(g, p, go)


def offset(g: GameState, p: int) -> int:
    """Steps ``p`` may raise a marker by before trading (Trade Envoys, Trading Colony)."""
    return sum(int(e["amount"]) for _, e in effects(g.players[p], "trade_offset"))


class TradeGoOp(TypedDict):
    """``p``'s trade with ``tile``, its fee paid: offsets asked, then the trade made."""

    op: Literal["trade_go"]
    p: int
    tile: str


@op("trade_go")
def _trade_go(g: GameState, item: TradeGoOp) -> None:
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
def _offset_chosen(g: GameState, p: int, prompt: TileAsk,
                   response: OptionResponse) -> None:
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
    record(g, "trade", player=p, tile=name, marker=marker, owners=list(entry["colonies"]))
    entry["marker"] = len(entry["colonies"])
    for owner in reversed(entry["colonies"]):  # queued in front: the first colony first
        run_steps(g, owner, tile.bonus, None)
    run_steps(g, p, tile.trade[marker], None)  # the trader's reward before their bonuses


def _can_trade_free(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(tradable(g, p))


@step_kind("trade", can=_can_trade_free)
def _trade_step(g: GameState, p: int, src: str | None, step: Step) -> None:
    """A trade without a fee (Titan Floating Launch-pad): pick an open tile."""
    names = tradable(g, p)
    if len(names) == 1:
        _free_trade(g, p, names[0])
        return
    ask(g, p, "option", "trade_tile", options=[[] for _ in names],
        open=list(range(len(names))), src=src, tiles=names,
        labels=[{"key": "trade_tile", "tile": n, "marker": _marker(g, n)} for n in names])


@handler("trade_tile")
def _tile_chosen(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    _free_trade(g, p, prompt["tiles"][response["option"]])


def _free_trade(g: GameState, p: int, name: str) -> None:
    _send_fleet(g, p, name)
    push(g, p, {"op": "trade_go", "p": p, "tile": name})


def _marker(g: GameState, name: str) -> int:
    entry = tile_entry(g, name)
    return int(entry["marker"]) if entry else 0
