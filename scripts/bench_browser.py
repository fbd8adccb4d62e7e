"""Browser timings of the served site (dist/), printed (nothing is asserted).

    .venv/bin/python scripts/bench_browser.py [--runs 5] [--samples 60] [--root dist]
        [--profiles loopback,100mbit,20mbit,5mbit,cpu4x]

One server (scripts/serve.py's handler on a free localhost port, with netlify.toml's
headers and gzip on the wire for text and WebAssembly, as a static host sends them) and,
for each profile (Chromium's network emulation, Network.emulateNetworkConditions, and for
cpu4x Emulation.setCPUThrottlingRate 4 on a loopback network), in one run:

(a) bare Pyodide: a page that only imports the runtime's pyodide.mjs, awaits
    loadPyodide() (with Pyodide's whole python_stdlib.zip) and runs ``1+1``: ms from
    navigation start to ready, on a first visit (fresh context) and a second one (same
    context: the HTTP cache);
(b) the game page: ``/`` to body[data-ready='1'] on a first visit (no snapshot: static/boot.mjs
    boots the normal way) and on a return visit (the offline worker installed: the snapshot
    from its cache), and the same first visit made to boot from the snapshot
    (``?boot=snapshot``), for comparison; the ratios to bare Pyodide (targets: first visit
    <= 0.6 at 20 Mbit/s, <= 0.5 at 20 Mbit/s with the CPU 4x slower (profile 20mbit-cpu4x);
    return visit <= 0.4 of bare's second visit);
    first contentful paint and when the start form was first laid out (target <= 300 ms at
    20 Mbit/s), and on the return visit when the kept start screen was drawn; a return
    visit to a solo game left open: when its kept board was drawn (target <= 300 ms); the
    median timeline of each request of the first visits (ours and bare Pyodide's);
(c) the bytes of a first visit as transferred (gzip where the host compresses), file by
    file (target <= 5 MB), and the same with the snapshot; each also as it would be with
    brotli instead of gzip, on the fly (quality 5) and compressed ahead (quality 11);
(d) click-to-update latency on a loopback network: a solo game played with real clicks,
    from the click event to the mutation of #app (and to the next animation frame);
    median and p95 (target p95 <= 100 ms).

Every figure is a median of --runs rounds (after one discarded warm-up round); the pages
take turns within a round, so a busy machine slows them alike. The bare page is served
from memory by the bench's own server process, not through a Playwright route: routing
disables the HTTP cache, which would make the second visit meaningless.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from scripts.files import load_file  # noqa: E402
from tests.kits import wait_without_eval  # noqa: E402

# Playwright's own wait compiles its predicate with new Function, refused by the site's CSP.
wait_without_eval.install()
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

BARE_HTML = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="static/icon.svg" type="image/svg+xml">
<script type="module" src="./bench-bare.mjs"></script></head><body></body></html>
"""
BARE_MJS = b"""import { loadPyodide } from "./__RUNTIME__/pyodide.mjs";
const pyodide = await loadPyodide({ stdLibURL: "./bench-python_stdlib.zip",
  lockFileURL: "./bench-pyodide-lock.json" });
pyodide.runPython("1+1");
window.__pyodideVersion = pyodide.version;
window.__pythonVersion = pyodide.runPython("import sys; sys.version.split()[0]");
document.body.dataset.ready = "1";
"""
IN_MEMORY = {"/bench-bare.html": (BARE_HTML, "text/html; charset=utf-8"),
             "/bench-bare.mjs": (BARE_MJS, "text/javascript")}

# Runs before any page script on every navigation: note when body[data-ready] turns "1",
# and the first animation frame with the start form laid out.
READY_PROBE = """
(() => {
  const seen = () => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === '1')
      window.__readyAt = performance.now();
  };
  new MutationObserver(seen).observe(document,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready']});
  const form = () => {
    const found = document.querySelector('form.new-game');
    if (found && found.offsetHeight > 0) window.__formAt = performance.now();
    else requestAnimationFrame(form);
  };
  requestAnimationFrame(form);
})();
"""

# name: (latency ms, download Mbit/s, CPU slowdown); None: no network emulation.
PROFILES: dict[str, tuple[float, float, float] | None] = {
    "loopback": None, "100mbit": (20, 100, 1), "20mbit": (40, 20, 1), "5mbit": (100, 5, 1),
    "cpu4x": (0, 0, 4), "20mbit-cpu4x": (40, 20, 4)}
