"""The fair deck's messages and their sizes, printed (nothing is asserted).

    .venv/bin/python scripts/fairdeck_sizes.py [--cards 208] [--first 10] [--window 4]

For 2 and 5 seats: the joint shuffle's hand-offs (each carries the decks the next device
has not seen, so that every device can audit every step), what each device keeps, what
an ordinary message adds (key parts, 32 bytes each, in the order the piles fix, so no
position is sent), and the audit's reveal. Sizes in bytes and in base64url characters
(what a link fragment would carry). The numbers come from the module's own constants
and from a simulated opening and turn on its Piles: the payloads only, without the
messages' headers. scripts/fairdeck_messages.py measures the real encoded messages
(tm/fairdeck/wire.py) that devices send each other, in either group.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tm.fairdeck import (  # noqa: E402
    MODP_2048,
    PART_BYTES,
    SECP256K1,
    SEED_BYTES,
    Group,
    Piles,
    schedule,
)

POSITION_BYTES = 2  # a shown card names its position (the card itself follows from it)


def b64(size: int) -> int:
    """Characters of ``size`` bytes in unpadded base64url."""
    return math.ceil(size * 4 / 3)


def line(what: str, size: int) -> str:
    return f"  {what:<62} {size:>9,} B {b64(size):>9,} chars"


def shuffle_lines(group: Group, seats: int, cards: int) -> list[str]:
    """Each hand-off of the shuffle: the decks the receiving seat has not seen yet."""
    deck = cards * group.element_bytes
    steps = schedule(seats)
    seen_up_to = {seat: -1 for seat in range(seats)}  # the last output each seat holds
    lines = []
    for index, step in enumerate(steps):
        seen_up_to[step.seat] = index
        receiver = steps[index + 1].seat if index + 1 < len(steps) else None
        targets = [receiver] if receiver is not None else [s for s in range(seats)
                                                           if s != step.seat]
        decks = max(index - seen_up_to[target] for target in targets)
        for target in targets:
            seen_up_to[target] = index
        to = f"seat {receiver}" if receiver is not None else "every other seat"
        lines.append(line(f"step {index + 1}: seat {step.seat} {step.kind} -> {to}"
                          f" ({decks} deck{'s' * (decks > 1)})", decks * deck))
    return lines


def turn_sizes(seats: int, cards: int, first: int, window: int) -> dict[str, int]:
    """Bytes a message adds in the opening and in typical turns, from simulated piles."""
    piles = Piles.deal(seats, cards, window, first)
    opening = len(piles.due(0, [0] * seats)) * PART_BYTES
    sent = [len(p) for p in piles.assigned]
    for seat in range(seats):  # the opening deal: drawn from what the opening covered
        for _ in range(first):
            piles.draw(seat)
    sent = [len(p) for p in piles.assigned]
    for seat in range(1, seats):  # every other seat drew one card since seat 0 last sent
        piles.draw(seat)
    action = len(piles.due(0, sent)) * PART_BYTES + PART_BYTES + POSITION_BYTES
    sent = [len(p) for p in piles.assigned]
    for seat in range(1, seats):
        for _ in range(4):  # the research phase: four cards each
            piles.draw(seat)
    research = len(piles.due(0, sent)) * PART_BYTES
    return {"opening": opening, "action": action, "research": research}


def report(group: Group, seats: int, cards: int, first: int, window: int) -> list[str]:
    deck = cards * group.element_bytes
    steps = len(schedule(seats))
    sizes = turn_sizes(seats, cards, first, window)
    return [f"{seats} seats, a {cards}-card deck, {group.name} "
            f"({group.element_bytes} B an element), first {first}, window {window}:",
            *shuffle_lines(group, seats, cards),
            line("each device keeps: the locked deck", deck),
            line(f"  and, for the audit, the {steps} steps' outputs", steps * deck),
            line("opening message: parts for the others' deal and window", sizes["opening"]),
            line("typical turn: parts for others' 1 draw each, 1 card shown",
                 sizes["action"]),
            line("research turn: parts for the others' 4 draws each", sizes["research"]),
            line("audit: each seat's seed (all its decks)", SEED_BYTES), ""]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=208)
    parser.add_argument("--first", type=int, default=10)
    parser.add_argument("--window", type=int, default=4)
    args = parser.parse_args(argv)
    for group in (MODP_2048, SECP256K1):
        for seats in (2, 5):
            print("\n".join(report(group, seats, args.cards, args.first, args.window)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
