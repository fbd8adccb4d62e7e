"""The bots' strength table (README, "Bots"), every row on held-out deals with its deals,
its count of games and its 95 % interval, from one command anyone can rerun:

    python scripts/bots_table.py [--deals N] [--first 200000] [--only KEY,...]

Deals are game seeds, kept apart (:mod:`tm.bots.tournament`): tuning uses seeds below
100,000 (``TUNING_DEALS``: scripts/fit_value.py from 10,000 and 20,000, expert_exp.py
and bot_sweep.py as their callers choose); 100,000-199,999 were held out once and then
read to choose settings (``SPENT_DEALS``); this table plays ``HELD_OUT_DEALS`` (from
200,000) and refuses any other deal. Every row plays the same ``N`` deals (``--first`` ..
``--first + N - 1``; different options make different games of them).

Rows (Corporate Era unless named): solo, the expert and hard on the same deals, on
Tharsis, with Prelude, with Colonies, with both, and on each other map; two seats, the
expert against hard, each deal in both seatings; three and five seats, one expert and hard
in every other seat, the expert's seat turning with the deal: each seat kind's win rate
(a hard seat's: the wins of hard seats over the hard seats played; ties share a win).
Each row counts games that crashed, failures inside a search and rich passes (generation
10 or earlier, holding 40 MC or more, an action the hard judge scores above zero listed).

Prints one markdown row per row as it is measured (for the README), then its seconds.
Slow: an expert solo game takes 5-10 s in CPython, two seats ~4x that, five seats far
more; ``--deals 20`` (the default) is a small run, its intervals wide.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tm.bots import wilson  # noqa: E402
from tm.bots.tournament import (  # noqa: E402
    HELD_OUT_DEALS,
    SPENT_DEALS,
    TUNING_DEALS,
    Result,
    run_games,
)
from tm.core.state import Options  # noqa: E402


class Row(NamedTuple):
    """One row of the table: its title, its seats, the sets beyond Corporate Era, the map."""

    title: str
    seats: int
    extra: tuple[str, ...] = ()
    board: str = "tharsis"


ROWS = {
    "solo": Row("solo, Tharsis", 1),
    "prelude": Row("solo, + Prelude", 1, ("prelude",)),
    "colonies": Row("solo, + Colonies", 1, ("colonies",)),
    "both": Row("solo, + Prelude + Colonies", 1, ("prelude", "colonies")),
    "elysium": Row("solo, Elysium", 1, (), "elysium"),
    "hellas": Row("solo, Hellas", 1, (), "hellas"),
    "vastitas": Row("solo, Vastitas Borealis", 1, (), "vastitas_borealis"),
    "amazonis": Row("solo, Amazonis Planitia", 1, (), "amazonis_planitia"),
    "2p": Row("2 seats, against hard, both seatings", 2),
    "3p": Row("3 seats, one expert, two hard", 3),
    "5p": Row("5 seats, one expert, four hard", 5),
}
HEADER = ["| row | deals | games | {level} | hard | crashes, search failures, rich passes |",
          "|---|---|---|---|---|---|"]


def deals_of(first: int, count: int) -> range:
    """The row's deals, refused unless every one is held out."""
    deals = range(first, first + count)
    if count < 1 or deals[0] not in HELD_OUT_DEALS or deals[-1] not in HELD_OUT_DEALS:
        raise SystemExit(f"deals {first}-{first + count - 1} are not all held out "
                         f"({HELD_OUT_DEALS.start:,}-{HELD_OUT_DEALS.stop - 1:,})")
    return deals


def games_of(row: Row, deals: range, level: str, vs: str) -> list[tuple[Options, list[str]]]:
    """The row's games for ``level`` (solo: that level alone; with others: against ``vs``)."""
    games = []
    for n, deal in enumerate(deals):
        options = Options(players=row.seats, seed=deal, expansions=["corpera", *row.extra],
                          board=row.board)
        if row.seats == 1:
            games.append((options, [level]))
        elif row.seats == 2:
            games += [(options, [level, vs]), (options, [vs, level])]
        else:
            games.append((options, [level if s == n % row.seats else vs
                                    for s in range(row.seats)]))
    return games


def rate(wins: float, played: int) -> str:
    """Wins of those played, the rate and its 95 % Wilson interval."""
    if not played:
        return "none played"
    low, high = wilson(wins, played)
    return f"{wins:g} of {played}, {wins / played:.1%} ({low:.1%}–{high:.1%})".replace("%", " %")


def checks(results: list[Result]) -> str:
    """The row's crashes, failures inside a search, and rich passes per level."""
    crashes = sum(len(r.failures) for r in results)
    searched = sum(len(f) for r in results for f in r.search_failures.values())
    rich: dict[str, int] = {}
    for r in results:
        for level in r.times:
            rich[level] = rich.get(level, 0) + r.rich_passes_positive.get(level, 0)
    passes = ", ".join(f"{level} {n}" for level, n in rich.items())
    return f"{crashes}, {searched}, {passes}"


def measure(key: str, deals: range, level: str) -> list[str]:
    """One row: its markdown line, then what failed (each a line), then its seconds."""
    row = ROWS[key]
    started = time.perf_counter()
    result = run_games(games_of(row, deals, level, "hard"))
    if row.seats == 1:
        hard = run_games(games_of(row, deals, "hard", "hard"))
        ours, theirs = rate(result.solo_wins, result.games), rate(hard.solo_wins, hard.games)
        games = f"{result.games} + {hard.games}"
        found = [result, hard]
    else:
        ours = rate(result.wins.get(level, 0.0), result.games)
        hard_seats = result.games * (row.seats - 1) if row.seats > 2 else result.games
        theirs = rate(result.wins.get("hard", 0.0), hard_seats)
        games = str(result.games)
        found = [result]
    span = f"{deals[0]:,}–{deals[-1]:,}"
    lines = [f"| {row.title} | {span} | {games} | {ours} | {theirs} | "
             f"{checks(found)} |"]
    for r in found:
        lines += [f"  FAIL {f}" for f in r.failures]
        lines += [f"  FAIL in a search of {lv}: {f}" for lv, fs in r.search_failures.items()
                  for f in fs]
    lines.append(f"  ({key}: {time.perf_counter() - started:.0f} s)")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per row (the size)")
    parser.add_argument("--first", type=int, default=HELD_OUT_DEALS.start)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--only", default="", help=f"comma-separated: {', '.join(ROWS)}")
    args = parser.parse_args(argv)
    keys = [k for k in ROWS if not args.only or k in args.only.split(",")]
    deals = deals_of(args.first, args.deals)
    failed = False
    print(f"{args.level} against hard on held-out deals {deals[0]:,}–{deals[-1]:,} "
          f"({args.deals} per row); tuning deals {TUNING_DEALS.start:,}–"
          f"{TUNING_DEALS.stop - 1:,}, spent {SPENT_DEALS.start:,}–{SPENT_DEALS.stop - 1:,}")
    for line in HEADER:
        print(line.format(level=args.level), flush=True)
    for key in keys:
        for line in measure(key, deals, args.level):
            failed = failed or line.startswith("  FAIL")
            print(line, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
