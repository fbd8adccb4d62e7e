"""The page's Python entry point, run by PyScript (index.html's <script type="py">) once the
interpreter static/boot.mjs started is up: make sure the engine a restored snapshot holds
is the archive static/boot.mjs fetched (static/build/engine.zip), then start the page
(tm/web/page_boot.py).

The engine is imported straight from the archive (zipimport), as the snapshot was made:
nothing is unpacked. Without a snapshot it is imported a few modules a task (the archive's
tm/boot_order.txt, scripts/build_engine.py): the start form, usable before Python is up
(static/kept.js), answers keys between them, where the whole import was one task of seconds
on a phone (issue 46)."""
import asyncio
import importlib
import importlib.util
import sys
import time
import zipimport
from pathlib import Path
from types import ModuleType
from typing import Any

from pyscript import document, window

window.performance.mark("tm:main-runs")
ARCHIVE = str(Path("engine.zip").absolute())  # written by static/boot.mjs
SLICE_SECONDS = 0.04  # a task of imports ends once it took this long (a long task is 50 ms)


def _engine_source() -> str:
    """"snapshot" when the restored engine came from this very archive; otherwise every
    engine module is imported anew from it: "stale" when a snapshot held another engine,
    "normal" without a snapshot."""
    baked = getattr(sys.modules.get("tm"), "SNAPSHOT_ENGINE", None)
    if baked is not None and baked == _archive_digest():  # (a first visit hashes nothing)
        return "snapshot"
    _forget_engine()
    zipimport.zipimporter(ARCHIVE).invalidate_caches()  # the snapshot's table of contents
    sys.path_importer_cache.pop(ARCHIVE, None)
    if ARCHIVE not in sys.path:
        sys.path.insert(0, ARCHIVE)
    return "normal" if baked is None else "stale"


def _archive_digest() -> str:
    """The archive's SHA-256: static/boot.mjs's (WebCrypto, off the page's thread), else
    hashed here (some 0.3 s of the start form's time on a phone)."""
    given = getattr(window, "tmEngineDigest", None)
    if isinstance(given, str) and len(given) == 64:
        return given
    import hashlib  # (only here: a first visit never needs it)

    with open(ARCHIVE, "rb") as archive:  # (in pieces: Python's memory never shrinks)
        return hashlib.file_digest(archive, "sha256").hexdigest()


def _boot_order() -> list[str]:
    """The engine's modules in import order (scripts/build_engine.py BOOT_ORDER)."""
    data = zipimport.zipimporter(ARCHIVE).get_data("tm/boot_order.txt")
    return data.decode("utf-8").split()


async def _import_sliced(order: list[str]) -> int:
    """Import ``order`` a few modules a task (as many as fit in :data:`SLICE_SECONDS`, at
    least one); how many were imported. Every module's imports
    are already done when its turn comes, so each task runs one module's own code. A
    package's module object is made when its first module is imported (Python needs it
    there) and its own code runs at its turn, after its modules (its __init__ imports
    them). Modules already imported (a restored snapshot) are passed over."""
    waiting: dict[str, tuple[ModuleType, Any]] = {}  # packages made, their code not yet run
    count = 0
    began = time.perf_counter()
    for name in order:
        start = window.performance.now()
        if name in waiting:
            module, spec = waiting.pop(name)
            spec.loader.exec_module(module)
        elif name in sys.modules:
            continue
        else:
            _make_packages(name, waiting)
            importlib.import_module(name)
        count += 1
        window.tmMeasureSlow(f"tm:import {name}", start)  # (named when it took a slice)
        if time.perf_counter() - began >= SLICE_SECONDS:
            await asyncio.sleep(0)  # (a task of the browser's: keys and frames go first)
            began = time.perf_counter()
    if waiting:
        raise ImportError(f"packages left unrun: {sorted(waiting)}")
    return count


def _make_packages(name: str, waiting: dict[str, tuple[ModuleType, Any]]) -> None:
    """The packages above ``name`` made (not run) where they are not imported yet."""
    parts = name.split(".")
    for depth in range(1, len(parts)):
        package = ".".join(parts[:depth])
        if package in sys.modules:
            continue
        spec = importlib.util.find_spec(package)
        if spec is None or spec.loader is None:
            raise ImportError(f"no package {package}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[package] = module
        if depth > 1:
            setattr(sys.modules[".".join(parts[:depth - 1])], parts[depth - 1], module)
        waiting[package] = (module, spec)


def _forget_engine() -> None:
    for name in [m for m in sys.modules if m == "tm" or m.startswith("tm.")]:
        del sys.modules[name]


def _failed(reason: str) -> None:
    """Python runs, but the page cannot start: a plain notice (static/boot.mjs), never the
    loading screen forever."""
    import traceback

    details = traceback.format_exc()
    show = getattr(window, "tmBootFailed", None)
    if show is not None:
        show(reason, details)
    else:  # boot.mjs is PyScript's interpreter module, so this is not expected
        document.getElementById("app").textContent = f"The game could not start: {reason}."


# Where PyScript's package was imported from (PyScript imports it before this script runs):
# the compiled copy in the standard library archive, and whether PyScript's text copy was
# written into the working directory (static/boot.mjs has it left out). Read by the
# browser tests.
document.documentElement.dataset.pyscript = str(getattr(sys.modules.get("pyscript"),
                                                        "__file__", ""))
if Path("pyscript").exists():
    document.documentElement.dataset.pyscriptText = "written"


async def _boot() -> None:
    """The engine imported (in slices), then the page started."""
    try:
        document.body.dataset.boot = _engine_source()
        window.performance.mark("tm:engine-ready")
        try:
            sliced = str(await _import_sliced(_boot_order()))
        except Exception:  # (an order that does not import: the engine in one piece)
            import traceback

            window.console.warn(f"the engine's sliced import failed:\n{traceback.format_exc()}")
            _forget_engine()
            sliced = "failed"
        document.documentElement.dataset.importSlices = sliced  # (read by the browser tests)
        from tm.web.page_boot import start  # (after the freshness check, by design)
        window.performance.mark("tm:engine-imported")
    except Exception:
        _failed("the game's code could not be loaded")
        return
    try:
        start()
    except Exception:
        _failed("the page could not be set up")


BOOTING = asyncio.ensure_future(_boot())  # (held: a task only referenced by the loop may go)
