"""The page's memory beside bare Pyodide's, printed (nothing is asserted).

    .venv/bin/python scripts/bench_memory.py [--runs 3] [--clicks 200] [--links 20]
        [--undos 50] [--every 50] [--root dist] [--python]

One server (scripts/bench_browser.py's: the site as a static host serves it, plus its bare
Pyodide page) and headless Chromium (the same launch). Each run, in fresh contexts (one
page at a time, so its renderer is the only big one):

(a) bare Pyodide: the page that only loads the same runtime and runs ``1+1``;
(b) our page at the start screen, then the 5-player game of tests/kits/games.py in the action
    phase of generation 8 (as scripts/bench_page.py opens it), then after ``--clicks``
    clicks a player would make (scripts/bench_page.py's: sorting the hand, a card's text
    opened and closed, moves, the hand-offs), then after opening ``--links`` play links
    (``#g=`` in the address bar of the same tab, each continued as a copy) and undoing
    ``--undos`` moves in the last.

At each point, after the JavaScript heap is collected (and Python's, through the page's
test hook): the renderer process's resident memory (VmRSS, and PSS, of the biggest renderer
from SystemInfo.getProcessInfo, read in /proc), its WebAssembly memory (every
WebAssembly.Memory found by Runtime.queryObjects: Pyodide's heap, which never shrinks), the
JS heap in use (Performance.getMetrics) and the DOM's nodes and listeners
(Memory.getDOMCounters). A table of medians over ``--runs`` runs with the ratio to bare
Pyodide's resident memory (goal: <= 1.2x; no growth over the clicks).

``--python`` also prints what Python holds at each point (objects by type, the growth
between points, the page's kept proxies), reached from the page's test hook
``window.tmAnswerFirst`` (a Python function: its module's globals, then Python's own eval;
a DevTools call, which the page's CSP does not govern; Pyodide has no tracemalloc).

Measured: the renderer's growth over the clicks comes in
the first 50 and stops (Python's heap, which never shrinks, reaching its high-water mark;
the raster tiles of a taller screen); Python's objects, the kept proxies, the DOM's
listeners and the JS heap do not grow.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.bench_browser import launch_browser, start_server  # noqa: E402
from scripts.bench_page import READY, SETTLED, next_click, open_late_game  # noqa: E402
from tests.kits.games import NAMES, random_game  # noqa: E402
from tm.linkplay import links  # noqa: E402

GOAL = 1.2  # resident memory, our page / bare Pyodide's
POINTS = ("bare Pyodide", "start screen", "5 players, generation 8", "after the clicks",
          "after the links and undos")

# Python run in the page (see the docstring): a probe kept in sys, made once.
PROBE_SOURCE = r'''
def _tm_probe():
    import gc, sys, json, collections
    gc.collect()
    counts = collections.Counter(type(o).__name__ for o in gc.get_objects())
    found = {"objects": sum(counts.values()), "types": dict(counts.most_common(400))}
    browser = sys.modules.get("tm.web.browser")
    if browser is not None:
        found["keep"] = len(browser.KEEP)
    return json.dumps(found)
sys._tm_probe = _tm_probe
'''

PYTHON = """(source) => {
    const hook = window.tmAnswerFirst;
    if (!hook) return null;
    const globals = hook.__globals__;
    const builtins = globals.get('__builtins__');
    const run = builtins.get('exec'), value = builtins.get('eval');
    try {
        if (!value('hasattr(__import__("sys"), "_tm_probe")', globals)) {
            run('import sys\\n' + source, globals);
        }
        return value('__import__("sys")._tm_probe()', globals);
    } finally {
        for (const p of [run, value, builtins, globals]) p.destroy();
    }
}"""


# ------------------------------------------------------------------ measuring
def renderers(browser_cdp: Any) -> list[int]:
    """The pids of the browser's renderer processes for web pages (not its own UI's)."""
    info = browser_cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    return [int(p["id"]) for p in info if p.get("type") == "renderer"
            and b"--top-chrome-webui" not in _cmdline(int(p["id"]))]


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _proc_kb(pid: int, name: str, field: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def resident(browser_cdp: Any) -> tuple[int, int, int]:
    """(VmRSS, PSS, pid) in bytes of the biggest renderer: the page's (one page is open at
    a time; a spare renderer is small)."""
    sizes = [(_proc_kb(pid, "status", "VmRSS"), _proc_kb(pid, "smaps_rollup", "Pss"), pid)
             for pid in renderers(browser_cdp)]
    rss, pss, pid = max(sizes, default=(0, 0, 0))
    return 1024 * rss, 1024 * pss, pid


# Chromium's own accounts of a renderer's memory (its memory-infra dump): who holds it.
ALLOCATORS = ("malloc", "partition_alloc", "blink_gc", "blink_objects", "v8", "cc",
              "shared_memory", "web_cache", "discardable")


def allocators(browser_cdp: Any, page: Any, pid: int) -> dict[str, int]:
    """The renderer ``pid``'s memory by allocator (bytes), from a memory-infra dump: the
    compositor's tiles (cc, shared_memory), Blink's DOM, style and layout (blink_gc,
    partition_alloc, blink_objects), V8's heaps (v8: JavaScript, not the WebAssembly
    memory), malloc (Pyodide's compiled code, fonts, the rest)."""
    events: list[dict[str, Any]] = []
    complete: list[bool] = []
    def collect(found: dict[str, Any]) -> None:
        events.extend(found["value"])

    def finish(_found: dict[str, Any]) -> None:
        complete.append(True)

    browser_cdp.on("Tracing.dataCollected", collect)
    browser_cdp.on("Tracing.tracingComplete", finish)
    browser_cdp.send("Tracing.start", {
        "traceConfig": {"includedCategories": ["disabled-by-default-memory-infra"],
                        "memoryDumpConfig": {"triggers": []}},
        "transferMode": "ReportEvents"})
    browser_cdp.send("Tracing.requestMemoryDump", {"deterministic": True,
                                                   "levelOfDetail": "detailed"})
    browser_cdp.send("Tracing.end")
    while not complete:
        page.wait_for_timeout(50)
    browser_cdp.remove_listener("Tracing.dataCollected", collect)
    browser_cdp.remove_listener("Tracing.tracingComplete", finish)
    found: dict[str, int] = {}
    for event in events:
        if event.get("ph") != "v" or event.get("pid") != pid:
            continue
        for name, dump in event["args"]["dumps"].get("allocators", {}).items():
            if "/" not in name:
                size = dump.get("attrs", {}).get("size", {}).get("value", "0")
                found[name] = max(found.get(name, 0), int(size, 16))
    return found


# Runs before any page script (bare Pyodide's too): every WebAssembly memory made or exported,
# kept in window.__tmWasm (DevTools' Runtime.queryObjects would find them, but never answers
# on a page this size).
WASM_PROBE = """
(() => {
  const found = new Set();
  Object.defineProperty(window, '__tmWasm', {value: found});
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Memory, {construct(target, args, newTarget) {
    const made = Reflect.construct(target, args, newTarget);
    found.add(made);
    return made;
  }});
  const exported = (instance) => {
    for (const value of Object.values((instance && instance.exports) || {}))
      if (value instanceof Memory) found.add(value);
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      return original.apply(this, args).then((result) => {
        exported(result.instance || result);
        return result;
      });
    };
  }
})();
"""
WASM = "[...window.__tmWasm].reduce((sum, m) => sum + m.buffer.byteLength, 0)"


def sample(page: Any, cdp: Any, browser_cdp: Any, python: bool = False) -> dict[str, Any]:
    """Every figure at this point, after the garbage is collected."""
    found: dict[str, Any] = {}
    if python:
        text = page.evaluate(PYTHON, PROBE_SOURCE)
        if text:
            found["python"] = json.loads(str(text))
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
    time.sleep(0.5)  # (the collector's freeing reaches the process's pages)
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    dom = cdp.send("Memory.getDOMCounters")
    rss, pss, pid = resident(browser_cdp)
    found.update(rss=rss, pss=pss, wasm=int(page.evaluate(WASM)),
                 allocators=allocators(browser_cdp, page, pid),
                 js=int(metrics.get("JSHeapUsedSize", 0)), nodes=int(dom["nodes"]),
                 listeners=int(dom["jsEventListeners"]))
    return found


def _context(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(WASM_PROBE)
    return context


def _session(context: Any, page: Any) -> Any:
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    return cdp


def bare(browser: Any, browser_cdp: Any, url: str) -> dict[str, Any]:
    context = _context(browser)
    page = context.new_page()
    page.goto(url + "bench-bare.html")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    found = sample(page, _session(context, page), browser_cdp)
    context.close()
    return found


def link_games(count: int, undos: int) -> list[str]:
    """``count`` link fragments: games of 1-5 players of different lengths; the last a solo
    game long enough to undo ``undos`` moves (one player: undo crosses every reveal)."""
    found = []
    for i in range(count - 1):
        players = 1 + i % 5
        game = random_game(players, 100 + i, NAMES[:players], max_moves=40 + 30 * (i % 4))
        found.append(links.encode(game))
    found.append(links.encode(random_game(1, 99, NAMES[:1], max_moves=undos + 40)))
    return found


def click(page: Any, count: int, before: int = 0) -> int:
    """``count`` clicks a player would make (scripts/bench_page.py's, ``before`` made
    already); how many were made."""
    made = 0
    for step in range(before + 1, before + count + 1):
        page.wait_for_function(SETTLED, timeout=20_000)
        if next_click(page, step, press_ms=0) is None:
            break
        made += 1
        page.wait_for_function(READY, timeout=20_000)
    page.wait_for_function(SETTLED, timeout=20_000)
    return made


def open_links(page: Any, url: str, fragments: list[str], undos: int) -> int:
    """Open each link in this tab's address bar and continue it as a copy; then undo
    ``undos`` moves of the last (confirming where the page asks); how many were undone."""
    for fragment in fragments:
        before = page.evaluate("document.body.dataset.took || ''")
        page.evaluate("(hash) => { location.hash = hash; }", fragment)
        page.wait_for_function(f"(document.body.dataset.took || '') !== {json.dumps(before)} "
                               f"&& {READY}", timeout=120_000)
        for action in ("reveal", "continue_link", "reveal"):  # (the hand-off covers the banner)
            found = page.locator(f"#app [data-action={action}]")
            if found.count():
                found.first.click()
                page.wait_for_function(READY, timeout=60_000)
        page.wait_for_function(SETTLED, timeout=20_000)
    undone = 0
    for _ in range(undos):
        tool = page.locator(".topbar [data-action=undo], [data-action=undo_confirm]")
        if not tool.count():
            break
        moves = page.evaluate("document.body.dataset.moves")
        tool.last.click()
        page.wait_for_function(READY, timeout=20_000)
        page.wait_for_function(SETTLED, timeout=20_000)
        undone += page.evaluate("document.body.dataset.moves") != moves
    return undone


def ours(browser: Any, browser_cdp: Any, url: str, args: argparse.Namespace,
         fragments: list[str]) -> list[dict[str, Any]]:
    """The four points of our page (see the docstring), each a sample()."""
    context = _context(browser)
    page = context.new_page()
    cdp = _session(context, page)
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    found = [sample(page, cdp, browser_cdp, args.python)]
    open_late_game(page, url)
    cdp = _session(context, page)  # (a reload: the metrics again)
    found.append(sample(page, cdp, browser_cdp, args.python))
    made, curve = 0, []  # (resident memory every --every clicks: the growth's shape)
    while made < args.clicks:
        step = click(page, min(args.every, args.clicks - made), made)
        made += step
        if made < args.clicks and step:
            curve.append(sample(page, cdp, browser_cdp)["rss"])
        if not step:
            break
    found.append(sample(page, cdp, browser_cdp, args.python))
    found[-1].update(made=made, curve=curve)
    undone = open_links(page, url, fragments, args.undos)
    found.append(sample(page, cdp, browser_cdp, args.python))
    found[-1]["made"] = undone
    context.close()
    return found


# ------------------------------------------------------------------ reporting
def _mb(value: float) -> str:
    return f"{value / 2**20:7.1f}"


def report(runs: list[list[dict[str, Any]]], args: argparse.Namespace) -> None:
    med = statistics.median
    load = Path("/proc/loadavg").read_text().split()[:3]
    print(f"memory, median of {len(runs)} runs (MB = 2^20 bytes); load average "
          f"{' '.join(load)} on {os.cpu_count()} CPUs")
    print(f"  {'':<28} {'resident':>8} {'x bare':>7} {'PSS':>7} {'wasm':>7} {'JS heap':>7}"
          f" {'nodes':>6} {'listeners':>9}")
    bare_rss = med([run[0]["rss"] for run in runs])
    for index, name in enumerate(POINTS):
        points = [run[index] for run in runs]
        rss, pss, wasm, js, nodes, listeners = (
            med([p[key] for p in points])
            for key in ("rss", "pss", "wasm", "js", "nodes", "listeners"))
        print(f"  {name:<28} {_mb(rss)}  {rss / bare_rss:6.2f} {_mb(pss)} {_mb(wasm)} {_mb(js)}"
              f" {nodes:6.0f} {listeners:9.0f}")
    print("  by Chromium's allocators (MB, its memory-infra dump of the renderer):")
    print(f"  {'':<28} " + " ".join(f"{name[:9]:>9}" for name in ALLOCATORS))
    for index, name in enumerate(POINTS):
        held = [run[index].get("allocators", {}) for run in runs]
        print(f"  {name:<28} " + " ".join(
            f"{med([h.get(kind, 0) for h in held]) / 2**20:9.1f}" for kind in ALLOCATORS))
    late, clicked, linked = (med([run[i]["rss"] for run in runs]) for i in (2, 3, 4))
    print("  runs' resident MB: " + "; ".join(
        " ".join(f"{p['rss'] / 2**20:.0f}" for p in run) for run in runs))
    for run in runs:
        curve = [run[2]["rss"], *run[3].get("curve", []), run[3]["rss"]]
        print(f"  resident MB every {args.every} clicks: "
              + " ".join(f"{rss / 2**20:.0f}" for rss in curve))
    made = med([run[3].get("made", 0) for run in runs])
    undone = med([run[4].get("made", 0) for run in runs])
    print(f"  growth over {made:.0f} clicks {(clicked - late) / 2**20:+.1f} MB; over "
          f"{args.links} links and {undone:.0f} undos {(linked - clicked) / 2**20:+.1f} MB")
    warm = [run[3]["curve"][0] for run in runs if run[3].get("curve")]
    if warm:  # (the first clicks raise the high-water marks: Python's heap, the tiles)
        print(f"  growth from the first {args.every} clicks to the last "
              f"{(clicked - med(warm)) / 2**20:+.1f} MB")
    verdict = "meets" if late / bare_rss <= GOAL else "misses"
    print(f"  5-player late game / bare Pyodide {late / bare_rss:.2f}: {verdict} the goal "
          f"<= {GOAL}; after the clicks {clicked / bare_rss:.2f}")


def report_python(runs: list[list[dict[str, Any]]]) -> None:
    """What Python holds at each point of the last run, and which types grew."""
    run = runs[-1]
    print("Python in the page (last run): objects, kept proxies (tm.web.browser.KEEP)")
    for name, point in zip(POINTS[1:], run[1:], strict=True):
        python = point.get("python") or {}
        print(f"  {name:<28} {python.get('objects', 0):8d} {python.get('keep', 0):5d}")
    for (name, one), (then, two) in zip(zip(POINTS[2:], run[2:], strict=True),
                                        zip(POINTS[3:], run[3:], strict=True), strict=False):
        a, b = one.get("python", {}).get("types", {}), two.get("python", {}).get("types", {})
        grown = sorted(((b.get(k, 0) - a.get(k, 0), k) for k in set(a) | set(b)),
                       reverse=True)[:10]
        print(f"  grown from '{name}' to '{then}': "
              + ", ".join(f"{k} {d:+d}" for d, k in grown if d))


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--every", type=int, default=50,
                        help="resident memory sampled every so many clicks")
    parser.add_argument("--links", type=int, default=20)
    parser.add_argument("--undos", type=int, default=50)
    parser.add_argument("--root", type=Path,
                        default=Path(os.environ.get("TM_E2E_ROOT") or ROOT / "dist"))
    parser.add_argument("--python", action="store_true", help="what Python holds")
    args = parser.parse_args(argv)
    fragments = link_games(args.links, args.undos)
    process, url = start_server(args.root.resolve())
    runs: list[list[dict[str, Any]]] = []
    try:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            browser_cdp = browser.new_browser_cdp_session()
            for index in range(args.runs):
                run = [bare(browser, browser_cdp, url)]
                run += ours(browser, browser_cdp, url, args, fragments)
                runs.append(run)
                print(f"run {index + 1}: resident MB " + " ".join(
                    f"{p['rss'] / 2**20:.0f}" for p in run) + f", load {os.getloadavg()[0]:.1f}",
                    file=sys.stderr, flush=True)
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    report(runs, args)
    if args.python:
        report_python(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
