"""Saves and links players already hold keep opening (the format-1 corpus, tests/corpus/v1).

The corpus was recorded by ``scripts/record_corpus_v1.py`` on the engine of commit 4b2ecfb,
before the save and link formats changed: complete games for 1 to 5 players with and without
the draft, and games waiting on each kind of decision. Every save and share link in it must
open and replay to the scores it recorded (its page storage entries: the page's suite,
tests/web/test_web_storage_entries.py).
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.corpus import recorded, with_saturn
from tm import Game
from tm.linkplay import links

GAMES = recorded("v1")
UNCHANGED = with_saturn(GAMES, present=False)  # (the others: below)
IDS = [g["name"] for g in UNCHANGED]


def _totals(game: Game) -> list[int]:
    return [row["total"] for row in game.scores()]


def _recorded(entry: dict[str, Any]) -> list[int]:
    return [row["total"] for row in entry["scores"]]


@pytest.mark.parametrize("entry", UNCHANGED, ids=IDS)
def test_corpus_save_opens_with_its_scores(entry: dict[str, Any]) -> None:
    game = Game.from_save(entry["save"])
    assert game.is_over == entry["over"]
    assert game.state.generation == entry["generation"]
    assert _totals(game) == _recorded(entry)


@pytest.mark.parametrize("entry", UNCHANGED, ids=IDS)
def test_corpus_link_opens_with_its_scores(entry: dict[str, Any]) -> None:
    game = links.decode(entry["link"])
    assert game.is_over == entry["over"]
    assert _totals(game) == _recorded(entry)


SATURN = with_saturn(GAMES)


@pytest.mark.parametrize("entry", SATURN, ids=[g["name"] for g in SATURN])
def test_corpus_save_with_saturn_systems_opens_continues_and_says_the_rules_changed(
        entry: dict[str, Any]) -> None:
    """The Saturn Systems fix (it counts its own Jovian tag) changes every game it is in:
    the old save still opens, says so, and plays on."""
    game = Game.from_save(entry["save"])
    assert "Saturn Systems" in game.rules_changed[0]["cards"]
    if not game.is_over:
        player, waiting = game.pending[0]
        game.respond(player, waiting.choices()[0])
        assert Game.from_save(game.to_save()).digest() == game.digest()


@pytest.mark.parametrize("entry", SATURN, ids=[g["name"] for g in SATURN])
def test_corpus_link_with_saturn_systems_opens_and_says_the_rules_changed(
        entry: dict[str, Any]) -> None:
    """Format-1 links stored each move's index among that engine's choices; with Saturn
    Systems' extra MC today's lists are longer, so the decoder rebuilds format 1's."""
    game = links.decode(entry["link"])
    assert game.is_over == entry["over"]
    assert "Saturn Systems" in game.rules_changed[0]["cards"]
