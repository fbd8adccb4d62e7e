"""Browser timings of the served page, printed (nothing is asserted).

    .venv/bin/python scripts/bench_browser.py [--runs 3] [--samples 60] [--root .]

In one run, against one server (scripts/serve.py's handler, on a free localhost port,
with netlify.toml's headers, CSP included):

(a) bare Pyodide: a page that only imports static/vendor/pyodide-<version>/pyodide.mjs, awaits
    loadPyodide() and runs ``1+1``: time from navigation start to ready;
(b) the game page: ``/`` to body[data-ready='1'], booting from the memory snapshot, and
    the same page as if no snapshot were built (``/nosnap/``: static/build/snapshot*
    answers 404);
    both cold (fresh browser context, empty cache) and warm (same context, second
    navigation once the offline worker has installed, as on a return visit), medians of
    several runs, and the ratios to bare Pyodide (targets: with
    the snapshot <= 0.5 cold and <= 0.45 warm; the normal boot <= 1.3), and the bytes a
    first visit transfers with and without the snapshot;
(c) click-to-update latency: a solo game played with real clicks (the first choice of
    each decision; cards toggled then confirmed), from the click event to the mutation
    of #app (and to the next animation frame); median and p95 (target p95 <= 100 ms).

The bare page is served from memory by the bench's own server process, not through a
Playwright route: routing disables the HTTP cache, which would make "warm" meaningless.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import importlib.util
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
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

BARE_HTML = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="static/icon.svg" type="image/svg+xml">
<script type="module" src="./bench-bare.mjs"></script></head><body></body></html>
"""
BARE_MJS = b"""import { loadPyodide } from "./__RUNTIME__/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("1+1");
window.__pyodideVersion = pyodide.version;
window.__pythonVersion = pyodide.runPython("import sys; sys.version.split()[0]");
document.body.dataset.ready = "1";
"""
IN_MEMORY = {"/bench-bare.html": (BARE_HTML, "text/html; charset=utf-8"),
             "/bench-bare.mjs": (BARE_MJS, "text/javascript")}

# Runs before any page script on every navigation: note when body[data-ready] turns "1".
READY_PROBE = """
(() => {
  const seen = () => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === '1')
      window.__readyAt = performance.now();
  };
  new MutationObserver(seen).observe(document,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready']});
})();
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


NO_SNAPSHOT = "/nosnap/"
UNCOMPRESSIBLE = (".bin", ".zip", ".png", ".wasm.gz")


# ------------------------------------------------------------------ server
def _serve_module() -> Any:
    spec = importlib.util.spec_from_file_location("tm_serve", ROOT / "scripts" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_server(port: int, root: Path) -> None:
    """scripts/serve.py's handler (same headers), plus the bare page from memory."""
    serve = _serve_module()
    runtime = serve._script("gen_sw").vendor_folders(root)[0].encode()
    pages = {path: (body.replace(b"__RUNTIME__", runtime), kind)
             for path, (body, kind) in IN_MEMORY.items()}

    class BenchHandler(serve.Handler):  # type: ignore[name-defined,misc]
        def do_GET(self) -> None:  # noqa: N802
            if self.path.startswith(NO_SNAPSHOT):  # the same site with no snapshot built
                if "/static/build/snapshot" in self.path:
                    self.send_error(404)
                    return
                self.path = self.path[len(NO_SNAPSHOT) - 1:]
            found = pages.get(self.path.split("?", 1)[0])
            if found is None:
                super().do_GET()
                return
            body, content_type = found
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    serve.Handler.rules = serve.netlify_headers(root)
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
    page.goto(url)
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


