// Starts Python for the page; PyScript then gets that interpreter and runs main.py (this module
// is its `interpreter`, pyscript.toml). index.html loads this module in its head, so
// everything here begins at once: the runtime (with the trimmed standard library of
// static/build/) downloads at once, the engine archive (static/build/engine.zip) once the
// runtime has arrived (runtimeArrived), while Python starts and PyScript loads. On a
// return visit, when the offline worker's cache holds our memory snapshot (static/build/,
// made by scripts/make_snapshot.mjs), Pyodide restores it — Python initialised, the engine
// already imported; a first visit boots the normal way (the snapshot would cost more bytes
// than it saves time) and the worker fetches the snapshot for the next one.
// Any problem with the snapshot — no manifest, another Pyodide version, a missing or
// corrupt file — means the normal boot. The path taken is left on
// <html data-snapshot="restored|fallback|none">; main.py adds whether the restored engine
// is the one in the archive (body[data-boot]).

import "./sidedb.mjs"; // PyScript's side databases opened only when used (before its core runs)
import * as runtime from "./vendor/pyodide-314.0.7/pyodide.mjs";
import "./screen.mjs"; // the screen's DOM work: parts patched node by node, lit spaces
import "./seatkeys.mjs"; // this device's keys for its seats in games played by link

export const version = runtime.version;

// A return visit in Japanese: the screen kept from the last visit (static/kept.js) is
// Japanese, so its language and its web font's style sheet (scripts/build_fonts.py) are
// set now, not when Python is up (tm/web/browser.py language_font does the same then).
try {
  if (localStorage.getItem("tm:language") === "ja" && !document.getElementById("font-ja")) {
    document.documentElement.lang = "ja";
    const link = Object.assign(document.createElement("link"),
      { id: "font-ja", rel: "stylesheet", href: "static/fonts-ja.css" });
    document.head.append(link);
  }
} catch {
  // no storage: Python links it once it knows the language
}

const BUILD = new URL("./build/", import.meta.url);
// The runtime lives in the folder of its version (cached as immutable), the one the import above names.
const INDEX_URL = new URL(`./vendor/pyodide-${runtime.version}/`, import.meta.url).href;

const FORMAT = "runs+gzip"; // scripts/make_snapshot.mjs
// The standard library cut down to what the page imports (scripts/trim_stdlib.py); the
// snapshot was made from this very archive.
const STDLIB_URL = new URL("python_stdlib.zip", BUILD).href;
const CACHE_PREFIX = "tm-offline-"; // scripts/sw.template.js

// Whether to boot from the snapshot. It is 6-7 MB: on a first visit, fetching it costs more
// than it saves on most connections, so the runtime boots the normal way and the offline
// worker (sw.js, registered once the page is ready) fetches it for the next visit. A return
// visit boots from it when the worker's cache holds it. ?boot=snapshot or ?boot=normal
// choose (the browser tests and scripts/bench_browser.py).
async function snapshotWanted() {
  const chosen = new URLSearchParams(location.search).get("boot");
  if (chosen === "snapshot" || chosen === "normal") return chosen === "snapshot" ? "always" : "";
  try {
    const names = await caches.keys();
    return names.some((name) => name.startsWith(CACHE_PREFIX)) ? "cached" : "";
  } catch {
    return ""; // no Cache Storage (an insecure origin, a private window)
  }
}

async function manifest() {
  const wanted = await snapshotWanted();
  if (!wanted) return null;
  try {
    const response = await fetch(new URL("snapshot.json", BUILD), { cache: "no-cache" });
    if (!response.ok) return null;
    const data = await response.json();
    if (wanted === "cached" && data && typeof data.file === "string"
        && !(await caches.match(new URL(data.file, BUILD).href))) return null;
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
  const bytes = new Uint8Array(await response.arrayBuffer());
  return isGzip(bytes) ? gunzip(bytes) : bytes;
}

// The site's engine archive is gzipped whole (scripts/build_site.py gzipped_archive); a
// plain zip (static/build/ served as it is, as some tests do) is taken as it comes.
function isGzip(bytes) {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
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
    const made = await (await runtimeModule).default(yieldingSettings(settings));
    await filled;
    return made;
  };
  const pyodide = await runtime.loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL,
    _loadSnapshot: memory, createPyodideModule });
  release(memory.buffer);
  return pyodide;
}

