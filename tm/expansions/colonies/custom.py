"""Named functions for the Colonies cards (and a colony tile) that need code.

Pluto's colony bonus discards a hand card; Air Raid takes a floater from one of your cards
and 5 MC from an opponent; Community Services counts your cards without tags; Market
Manipulation moves two colony markers; Productive Outpost collects your colony bonuses;
Aridor adds a colony tile and rewards new tag types; Titan Shuttles turns floaters into
titanium. Each is registered with :func:`tm.vocab.custom.custom_step` (or as a countable);
queued work stays data. The colony machinery lives with the expansion's manifest,
:mod:`tm.expansions.colonies.manifest` (imported inside the functions: it imports this module).
"""
from __future__ import annotations

from typing import Any

from tm.cards import card
from tm.cards.dsl import WILD, Step
from tm.cards.tableau import effects, resource_cards, tag_count
from tm.core.contract import CardAsk, PlayerAsk, Purpose
from tm.core.flow import ask, handler, run_steps
from tm.core.ledger import log
from tm.core.responses import AmountResponse, CardResponse, OptionResponse, PlayerResponse
from tm.core.state import NEUTRAL, GameState
from tm.expansions.colonies.colony import (
    MAX_MARKER,
    build_colony,
    buildable,
    is_active,
    section,
    tile_entry,
    tiles_in_play,
)
from tm.expansions.colonies.tiles import MARKER_START, TILES
from tm.expansions.colonies.vocabulary import HeatAsk, TileAsk, record
from tm.vocab.custom import custom_step
from tm.vocab.kinds import countable


