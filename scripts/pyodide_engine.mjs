// Pyodide under Node with this repository's engine importable: shared by
// scripts/pyodide_replay.mjs (replays in the browser's Python) and scripts/bench_bots.mjs.
// Pyodide itself always comes from this repository's node_modules, offline.

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

/** The repository whose tm/ is loaded: the argument, else $TM_REPO_ROOT, else this one. */
export function repoRoot(argument) {
  const scriptRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  return path.resolve(argument ?? process.env.TM_REPO_ROOT ?? scriptRoot);
}

/** Pyodide with ``root``'s tm/ copied into its file system and on sys.path; ``stdio``
 * (optional) receives what Python prints. */
export async function loadEngine(root, stdio) {
  const indexURL = path.dirname(fileURLToPath(import.meta.resolve("pyodide"))) + path.sep;
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  if (stdio) {
    pyodide.setStdout(stdio);
    pyodide.setStderr(stdio);
  }
  const sources = await pythonFiles(path.join(root, "tm"));
  if (sources.length === 0) throw new Error(`no Python files under ${root}/tm`);
  for (const file of sources) {
    const target = path.posix.join(HOME, ...path.relative(root, file).split(path.sep));
    pyodide.FS.mkdirTree(path.posix.dirname(target));
    pyodide.FS.writeFile(target, await readFile(file));
  }
  pyodide.globals.set("TM_HOME", HOME);
  pyodide.runPython(`
import importlib, sys
sys.path.insert(0, TM_HOME)
importlib.invalidate_caches()
`);
  return pyodide;
}

/** Run a script's ``main(args)``: its return value is the exit code; an error is printed
 * (its message only) and exits with 1. */
export async function runMain(main) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error && error.message ? error.message : error}\n`);
    process.exitCode = 1;
  }
}
