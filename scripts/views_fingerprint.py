"""Every view of 30 games, fingerprinted: before each decision, the view of every seat and
of a spectator, serialized in its own key order (so a change of order shows too) and
hashed, one hash per game and one over all.

Games spread over the matrix (1 to 5 seats, every expansion set, every map, draft on and
off); bots in every seat (levels rotating, ``random`` among them, so odd choices are made
too), some games with names, a beginner and bot seats in their options. A change of how
the view is built that must not change what it holds prints the same lines before and
after: ``python scripts/views_fingerprint.py [games]``.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tm import Game  # noqa: E402
from tm.bots import Bot, bot_seed_for, matrix  # noqa: E402

GAMES = 30


def _options(game_number: int, combos: list[matrix.Combination]) -> tuple[str, object, list[str]]:
    index = (game_number * 7 + game_number // 10) % len(combos)
    combo = combos[index]
    options = matrix.options_for(combo, matrix.seed_for(combo, game_number, base=28))
    levels = matrix.levels_for(index, game_number, 1, combo.seats)
    if game_number % 3 == 0:  # what the options say shows in the view too
        options.names = [f"Seat {seat}" for seat in range(combo.seats)]
        options.beginners = [0]
        options.bots = ["", *levels[1:]]
        options.bot_seed = 1000 + game_number
    return combo.name, options, levels


def _play(options: object, levels: list[str], game_number: int) -> tuple[str, int, int]:
    game = Game.new(options)  # type: ignore[arg-type]
    bots = [Bot(level, bot_seed_for(game_number, seat)) for seat, level in enumerate(levels)]
    digest = hashlib.sha256()
    views = 0
    while not game.is_over:
        for viewer in [*range(len(levels)), None]:
            digest.update(json.dumps(game.view(viewer)).encode())
            views += 1
        player, _ = game.pending[0]
        game.respond(player, bots[player].decide(game.view(player)))
    for viewer in [*range(len(levels)), None]:
        digest.update(json.dumps(game.view(viewer)).encode())
        views += 1
    return digest.hexdigest(), views, len(game.moves)


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    combos = list(matrix.combinations())
    total = hashlib.sha256()
    views = 0
    for game_number in range(games):
        name, options, levels = _options(game_number, combos)
        found, count, moves = _play(options, levels, game_number)
        total.update(found.encode())
        views += count
        print(f"{game_number:2} {name:40} {'/'.join(levels):28} {moves:5} moves "
              f"{count:6} views {found[:16]}", flush=True)
    print(f"{views} views of {games} games: {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
