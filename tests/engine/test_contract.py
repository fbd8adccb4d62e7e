"""The engine's typed contract (tm/core/contract.py, tm/core/records.py): every purpose
is listed and has its handler, an unknown purpose or log key raises where it is made, a
choice is a (response, label) pair the game takes as it is, and every ask, response and
log record of simulated games over all expansion sets has its declared shape."""
from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import pytest

from tests.kits.shapes import misfits
from tm import Game, IllegalMove, Options
from tm.core.contract import ASKS, KINDS, PURPOSE_KINDS, Choice, ask_shape, purposes
from tm.core.flow import HANDLERS, ask
from tm.core.ledger import log
from tm.core.records import RECORDS
from tm.core.responses import RESPONSES
from tm.core.rng import Rng
from tm.sim import random_response

SETS = ("corpera", "prelude", "colonies")


def _all_sets() -> Iterator[tuple[str, ...]]:
    for count in range(len(SETS) + 1):
        yield from itertools.combinations(SETS, count)


@cache
def _games() -> tuple[Game, ...]:
    """Random games over every combination of sets (and a draft, and solo), with every ask
    each made on the way (the asks as they stood when answered: staged fields included)."""
    games = []
    for number, (sets, players) in enumerate(itertools.product(_all_sets(), (1, 2, 4))):
        options = Options(players=players, seed=40 + number, draft=number % 2 == 1,
                          expansions=list(sets))
        games.append(_played(options))
    return tuple(games)


ASKED: list[dict[str, Any]] = []


def _played(options: Options) -> Game:
    game = Game.new(options)
    rng = Rng.from_seed(options.seed)
    while not game.is_over:
        player, prompt = game.pending[0]
        ASKED.append(dict(game.state.queues[player][0]))
        game.respond(player, random_response(prompt, rng))
    return game


# ---------------------------------------------------------------- purposes
def test_every_handler_answers_a_listed_purpose_and_every_purpose_has_a_handler() -> None:
    assert sorted(HANDLERS) == sorted(purposes())
    assert len(set(purposes())) == len(purposes()) and set(PURPOSE_KINDS) == set(purposes())
    assert all(kinds and set(kinds) <= set(KINDS) for kinds in PURPOSE_KINDS.values())


def test_an_ask_with_an_unlisted_purpose_or_kind_raises_where_it_is_made() -> None:
    game = Game.new(Options(players=2, seed=1))
    with pytest.raises(ValueError, match="unknown prompt purpose 'buy_some'"):
        ask(game.state, 0, "cards", "buy_some", cards=[], min=0, max=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="asked as cards, not 'card'"):
        ask(game.state, 0, "card", "buy_cards", cards=["Birds"])  # type: ignore[arg-type]
    assert [len(q) for q in game.state.queues] == [1, 1]  # nothing queued


def test_every_prompt_of_simulated_games_has_a_listed_kind_and_purpose() -> None:
    _games()
    asked = {(item["kind"], item["on"]) for item in ASKED}
    assert all(kind in PURPOSE_KINDS[purpose] for kind, purpose in asked)
    assert {kind for kind, _ in asked} == set(KINDS)  # the games reach every kind


# ---------------------------------------------------------------- shapes
def test_every_ask_of_simulated_games_over_all_sets_has_its_kinds_shape() -> None:
    """(Or its purpose's, where an expansion's ask holds more: its vocabulary's ``asks``.)"""
    _games()
    wrong = {(item["on"], problem) for item in ASKED
             for problem in misfits(item, ask_shape(item["kind"], item["on"]))}
    assert not wrong, sorted(wrong)


def test_every_recorded_response_of_simulated_games_has_its_types_shape() -> None:
    moves = [move[1] for game in _games() for move in game.moves]
    assert {m["type"] for m in moves} <= set(RESPONSES)
    wrong = {(m["type"], problem) for m in moves for problem in misfits(m, RESPONSES[m["type"]])}
    assert not wrong, sorted(wrong)


def test_every_log_record_of_simulated_games_over_all_sets_has_its_keys_shape() -> None:
    records = [r for game in _games() for r in game.state.log]
    wrong = {(r["key"], problem) for r in records
             for problem in misfits(_fields(r), RECORDS[r["key"]])}
    assert not wrong, sorted(wrong)
    assert len({r["key"] for r in records}) >= 40  # the games reach most keys


def _fields(record: dict[str, Any]) -> dict[str, Any]:
    """A record's fields besides its key (what its shape in RECORDS declares)."""
    return {k: v for k, v in record.items() if k != "key"}


def test_a_log_record_with_an_unlisted_key_raises() -> None:
    game = Game.new(Options(players=2, seed=1))
    with pytest.raises(ValueError, match="unknown log record 'tile_placed'"):
        log(game.state, "tile_placed", player=0)  # type: ignore[call-overload]


def test_the_shape_check_catches_a_missing_an_unknown_and_a_mistyped_field() -> None:
    shape = RECORDS["tile"]
    assert not misfits({"player": 0, "tile": "city", "space": "21"}, shape)
    assert misfits({"player": 0, "tile": "city"}, shape) == ["missing space"]
    assert misfits({"player": 0, "tile": "city", "space": "21", "x": 1}, shape) == ["unknown x"]
    assert misfits({"player": True, "tile": "city", "space": "21"},
                    shape) == ["player=True is not <class 'int'>"]


# ---------------------------------------------------------------- choices
def test_a_choice_is_a_response_and_its_label_and_the_view_lists_it_as_one_dict() -> None:
    game = Game.new(Options(players=2, seed=3))
    player, prompt = game.pending[0]
    first = prompt.choices()[0]
    assert isinstance(first, Choice) and "label" not in first.response
    assert first.type == first["type"] == first.response["type"]
    listed = game.view(player)["you"]["decision"]["choices"]
    assert listed == [c.to_dict() for c in prompt.choices()]
    assert listed[0] == {**first.response, "label": first.label}


@pytest.mark.parametrize("form", ["choice", "response", "with_label"])
def test_respond_takes_a_choice_its_plain_response_or_one_with_a_stray_label(
        form: str) -> None:
    game = Game.new(Options(players=2, seed=3))
    player, prompt = game.pending[0]
    choice = prompt.choices()[0]
    answer: Any = {"choice": choice, "response": dict(choice.response),
                   "with_label": choice.to_dict()}[form]
    game.respond(player, answer)
    assert game.moves == [[player, choice.response]]


def test_a_choice_of_another_prompt_is_refused_like_any_response() -> None:
    game = Game.new(Options(players=2, seed=3))
    stale = Choice({"type": "pick", "card": "No Such Card"}, {"key": "pick"})
    with pytest.raises(IllegalMove):
        game.respond(0, stale)


def _shapes(table: Mapping[Any, type]) -> set[type]:
    return set(table.values())


def test_count_of_declared_shapes() -> None:
    """(The report counts these: asks per kind, responses per type, records per key.)"""
    assert len(_shapes(ASKS)) == len(KINDS)
    assert len(_shapes(RESPONSES)) >= 15 and len(_shapes(RECORDS)) >= 35
