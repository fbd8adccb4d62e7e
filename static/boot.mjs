// The interpreter module PyScript loads (pyscript.toml `interpreter`): Pyodide itself, but
// restored from our memory snapshot (static/build/, made by scripts/make_snapshot.mjs) when
// one is there, so Python starts with the engine already imported. The snapshot download
// starts as soon as this module loads and runs alongside the runtime's own. Any problem —
// no manifest, another Pyodide version, a missing or corrupt file — means the normal boot.
// The path taken is left on <html data-snapshot="restored|fallback|none">; main.py adds
// whether the restored engine matched the files the page loaded (body[data-boot]).

import * as runtime from "./vendor/pyodide/pyodide.mjs";

export const version = runtime.version;

const BUILD = new URL("./build/", import.meta.url);
// PyScript points Pyodide at this module's folder; the runtime lives in vendor/pyodide/.
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
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

const found = manifest();
// Start the big download at once; a failure is handled where it is awaited.
const bytes = found.then((data) => (data ? snapshotBytes(data.file) : null));
bytes.catch(() => null);

function mark(path) {
  document.documentElement.dataset.snapshot = path;
}

export async function loadPyodide(given = {}) {
  const options = { ...given, indexURL: INDEX_URL };
  if (!(await found)) {
    mark("none");
    return runtime.loadPyodide(options);
  }
  try {
    const pyodide = await runtime.loadPyodide({ ...options, _loadSnapshot: bytes });
    mark("restored");
    return pyodide;
  } catch (error) {
    console.warn("snapshot not used:", error && error.message ? error.message : error);
    mark("fallback");
    return runtime.loadPyodide(options);
  }
}