TARGETS = {"20mbit": 0.6, "20mbit-cpu4x": 0.5}  # first visit / bare Pyodide's (issue 30)
BYTES_TARGET = 5.0  # MB on the wire, a first visit
# Brotli qualities a host may use: on the fly (CDNs compress a response at 4-5) or ahead
# (a host that stores each file compressed at the highest quality).
BROTLI = {"brotli on the fly (quality 5)": 5, "brotli ahead (quality 11)": 11}
BROTLI_SIZES = """
const zlib = require("node:zlib"), fs = require("node:fs");
const [quality, ...files] = process.argv.slice(1);
const params = {[zlib.constants.BROTLI_PARAM_QUALITY]: Number(quality)};
console.log(JSON.stringify(files.map((f) => zlib.brotliCompressSync(fs.readFileSync(f),
  {params}).length)));
"""

# Click-to-update probe: the click's timestamp, the first #app mutation after it, the
# next animation frame after that.
LATENCY_PROBE = """
(() => {
  const w = window;
  w.__lat = {click: null, dom: null, frame: null};
  window.addEventListener('click', e => {
    w.__lat = {click: e.timeStamp, dom: null, frame: null};
  }, true);
  new MutationObserver(() => {
    const lat = w.__lat;
    if (lat.click === null || lat.dom !== null) return;
    lat.dom = performance.now();
    requestAnimationFrame(() => { lat.frame = performance.now(); });
  }).observe(document.getElementById('app'), {subtree: true, childList: true,
                                                attributes: true, characterData: true});
})();
"""


# A real click (Playwright's mouse): from the event's time stamp (when the browser took the
# input, so waiting behind a bot's slice counts) to the next frame after it was handled;
# window.tmClicks collects them (scripts/bench_page.py --bot-clicks, tests/e2e/test_bots.py).
CLICK_TO_FRAME = """() => {
    window.tmClicks = [];
    document.addEventListener('click', (event) => {
        const at = event.timeStamp;
        requestAnimationFrame(() => window.tmClicks.push(performance.now() - at));
    }, true);
}"""

# The person's decisions answered by the page's test hook until a bot decides at the
# action menu (the bot thinking, its turn in the status strip).
# A bot of the page deciding at its action menu (its turn shown in the status strip).
BOT_AT_ACTIONS = ("document.querySelector('.status-strip .sbot') !== null "
                  "&& document.querySelector('.bot-thinking') !== null "
                  "&& document.body.dataset.screen === 'game' "
                  "&& /turn/.test(document.querySelector('.sturn')?.textContent || '')")
# (A benchmark's set-up, not a test: the person's decisions by the page's test hook.)
TO_A_BOT_ACTION_TURN = f"""async () => {{
    const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
    for (let i = 0; i < 400; i++) {{
        if ({BOT_AT_ACTIONS}) return;
        if (document.querySelector('#app .prompt')) window.tmAnswerFirst();
        await sleep(20);
    }}
}}"""


SNAPSHOT = "?boot=snapshot"


# ------------------------------------------------------------------ server
def _script(name: str) -> Any:
    return load_file(ROOT / "scripts" / f"{name}.py", f"tm_{name}")


def run_server(port: int, root: Path) -> None:
    """scripts/serve.py's handler (same headers), plus the bare page from memory."""
    serve = _script("serve")
    runtime = _script("gen_sw").vendor_folders(root)[0].encode()
    pages = {path: (body.replace(b"__RUNTIME__", runtime), kind)
             for path, (body, kind) in IN_MEMORY.items()}
    # Bare Pyodide loads its whole standard library (dist/ holds only the trimmed one).
    pages["/bench-python_stdlib.zip"] = (
        _script("trim_stdlib").source_archive(ROOT).read_bytes(), "application/zip")
    # and Pyodide's own lock file (dist/ holds it without its package list).
    pages["/bench-pyodide-lock.json"] = (
        (ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_bytes(), "application/json")

    class BenchHandler(serve.Handler):  # type: ignore[name-defined,misc]
        def do_GET(self) -> None:  # noqa: N802
            found = pages.get(self.path.split("?", 1)[0])
            if found is None:
                super().do_GET()
                return
            body, content_type = found
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            if serve.compressible(content_type):  # as the host would (the lock file)
                body = gzip.compress(body, 6)
                self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    serve.Handler.rules = serve.netlify_headers()
    serve.Handler.gzip = True
    handler = functools.partial(BenchHandler, directory=str(root))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {root} on http://127.0.0.1:{port}/", flush=True)
        server.serve_forever()


def launch_browser(playwright: Any) -> Any:
    """Headless Chromium: Debian's when installed, else Playwright's own download."""
    options: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
    if SYSTEM_CHROMIUM.exists():
        options["executable_path"] = str(SYSTEM_CHROMIUM)
    return playwright.chromium.launch(**options)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(root: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, __file__, "--serve", str(port),
                                "--root", str(root)], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url + "bench-bare.html", timeout=2):
                return process, url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("server did not answer")


