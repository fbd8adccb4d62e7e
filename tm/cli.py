"""The ``python -m tm`` commands: simulate, cards, bench, bots."""
from __future__ import annotations

import argparse
import json
import time

from tm.board.maps import BUILTIN_NAMES
from tm.bots import LEVELS, SEARCH_LEVELS, matrix
from tm.bots.tournament import report, run
from tm.cards import all_cards
from tm.cards.export import card_records, card_stats
from tm.core import manifest as expansions
from tm.core.ruleset import rules_for
from tm.core.state import Options
from tm.game import Game
from tm.sim import SimReport, play_random_game, simulate
from tm.testing import give_cards

EXPANSION_FLAGS = {"prelude": "prelude", "colonies": "colonies"}  # flag: expansion


def _played_line(what: str, names: list[str], report: SimReport) -> str:
    unplayed = [name for name in names if name not in report.cards_played]
    return (f"distinct {what} played: {len(names) - len(unplayed)} of {len(names)}"
            + (f"; never played: {', '.join(unplayed)}" if unplayed else ""))


def _simulate(args: argparse.Namespace) -> int:
    chosen = ["corpera", *(name for flag, name in EXPANSION_FLAGS.items() if getattr(args, flag))]
    missing = [name for name in chosen if name not in expansions.known()]
    if missing:
        print(f"simulate: {', '.join(missing)} not implemented yet")
        return 2
    report = simulate(args.games, args.players, args.seed, draft=args.draft, board=args.board,
                      expansions=tuple(chosen))
    for failure in report.failures[:20]:
        print("FAIL", failure)
    if report.generations:
        mean = sum(report.generations) / len(report.generations)
        print(f"generations: mean {mean:.1f}, max {max(report.generations)}")
    sets = rules_for(Options(players=args.players, expansions=chosen)).card_sets
    in_game = [c for c in all_cards() if c.set in sets]
    print(_played_line("cards", [c.name for c in in_game if c.is_project], report))
    preludes = [c.name for c in in_game if c.is_prelude]
    if preludes:
        print(_played_line("preludes", preludes, report))
    print(report.choices_line())
    for line in report.board_lines(args.board) + report.mark_lines():
        print(line)
    print(report.line())
    return 1 if report.failures else 0


def _cards(args: argparse.Namespace) -> int:
    if args.stats:
        print(card_stats())
    else:
        print(json.dumps(card_records(), indent=1 if args.pretty else None))
    return 0


def _bench(args: argparse.Namespace) -> int:
    game = play_random_game(players=2, seed=args.seed)
    save = game.to_save()
    moves = len(save["moves"])
    start = time.perf_counter()
    for _ in range(args.rounds):
        Game.from_save(save)
    replay = moves * args.rounds / (time.perf_counter() - start)
    print(f"bench: recorded 2-player game, seed {args.seed}: {moves} moves, "
          f"{game.state.generation} generations")
    print(f"bench: replay {replay:.0f} moves/s")
    fresh = Game.new(game.state.options)
    calls, start = 0, time.perf_counter()
    for player, response in save["moves"]:
        for _, prompt in fresh.pending:
            prompt.choices()
            calls += 1
        fresh.respond(player, response)
    print(f"bench: choices() {calls / (time.perf_counter() - start):.0f} prompts/s "
          "(enumeration plus the move)")
    _bench_view(args.seed)
    return 0


def _bench_view(seed: int) -> None:
    """view(player) at a 5-player late-game state, the viewer holding 20 cards."""
    game = play_random_game(players=5, seed=seed, max_moves=1200)
    viewer = game.pending[0][0] if game.pending else 0
    names = [c.name for c in all_cards() if not c.is_corporation]
    in_hands = {n for pl in game.state.players for n in (*pl.hand, *pl.played, *pl.events)}
    give_cards(game, viewer, [n for n in names if n not in in_hands][:20 - len(
        game.state.players[viewer].hand)])
    rounds, start = 200, time.perf_counter()
    for _ in range(rounds):
        game.view(viewer)
    took = (time.perf_counter() - start) / rounds * 1000
    print(f"bench: view() {took:.2f} ms (5 players, generation {game.state.generation}, "
          f"{len(game.state.players[viewer].hand)} cards in hand, {len(game.state.log)} log "
          "records)")


