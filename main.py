"""The page's Python entry point, run by PyScript (index.html's <script type="py">) once the
interpreter static/boot.mjs started is up: make sure the engine a restored snapshot holds
is the archive static/boot.mjs fetched (static/build/engine.zip), then start the page
(tm/web/page_boot.py).

The engine is imported straight from the archive (zipimport), as the snapshot was made:
nothing is unpacked."""
import hashlib
import sys
import zipimport
from pathlib import Path

from pyscript import document, window

ARCHIVE = str(Path("engine.zip").absolute())  # written by static/boot.mjs


def _engine_source() -> str:
    """"snapshot" when the restored engine came from this very archive; otherwise every
    engine module is imported anew from it: "stale" when a snapshot held another engine,
    "normal" without a snapshot."""
    loaded = hashlib.sha256(Path(ARCHIVE).read_bytes()).hexdigest()
    baked = getattr(sys.modules.get("tm"), "SNAPSHOT_ENGINE", None)
    if baked == loaded:
        return "snapshot"
    for name in [m for m in sys.modules if m == "tm" or m.startswith("tm.")]:
        del sys.modules[name]
    zipimport.zipimporter(ARCHIVE).invalidate_caches()  # the snapshot's table of contents
    sys.path_importer_cache.pop(ARCHIVE, None)
    if ARCHIVE not in sys.path:
        sys.path.insert(0, ARCHIVE)
    return "normal" if baked is None else "stale"


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
try:
    document.body.dataset.boot = _engine_source()
    window.performance.mark("tm:engine-ready")
    from tm.web.page_boot import start  # (after the freshness check, by design)
    window.performance.mark("tm:engine-imported")
except Exception:
    _failed("the game's code could not be loaded")
else:
    try:
        start()
    except Exception:
        _failed("the page could not be set up")