// Pyodide keeps the options it started with, the snapshot among them: restored, its buffer
// (as big as Python's whole memory, 30 MB) would stay as long as the page. Transferred
// away and dropped, it is freed (scripts/bench_memory.py measures the page's memory).
function release(buffer) {
  try {
    structuredClone(buffer, { transfer: [buffer] });
  } catch {
    // a browser that cannot transfer it keeps it
  }
}

// Pyodide's start was one task of seconds on a phone, in which the start form answered no
// key (issue 46): the runtime's own start (Python initialised, in the module factory), then
// its bootstrap (loadPyodide's finalizeBootstrap), which imports some 140 standard modules
// in one go. So, once the runtime is made, those modules are imported here first, a few a
// task (RUNTIME_IMPORTS: each after the modules it imports, recorded by
// scripts/runtime_order.mjs), through the runtime's raw runner (a private API: without it,
// or when an import fails, the bootstrap imports what is left, as before); the bootstrap
// then finds them imported. asyncio's package code runs after its modules (it only gathers
// their names), so that its thirty modules are thirty tasks, not one.
const RUNTIME_IMPORTS = [
  "_ast", "ast", "linecache", "itertools", "keyword", "_operator", "operator", "reprlib",
  "_collections", "collections", "_types", "types", "_functools", "functools", "io",
  "enum", "_sre", "re._constants", "re._parser", "re._casefix", "re._compiler", "copyreg",
  "re", "token", "_tokenize", "tokenize", "_weakrefset", "weakref", "copy", "importlib",
  "textwrap", "_typing", "typing", "importlib.machinery", "importlib._abc",
  "importlib.abc", "_contextvars", "_py_warnings", "warnings", "importlib.util", "_json",
  "json.scanner", "json.decoder", "json.encoder", "json", "__future__", "codeop",
  "annotationlib", "_opcode", "_opcode_metadata", "opcode", "dis", "inspect",
  "dataclasses", "_colorize", "contextlib", "traceback", "concurrent", "_string", "string",
  "threading", "atexit", "logging", "concurrent.futures._base", "concurrent.futures",
  "_heapq", "heapq", "_socket", "socket", "_locale", "locale", "signal", "fcntl", "select",
  "math", "selectors", "subprocess", "_ssl", "ntpath", "fnmatch", "glob", "pathlib._os",
  "pathlib", "_struct", "struct", "binascii", "base64", "ssl", "asyncio.constants",
  "asyncio.coroutines", "contextvars", "asyncio.format_helpers", "asyncio.base_futures",
  "asyncio.exceptions", "asyncio.base_tasks", "_asyncio", "asyncio.events",
  "asyncio.futures", "asyncio.protocols", "asyncio.transports", "asyncio.log",
  "asyncio.sslproto", "asyncio.mixins", "asyncio.locks", "asyncio.queues",
  "asyncio.timeouts", "asyncio.tasks", "asyncio.staggered", "asyncio.trsock",
  "asyncio.base_events", "asyncio.graph", "asyncio.runners", "asyncio.streams",
  "asyncio.subprocess", "asyncio.taskgroups", "asyncio.threads", "asyncio.base_subprocess",
  "asyncio.selector_events", "asyncio.unix_events", "asyncio", "gc", "compression",
  "compression._common", "compression._common._streams", "_bz2", "bz2", "_lzma", "lzma",
  "_zstd", "compression.zstd._zstdfile", "compression.zstd", "shutil", "_bisect", "bisect",
  "_random", "random", "tempfile", "zipfile._path.glob", "zipfile._path", "zipfile",
];
// Of those modules, what nothing here uses unless Python prints a traceback (traceback
// imports it; its five theme dataclasses were a task of 0.8 s at 4x CPU): made lazy
// (importlib.util.LazyLoader), its code runs when first used.
const IMPORT_ONE = `
LAZY = ("_colorize",)

def _tm_import(name, waiting={}):
    import importlib, importlib.util, sys
    if not name:  # (the end: a package still waiting runs now)
        for package, (module, spec) in list(waiting.items()):
            del waiting[package]
            spec.loader.exec_module(module)
        return
    if name in waiting:
        module, spec = waiting.pop(name)
        spec.loader.exec_module(module)
        return
    if name in sys.modules:
        return
    if name in LAZY:  # (its code runs when first used: a traceback's colours)
        spec = importlib.util.find_spec(name)
        spec.loader = importlib.util.LazyLoader(spec.loader)
        sys.modules[name] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return
    if name.startswith("asyncio.") and "asyncio" not in sys.modules:
        spec = importlib.util.find_spec("asyncio")
        sys.modules["asyncio"] = module = importlib.util.module_from_spec(spec)
        waiting["asyncio"] = (module, spec)
    importlib.import_module(name)
`;

