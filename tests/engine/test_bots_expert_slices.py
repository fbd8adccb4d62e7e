"""The expert thought in slices (the page's way, issue 31 item 2): :meth:`Expert.begin` and
:meth:`Thinking.step` reach the choice the one-shot search makes, with the same search
record, however the decisions are sliced; the expert is offered among the playing levels."""
from __future__ import annotations

from tm.bots import LEVELS, PLAYING_LEVELS, SEARCH_LEVELS, Bot
from tm.bots.expert import Budget, Expert, Thinking, make_bot
from tm.core.state import Options
from tm.game import Game

SMALL = Budget(samples=2, steps=120)


def _sliced(bot: Expert, view: dict, sizes: list[int]) -> tuple[Thinking, int]:
    """The decision of ``view`` by slices of the sizes given in turn; slices taken."""
    thinking = bot.begin(view)
    slices = 0
    while thinking.step(sizes[slices % len(sizes)]) is None:
        slices += 1
    return thinking, slices


def test_the_sliced_search_makes_the_one_shot_choice_at_every_decision() -> None:
    """Late in two games (where the expert searches), every decision of every seat: the
    same choice, reason, worth and search record by slices of 1, 7 or 25 decisions."""
    searched = 0
    for seed, players in ((4, 2), (9, 1)):
        game = Game.new(Options(players=players, seed=seed))
        hard = [Bot("hard", 10 + p) for p in range(players)]
        while not game.is_over:
            seat, prompt = game.pending[0]
            view = game.view(seat)
            late = game.state.generation >= (7 if players > 1 else 12)
            if late and prompt.kind == "action":
                whole, sliced = Expert(5, SMALL), Expert(5, SMALL)
                choice, reason = whole.think(view)
                sizes = [1, 7, 25][seat % 3:] + [1, 7]
                thinking, slices = _sliced(sliced, view, sizes)
                assert (thinking.choice, thinking.reason) == (choice, reason)
                assert sliced.worth == whole.worth
                assert sliced.search == whole.search
                assert not whole.failures and not sliced.failures  # (issue 47 item 4)
                if thinking.searching and whole.search is not None and whole.search.rollouts:
                    searched += 1
                    assert thinking.played == whole.search.steps
                    # (a search longer than the first slice is not done by it)
                    assert slices >= 1 or whole.search.steps <= sizes[0]
            game.respond(seat, hard[seat].decide(view))
    assert searched >= 5


def test_a_decision_that_needs_no_search_is_made_at_once() -> None:
    game = Game.new(Options(players=2, seed=3))
    plain = Budget(duel_buy=0)  # (else the setup's purchase is searched)
    thinking = Expert(1, plain).begin(game.view(0))
    assert not thinking.searching and thinking.choice is not None
    assert thinking.step(1) is thinking.choice
    assert thinking.choice == Expert(1, plain).decide(game.view(0))


def test_the_expert_is_a_playing_level_built_by_make_bot() -> None:
    assert PLAYING_LEVELS == ("easy", "normal", "hard", "expert")
    assert set(SEARCH_LEVELS) <= set(PLAYING_LEVELS)
    assert set(PLAYING_LEVELS) - set(SEARCH_LEVELS) <= set(LEVELS)
    assert isinstance(make_bot("expert", 3), Expert)
    assert type(make_bot("hard", 3)) is Bot
