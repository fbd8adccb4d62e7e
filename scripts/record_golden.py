"""Record the golden games (tests/corpus/golden.json): complete random games, 1 to 5
players, with and without the draft, each with its moves, final checksum and scores.

Run it only when a rules change is meant to change them, and say so in the commit:
tests/engine/test_golden.py pins every one of them.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from tm import Game, Options

OUT = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "golden.json"
GAMES = [(1, False, 1), (1, False, 2), (2, False, 3), (2, True, 4), (3, False, 5),
         (3, True, 6), (4, False, 7), (4, True, 8), (5, False, 9), (5, True, 10)]


def main() -> None:
    games = []
    for players, draft, seed in GAMES:
        game = Game.new(Options(players=players, seed=seed, draft=draft))
        rnd = random.Random(seed)
        while not game.is_over:
            player, prompt = game.pending[0]
            game.respond(player, rnd.choice(prompt.choices()))
        games.append({"options": {"players": players, "seed": seed, "draft": draft},
                      "moves": game.moves, "digest": game.digest(),
                      "scores": [row["total"] for row in game.scores()],
                      "generation": game.state.generation})
    OUT.write_text(json.dumps(games, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} golden games to {OUT}")


if __name__ == "__main__":
    main()