const SLICE_MS = 40; // a task of imports ends once it took this long (a long task is 50 ms)

function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// A step that alone took longer than a slice is named on the page's timeline (a
// performance measure, "tm:<what>"): scripts/bench_boot.py names the long tasks by them.
function measureSlow(name, start) {
  const end = performance.now();
  if (end - start >= SLICE_MS) performance.measure(name, { start, end });
}
globalThis.tmMeasureSlow = measureSlow; // (main.py's sliced import of the engine)

async function importInSlices(made) {
  const run = made && made.API && made.API.rawRun;
  if (typeof run !== "function" || run(IMPORT_ONE)[0]) return;
  try {
    await nextTask();
    let began = performance.now();
    for (const name of RUNTIME_IMPORTS) {
      const start = performance.now();
      run(`_tm_import(${JSON.stringify(name)})`); // (a failure: the bootstrap imports it)
      measureSlow(`tm:import ${name}`, start);
      if (performance.now() - began >= SLICE_MS) {
        await nextTask();
        began = performance.now();
      }
    }
    await nextTask();
  } finally {
    if (run("_tm_import('')")[0]) {
      run("import sys; sys.modules.pop('asyncio', None)"); // (imported anew by the bootstrap)
    }
    run("del _tm_import, LAZY");
  }
}

// The runtime's start after its WebAssembly is instantiated was one task: Emscripten's
// preRun (the file system, the standard library written into it), its constructors and
// Python's initialisation (main). A run dependency held for one task splits the first from
// the rest, and marks name the parts (scripts/bench_boot.py --tasks lists them); Python's
// initialisation itself is one call into WebAssembly that cannot yield.
function yieldingSettings(settings) {
  const preRun = [settings.preRun ?? []].flat();
  preRun.unshift(() => performance.mark("tm:runtime-taken")); // (the instance's exports wrapped)
  preRun.push((module) => {
    performance.mark("tm:runtime-prerun");
    module.addRunDependency("tm-yield");
    nextTask().then(() => module.removeRunDependency("tm-yield"));
  });
  const initialized = settings.onRuntimeInitialized;
  return Object.assign(settings, { preRun, onRuntimeInitialized() {
    performance.mark("tm:runtime-initialized"); // (Python's own initialisation comes next)
    if (initialized) initialized.call(this);
  } });
}

async function createSlicedModule(settings) {
  const runtimeModule = await import(`${INDEX_URL}pyodide.asm.mjs`);
  performance.mark("tm:runtime-script");
  const made = await runtimeModule.default(yieldingSettings(settings));
  performance.mark("tm:runtime-made");
  await importInSlices(made);
  performance.mark("tm:runtime-imported");
  return made;
}

function normalBoot() {
  return runtime.loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL,
    createPyodideModule: createSlicedModule });
}

