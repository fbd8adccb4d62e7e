"""The generation as a table of phases, and the controller that moves between them.

``advance`` runs whenever every decision queue is empty: it looks up the
current phase and either queues the next decision or moves to the next phase
(R-GEN-1: player order, research, action, production).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tm.board import parameters
from tm.board import placement as board
from tm.cards import BEGINNER, card, corporation_deck
from tm.cards.tableau import CARD_PRICE, card_price
from tm.core import ruleset as expansions
from tm.core.contract import CardAsk, CardsAsk, OptionAsk, SetupAsk
from tm.core.dealing import deal_of
from tm.core.deck import draw_cards
from tm.core.flow import ask, handler, push
from tm.core.ledger import change_res, log
from tm.core.responses import CardResponse, CardsResponse, OptionResponse, SetupResponse
from tm.core.ruleset import rules_of
from tm.core.sealed import replaced
from tm.core.state import GameState
from tm.rules.action_checks import plant_cost
from tm.rules.play import apply_corporation
from tm.vocab.payment import budget, pay_op
from tm.vocab.tiles import place_op

RESEARCH_DRAW = 4


# ---------------------------------------------------------------- setup
def deal(g: GameState) -> None:
    """R-SETUP-4: two corporations and ten cards each, chosen together and in secret;
    beginners take theirs at once. Expansions may deal more cards to keep some of in the
    same decision (R-PRE-1: four preludes, keep two); a beginner then decides only that."""
    expansions.run_hooks(g, "setup")
    for pl in g.players:
        pl.offer = draw_cards(g, 10, pl.index)
        if pl.index in g.options.beginners:
            apply_corporation(g, pl.index, BEGINNER)
            pl.hand.extend(pl.offer)  # the beginner corporation keeps all ten for free
            pl.offer = []
            corporations: list[str] = []
        else:
            pl.dealt_corps = corporations = _deal_corporations(g, pl.index)
        offers = expansions.deal_offers(g, pl.index)
        if not corporations and not offers:
            continue
        extra: dict[str, Any] = {"offers": offers} if offers else {}
        prices = [card_price(pl, c) for c in corporations if deal_of(g).readable(c)]
        if any(price != CARD_PRICE for price in prices):  # Polyphemos: its own card price
            extra["prices"] = prices
        ask(g, pl.index, "setup", "setup", corporations=list(corporations),
            starting_mc=[_starting_mc(g, c) for c in corporations], cards=list(pl.offer),
            price=CARD_PRICE, corporation=None, **extra)


def _deal_corporations(g: GameState, p: int) -> list[str]:
    """Two corporations for ``p`` (R-SETUP-4); a sealed game's from ``p``'s pile."""
    deal = deal_of(g)
    drawn = (deal.draw(g, "corporation", p, g.corp_deck) for _ in range(2))
    return [name for name in drawn if name is not None]


def _starting_mc(g: GameState, name: str) -> int:
    """A dealt corporation's starting MC; for a sealed one (a token, the same on every
    device) the most any corporation of the game starts with: the others' devices check
    its purchase against that bound, its owner's against its own (tm.prompts.sealed)."""
    if not deal_of(g).readable(name):
        return max(card(c).starting_mc for c in corporation_deck(rules_of(g).card_sets))
    return card(name).starting_mc


@handler("setup")
def _setup_chosen(g: GameState, p: int, prompt: SetupAsk, response: SetupResponse) -> None:
    """Kept secret until every player has chosen (``_advance_setup`` reveals them)."""
    choice: dict[str, Any] = {"corporation": response["corporation"],
                              "cards": list(response["cards"])}
    if prompt.get("offers"):
        choice["kept"] = response["kept"]
        choice["offers"] = [{"name": o["name"], "cards": list(o["cards"])}
                            for o in prompt["offers"]]
    g.players[p].setup_choice = choice


def _reveal_setup(g: GameState) -> None:
    """Everyone has chosen: corporations and purchases are revealed and applied in order
    (a sealed game's corporations and kept cards of offers are shown to all first)."""
    g.reveals += 1
    for pl in g.players:
        choice, pl.setup_choice = pl.setup_choice, {}
        if not choice:
            continue
        choice = _shown_choice(g, pl.index, choice)
        bought = choice["cards"]
        pl.hand.extend(bought)
        g.discard.extend(c for c in pl.offer if c not in bought)
        pl.offer, pl.dealt_corps = [], []
        if bought:  # at the chosen corporation's price (Polyphemos: 5)
            price = card_price(pl, choice["corporation"]) * len(bought)
            push(g, pl.index, pay_op(pl.index, price, for_={"cards": len(bought)}))
        if choice["corporation"] is not None:  # a beginner chose only what offers hold
            apply_corporation(g, pl.index, choice["corporation"])
            log(g, "bought", player=pl.index, count=len(bought))
        expansions.take_offers(g, pl.index, choice.get("offers", []), choice.get("kept", {}))


