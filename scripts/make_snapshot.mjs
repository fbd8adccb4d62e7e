#!/usr/bin/env node
// Makes the Pyodide memory snapshot the page boots from: Python initialised, the engine
// and the render modules imported and warmed (card registry, map data, a first render).
//
//   node scripts/make_snapshot.mjs [ROOT]
//
// Writes ROOT/static/build/snapshot-<hash>.bin (gzip) and static/build/snapshot.json
// naming it. The hash covers the Pyodide version, this recipe and every tm/ source, so a
// changed engine file gets a new name; an up-to-date snapshot is not made again.
// The sources digest is also stored in the snapshot (tm.SNAPSHOT_SOURCES): main.py
// compares it with the files the page actually loaded and drops stale modules.

import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import { loadPyodide, version } from "pyodide";

const RECIPE = "1";
const HOME = "/home/pyodide";
const WARM = `
import hashlib, sys
from pathlib import Path
sys.path.insert(0, ${JSON.stringify(HOME)})

def sources_digest(root):
    digest = hashlib.sha256()
    for path in sorted(Path(root, "tm").rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\\0")
        digest.update(path.read_bytes() + b"\\0")
    return digest.hexdigest()

import tm, tm.game, tm.links, tm.history
from tm.cards import all_cards
from tm.maps import get_map
from tm.web import app, app_share, screens, share_html, saves
all_cards(); get_map("tharsis")
app.App(saves.MemoryStorage(), clock=lambda: 0.0).render()
tm.SNAPSHOT_SOURCES = sources_digest(${JSON.stringify(HOME)})
del sources_digest
`;

async function pythonFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") found.push(...(await pythonFiles(full)));
    } else if (entry.name.endsWith(".py")) {
      found.push(full);
    }
  }
  return found.sort();
}

async function main(argv) {
  const root = path.resolve(argv[0] ?? path.dirname(path.dirname(fileURLToPath(import.meta.url))));
  const sources = await pythonFiles(path.join(root, "tm"));
  const hash = createHash("sha256").update(`pyodide ${version}\0recipe ${RECIPE}\0`);
  for (const file of sources) {
    hash.update(path.relative(root, file).split(path.sep).join("/") + "\0");
    hash.update(await readFile(file));
    hash.update("\0");
  }
  const name = `snapshot-${hash.digest("hex").slice(0, 16)}.bin`;
  const build = path.join(root, "static", "build");
  const manifestPath = path.join(build, "snapshot.json");
  try {
    const current = JSON.parse(await readFile(manifestPath, "utf8"));
    await readFile(path.join(build, name));
    if (current.file === name) {
      process.stdout.write(`snapshot: ${name} is up to date\n`);
      return 0;
    }
  } catch {
    // no manifest or no file yet: make it
  }
  const started = Date.now();
  const pyodide = await loadPyodide({ _makeSnapshot: true, packages: [] });
  for (const file of sources) {
    const target = path.posix.join(HOME, ...path.relative(root, file).split(path.sep));
    pyodide.FS.mkdirTree(path.posix.dirname(target));
    pyodide.FS.writeFile(target, await readFile(file));
  }
  pyodide.runPython(WARM);
  const raw = pyodide.makeMemorySnapshot();
  const packed = gzipSync(raw, { level: 9 });
  await mkdir(build, { recursive: true });
  for (const old of await readdir(build)) {
    if (/^snapshot-.*\.bin$/.test(old)) await rm(path.join(build, old));
  }
  await writeFile(path.join(build, name), packed);
  const manifest = { file: name, pyodide: version, bytes: raw.length, packed: packed.length };
  await writeFile(manifestPath, JSON.stringify(manifest) + "\n");
  process.stdout.write(`snapshot: wrote ${name} (${raw.length} bytes, ${packed.length} gzipped) `
                      + `in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`snapshot: ${error && error.stack ? error.stack : error}\n`);
  process.exitCode = 1;
}