async function startPython() {
  const data = await found;
  if (!data) return { pyodide: await normalBoot(), path: "none" };
  try {
    return { pyodide: await restore(data), path: "restored" };
  } catch (error) {
    console.warn("snapshot not used:", error && error.message ? error.message : error);
    return { pyodide: await normalBoot(), path: "fallback" };
  }
}

// When Python cannot start (the runtime or the engine did not load) or stops for good (a
// fatal error of the runtime), #app shows a plain notice instead of "Loading…" forever, with
// a reload button and the details to copy. Built with textContent: nothing is parsed as HTML.
// main.py calls it too (window.tmBootFailed) when the engine cannot be imported.
function showFailure(lead, details) {
  document.documentElement.dataset.failed = "1";
  takeOver();
  const app = document.getElementById("app");
  if (!app) return;
  const element = (tag, text, className) => {
    const made = document.createElement(tag);
    if (text) made.textContent = text;
    if (className) made.className = className;
    return made;
  };
  const main = element("main", "", "boot-failed");
  main.setAttribute("role", "alert");
  main.append(element("h1", "Terraforming Mars"), element("p", lead),
    element("p", "Reload the page to try again: your saved games stay in this browser. If it "
      + "keeps happening, copy the details and send them with a description of what you did."));
  const actions = element("p", "", "notice-actions");
  const reload = element("button", "Reload the page", "primary");
  reload.type = "button";
  reload.addEventListener("click", () => location.reload());
  const copy = element("button", "Copy details");
  copy.type = "button";
  const more = element("details");
  const text = element("pre", details || lead, "fault-details");
  more.append(element("summary", "Details"), text);
  copy.addEventListener("click", () => {
    const select = () => {
      more.open = true;
      const range = document.createRange();
      range.selectNodeContents(text);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    };
    if (!navigator.clipboard) return select();
    navigator.clipboard.writeText(text.textContent)
      .then(() => { copy.textContent = "Details copied"; }, select);
  });
  actions.append(reload, copy);
  main.append(actions, more);
  app.replaceChildren(main);
}

function describe(error) {
  if (error && error.stack) return String(error.stack);
  return String(error && error.message ? error.message : error);
}

function details(error) {
  return [describe(error), ...blocked].join("\n");
}

const LOAD_FAILED = "The game could not start: its Python runtime did not load (the connection "
  + "may have dropped, or this browser may lack WebAssembly).";

// A Content-Security-Policy that refuses what Python's start needs (a host serving the page
// without netlify.toml's headers, or with stricter ones) is named as the cause: the
// connection and WebAssembly are fine then. The refusals seen before the page is ready.
const CSP_FAILED = "The game could not start: this site's Content-Security-Policy refused "
  + "code its Python runtime needs (the site's headers are misconfigured; see netlify.toml).";
const blocked = [];
addEventListener("securitypolicyviolation", (event) => {
  if (event.effectiveDirective.startsWith("script-src") || event.effectiveDirective === "worker-src") {
    blocked.push(`${event.effectiveDirective} refused ${event.blockedURI || "inline code"}`
      + ` (${event.sourceFile || "page"}:${event.lineNumber})`);
  }
});

// Some failures of the runtime's download never settle loadPyodide(): they surface only as
// an uncaught error. Until the page is ready, any such error means it will not be.
function failedWhileBooting(event) {
  const root = document.documentElement.dataset;
  if (root.failed === "1" || (document.body && document.body.dataset.ready === "1")) return;
  showFailure(blocked.length ? CSP_FAILED : LOAD_FAILED,
    details(event.reason ?? event.error ?? event.message));
}
addEventListener("unhandledrejection", failedWhileBooting);
addEventListener("error", failedWhileBooting);