def boot_times(browser: Any, urls: dict[str, str], runs: int, marks: dict[str, list[Any]]
               ) -> tuple[dict[str, list[float]], dict[str, list[float]], Any]:
    """Cold and warm ms per page, over ``runs`` rounds of fresh contexts; the pages take
    turns within a round, after one discarded warm-up load of each. The page's own
    performance marks (static/boot.mjs, main.py) go to ``marks["<page> cold|warm"]``."""
    cold: dict[str, list[float]] = {name: [] for name in urls}
    warm: dict[str, list[float]] = {name: [] for name in urls}
    info = None
    for round_ in range(runs + 1):
        for name, url in urls.items():
            context = browser.new_context()
            context.add_init_script(READY_PROBE)
            page = context.new_page()
            first = load_time(page, url)
            first_marks = page.evaluate(MARKS)
            settle(page)
            second = load_time(page, url)
            if round_:  # round 0 warms the browser process up
                cold[name].append(first)
                warm[name].append(second)
                marks.setdefault(f"{name} cold", []).append(first_marks)
                marks.setdefault(f"{name} warm", []).append(page.evaluate(MARKS))
            if info is None:
                info = page.evaluate("[window.__pyodideVersion, window.__pythonVersion]")
            context.close()
    return cold, warm, info


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


def first_visit_bytes(browser: Any, url: str, root: Path) -> tuple[int, int]:
    """Bytes a first visit transfers from our server, and the same with every compressible
    file gzip-compressed as a static host serves it (the snapshot is gzipped already)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    load_time(page, url)
    entries = page.evaluate("""() => performance.getEntriesByType('resource')
        .concat(performance.getEntriesByType('navigation'))
        .map(e => [e.name, e.transferSize])""")
    context.close()
    sent = compressed = 0
    for name, size in entries:
        path = name.split("?", 1)[0].split("#", 1)[0].split("/", 3)[-1]
        path = path.removeprefix(NO_SNAPSHOT.strip("/") + "/")
        local = root / (path or "index.html")
        sent += int(size)
        if not local.is_file():
            compressed += int(size)
            continue
        data = local.read_bytes()
        compressed += len(data) if local.name.endswith(UNCOMPRESSIBLE) else len(
            gzip.compress(data, 6))
    return sent, compressed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold/warm loads of each page")
    parser.add_argument("--samples", type=int, default=60, help="clicks timed")
    parser.add_argument("--root", type=Path, default=Path(os.environ.get("TM_E2E_ROOT") or ROOT))
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        run_server(args.serve, args.root.resolve())
        return 0

    from playwright.sync_api import sync_playwright

    process, url = start_server(args.root.resolve())
    try:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            marks: dict[str, list[Any]] = {}
            cold, warm, versions = boot_times(
                browser, {"bare": url + "bench-bare.html", "game": url,
                          "nosnap": url + NO_SNAPSHOT.lstrip("/")}, args.runs, marks)
            visit = {key: first_visit_bytes(browser, page_url, args.root.resolve())
                     for key, page_url in (("game", url), ("nosnap", url + "nosnap/"))}
            clicks = latencies(browser, url, args.samples)
            chromium = browser.version
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)

    med = statistics.median
    print(f"Chromium {chromium}; Pyodide {versions[0]} (Python {versions[1]}); "
          f"{os.cpu_count()} CPUs; server {url}")
    print(f"time to ready, ms (median of {args.runs}; runs in brackets)")
    for key, name in (("bare", "bare Pyodide"), ("game", "game page"),
                      ("nosnap", "no snapshot")):
        print(f"  {name:<13} cold {med(cold[key]):7.0f} {[round(x) for x in cold[key]]}"
              f"   warm {med(warm[key]):7.0f} {[round(x) for x in warm[key]]}")
    for key, name, target in (("game", "game/bare", "<= 0.5 cold, <= 0.45 warm (snapshot)"),
                              ("nosnap", "no-snap/bare", "<= 1.3 (normal boot)")):
        print(f"  {name:<13} cold {med(cold[key]) / med(cold['bare']):7.2f}"
              f"   warm {med(warm[key]) / med(warm['bare']):7.2f}   (target {target})")
    for key in ("game cold", "game warm"):
        names = sorted({n for found in marks.get(key, []) for n in found},
                       key=lambda n: med([found.get(n, 0.0) for found in marks[key]]))
        steps = ", ".join(f"{n} {med([found[n] for found in marks[key] if n in found]):.0f}"
                          for n in names)
        print(f"  {key} page, medians of its marks (ms): {steps}")
    print("first visit, bytes transferred (as our server sends / gzip as a static host would)")
    for key, name in (("game", "with snapshot"), ("nosnap", "without")):
        sent, packed = visit[key]
        print(f"  {name:<14} {sent / 1e6:7.2f} MB / {packed / 1e6:7.2f} MB")
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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
