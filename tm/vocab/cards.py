"""Step kinds of cards: drawing (and digging for a tag), keeping, card resources (add, spend,
take, remove) and the red-bordered production reductions (R-PROD-3)."""
from __future__ import annotations

from typing import Any

from tm.cards import card
from tm.cards.dsl import Step
from tm.cards.tableau import card_price, has_effect, resource_cards
from tm.core.contract import CardAsk, CardsAsk, PlayerAsk
from tm.core.deck import draw_cards, reveal_cards
from tm.core.flow import ask, handler
from tm.core.ledger import log
from tm.core.responses import CardResponse, CardsResponse, NoneResponse, PlayerResponse
from tm.core.state import NEUTRAL, GameState
from tm.vocab.kinds import PROD_FLOOR, amount, step_kind
from tm.vocab.payment import can_afford


# ---------------------------------------------------------------- cards
@step_kind("draw")
def _draw(g: GameState, p: int, src: str | None, step: Step) -> None:
    if step.get("tag"):
        dig(g, p, src, step)
        return
    pl = g.players[p]
    drawn = draw_cards(g, amount(g, p, src, step["count"]), p)
    log(g, "draw", player=p, count=len(drawn))
    if step.get("buy"):
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
def _keep_cards(g: GameState, p: int, prompt: CardAsk | CardsAsk,
                response: CardResponse | CardsResponse) -> None:
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
def _add_res_to(g: GameState, p: int, prompt: CardAsk, response: CardResponse) -> None:
    add_card_resource(g, p, response["card"], prompt["count"])


def add_card_resource(g: GameState, p: int, name: str, count: int) -> None:
    """Put resources on one of player ``p``'s cards."""
    pl = g.players[p]
    pl.card_res[name] = pl.card_res.get(name, 0) + count
    log(g, "card_res", player=p, card=name, count=count)


def _spend_here_ok(g: GameState, p: int, src: str | None, step: Step) -> bool:
    needed: int = step["count"]
    return g.players[p].card_res.get(src or "", 0) >= needed


@step_kind("spend_here", can=_spend_here_ok)
def _spend_here(g: GameState, p: int, src: str | None, step: Step) -> None:
    g.players[p].card_res[src or ""] -= step["count"]
    log(g, "card_res", player=p, card=src or "", count=-step["count"])


def take_targets(g: GameState, p: int, rtype: str, count: int) -> list[list[Any]]:
    """[owner, card] pairs holding enough ``rtype`` that ``p`` may take from."""
    found = []
    for pl in g.players:
        for name in resource_cards(pl, rtype):
            if pl.card_res.get(name, 0) >= count and not _protected(g, pl.index, p, name):
                found.append([pl.index, name])
    return found


def _protected(g: GameState, owner: int, taker: int, name: str) -> bool:
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
def _took(g: GameState, p: int, prompt: CardAsk, response: CardResponse) -> None:
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
def _reduced(g: GameState, p: int, prompt: PlayerAsk, response: PlayerResponse) -> None:
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
def _removed(g: GameState, p: int, prompt: PlayerAsk,
             response: PlayerResponse | NoneResponse) -> None:
    if response["type"] == "none" or response["player"] == NEUTRAL:
        return
    target = response["player"]
    step = prompt["step"]
    pl = g.players[target]
    taken = min(step["count"], pl.res[step["res"]])
    pl.res[step["res"]] -= taken
    log(g, "res_removed", player=p, target=target, res=step["res"], count=taken)




# ---------------------------------------------------------------- dig the deck for a tag
def dig(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Reveal cards until ``count`` with the step's tag are found: those go to the hand,
    the others to the discard pile (set aside until the end, so they are not reshuffled
    into the cards being revealed)."""
    wanted, tag = amount(g, p, src, step["count"]), step["tag"]
    found: list[str] = []
    passed: list[str] = []
    while len(found) < wanted:
        drawn = reveal_cards(g, 1, p)  # shown to everyone
        if not drawn:
            break  # deck and discard pile are both empty
        name = drawn[0]
        log(g, "revealed", player=p, card=name)
        (found if tag in card(name).tags else passed).append(name)
    g.discard.extend(passed)
    g.players[p].hand.extend(found)
    log(g, "draw", player=p, count=len(found))
