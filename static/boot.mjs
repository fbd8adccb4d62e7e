// Starts Python for the page. index.html loads this module before PyScript, so everything
// here begins at once: the runtime, our memory snapshot (static/build/, made by
// scripts/make_snapshot.mjs) and the engine archive (static/build/engine.zip) download
// side by side, and Pyodide restores the snapshot — Python initialised, the engine already
// imported — while PyScript is still starting. PyScript then gets that interpreter from
// loadPyodide() below: this module is its `interpreter` (pyscript.toml).
// Any problem with the snapshot — no manifest, another Pyodide version, a missing or
// corrupt file — means the normal boot. The path taken is left on
// <html data-snapshot="restored|fallback|none">; main.py unpacks the engine and adds
// whether the restored engine matched it (body[data-boot]).

import * as runtime from "./vendor/pyodide/pyodide.mjs";

export const version = runtime.version;

const BUILD = new URL("./build/", import.meta.url);
// PyScript would point Pyodide at this module's folder; the runtime lives in vendor/pyodide/.
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;

async function manifest() {
  try {
    const response = await fetch(new URL("snapshot.json", BUILD), { cache: "no-cache" });
    if (!response.ok) return null;
    const data = await response.json();
    return data && data.pyodide === version && /^snapshot-[0-9a-f]+\.bin$/.test(data.file)
      ? data : null;
  } catch {
    return null;
  }
}

async function snapshotBytes(file) {
  const response = await fetch(new URL(file, BUILD));
  if (!response.ok || !response.body) throw new Error(`snapshot ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  const raw = new Uint8Array(await new Response(unpacked).arrayBuffer());
  performance.mark("tm:snapshot-unpacked");
  return raw;
}

async function engineArchive() {
  const response = await fetch(new URL("engine.zip", BUILD));
  if (!response.ok) {
    throw new Error(`static/build/engine.zip: HTTP ${response.status} (made by make setup)`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function startPython() {
  const options = { indexURL: INDEX_URL };
  if (!(await found)) return { pyodide: await runtime.loadPyodide(options), path: "none" };
  try {
    const pyodide = await runtime.loadPyodide({ ...options, _loadSnapshot: bytes });
    return { pyodide, path: "restored" };
  } catch (error) {
    console.warn("snapshot not used:", error && error.message ? error.message : error);
    return { pyodide: await runtime.loadPyodide(options), path: "fallback" };
  }
}

const engine = engineArchive();
const found = manifest();
const bytes = found.then((data) => (data ? snapshotBytes(data.file) : null));
// Failures are handled where these are awaited.
engine.catch(() => null);
bytes.catch(() => null);
const python = startPython();

// PyScript's call. Of its options only the output handlers matter here (it asks for no
// packages), and they can be set on the running interpreter.
export async function loadPyodide(given = {}) {
  const { pyodide, path } = await python;
  document.documentElement.dataset.snapshot = path;
  if (given.stdout) pyodide.setStdout({ batched: given.stdout });
  if (given.stderr) pyodide.setStderr({ batched: given.stderr });
  pyodide.FS.writeFile(`${pyodide.FS.cwd()}/engine.zip`, await engine);
  performance.mark("tm:python-ready");
  return pyodide;
}
