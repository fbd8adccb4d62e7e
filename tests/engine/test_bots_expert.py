"""The expert level (issue 31 item 2): the hard policy with rollouts at the action menu over
games sampled from the seat's view."""
from __future__ import annotations

import pytest

from tm.bots import FEATURES, Bot
from tm.bots.expert import Budget, Expert
from tm.bots.policy import IDLE_MC, SLACK, STOPS, Mind
from tm.bots.values import Judge
from tm.core.state import Options
from tm.game import Game
from tm.view_model import GameView

SMALL = Budget(top=2, samples=1)


def _searched_position(seed: int = 11, expansions: tuple[str, ...] = ()
                       ) -> tuple[Game, int, GameView]:
    """A 2-player game played by hard bots up to an action menu (generation 2 or later)
    where the expert searches (its candidates are not settled by the hard scores alone);
    with ``expansions``, one where a trade is listed too."""
    game = Game.new(Options(players=2, seed=seed, expansions=["corpera", *expansions]))
    bots = [Bot("hard", 1), Bot("hard", 2)]
    while not game.is_over:
        seat, prompt = game.pending[0]
        view = game.view(seat)
        listed = {c["type"] for c in view["you"]["decision"]["choices"]}
        if (game.state.generation >= 2 and prompt.kind == "action"
                and (not expansions or "trade" in listed)):
            probe = Expert(3, budget=SMALL)
            probe.think(view)
            if probe.search is not None and probe.search.rollouts:
                return game, seat, view
        game.respond(seat, bots[seat].decide(view))
    raise AssertionError("no searched decision in the game")


def test_expert_decision_is_deterministic_for_its_seed() -> None:
    _, _, view = _searched_position()
    first = Expert(7, budget=SMALL)
    again = Expert(7, budget=SMALL)
    assert first.think(view) == again.think(view)
    assert first.search.means == again.search.means


@pytest.mark.parametrize("expansions", [(), ("colonies",)])
def test_expert_never_reads_the_hidden_information(expansions: tuple[str, ...]) -> None:
    """Two games that differ only in what the seat cannot see (the other hand, the deck's
    order) get the same decision and the same rollout values (issue 31 item 1's rule);
    with Colonies, at an action menu that lists trades (issue 47: their worth)."""
    game, seat, view = _searched_position(expansions=expansions)
    other = game.copy()
    state = other.state
    them = state.players[1 - seat]
    pool = list(them.hand) + list(state.deck)
    pool.reverse()  # the same cards, another order and another split
    them.hand, state.deck = pool[:len(them.hand)], pool[len(them.hand):]
    assert them.hand != game.state.players[1 - seat].hand
    assert other.view(seat) == view
    real = Expert(5, budget=SMALL)
    changed = Expert(5, budget=SMALL)
    assert real.think(view) == changed.think(other.view(seat))
    assert real.search.means == changed.search.means


def test_expert_budget_is_respected() -> None:
    _, _, view = _searched_position()
    for budget in (Budget(top=2, samples=1), Budget(top=3, samples=2), Budget(top=1, samples=3)):
        bot = Expert(9, budget=budget)
        bot.think(view)
        assert bot.search is not None and 0 <= bot.search.rollouts <= budget.rollouts
    single = Expert(9, budget=Budget(top=1, samples=3))
    single.think(view)
    assert single.search is not None
    assert single.search.rollouts == 0  # one candidate: nothing to compare, no rollout


def test_expert_finishes_a_short_game() -> None:
    """Solo, hard plays to generation 12; the expert takes the seat to the end."""
    game = Game.new(Options(players=1, seed=21))
    hard, expert = Bot("hard", 1), Expert(1, budget=SMALL)
    searched = 0
    while not game.is_over:
        assert len(game.moves) < 3000
        seat, _ = game.pending[0]
        bot = expert if game.state.generation >= 12 else hard
        game.respond(seat, bot.decide(game.view(seat)))
        if bot is expert and expert.search is not None:
            searched += expert.search.rollouts
    assert game.is_over and game.state.generation >= 12
    assert searched > 0
    assert not expert.failures  # nothing raised inside its searches (issue 47 item 4)


def test_hard_never_passes_with_idle_money_while_an_action_is_near_break_even() -> None:
    """Issue 31 item 4: before the last generation, holding 40 MC or more, hard does not
    pass while an action (not selling patents) is scored within SLACK of break-even."""
    game = Game.new(Options(players=2, seed=5003))
    bots = [Bot("hard", 1), Bot("hard", 2)]
    rich = []
    while not game.is_over:
        seat, prompt = game.pending[0]
        view = game.view(seat)
        choice = bots[seat].decide(view)
        if prompt.kind == "action" and choice["type"] == "pass":
            mind = Mind(view, Judge(view, True, FEATURES["hard"]), lambda: 0.0, True)
            if (int(view["players"][seat]["res"]["megacredits"]) >= IDLE_MC
                    and not mind.judge.outlook.final and mind.judge.outlook.gl >= 1):
                rich.append(max((mind.scores.action_score(c) for c in mind.choices
                                 if c["type"] not in STOPS
                                 and c.get("project") != "sell_patents"), default=-99.0))
        game.respond(seat, choice)
    assert all(best < -SLACK for best in rich)