def _bots(args: argparse.Namespace) -> int:
    if args.matrix:
        return _matrix(args)
    if args.solo:
        args.players, args.vs = 1, None
    for level in (args.level, args.vs):
        if level is not None and level not in LEVELS + SEARCH_LEVELS:
            print(f"bots: unknown level {level!r}; levels: {', '.join(LEVELS + SEARCH_LEVELS)}")
            return 2
    args.expansions = ["corpera", *(name for flag, name in EXPANSION_FLAGS.items()
                                    if getattr(args, flag))]
    result = run(args)
    for line in report(result, args):
        print(line)
    searched = any(result.search_failures.values())  # (a bug too, though the game went on)
    return 1 if result.failures or searched else 0


def _matrix(args: argparse.Namespace) -> int:
    """Every combination of seats, expansion sets, maps and draft (``--matrix``)."""

    def chosen(text: str | None, known: tuple[str, ...]) -> tuple[str, ...] | None:
        if not text:
            return known
        names = tuple(text.split(","))
        return names if all(n in known for n in names) else None
    seats = chosen(args.seats, tuple(str(n) for n in matrix.SEATS))
    sets = chosen(args.sets, tuple(matrix.SETS))
    boards = chosen(args.boards, BUILTIN_NAMES)
    if seats is None or sets is None or boards is None or args.games_per < 1:
        print(f"bots --matrix: seats from {', '.join(map(str, matrix.SEATS))}; sets from "
              f"{', '.join(matrix.SETS)}; maps from {', '.join(BUILTIN_NAMES)}; "
              "--games-per at least 1")
        return 2
    cells = matrix.run(args.games_per, tuple(int(n) for n in seats), sets, boards,
                       base=args.seed - 1)
    return 1 if any(cell.failures for cell in cells) else 0


def main(argv: list[str]) -> int:
    """Run one command; the exit code is the result."""
    parser = argparse.ArgumentParser(prog="python -m tm")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random legal games and check invariants")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--prelude", action="store_true")
    sim.add_argument("--colonies", action="store_true")
    sim.add_argument("--draft", action="store_true")
    sim.add_argument("--board", default="tharsis")
    cards = sub.add_parser("cards", help="list implemented cards")
    cards.add_argument("--json", action="store_true")
    cards.add_argument("--stats", action="store_true")
    cards.add_argument("--pretty", action="store_true")
    bench = sub.add_parser("bench", help="replay and enumeration speed")
    bench.add_argument("--seed", type=int, default=3)
    bench.add_argument("--rounds", type=int, default=5)
    bots = sub.add_parser("bots", help="bot tournament: win rates, scores, decision times")
    bots.add_argument("--games", type=int, default=20)
    bots.add_argument("--players", type=int, default=2)
    bots.add_argument("--level", default="hard")
    bots.add_argument("--vs", default=None)
    bots.add_argument("--solo", action="store_true")
    bots.add_argument("--seed", type=int, default=1)
    bots.add_argument("--prelude", action="store_true")
    bots.add_argument("--colonies", action="store_true")
    bots.add_argument("--draft", action="store_true")
    bots.add_argument("--board", default="tharsis")
    bots.add_argument("--matrix", action="store_true",
                      help="every combination of seats, expansion sets, maps and draft")
    bots.add_argument("--games-per", type=int, default=2, help="games per combination")
    bots.add_argument("--seats", default=None, help="matrix: only these seat counts (1,2)")
    bots.add_argument("--sets", default=None, help="matrix: only these expansion sets")
    bots.add_argument("--boards", default=None, help="matrix: only these maps")
    args = parser.parse_args(argv)
    commands = {"simulate": _simulate, "cards": _cards, "bench": _bench, "bots": _bots}
    return commands[args.command](args)
