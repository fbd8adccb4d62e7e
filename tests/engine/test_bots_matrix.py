"""Every combination plays (issue 27): bots of every level answer every prompt from
``view()`` alone, in every expansion set, on every map, solo and with others, with and
without the draft; the hint a person would get is asked for at every decision of these
games too. ``python -m tm bots --matrix`` plays the whole matrix; here a covering sample.
"""
from __future__ import annotations

import pytest

from tm import Game, Options
from tm.board.maps import BUILTIN_NAMES
from tm.bots import LEVELS, Bot
from tm.bots.hint import hint
from tm.bots.matrix import SETS, Combination, options_for, play_game
from tm.cli import main

# (seats, expansion set, map, draft, levels by seat): every set meets every map once
# (pairwise), every set is played solo, every seat count and every level plays, solo and
# with others, the draft on and off.
SAMPLE: list[tuple[int, str, str, bool, tuple[str, ...]]] = [
    (1, "corpera+colonies", "tharsis", False, ("hard",)),
    (1, "corpera+colonies", "elysium", False, ("easy",)),
    (1, "corpera+prelude+colonies", "hellas", False, ("normal",)),
    (1, "corpera+prelude+colonies", "amazonis_planitia", False, ("random",)),
    (1, "corpera", "vastitas_borealis", False, ("normal",)),
    (1, "corpera+prelude", "tharsis", False, ("easy",)),
    (1, "corpera+prelude", "vastitas_borealis", False, ("random",)),
    (1, "corpera", "hellas", False, ("hard",)),
    (2, "corpera", "elysium", True, ("random", "hard")),
    (2, "corpera+colonies", "vastitas_borealis", False, ("easy", "normal")),
    (2, "corpera+prelude+colonies", "elysium", True, ("hard", "easy")),
    (2, "corpera+prelude", "amazonis_planitia", False, ("normal", "random")),
    (3, "corpera+prelude", "hellas", True, ("hard", "random", "easy")),
    (3, "corpera+prelude+colonies", "tharsis", False, ("normal", "easy", "hard")),
    (3, "corpera", "amazonis_planitia", True, ("easy", "normal", "random")),
    (4, "corpera+colonies", "amazonis_planitia", True, ("random", "normal", "hard", "easy")),
    (4, "corpera", "tharsis", False, ("hard", "easy", "normal", "random")),
    (4, "corpera+prelude", "elysium", True, ("easy", "hard", "random", "normal")),
    (5, "corpera+colonies", "hellas", False, ("normal", "random", "easy", "hard", "hard")),
    (5, "corpera+prelude+colonies", "vastitas_borealis", True,
     ("random", "hard", "normal", "easy", "normal")),
]


def _name(case: tuple[int, str, str, bool, tuple[str, ...]]) -> str:
    seats, sets, board, draft, levels = case
    return f"{seats}p-{sets}-{board}{'-draft' if draft else ''}-{'-'.join(levels)}"


def test_the_sample_covers_every_set_map_seat_count_level_and_draft() -> None:
    pairs = {(sets, board) for _, sets, board, _, _ in SAMPLE}
    assert pairs == {(s, b) for s in SETS for b in BUILTIN_NAMES}
    assert {seats for seats, *_ in SAMPLE} == {1, 2, 3, 4, 5}
    assert {sets for seats, sets, *_ in SAMPLE if seats == 1} == set(SETS)
    for solo in (True, False):
        played = {lv for seats, *_, levels in SAMPLE if (seats == 1) == solo for lv in levels}
        assert played == set(LEVELS)
    assert {draft for seats, _, _, draft, _ in SAMPLE if seats > 1} == {True, False}


@pytest.mark.parametrize("case", SAMPLE, ids=[_name(c) for c in SAMPLE])
def test_bots_play_the_combination_to_the_end_with_a_hint_at_every_decision(
        case: tuple[int, str, str, bool, tuple[str, ...]]) -> None:
    seats, sets, board, draft, levels = case
    options = options_for(Combination(seats, sets, board, draft), seed=len(_name(case)))
    game = play_game(options, list(levels), bot_seed=seats, hints=True)
    assert game.is_over and len(game.scores()) == seats


def _solo_colonies(seed: int) -> Game:
    return Game.new(Options(players=1, seed=seed, expansions=["corpera", "colonies"]))


def _tiles_step(game: Game, level: str) -> dict:
    """Play the setup by a bot until its decision turns to the colony tiles."""
    bot = Bot(level, 1)
    while True:
        view = game.view(0)
        choice = bot.decide(view)
        if choice["type"] in ("keep", "unkeep"):
            return view
        game.respond(0, choice)


