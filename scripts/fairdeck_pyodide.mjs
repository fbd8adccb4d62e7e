#!/usr/bin/env node
// The fair deck's timings in Pyodide: runs scripts/fairdeck_bench.py's main() (or another
// fair-deck script's, with --script) in the browser's Python under Node, on this
// repository's tm/ (scripts/pyodide_engine.mjs); the other options go to the script.
//
//   node scripts/fairdeck_pyodide.mjs [--cards 208] [--group secp256k1]
//   node scripts/fairdeck_pyodide.mjs --script fairdeck_messages.py [--seats 2]

import { readFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";

import { loadEngine, repoRoot, runMain } from "./pyodide_engine.mjs";

async function main(argv) {
  const root = repoRoot();
  const toStdout = { batched: (line) => process.stdout.write(line + "\n") };
  const pyodide = await loadEngine(root, toStdout);
  let script = "fairdeck_bench.py";
  const at = argv.indexOf("--script");
  if (at >= 0) {
    script = argv[at + 1];
    argv = [...argv.slice(0, at), ...argv.slice(at + 2)];
  }
  if (!/^fairdeck_[a-z_]+\.py$/.test(script ?? "")) throw new Error(`not a fair-deck script: ${script}`);
  const source = await readFile(path.join(root, "scripts", script), "utf8");
  pyodide.FS.writeFile(`/home/pyodide/${script}`, source);
  pyodide.globals.set("ARGV", pyodide.toPy(argv));
  pyodide.globals.set("SCRIPT", script.slice(0, -3));
  process.stdout.write(`pyodide ${pyodide.version}\n`);
  return pyodide.runPython(`
import importlib, sys
sys.path.insert(0, "/home/pyodide")
importlib.import_module(SCRIPT).main(list(ARGV))
`);
}

await runMain(main);
