"""The daily challenge's deal: a pure function of the date (tm/daily.py)."""
from __future__ import annotations

import pytest

from tm import IllegalMove, daily
from tm.core.state import to_dict
from tm.game import Game
from tm.testing import choose_setup, offered


def test_daily_options_are_a_function_of_the_date_only() -> None:
    assert to_dict(daily.options_for("2026-12-01")) == to_dict(daily.options_for("2026-12-01"))
    first = Game.new(daily.options_for("2026-12-01"))
    again = Game.new(daily.options_for("2026-12-01"))
    assert first.digest() == again.digest()
    assert first.view(0)["you"]["decision"] == again.view(0)["you"]["decision"]


def test_daily_deals_differ_from_date_to_date() -> None:
    seeds = {daily.seed_for(f"2026-03-{day:02d}") for day in range(1, 31)}
    assert len(seeds) == 30


def test_daily_is_a_solo_corporate_era_game_on_tharsis() -> None:
    for day in range(1, 8):  # a whole week: every weekday's variant
        options = daily.options_for(f"2026-06-{day:02d}")
        assert (options.players, options.board) == (1, "tharsis")
        assert options.expansions[0] == "corpera"
        Game.new(options)  # each variant is a game the engine deals


def test_daily_variants_by_weekday() -> None:
    assert daily.expansions_for("2026-11-30") == ["corpera", "prelude"]  # a Monday
    assert daily.expansions_for("2026-12-01") == ["corpera"]  # a Tuesday
    assert daily.expansions_for("2026-12-02") == ["corpera", "colonies"]  # a Wednesday
    assert daily.expansions_for("2026-12-06") == ["corpera", "prelude", "colonies"]  # Sunday


@pytest.mark.parametrize("text", ["", "2026-1-01", "2026-02-30", "01-12-2026", "2023-12-31",
                                  "2026-12-01T00:00", "tomorrow"])
def test_daily_refuses_what_is_not_a_challenge_date(text: str) -> None:
    with pytest.raises(daily.DateError):
        daily.options_for(text)


def test_daily_is_challenge_checks_the_whole_options() -> None:
    options = daily.options_for("2026-12-01")
    assert daily.is_challenge("2026-12-01", options)
    assert not daily.is_challenge("2026-12-02", options)
    options.names = ["Someone"]
    assert not daily.is_challenge("2026-12-01", options)
    assert not daily.is_challenge("no date", options)


def test_R_OWN_1_the_challenge_is_played_with_strict_undo() -> None:
    game = Game.new(daily.options_for("2026-12-01"))
    player, waiting = game.pending[0]
    game.respond(player, waiting.choices()[0])
    game.undo(1)  # nothing shown yet: a step of the setup decision may be taken back
    choose_setup(game, 0, waiting.data["corporations"][0], offered(game, 0)[:2])  # revealed
    assert game.undo_floor() == len(game.moves)
    with pytest.raises(IllegalMove):
        game.undo(1)  # the cards revealed cannot be looked at and taken back


def test_R_OWN_1_a_game_with_free_undo_is_no_result_of_the_challenge() -> None:
    options = daily.options_for("2026-12-01")
    options.strict_undo = False
    assert not daily.is_challenge("2026-12-01", options)
    assert daily.was_challenge("2026-12-01", options)  # (begun before: goes on strict)
    options.bots = ["hard"]
    assert not daily.is_challenge("2026-12-01", options)
