"""How far ahead a seat's device can read its own draws (issue 49, item 4).

    python scripts/sealed_lookahead.py [--only 2ce 5pre] [--seed 7] [--draft]

Plays whole sealed games by links (:class:`tm.testing.sealed_table.LinkTable`, hard bots,
secp256k1) and, each time a device has taken a link and acted, looks at the positions of
its own piles that it has not drawn yet: those for which it already holds every other
seat's key part are cards it could read before drawing them (the price of draws without a
hand-off, docs/fair-deck.md "Piles"). Prints, per game:

- the most such positions a device held at once, per deck (bounded by the window);
- how many of the seats' draws were readable before they were drawn, and how long before:
  the median and the longest lead, in moves of the whole table and in the seat's own
  decisions (the moves at which knowing the card could change what the seat does).

Nothing is decrypted: "readable" means every part is there (``Device.waiting`` is empty).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tm import Options  # noqa: E402
from tm.bots import Bot  # noqa: E402
from tm.fairdeck import GROUPS  # noqa: E402
from tm.testing.sealed_table import LinkTable  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sealed_link_sizes import GAMES  # noqa: E402

Key = tuple[int, str, int]  # (seat, deck, position)


class Watched(LinkTable):
    """A LinkTable that notes when each seat could first read each of its future draws."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.early: dict[Key, tuple[int, int]] = {}  # first readable: (moves, own decisions)
        self.drawn: dict[Key, tuple[int, int]] = {}  # when drawn
        self.most: dict[str, int] = {}  # the most early-readable positions held at once

    def act(self, seat: int) -> None:
        self.look(seat)
        super().act(seat)
        self.look(seat)

    def own(self, seat: int) -> int:
        return sum(p.seat == seat and p.move is not None for p in self.holder(seat).history)

    def look(self, seat: int) -> None:
        holder = self.devices[seat]
        if holder is None or not holder.seat.device.locked:
            return
        now = (self.moves, self.own(seat))
        device = holder.seat.device
        for deck, piles in holder.seat.piles().items():
            for position in piles.drawn_by(seat):
                self.drawn.setdefault((seat, deck, position), now)
            ahead = [p for p in piles.undrawn(seat) if not device.waiting(deck, p)]
            for position in ahead:
                self.early.setdefault((seat, deck, position), now)
            base = deck.partition("/")[0]
            self.most[base] = max(self.most.get(base, 0), len(ahead))


def run(key: str, seed: int, draft: bool) -> list[str]:
    players, expansions = GAMES[key]
    bots = [Bot("hard", 100 + seat) for seat in range(players)]
    options = Options(players=players, seed=seed, expansions=expansions, sealed=True,
                      draft=draft)
    table = Watched(options, GROUPS["secp256k1"], lambda s, view: bots[s].decide(view))
    table.end(table.play())
    draws = [k for k in table.drawn if k in table.early]
    leads = [table.drawn[k][0] - table.early[k][0] for k in draws]
    own = [table.drawn[k][1] - table.early[k][1] for k in draws]
    before = [k for k, o in zip(draws, own, strict=True) if o > 0]
    name = f"{players} seats, {' + '.join(expansions)}" + (" + draft" if draft else "")
    return [f"## {name}: {table.moves} moves",
            f"- most future draws readable at once, per deck: {table.most}",
            f"- draws: {len(table.drawn)}; readable before the draw: {len(draws)}; "
            f"with at least one of the seat's own decisions between: {len(before)}",
            f"- lead in table moves: median {statistics.median(leads or [0]):.0f}, "
            f"longest {max(leads, default=0)}",
            f"- lead in the seat's own decisions: median {statistics.median(own or [0]):.0f}, "
            f"longest {max(own, default=0)}", ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(GAMES), default=["2ce", "5pre"])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--draft", action="store_true")
    args = parser.parse_args()
    for key in args.only:
        print("\n".join(run(key, args.seed, args.draft)), flush=True)


if __name__ == "__main__":
    main()
