"""The page's storage entries (a save with its summary, as localStorage and an exported
file hold it): those players already hold keep opening, hostile ones never crash.

The corpora (tests/corpus/v1 and v2, whose saves and links tests/engine/test_corpus.py and
test_corpus_v2.py open) recorded each game's storage entry beside its save and link: every
entry opens to the generation and the state or scores recorded. Entries mutated every way a
damaged file could (truncations, wrong characters, deep nesting, huge strings) end in
SaveError, never anything else, and the counts are printed.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tests.kits.corpus import recorded, with_saturn
from tm import Game, SaveError
from tm.sim import play_random_game
from tm.web.saves import SaveMeta, entry_text, parse_entry

V1 = with_saturn(recorded("v1"), present=False)  # (the Saturn Systems fix changed the others)
V2 = recorded("v2")
SEED = 20261130  # the engine's fuzzing seed (tests/engine/test_fuzz.py); entries take SEED + 2


def _totals(game: Game) -> list[int]:
    return [row["total"] for row in game.scores()]


@pytest.mark.parametrize("entry", V1, ids=[g["name"] for g in V1])
def test_corpus_storage_entry_opens(entry: dict[str, Any]) -> None:
    meta, save = parse_entry(entry["entry"])
    assert meta.generation == entry["generation"]
    assert _totals(Game.from_save(save)) == [row["total"] for row in entry["scores"]]


@pytest.mark.parametrize("entry", V2, ids=[g["name"] for g in V2])
def test_format_2_storage_entry_opens_as_recorded(entry: dict[str, Any]) -> None:
    meta, save = parse_entry(entry["entry"])
    assert meta.generation == entry["generation"]
    game = Game.from_save(save)
    assert game.digest() == entry["digest"]
    assert game.scores() == entry["scores"]
    assert game.is_over == entry["over"]
    assert not game.rules_changed


@pytest.fixture(scope="module")
def sample() -> Game:
    return play_random_game(players=3, seed=17, max_moves=400)


def test_fuzzed_storage_entries_and_import_files_only_ever_raise_save_error(
        sample: Game) -> None:
    rnd = random.Random(SEED + 2)
    good = entry_text(sample, SaveMeta(names=["A", "B", "C"]))
    cases = ["[" * 10_000, "[" * 1_000_000, "{" * 500_000, '"' + "x" * 3_000_000 + '"', "",
             "null", "[]", '{"kind": "tm-save"}', good.replace('"format":1', '"format":"1"')]
    cases += [good[:rnd.randrange(len(good))] for _ in range(80)]
    for _ in range(120):
        chars = list(good)
        chars[rnd.randrange(len(chars))] = rnd.choice('[]{}",:0a\\')
        cases.append("".join(chars))
    outcomes: Counter[str] = Counter()
    for case in cases:
        try:
            _, save = parse_entry(case)
            Game.from_save(save)
            outcomes["opened"] += 1
        except SaveError:
            outcomes["refused"] += 1
    print(f"fuzz storage entries: {len(cases)} cases, {dict(outcomes)}, 0 crashes")
    assert outcomes["refused"] > 10

