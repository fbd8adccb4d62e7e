"""Browser tests: the served page driven in headless Chromium by Playwright (sync API).

One ``scripts/serve.py`` (the production headers, CSP included) and one Chromium per
session; every test gets fresh browser contexts, so storage and cache start empty.
Every page a test opens is watched: at the end of the test there must have been no
console error, no uncaught page error, no dialog and no request to any origin other
than the test server.

Without a browser (or without ``make setup``'s static/vendor/) the tests are skipped,
except when the environment variable CI is set: there they must run.

The site served is dist/, the folder Netlify publishes (`make site`; the session brings
it up to date first). TM_E2E_ROOT=/some/folder serves that folder instead (another built
site). The server appends the path of every request it answers to ``Server.log``.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.kits import wait_without_eval

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SITE = Path(os.environ.get("TM_E2E_ROOT") or DIST).resolve()
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
_GEN_SW = importlib.util.spec_from_file_location("gen_sw", ROOT / "scripts" / "gen_sw.py")
assert _GEN_SW is not None and _GEN_SW.loader is not None
gen_sw = importlib.util.module_from_spec(_GEN_SW)  # scripts/gen_sw.py: the site's file lists
_GEN_SW.loader.exec_module(gen_sw)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _unavailable(problem: str) -> None:
    """Skip for want of a browser or runtime; in CI that is a failure instead."""
    if os.environ.get("CI"):
        pytest.fail(f"{problem}; with CI set the browser tests must run", pytrace=False)
    pytest.skip(problem)


# ------------------------------------------------------------------ server
def free_port() -> int:
    """A TCP port on localhost nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """scripts/serve.py running in a subprocess."""

    process: subprocess.Popen[bytes]
    port: int
    errors: Any = None  # the server's stderr, a temporary file
    log: Path | None = None  # every path it answered a GET for, one a line

    def requested(self) -> list[str]:
        """The paths requested so far, in order."""
        if self.log is None or not self.log.is_file():
            return []
        return self.log.read_text(encoding="utf-8").splitlines()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.errors is not None:
            self.errors.close()
        if self.log is not None:
            self.log.unlink(missing_ok=True)


def start_server(root: Path = SITE, timeout: float = 20.0) -> Server:
    """Start scripts/serve.py on a free port, serving ``root``, and wait until it answers."""
    port = free_port()
    # stderr to a file, not a pipe: nobody reads a pipe while the tests run, and the
    # tracebacks of requests the browser abandons would fill it and stall the server.
    errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed by Server.stop)
    log = Path(tempfile.mkstemp(prefix="tm-requests-", suffix=".log")[1])
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--port", str(port),
         "--root", str(root), "--log", str(log)],
        cwd=root, stdout=subprocess.DEVNULL, stderr=errors)
    server = Server(process, port, errors, log)
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            errors.seek(0)
            err = errors.read().decode(errors="replace")
            raise RuntimeError(f"scripts/serve.py exited with {process.returncode}: {err}")
        try:
            with urllib.request.urlopen(server.url, timeout=2) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"scripts/serve.py did not answer on {server.url}")
        time.sleep(0.1)


def build_site() -> None:
    """Bring dist/ up to date as `make site` does once the runtime, the standard library
    and the snapshot are made (scripts/build_engine.py, then scripts/build_site.py: each
    writes only what changed). A site given by TM_E2E_ROOT is served as it is."""
    if SITE != DIST:
        return
    for script, arguments in (("build_engine.py", []), ("build_site.py", ["--out", str(DIST)])):
        subprocess.run([sys.executable, str(ROOT / "scripts" / script), *arguments],
                       check=True, stdout=subprocess.DEVNULL)


def copy_site(root: Path) -> Path:
    """A copy of the served site in ``root`` to edit: every file copied but the runtime
    (static/vendor/), which is linked."""
    shutil.copytree(SITE, root, symlinks=True,
                    ignore=lambda folder, names: ["vendor"] if Path(folder) == SITE / "static"
                    else [])
    (root / "static" / "vendor").symlink_to(SITE / "static" / "vendor", target_is_directory=True)
    return root


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """The site, served with netlify.toml's headers on a free localhost port."""
    runtime = ROOT / gen_sw.vendor_folders(ROOT)[0]
    if not (runtime / "pyodide.mjs").is_file() or not (
            ROOT / "static" / "build" / "python_stdlib.zip").is_file():
        _unavailable(f"{runtime} or static/build/ is missing (run `make setup`)")
    build_site()
    running = start_server()
    try:
        yield running
    finally:
        running.stop()