# ------------------------------------------------------------------ measuring
def load_time(page: Any, url: str) -> float:
    """ms from navigation start to body[data-ready='1'] for one navigation."""
    page.goto(url, wait_until="commit", timeout=120_000)  # (load waits for the preloads)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    return float(page.evaluate("window.__readyAt"))


def settle(page: Any) -> None:
    """Let the first visit finish what a browser finishes before anyone comes back: the
    offline worker's install (it downloads its precache right after the page is ready)."""
    page.evaluate("""async () => {
        if (!navigator.serviceWorker) return;
        const found = await Promise.race([
            navigator.serviceWorker.getRegistration(),
            new Promise((resolve) => setTimeout(resolve, 2000))]);
        if (!found) return;
        await Promise.race([navigator.serviceWorker.ready,
                            new Promise((resolve) => setTimeout(resolve, 30000))]);
    }""")


MARKS = """Object.fromEntries(performance.getEntriesByType('mark')
    .filter(m => m.name.startsWith('tm:')).map(m => [m.name.slice(3), m.startTime]))"""


def emulate(page: Any, profile: tuple[float, float, float] | None) -> None:
    """Apply a profile's network and CPU emulation to ``page`` (CDP)."""
    if profile is None:
        return
    latency, mbits, cpu = profile
    session = page.context.new_cdp_session(page)
    if mbits:
        rate = mbits * 1e6 / 8
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": latency, "downloadThroughput": rate,
            "uploadThroughput": rate})
    if cpu > 1:
        session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


PAINT = """(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return [paint ? paint.startTime : null, window.__formAt ?? null];
})()"""


# Each request of a navigation: [file, start, first byte, end] (ms from navigation start).
REQUESTS = """performance.getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource'))
    .map(e => [new URL(e.name).pathname.split('/').pop() || '/', e.startTime, e.responseStart,
               e.responseEnd])"""


def visit(page: Any, url: str) -> dict[str, Any]:
    """One navigation: ready, first paint, form laid out (ms), the page's own marks and
    its requests."""
    ready = load_time(page, url)
    paint, form = page.evaluate(PAINT)
    return {"ready": ready, "paint": paint, "form": form, "marks": page.evaluate(MARKS),
            "requests": page.evaluate(REQUESTS),
            "path": page.evaluate("document.documentElement.dataset.snapshot || ''")}


KEPT_GAME = "JSON.parse(localStorage.getItem('tm:last-game') || 'null')"


def kept_game_times(browser: Any, url: str, runs: int,
                    profile: tuple[float, float, float] | None) -> list[dict[str, Any]]:
    """A return visit after a solo game was left open (the worker installed): when the kept
    board was drawn (mark last-game) and ready, over ``runs`` fresh contexts."""
    found = []
    for _ in range(runs):
        context = browser.new_context()
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        emulate(page, profile)
        try:
            load_time(page, url)
            form = page.locator("form.new-game")
            form.locator("select[name=players]").select_option("1")
            form.locator("button[type=submit]").click()
            page.wait_for_function(f"{KEPT_GAME} !== null && {KEPT_GAME}.screen === 'game'",
                                   timeout=60_000)
            size = page.evaluate(f"JSON.stringify({KEPT_GAME}.tree).length")
            settle(page)
            again = visit(page, url)
        except Exception as error:  # (a stalled visit: said, and the run left out)
            print(f"  (a return visit to a game left open failed: {str(error)[:80]}; "
                  f"page state {_state(page)})", file=sys.stderr, flush=True)
            context.close()
            continue
        again["kept chars"] = size
        found.append(again)
        context.close()
    return found


