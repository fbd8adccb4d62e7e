"""Forged stored states never reach the page or crash the engine (seeded fuzzing).

A save's checksum is a public hash: a forger edits the stored state and writes the checksum
that matches it. Real saves of several kinds of game are forged every way (wrong types,
numbers out of range, unknown or doubled cards, broken queues, keys added or removed, and
forgeries that look consistent, such as TR 200), each saved under today's rules, under
older rules (also with a last move today's rules refuse) and as the base state a game
continues from. Each must be refused with a SaveError in plain words or open; a game opened
from a stored state is drawn for every seat and played on a few moves without any other
error. The outcomes are counted and printed.
"""
from __future__ import annotations

import copy
import hashlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tm import Game, IllegalMove, Options, SaveError
from tm.core.errors import reason_of
from tm.core.state import to_dict
from tm.persist.codec import RULES_VERSION, canonical_json, pack_state, unpack_state
from tm.persist.validate import checked_state
from tm.sim import play_random, play_random_game

SEED = 20261202
CASES = 1000
KINDS = [  # (options, moves): several kinds of game, at several points
    (Options(players=1, seed=111), 70),  # Saturn Systems: its rules changed in version 2
    (Options(players=2, seed=5, draft=True), 90),
    (Options(players=3, seed=9, expansions=["corpera", "prelude", "colonies"]), 120),
    (Options(players=4, seed=4, board="hellas", expansions=["corpera", "prelude"]), 80),
    (Options(players=2, seed=8, board="elysium", expansions=["corpera", "colonies"]), 150),
]
ODD_VALUES: list[Any] = ["x", -1, -7, 0, 1, 999, 10 ** 9, 2 ** 70, None, [], {}, True, 1.5,
                         ["x"], {"x": 1}, "Birds", -30]


@pytest.fixture(scope="module")
def saves() -> list[dict[str, Any]]:
    found = []
    for options, moves in KINDS:
        game = play_random(options, stop=lambda g, n=moves: len(g.moves) >= n)
        found.append(json.loads(json.dumps(game.to_save())))
    return found


def _digest(state: Any) -> str:
    """The checksum a forger computes for a state dict (as the engine's state_digest)."""
    data = dict(state) if isinstance(state, dict) else {}
    data.pop("log", None)
    data.pop("options", None)
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:32]


# ---------------------------------------------------------------- mutations
def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key in sorted(value):
            if key != "log":
                found += _paths(value[key], (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:6]):
            found += _paths(item, (*path, i))
    return found