# ------------------------------------------------------------------ browser
def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium when installed, else Playwright's own download."""
    options: dict[str, Any] = {"headless": True, "args": list(CHROMIUM_ARGS)}
    # TM_E2E_CHROMIUM_LOG=path: Chromium writes its own log there (why a renderer died).
    if os.environ.get("TM_E2E_CHROMIUM_LOG"):
        options["args"] += ["--enable-logging", "--v=0",
                            f"--log-file={os.environ['TM_E2E_CHROMIUM_LOG']}"]
    if SYSTEM_CHROMIUM.exists():
        options["executable_path"] = str(SYSTEM_CHROMIUM)
    return playwright.chromium.launch(**options)


def _browser_problem(playwright: Any) -> str | None:
    if SYSTEM_CHROMIUM.exists():
        return None
    try:
        own = Path(playwright.chromium.executable_path)
    except Exception:  # older Playwright raises when nothing is downloaded
        own = None
    if own is None or not own.exists():
        return ("no Chromium: install Debian's chromium (/usr/bin/chromium) "
                "or run `.venv/bin/playwright install chromium`")
    return None


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the Python package playwright is not installed (run `make setup`)")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def browser(playwright_instance: Any) -> Iterator[Any]:
    """One headless Chromium for each test file (in full runs a renderer crashed now and
    then in a browser that had served a whole worker's share of files)."""
    problem = _browser_problem(playwright_instance)
    if problem:
        _unavailable(problem)
    chromium = launch_chromium(playwright_instance)
    try:
        yield chromium
    finally:
        chromium.close()


# ------------------------------------------------------------------ watched pages
@dataclass
class Recorder:
    """What a page did that a test must see: errors, requests, dialogs."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    crashes: int = 0  # the renderer died (a failure of its own, named as such)

    def attach(self, page: Any) -> None:
        page.on("crash", self._crashed)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("dialog", self._dialog)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} @ {message.location}")

    def _crashed(self, _page: Any) -> None:
        self.crashes += 1

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def foreign_requests(self) -> list[str]:
        """Requests that left the test server's origin (data: URLs stay in the page)."""
        foreign = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme == "data":
                continue
            if parts.scheme == "blob":
                parts = urlsplit(url[len("blob:"):])
            if f"{parts.scheme}://{parts.netloc}" != self.origin:
                foreign.append(url)
        return foreign

    def problems(self) -> list[str]:
        found = ["the page's renderer crashed"] * self.crashes
        found += [f"console error: {e}" for e in self.console_errors]
        found += [f"page error: {e}" for e in self.page_errors]
        found += [f"dialog: {d}" for d in self.dialogs]
        found += [f"request off origin: {u}" for u in self.foreign_requests()]
        return found


PageFactory = Callable[..., Any]


# Playwright's page.wait_for_function compiles its predicate with new Function in the page,
# which the site's CSP (no 'unsafe-eval') refuses: pages wait from the test's side instead.
wait_without_eval.install()

# How long an action or a wait on the page may take (tests/e2e/helpers.py gives Playwright's
# assertions the same): generous, for CI machines that run the suite beside other work.
WAIT_MS = 15_000
# TM_E2E_CPU_THROTTLE=4 runs every page's renderer four times slower (Chromium's CPU
# throttling): the way to find waits that are too short before a loaded CI machine does.
CPU_THROTTLE = float(os.environ.get("TM_E2E_CPU_THROTTLE") or 1)


def slow_down(page: Any) -> None:
    """Apply TM_E2E_CPU_THROTTLE to a page (nothing when unset)."""
    if CPU_THROTTLE > 1:
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_THROTTLE})


# `make test` runs one variant of each parametrized browser test (its screen size, language,
# board or expansion set), the variant picked by the test's name so that the suite as a
# whole still covers every size and language; `make test-matrix` (in `make bench`) runs the
# others. A browser test is mostly the page's boot, and CI must stay under 20 minutes.
# Variants that are attacks or failures each tell their own story: all run every time.
EVERY_VARIANT = frozenset({
    "test_a_forged_link_is_refused_or_kept_apart_and_the_game_plays_on",
    "test_python_failing_to_start_is_a_plain_notice",
    "test_a_page_script_that_fails_is_a_plain_notice",
})
# Those that keep more than one variant (how many).
KEEP_VARIANTS = {"test_the_hint_answers_every_decision_of_setup_and_generation_one": 2,
                 "test_each_board_is_offered_drawn_and_played_with_its_goals": 2}
