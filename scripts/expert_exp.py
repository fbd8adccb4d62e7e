"""Expert tuning experiments (tuning seeds only, < 100,000).

    PYTHONPATH=. python scripts/expert_exp.py NAME PLAYERS GAMES SEED [key=int ...]

Budget fields as key=int (e.g. steps=900 leaf=1), constants of tm.bots.worth in capitals
(e.g. WIN=80); the expert plays solo, or against hard
in 2-player (two games per deal, both seatings). Prints wins, missing steps, mean points
(2-player: the margin) and the expert's seconds per decision (median, p95, max).
"""
import sys
import time

import tm.bots.expert as ex
import tm.bots.worth as worth
from tm.bots import tournament
from tm.bots.solo import PARAMS, steps_left
from tm.core.state import Options

name, players, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
last = seed + (games - 1) // (1 if players == 1 else 2)
assert seed in tournament.TUNING_DEALS and last in tournament.TUNING_DEALS, "tuning deals only"
kw = {}
for a in sys.argv[5:]:
    k, v = a.split("=")
    if k.isupper():  # a constant of tm.bots.worth (e.g. WIN=80)
        setattr(worth, k, float(v))
    else:
        kw[k] = int(v)
orig = ex.make_bot


def make_bot(level, seed=0):
    if level == "expert":
        return ex.Expert(seed, ex.Budget(**kw))
    return orig(level, seed)


tournament.make_bot = make_bot
t0 = time.time()
wins = 0.0
missing = 0
pts = []
res = tournament.Result()
won_list = []
for i in range(games):
    if players == 1:
        g = tournament.play(Options(players=1, seed=seed + i), ["expert"], i, res)
        won = bool(g.winners())
        wins += won
        won_list.append(int(won))
        v = g.view(0)
        missing += sum(steps_left(v["parameters"][p]) for p in PARAMS)
        pts.append(g.scores()[0]["total"])
    else:
        deal = seed + i // 2
        rot = i % 2
        levels = ["expert", "hard"] if rot == 0 else ["hard", "expert"]
        g = tournament.play(Options(players=2, seed=deal), levels, i, res)
        me = levels.index("expert")
        w = g.winners()
        wins += (1 / len(w)) if me in w else 0
        won_list.append(int(me in w))
        sc = g.scores()
        pts.append(sc[me]["total"] - sc[1 - me]["total"])
ts = sorted(res.times.get("expert", [0.0]))
med, p95 = ts[len(ts) // 2] * 1000, ts[int(len(ts) * 0.95)] * 1000
print(f"{name} {kw} players={players} seeds {seed}+{games}: wins {wins}/{games} "
      f"({wins / games:.1%}) missing_steps {missing} mean_pts {sum(pts) / len(pts):.1f} "
      f"ms/decision med {med:.1f} p95 {p95:.1f} max {ts[-1] * 1000:.0f} "
      f"time {time.time() - t0:.0f}s", flush=True)
print("per-game", "".join(map(str, won_list)), flush=True)
print("points", " ".join(map(str, pts)), flush=True)
