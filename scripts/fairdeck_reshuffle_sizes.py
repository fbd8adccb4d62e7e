"""What a reshuffle's messages cost on the wire, under wire versions 2, 3 and 4 (issue 43),
printed (nothing is asserted).

    .venv/bin/python scripts/fairdeck_reshuffle_sizes.py [--group secp256k1] [--seed 5]
                                                          [--versions 2 3 4]

Plays one 4-seat base game with the hard bot at every seat
(:class:`tm.testing.sealed_table.Table`: every post to every device, in one order) twice
with the same seeds: under version 2 (``3n - 1`` reshuffle steps, the generation's key
parts unproved) and under version 3 (``3n`` steps, each mix step with its commitment,
every part of the generation proved). The card order and so the game are the same under
both. Prints, in base64url characters of the fair-deck messages: the reshuffle's
hand-offs (each one a post of its own: a link carries it with the posts around it) and
the messages that carry key parts of the new generation. Version 4 adds to each mix
step's hand-off the proof of its unlock step (64 bytes); the time the devices spend on the
reshuffle's hand-offs (making and checking them, every seat's) is printed too.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tm import Options  # noqa: E402
from tm.bots import Bot  # noqa: E402
from tm.fairdeck import GROUPS, unlocking  # noqa: E402
from tm.fairdeck.wire import HandOff, Turn, decode  # noqa: E402
from tm.linkplay.sealedplay import Post  # noqa: E402
from tm.testing.sealed_table import Table  # noqa: E402


class TimedTable(Table):
    """A table that adds up the seconds its devices spend on the reshuffle's hand-offs,
    and of those on the unlock proofs (version 4), made and checked."""

    seconds = 0.0
    proofs = [0.0]  # (the wrapped functions below add to it)

    def deliver(self, post: Post) -> list[Post]:
        message = decode(post.message)
        if not (isinstance(message, HandOff) and "/" in message.decks[0]):
            return super().deliver(post)
        start = time.perf_counter()
        answers = super().deliver(post)
        self.seconds += time.perf_counter() - start
        return answers


def _timed(name: str) -> None:
    """``unlocking.<name>`` timed into :attr:`TimedTable.proofs`."""
    inner = getattr(unlocking, name)

    def timed(*args: Any) -> Any:
        start = time.perf_counter()
        try:
            return inner(*args)
        finally:
            TimedTable.proofs[0] += time.perf_counter() - start
    setattr(unlocking, name, timed)


for _name in ("prove", "verify"):
    _timed(_name)


def played(group: str, seed: int, version: int) -> TimedTable:
    TimedTable.proofs[0] = 0.0
    bots = [Bot("hard", 100 + seat) for seat in range(4)]
    table = TimedTable(Options(players=4, seed=seed, expansions=[], sealed=True),
                       GROUPS[group], lambda seat, view: bots[seat].decide(view))
    for seat in table.seats:
        seat.device.adopt(version)
    table.shuffle()
    table.play_to_end()
    return table


def report(table: TimedTable, version: int) -> None:
    handoffs, parts = [], []
    for post in table.posts:
        message = decode(post.message)
        if isinstance(message, HandOff) and message.decks == ("project/2",):
            handoffs.append(len(post.message))
        elif isinstance(message, Turn) and any("/" in e.deck for e in message.parts):
            parts.append(len(post.message))
    size = len(table.seats[0].game.state.sealed["reshuffles"]["project/2"])
    print(f"version {version}: a generation of {size} cards")
    print(f"  reshuffle hand-offs: {len(handoffs)}, each {min(handoffs)} to {max(handoffs)}"
          f" characters, {sum(handoffs)} in all")
    print(f"  messages with parts of it: {len(parts)}, median {statistics.median(parts)},"
          f" longest {max(parts)}, {sum(parts)} in all")
    print(f"  the devices' time on the reshuffle's hand-offs (their steps and checks,"
          f" every seat): {table.seconds:.2f} s, of which the unlock proofs"
          f" {TimedTable.proofs[0]:.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--group", choices=sorted(GROUPS), default="secp256k1")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--versions", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args(argv)
    for version in args.versions:
        report(played(args.group, args.seed, version), version)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
