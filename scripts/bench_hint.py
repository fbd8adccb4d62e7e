"""Issue 45: does following the hint win? A solo autopilot that always takes the hint's first
choice (:class:`tm.bots.advice.Adviser`, as the page gives it) against the expert level on
the same held-out deals (seeds no tuning used), with 95 % Wilson intervals, and the hint's
time per decision in CPython (the page, in Pyodide, takes ~2-4x as long).

    python scripts/bench_hint.py [--games 30] [--seed 300000]

Slow: a solo game takes ~6 s for the expert and about as long for the autopilot.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tm.bots import bot_seed_for, wilson  # noqa: E402
from tm.bots.advice import Adviser  # noqa: E402
from tm.bots.tournament import play  # noqa: E402
from tm.core.state import Options  # noqa: E402
from tm.game import Game  # noqa: E402
from tm.persist.codec import MAX_MOVES  # noqa: E402

SEED = 300_000  # held out: the bots were tuned on 1000-5079 and reported on 100,000-100,079


def autopilot(options: Options, times: dict[str, list[float]]) -> Game:
    """One solo game played by the hint's first choice at every decision."""
    game = Game.new(options)
    adviser = Adviser()
    while not game.is_over:
        if len(game.moves) > MAX_MOVES:
            raise RuntimeError(f"no end after {MAX_MOVES} moves")
        seat, _ = game.pending[0]
        view = game.view(seat)
        started = time.perf_counter()
        advising = adviser.begin(view)
        found = advising.finish()
        kind = f"{view['you']['decision']['kind']}{' searched' if advising.searched else ''}"
        times.setdefault(kind, []).append(time.perf_counter() - started)
        game.respond(seat, found["choice"])
    return game


def line(name: str, wins: int, games: int, points: list[int]) -> str:
    low, high = wilson(wins, games)
    share = wins / games if games else 0.0
    mean = sum(points) / len(points) if points else 0.0
    return (f"{name}: won {wins} of {games} ({share:.1%}, 95 % CI {low:.1%}–{high:.1%}); "
            f"average score {mean:.1f}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    wins = {"hint autopilot": 0, "expert": 0}
    points: dict[str, list[int]] = {name: [] for name in wins}
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    for index in range(args.games):
        options = Options(players=1, seed=args.seed + index)
        games = {"hint autopilot": autopilot(options, times),
                 "expert": play(options, ["expert"], bot_seed_for(index, 0))}
        for name, game in games.items():
            wins[name] += 1 if game.winners() else 0
            points[name].append(int(game.scores()[0]["total"]))
        print(f"deal {args.seed + index}: " + ", ".join(
            f"{name} {'won' if game.winners() else 'lost'}" for name, game in games.items()),
            flush=True)
    for name in wins:
        print(line(name, wins[name], args.games, points[name]))
    diff = (wins["hint autopilot"] - wins["expert"]) / max(1, args.games)
    print(f"difference (autopilot - expert): {diff:+.1%} over {args.games} deals "
          f"(seeds {args.seed}-{args.seed + args.games - 1})")
    for kind, spent in sorted(times.items()):
        spent.sort()
        print(f"hint time {kind}: median {spent[len(spent) // 2] * 1000:.0f} ms, "
              f"p90 {spent[int(len(spent) * 0.9)] * 1000:.0f} ms, max {spent[-1] * 1000:.0f} ms "
              f"({len(spent)} decisions)")
    print(f"bench_hint: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
