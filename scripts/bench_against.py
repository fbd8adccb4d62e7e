"""This checkout's page beside another commit's, in one run, printed (nothing is asserted).

    .venv/bin/python scripts/bench_against.py --other DIR [--rounds 3]
    make bench-against REF=<commit>     (makes DIR: a worktree of REF, set up)

``DIR`` is a checkout of the other commit with its site built (``make setup`` there). Each
round runs, for the two checkouts in turn (the order alternating between rounds, so a busy
machine slows both alike): this checkout's scripts/bench_browser.py on each one's site
(loopback: time to ready on a first visit and on a return visit from the snapshot, the bytes
of a first visit) and each checkout's own scripts/bench_page.py (click to painted frame at a
5-player late-game position, as is and with the CPU throttled 4×: its kit stores the game as
that checkout's page reads it). Printed: each figure's median over the rounds, both
checkouts side by side with the difference, and the machine's load average during the run.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (figure, the script that prints it, the pattern of its line: the number is group 1)
FIGURES: tuple[tuple[str, str, str], ...] = (
    ("first visit, ready (ms)", "browser", r"game, first visit\s+(\d+)"),
    ("return visit from the snapshot, ready (ms)", "browser", r"game, return visit\s+(\d+)"),
    ("first visit bytes as served (kB)", "browser",
     r"first visit as served: [\d.]+ MB transferred \(([\d,]+) bytes\)"),
    ("5 players, click -> frame p95, as is (ms)", "page",
     r"throttled 1x:\n(?:.*\n)*?\s+frame\s+n=\s*\d+\s+median\s+[\d.]+ ms\s+p95\s+([\d.]+)"),
    ("5 players, click -> frame p95, CPU 4x (ms)", "page",
     r"throttled 4x:\n(?:.*\n)*?\s+frame\s+n=\s*\d+\s+median\s+[\d.]+ ms\s+p95\s+([\d.]+)"),
)


def run_scripts(checkout: Path) -> dict[str, str]:
    """Both benches on ``checkout``'s site: this checkout's page-load bench (it measures any
    build alike), and the checkout's own click bench (its kit writes a game the way that
    checkout's page stores one)."""
    python = str(ROOT / ".venv" / "bin" / "python")
    runs = {"browser": ([python, str(ROOT / "scripts/bench_browser.py"), "--runs", "1",
                         "--samples", "0", "--profiles", "loopback", "--no-kept",
                         "--root", str(checkout / "dist")], ROOT),
            "page": ([python, "scripts/bench_page.py", "--clicks", "40", "--bot-clicks", "0",
                      "--expert-rounds", "0", "--root", "dist"], checkout)}
    return {name: subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                                 check=False).stdout for name, (command, cwd) in runs.items()}


def figures(printed: dict[str, str]) -> dict[str, float]:
    """The figures found in one round's output (a figure not printed is left out)."""
    found = {}
    for name, script, pattern in FIGURES:
        match = re.search(pattern, printed.get(script, ""))
        if match:
            found[name] = float(match.group(1).replace(",", "")) / (1e3 if "kB" in name else 1)
    return found


def keep(printed: dict[str, str], folder: Path | None, name: str) -> None:
    """Write one round's raw output into ``folder`` (when given), to read what was not found."""
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for script, text in printed.items():
            (folder / f"{name}-{script}.txt").write_text(text)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, required=True, help="the other checkout, set up")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="a folder for each run's raw output")
    args = parser.parse_args(argv)
    checkouts = {"this": ROOT, "other": args.other.resolve()}
    rounds: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    loads = []
    for index in range(args.rounds):
        order = ("this", "other") if index % 2 == 0 else ("other", "this")
        for name in order:
            printed = run_scripts(checkouts[name])
            keep(printed, args.keep, f"{index + 1}-{name}")
            rounds[name].append(figures(printed))
            loads.append(os.getloadavg()[0])
            print(f"round {index + 1}, {name}: {rounds[name][-1]}", file=sys.stderr, flush=True)
    print(f"this checkout ({ROOT}) beside {checkouts['other']}: medians of {args.rounds} "
          f"rounds, load average {min(loads):.1f}-{max(loads):.1f}")
    print(f"  {'figure':<46} {'this':>9} {'other':>9} {'this - other':>13}")
    for name, _, _ in FIGURES:
        this = [found[name] for found in rounds["this"] if name in found]
        other = [found[name] for found in rounds["other"] if name in found]
        if not this or not other:
            print(f"  {name:<46} {'-':>9} {'-':>9}   (not printed by one side)")
            continue
        a, b = statistics.median(this), statistics.median(other)
        print(f"  {name:<46} {a:9.2f} {b:9.2f} {a - b:+13.2f}   runs {this} / {other}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
