"""The fair deck's real messages and one device's work, printed (nothing is asserted).

    .venv/bin/python scripts/fairdeck_messages.py [--group secp256k1] [--seats 2 5]
        [--sets corpera prelude] [--window 4]
    node scripts/fairdeck_pyodide.mjs --script fairdeck_messages.py [same options]

Devices (tm/fairdeck/device.py) play the opening of a game by encoded messages only: the
joint shuffle of every deck (each hand-off to the next seat in the schedule, the last to
all), the opening message (the parts for the others' deal and window), a typical turn
(parts for the others' one draw each since this seat last sent, one card shown), a
research turn (the others drew four each), the seed reveal. The sizes are the encoded
messages' own lengths in base64url characters (what a link fragment carries). The
seconds are one device's work on this machine: its shuffle step (every deck), checking a
hand-off it receives, reading a draw, checking a shown card, the audit at the end.
Decks: Corporate Era (``corpera``: its project cards and corporations) or with Prelude
(``prelude``: the project cards and corporations of base + Corporate Era + Prelude, and
the preludes); opening deal 10 project cards, 2 corporations, 4 preludes a seat.
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

from tm.cards import corporation_deck, prelude_deck, project_deck  # noqa: E402
from tm.fairdeck import (  # noqa: E402
    GROUPS,
    Device,
    Group,
    Piles,
    Show,
    decode,
    encode,
    new_seed,
    schedule,
)
from tm.fairdeck.wire import Message  # noqa: E402

SETS = {"corpera": ("base", "corpera"), "prelude": ("base", "corpera", "prelude")}
FIRST = {"project": 10, "corporation": 2, "prelude": 4}
T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def decks_of(sets: tuple[str, ...]) -> dict[str, list[str]]:
    decks = {"project": project_deck(sets), "corporation": corporation_deck(sets)}
    if "prelude" in sets:
        decks["prelude"] = prelude_deck(sets)
    return decks


class Game:
    """Devices round a table and the rules' public state (piles, shown cards)."""

    def __init__(self, group: Group, seats: int, decks: dict[str, list[str]]) -> None:
        rng = random.Random(1)
        self.devices = [Device(group, seat, seats, new_seed(rng.randbytes), "sizes", decks)
                        for seat in range(seats)]
        self.piles: dict[str, Piles] = {}
        self.shown: dict[tuple[str, int], str] = {}
        self.lines: list[tuple[str, int]] = []
        self.seconds: dict[str, float] = {}

    def send(self, what: str | None, message: Message, to: list[int] | None = None) -> float:
        """Deliver; note its size (if ``what``); the seconds the first receiver took."""
        text = encode(message)
        if what:
            self.lines.append((what, len(text)))
        took = []
        for device in self.devices:
            if device.seat != message.seat and (to is None or device.seat in to):
                took.append(timed(lambda d=device: d.receive(  # type: ignore[misc]
                    decode(text), self.piles, self.shown))[1])
        return took[0] if took else 0.0

    def join(self) -> None:
        steps = schedule(len(self.devices))
        for index, step in enumerate(steps):
            handoff, took = timed(self.devices[step.seat].step)
            self.seconds.setdefault(f"shuffle step: {step.kind}", took)
            last = index + 1 == len(steps)
            to = f"seat {steps[index + 1].seat}" if not last else "all"
            decks = len(handoff.outputs)
            check = self.send(f"join {index + 1}: seat {step.seat} {step.kind} -> {to} "
                              f"({decks} step{'s' * (decks > 1)})", handoff,
                              None if last else [steps[index + 1].seat])
            self.seconds.setdefault("checking a hand-off received (per step in it)",
                                    check / decks)

    def turn(self, seat: int, what: str | None, show: bool = False) -> None:
        device = self.devices[seat]
        shows: tuple[Show, ...] = ()
        if show:
            deck, position = "project", self.piles["project"].drawn_by(seat)[0]
            name = device.open(deck, position)
            assert name is not None
            self.shown[(deck, position)] = name
            shows = (device.show(deck, position),)
        took = self.send(what, device.outgoing(self.piles, shows))
        if show:
            self.seconds["checking a shown card (with the message)"] = took

    def play(self, window: int) -> None:
        seats, first = len(self.devices), self.devices[0]
        self.join()
        self.piles = {deck: Piles.deal(seats, len(first._decks[deck].names), window,
                                       FIRST[deck]) for deck in first.decks}
        for seat in range(seats):
            self.turn(seat, "opening message (parts for the others' deal)" if seat == 0
                      else None)
        for deck, piles in self.piles.items():
            for seat in range(seats):
                for _ in range(FIRST[deck]):
                    piles.draw(seat)
        for seat in range(1, seats):
            self.piles["project"].draw(seat)
        self.turn(0, "typical turn (parts for 1 draw each, 1 card shown)", show=True)
        for seat in range(1, seats):
            self.turn(seat, None)
        for seat in range(1, seats):
            for _ in range(4):
                self.piles["project"].draw(seat)
        self.turn(0, "research turn (parts for 4 draws each)")
        for seat in range(1, seats):
            self.turn(seat, None)
        position = self.piles["project"].drawn_by(1)[-1]
        name, took = timed(lambda: self.devices[1].open("project", position))
        assert name is not None
        self.seconds["a draw (reading one card)"] = took
        for device in self.devices:
            self.send("seed reveal" if device.seat == 0 else None, device.reveal())
        findings, took = timed(self.devices[0].audit)
        assert findings == [], findings
        self.seconds["the audit at the end (one device)"] = took


def report(group: Group, seats: int, sets: str, window: int) -> list[str]:
    decks = decks_of(SETS[sets])
    game = Game(group, seats, decks)
    game.play(window)
    sizes = ", ".join(f"{len(names)} {deck}" for deck, names in decks.items())
    out = [f"{seats} seats, {group.name}, {sets}: {sizes}; window {window}",
           *(f"  {what:<58} {chars:>9,} chars" for what, chars in game.lines),
           f"  {'the longest message':<58} {max(c for _, c in game.lines):>9,} chars",
           "  seconds, one device:",
           *(f"    {what:<56} {took:9.3f}" for what, took in game.seconds.items())]
    return [*out, ""]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--group", choices=sorted(GROUPS), default="secp256k1")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--sets", choices=sorted(SETS), nargs="+", default=["corpera",
                                                                           "prelude"])
    parser.add_argument("--window", type=int, default=4)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    for sets in args.sets:
        for seats in args.seats:
            print("\n".join(report(GROUPS[args.group], seats, sets, args.window)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
