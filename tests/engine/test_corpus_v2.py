"""Saves and links of format 2 keep opening (tests/corpus/v2).

Recorded by ``scripts/record_corpus_v2.py`` on the engine of commit 507b606, which listed
every legal space of a placement as one choice (up to 48). Today a placement with many legal
spaces lists board rows first; a recorded space still opens as its row and itself, so every
save and link here replays to the state and scores it recorded, with no notice that the
rules changed (its page storage entries: tests/web/test_web_storage_entries.py).
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.kits.corpus import recorded
from tm import Game
from tm.linkplay import links

GAMES = recorded("v2")
IDS = [g["name"] for g in GAMES]


def _same(game: Game, entry: dict[str, Any]) -> None:
    assert game.digest() == entry["digest"]
    assert game.scores() == entry["scores"]
    assert game.is_over == entry["over"]
    assert not game.rules_changed


@pytest.mark.parametrize("entry", GAMES, ids=IDS)
def test_format_2_save_opens_as_recorded(entry: dict[str, Any]) -> None:
    _same(Game.from_save(entry["save"]), entry)


@pytest.mark.parametrize("entry", GAMES, ids=IDS)
def test_format_2_link_opens_as_recorded(entry: dict[str, Any]) -> None:
    _same(links.decode(entry["link"]), entry)


WAITING = [g for g in GAMES if not g["over"]]


@pytest.mark.parametrize("entry", WAITING, ids=[g["name"] for g in WAITING])
def test_format_2_placement_continues_by_rows_and_saves_again(entry: dict[str, Any]) -> None:
    game = Game.from_save(entry["save"])
    player, waiting = game.pending[0]
    rows = waiting.choices()
    assert waiting.kind == "space" and all(c["type"] == "region" for c in rows)
    game.respond(player, rows[0])
    game.respond(player, game.pending[0][1].choices()[0])
    assert Game.from_save(game.to_save()).digest() == game.digest()
    assert links.decode(links.encode(game)).digest() == game.digest()
