"""A short ``simulate`` run in every test run: random legal games keep every invariant."""
from __future__ import annotations

import pytest

from tm.sim import simulate


@pytest.mark.parametrize(("players", "draft"), [(1, False), (2, True), (3, False), (4, True),
                                                (5, False)])
def test_random_games_keep_every_invariant(players: int, draft: bool) -> None:
    report = simulate(2, players, seed=500 + players, draft=draft)
    assert report.failures == []
    assert report.games == 2 and report.moves > 0
    assert report.longest["action"] <= 60
