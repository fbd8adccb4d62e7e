"""Issue 31's strength table on held-out deals: the expert solo on each expansion set and
map, and the expert against hard in 2-player, with hard solo on the same deals beside it.

    python scripts/bots_table.py [--games N] [--seed 100000] [--only NAME,...]

Each row is ``python -m tm bots`` with the row's options (seats rotated over the same
deals, 95 % Wilson intervals); it prints as it goes. Slow: an expert solo game takes
~6 s in CPython, so the default table (N=40) takes about an hour on one core.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tm.bots.tournament import report, run  # noqa: E402

ROWS = {  # name: (players, expansions beyond Corporate Era, map, opponent level)
    "solo tharsis": (1, (), "tharsis", None),
    "solo prelude": (1, ("prelude",), "tharsis", None),
    "solo colonies": (1, ("colonies",), "tharsis", None),
    "solo elysium": (1, (), "elysium", None),
    "solo hellas": (1, (), "hellas", None),
    "solo vastitas_borealis": (1, (), "vastitas_borealis", None),
    "solo amazonis_planitia": (1, (), "amazonis_planitia", None),
    "2p vs hard": (2, (), "tharsis", "hard"),
}


def row(name: str, games: int, seed: int, level: str) -> list[str]:
    """One row's report lines (the level's and, solo, hard's on the same deals)."""
    players, extra, board, vs = ROWS[name]
    args = SimpleNamespace(games=games, players=players, level=level, vs=vs, seed=seed,
                           expansions=["corpera", *extra], board=board, draft=False)
    started = time.perf_counter()
    lines = _summary(name, report(run(args), args))
    if players == 1:
        args.level = "hard"
        lines += _summary(name, report(run(args), args))
    lines.append(f"{name}: {time.perf_counter() - started:.0f} s")
    return lines


def _summary(name: str, lines: list[str]) -> list[str]:
    """The report's first line (wins, interval, score) and every failure line: a game that
    crashed is not counted in "of N", so it must show here."""
    kept = lines[:1] + [line for line in lines if line.startswith("FAIL")]
    kept += [line for line in lines if line.startswith("bots:")]
    return [f"{name} {line}" for line in kept]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--only", default="", help="comma-separated row names")
    args = parser.parse_args(argv)
    names = [n for n in ROWS if not args.only or n in args.only.split(",")]
    for name in names:
        for line in row(name, args.games, args.seed, args.level):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