def shown_at_setup(choice: dict[str, Any]) -> list[str]:
    """What a setup choice shows to all at the reveal: the corporation and the kept cards
    of its offers (preludes); never the bought project cards, nor the offers let go."""
    if not choice:
        return []
    return [choice["corporation"], *(c for kept in choice.get("kept", {}).values()
                                     for c in kept)]


def _shown_choice(g: GameState, p: int, choice: dict[str, Any]) -> dict[str, Any]:
    """A seat's setup choice with its corporation and the kept cards of its offers shown
    (a sealed game's named, recorded as shown); the bought project cards stay tokens."""
    deal = deal_of(g)
    names = {text: deal.show(g, text, p) for text in shown_at_setup(choice)}
    return {key: replaced(value, names) if key != "cards" else value
            for key, value in choice.items()}


def offer_max(g: GameState, p: int, offered: int) -> int:
    """How many offered cards the player can pay for."""
    return min(offered, budget(g, p) // card_price(g.players[p]))


@handler("buy_cards")
def _buy_cards(g: GameState, p: int, prompt: CardsAsk, response: CardsResponse) -> None:
    pl = g.players[p]
    bought = response["cards"]
    price = prompt.get("price", CARD_PRICE)
    pl.hand.extend(bought)
    rest = [c for c in prompt["cards"] if c not in bought]
    g.discard.extend(rest)
    pl.offer = []
    log(g, "bought", player=p, count=len(bought), discarded=len(rest))
    if bought and price:
        push(g, p, pay_op(p, price * len(bought), for_={"cards": len(bought)}))


def _offer(g: GameState, p: int) -> None:
    pl = g.players[p]
    ask(g, p, "cards", "buy_cards", cards=list(pl.offer), min=0,
        max=offer_max(g, p, len(pl.offer)), price=card_price(pl))


def _advance_setup(g: GameState) -> bool:
    if any(pl.setup_choice for pl in g.players):
        _reveal_setup(g)
    elif g.phase == "setup":
        g.phase = "after_reveal"
        expansions.run_hooks(g, "after_reveal")  # e.g. preludes, before the first action
    else:
        start_generation_actions(g)
    return True


# ---------------------------------------------------------------- research and draft
def start_research(g: GameState) -> None:
    """R-GEN-3 / R-GEN-4: deal four to each player, drafted when the variant is on."""
    drafting = g.options.draft and len(g.players) > 1
    log(g, "research", generation=g.generation)
    for pl in g.players:
        cards = draw_cards(g, RESEARCH_DRAW, pl.index)
        if drafting:
            pl.draft_hand, pl.drafted = cards, []
        else:
            pl.offer = cards
            _offer(g, pl.index)
    if drafting:
        g.phase, g.draft_round = "draft", 0
        for pl in g.players:
            _ask_draft(g, pl.index)
    else:
        g.phase = "research"


def _ask_draft(g: GameState, p: int) -> None:
    ask(g, p, "card", "draft", cards=list(g.players[p].draft_hand))


@handler("draft")
def _drafted(g: GameState, p: int, prompt: CardAsk, response: CardResponse) -> None:
    pl = g.players[p]
    pick = response["card"]
    pl.draft_hand.remove(pick)
    pl.drafted.append(pick)


def draft_direction(g: GameState) -> int:
    """R-GEN-4: where drafted hands go, +1 (to the next seat, "left") in even generations,
    -1 in odd ones."""
    return 1 if g.generation % 2 == 0 else -1


def _advance_draft(g: GameState) -> bool:
    count = len(g.players)
    direction = draft_direction(g)
    hands = [pl.draft_hand for pl in g.players]
    for pl in g.players:
        pl.draft_hand = hands[(pl.index - direction) % count]
    g.draft_round += 1
    g.reveals += 1  # each player now sees the cards a neighbour passed
    if len(g.players[0].draft_hand) > 1:
        for pl in g.players:
            _ask_draft(g, pl.index)
        return True
    g.phase = "research"
    for pl in g.players:
        pl.offer, pl.drafted, pl.draft_hand = pl.drafted + pl.draft_hand, [], []
        _offer(g, pl.index)
    return True


def _advance_research(g: GameState) -> bool:
    start_generation_actions(g)
    return True


# ---------------------------------------------------------------- actions
def start_generation_actions(g: GameState) -> None:
    """Begin the action phase with the first player (R-GEN-5)."""
    g.phase = "action"
    g.active = g.first_player
    g.actions_this_turn = 0
    for pl in g.players:
        pl.passed = False
    log(g, "generation", generation=g.generation, first=g.first_player)


def _next_player(g: GameState) -> int | None:
    count = len(g.players)
    for offset in range(1, count + 1):
        candidate = (g.active + offset) % count
        if not g.players[candidate].passed:
            return candidate
    return None


def _advance_action(g: GameState) -> bool:
    pl = g.players[g.active]
    if pl.passed or g.actions_this_turn >= 2:
        nxt = _next_player(g)
        if nxt is None:
            production(g)
            return True
        g.active, g.actions_this_turn = nxt, 0
    if g.actions_this_turn == 0:  # a turn begins: the log groups its records under it
        log(g, "turn", player=g.active, generation=g.generation)
    ask(g, g.active, "action", "action")
    return True


# ---------------------------------------------------------------- production and the end
def production(g: GameState) -> None:
    """R-GEN-6: energy to heat, then income; then the end check or a new generation."""
    log(g, "production", generation=g.generation)
    for pl in g.players:
        income(g, pl.index)
        pl.used_actions = []
    expansions.run_hooks(g, "generation_end")
    if is_last_generation(g):
        begin_final_greenery(g)
    else:
        g.generation += 1
        g.first_player = (g.first_player + 1) % len(g.players)  # R-GEN-2
        start_research(g)


def income(g: GameState, p: int) -> None:
    """One player's production phase (R-GEN-6), logged as one record: the energy that
    became heat, then MC = TR + MC production and one of each resource per step."""
    pl = g.players[p]
    energy = pl.res["energy"]
    pl.res["heat"] += energy
    pl.res["energy"] = 0
    gained = {"megacredits": pl.tr + pl.prod["megacredits"],
              **{r: pl.prod[r] for r in ("steel", "titanium", "plants", "energy", "heat")}}
    for r, n in gained.items():
        pl.res[r] += n
    log(g, "income", player=p, res={r: n for r, n in gained.items() if n}, tr=pl.tr,
        mc_prod=pl.prod["megacredits"], energy_to_heat=energy)


def is_last_generation(g: GameState) -> bool:
    """R-END-1; solo: a fixed number of generations (``rules_of(g).solo_generations``), R-SOLO-3."""
    if len(g.players) == 1:
        return g.generation >= rules_of(g).solo_generations
    return parameters.all_maxed(g)


def begin_final_greenery(g: GameState) -> None:
    """R-END-1 / R-SOLO-3: in player order, plants into greeneries; solo only when won."""
    g.phase = "final_greenery"
    log(g, "final_greenery")
    count = len(g.players)
    order = [(g.first_player + i) % count for i in range(count)]
    g.final_greenery = order if count > 1 or parameters.all_maxed(g) else []


def _can_convert(g: GameState, p: int) -> bool:
    return g.players[p].res["plants"] >= plant_cost(g, p) and bool(
        board.legal_spaces(g, p, "greenery", "greenery"))


def _advance_final(g: GameState) -> bool:
    while g.final_greenery and not _can_convert(g, g.final_greenery[0]):
        g.final_greenery.pop(0)
    if not g.final_greenery:
        g.phase, g.over = "over", True
        log(g, "game_over")
        return False
    p = g.final_greenery[0]
    g.active = p
    ask(g, p, "option", "final_greenery", options=[["greenery"], ["done"]], open=[0, 1], src=None,
        labels=[{"key": "final_greenery", "plants": plant_cost(g, p)}, {"key": "done"}])
    return True


@handler("final_greenery")
def _final(g: GameState, p: int, prompt: OptionAsk, response: OptionResponse) -> None:
    if response["option"] == 1:
        g.final_greenery.pop(0)
        return
    change_res(g, p, {"plants": -plant_cost(g, p)}, "spent")
    push(g, p, place_op(p, "greenery", "greenery", None, None))


def _advance_over(g: GameState) -> bool:
    return False


PHASES: dict[str, Callable[[GameState], bool]] = {
    "setup": _advance_setup,
    "after_reveal": _advance_setup,
    "draft": _advance_draft,
    "research": _advance_research,
    "action": _advance_action,
    "final_greenery": _advance_final,
    "over": _advance_over,
}


def advance(g: GameState) -> bool:
    """Move the game on when no decision is waiting; False when it is over."""
    return PHASES[g.phase](g)
