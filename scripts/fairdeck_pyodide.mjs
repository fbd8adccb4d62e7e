#!/usr/bin/env node
// The fair deck's timings in Pyodide: runs scripts/fairdeck_bench.py's main() in the
// browser's Python under Node, on this repository's tm/ (scripts/pyodide_engine.mjs).
//
//   node scripts/fairdeck_pyodide.mjs [--cards 208]

import { readFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";

import { loadEngine, repoRoot, runMain } from "./pyodide_engine.mjs";

async function main(argv) {
  const root = repoRoot();
  const toStdout = { batched: (line) => process.stdout.write(line + "\n") };
  const pyodide = await loadEngine(root, toStdout);
  const bench = await readFile(path.join(root, "scripts", "fairdeck_bench.py"), "utf8");
  pyodide.FS.writeFile("/home/pyodide/fairdeck_bench.py", bench);
  pyodide.globals.set("ARGV", pyodide.toPy(argv));
  process.stdout.write(`pyodide ${pyodide.version}\n`);
  return pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
import fairdeck_bench
fairdeck_bench.main(list(ARGV))
`);
}

await runMain(main);