# Those whose telling variant is kept (the phone game has the draft and both expansions).
PREFERRED = {"test_a_game_against_the_hard_bot_runs_to_the_end": "[phone]",
             "test_the_neutral_city_line_shows_in_solo_only": "[1]"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every variant of a parametrized test but the sampled ones ``matrix``."""
    variants: dict[str, list[pytest.Item]] = {}
    for item in items:
        name = getattr(item, "originalname", item.name)
        if "[" in item.name and name not in EVERY_VARIANT:
            variants.setdefault(f"{item.path}::{name}", []).append(item)
    for key, group in variants.items():
        name = key.rsplit("::", 1)[1]
        keep = KEEP_VARIANTS.get(name, 1)
        first = zlib.crc32(key.rsplit("/", 1)[-1].encode()) % len(group)
        kept = {(first + i * len(group) // keep) % len(group) for i in range(keep)}
        if name in PREFERRED:
            kept = {i for i, item in enumerate(group) if item.name.endswith(PREFERRED[name])}
        for index, item in enumerate(group):
            if index not in kept:
                item.add_marker(pytest.mark.matrix)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the item, for the fixtures' teardown to read."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# A browser test's page boots from Pyodide's memory snapshot (``?boot=snapshot``, the return
# visit's way: Python initialised and the engine imported), about half a first visit's CPU:
# most tests are about what comes after the boot. Tests of the boot itself, its requests and
# its timings carry ``@pytest.mark.first_visit`` and boot as a first visit does.
# TM_E2E_FIRST_VISIT=1 boots every page as a first visit.
SNAPSHOT_BOOT = "boot=snapshot"
ALL_FIRST_VISITS = bool(os.environ.get("TM_E2E_FIRST_VISIT"))


def return_visit(url: str, origin: str) -> str:
    """``url`` asking for the snapshot boot when it opens the game's page on ``origin``."""
    parts = urlsplit(url)
    if (f"{parts.scheme}://{parts.netloc}" != origin or parts.path not in ("/", "/index.html")
            or "boot=" in parts.query):
        return url
    query = f"{parts.query}&{SNAPSHOT_BOOT}" if parts.query else SNAPSHOT_BOOT
    return urlunsplit(parts._replace(query=query))


def boot_from_snapshot(page: Any, origin: str) -> None:
    """Make ``page.goto`` open the game's page with the snapshot boot."""
    if ALL_FIRST_VISITS:
        return
    goto = page.goto
    page.goto = lambda url, **options: goto(return_visit(url, origin), **options)


@pytest.fixture
def new_page(browser: Any, server: Server, request: pytest.FixtureRequest
             ) -> Iterator[PageFactory]:
    """Open a page in a fresh context (``new_page(viewport=..., ...)`` takes context
    options); at the end of a passing test, fail on anything its Recorder saw (after a
    failed or xfailed test, only print it)."""
    opened: list[tuple[Any, Recorder]] = []

    def make(**context_options: Any) -> Any:
        context = browser.new_context(**context_options)
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        slow_down(page)
        if request.node.get_closest_marker("first_visit") is None:
            boot_from_snapshot(page, server.origin)
        recorder = Recorder(server.origin)
        recorder.attach(page)
        page.recorder = recorder
        opened.append((context, recorder))
        return page

    yield make
    problems = [p for _, recorder in opened for p in recorder.problems()]
    for context, _ in opened:
        context.close()
    outcome = getattr(request.node, "rep_call", None)
    if outcome is not None and not outcome.passed:
        if problems:
            print("the page also misbehaved:\n" + "\n".join(problems))
        return
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)


@pytest.fixture
def page(new_page: PageFactory) -> Any:
    """A watched page in a fresh desktop-sized context."""
    return new_page(viewport={"width": 1280, "height": 900})


@pytest.fixture
def boot(server: Server) -> Callable[[Any], Any]:
    """``boot(page)``: open the game and wait until its first screen is drawn."""

    from tests.e2e.helpers import wait_ready

    def go(page: Any, path: str = "") -> Any:
        page.goto(server.url + path)
        wait_ready(page)
        return page

    return go


@pytest.fixture(params=["desktop", "phone"])
def sized_screen(request: pytest.FixtureRequest, new_page: PageFactory,
                 boot: Callable[[Any], Any]) -> Any:
    """The booted game on a desktop and on a phone (helpers.CONTEXTS; its name on
    ``page.size``, as :func:`tests.e2e.helpers.keep_shot` names its screenshots)."""
    from tests.e2e.helpers import CONTEXTS
    page = new_page(**CONTEXTS[request.param])
    page.size = request.param
    boot(page)
    return page
