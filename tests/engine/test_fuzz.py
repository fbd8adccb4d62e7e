"""Hostile input never crashes the engine or the codecs (seeded fuzzing).

Links, saves and responses are mutated every way an attacker or a damaged file could:
truncations, bit flips, random bytes, nesting up to a million levels, huge strings, wrong
types, options out of range. Each must end in the codec's own error (LinkError, SaveError)
or IllegalMove, never anything else, and the counts are printed. (The page's storage
entries are fuzzed in tests/web/test_web_storage_entries.py.)
"""
from __future__ import annotations

import base64
import copy
import json
import random
import zlib
from collections import Counter
from typing import Any

import pytest

from tm import Game, IllegalMove, Options, SaveError
from tm.linkplay import links
from tm.sim import play_random_game

SEED = 20261130
EXPECTED = (links.LinkError, SaveError, IllegalMove)


@pytest.fixture(scope="module")
def sample() -> Game:
    return play_random_game(players=3, seed=17, max_moves=400)


def _pack(raw: bytes) -> str:
    return "g=" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def _raw(link: str) -> bytes:
    body = link[2:]
    return zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def _options_link(options: Any, rules: int = 2) -> str:
    text = options if isinstance(options, str) else json.dumps(options)
    body = text.encode()
    return _pack(bytes([links.LINK_FORMAT, rules]) + _varint(len(body)) + body)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


BAD_OPTIONS: list[Any] = [
    {"players": 2, "seed": 1, "first_player": 7}, {"players": 2, "seed": 1, "first_player": -1},
    {"players": 2, "seed": 1, "first_player": True}, {"players": True, "seed": 1},
    {"players": 2.0, "seed": 1}, {"players": 9, "seed": 1}, {"players": 2, "seed": 1.5},
    {"players": 2, "seed": 10 ** 30}, {"players": 2, "seed": 1, "draft": "yes"},
    {"players": 2, "seed": 1, "names": ["x" * 200_000]}, {"players": 2, "seed": 1,
                                                          "names": ["a", "b", "c"]},
    {"players": 2, "seed": 1, "names": [5]}, {"players": 2, "seed": 1, "beginners": [0, 0]},
    {"players": 2, "seed": 1, "expansions": ["corpera", "x"]}, {"players": 2, "seed": 1,
                                                               "board": ["tharsis"]},
    {"players": 2, "seed": 1, "expansions": "corpera"}, {"players": 2, "seed": 1, "x": 1},
    "[" * 10_000, "[" * 1_000_000, '{"players": ' + "[" * 5000 + "]" * 5000 + "}",
    "not json", "", [], None, 3,
]


def _link_cases(sample: Game, rnd: random.Random) -> list[str]:
    good = links.encode(sample)
    raw = bytearray(_raw(good))
    cases = [good[:n] for n in rnd.sample(range(len(good)), 120)]
    for _ in range(300):
        flipped = bytearray(raw)
        flipped[rnd.randrange(len(flipped))] ^= 1 << rnd.randrange(8)
        cases.append(_pack(bytes(flipped)))
    for _ in range(100):
        cases.append(_pack(bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 400)))))
        cases.append("g=" + "".join(rnd.choice("AZaz09-_=") for _ in range(rnd.randrange(300))))
    cases += [_options_link(o) for o in BAD_OPTIONS]
    cases += [_options_link({"players": 2, "seed": 1}, rules=99), "g=" + "A" * (2 << 20),
              _pack(bytes([2, 2, 2]) + b"{}" + b"\x00" * 30_000)]
    return cases


def test_fuzzed_links_only_ever_raise_link_error(sample: Game) -> None:
    rnd = random.Random(SEED)
    outcomes: Counter[str] = Counter()
    for case in _link_cases(sample, rnd):
        try:
            links.decode(case)
            outcomes["opened"] += 1
        except links.LinkError:
            outcomes["refused"] += 1
    for case in (None, 5, b"g=", ["g="], {"g": 1}):
        with pytest.raises(links.LinkError):
            links.decode(case)  # type: ignore[arg-type]
        outcomes["refused"] += 1
    print(f"fuzz links: {sum(outcomes.values())} cases, {dict(outcomes)}, 0 crashes")
    assert outcomes["refused"] > 500


def _save_mutations(save: dict[str, Any], rnd: random.Random) -> list[Any]:
    cases: list[Any] = []
    for options in BAD_OPTIONS:
        broken = copy.deepcopy(save)
        broken["options"] = options
        cases.append(broken)
    for key in ("moves", "checksum", "state", "format", "rules", "base"):
        for value in (None, 1.5, True, "x", [], {}, "[" * 100_000, [[0]] * 10, -1):
            broken = copy.deepcopy(save)
            broken[key] = value
            cases.append(broken)
    for _ in range(150):
        broken = copy.deepcopy(save)
        move = rnd.choice(broken["moves"])
        field = rnd.choice([k for k in move[1]] or ["type"])
        move[1][field] = rnd.choice([None, 1.0, True, False, -1, 10 ** 20, "x" * 1000, [], {}])
        cases.append(broken)
    text = json.dumps(save)
    for _ in range(60):
        cut = rnd.randrange(len(text))
        cases.append(text[:cut])
    cases.append({**save, "moves": [[0, {"type": "pass"}]] * 7000})
    return cases


def test_fuzzed_saves_only_ever_raise_save_error(sample: Game) -> None:
    rnd = random.Random(SEED + 1)
    outcomes: Counter[str] = Counter()
    for case in _save_mutations(sample.to_save(), rnd):
        try:
            Game.from_save(json.loads(case) if isinstance(case, str) else case)
            outcomes["opened"] += 1
        except (SaveError, ValueError):  # json.loads of a cut text: a ValueError of JSON
            outcomes["refused"] += 1
    print(f"fuzz saves: {sum(outcomes.values())} cases, {dict(outcomes)}, 0 crashes")
    assert outcomes["refused"] > 100


def test_responses_of_the_wrong_type_are_illegal_moves_R_ACT_1(sample: Game) -> None:
    rnd = random.Random(SEED + 3)
    odd = [None, 1.0, True, False, -1, 10 ** 20, "x", [], {}, {"type": 1}, "pass", 0]
    refused = 0
    game = sample.copy()
    for _ in range(300):
        if game.is_over:
            break
        player, prompt = game.pending[0]
        base = dict(rnd.choice(prompt.choices()).response)
        for key in list(base) or ["type"]:
            broken = {**base, key: rnd.choice(odd)}
            if broken == base:
                continue
            before = game.digest()
            try:
                game.respond(player, broken)
            except IllegalMove:
                refused += 1
                assert game.digest() == before
            else:
                break  # it happened to be another legal response
        if game.pending:
            player, prompt = game.pending[0]
            game.respond(player, rnd.choice(prompt.choices()))
    for steps in (1.5, "1", None, True, 0, -2):
        with pytest.raises(IllegalMove):
            game.undo(steps)  # type: ignore[arg-type]
    print(f"fuzz responses: {refused} refused, 0 crashes")
    assert refused > 50


def test_options_out_of_range_are_refused_before_any_play() -> None:
    for options in BAD_OPTIONS:
        if isinstance(options, dict):
            with pytest.raises((ValueError, TypeError)):
                Game.new(Options(**options))


def test_out_of_range_link_options_say_why() -> None:
    """A link whose options have the right types but name no game says what is wrong."""
    with pytest.raises(links.LinkError, match="first_player must name one of the players"):
        links.decode(_options_link({"players": 2, "seed": 1, "first_player": 7}))
