"""The bots' moves, fingerprinted: 40 bots-only games spread over the matrix (seats, sets,
maps, draft, levels); each game's moves and its final public view hashed, one hash over each.

A behaviour-preserving change (a restructure, a rename) must print the same moves line
before and after (and the same views line, unless it changes the view on purpose):
``python scripts/bots_fingerprint.py``.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tm import Game  # noqa: E402
from tm.bots import matrix, tournament  # noqa: E402

GAMES = 40


def main() -> int:
    combos = list(matrix.combinations())
    moves_total = hashlib.sha256()
    views_total = hashlib.sha256()
    for game_number in range(GAMES):
        index = (game_number * 9 + game_number // 20) % len(combos)  # 40 distinct cells
        combo = combos[index]
        seed = matrix.seed_for(combo, 0, base=7)
        levels = matrix.levels_for(index, game_number // 20, 1, combo.seats)
        game: Game = tournament.play(matrix.options_for(combo, seed), levels, seed)
        moves = hashlib.sha256(json.dumps(game.moves, sort_keys=True).encode()).hexdigest()
        view = hashlib.sha256(json.dumps(game.view(None), sort_keys=True,
                                         default=str).encode()).hexdigest()
        moves_total.update(moves.encode())
        views_total.update(view.encode())
        print(f"{game_number:2} {combo.name:40} {'/'.join(levels):28} {moves[:16]} {view[:16]}")
    print(f"final views of all {GAMES} games: {views_total.hexdigest()}")
    print(f"moves of all {GAMES} games: {moves_total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
