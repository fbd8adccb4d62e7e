"""Golden games: complete games whose moves must keep producing the same state and scores.

Recorded by scripts/record_golden.py (1 to 5 players, with and without the draft). A
change that alters any of them changes the rules: re-record deliberately and say why.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tm import Game, Options

GOLDEN = Path(__file__).resolve().parents[1] / "corpus" / "golden.json"
GAMES: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("golden", GAMES, ids=[
    f"{g['options']['players']}p-seed{g['options']['seed']}"
    f"{'-draft' if g['options']['draft'] else ''}" for g in GAMES])
def test_golden_game_replays_to_its_checksum_and_scores(golden: dict[str, Any]) -> None:
    game = Game.new(Options(**golden["options"]))
    for player, response in golden["moves"]:
        game.respond(player, response)
    assert game.is_over
    assert game.state.generation == golden["generation"]
    assert [row["total"] for row in game.scores()] == golden["scores"]
    assert game.digest() == golden["digest"]
