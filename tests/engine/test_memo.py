"""Answers remembered while a view is built (tm.core.memo): the same view as without them."""
from __future__ import annotations

from contextlib import nullcontext

import pytest

from tm.core import memo
from tm.sim import play_random_game
from tm.view import view_for


def test_a_view_built_with_remembered_answers_equals_one_built_without(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = play_random_game(players=3, seed=8, max_moves=260)
    remembered = [view_for(game.state, p) for p in range(3)]
    monkeypatch.setattr(memo, "reading", nullcontext)
    assert [view_for(game.state, p) for p in range(3)] == remembered


def test_answers_are_remembered_only_inside_a_reading_pass() -> None:
    asked: list[int] = []

    @memo.remembered
    def square(n: int) -> list[int]:
        asked.append(n)
        return [n * n]

    assert square(3) == square(3) == [9] and asked == [3, 3]
    with memo.reading():
        first = square(4)
        first.append(0)  # (a caller's copy: the remembered answer is unchanged)
        assert square(4) == [16] and square(n=4) == [16]
    assert asked == [3, 3, 4, 4]


def test_an_answer_keeps_its_arguments_alive_so_no_new_object_takes_their_id() -> None:
    @memo.remembered
    def size(items: list[int]) -> int:
        return len(items)

    with memo.reading():
        for count in range(1, 50):  # each list is a temporary: freed ids come back
            assert size(list(range(count))) == count
