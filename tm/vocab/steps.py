"""The card-step interpreter: ``can`` and ``run`` for every step kind.

Every step is a dict with a ``k`` key (see :mod:`tm.cards.dsl`). ``can_step``
answers whether it may run now (card legality is requirements plus
``can_steps`` of the play steps); ``run_step`` does it, queueing an ask
whenever the player must choose.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tm.board import parameters
from tm.board import placement as board
from tm.cards import card
from tm.cards.dsl import Step, add_res, choose, gain
from tm.cards.tableau import resource_cards, tag_count
from tm.core.deck import draw_cards
from tm.core.flow import ask, handler, op, push, run_steps
from tm.core.frozen import register
from tm.core.ledger import change_prod, change_res, log, raise_tr
from tm.core.state import NEUTRAL, RESOURCES, GameState

PROD_FLOOR = {"megacredits": -5}  # R-PROD-1; every other production floors at 0

CanFn = Callable[[GameState, int, "str | None", Step], bool]
RunFn = Callable[[GameState, int, "str | None", Step], None]
CountableFn = Callable[[GameState, int, "str | None", Mapping[str, Any]], int]
CAN: dict[str, CanFn] = {}
RUN: dict[str, RunFn] = {}
COUNTABLES: dict[str, CountableFn] = {}  # more countables, registered by card sets


def countable(per: str) -> Callable[[CountableFn], CountableFn]:
    """Register a countable (``{"per": per, ...}``) that :func:`amount` does not know."""
    def add(fn: CountableFn) -> CountableFn:
        return register(COUNTABLES, per, fn, "countable")
    return add


def step_kind(kind: str, can: CanFn | None = None) -> Callable[[RunFn], RunFn]:
    """Register the runner (and optional check) of a step kind."""
    def add(fn: RunFn) -> RunFn:
        if can is not None:
            register(CAN, kind, can, "step check")
        return register(RUN, kind, fn, "step kind")
    return add


def can_step(g: GameState, p: int, src: str | None, step: Step) -> bool:
    """Whether a step may run now for player ``p``."""
    check = CAN.get(step["k"])
    return check is None or check(g, p, src, step)


def can_steps(g: GameState, p: int, src: str | None, steps: Iterable[Step]) -> bool:
    """Whether every step of a list may run (``can_execute`` of the whole)."""
    return all(can_step(g, p, src, step) for step in steps)


@op("steps")
def _run_steps(g: GameState, item: dict[str, Any]) -> None:
    steps = item["steps"]
    if len(steps) > 1:
        push(g, item["p"], {**item, "steps": steps[1:]})
    RUN[steps[0]["k"]](g, item["p"], item["src"], steps[0])


# ---------------------------------------------------------------- amounts
def amount(g: GameState, p: int, src: str | None, value: int | Mapping[str, Any]) -> int:
    """Evaluate an amount: a plain int or a countable (per tag, per city, ...)."""
    if isinstance(value, int):
        return value
    per = value["per"]
    if per == "tag":
        scope = value.get("scope", "self")
        count = sum(tag_count(pl, value["tag"]) for pl in g.players
                    if scope == "all" or (pl.index == p) == (scope == "self"))
    elif per == "city":
        count = board.count_tiles(g, board.CITY_TILES, mars_only=value["where"] == "mars")
    elif per == "res":
        held = g.players[p].card_res.get(src or "", 0)
        count = held * value.get("mult", 1)
    elif per == "adjacent":
        count = _adjacent_to_own_tile(g, p, src, value["tile"])
    elif per == "event":
        count = sum(len(pl.events) for pl in g.players)
    elif per == "held":
        count = value["points"] if g.players[p].card_res.get(src or "", 0) >= 1 else 0
    elif per in COUNTABLES:
        count = COUNTABLES[per](g, p, src, value)
    else:
        raise ValueError(f"unknown countable {per!r}")
    return count // value.get("div", 1)


def _adjacent_to_own_tile(g: GameState, p: int, src: str | None, tile: str) -> int:
    kinds = board.CITY_TILES if tile == "city" else frozenset({tile})
    for sid, entry in g.board.items():
        if entry.get("card") == src and entry.get("owner") == p:
            return board.adjacent_count(g, sid, kinds)
    return 0


# ---------------------------------------------------------------- resources
def _prod_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return all(pl.prod[r] + amount(g, p, src, v) >= PROD_FLOOR.get(r, 0)
               for r, v in step["res"].items())  # R-PROD-2


@step_kind("prod", can=_prod_ok)
def _prod(g: GameState, p: int, src: str | None, step: Step) -> None:
    change_prod(g, p, {r: amount(g, p, src, v) for r, v in step["res"].items()}, card=src)


def _gain_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return all(pl.res[r] + amount(g, p, src, v) >= 0 for r, v in step["res"].items())


@step_kind("gain", can=_gain_ok)
def _gain(g: GameState, p: int, src: str | None, step: Step) -> None:
    change_res(g, p, {r: amount(g, p, src, v) for r, v in step["res"].items()}, card=src)


class HeatPayer:
    """Another way to pay heat a card spends (Colonies: Stormcraft's floaters): ``extra``
    is how much more heat a player can pay that way, ``pay`` pays ``heat`` in all (it may
    ask how much comes from there)."""

    extra: Callable[[GameState, int], int] = staticmethod(lambda g, p: 0)
    pay: Callable[[GameState, int, str | None, int], None] | None = None


HEAT_PAYER = HeatPayer()


def _spend_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    pl = g.players[p]
    return all(pl.res[r] + (HEAT_PAYER.extra(g, p) if r == "heat" else 0) >= v
               for r, v in step["res"].items())


@step_kind("spend", can=_spend_ok)
def _spend(g: GameState, p: int, src: str | None, step: Step) -> None:
    res = dict(step["res"])
    heat = res.pop("heat", 0) if HEAT_PAYER.pay is not None and HEAT_PAYER.extra(g, p) else 0
    if res:
        change_res(g, p, {r: -v for r, v in res.items()}, "spent", card=src)
    if heat and HEAT_PAYER.pay is not None:
        HEAT_PAYER.pay(g, p, src, heat)


def _pay_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    from tm.vocab.payment import can_afford
    return can_afford(g, p, step["amount"], steel=step["steel"], titanium=step["titanium"])


@step_kind("pay", can=_pay_ok)
def _pay(g: GameState, p: int, src: str | None, step: Step) -> None:
    from tm.vocab.payment import pay_op
    push(g, p, pay_op(p, step["amount"], steel=step["steel"], titanium=step["titanium"],
                      for_={"action": src} if src else None))


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
    return bool(board.legal_spaces(g, p, "ocean", step["on"]))


@step_kind("ocean", can=_ocean_ok)
def _ocean(g: GameState, p: int, src: str | None, step: Step) -> None:
    for _ in range(step["count"]):
        push(g, p, place_op(p, "ocean", step["on"], None, src))


def _tile_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(board.legal_spaces(g, p, step["tile"], step["on"], step.get("space")))


@step_kind("tile", can=_tile_ok)
def _tile(g: GameState, p: int, src: str | None, step: Step) -> None:
    push(g, p, place_op(p, step["tile"], step["on"], step.get("space"), src))


def place_op(p: int, tile: str, on: str, space: str | None, src: str | None) -> dict[str, Any]:
    """A queued tile placement (asks for the space when there is a choice)."""
    return {"op": "place", "p": p, "tile": tile, "on": on, "space": space, "src": src}


@op("place")
def _place(g: GameState, item: dict[str, Any]) -> None:
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
def _placed(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    place_tile(g, p, response["space"], prompt["tile"], prompt["src"])


def place_tile(g: GameState, p: int, sid: str, tile: str, src: str | None) -> None:
    """Put a tile down: bonuses (R-TILE-5), its parameter, and everyone's triggers."""
    owner = None if tile == "ocean" else p
    g.board[sid] = {"tile": tile, "owner": owner}
    if src is not None and tile not in ("ocean", "greenery", "city"):
        g.board[sid]["card"] = src
    log(g, "tile", player=p, tile=tile, space=sid)
    if p != NEUTRAL:
        _special_space(g, p, sid)
        _placement_bonus(g, p, sid)
    if tile == "ocean":
        parameters.add_ocean(g, p)
    elif tile == "greenery" and p != NEUTRAL:
        parameters.raise_oxygen(g, p, 1)
    from tm.vocab.triggers import tile_placed
    tile_placed(g, p, sid, tile)


def _special_space(g: GameState, p: int, sid: str) -> None:
    """Pay a space's cost and get its effect, while the effect can happen (R-MAP-3)."""
    sp = board.map_of(g).spaces[sid]
    cost = board.space_cost(g, sp)
    if cost:
        g.players[p].res["megacredits"] -= cost
        log(g, "paid", player=p, megacredits=cost)
    if sp.effect is not None and parameters.can_gain(g, sp.effect):
        parameters.gain(g, p, sp.effect)


def any_resource() -> Step:
    """A standard resource of the player's choice, as a choice between gain steps (R-MAP-1)."""
    return choose(*([gain(**{r: 1})] for r in RESOURCES))


def _placement_bonus(g: GameState, p: int, sid: str) -> None:
    pl = g.players[p]
    icons = board.map_of(g).spaces[sid].bonus
    gained: dict[str, int] = {}
    drawn: list[str] = []
    for bonus in icons:
        if bonus == "card":
            drawn += draw_cards(g, 1)
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


# ---------------------------------------------------------------- cards
@step_kind("draw")
def _draw(g: GameState, p: int, src: str | None, step: Step) -> None:
    if step.get("tag"):
        dig(g, p, src, step)
        return
    pl = g.players[p]
    drawn = draw_cards(g, amount(g, p, src, step["count"]))
    log(g, "draw", player=p, count=len(drawn))
    if step.get("buy"):
        from tm.cards.tableau import card_price
        from tm.vocab.payment import can_afford
        price = card_price(pl)
        if drawn and can_afford(g, p, price):
            ask(g, p, "cards", "buy_cards", cards=drawn, min=0, max=len(drawn), price=price)
        else:
            g.discard.extend(drawn)
    elif step.get("keep") == 1 and len(drawn) > 1:
        ask(g, p, "card", "keep_cards", cards=drawn)
    elif step.get("keep") is not None and step["keep"] < len(drawn):
        ask(g, p, "cards", "keep_cards", cards=drawn, min=step["keep"], max=step["keep"])
    else:
        pl.hand.extend(drawn)


@handler("keep_cards")
def _keep_cards(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    kept = response["cards"] if response["type"] == "cards" else [response["card"]]
    g.players[p].hand.extend(kept)
    g.discard.extend(c for c in prompt["cards"] if c not in kept)


# ---------------------------------------------------------------- card resources
def add_targets(g: GameState, p: int, rtype: str | None, tag: str | None = None) -> list[str]:
    """Your cards in play that can take a resource (of ``rtype``, or any kind; with ``tag``
    only cards carrying that tag)."""
    found = resource_cards(g.players[p], rtype)
    return found if tag is None else [name for name in found if tag in card(name).tags]


@step_kind("add_res")
def _add_res(g: GameState, p: int, src: str | None, step: Step) -> None:
    if step["to"] == "self":
        add_card_resource(g, p, src or "", step["count"])
        return
    targets = add_targets(g, p, step["rtype"], step.get("tag"))
    if len(targets) == 1:
        add_card_resource(g, p, targets[0], step["count"])
    elif targets:
        ask(g, p, "card", "add_res", cards=targets, count=step["count"])


@handler("add_res")
def _add_res_to(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    add_card_resource(g, p, response["card"], prompt["count"])


def add_card_resource(g: GameState, p: int, name: str, count: int) -> None:
    """Put resources on one of player ``p``'s cards."""
    pl = g.players[p]
    pl.card_res[name] = pl.card_res.get(name, 0) + count
    log(g, "card_res", player=p, card=name, count=count)


def _spend_here_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return g.players[p].card_res.get(src or "", 0) >= step["count"]


@step_kind("spend_here", can=_spend_here_ok)
def _spend_here(g: GameState, p: int, src: str | None, step: Step) -> None:
    g.players[p].card_res[src or ""] -= step["count"]
    log(g, "card_res", player=p, card=src, count=-step["count"])


def take_targets(g: GameState, p: int, rtype: str, count: int) -> list[list[Any]]:
    """[owner, card] pairs holding enough ``rtype`` that ``p`` may take from."""
    found = []
    for pl in g.players:
        for name in resource_cards(pl, rtype):
            if pl.card_res.get(name, 0) >= count and not _protected(g, pl.index, p, name):
                found.append([pl.index, name])
    return found


def _protected(g: GameState, owner: int, taker: int, name: str) -> bool:
    from tm.cards.tableau import has_effect
    c = card(name)
    if any(e["e"] == "protected" for e in c.effects):
        return True
    return owner != taker and has_effect(g.players[owner], "protect_opponents") and \
        c.resource in ("animal", "microbe")


def _take_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(take_targets(g, p, step["rtype"], step["count"]))


@step_kind("take_res", can=_take_ok)
def _take_res(g: GameState, p: int, src: str | None, step: Step) -> None:
    targets = take_targets(g, p, step["rtype"], step["count"])
    ask(g, p, "card", "take_res", cards=[name for _, name in targets],
        owners=[owner for owner, _ in targets], count=step["count"])


@handler("take_res")
def _took(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    owner = prompt["owners"][prompt["cards"].index(response["card"])]
    g.players[owner].card_res[response["card"]] -= prompt["count"]
    log(g, "card_res", player=owner, card=response["card"], count=-prompt["count"])


# ---------------------------------------------------------------- red borders (R-PROD-3)
def reduce_targets(g: GameState, p: int, resource: str, count: int) -> list[int]:
    """Players whose ``resource`` production can drop by ``count`` (neutral in solo)."""
    floor = PROD_FLOOR.get(resource, 0)
    found = [pl.index for pl in g.players if pl.prod[resource] - count >= floor]
    if len(g.players) == 1:
        found.append(NEUTRAL)  # R-SOLO-4
    return found


def _reduce_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(reduce_targets(g, p, step["res"], step["count"]))


@step_kind("reduce_prod", can=_reduce_ok)
def _reduce_prod(g: GameState, p: int, src: str | None, step: Step) -> None:
    targets = reduce_targets(g, p, step["res"], step["count"])
    if len(targets) == 1:
        reduce_production(g, p, targets[0], step)
    else:
        ask(g, p, "player", "reduce_prod", players=targets, optional=False, step=step)


@handler("reduce_prod")
def _reduced(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    reduce_production(g, p, response["player"], prompt["step"])


def reduce_production(g: GameState, p: int, target: int, step: Step) -> None:
    """Lower ``target``'s production (nothing for the neutral player); steal if asked."""
    if target != NEUTRAL:
        g.players[target].prod[step["res"]] -= step["count"]
    if step.get("steal"):
        g.players[p].prod[step["res"]] += step["count"]
    log(g, "prod_reduced", player=p, target=target, res=step["res"], count=step["count"],
        **({"steal": True} if step.get("steal") else {}))


def remove_targets(g: GameState, p: int, resource: str) -> list[int]:
    """Players with some ``resource`` that ``p`` may remove (neutral in solo)."""
    from tm.cards.tableau import has_effect
    found = [pl.index for pl in g.players if pl.res[resource] > 0 and not (
        pl.index != p and resource == "plants" and has_effect(pl, "protect_opponents"))]
    if len(g.players) == 1:
        found.append(NEUTRAL)
    return found


@step_kind("remove_any")
def _remove_any(g: GameState, p: int, src: str | None, step: Step) -> None:
    targets = remove_targets(g, p, step["res"])
    if targets:
        ask(g, p, "player", "remove_any", players=targets, optional=True, step=step)


@handler("remove_any")
def _removed(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    target = response.get("player")
    if target is None or target == NEUTRAL:
        return
    step = prompt["step"]
    pl = g.players[target]
    taken = min(step["count"], pl.res[step["res"]])
    pl.res[step["res"]] -= taken
    log(g, "res_removed", player=p, target=target, res=step["res"], count=taken)


# ---------------------------------------------------------------- choices
def open_options(g: GameState, p: int, src: str | None, step: Step) -> list[int]:
    """Indexes of a ``choose`` step's options that can run now.

    An option that only puts resources on a card you do not have is not offered
    (outside a choice such a step runs and the resources are simply lost).
    """
    return [i for i, steps in enumerate(step["options"])
            if can_steps(g, p, src, steps) and all(_has_target(g, p, s) for s in steps)]


def _has_target(g: GameState, p: int, step: Step) -> bool:
    return step["k"] != "add_res" or step["to"] == "self" or bool(
        add_targets(g, p, step["rtype"], step.get("tag")))


def _choose_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(open_options(g, p, src, step))


@step_kind("choose", can=_choose_ok)
def _choose(g: GameState, p: int, src: str | None, step: Step) -> None:
    options = open_options(g, p, src, step)
    if len(options) == 1:
        run_steps(g, p, step["options"][options[0]], src)
    elif options:
        ask(g, p, "option", "choose", options=step["options"], open=options, src=src)


@handler("choose")
def _chosen(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    run_steps(g, p, prompt["options"][response["option"]], prompt["src"])


# ---------------------------------------------------------------- custom
def _custom_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    from tm.vocab.custom import CUSTOM
    check = CUSTOM[step["fn"]][0]
    return check is None or check(g, p, src, step)


@step_kind("custom", can=_custom_ok)
def _custom(g: GameState, p: int, src: str | None, step: Step) -> None:
    from tm.vocab.custom import CUSTOM
    CUSTOM[step["fn"]][1](g, p, src, step)


# ---------------------------------------------------------------- dig the deck for a tag
def dig(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Reveal cards until ``count`` with the step's tag are found: those go to the hand,
    the others to the discard pile (set aside until the end, so they are not reshuffled
    into the cards being revealed)."""
    wanted, tag = amount(g, p, src, step["count"]), step["tag"]
    found: list[str] = []
    passed: list[str] = []
    while len(found) < wanted:
        drawn = draw_cards(g, 1)
        if not drawn:
            break  # deck and discard pile are both empty
        name = drawn[0]
        log(g, "revealed", player=p, card=name)
        (found if tag in card(name).tags else passed).append(name)
    g.discard.extend(passed)
    g.players[p].hand.extend(found)
    log(g, "draw", player=p, count=len(found))