def _at(state: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        state = state[key]
    return state


def _set(state: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    if path:
        _at(state, path[:-1])[path[-1]] = value


def _any_leaf(s: dict[str, Any], rnd: random.Random) -> None:
    path = rnd.choice(_paths(s)[1:])
    _set(s, path, copy.deepcopy(rnd.choice(ODD_VALUES)))


def _drop_key(s: dict[str, Any], rnd: random.Random) -> None:
    dicts = [p for p in _paths(s) if isinstance(_at(s, p), dict) and _at(s, p)]
    target = _at(s, rnd.choice(dicts))
    del target[rnd.choice(sorted(target))]


def _add_key(s: dict[str, Any], rnd: random.Random) -> None:
    dicts = [p for p in _paths(s) if isinstance(_at(s, p), dict)]
    _at(s, rnd.choice(dicts))["forged"] = rnd.choice(ODD_VALUES)


def _number(s: dict[str, Any], rnd: random.Random) -> None:
    ints = [p for p in _paths(s) if type(_at(s, p)) is int]
    _set(s, rnd.choice(ints), rnd.choice([-1, -100, 200, 10 ** 6, 99, 0, 1]))


def _player(s: dict[str, Any], rnd: random.Random) -> None:
    pl = rnd.choice(s["players"])
    field, value = rnd.choice([("tr", 200), ("tr", -3), ("index", 7), ("corporation", "Nope"),
                               ("corporation", None), ("passed", 1), ("res", {"megacredits": 9}),
                               ("prod", {**pl["prod"], "heat": -4})])
    pl[field] = value


def _cards(s: dict[str, Any], rnd: random.Random) -> None:
    pl = rnd.choice(s["players"])
    pile = rnd.choice(["hand", "played", "events", "offer"])
    choice = rnd.randrange(4)
    if choice == 0:
        pl[pile].append("No Such Card")
    elif choice == 1 and s["deck"]:
        pl[pile].append(s["deck"][0])  # a card in two places
    elif choice == 2 and s["deck"]:
        pl[pile].append(s["deck"].pop())  # moved: consistent-looking
    else:
        s["deck"] = s["deck"][:-3]


def _queue(s: dict[str, Any], rnd: random.Random) -> None:
    queue = rnd.choice(s["queues"])
    choice = rnd.randrange(6)
    if choice == 0 or not queue:
        queue.insert(0, {"op": rnd.choice(["ask", "nope", "draw", 3])})
    elif choice == 1:
        queue[0] = {**queue[0], "on": "nope"}
    elif choice == 2:
        del queue[0][rnd.choice(sorted(queue[0]))]
    elif choice == 3:
        queue.clear()
    elif choice == 4:
        queue[0] = {**queue[0], rnd.choice(sorted(queue[0])): rnd.choice(ODD_VALUES)}
    else:
        s["queues"].append(copy.deepcopy(queue))


def _consistent(s: dict[str, Any], rnd: random.Random) -> None:
    pl = rnd.choice(s["players"])
    change = rnd.randrange(4)
    if change == 0:
        pl["tr"] = 200
    elif change == 1:
        pl["res"]["megacredits"] = 500
    elif change == 2:
        s["temperature"] = min(8, s["temperature"] + 10)
    else:
        s["generation"] += 5


MUTATIONS: list[Callable[[dict[str, Any], random.Random], None]] = [
    _any_leaf, _any_leaf, _drop_key, _add_key, _number, _player, _cards, _queue, _consistent]


# ---------------------------------------------------------------- delivery and outcome
def _forged(save: dict[str, Any], rnd: random.Random) -> tuple[dict[str, Any], str]:
    data = copy.deepcopy(save)
    state = unpack_state(data["state"])
    rnd.choice(MUTATIONS)(state, rnd)
    how = rnd.choice(["today", "older", "older, a move refused", "base"])
    if how == "base":  # a game that continues from a (forged) stored state
        data["base"] = {"moves": len(data["moves"]), "state": pack_state(state)}
    else:
        if how == "older, a move refused":  # as if the rules changed under a move
            data["moves"].append(data["moves"][-1])
        data["state"] = pack_state(state)
        data["rules"] = RULES_VERSION if how == "today" else RULES_VERSION - 1
    data["checksum"] = _digest(state)
    return data, how


def _played_on(game: Game, rnd: random.Random) -> None:
    """Draw every seat, then play a few moves from the choices offered."""
    for seat in (None, *range(game.state.options.players)):
        game.view(seat)
    game.scores()
    for _ in range(4):
        if not game.pending:
            return
        player, prompt = rnd.choice(game.pending)
        game.respond(player, rnd.choice(prompt.choices()))


def _outcome(data: dict[str, Any], rnd: random.Random) -> str:
    try:
        game = Game.from_save(data)
    except SaveError as error:
        assert reason_of(error) is not None, f"refused without a plain reason: {error}"
        return "refused"
    if game.base_moves == 0:  # its moves, each refereed by the engine: a game as any other
        assert game.rules_changed or game.digest() == data["checksum"]
        game.view(0)
        return "opened from its moves"
    try:
        _played_on(game, rnd)
    except IllegalMove:
        pass
    return "opened from a stored state (checked)"


def test_forged_stored_states_are_refused_or_opened_and_never_crash(
        saves: list[dict[str, Any]]) -> None:
    rnd = random.Random(SEED)
    outcomes: Counter[str] = Counter()
    crashes: list[str] = []
    start = time.perf_counter()
    for case in range(CASES):
        data, how = _forged(saves[case % len(saves)], rnd)
        try:
            outcomes[f"{how}: {_outcome(data, rnd)}"] += 1
        except Exception as error:  # noqa: BLE001 (a crash is what this test counts)
            crashes.append(f"case {case} ({how}): {type(error).__name__}: {error}"[:200])
    took = time.perf_counter() - start
    print(f"\n{CASES} forged states in {took:.1f} s: {dict(sorted(outcomes.items()))}, "
          f"{len(crashes)} crashes")
    assert not crashes, "\n".join(crashes[:20])


def test_a_real_save_still_opens_as_it_was(saves: list[dict[str, Any]]) -> None:
    for save in saves:
        game = Game.from_save(save)
        assert game.digest() == save["checksum"] and not game.rules_changed
        assert game.moves == save["moves"] and game.base_moves == 0


def test_every_position_of_real_games_passes_the_check(saves: list[dict[str, Any]]) -> None:
    """The check refuses no state a real game reaches (a save of older rules stores one)."""
    for save in saves:
        game = Game.from_save(save)
        fresh = Game.new(game.state.options).state
        for count in range(0, len(game.moves) + 1, 15):
            position = game.at(count).state
            checked_state(to_dict(position), position.options, fresh)
    finished = play_random_game(players=3, seed=4)
    checked_state(to_dict(finished.state), finished.state.options,
                  Game.new(finished.state.options).state)
