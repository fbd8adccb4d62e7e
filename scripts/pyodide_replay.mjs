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

import { readFile, writeFile } from "node:fs/promises";
import process from "node:process";

import { loadEngine, repoRoot, runMain } from "./pyodide_engine.mjs";

async function main(argv) {
  const playing = argv[0] === "--play";
  const [players, seed, outPath] = playing ? argv.slice(1, 4) : [];
  const [savePath, rootArg] = playing ? [null, argv[4]] : argv;
  if (!savePath && !outPath) {
    process.stderr.write("usage: node scripts/pyodide_replay.mjs SAVE.json [REPO_ROOT]\n");
    return 2;
  }
  const root = repoRoot(rootArg);
  const saveText = playing ? "" : await readFile(savePath, "utf8");
  const toStderr = { batched: (line) => process.stderr.write(line + "\n") };
  const pyodide = await loadEngine(root, toStderr);

  const version = pyodide.runPython("import sys; sys.version");
  process.stderr.write(`pyodide ${pyodide.version}, Python ${version}\n`);

  pyodide.globals.set("SAVE_TEXT", saveText);
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

await runMain(main);
