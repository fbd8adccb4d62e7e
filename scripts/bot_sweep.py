"""Development aid: solo win rate of a bot level over N deals, with optional patches of
module constants (``--set values.END_MC=0.3``), to tune the bots quickly.

    PYTHONPATH=. python scripts/bot_sweep.py --games 200 --set policy.SOLO_BUY=3.0
"""
from __future__ import annotations

import argparse
import importlib
import time

from tm.bots.tournament import TUNING_DEALS, play
from tm.core.state import Options


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--set", action="append", default=[])
    args = parser.parse_args()
    last = args.seed + args.games - 1
    assert args.seed in TUNING_DEALS and last in TUNING_DEALS, "tuning deals only"
    for item in args.set:
        target, value = item.split("=", 1)
        module, name = target.rsplit(".", 1)
        mod = importlib.import_module(f"tm.bots.{module}")
        setattr(mod, name, eval(value))  # a developer's own number or dict
    start = time.perf_counter()
    wins, points, left = 0, 0, 0
    for index in range(args.games):
        game = play(Options(players=1, seed=args.seed + index), [args.level], bot_seed=index)
        wins += 1 if game.winners() else 0
        points += game.scores()[0]["total"]
        params = game.view(0)["parameters"]
        left += sum(max(0, (int(p["max"]) - int(p["value"])) // int(p["step"]))
                    for p in params.values() if isinstance(p, dict) and "max" in p)
    print(f"{args.set}: solo {args.level} won {wins} of {args.games} "
          f"({wins / args.games:.1%}); average score {points / args.games:.1f}; "
          f"steps left {left / args.games:.2f}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
