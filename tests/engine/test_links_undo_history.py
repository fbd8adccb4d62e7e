"""Share links, undo and the score history (the engine side of sharing and undo)."""
from __future__ import annotations

import base64
import zlib

import pytest

from tm import Game, IllegalMove, Options
from tm.core.rng import Rng
from tm.linkplay.links import LINK_FORMAT, LinkError, decode, encode
from tm.persist.history import score_history
from tm.sim import play_random_game, random_response


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_link_encode_decode_replays_the_same_game(players: int) -> None:
    game = play_random_game(players=players, seed=40 + players)
    link = encode(game)
    assert link.startswith("g=")
    assert decode(link).digest() == game.digest()
    assert decode("#" + link).moves == game.moves


def test_link_of_a_game_in_progress_and_of_a_new_game() -> None:
    game = play_random_game(players=3, seed=8, max_moves=77)
    assert decode(encode(game)).digest() == game.digest()
    fresh = Game.new(Options(players=2, seed=5, draft=True))
    challenge = decode(encode(fresh))
    assert challenge.digest() == fresh.digest() and challenge.moves == []


def test_link_of_a_drafted_game() -> None:
    game = play_random_game(players=4, seed=12, draft=True)
    assert decode(encode(game)).digest() == game.digest()


def test_complete_solo_link_is_short() -> None:
    game = play_random_game(players=1, seed=2)
    assert game.is_over
    assert len(encode(game)) < 2000


def _mutations(link: str, rng: Rng) -> list[str]:
    body = link[2:]
    raw = bytearray(body.encode())
    cut = body[: rng.below(len(body))]
    flipped = bytearray(raw)
    flipped[rng.below(len(raw))] ^= 1 << rng.below(7)
    noise = base64.urlsafe_b64encode(bytes(rng.below(256) for _ in range(rng.below(300))))
    inner = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    tampered = bytearray(inner)
    tampered[rng.below(len(tampered))] = rng.below(256)
    return [
        "g=" + cut,
        "g=" + flipped.decode(errors="replace"),
        "g=" + noise.decode(),
        "g=" + base64.urlsafe_b64encode(zlib.compress(bytes(tampered))).decode(),
        "g=" + base64.urlsafe_b64encode(
            zlib.compress(bytes([LINK_FORMAT + 1]) + inner[1:])).decode(),
        "g=" + base64.urlsafe_b64encode(zlib.compress(inner + bytes([rng.below(256)]))).decode(),
        "x=" + body,
        "",
    ]


def test_thousands_of_mutated_links_raise_only_link_error() -> None:
    rng = Rng.from_seed(99)
    links = [encode(play_random_game(players=p, seed=p, max_moves=120)) for p in (1, 2, 3)]
    tried = 0
    for round_ in range(170):
        for mutated in _mutations(links[round_ % 3], rng):
            tried += 1
            try:
                decode(mutated)
            except LinkError:
                pass
    assert tried >= 1000


def test_huge_and_foreign_payloads_are_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(bytes(50_000_000))).decode()
    with pytest.raises(LinkError):
        decode("g=" + bomb)
    with pytest.raises(LinkError):
        decode("g=" + "A" * 3_000_000)
    for foreign in ("https://example.org/#x", "g=%%%%", "g=====", None, 42):
        with pytest.raises(LinkError):
            decode(foreign)  # type: ignore[arg-type]


