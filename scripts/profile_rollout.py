"""Rollout steps timed: what one decision of the expert's search costs in CPython.

Solo and 2-player games (Tharsis, Corporate Era; seeds from 100,000) are played by hard
bots to generations 5, 8 and 11; from each of those positions a game is sampled from the
seat's view (:func:`tm.bots.determinize.sample_game`) and :func:`tm.bots.rollouts.rollout`
plays copies of it to the game's end. Prints decisions per second (solo and 2-player too),
the cost of each part (the lean view, the hard bot's decision, the engine's respond,
``Game.copy``, ``sample_game``) and, with ``--profile``, cProfile's top functions. Times are
this process's CPU time, the fastest of ``--repeat`` rounds (the machine may be busy).

    python scripts/profile_rollout.py [--games 2] [--repeat 3] [--profile]
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tm import Game  # noqa: E402
from tm.bots import Bot, bot_seed_for, expert  # noqa: E402
from tm.bots.determinize import sample_game  # noqa: E402
from tm.bots.lean_view import LeanObserver  # noqa: E402
from tm.core.state import Options  # noqa: E402
from tm.view import view_for  # noqa: E402

GENERATIONS = (5, 8, 11)
SEED = 100_000


def positions(players: int, games: int) -> list[tuple[Game, int]]:
    """Games played by hard bots to the action menu of each of GENERATIONS (copies)."""
    found = []
    for n in range(games):
        seed = SEED + 10 * players + n
        game = Game.new(Options(players=players, seed=seed))
        bots = [Bot("hard", bot_seed_for(seed, s)) for s in range(players)]
        wanted = list(GENERATIONS)
        while not game.is_over and wanted:
            player, prompt = game.pending[0]
            if (game.state.generation >= wanted[0] and prompt.kind == "action"
                    and prompt.purpose == "action"):
                found.append((game.copy(), player))
                wanted.pop(0)
                continue
            game.respond(player, bots[player].decide(game.view(player)))
    return found


def samples(found: list[tuple[Game, int]]) -> list[tuple[Game, int]]:
    """Each position sampled from its seat's view (what the search plays on)."""
    return [(sample_game(g.view(seat), seat, random.Random(7)), seat) for g, seat in found]


def play(bases: list[tuple[Game, int]], repeat: int) -> tuple[int, float, list[str]]:
    """Rollouts to the end from copies of each base, ``repeat`` times (the same decisions:
    the hard bot has no noise); the decisions of one round, the fastest round's seconds of
    each position summed (a busy machine slows some rounds) and the final scores."""
    steps, took, results = 0, 0.0, []
    for base, seat in bases:
        best = None
        for r in range(repeat):
            game = base.copy()
            choice = Bot("hard", 1).decide(LeanObserver().view(game.state, seat))
            start = time.process_time()
            played = expert.rollout(game, seat, choice, [11 + r, 12 + r, 13 + r, 14 + r],
                                    to_end=True)
            spent = time.process_time() - start
            best = spent if best is None else min(best, spent)
            results.append(",".join(str(s["total"]) for s in game.scores()))
        steps += played
        took += best or 0.0
    return steps, took, results


def parts(bases: list[tuple[Game, int]]) -> dict[str, float]:
    """Mean milliseconds of each part of a rollout step, and of a copy and a sample."""
    view_t = decide_t = respond_t = 0.0
    n = 0
    for base, _ in bases:
        game = base.copy()
        bots = [Bot("hard", 5 + s) for s in range(len(game.state.players))]
        reader = LeanObserver()  # (a rollout's own: its views share what it keeps)
        while not game.is_over and game.pending:
            player, _ = game.pending[0]
            t0 = time.process_time()
            view = reader.view(game.state, player)
            t1 = time.process_time()
            choice = bots[player].decide(view)
            t2 = time.process_time()
            game.respond(player, choice)
            t3 = time.process_time()
            view_t, decide_t, respond_t = view_t + t1 - t0, decide_t + t2 - t1, respond_t + t3 - t2
            n += 1
    t0 = time.process_time()
    for base, _ in bases:
        base.copy()
    copy_t = (time.process_time() - t0) / len(bases)
    t0 = time.process_time()
    for base, seat in bases:
        sample_game(view_for(base.state, seat), seat, random.Random(3))
    sample_t = (time.process_time() - t0) / len(bases)
    return {"view": view_t / n * 1e3, "decide": decide_t / n * 1e3,
            "respond": respond_t / n * 1e3, "copy": copy_t * 1e3, "sample_game": sample_t * 1e3}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per seat count")
    parser.add_argument("--repeat", type=int, default=3, help="rollouts per position")
    parser.add_argument("--profile", action="store_true", help="cProfile's top 25")
    args = parser.parse_args()
    solo, duel = samples(positions(1, args.games)), samples(positions(2, args.games))
    bases = solo + duel
    steps, took, results = play(bases, args.repeat)
    print(f"rollouts: {len(results)} from {len(bases)} positions, {steps} decisions each "
          f"round, fastest {took:.2f} s: {steps / took:.0f} decisions/s "
          f"({took / steps * 1e3:.3f} ms each)")
    for name, group in (("solo", solo), ("2-player", duel)):
        n, t, _ = play(group, args.repeat)
        print(f"  {name}: {n} decisions, {t / n * 1e3:.3f} ms each")
    print("results: " + " ".join(results))
    split = parts(bases)
    print("per step (ms): " + ", ".join(f"{k} {split[k]:.3f}"
                                        for k in ("view", "decide", "respond")))
    print("per search (ms): " + ", ".join(f"{k} {split[k]:.2f}" for k in ("copy", "sample_game")))
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        play(bases, 1)
        prof.disable()
        stats = pstats.Stats(prof)
        stats.sort_stats("cumulative").print_stats(25)
        stats.sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