// Pyodide swallows a failed download or compilation of its WebAssembly (a console warning,
// and loadPyodide() never settles): until Python is up, a rejected instantiation is a failure.
// Its success is when the engine archive is asked for (below): the runtime has arrived and
// Python's start, which keeps the page busy, has not begun (this callback runs before
// Pyodide's own, chained after it).
let arrived;
const RUNTIME_EXPORTS = 100;
const runtimeArrived = new Promise((resolve) => { arrived = resolve; });
const instantiate = { instantiate: WebAssembly.instantiate,
  instantiateStreaming: WebAssembly.instantiateStreaming };
for (const [name, original] of Object.entries(instantiate)) {
  if (typeof original !== "function") continue;
  WebAssembly[name] = function watched(...args) {
    const result = original.apply(this, args);
    // (Pyodide first tries tiny modules, to learn what the browser supports: the runtime is
    // the module with its thousands of exports.)
    const isRuntime = (made) => Object.keys((made.instance ?? made).exports).length
      >= RUNTIME_EXPORTS;
    result.then((made) => {
      if (!isRuntime(made)) return;
      performance.mark("tm:wasm-ready");
      arrived();
    }, (error) => failedWhileBooting({ reason: error }));
    // The runtime handed over a task later: the browser's instantiation and Emscripten's
    // taking of the instance (its exports wrapped, the file system, the standard library
    // written) were one task, now two.
    return result.then((made) => (isRuntime(made) ? nextTask().then(() => made) : made));
  };
}
function unwatchWasm() {
  Object.assign(WebAssembly, instantiate);
}

// A download that stalls fails nowhere: after a while the loading screen says so, and offers
// to reload (it stays: Python may still come up, and then draws the page over it).
setTimeout(() => {
  const loading = document.querySelector("#app main.loading, #boot-status");
  if (!loading || document.documentElement.dataset.failed === "1") return;
  const hint = document.createElement("p");
  hint.className = "boot-slow";
  hint.textContent = "This is taking longer than usual. If nothing changes, reload the page.";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = "Reload the page";
  reload.addEventListener("click", () => location.reload());
  loading.append(hint, reload);
}, 30_000);

// The page as built (scripts/build_site.py) shows the start screen at once, prerendered, with
// a line saying the game is starting: its new-game form usable (static/kept.js: a Start
// pressed now starts the game once Python is up, tm/web/page_boot.py), the rest inert. A return visit shows instead the screen
// last drawn (static/kept.js, inline in the page, draws it as the page is parsed): the
// start screen (its saved games listed), or, in the tab that showed it, the saved game
// being played, which Python then reopens. Python draws over it; at the ready marker (or a
// failure) the screen becomes live and the line goes. The copies are kept here, in
// localStorage, as Python says on body[data-keep] what may be kept of the screen it drew
// ("start", "game", "handoff" or "": never another player's hand, never a replay).
// A copy is kept as data, not HTML (static/kept.js draws it with textContent, tags and
// attributes it knows): a tree of [tag, {attribute: value}, ...children] and strings (text).
const SCREEN_KEY = "tm:last-screen"; // the start screen's tree (not a save: tm:save:)
const GAME_KEY = "tm:last-game"; // {save, screen, tree} of the saved game last shown
const OPEN_KEY = "tm:open"; // sessionStorage: the saved game this tab shows (browser.py)
const KEEP_AT_MOST = 1_000_000; // characters: a larger screen is not kept (saves come first)

// The tree of ``element``'s children (comments and the inline <style> of a hint left out).
function screenTree(element) {
  const tree = [];
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) tree.push(node.data);
    else if (node.nodeType === Node.ELEMENT_NODE && node.localName !== "style") {
      const attributes = {};
      for (const attribute of node.attributes) attributes[attribute.name] = attribute.value;
      tree.push([node.localName, attributes, ...screenTree(node)]);
    }
  }
  return tree;
}

function takeOver() {
  const app = document.getElementById("app");
  if (app && app.classList.contains("prerendered")) {
    app.classList.remove("prerendered");
    app.removeAttribute("inert");
    app.removeAttribute("aria-busy");
  }
  const status = document.getElementById("boot-status");
  if (status) status.remove();
}

