#!/usr/bin/env node
// Bot decision times in Pyodide (issue 18): loads the engine under Node as
// scripts/pyodide_replay.mjs does, plays a few bot games and prints each level's median
// and p99 time per decision (hard: median <= 300 ms, p99 <= 1.5 s; easy and normal:
// median <= 50 ms), and the time of view() that every decision starts from.
//
//   node scripts/bench_bots.mjs [GAMES] [REPO_ROOT]

import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const HOME = "/home/pyodide";

async function pythonFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") found.push(...(await pythonFiles(full)));
    } else if (entry.isFile() && entry.name.endsWith(".py")) {
      found.push(full);
    }
  }
  return found;
}

async function main(argv) {
  const games = Number(argv[0] ?? 2);
  const scriptRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const repoRoot = path.resolve(argv[1] ?? process.env.TM_REPO_ROOT ?? scriptRoot);
  const indexURL = path.dirname(fileURLToPath(import.meta.resolve("pyodide"))) + path.sep;
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  for (const file of await pythonFiles(path.join(repoRoot, "tm"))) {
    const target = path.posix.join(HOME, ...path.relative(repoRoot, file).split(path.sep));
    pyodide.FS.mkdirTree(path.posix.dirname(target));
    pyodide.FS.writeFile(target, await readFile(file));
  }
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  process.stdout.write(`bench_bots: pyodide ${pyodide.version}, Python ${version}, ` +
                       `${games} games per pairing\n`);
  pyodide.globals.set("TM_HOME", HOME);
  pyodide.globals.set("GAMES", games);
  const lines = pyodide.runPython(`
import importlib, sys
sys.path.insert(0, TM_HOME)
importlib.invalidate_caches()
from tm.bots.tournament import bench
"\\n".join(bench(GAMES))
`);
  process.stdout.write(lines + "\n");
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error && error.message ? error.message : error}\n`);
  process.exitCode = 1;
}