def test_wrong_rules_version_names_both_versions() -> None:
    game = play_random_game(players=1, seed=1, max_moves=10)
    body = encode(game)[2:]
    inner = bytearray(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    inner[1] = 99  # the rules version varint
    with pytest.raises(LinkError, match="rules version 99.*version is 2"):
        decode("g=" + base64.urlsafe_b64encode(zlib.compress(bytes(inner))).decode())


def test_link_with_an_illegal_move_is_refused_at_that_move() -> None:
    game = play_random_game(players=2, seed=4, max_moves=30)
    body = encode(game)[2:]
    inner = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    bad = inner + bytes([0x7F])  # one more move with a choice index far out of range
    with pytest.raises(LinkError, match="legal|player|card"):
        decode("g=" + base64.urlsafe_b64encode(zlib.compress(bad)).decode())


# ---------------------------------------------------------------- undo
def test_undo_in_solo_is_unlimited_and_redo_by_replaying() -> None:
    game = play_random_game(players=1, seed=3, max_moves=60)
    digest = game.digest()
    assert game.undo_floor() == 0
    undone = game.undo(len(game.moves))
    assert game.moves == [] and game.digest() == Game.new(game.state.options).digest()
    for player, response in undone:
        game.respond(player, response)
    assert game.digest() == digest


def test_strict_undo_in_solo_stops_at_revealed_cards() -> None:
    game = Game.new(Options(players=1, seed=3, strict_undo=True))
    rng = Rng.from_seed(1)
    while game.undo_floor() == 0:
        player, prompt = game.pending[0]
        game.respond(player, random_response(prompt, rng))
    with pytest.raises(IllegalMove):
        game.undo(len(game.moves) - game.undo_floor() + 1)


def test_undo_with_several_players_stops_at_the_last_draw() -> None:
    game = play_random_game(players=2, seed=3, max_moves=50)
    floor = game.undo_floor()
    assert 0 < floor <= len(game.moves)
    with pytest.raises(IllegalMove):
        game.undo(len(game.moves) - floor + 1)
    if len(game.moves) > floor:
        game.undo(len(game.moves) - floor)
        assert len(game.moves) == floor


def test_undoing_a_pass_works() -> None:
    game = Game.new(Options(players=1, seed=6))
    rng = Rng.from_seed(2)
    while True:
        player, prompt = game.pending[0]
        if prompt.kind == "action" and "pass" in [c["type"] for c in prompt.choices()]:
            break
        game.respond(player, random_response(prompt, rng))
    before = game.digest()
    game.respond(player, {"type": "pass"})
    assert game.digest() != before
    game.undo()
    assert game.digest() == before


# ---------------------------------------------------------------- history
def test_score_history_has_a_row_per_generation_ending_with_the_final_scores() -> None:
    game = play_random_game(players=2, seed=3)
    rows = score_history(game)
    assert [row["generation"] for row in rows] == list(range(1, game.state.generation + 1))
    final = [s["total"] for s in game.scores()]
    assert [p["vp"] for p in rows[-1]["players"]] == final
    assert all(len(row["players"]) == 2 for row in rows)


def test_save_from_another_rules_version_is_refused_naming_both() -> None:
    from tm import SaveError

    save = play_random_game(players=1, seed=2, max_moves=20).to_save()
    assert save["rules"] == 2
    save["rules"] = 7
    with pytest.raises(SaveError, match="rules version 7.*version is 2"):
        Game.from_save(save)


def test_a_game_at_an_earlier_move_is_that_position_replayed() -> None:
    game = play_random_game(players=2, seed=9, max_moves=60)
    earlier = game.at(25)
    assert earlier.moves == game.moves[:25]
    again = Game.new(game.state.options)
    for player, response in game.moves[:25]:
        again.respond(player, response)
    assert earlier.digest() == again.digest()
    with pytest.raises(ValueError):
        game.at(61)


def test_a_game_continued_from_a_stored_state_replays_from_there() -> None:
    game = play_random_game(players=3, seed=8, max_moves=180)  # with Saturn Systems
    save = game.to_save()
    # a last move today's rules refuse (the stored state is what the others reach today:
    # a stored state that differs beyond what the rules changes explain is never used)
    save["moves"].append([save["moves"][-1][0], {"type": "pass"}])
    save["rules"] = 1  # (under older rules, which Saturn Systems' change explains)
    loaded = Game.from_save(save)
    assert loaded.base_moves == 181 and loaded.digest() == game.digest()
    with pytest.raises(ValueError):
        loaded.at(30)  # nothing before the stored state can be rebuilt
    assert loaded.at(181).digest() == game.digest()
    assert score_history(loaded) == []
