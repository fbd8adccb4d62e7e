"""The engine's quick answers match the questions they stand for, over the positions of
bots' games on several maps and sets: whether a tile has a legal space
(:func:`tm.board.placement.has_legal_space`: the first one found), a tableau's effects
and tags (kept by its played list: :mod:`tm.cards.tableau`) and an ask's details copied
plainly (:func:`tm.core.frozen.plain`), inside a view's reading pass and outside it."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tm.board import placement
from tm.bots import Bot
from tm.cards import all_cards, card
from tm.cards.dsl import TAGS, WILD
from tm.cards.tableau import effects, standing_effects, tableau, tag_count, tag_counts
from tm.core import memo
from tm.core.frozen import freeze, plain, thaw
from tm.core.state import GameState, Options
from tm.game import Game

GAMES = [(1, ["corpera", "prelude"], "tharsis", 11), (2, ["corpera", "colonies"], "hellas", 12),
         (3, ["corpera", "prelude", "colonies"], "elysium", 13)]


def _placements() -> list[tuple[str, str, str | None]]:
    """Every (tile, placement rule, named space) a card's steps use."""
    found = {("ocean", "ocean", None), ("greenery", "greenery", None), ("city", "city", None)}
    for c in all_cards():
        for step in (*c.play, *c.action, *c.first_action):
            if step.get("k") in ("tile", "ocean"):
                found.add((step.get("tile") or "ocean", step["on"], step.get("space")))
    return sorted(found, key=str)


def _kinds() -> list[str]:
    return sorted({e["e"] for c in all_cards() for e in c.effects})


def _positions(players: int, sets: list[str], board: str, seed: int) -> Iterator[GameState]:
    """Every 7th position of a game played by hard bots."""
    game = Game.new(Options(players=players, seed=seed, expansions=sets, board=board))
    bots = [Bot("hard", seed + s) for s in range(players)]
    moves = 0
    while not game.is_over:
        if moves % 7 == 0:
            yield game.state
        player, _ = game.pending[0]
        game.respond(player, bots[player].decide(game.view(player)))
        moves += 1


def _check_position(g: GameState, placements: list[tuple[str, str, str | None]],
                    kinds: list[str]) -> None:
    for p, pl in enumerate(g.players):
        for tile, on, space in placements:
            assert placement.has_legal_space(g, p, tile, on, space) == bool(
                placement.legal_spaces(g, p, tile, on, space)), (tile, on, space)
        for kind in kinds:
            assert effects(pl, kind) == tuple((c, e) for c in tableau(pl) for e in c.effects
                                              if e["e"] == kind)
            nexts = [e for name in pl.next_card for e in card(name).effects
                     if pl.next_card_gen == g.generation and e["e"] == kind
                     and e.get("next_card")]
            assert list(standing_effects(g, pl, kind)) == [
                e for _, e in effects(pl, kind) if not e.get("next_card")] + nexts
        for tag in TAGS:
            for wild in (True, False):
                wanted = (tag, WILD) if wild and tag != WILD else (tag,)
                assert tag_count(pl, tag, wild) == sum(
                    1 for c in tableau(pl) for t in c.tags if t in wanted)
        assert tag_counts(pl) == _counted(pl)
    for queue in g.queues:
        for item in queue:
            _same_plain(item)


def _counted(pl: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in tableau(pl):
        for tag in c.tags:
            counts[tag] = counts.get(tag, 0) + 1
    return counts


def _same_plain(item: dict[str, Any]) -> None:
    for value in item.values():
        slow = thaw(freeze(value))
        assert plain(value) == slow
        assert json.dumps(plain(value), sort_keys=True, default=repr) == json.dumps(
            slow, sort_keys=True, default=repr)


@pytest.mark.parametrize(("players", "sets", "board", "seed"), GAMES)
def test_quick_answers_match_the_questions(players: int, sets: list[str], board: str,
                                           seed: int) -> None:
    placements, kinds = _placements(), _kinds()
    checked = 0
    for g in _positions(players, sets, board, seed):
        _check_position(g, placements, kinds)
        with memo.reading():
            _check_position(g, placements, kinds)
        checked += 1
    assert checked > 10


def test_a_played_list_changed_in_place_is_seen() -> None:
    game = Game.new(Options(players=1, seed=5))
    pl = game.state.players[0]
    before = dict(tag_counts(pl))
    pl.played.append("Research")  # (two science tags)
    assert tag_count(pl, "science", wild=False) == before.get("science", 0) + 2
    pl.played = ["Research"]
    assert tag_counts(pl) == _counted(pl)
    corporation = card(pl.corporation).tags.count("science") if pl.corporation else 0
    assert tag_count(pl, "science", wild=False) == 2 + corporation