@pytest.mark.parametrize("level", LEVELS)
def test_a_solo_bot_keeps_three_of_four_colony_tiles_and_plays_on_R_COL_1(level: str) -> None:
    """The bug of issue 27: the bots looked the dealt colony tiles up as cards (KeyError)."""
    game = play_game(Options(players=1, seed=8, expansions=["corpera", "colonies"]),
                     [level], bot_seed=3)
    assert game.is_over
    kept = [r["tiles"] for r in game.state.log if r["key"] == "colony_tiles_kept"]
    assert len(kept) == 1 and len(kept[0]) == 3  # R-COL-1: 3 of the 4 dealt


def test_the_setup_view_says_what_each_offer_holds() -> None:
    game = Game.new(Options(players=1, seed=8, expansions=["corpera", "prelude", "colonies"]))
    offers = {o["name"]: o for o in game.view(0)["you"]["decision"]["data"]["offers"]}
    assert offers["preludes"]["item"] == "card" and "printed" not in offers["preludes"]
    tiles = offers["colony_tiles"]
    assert tiles["item"] == "colony_tile"
    assert sorted(tiles["printed"]) == sorted(tiles["cards"])
    assert all({"build", "bonus", "track", "resource"} <= set(p)
               for p in tiles["printed"].values())
    stored = game.state.queues[0][0]["offers"]  # the ask (and so saves) as it was dealt
    assert all("item" not in o and "printed" not in o for o in stored)


def test_a_tile_waiting_for_a_resource_no_card_holds_is_the_one_left_out_R_COL_2() -> None:
    waiting = {"Enceladus", "Miranda", "Titan"}  # tiles with a card resource (R-COL-2)
    seed = next(s for s in range(1, 200)
                if len(waiting & set(_solo_colonies(s).state.ext["colonies"]["dealt"])) == 1)
    game = _solo_colonies(seed)
    dealt = set(game.state.ext["colonies"]["dealt"])
    _tiles_step(game, "hard")
    while not game.is_over and game.state.phase == "setup":
        game.respond(0, Bot("hard", 1).decide(game.view(0)))
    kept = {t["name"] for t in game.state.ext["colonies"]["tiles"]}
    assert kept == dealt - waiting


def test_the_hint_at_the_colony_tiles_keeps_a_tile_and_says_why_R_COL_1() -> None:
    game = _solo_colonies(8)
    view = _tiles_step(game, "hard")
    found = hint(view)
    assert found["choice"]["type"] == "keep" and found["choice"]["offer"] == "colony_tiles"
    assert found["choice"] in view["you"]["decision"]["choices"]
    assert found["reason"]["key"] == "hint.keep_colony_tile"


def test_a_beginner_with_preludes_ends_the_setup_by_hints_and_bots_answer_R_PRE_1() -> None:
    """A beginner is dealt no corporation: the setup decision holds only the preludes."""
    game = Game.new(Options(players=2, seed=4, expansions=["corpera", "prelude"],
                            beginners=[0]))
    view = game.view(0)
    assert view["you"]["decision"]["data"]["corporations"] == []
    for level in LEVELS:
        assert Bot(level, 2).decide(view) in view["you"]["decision"]["choices"]
    for _ in range(10):
        view = game.view(0)
        if view["you"]["decision"] is None:
            break
        game.respond(0, hint(view)["choice"])
    assert view["you"]["decision"] is None
    assert len(game.state.players[0].setup_choice["kept"]["preludes"]) == 2


def test_the_matrix_command_prints_a_table_and_a_total(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert main(["bots", "--matrix", "--seats", "1", "--sets", "corpera+colonies",
                 "--boards", "tharsis,hellas", "--games-per", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:4] == ["seats", "expansions", "map", "draft"]
    rows = [line.split() for line in out[1:3]]
    assert [r[:5] for r in rows] == [["1", "corpera+colonies", "tharsis", "off", "1"],
                                     ["1", "corpera+colonies", "hellas", "off", "1"]]
    assert all(r[5] == "0" for r in rows)  # failures
    assert out[-1].startswith("total: 2 combinations, 2 games, 0 failures")
    assert main(["bots", "--matrix", "--sets", "venus"]) == 2


def test_a_selection_over_a_paged_hand_turns_the_page_to_the_cards_it_wants() -> None:
    """A hand of 20 cards is listed a page at a time (tm.prompts.kinds.MAX_LISTED): the
    easy bot selling patents wanted a card on the second page and, not finding it, picked
    and unpicked a card of the first until its safety net ended the selection."""
    combination = Combination(2, "corpera+colonies", "tharsis", True)
    seed = 74070477304808  # the matrix's deal where it happened (generation 10)
    game = play_game(options_for(combination, seed), ["easy", "normal"], bot_seed=seed)
    assert game.is_over