def _state(page: Any) -> Any:
    """What a page that never became ready shows: its flags, marks and unfinished requests."""
    try:
        return page.evaluate("""() => [{...document.documentElement.dataset},
            {...(document.body ? document.body.dataset : {})}, """ + MARKS + """,
            performance.getEntriesByType('resource').filter(e => !e.responseEnd)
              .map(e => e.name)]""")
    except Exception as error:
        return str(error)[:80]


def boot_times(browser: Any, urls: dict[str, str], runs: int,
               profile: tuple[float, float, float] | None) -> dict[str, list[dict[str, Any]]]:
    """First and second visits per page over ``runs`` rounds of fresh contexts (after one
    discarded warm-up round): ``found["<page> first|second"]`` is a list of visit()s."""
    found: dict[str, list[dict[str, Any]]] = {}
    for round_ in range(runs + 1):
        for name, url in urls.items():
            context = browser.new_context()
            context.add_init_script(READY_PROBE)
            page = context.new_page()
            emulate(page, profile)
            first = visit(page, url)
            second = None
            if not url.endswith(SNAPSHOT):
                settle(page)
                second = visit(page, url)
            if round_:
                found.setdefault(f"{name} first", []).append(first)
                if second is not None:
                    found.setdefault(f"{name} second", []).append(second)
            context.close()
    return found


def _click_first(page: Any) -> str | None:
    """Click what a player would click next; the kind of click, or None at the end."""
    if page.locator(".end").count():
        return None
    if page.locator("body[data-screen='handoff']").count():
        page.locator(".handoff [data-action=reveal]").click()
        return "reveal"
    prompt = page.locator(".prompt")
    if prompt.locator("[data-action=toggle]").count():
        confirm = prompt.locator("[data-action=confirm]:not([disabled])")
        pressed = prompt.locator("[data-action=toggle][aria-pressed=true]").count()
        unpressed = prompt.locator(
            "[data-action=toggle]:not([aria-pressed=true]):not([disabled])")
        if confirm.count() and (pressed or not unpressed.count()):
            confirm.click()
            return "confirm"
        if unpressed.count():
            unpressed.first.click()
            return "toggle"
        page.evaluate("window.tmAnswerFirst()")  # stuck: let the hook answer (not timed)
        return "hook"
    legal = page.locator(".board g.space.legal")
    if legal.count():
        legal.first.click()
        return "space"
    prompt.locator("[data-action=choose]").first.click()
    return "choose"


def latencies(browser: Any, url: str, samples: int) -> dict[str, list[tuple[float, float]]]:
    """(dom ms, frame ms) per kind of click, over ``samples`` clicks in solo games."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    page.evaluate(LATENCY_PROBE)
    found: dict[str, list[tuple[float, float]]] = {}
    games = 0
    taken = 0
    while taken < samples:
        if page.locator("body[data-screen='start']").count():
            games += 1
            form = page.locator("form.new-game")
            form.locator("select[name=players]").select_option("1")
            form.locator("input[name=seed]").fill(str(games))
            page.evaluate("window.__lat.click = null")
            form.locator("button[type=submit]").click()
            page.wait_for_selector("body[data-screen='game']", state="attached")
            continue
        kind = _click_first(page)
        if kind == "hook":
            continue
        if kind is None:
            page.locator("[data-action=menu]").first.click()
            page.wait_for_selector("body[data-screen='start']", state="attached")
            continue
        try:
            page.wait_for_function("window.__lat.frame !== null", timeout=5_000)
        except Exception:
            print(f"  (no DOM change after a {kind} click)")
            continue
        click, dom, frame = page.evaluate("[__lat.click, __lat.dom, __lat.frame]")
        found.setdefault(kind, []).append((dom - click, frame - click))
        taken += 1
    context.close()
    return found


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def first_visit_bytes(browser: Any, url: str) -> list[tuple[str, int]]:
    """(path, bytes transferred) of each request of a first visit (the worker kept out)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    load_time(page, url)
    entries = page.evaluate("""() => performance.getEntriesByType('navigation')
        .concat(performance.getEntriesByType('resource'))
        .map(e => [new URL(e.name).pathname, e.transferSize])""")
    context.close()
    return [(str(path), int(size)) for path, size in entries]


