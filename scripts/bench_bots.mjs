#!/usr/bin/env node
// Bot decision times in Pyodide (issue 18): loads the engine under Node as
// scripts/pyodide_replay.mjs does, plays a few bot games and prints each level's median
// and p99 time per decision (hard: median <= 300 ms, p99 <= 1.5 s; easy and normal:
// median <= 50 ms), and the time of view() that every decision starts from. EXPERT=N in
// the environment adds N solo games of the expert and N 2-player games of the expert against
// hard (issue 31: median <= 300 ms, p95 <= 1 s).
//
//   [EXPERT=N] node scripts/bench_bots.mjs [GAMES] [REPO_ROOT]

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
  const lines = pyodide.runPython(`
from tm.bots.tournament import bench
"\\n".join(bench(GAMES, expert=EXPERT))
`);
  process.stdout.write(lines + "\n");
  return 0;
}

await runMain(main);
