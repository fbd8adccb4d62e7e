"""Timings of the fair deck in a real group, printed (nothing is asserted).

    .venv/bin/python scripts/fairdeck_bench.py [--cards 208] [--group modp2048|secp256k1]
    node scripts/fairdeck_pyodide.mjs [--cards 208] [--group ...]   (the same in Pyodide)

Measured: each kind of shuffle step on a ``--cards`` deck (with the receiving device's
check), a draw (reading a position), the check of a shown card, and the audit's check of
each kind of step. The 2-seat shuffle and audit are measured whole; the 5-seat ones are
sums of the measured steps (4 mix, 1 mix-lock, 4 lock), since the steps are sequential.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tm.fairdeck import (  # noqa: E402
    GROUPS,
    Group,
    Piles,
    Transcript,
    audit,
    card_table,
    holds,
    keys_for,
    new_seed,
    read,
    run_step,
    schedule,
)
from tm.fairdeck.audit import _check_step  # noqa: E402

LABEL = "bench/project"
T = TypeVar("T")


def timed(work: Callable[..., T], *args: object) -> tuple[T, float]:
    """``work(*args)`` and the seconds it took."""
    start = time.perf_counter()
    result = work(*args)
    return result, time.perf_counter() - start


def bench(group: Group, cards: int) -> list[str]:
    """The report's lines; see the module's docstring."""
    rng = random.Random(1)
    seeds = [new_seed(rng.randbytes) for _ in range(2)]
    keys = [keys_for(group, seed, LABEL) for seed in seeds]
    transcript = Transcript(group, LABEL, 2, cards)
    step_time: dict[str, float] = {}
    for step in schedule(2):
        step_time[step.kind] = timed(run_step, transcript, keys[step.seat])[1]
    locked, table = transcript.locked(), card_table(transcript.cards())
    parts = [[k.part(j) for k in keys] for j in range(5)]
    reads = [timed(read, group, table, locked[j], parts[j])[1] for j in range(5)]
    first = transcript.cards()[0]
    checks = [timed(holds, group, first, locked[j], parts[j])[1] for j in range(5)]
    check_time: dict[str, float] = {}
    before = transcript.cards()
    for step, after in zip(schedule(2), transcript.outputs, strict=True):
        check_time[step.kind] = timed(_check_step, keys[step.seat], step, before, after)[1]
        before = after
    findings, audit2 = timed(audit, transcript, Piles.deal(2, cards, 4), seeds, [], [])
    assert findings == []
    mix, mix_lock, lock = step_time["mix"], step_time["mix-lock"], step_time["lock"]
    mix_check = check_time["mix"]
    lock_check = check_time["lock"]
    return [
        f"{cards}-card deck, {group.name}; seconds:",
        f"  mix step (seats 0..n-2, pass 1)      {mix:8.2f}",
        f"  mix-lock step (the last seat)        {mix_lock:8.2f}",
        f"  lock step (seats 0..n-2, pass 2)     {lock:8.2f}",
        f"  shuffle, 2 seats (3 steps)           {mix + mix_lock + lock:8.2f}",
        f"  shuffle, 5 seats (9 steps)           {4 * mix + mix_lock + 4 * lock:8.2f}",
        f"  one device's share (mix + lock)      {mix + lock:8.2f}",
        f"  a draw (read one position)           {sum(reads) / len(reads):8.3f}",
        f"  a shown card's check (2 seats)       {sum(checks) / len(checks):8.3f}",
        f"  audit check: mix / mix-lock / lock   {mix_check:8.2f} "
        f"{check_time['mix-lock']:6.2f} {lock_check:6.2f}",
        f"  audit, 2 seats (whole)               {audit2:8.2f}",
        f"  audit, 5 seats (sum of steps)        "
        f"{4 * mix_check + check_time['mix-lock'] + 4 * lock_check:8.2f}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=208)
    parser.add_argument("--group", choices=["modp2048", "secp256k1"], default="modp2048")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    print("\n".join(bench(GROUPS[args.group], args.cards)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
