"""Link sizes of sealed games played by links only (issue 32, item 4).

    python scripts/sealed_link_sizes.py [--group secp256k1] [--seed 7] [--only 2ce 5pre]
                                        [--all-steps] [--draft] [--group-chat] [--breakdown]

Plays complete sealed games with the hard bot at every seat
(:class:`tm.testing.sealed_table.LinkTable`: each device holds only what decoded links
gave it; a link carries the posts since its recipient last sent, and to a seat that has
not joined, the options and every post) and prints, in characters:

- the join: the links passed before the first move (options, the shuffle's hand-offs, the
  openings: everything a device needs before its first decision): how many, the longest,
  their total;
- a typical turn's link (the median over the links of play), the 90th percentile, the
  longest, and how many exceed 4,000 characters (a chat message) and by how much;
- the end (the seeds).

``--all-steps``: each shuffle hand-off carries every step from the first, as
``SealedSeat(one_step=False)``; by default it carries only its own step, which is enough
since every device reads the one history. ``--draft``: with the draft variant (each pick's
link carries the passed cards' keys sealed to the next seat, issue 49). ``--group-chat``:
every link is posted where every device reads it, so it carries only the posts since the
chat's last link (``LinkTable(group_chat=True)``, issue 49). ``--breakdown``: the longest
links by content (bytes before deflate), and what a proof per entry would leave.

A 5-seat game runs out of a pile around generation 7 or 8: its discards are reshuffled by
the devices (a hand-off round per generation of the deck, measured with the turns; the
devices count as ready once they hold the first shuffle's hand-offs).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tm import Options  # noqa: E402
from tm.bots import Bot  # noqa: E402
from tm.fairdeck import GROUPS, wire  # noqa: E402
from tm.linkplay import sealedlinks  # noqa: E402
from tm.testing.sealed_table import LinkTable, Sent, Stalled  # noqa: E402

CHAT = 4000
GAMES = {"2ce": (2, ["corpera"]), "2pre": (2, ["corpera", "prelude"]),
         "2col": (2, ["corpera", "prelude", "colonies"]), "3ce": (3, ["corpera"]),
         "3pre": (3, ["corpera", "prelude"]), "3col": (3, ["corpera", "prelude", "colonies"]),
         "5ce": (5, ["corpera"]), "5pre": (5, ["corpera", "prelude"]),
         "5col": (5, ["corpera", "prelude", "colonies"])}


def play(players: int, expansions: list[str], group: str, seed: int,
         one_step: bool = True, salt: int = 0, draft: bool = False,
         chat: bool = False) -> tuple[LinkTable, str]:
    """The game by links; and how it ended."""
    bots = [Bot("hard", 100 + seat) for seat in range(players)]
    options = Options(players=players, seed=seed, expansions=expansions, sealed=True,
                      draft=draft)
    table = LinkTable(options, GROUPS[group], lambda seat, view: bots[seat].decide(view),
                        salt=salt, one_step=one_step, group_chat=chat)
    table.end(table.play())
    return table, "over"


def first_played(players: int, expansions: list[str], group: str, seed: int,
                 one_step: bool, draft: bool = False, chat: bool = False
                 ) -> tuple[LinkTable, str]:
    """The first deal (the devices' seeds: salt 0, 1, ...) whose game does not stall (a
    reveal from the deck past the window, not built yet), with the deals skipped."""
    skipped = []
    for salt in range(10):
        try:
            table, ended = play(players, expansions, group, seed, one_step, salt, draft, chat)
        except Stalled as error:
            skipped.append(f"deal {salt} stalled ({str(error)[:70]})")
            continue
        return table, f"deal {salt}, {ended}" + "".join(f"; {s}" for s in skipped)
    raise SystemExit("every deal stalled: " + "; ".join(skipped))


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(name: str, table: LinkTable, ended: str, seconds: float) -> list[str]:
    join = [s.chars for s in table.sent if s.phase == "join"]
    turns = [s.chars for s in table.sent if s.phase == "play"]
    end = [s.chars for s in table.sent if s.phase == "end"]
    over = [c for c in turns if c > CHAT]
    joins_over = [c for c in join if c > CHAT]
    return [
        f"## {name}: {table.moves} moves, {len(table.sent)} links, {ended}, {seconds:.0f} s",
        "| what | characters |", "| --- | --- |",
        f"| join: links | {len(join)} (each: {', '.join(f'{c:,}' for c in join)}) |",
        f"| join: the longest / total | {max(join):,} / {sum(join):,} |",
        f"| join links over {CHAT:,} | {len(joins_over)}, by up to "
        f"{max(joins_over, default=CHAT) - CHAT:,} |",
        f"| turn links | {len(turns)} |",
        f"| typical turn (median) | {int(statistics.median(turns)):,} |",
        f"| 90th percentile | {percentile(turns, 0.9):,} |",
        f"| longest turn link | {max(turns):,} |",
        f"| turn links over {CHAT:,} | {len(over)}, by up to {max(over, default=CHAT) - CHAT:,} |",
        f"| end (seeds): links, longest | {len(end)}, {max(end, default=0):,} |", ""]


def contents(sent: Sent) -> dict[str, int]:
    """A link's bytes by what they are, before deflate: the shuffle's elements (and their
    steps), key parts, their proofs (and how many proved entries: a proof each if batched),
    shows, passed cards, moves."""
    found = dict.fromkeys(("steps", "elements", "parts", "proofs", "proved entries",
                           "shows", "passes", "moves"), 0)
    for post in sealedlinks.decode(sent.text).posts:
        message = wire.decode(post.message)
        found["moves"] += 0 if post.move is None else len(str(post.move))
        if isinstance(message, wire.HandOff):
            width = wire.GROUP_WIRE[message.group][1]
            found["steps"] += len(message.outputs)
            found["elements"] += width * (sum(len(d) for step in message.outputs
                                              for d in step) + len(message.commitments))
            found["proofs"] += wire.PROOF * len(message.vouches)
        elif isinstance(message, wire.Turn):
            for entry in message.parts:
                found["parts"] += wire.DIGEST * len(entry.digests)
                found["proofs"] += wire.PROOF * len(entry.proofs)
                found["proved entries"] += bool(entry.proofs)
            found["shows"] += (wire.DIGEST + 3) * len(message.shows)
            found["passes"] += sum(5 + len(p.sealed) for p in message.passes)
    return found


def breakdown(table: LinkTable) -> list[str]:
    """The longest links of each phase, by content; and the characters a proof per
    entry (a batched proof instead of one a part) would leave."""
    rows = ["| phase | characters | " + " | ".join(contents(table.sent[0])) +
            " | characters, proofs batched |", "|" + " --- |" * 11]
    for phase in ("join", "play"):
        longest = sorted((s for s in table.sent if s.phase == phase), key=lambda s: s.chars)
        for sent in longest[-3:][::-1]:
            found = contents(sent)
            saved = found["proofs"] - wire.PROOF * found["proved entries"]
            rows.append(f"| {phase} | {sent.chars:,} | " + " | ".join(
                f"{v:,}" for v in found.values()) + f" | {sent.chars - saved * 4 // 3:,} |")
    return rows + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--group", default="secp256k1", choices=sorted(GROUPS))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--all-steps", action="store_true")
    parser.add_argument("--draft", action="store_true")
    parser.add_argument("--group-chat", action="store_true")
    parser.add_argument("--breakdown", action="store_true")
    parser.add_argument("--only", nargs="+", choices=sorted(GAMES), dest="only")
    args = parser.parse_args()
    for key, (players, expansions) in GAMES.items():
        if args.only and key not in args.only:
            continue
        start = time.perf_counter()
        table, ended = first_played(players, expansions, args.group, args.seed,
                                    not args.all_steps, args.draft, args.group_chat)
        name = f"{players} seats, {' + '.join(expansions)}" + (
            " + draft" if args.draft else "") + f", {args.group}" + (
            ", every step in each hand-off" if args.all_steps else "") + (
            ", in a group chat" if args.group_chat else "")
        lines = report(name, table, ended, time.perf_counter() - start)
        print("\n".join(lines + (breakdown(table) if args.breakdown else [])), flush=True)


if __name__ == "__main__":
    main()
