#!/usr/bin/env node
// Replays a save in Pyodide and prints tm.sim.replay_digest(save) on stdout, or plays
// a random game in Pyodide and writes its save (the direction the browser records in).
//
//   node scripts/pyodide_replay.mjs SAVE.json [REPO_ROOT]
//   node scripts/pyodide_replay.mjs --play PLAYERS SEED OUT.json [REPO_ROOT]
//
// REPO_ROOT (default: this script's repository, or $TM_REPO_ROOT) is where tm/ is read
// from; Pyodide itself always comes from this repository's node_modules, offline.
// Stdout carries the digest and nothing else: the Python version and anything the
// engine prints go to stderr.

import { readFile, readdir, writeFile } from "node:fs/promises";
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
  const playing = argv[0] === "--play";
  const [players, seed, outPath] = playing ? argv.slice(1, 4) : [];
  const [savePath, rootArg] = playing ? [null, argv[4]] : argv;
  if (!savePath && !outPath) {
    process.stderr.write("usage: node scripts/pyodide_replay.mjs SAVE.json [REPO_ROOT]\n");
    return 2;
  }
  const scriptRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const repoRoot = path.resolve(rootArg ?? process.env.TM_REPO_ROOT ?? scriptRoot);
  const saveText = playing ? "" : await readFile(savePath, "utf8");

  const indexURL = path.dirname(fileURLToPath(import.meta.resolve("pyodide"))) + path.sep;
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  const toStderr = { batched: (line) => process.stderr.write(line + "\n") };
  pyodide.setStdout(toStderr);
  pyodide.setStderr(toStderr);

  const sources = await pythonFiles(path.join(repoRoot, "tm"));
  if (sources.length === 0) throw new Error(`no Python files under ${repoRoot}/tm`);
  for (const file of sources) {
    const target = path.posix.join(HOME, ...path.relative(repoRoot, file).split(path.sep));
    pyodide.FS.mkdirTree(path.posix.dirname(target));
    pyodide.FS.writeFile(target, await readFile(file));
  }

  const version = pyodide.runPython("import sys; sys.version");
  process.stderr.write(`pyodide ${pyodide.version}, Python ${version}\n`);

  pyodide.globals.set("SAVE_TEXT", saveText);
  pyodide.globals.set("TM_HOME", HOME);
  pyodide.runPython(`
import importlib, sys
sys.path.insert(0, TM_HOME)
importlib.invalidate_caches()
`);
  if (playing) {
    pyodide.globals.set("PLAYERS", Number(players));
    pyodide.globals.set("SEED", Number(seed));
    const save = pyodide.runPython(`
import json, tm.sim
json.dumps(tm.sim.play_random_game(players=PLAYERS, seed=SEED).to_save())
`);
    await writeFile(outPath, save, "utf8");
    return 0;
  }
  const digest = pyodide.runPython(`
import json, tm.sim
tm.sim.replay_digest(json.loads(SAVE_TEXT))
`);
  if (typeof digest !== "string") {
    throw new Error(`replay_digest returned ${typeof digest}, expected a string`);
  }
  process.stdout.write(digest + "\n");
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error && error.message ? error.message : error}\n`);
  process.exitCode = 1;
}
