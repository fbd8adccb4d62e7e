"""The card VP breakdown in the view's scores: each card worth VP, with its VP and what it
counted (R-CARD-6), summing to the cards' part of the score (R-END-2)."""
from __future__ import annotations

from typing import Any

import pytest

from tm import Game
from tm.sim import play_random_game
from tm.testing import answer, give_cards, make_game, put_in_play, set_resources

SETS = [(), ("corpera",), ("corpera", "prelude"), ("corpera", "colonies"),
        ("corpera", "prelude", "colonies")]


def points(game: Game, p: int) -> list[dict[str, Any]]:
    """Player ``p``'s card breakdown as a spectator's view shows it."""
    return [dict(entry) for entry in game.view(None)["scores"][p]["card_points"]]


def by_card(game: Game, p: int) -> dict[str, dict[str, Any]]:
    return {entry.pop("card"): entry for entry in points(game, p)}


@pytest.mark.parametrize("expansions", SETS, ids=lambda s: "+".join(s) or "base")
@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_R_END_2_card_points_sum_to_the_cards_score_in_finished_games(
        expansions: tuple[str, ...], players: int) -> None:
    for seed in range(3):
        game = play_random_game(players=players, seed=seed, expansions=expansions)
        assert game.is_over
        for row in game.view(None)["scores"]:
            assert sum(entry["vp"] for entry in row["card_points"]) == row["cards"], \
                (expansions, players, seed, row["player"])


def test_R_CARD_6_printed_vp_is_listed_as_printed() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Solar Power"])
    assert by_card(game, p0) == {"Solar Power": {"vp": 1, "per": None, "count": 0}}


def test_R_CARD_6_resources_on_a_card_give_its_vp_with_the_count_before_dividing() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Tardigrades"], resources=9)  # 1 VP per 4 microbes
    put_in_play(game, p0, ["Predators"], resources=3)  # 1 VP per animal
    assert by_card(game, p0) == {"Tardigrades": {"vp": 2, "per": "res", "count": 9},
                                 "Predators": {"vp": 3, "per": "res", "count": 3}}


def test_R_CARD_6_vp_per_tag_counts_the_tags_in_play() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Ganymede Colony", "Io Mining Industries"])  # 2 Jovian tags
    found = by_card(game, p0)
    assert found["Ganymede Colony"] == {"vp": 2, "per": "tag", "count": 2}
    assert found["Io Mining Industries"] == {"vp": 2, "per": "tag", "count": 2}


def test_R_CARD_6_vp_for_holding_a_resource_counts_the_resources_held() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Search For Life"], resources=2)
    assert by_card(game, p0) == {"Search For Life": {"vp": 3, "per": "held", "count": 2}}


def test_R_CARD_6_cards_worth_no_vp_now_are_left_out() -> None:
    game, (p0, _) = make_game()
    put_in_play(game, p0, ["Birds", "Small Animals"], resources=1)  # 1 VP per 2 on Small Animals
    assert by_card(game, p0) == {"Birds": {"vp": 1, "per": "res", "count": 1}}


def test_R_CARD_6_an_events_negative_vp_is_listed() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Bribed Committee"])
    set_resources(game, p0, megacredits=7)
    answer(game, "play_card", "Bribed Committee", player=p0)
    assert points(game, p0) == [{"card": "Bribed Committee", "vp": -2, "per": None,
                                 "count": 0}]


def test_R_END_2_every_viewer_sees_each_players_card_points() -> None:
    game, (p0, p1) = make_game()
    put_in_play(game, p1, ["Solar Power"])
    for viewer in (None, p0, p1):
        rows = game.view(viewer)["scores"]
        assert [row["card_points"] for row in rows] == \
            [[], [{"card": "Solar Power", "vp": 1, "per": None, "count": 0}]]
