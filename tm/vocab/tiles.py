"""Step kinds of terraforming and tiles: raise a parameter, TR, oceans and other tiles, and
what placing a tile gives (R-TILE, R-GLOB)."""
from __future__ import annotations

from typing import Literal, TypedDict

from tm.board import parameters
from tm.board import placement as board
from tm.cards.dsl import Step, add_res, choose, gain
from tm.core.contract import SpaceAsk
from tm.core.deck import draw_cards
from tm.core.flow import ask, handler, op, push, run_steps
from tm.core.ledger import log, raise_tr
from tm.core.mapdef import Space
from tm.core.responses import SpaceResponse
from tm.core.ruleset import rules_of
from tm.core.state import NEUTRAL, RESOURCES, GameState
from tm.vocab.kinds import amount, step_kind
from tm.vocab.triggers import tile_placed


# ---------------------------------------------------------------- terraforming
@step_kind("raise")
def _raise(g: GameState, p: int, src: str | None, step: Step) -> None:
    parameters.raise_param(g, p, step["param"], step["steps"])


@step_kind("tr")
def _tr(g: GameState, p: int, src: str | None, step: Step) -> None:
    raise_tr(g, p, amount(g, p, src, step["amount"]), card=src)


def _ocean_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    if step["on"] == "ocean" or parameters.is_maxed(g, "oceans"):
        return True
    return board.has_legal_space(g, p, "ocean", step["on"])


@step_kind("ocean", can=_ocean_ok)
def _ocean(g: GameState, p: int, src: str | None, step: Step) -> None:
    for _ in range(step["count"]):
        push(g, p, place_op(p, "ocean", step["on"], None, src))


def _tile_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return board.has_legal_space(g, p, step["tile"], step["on"], step.get("space"))


@step_kind("tile", can=_tile_ok)
def _tile(g: GameState, p: int, src: str | None, step: Step) -> None:
    push(g, p, place_op(p, step["tile"], step["on"], step.get("space"), src))


class PlaceOp(TypedDict):
    """A queued placement of ``tile`` for ``p`` by the placement rule ``on`` (or on the
    named ``space``); ``src``: the card it comes from."""

    op: Literal["place"]
    p: int
    tile: str
    on: str
    space: str | None
    src: str | None


def place_op(p: int, tile: str, on: str, space: str | None, src: str | None) -> PlaceOp:
    """A queued tile placement (asks for the space when there is a choice)."""
    return {"op": "place", "p": p, "tile": tile, "on": on, "space": space, "src": src}


@op("place")
def _place(g: GameState, item: PlaceOp) -> None:
    p, tile = item["p"], item["tile"]
    if tile == "ocean" and parameters.is_maxed(g, "oceans"):
        log(g, "no_ocean_left", player=p)  # R-TILE-1
        return
    spaces = board.legal_spaces(g, p, tile, item["on"], item["space"])
    if not spaces:
        log(g, "no_space", player=p, tile=tile)
        return
    if len(spaces) == 1:
        place_tile(g, p, spaces[0], tile, item["src"])
        return
    ask(g, p, "space", "place", spaces=spaces, tile=tile, src=item["src"])


@handler("place")
def _placed(g: GameState, p: int, prompt: SpaceAsk, response: SpaceResponse) -> None:
    place_tile(g, p, response["space"], prompt["tile"], prompt["src"])


def place_tile(g: GameState, p: int, sid: str, tile: str, src: str | None) -> None:
    """Put a tile down: bonuses (R-TILE-5), its parameter, and everyone's triggers."""
    owner = None if tile == "ocean" else p
    g.board[sid] = {"tile": tile, "owner": owner}
    if src is not None and tile not in ("ocean", "greenery", "city"):
        g.board[sid]["card"] = src
    log(g, "tile", player=p, tile=tile, space=sid)
    if p != NEUTRAL:
        space = rules_of(g).map.spaces[sid]
        _special_space(g, p, space)
        _placement_bonus(g, p, space)
    if tile == "ocean":
        parameters.add_ocean(g, p)
    elif tile == "greenery" and p != NEUTRAL:
        parameters.raise_oxygen(g, p, 1)
    tile_placed(g, p, sid, tile)


def _special_space(g: GameState, p: int, sp: Space) -> None:
    """Pay a space's cost and get its effect, while the effect can happen (R-MAP-3)."""
    cost = board.space_cost(g, sp)
    if cost:
        g.players[p].res["megacredits"] -= cost
        log(g, "paid", player=p, megacredits=cost)
    if sp.effect is not None and parameters.can_gain(g, sp.effect):
        parameters.gain(g, p, sp.effect)


def any_resource() -> Step:
    """A standard resource of the player's choice, as a choice between gain steps (R-MAP-1)."""
    return choose(*([gain(**{r: 1})] for r in RESOURCES))


def _placement_bonus(g: GameState, p: int, space: Space) -> None:
    pl, sid = g.players[p], space.id
    icons = space.bonus
    gained: dict[str, int] = {}
    drawn: list[str] = []
    for bonus in icons:
        if bonus == "card":
            drawn += draw_cards(g, 1, p)
        elif bonus == "any_resource":
            run_steps(g, p, [any_resource()], None)
        elif bonus in pl.res:
            gained[bonus] = gained.get(bonus, 0) + 1
    pl.hand.extend(drawn)
    if gained or drawn:
        for r, n in gained.items():
            pl.res[r] += n
        log(g, "bonus", player=p, space=sid, res=gained, cards=len(drawn))
    for rtype in ("animal", "microbe"):  # all icons of a kind onto one card (R-MAP-1)
        if rtype in icons:
            run_steps(g, p, [add_res(icons.count(rtype), to="any", rtype=rtype)], None)
    oceans = board.adjacent_count(g, sid, frozenset({"ocean"}))
    if oceans:  # R-TILE-5: 2 MC per adjacent ocean
        pl.res["megacredits"] += 2 * oceans
        log(g, "ocean_bonus", player=p, space=sid, oceans=oceans, megacredits=2 * oceans)
