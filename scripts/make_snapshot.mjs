#!/usr/bin/env node
// Makes the Pyodide memory snapshot the page boots from: Python initialised, the engine
// and the render modules imported and warmed (card registry, map data, a first render).
//
//   node scripts/make_snapshot.mjs [ROOT]
//
// Reads the engine archive (scripts/build_engine.py) and the trimmed standard library
// (scripts/trim_stdlib.py), compiled by scripts/compile_pyc.mjs when that is up to date:
// the very archives the page loads; writes ROOT/static/build/snapshot-<hash>.bin and
// static/build/snapshot.json naming it. About half of Python's memory is pages of zeros:
// the file holds only the other pages, gzipped, and the manifest lists where they go
// ("runs": [offset, length] pairs), so the page inflates half as much and the zeros cost
// nothing. The hash covers the Pyodide version, this recipe and the archives, so a changed
// engine file gets a new name; an up-to-date snapshot is not
// made again. The archive's SHA-256 is also stored in the snapshot (tm.SNAPSHOT_ENGINE):
// main.py compares it with the archive the page actually loaded and drops stale modules.

import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import { loadPyodide, version } from "pyodide";

const RECIPE = "7";
const FORMAT = "runs+gzip";
const PAGE = 65536;
const HOME = "/home/pyodide";
// The engine is imported from the archive itself (zipimport), at the path where the page's
// static/boot.mjs puts it, so every module's loader stays valid after the restore.
// main.py's own imports are warmed too: it runs before anything else of ours; and the
// standard modules PyScript's package imports (html and its entity table, for
// pyscript.display), not the package itself: it reads the page's PyScript as it loads.
const ARCHIVE = `${HOME}/engine.zip`;
const WARM = `
import hashlib, sys, zipimport
from pathlib import Path
import base64, html, inspect
sys.path.insert(0, ${JSON.stringify(ARCHIVE)})

import tm, tm.game, tm.linkplay.links, tm.persist.history
from tm.cards import all_cards
from tm.core.mapdef import get_map
from tm.web import app, app_share, screens, share_html, saves
all_cards(); get_map("tharsis")
app.App(saves.MemoryStorage(), clock=lambda: 0.0).render()
with open(${JSON.stringify(ARCHIVE)}, "rb") as archive:  # (read in pieces: Python's memory
    tm.SNAPSHOT_ENGINE = hashlib.file_digest(archive, "sha256").hexdigest()  # never shrinks)
`;

// [offset, length] of each stretch of pages holding anything but zeros.
function dataRuns(raw) {
  const runs = [];
  for (let offset = 0; offset < raw.length; offset += PAGE) {
    const end = Math.min(offset + PAGE, raw.length);
    if (raw.subarray(offset, end).every((byte) => byte === 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === offset) last[1] += end - offset;
    else runs.push([offset, end - offset]);
  }
  return runs;
}

// static/build/pyc/NAME when static/build/pyc/sources.json names the source archive
// static/build/NAME as it is now, else the source archive itself.
async function served(root, name) {
  const build = path.join(root, "static", "build");
  const source = path.join(build, name);
  try {
    const made = JSON.parse(await readFile(path.join(build, "pyc", "sources.json"), "utf8"));
    const digest = createHash("sha256").update(await readFile(source)).digest("hex");
    if (made[name] === digest) return path.join(build, "pyc", name);
  } catch {
    // not compiled
  }
  return source;
}

async function main(argv) {
  const root = path.resolve(argv[0] ?? path.dirname(path.dirname(fileURLToPath(import.meta.url))));
  // The archives the page loads (scripts/build_site.py's choice: compiled when
  // scripts/compile_pyc.mjs made them from the current sources): the snapshot keeps the
  // standard library's table of contents, so it must boot from these very bytes.
  const engine = await readFile(await served(root, "engine.zip"));
  const stdlibPath = await served(root, "python_stdlib.zip");
  const stdlib = await readFile(stdlibPath);
  const hash = createHash("sha256").update(`pyodide ${version}\0recipe ${RECIPE}\0`);
  hash.update(engine);
  hash.update(stdlib);
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
  const pyodide = await loadPyodide({ _makeSnapshot: true, packages: [], stdLibURL: stdlibPath });
  pyodide.FS.mkdirTree(HOME);
  pyodide.FS.writeFile(ARCHIVE, engine);
  pyodide.runPython(WARM);
  const raw = pyodide.makeMemorySnapshot();
  const runs = dataRuns(raw);
  const packed = gzipSync(Buffer.concat(runs.map(([at, length]) => raw.subarray(at, at + length))),
                          { level: 9 });
  await mkdir(build, { recursive: true });
  for (const old of await readdir(build)) {
    if (/^snapshot-.*\.bin$/.test(old)) await rm(path.join(build, old));
  }
  await writeFile(path.join(build, name), packed);
  const manifest = { file: name, pyodide: version, format: FORMAT, bytes: raw.length,
                     packed: packed.length, runs };
  await writeFile(manifestPath, JSON.stringify(manifest) + "\n");
  const kept = runs.reduce((sum, [, length]) => sum + length, 0);
  process.stdout.write(`snapshot: wrote ${name} (${raw.length} bytes, ${kept} not zero, `
                      + `${packed.length} gzipped) `
                      + `in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`snapshot: ${error && error.stack ? error.stack : error}\n`);
  process.exitCode = 1;
}