// Keeps the screen as last drawn for the next visit, when the page is hidden or left (the
// last moments a page can count on): never while it is played, where serialising a large
// screen and writing it to storage (tens of milliseconds on a phone) would hold up a click.
function keepScreens() {
  const app = document.getElementById("app");
  if (!app) return;
  const keep = () => {
    const body = document.body.dataset;
    if (body.busy !== undefined || body.fault !== undefined || body.keep === undefined) return;
    try {
      if (body.keep === "start") {
        const tree = JSON.stringify(screenTree(app));
        if (localStorage.getItem(SCREEN_KEY) !== tree) localStorage.setItem(SCREEN_KEY, tree);
        return;
      }
      // (static/kept.js shows a game's copy only to the tab that showed that game)
      const save = sessionStorage.getItem(OPEN_KEY);
      if (!body.keep || save === null) return;
      const kept = JSON.stringify({ save, screen: body.keep, tree: screenTree(app) });
      if (kept.length > KEEP_AT_MOST) return;
      if (localStorage.getItem(GAME_KEY) !== kept) localStorage.setItem(GAME_KEY, kept);
    } catch {
      // storage full or refused: the next visit shows the prerendered screen
      try { localStorage.removeItem(GAME_KEY); } catch { /* no storage at all */ }
    }
  };
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });
  addEventListener("pagehide", keep);
}

