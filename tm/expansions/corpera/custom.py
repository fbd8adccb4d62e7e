"""Named functions for the Corporate Era cards (``tm.expansions.corpera.cards``) with code.

Mars University (swap a hand card per science tag), Viral Enhancers (a plant or
a resource on the card just played), Sabotage and Hired Raiders (an opponent
loses, or you steal, some of a resource), Virus (animals off any card), CEO's
Favorite Project (a resource onto a card already holding some), Robotic
Workforce (run a building card's production box again) and Land Claim (reserve
a land space). Mining Area shares Mining Rights' step (``tm.expansions.base.custom``).
Each is registered with :func:`tm.vocab.custom.custom_step`; queued work stays data.
"""
from __future__ import annotations

from tm.cards import card
from tm.cards.dsl import Step, add_res, choose, gain
from tm.cards.tableau import resource_cards
from tm.core.contract import CardAsk, CardsAsk, PlayerAsk, SpaceAsk
from tm.core.deck import draw_cards
from tm.core.flow import ask, handler, run_steps
from tm.core.ledger import change_res, log
from tm.core.responses import (
    CardResponse,
    CardsResponse,
    NoneResponse,
    PlayerResponse,
    SpaceResponse,
)
from tm.core.ruleset import rules_of
from tm.core.state import NEUTRAL, GameState
from tm.vocab.cards import add_card_resource, take_targets
from tm.vocab.choices import open_options
from tm.vocab.custom import custom_step
from tm.vocab.kinds import can_steps

PROD_BOX_KINDS = ("prod", "reduce_prod")
PROD_BOX_CUSTOM = ("prod_of_the_metal_under_the_tile",)  # Mining Rights, Mining Area