def _report_profile(name: str, found: dict[str, list[dict[str, Any]]], runs: int) -> None:
    med = statistics.median

    def ready(key: str) -> list[float]:
        return [v["ready"] for v in found[key]]

    def shown(values: list[float | None]) -> str:
        kept = [v for v in values if v is not None]
        return f"{med(kept):6.0f}" if kept else "     -"

    print(f"[{name}] time to ready, ms (median of {runs}; runs in brackets)")
    rows = (("bare first", "bare Pyodide, first visit"), ("bare second", "bare Pyodide, second"),
            ("game first", "game, first visit"), ("game second", "game, return visit"),
            ("snapshot first", "game, first visit from the snapshot"))
    for key, label in rows:
        print(f"  {label:<38} {med(ready(key)):7.0f} {[round(x) for x in ready(key)]}"
              f"  paths {sorted({v['path'] for v in found[key]})}")
    bare_first, bare_second = med(ready("bare first")), med(ready("bare second"))
    target = TARGETS.get(name)
    print(f"  ratio first visit / bare first        {med(ready('game first')) / bare_first:7.2f}"
          + (f"   (target <= {target})" if target else ""))
    print(f"  ratio snapshot first / bare first     "
          f"{med(ready('snapshot first')) / bare_first:7.2f}")
    print(f"  ratio return visit / bare second      {med(ready('game second')) / bare_second:7.2f}"
          "   (target <= 0.4)")
    for key, label in (("game first", "first visit"), ("game second", "return visit")):
        paint = shown([v["paint"] for v in found[key]])
        form = shown([v["form"] for v in found[key]])
        kept = shown([v["marks"].get("last-screen") for v in found[key]])
        print(f"  {label:<13} first paint {paint} ms, start form laid out {form} ms, "
              f"kept start screen drawn {kept} ms" + ("   (target <= 300 at 20 Mbit/s)"
                                                        if key == "game first" else ""))
    kept = found.get("kept game")
    if kept:
        drawn = shown([v["marks"].get("last-game") for v in kept])
        print(f"  return visit to a game left open: kept board drawn {drawn} ms "
              f"(target <= 300), ready {med([v['ready'] for v in kept]):6.0f} ms, "
              f"the copy {med([v['kept chars'] for v in kept]) / 1e3:.0f} k characters")
    for key in ("game first", "game second"):
        marks = [v["marks"] for v in found[key]]
        names = sorted({n for m in marks for n in m}, key=lambda n: med(
            [m[n] for m in marks if n in m]))
        steps = ", ".join(f"{n} {med([m[n] for m in marks if n in m]):.0f}" for n in names)
        print(f"  {key}, medians of the page's marks (ms): {steps}")
    for key in ("bare first", "game first"):
        _report_timeline(key, found[key])


def _report_timeline(key: str, visits: list[dict[str, Any]]) -> None:
    """Median start, first byte and end of each request of ``visits``, in start order."""
    med = statistics.median
    times: dict[str, list[tuple[float, float, float]]] = {}
    for one in visits:
        for name, start, first, end in one.get("requests", []):
            times.setdefault(str(name), []).append((start, first, end))
    print(f"  {key}, requests (median ms: start, first byte, end):")
    rows = sorted(times.items(), key=lambda item: med([t[0] for t in item[1]]))
    for name, spans in rows:
        start, first, end = (med([t[i] for t in spans]) for i in range(3))
        print(f"    {name:<34} {start:6.0f} {first:6.0f} {end:6.0f}")


def _report_bytes(label: str, entries: list[tuple[str, int]], root: Path) -> None:
    total = sum(size for _, size in entries)
    print(f"first visit {label}: {total / 1e6:.3f} MB transferred ({total:,} bytes), gzip "
          f"where the host compresses (target <= {BYTES_TARGET} MB)")
    for path, size in sorted(entries, key=lambda entry: -entry[1]):
        if size >= 2000:
            print(f"  {size:10,d} B {100 * size / total:5.1f} %  {path}")
    small = [size for _, size in entries if size < 2000]
    print(f"  {sum(small):10,d} B {100 * sum(small) / total:5.1f} %  "
          f"{len(small)} smaller requests")
    for name, quality in BROTLI.items():
        with_brotli = _brotli_total(entries, root, quality)
        if with_brotli is not None:
            print(f"  the same with {name} instead of gzip: {with_brotli / 1e6:.2f} MB")