if (document.body) {
  new MutationObserver((_changes, observer) => {
    if (document.body.dataset.ready !== "1") return;
    observer.disconnect();
    takeOver();
    keepScreens();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

globalThis.tmBootFailed = (reason, details) => showFailure(
  `The game could not start: ${reason}.`, String(details || reason));

const found = manifest();
const python = startPython();
python.then(() => performance.mark("tm:python-started"), () => null);
// The engine archive is asked for once the runtime's WebAssembly has arrived (or Python is
// up, whichever comes first; from a cache, at once): Python's start needs the runtime and
// the standard library, the engine only after it. Asked for with them, it took its share of
// the bandwidth and the WebAssembly arrived later (at 20 Mbit/s, 0.3 s); it now downloads
// while Python starts.
const engine = Promise.race([runtimeArrived, python.then(() => null, () => null)])
  .then(engineArchive);
engine.catch(() => null); // handled where it is awaited

// The engine archive's SHA-256, for main.py to tell whether a restored snapshot holds this
// very engine: hashed by WebCrypto, off the page's thread (hashed in Python, it was a task of
// some 0.3 s at 4x CPU). Left unset where WebCrypto is missing (main.py hashes then).
async function digestOf(bytes) {
  try {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    globalThis.tmEngineDigest = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  } catch {
    // no WebCrypto (an insecure origin): main.py hashes the archive itself
  }
}

// PyScript's call (pyscript.toml names this module as its interpreter). Of its options only
// the output handlers matter here (it asks for no packages), and they are set on the
// running interpreter. If Python cannot start, the page says so (showFailure), naming the
// Content-Security-Policy when the browser refused code for it (a misconfigured host), and
// PyScript is left waiting: its own error box would only repeat the notice in a developer's
// words.
export async function loadPyodide(given = {}) {
  performance.mark("tm:pyscript-asks");
  let pyodide;
  try {
    const started = await python;
    pyodide = started.pyodide;
    document.documentElement.dataset.snapshot = started.path;
    const archive = await engine;
    if (started.path === "restored") await digestOf(archive);
    pyodide.FS.writeFile(`${pyodide.FS.cwd()}/engine.zip`, archive);
  } catch (error) {
    console.warn("Python did not start:", error);
    showFailure(blocked.length ? CSP_FAILED : LOAD_FAILED, details(error));
    return new Promise(() => {});
  }
  if (given.stdout) pyodide.setStdout({ batched: given.stdout });
  if (given.stderr) pyodide.setStderr({ batched: given.stderr });
  try { // Pyodide's hook for a fatal error (a private API: without it, the notice is missed)
    pyodide._api.on_fatal = (error) => showFailure("The game stopped: its Python runtime failed "
      + "and cannot go on.", describe(error));
  } catch {
    // an older or newer runtime without the hook
  }
  withPyScriptsPackageCompiled(pyodide);
  withoutWorkerHooks();
  withScriptFailuresShown();
  unwatchWasm();
  performance.mark("tm:python-ready");
  return pyodide;
}

// PyScript's Python package (``pyscript``) comes as text inside its core: before the page's
// script, at every start, PyScript runs Python that writes each of its files into the working
// directory, then imports the package from there, compiling it. The same files, compiled,
// are in our standard library archive (scripts/trim_stdlib.py, scripts/compile_pyc.mjs:
// tests/engine/test_site.py checks they are PyScript's very text), which from now on comes
// before the working directory on sys.path, so the import reads bytecode; and the lines that
// only write the files are left out of that code (PyScript hands it to this interpreter's
// runPython), so nothing is written. The rest of it — the import itself, PyScript's own
// hooks — runs as given; code of any other shape runs untouched.
const PYSCRIPT_WRITES = /^(?:import os as _os|from pathlib import Path as _Path|_path = None|_path = _Path\(.*\)|_path\.write_text\(.*\)|if not _os\.path\.exists\(.*\):|    _path\.mkdir\(.*\)|del _(?:Path|path|os))$/;
const PYSCRIPT_PREAMBLE = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";

function withoutPackageWrites(code) {
  if (typeof code !== "string" || !code.startsWith(PYSCRIPT_PREAMBLE)) return code;
  return code.split("\n").filter((line) => !PYSCRIPT_WRITES.test(line)).join("\n");
}

function withPyScriptsPackageCompiled(pyodide) {
  pyodide.runPython("import sys\nsys.path[:] = [path for path in sys.path if path] + ['']");
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name].bind(pyodide);
    pyodide[name] = (code, ...rest) => {
      const start = performance.now();
      const result = run(withoutPackageWrites(code), ...rest);
      measureSlow(`tm:${name} ${String(code).slice(0, 40)}`, start); // (PyScript's code)
      return result;
    };
  }
}

// PyScript's one default *worker* hook (hooks.worker.onBeforeRunAsync: it registers the
// `_pyscript` module inside a worker) is turned into text for a worker, and on the way
// PyScript builds a function from a string (Function(...), src/hooks.js createFunction) —
// even on a page, like ours, that starts no worker. The Content-Security-Policy has no
// 'unsafe-eval' and refuses it. Emptied here, before PyScript reads the worker hooks (once
// the interpreter is returned), it is never built: PyScript starts with no violation.
// (PyScript's sticky module record holds the hooks it reads.)
function pyScriptHooks() {
  const pyscript = globalThis[Symbol.for("@pyscript/core")];
  if (!pyscript || !pyscript.hooks) throw new Error("PyScript's hooks are not where they were");
  return pyscript.hooks;
}

function withoutWorkerHooks() {
  for (const hooks of Object.values(pyScriptHooks().worker)) hooks.clear();
}

// PyScript reports an error of the page's own script (main.py: an exception, a syntax
// error) only through the interpreter's stderr, which its error plugin (off: pyscript.toml)
// would draw as a developer's box; otherwise it reaches only the console, and the page
// would say "starting" until the slow-start hint. Until the page is ready, such an error is
// the page's failure notice, with its details.
const SCRIPT_FAILED = "The game could not start: its Python code stopped with an error "
  + "(reloading may help; if not, this version of the site is broken).";

function withScriptFailuresShown() {
  const ready = pyScriptHooks().main.onReady;
  ready.add(function watchStderr(wrap) {
    ready.delete(watchStderr);
    const { stderr } = wrap.io;
    wrap.io.stderr = (error, ...rest) => {
      const root = document.documentElement.dataset;
      if (root.failed !== "1" && !(document.body && document.body.dataset.ready === "1")) {
        showFailure(SCRIPT_FAILED, describe(error));
      }
      return stderr(error, ...rest);
    };
  });
}
