"""Fit the expert's solo leaf value (tm.bots.leaf.SOLO_WEIGHTS) on hard solo self-play.

    PYTHONPATH=. python scripts/fit_value.py [GAMES] [SEED] [--duel]

Plays GAMES (default 1500) solo games of the hard policy on Tharsis with Corporate Era
from SEED (default 10,000: tuning deals only, far below the held-out 100,000), takes the
seat's view at the first decision of every generation from the second on (where the
expert's truncated rollouts stop), labels each with the game's outcome, and fits a
logistic regression by Newton's method with a small ridge. Prints the held-out log-loss
of a fit on the first 80 % of the games and the weights fitted on all of them (to paste
into tm/bots/leaf.py). Deterministic: the same games give the same weights.

``--duel``: two hard seats instead (from SEED 20,000 by default), each seat's view at the
first decision of every generation from the second on, labelled with its win (a tie a
half), features :func:`tm.bots.leaf.duel_features` without a bias (the two seats' chances
add to one): prints DUEL_WEIGHTS.
"""
from __future__ import annotations

import math
import sys

from tm.bots import Bot, bot_seed_for
from tm.bots.leaf import DUEL_NAMES, NAMES, duel_features, features, logistic
from tm.bots.tournament import TUNING_DEALS
from tm.bots.worth import own_worth
from tm.core.state import Options
from tm.game import Game

RIDGE = 1e-3


def tuning(seed: int, games: int) -> bool:
    """Whether the deals ``seed`` .. ``seed + games - 1`` are all tuning deals."""
    return seed in TUNING_DEALS and seed + games - 1 in TUNING_DEALS


def positions(seed: int, bot_seed: int) -> tuple[list[list[float]], int]:
    """The feature rows of one hard solo game and whether it was won."""
    game = Game.new(Options(players=1, seed=seed))
    bot = Bot("hard", bot_seed_for(bot_seed, 0))
    rows, generation = [], 1
    while not game.is_over:
        player, _ = game.pending[0]
        view = game.view(player)
        if int(view["generation"]) != generation:
            generation = int(view["generation"])
            rows.append(features(view))
        game.respond(player, bot.decide(view))
    return rows, int(bool(game.winners()))


def duel_positions(seed: int, bot_seed: int) -> tuple[list[list[float]], int]:
    """The feature rows of one hard two-seat game, seat 0's then seat 1's, and the game's
    outcome for seat 0 (1 won, 0 lost, -1 a tie): the rows alternate seats."""
    game = Game.new(Options(players=2, seed=seed))
    bots = [Bot("hard", bot_seed_for(bot_seed, s)) for s in range(2)]
    rows, generation = [], 1
    while not game.is_over:
        player, _ = game.pending[0]
        view = game.view(player)
        if int(view["generation"]) != generation:
            generation = int(view["generation"])
            views = [game.view(s) for s in range(2)]
            worths = [own_worth(v) for v in views]
            rows += [duel_features(views[s], worths[s] - worths[1 - s]) for s in range(2)]
        game.respond(player, bots[player].decide(view))
    winners = game.winners()
    return rows, (-1 if len(winners) != 1 else int(0 in winners))


def duel_main(games: int, seed: int) -> None:
    """Fit and print the duel leaf's weights (see the module docstring)."""
    assert tuning(seed, games), "tuning deals only (tm.bots.tournament.TUNING_DEALS)"
    data = []
    for i in range(games):
        rows, won = duel_positions(seed + i, i)
        ys = [0.5, 0.5] if won < 0 else [float(won), 1.0 - won]
        data.append([(x, ys[n % 2]) for n, x in enumerate(rows)])
    cut = games * 4 // 5
    train = [r for rows in data[:cut] for r in rows]
    test = [r for rows in data[cut:] for r in rows]
    w = fit([x for x, _ in train], [y for _, y in train])
    tx, ty = [x for x, _ in test], [y for _, y in test]
    only = [w[0]] + [0.0] * (len(w) - 1)
    print(f"{games} games, {len(train) + len(test)} rows; held-out log-loss "
          f"{loss(w, tx, ty):.4f} (worth alone {loss(only, tx, ty):.4f}, even 0.6931)")
    w = fit([x for rows in data for x, _ in rows], [y for rows in data for _, y in rows])
    print("DUEL_WEIGHTS: tuple[float, ...] = (")
    for i in range(0, len(w), 8):
        print("    " + ", ".join(f"{v:.4f}" for v in w[i:i + 8]) + ",")
    print(")")
    for name, v in zip(DUEL_NAMES, w, strict=True):
        print(f"  {name:12s} {v:+.4f}", flush=True)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting: x with a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xs: list[list[float]], ys: list[float] | list[int], iters: int = 12) -> list[float]:
    """Ridge-regularised logistic regression by Newton's method."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iters):
        grad = [-RIDGE * len(xs) * wi for wi in w]
        hess = [[RIDGE * len(xs) if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            p = logistic(w, x)
            g = y - p
            s = p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                sx = s * x[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] += sx * x[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
    return w


def loss(w: list[float], xs: list[list[float]], ys: list[float] | list[int]) -> float:
    eps = 1e-9
    return -sum(y * math.log(logistic(w, x) + eps) + (1 - y) * math.log(1 - logistic(w, x) + eps)
                for x, y in zip(xs, ys, strict=True)) / len(xs)


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--duel"]
    games = int(args[0]) if args else 1500
    if "--duel" in sys.argv:
        duel_main(games, int(args[1]) if len(args) > 1 else 20_000)
        return
    seed = int(args[1]) if len(args) > 1 else 10_000
    assert tuning(seed, games), "tuning deals only (tm.bots.tournament.TUNING_DEALS)"
    data = [positions(seed + i, i) for i in range(games)]
    wins = sum(y for _, y in data)
    print(f"{games} games, {wins} won ({wins / games:.1%})")
    cut = games * 4 // 5
    flat = [(x, y) for rows, y in data for x in rows]
    train = [(x, y) for rows, y in data[:cut] for x in rows]
    test = [(x, y) for rows, y in data[cut:] for x in rows]
    w = fit([x for x, _ in train], [y for _, y in train])
    base = sum(y for _, y in train) / len(train)
    prior = [math.log(base / (1 - base))] + [0.0] * (len(NAMES) - 1)
    tx, ty = [x for x, _ in test], [y for _, y in test]
    print(f"held-out log-loss {loss(w, tx, ty):.4f} (prior {loss(prior, tx, ty):.4f})")
    w = fit([x for x, _ in flat], [y for _, y in flat])
    print("SOLO_WEIGHTS: tuple[float, ...] = (")
    for i in range(0, len(w), 8):
        print("    " + ", ".join(f"{v:.4f}" for v in w[i:i + 8]) + ",")
    print(")")
    for name, v in zip(NAMES, w, strict=True):
        print(f"  {name:12s} {v:+.4f}")


if __name__ == "__main__":
    main()
