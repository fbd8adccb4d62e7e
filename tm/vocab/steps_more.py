"""More step kinds of the card vocabulary: digging the deck for a tag, playing a card from
hand in the middle of another card, funding an award for free.

They are registered with :func:`tm.vocab.steps.step_kind` like every other kind; ``tm.game``
imports this module so the registry holds them before any game runs.
"""
from __future__ import annotations

from typing import Any

from tm.cards import card
from tm.cards.dsl import Step
from tm.cards.tableau import log
from tm.core.flow import ask, handler
from tm.core.state import GameState
from tm.rules import milestones
from tm.rules.play import start_play, why_not_playable
from tm.vocab.steps import amount, draw_cards, step_kind


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


# ---------------------------------------------------------------- play a card from hand
def playable_from_hand(g: GameState, p: int) -> list[str]:
    """Cards in ``p``'s hand that could be played now (one-shot modifiers counted)."""
    return [name for name in g.players[p].hand if why_not_playable(g, p, name) is None]


def _can_play_from_hand(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(playable_from_hand(g, p))


@step_kind("play_from_hand", can=_can_play_from_hand)
def _play_from_hand(g: GameState, p: int, src: str | None, step: Step) -> None:
    cards = playable_from_hand(g, p)
    if len(cards) == 1:
        start_play(g, p, cards[0])
    elif cards:
        ask(g, p, "card", "play_from_hand", cards=cards, src=src)


@handler("play_from_hand")
def _picked_to_play(g: GameState, p: int, prompt: dict[str, Any],
                    response: dict[str, Any]) -> None:
    start_play(g, p, response["card"])


# ---------------------------------------------------------------- an award for free
def fundable_awards(g: GameState) -> list[str]:
    """Awards that may be funded now (none in solo, none once three are funded)."""
    return [name for name in milestones.awards_in_play(g)
            if milestones.why_not_fund(g, name) is None]


def _can_fund(g: GameState, p: int, src: str | None, step: Step) -> bool:
    return bool(fundable_awards(g))


@step_kind("fund_award", can=_can_fund)
def _fund_award(g: GameState, p: int, src: str | None, step: Step) -> None:
    awards = fundable_awards(g)
    if len(awards) == 1:
        fund_free(g, p, awards[0])
    elif awards:
        ask(g, p, "option", "fund_award_free", options=[[] for _ in awards],
            open=list(range(len(awards))), src=src, awards=awards,
            labels=[{"key": "fund_award", "award": name, "cost": 0} for name in awards])


@handler("fund_award_free")
def _funded(g: GameState, p: int, prompt: dict[str, Any], response: dict[str, Any]) -> None:
    fund_free(g, p, prompt["awards"][response["option"]])


def fund_free(g: GameState, p: int, name: str) -> None:
    """Fund an award at no cost; it counts among the three funded (R-ACT-4)."""
    g.awards.append([name, p])
    log(g, "award", player=p, award=name)