# ---------------------------------------------------------------- Pluto: discard a card
def _has_hand(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return True  # nothing in hand: nothing to discard


@custom_step("discard_from_hand", can=_has_hand)
def _discard(g: GameState, p: int, src: str | None, step: Step) -> None:
    hand = g.players[p].hand
    if len(hand) == 1:
        _discard_card(g, p, hand[0])
    elif hand:
        _ask_discard(g, p, 0)


PAGE = 19  # hand cards listed at once; a longer hand shows the rest a page at a time


def _ask_discard(g: GameState, p: int, page: int) -> None:
    """Which card to discard: up to 19 hand cards and, for a longer hand, "more cards"
    (so the list stays at 20 at most)."""
    hand = g.players[p].hand
    pages = -(-len(hand) // PAGE)
    page %= pages
    shown = hand[page * PAGE:(page + 1) * PAGE]
    labels: list[dict[str, Any]] = [{"key": "card", "card": name} for name in shown]
    if pages > 1:
        labels.append({"key": "more_cards", "page": (page + 1) % pages + 1, "pages": pages})
    ask(g, p, "option", "discard_from_hand", options=[[] for _ in labels],
        open=list(range(len(labels))), src=None, cards=list(shown), page=page, labels=labels)


@handler("discard_from_hand")
def _discarded(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    index = response["option"]
    if index >= len(prompt["cards"]):
        _ask_discard(g, p, prompt["page"] + 1)
        return
    _discard_card(g, p, prompt["cards"][index])


def _discard_card(g: GameState, p: int, name: str) -> None:
    g.players[p].hand.remove(name)
    g.discard.append(name)
    log(g, "discarded", player=p, count=1)


# ---------------------------------------------------------------- resources on your cards
def _cards_holding(g: GameState, p: int, rtype: str, count: int) -> list[str]:
    pl = g.players[p]
    return [name for name in resource_cards(pl, rtype) if pl.card_res.get(name, 0) >= count]


def _can_spend_own(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(_cards_holding(g, p, step["rtype"], step["count"]))


@custom_step("spend_own_res", can=_can_spend_own)
def _spend_own(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Remove resources of a kind from one of your cards (a cost: it must be possible)."""
    holders = _cards_holding(g, p, step["rtype"], step["count"])
    if len(holders) == 1:
        _take_own(g, p, holders[0], step["count"])
    else:
        ask(g, p, "card", "spend_own_res", cards=holders, count=step["count"])


@handler("spend_own_res")
def _spent_own(g: GameState, p: int, prompt: CardAsk, response: CardResponse) -> None:
    _take_own(g, p, response["card"], prompt["count"])


def _take_own(g: GameState, p: int, name: str, count: int) -> None:
    g.players[p].card_res[name] -= count
    log(g, "card_res", player=p, card=name, count=-count)


def _has_res_here(g: GameState, p: int, src: str | None, step: Step) -> bool:
    needed: int = step["count"]
    return g.players[p].card_res.get(src or "", 0) >= needed


@custom_step("needs_res_here", can=_has_res_here)
def _needs_res_here(g: GameState, p: int, src: str | None, step: Step) -> None:
    """A condition only: this card holds at least ``count`` resources (nothing is spent)."""


@countable("res_capped")
def _res_capped(g: GameState, p: int, src: str | None, value: Any) -> int:
    """Resources on this card, at most ``max``."""
    return min(g.players[p].card_res.get(src or "", 0), int(value["max"]))


# ---------------------------------------------------------------- Air Raid: steal MC
def _opponents(g: GameState, p: int) -> list[int]:
    others = [pl.index for pl in g.players if pl.index != p]
    return others or [NEUTRAL]  # R-SOLO-4: the neutral player in solo


@custom_step("steal_megacredits")
def _steal(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Up to ``count`` MC from an opponent who has some (the neutral player in solo); with
    nobody to rob the card still plays and takes nothing (R-PROD-3: removing is optional)."""
    targets = [q for q in _opponents(g, p)
               if q == NEUTRAL or g.players[q].res["megacredits"] > 0]
    if not targets:
        record(g, "stolen_none", player=p, res="megacredits")
        return
    if len(targets) == 1:
        _stolen(g, p, targets[0], step["count"])
    else:
        ask(g, p, "player", "steal_megacredits", players=targets, optional=False,
            count=step["count"])


@handler("steal_megacredits")
def _steal_from(g: GameState, p: int, prompt: PlayerAsk, response: PlayerResponse) -> None:
    _stolen(g, p, response["player"], prompt["count"])


def _stolen(g: GameState, p: int, target: int, count: int) -> None:
    """Up to ``count`` MC from the target (the neutral player always has them)."""
    taken = count if target == NEUTRAL else min(count, g.players[target].res["megacredits"])
    if target != NEUTRAL:
        g.players[target].res["megacredits"] -= taken
    g.players[p].res["megacredits"] += taken
    record(g, "stolen", player=p, target=target, res="megacredits", count=taken)


# ---------------------------------------------------------------- Community Services
@countable("tagless")
def _tagless(g: GameState, p: int, src: str | None, value: Any) -> int:
    """Your project cards in play without a tag (a wild tag alone counts as none), this one
    included; events are face down and never count."""
    return sum(1 for name in g.players[p].played
               if not [t for t in card(name).tags if t != WILD])


@countable("tag_with_this")
def _tag_with_this(g: GameState, p: int, src: str | None, value: Any) -> int:
    """Your tags of a kind in play, plus this card's own (an event played now)."""
    own = card(src).tags.count(value["tag"]) if src and card(src).is_event else 0
    return tag_count(g.players[p], value["tag"]) + own


# ---------------------------------------------------------------- Market Manipulation
def _raisable(g: GameState) -> list[str]:
    return [t["name"] for t in tiles_in_play(g)
            if is_active(g, t["name"]) and t["marker"] < MAX_MARKER]


def _lowerable(g: GameState) -> list[str]:
    return [t["name"] for t in tiles_in_play(g)
            if is_active(g, t["name"]) and t["marker"] > len(t["colonies"])]


def _pairs(g: GameState) -> list[tuple[str, str]]:
    return [(up, down) for up in _raisable(g) for down in _lowerable(g) if up != down]


def _can_shift(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(_pairs(g))


@custom_step("shift_colony_markers", can=_can_shift)
def _shift(g: GameState, p: int, src: str | None, step: Step) -> None:
    """One tile's marker up a step, another's down a step (never below its colonies)."""
    ups = list(dict.fromkeys(up for up, _ in _pairs(g)))
    _ask_tile(g, p, "marker_up", ups)


def _ask_tile(g: GameState, p: int, purpose: Purpose, names: list[str], **data: Any) -> None:
    ask(g, p, "option", purpose, options=[[] for _ in names], open=list(range(len(names))),
        src=None, tiles=names, labels=[{"key": purpose, "tile": n} for n in names], **data)


@handler("marker_up")
def _up(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    up = prompt["tiles"][response["option"]]
    downs = [down for first, down in _pairs(g) if first == up]
    entry = tile_entry(g, up)
    assert entry is not None
    entry["marker"] += 1
    record(g, "marker_moved", player=p, tile=up, marker=entry["marker"])
    _ask_tile(g, p, "marker_down", downs)


@handler("marker_down")
def _down(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    down = prompt["tiles"][response["option"]]
    entry = tile_entry(g, down)
    assert entry is not None
    entry["marker"] -= 1
    record(g, "marker_moved", player=p, tile=down, marker=entry["marker"])


# ---------------------------------------------------------------- Productive Outpost
@custom_step("collect_colony_bonuses")
def _collect(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Each of your colonies gives you its tile's colony bonus once."""
    for entry in reversed(tiles_in_play(g)):
        for owner in entry["colonies"]:
            if owner == p:
                run_steps(g, p, TILES[entry["name"]].bonus, None)


# ---------------------------------------------------------------- Aridor
def _has_unused(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(section(g)["unused"])


@custom_step("add_colony_tile", can=_has_unused)
def _add_tile(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Put one of the tiles out of play into play (R-COL-2 still decides if it is active)."""
    _ask_tile(g, p, "colony_tile_added", list(section(g)["unused"]))


@handler("colony_tile_added")
def _tile_added(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    name = prompt["tiles"][response["option"]]
    sec = section(g)
    sec["unused"].remove(name)
    sec["tiles"].append({"name": name, "marker": MARKER_START, "colonies": [],
                         "visitor": None})
    record(g, "colony_tile_added", player=p, tile=name)


@custom_step("new_tag_types")
def _aridor(g: GameState, p: int, src: str | None, step: Step) -> None:
    """+1 MC production for each tag type a card brings into your tableau for the first
    time (events and wild tags never do); the types in play when Aridor arrives are noted
    without reward."""
    seen = section(g)["aridor"].setdefault(str(p), [])
    played = card(step["played"])
    if played.name == src:
        pl = g.players[p]
        kinds = {t for name in pl.played for t in card(name).tags if t != WILD}
        seen.extend(sorted(kinds - set(seen)))
        return
    if played.is_event or played.is_corporation:
        return
    for tag in played.tags:
        if tag != WILD and tag not in seen:
            seen.append(tag)
            g.players[p].prod["megacredits"] += 1
            record(g, "new_tag_type", player=p, tag=tag)


# ---------------------------------------------------------------- Titan Shuttles
def _has_floaters_here(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return g.players[p].card_res.get(src or "", 0) >= 1


@custom_step("resources_here_to_titanium", can=_has_floaters_here)
def _to_titanium(g: GameState, p: int, src: str | None, step: Step) -> None:
    held = g.players[p].card_res.get(src or "", 0)
    if held == 1:
        _converted(g, p, {"card": src}, {"amount": 1})
    else:
        ask(g, p, "amount", "resources_here_to_titanium", min=1, max=held, card=src)


@handler("resources_here_to_titanium")
def _converted(g: GameState, p: int, prompt: HeatAsk, response: AmountResponse) -> None:
    pl = g.players[p]
    n = response["amount"]
    pl.card_res[prompt["card"]] -= n
    pl.res["titanium"] += n
    log(g, "card_res", player=p, card=prompt["card"], count=-n)


# ---------------------------------------------------------------- Minority Refuge, Pioneer
LUNA = "Luna"  # the tile whose +2 MC production can offset the loss (R-PROD-2)
MC_FLOOR = -5  # R-PROD-1


def _own_colony_mc(g: GameState, p: int) -> int:
    """MC production ``p``'s own cards add when ``p`` builds a colony (Poseidon: +1), which
    comes before the card's loss."""
    total = 0
    for _, e in effects(g.players[p], "on_colony"):
        for then in e["then"]:
            gain_mc = (then.get("res") or {}).get("megacredits") if then["k"] == "prod" else 0
            total += gain_mc if isinstance(gain_mc, int) else 0
    return total


def _refuge_tiles(g: GameState, p: int) -> list[str]:
    """Where the colony may go: anywhere it may be built while MC production can drop by 2
    (R-PROD-2) after what building itself adds (Poseidon's +1 at exactly -4); lower than
    that, only on Luna, whose +2 comes first."""
    tiles = buildable(g, p)
    if g.players[p].prod["megacredits"] + _own_colony_mc(g, p) - 2 >= MC_FLOOR:
        return tiles
    return [name for name in tiles if name == LUNA]


def _can_refuge(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(_refuge_tiles(g, p))


@custom_step("colony_then_lose_mc_production", can=_can_refuge)
def _refuge(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Build a colony, then MC production -2."""
    tiles = _refuge_tiles(g, p)
    run_steps(g, p, [{"k": "prod", "res": {"megacredits": -step["count"]}}], src)
    if len(tiles) == 1:
        build_colony(g, p, tiles[0])
    else:
        _ask_tile(g, p, "refuge_tile", tiles)


@handler("refuge_tile")
def _refuge_tile(g: GameState, p: int, prompt: TileAsk, response: OptionResponse) -> None:
    build_colony(g, p, prompt["tiles"][response["option"]])