# ---------------------------------------------------------------- Mars University
@custom_step("may_discard_a_card_to_draw_one")
def _mars_university(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Optional: pick one hand card to discard, then draw one."""
    hand = g.players[p].hand
    if hand:
        ask(g, p, "cards", "discard_to_draw", cards=list(hand), min=0, max=1)


@handler("discard_to_draw")
def _swapped(g: GameState, p: int, prompt: CardsAsk, response: CardsResponse) -> None:
    pl = g.players[p]
    for name in response["cards"]:
        if name in pl.hand:
            pl.hand.remove(name)
            g.discard.append(name)
            drawn = draw_cards(g, 1, p)
            pl.hand.extend(drawn)
            log(g, "draw", player=p, count=len(drawn))


# ---------------------------------------------------------------- Viral Enhancers
@custom_step("plant_or_resource_on_the_played_card")
def _viral_enhancers(g: GameState, p: int, src: str | None, step: Step) -> None:
    """1 plant, or 1 resource onto the card just played if it holds animals or microbes.

    The choice runs for the played card (its resource goes "here"), and also names
    Viral Enhancers as its ``cause`` (in the prompt and in each option's label): the page
    asks "for Viral Enhancers" and names the card the resource goes to, rather than
    crediting the played card with the choice."""
    played = step.get("played")
    pl = g.players[p]
    if played in pl.played and card(played).resource in ("animal", "microbe"):
        step_ = choose([gain(plants=1)], [add_res(1)])
        options = open_options(g, p, played, step_)
        if len(options) == 1:
            run_steps(g, p, step_["options"][options[0]], played)
        elif options:
            labels = [{"key": "steps", "steps": option, "src": played, "cause": src}
                      for option in step_["options"]]
            ask(g, p, "option", "choose", options=step_["options"], open=options, src=played,
                cause=src, labels=labels)
    else:
        change_res(g, p, {"plants": 1}, card=src)


# ---------------------------------------------------------------- Sabotage, Hired Raiders
def rob_targets(g: GameState, p: int, resource: str) -> list[int]:
    """Opponents holding some ``resource``; in solo the neutral player too (R-SOLO-4)."""
    found = [pl.index for pl in g.players if pl.index != p and pl.res[resource] > 0]
    if len(g.players) == 1:
        found.append(NEUTRAL)
    return found


def _rob(g: GameState, p: int, step: Step, steal: bool) -> None:
    targets = rob_targets(g, p, step["res"])
    if targets:  # "up to": the player may also pick nobody (R-PROD-3)
        ask(g, p, "player", "rob", players=targets, optional=True, res=step["res"],
            count=step["count"], steal=steal)


@custom_step("opponent_loses_up_to")
def _sabotage(g: GameState, p: int, src: str | None, step: Step) -> None:
    _rob(g, p, step, steal=False)


@custom_step("steal_up_to_from_opponent")
def _hired_raiders(g: GameState, p: int, src: str | None, step: Step) -> None:
    _rob(g, p, step, steal=True)


@handler("rob")
def _robbed(g: GameState, p: int, prompt: PlayerAsk,
            response: PlayerResponse | NoneResponse) -> None:
    if response["type"] == "none":
        return
    target = response["player"]
    res, count = prompt["res"], prompt["count"]
    if target == NEUTRAL:  # solo: the neutral player has nothing to lose but pays a thief
        taken = count if prompt["steal"] else 0
    else:
        taken = min(count, g.players[target].res[res])
        g.players[target].res[res] -= taken
    if prompt["steal"]:
        g.players[p].res[res] += taken
    log(g, "res_removed", player=p, target=target, res=res, count=taken,
        **({"steal": True} if prompt["steal"] else {}))


# ---------------------------------------------------------------- Virus
def _animals_out(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(take_targets(g, p, "animal", 1))


@custom_step("remove_animals_from_any_card", can=_animals_out)
def _virus(g: GameState, p: int, src: str | None, step: Step) -> None:
    """Up to ``count`` animals off one card (protected cards excluded)."""
    targets = take_targets(g, p, "animal", 1)
    ask(g, p, "card", "remove_animals", cards=[name for _, name in targets],
        owners=[owner for owner, _ in targets], count=step["count"])


@handler("remove_animals")
def _infected(g: GameState, p: int, prompt: CardAsk, response: CardResponse) -> None:
    name = response["card"]
    owner = g.players[prompt["owners"][prompt["cards"].index(name)]]
    taken = min(prompt["count"], owner.card_res.get(name, 0))
    owner.card_res[name] -= taken
    log(g, "card_res", player=owner.index, card=name, count=-taken)


# ---------------------------------------------------------------- CEO's Favorite Project
def stocked_cards(g: GameState, p: int) -> list[str]:
    """The player's cards that already hold at least one resource."""
    pl = g.players[p]
    return [name for name in resource_cards(pl) if pl.card_res.get(name, 0) > 0]


def _has_stocked(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(stocked_cards(g, p))


@custom_step("add_to_a_card_holding_resources", can=_has_stocked)
def _ceos_favorite(g: GameState, p: int, src: str | None, step: Step) -> None:
    targets = stocked_cards(g, p)
    if len(targets) == 1:
        add_card_resource(g, p, targets[0], step["count"])
    else:
        ask(g, p, "card", "add_res", cards=targets, count=step["count"])


# ---------------------------------------------------------------- Robotic Workforce
def production_box(name: str) -> list[Step]:
    """The production steps of a card's play (its printed production box)."""
    return [s for s in card(name).play
            if s["k"] in PROD_BOX_KINDS or (s["k"] == "custom" and s["fn"] in PROD_BOX_CUSTOM)]


def copyable(g: GameState, p: int) -> list[str]:
    """Your building cards in play whose production box can be applied now (R-PROD-2)."""
    return [name for name in g.players[p].played
            if "building" in card(name).tags and production_box(name)
            and can_steps(g, p, name, production_box(name))]


def _can_copy(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(copyable(g, p))


@custom_step("copy_a_building_production_box", can=_can_copy)
def _robotic_workforce(g: GameState, p: int, src: str | None, step: Step) -> None:
    names = copyable(g, p)
    if len(names) == 1:
        run_steps(g, p, production_box(names[0]), names[0])
    else:
        ask(g, p, "card", "copy_production", cards=names)


@handler("copy_production")
def _copied(g: GameState, p: int, prompt: CardAsk, response: CardResponse) -> None:
    run_steps(g, p, production_box(response["card"]), response["card"])


# ---------------------------------------------------------------- Land Claim
def claimable(g: GameState) -> list[str]:
    """Free land spaces not reserved for a card, with no tile and no claim."""
    return [sp.id for sp in rules_of(g).map.spaces.values()
            if sp.kind == "land" and sp.reserved_for is None and sp.id not in g.board]


def _any_claimable(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(claimable(g))


@custom_step("claim_a_land_space", can=_any_claimable)
def _land_claim(g: GameState, p: int, src: str | None, step: Step) -> None:
    ask(g, p, "space", "claim_land", spaces=claimable(g), tile="claim")


@handler("claim_land")
def _claimed(g: GameState, p: int, prompt: SpaceAsk, response: SpaceResponse) -> None:
    """Only the claimant may place a tile here later (``board._free_for``)."""
    g.board[response["space"]] = {"tile": None, "owner": None, "claim": p}
    log(g, "land_claim", player=p, space=response["space"])
