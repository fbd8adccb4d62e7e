"""The expert's search is honest about itself (issue 47 item 4): what raises inside it is
counted on the bot and reported by tournaments, never hidden behind the hard policy's
move; and it never weighs passing while rich with an action scored above zero listed."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tm.bots import FEATURES, Bot
from tm.bots import rollouts as rollouts_module
from tm.bots.expert import Budget, Expert, candidates, must_act
from tm.bots.policy import IDLE_MC, STOPS, Mind
from tm.bots.tournament import (
    HELD_OUT_DEALS,
    SPENT_DEALS,
    TUNING_DEALS,
    Result,
    play,
    report,
    run_games,
)
from tm.bots.values import Judge
from tm.core.state import Options
from tm.game import Game
from tm.testing import set_resources
from tm.view_model import GameView

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts import bots_table  # noqa: E402


def _refusing_sampler(*_: object, **__: object) -> Game:
    raise RuntimeError("a sampler bug")


def test_a_failure_inside_the_search_is_counted_on_the_bot_and_reported(monkeypatch) -> None:
    monkeypatch.setattr(rollouts_module, "sample_game", _refusing_sampler)
    result = run_games([(Options(players=1, seed=31), ["expert"])])
    assert result.games == 1 and not result.failures  # played on by the hard policy, ...
    failures = result.search_failures["expert"]
    assert failures and all(f.startswith("RuntimeError: a sampler bug at ") for f in failures)
    lines = report(result, type("Args", (), {"players": 1, "level": "expert", "vs": None}))
    assert f"bots: 1 games, 0 failures, {len(failures)} failures inside searches" in lines
    assert any(line.startswith("FAIL in a search of expert: RuntimeError") for line in lines)


def _rich_positive(seed: int = 21) -> tuple[GameView, Mind]:
    """A solo action menu from generation 6, the seat given 60 MC, where an action other
    than selling patents is scored above zero."""
    game = Game.new(Options(players=1, seed=seed))
    hard = Bot("hard", 1)
    while not game.is_over:
        _, prompt = game.pending[0]
        if game.state.generation >= 6 and prompt.kind == "action":
            set_resources(game, 0, megacredits=60)
            view = game.view(0)
            mind = Mind(view, Judge(view, True, FEATURES["hard"]), lambda: 0.0, True)
            if any(mind.scores.action_score(c) > 0 for c in mind.choices
                   if c["type"] not in STOPS and c.get("project") != "sell_patents"):
                return view, mind
        game.respond(0, hard.decide(game.view(0)))
    raise AssertionError("no rich action menu with a positive action")


def test_the_expert_never_passes_rich_while_an_action_scored_above_zero_is_listed() -> None:
    """Even where the search would take any other candidate over the hard pick (a margin
    far below zero), passing is not among them: no rich pass (issue 47: 12 in 250)."""
    view, mind = _rich_positive()
    assert int(view["players"][0]["res"]["megacredits"]) >= IDLE_MC and must_act(mind)
    assert all(mind.choices[i]["type"] != "pass" for _, i in candidates(mind, 10))
    bot = Expert(3, budget=Budget(samples=1, steps=150, margin=-10 ** 6))
    assert bot.decide(view)["type"] != "pass"
    assert bot.search is not None and bot.search.rollouts >= 2 and not bot.failures


def test_expert_games_count_no_search_failure_and_no_rich_pass() -> None:
    """A solo expert game with Prelude and Colonies where the search passed rich before
    :func:`must_act` (once, with 40 MC or more in generation 10 or earlier): nothing raised
    inside its searches, no rich pass with a positive action listed."""
    result = Result()
    expansions = ["corpera", "prelude", "colonies"]
    play(Options(players=1, seed=7000, expansions=expansions), ["expert"], 0, result)
    assert result.search_failures == {"expert": []}
    assert result.rich_passes_positive.get("expert", 0) == 0


def test_the_strength_table_prints_each_row_with_its_deals_count_and_interval(capsys) -> None:
    """Issue 47 item 5: one script prints the README's table on held-out deals only, each
    row with its deals, its games and 95 % intervals (a small run: the normal level, one
    deal)."""
    assert bots_table.main(["--level", "normal", "--deals", "1", "--only", "solo,3p"]) == 0
    out = capsys.readouterr().out
    assert "held-out deals 200,000–200,000" in out and "tuning deals 1–99,999" in out
    rows = [line for line in out.splitlines() if line.startswith("| solo") or "3 seats" in line]
    assert len(rows) == 2 and all("| 200,000–200,000 |" in row for row in rows)
    assert "| 1 + 1 |" in rows[0] and " of 1, " in rows[0] and " %–" in rows[0]
    assert " of 2, " in rows[1]  # (three seats: the two hard seats' rate)
    for deals in (["--first", "99990"], ["--first", "150000"]):  # tuning, spent: refused
        with pytest.raises(SystemExit):
            bots_table.main([*deals, "--deals", "1"])
    assert TUNING_DEALS.stop <= SPENT_DEALS.start < SPENT_DEALS.stop <= HELD_OUT_DEALS.start
