// Starts Python for the page. index.html loads this module before PyScript, so everything
// here begins at once: the runtime, our memory snapshot (static/build/, made by
// scripts/make_snapshot.mjs) and the engine archive (static/build/engine.zip) download
// side by side, and Pyodide restores the snapshot — Python initialised, the engine already
// imported — while PyScript is still starting. PyScript then gets that interpreter from
// loadPyodide() below: this module is its `interpreter` (pyscript.toml).
// Any problem with the snapshot — no manifest, another Pyodide version, a missing or
// corrupt file — means the normal boot. The path taken is left on
// <html data-snapshot="restored|fallback|none">; main.py adds whether the restored engine
// is the one in the archive (body[data-boot]).

import * as runtime from "./vendor/pyodide-314.0.7/pyodide.mjs";

export const version = runtime.version;

const BUILD = new URL("./build/", import.meta.url);
// PyScript would point Pyodide at this module's folder; the runtime lives in the folder
// of its version (cached as immutable), the one the import above names.
const INDEX_URL = new URL(`./vendor/pyodide-${runtime.version}/`, import.meta.url).href;

const FORMAT = "runs+gzip"; // scripts/make_snapshot.mjs

async function manifest() {
  try {
    const response = await fetch(new URL("snapshot.json", BUILD), { cache: "no-cache" });
    if (!response.ok) return null;
    const data = await response.json();
    return data && data.pyodide === version && data.format === FORMAT
      && /^snapshot-[0-9a-f]+\.bin$/.test(data.file) && validRuns(data.runs, data.bytes)
      ? data : null;
  } catch {
    return null;
  }
}

function validRuns(runs, size) {
  let end = 0;
  return Number.isSafeInteger(size) && Array.isArray(runs) && runs.every((run) => {
    const ok = Array.isArray(run) && Number.isSafeInteger(run[0]) && Number.isSafeInteger(run[1])
      && run[0] >= end && run[1] > 0 && run[0] + run[1] <= size;
    end = ok ? run[0] + run[1] : size + 1;
    return ok;
  });
}

// Inflates the snapshot file into ``memory`` (zeros where the manifest lists no data).
async function inflateSnapshot(data, memory) {
  const response = await fetch(new URL(data.file, BUILD));
  if (!response.ok || !response.body) throw new Error(`snapshot ${response.status}`);
  const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
  let run = 0;
  let filled = 0; // bytes of runs[run] written so far
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    while (chunk.length) {
      if (run === data.runs.length) throw new Error("snapshot longer than its manifest");
      const [offset, length] = data.runs[run];
      const part = chunk.subarray(0, length - filled);
      memory.set(part, offset + filled);
      filled += part.length;
      chunk = chunk.subarray(part.length);
      if (filled === length) {
        run += 1;
        filled = 0;
      }
    }
  }
  if (run !== data.runs.length) throw new Error("snapshot shorter than its manifest");
  performance.mark("tm:snapshot-unpacked");
}

async function engineArchive() {
  const response = await fetch(new URL("engine.zip", BUILD));
  if (!response.ok) {
    throw new Error(`static/build/engine.zip: HTTP ${response.status} (made by make setup)`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

// Pyodide waits for a snapshot's bytes before it even compiles the runtime. So it gets the
// (zeroed) buffer at once, and the module factory below holds the restore back until the
// buffer is filled: the runtime downloads and compiles while the snapshot inflates.
// (The restore checks the snapshot's header, so a buffer left unfilled cannot pass.)
async function restore(data) {
  const memory = new Uint8Array(data.bytes);
  const filled = inflateSnapshot(data, memory);
  filled.catch(() => null); // awaited by the factory; a failure means the normal boot
  const runtimeModule = import(`${INDEX_URL}pyodide.asm.mjs`);
  const createPyodideModule = async (settings) => {
    const made = await (await runtimeModule).default(settings);
    await filled;
    return made;
  };
  return runtime.loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: memory, createPyodideModule });
}

async function startPython() {
  const data = await found;
  if (!data) return { pyodide: await runtime.loadPyodide({ indexURL: INDEX_URL }), path: "none" };
  try {
    return { pyodide: await restore(data), path: "restored" };
  } catch (error) {
    console.warn("snapshot not used:", error && error.message ? error.message : error);
    return { pyodide: await runtime.loadPyodide({ indexURL: INDEX_URL }), path: "fallback" };
  }
}

const engine = engineArchive();
const found = manifest();
engine.catch(() => null); // handled where it is awaited
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