def _brotli_total(entries: list[tuple[str, int]], root: Path, quality: int) -> int | None:
    """The bytes of ``entries`` had the host compressed with brotli at ``quality`` what it
    gzips (scripts/serve.py COMPRESSIBLE; the other files as transferred). Node's zlib
    compresses (Python's standard library has no brotli); None without Node."""
    from scripts.serve import COMPRESSIBLE

    local = [(path, size, root / path.lstrip("/")) for path, size in entries]
    squeezed = [(path, file) for path, _, file in local
                if file.is_file() and file.suffix in COMPRESSIBLE and path != "/"]
    try:
        done = subprocess.run(["node", "-e", BROTLI_SIZES, str(quality),
                               *(str(file) for _, file in squeezed)],
                              capture_output=True, text=True, check=True, timeout=600)
    except (OSError, subprocess.SubprocessError):
        return None
    sizes = dict(zip((path for path, _ in squeezed), json.loads(done.stdout), strict=True))
    return sum(sizes.get(path, size) for path, size, _ in local)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of each measurement")
    parser.add_argument("--samples", type=int, default=60, help="clicks timed (0: none)")
    parser.add_argument("--root", type=Path,
                        default=Path(os.environ.get("TM_E2E_ROOT") or ROOT / "dist"))
    parser.add_argument("--profiles", default=",".join(PROFILES),
                        help=f"comma-separated, of {', '.join(PROFILES)}")
    parser.add_argument("--no-kept", dest="kept", action="store_false",
                        help="skip the return visits to a game left open")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        run_server(args.serve, args.root.resolve())
        return 0

    from playwright.sync_api import sync_playwright

    profiles = [name.strip() for name in args.profiles.split(",") if name.strip()]
    unknown = [name for name in profiles if name not in PROFILES]
    if unknown:
        parser.error(f"unknown profiles {unknown}")
    process, url = start_server(args.root.resolve())
    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
    try:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            pages = {"bare": url + "bench-bare.html", "game": url,
                     "snapshot": url + SNAPSHOT}
            for name in profiles:
                results[name] = boot_times(browser, pages, args.runs, PROFILES[name])
                if args.kept:
                    results[name]["kept game"] = kept_game_times(browser, url, args.runs,
                                                                 PROFILES[name])
                print(f"[{name}] measured, load average {os.getloadavg()[0]:.1f}",
                      file=sys.stderr, flush=True)
            visit_bytes = {"as served": first_visit_bytes(browser, url),
                           "from the snapshot": first_visit_bytes(browser, url + SNAPSHOT),
                           "of bare Pyodide": first_visit_bytes(browser,
                                                                url + "bench-bare.html")}
            clicks = latencies(browser, url, args.samples) if args.samples else {}
            versions = _versions(browser, url)
            chromium = browser.version
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)

    med = statistics.median
    load = os.getloadavg()
    print(f"Chromium {chromium}; Pyodide {versions[0]} (Python {versions[1]}); "
          f"{os.cpu_count()} CPUs, load average {load[0]:.1f} {load[1]:.1f}; server {url} "
          "(gzip on the wire)")
    for name in profiles:
        _report_profile(name, results[name], args.runs)
    for label, entries in visit_bytes.items():
        _report_bytes(label, entries, args.root.resolve())
    if not clicks:
        return 0
    every = [s for values in clicks.values() for s in values]
    dom = [d for d, _ in every]
    frame = [f for _, f in every]
    print(f"click to update, ms ({len(every)} clicks)")
    print(f"  #app mutated     median {med(dom):6.1f}   p95 {_p95(dom):6.1f}   "
          f"max {max(dom):6.1f}   (target p95 <= 100)")
    print(f"  next frame       median {med(frame):6.1f}   p95 {_p95(frame):6.1f}   "
          f"max {max(frame):6.1f}")
    for kind, values in sorted(clicks.items()):
        ds = [d for d, _ in values]
        print(f"    {kind:<8} n={len(values):3d}   median {med(ds):6.1f}   p95 {_p95(ds):6.1f}")
    return 0


def _versions(browser: Any, url: str) -> list[str]:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    load_time(page, url + "bench-bare.html")
    found = page.evaluate("[window.__pyodideVersion, window.__pythonVersion]")
    context.close()
    return [str(v) for v in found]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
