#!/usr/bin/env node
// Bot decision times in Pyodide (issue 18): loads the engine under Node as
// scripts/pyodide_replay.mjs does, plays a few bot games and prints each level's median
// and p99 time per decision (hard: median <= 300 ms, p99 <= 1.5 s; easy and normal:
// median <= 50 ms), and the time of view() that every decision starts from. EXPERT=N in
// the environment adds N solo games of the expert and N 2-player games of the expert against
// hard, with their p95, longest and work (rollout decisions played) against issue 47's
// targets (p95 <= 300 ms, max <= 500 ms). Times are the process's CPU time
// (process.cpuUsage: the main thread's work, not the busy machine's other processes);
// WALL=1 times by the wall clock instead.
//
//   [EXPERT=N] [WALL=1] node scripts/bench_bots.mjs [GAMES] [REPO_ROOT]

import process from "node:process";

import { loadEngine, repoRoot, runMain } from "./pyodide_engine.mjs";

async function main(argv) {
  const games = Number(argv[0] ?? 2);
  const pyodide = await loadEngine(repoRoot(argv[1]));
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  process.stdout.write(`bench_bots: pyodide ${pyodide.version}, Python ${version}, ` +
                       `${games} games per pairing\n`);
  pyodide.globals.set("GAMES", games);
  pyodide.globals.set("EXPERT", Number(process.env.EXPERT ?? 0));
  const wall = process.env.WALL === "1";
  const cpuSeconds = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
  };
  pyodide.globals.set("CLOCK", wall ? () => performance.now() / 1000 : cpuSeconds);
  process.stdout.write(`timed by ${wall ? "the wall clock" : "the process's CPU time"}\n`);
  const lines = pyodide.runPython(`
from tm.bots.tournament import bench
"\\n".join(bench(GAMES, expert=EXPERT, clock=CLOCK))
`);
  process.stdout.write(lines + "\n");
  return 0;
}

await runMain(main);
