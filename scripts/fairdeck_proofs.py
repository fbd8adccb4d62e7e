"""Timings of the key parts' proofs (issue 43), printed (nothing is asserted).

    .venv/bin/python scripts/fairdeck_proofs.py [--cards 208] [--group secp256k1] [--parts 40]
                                                [--reshuffle 60]
    node scripts/fairdeck_pyodide.mjs --script fairdeck_proofs.py   (the same in Pyodide)

A 2-seat shuffle of a ``--cards`` deck is run once; then, over ``--parts`` positions, the
median time of: a key part alone (what version 1 sends), a lock seat's part with its
Chaum-Pedersen proof, the proof's check on arrival, and the check of the mix-lock seat's
part (no proof: its output, its layer off, is one of its step's input); the first check of
a deck also computes the seat's commitment (the products of its mix step), timed apart.

``--reshuffle N``: then the same for a generation of ``N`` of the deck's positions
reshuffled by the schedule of wire version 3 (every seat mixes and locks; each mix step
publishes its commitment ``D``): the commitment's cost in the mix step, and seat 1's
part (the last seat's, which a first generation checks without a proof) with its proof
and the proof's check; and (wire version 4) seat 0's proof that its unlock step put on
the key ``D`` commits to, batched over every card of the generation (as if every old
part of that seat were public: the most a seat counts), made and checked.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tm.fairdeck import (  # noqa: E402
    GROUPS,
    DeckKeys,
    Transcript,
    keys_for,
    new_seed,
    proofs,
    reshuffle,
    run_step,
    unlocking,
)
from tm.fairdeck.shuffle import commit  # noqa: E402

LABEL = "bench/project"


def _median(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=208)
    parser.add_argument("--group", choices=sorted(GROUPS), default="secp256k1")
    parser.add_argument("--parts", type=int, default=40)
    parser.add_argument("--reshuffle", type=int, default=0)
    args = parser.parse_args(argv)
    group = GROUPS[args.group]
    rng = random.Random(1)
    keys = [keys_for(group, new_seed(rng.randbytes), LABEL) for _ in range(2)]
    transcript = Transcript(group, LABEL, 2, args.cards)
    while (step := transcript.next_step()) is not None:
        run_step(transcript, keys[step.seat])
    memo: dict[int, object] = {-1: transcript.start()}  # (a device holds its cards)
    start = time.perf_counter()
    proofs.verify(transcript, 0, 0, keys[0].part(0),
                  proofs.prove(transcript, keys[0], 0, 0, dict(memo)), memo)
    proofs.verify(transcript, 1, 0, keys[1].part(0), b"", memo)
    first = time.perf_counter() - start
    part, prove, check, mixlock = [], [], [], []
    for position in range(min(args.parts, args.cards)):
        t0 = time.perf_counter()
        digest = keys[0].part(position)
        t1 = time.perf_counter()
        proof = proofs.prove(transcript, keys[0], 0, position, memo)
        t2 = time.perf_counter()
        assert proofs.verify(transcript, 0, position, digest, proof, memo)
        t3 = time.perf_counter()
        assert proofs.verify(transcript, 1, position, keys[1].part(position), b"", memo)
        t4 = time.perf_counter()
        part.append(t1 - t0)
        prove.append(t2 - t0)
        check.append(t3 - t2)
        mixlock.append(t4 - t3)
    print(f"{group.name}, {args.cards} cards, median of {len(part)} positions")
    print(f"  a key part alone (version 1):            {_median(part)}")
    print(f"  a lock seat's part with its proof:       {_median(prove)}")
    print(f"  checking that proof on arrival:          {_median(check)}")
    print(f"  checking a mix-lock seat's part:         {_median(mixlock)}")
    print(f"  the deck's first check (commitments):    {first * 1000:.1f} ms")
    print(f"  proof bytes a part: {proofs.PROOF_BYTES} (the part itself: 32)")
    if args.reshuffle:
        _reshuffled(transcript, [keys_for(group, key.seed, LABEL) for key in keys],
                    min(args.reshuffle, args.cards), args.parts)
    return 0


def _reshuffled(old: Transcript, keys: list[DeckKeys], size: int, parts: int) -> None:
    """The proofs of a version 3 generation of ``size`` of ``old``'s positions."""
    label = LABEL + "/2"
    generation = reshuffle(old, range(size), label, proved=True)
    keys = [keys_for(key.group, key.seed, label) for key in keys]
    while (step := generation.next_step()) is not None:
        run_step(generation, keys[step.seat])
    mixed = generation.outputs[generation.seats]  # seat 0's mix step's output
    t0 = time.perf_counter()
    commit(keys[0], mixed)
    committing = time.perf_counter() - t0
    memo: dict[int, object] = {}
    t0 = time.perf_counter()
    proofs.commitment(generation, 1, memo)
    first = time.perf_counter() - t0
    prove, check = [], []
    for position in range(min(parts, size)):
        t0 = time.perf_counter()
        proof = proofs.prove(generation, keys[1], 1, position, memo)
        t1 = time.perf_counter()
        assert proofs.verify(generation, 1, position, keys[1].part(position), proof, memo)
        prove.append(t1 - t0)
        check.append(time.perf_counter() - t1)
    print(f"a reshuffled generation of {size} cards (version 3), median of {len(prove)}")
    print(f"  a mix step's commitment (once a seat):   {committing * 1000:.1f} ms")
    print(f"  the generation's first check of a seat:  {first * 1000:.1f} ms")
    print(f"  the last seat's part with its proof:     {_median(prove)}")
    print(f"  checking that proof on arrival:          {_median(check)}")
    olds = {i: keys_for(key.group, key.seed, LABEL).position_key(i)
            for i, key in zip(range(size), [keys[0]] * size, strict=True)}
    makes, checks = [], []
    for _ in range(3):
        t0 = time.perf_counter()
        vouch = unlocking.prove(generation, keys[0], 0, olds)
        t1 = time.perf_counter()
        assert unlocking.verify(generation, 0, olds, vouch)
        makes.append(t1 - t0)
        checks.append(time.perf_counter() - t1)
    print(f"  unlock proof, {size} cards (version 4):   made {_median(makes)},"
          f" checked {_median(checks)}, {len(vouch)} bytes a mix step")


if __name__ == "__main__":
    raise SystemExit(main())
