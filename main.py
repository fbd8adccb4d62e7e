"""PyScript entry point: make sure a snapshot's engine matches the files this page loaded,
then start the page (see tm/web/browser.py and static/boot.mjs)."""
import hashlib
import sys
from pathlib import Path

import js


def _sources_digest(root: Path) -> str:
    """The same digest scripts/make_snapshot.mjs stores as tm.SNAPSHOT_SOURCES."""
    digest = hashlib.sha256()
    for path in sorted(root.joinpath("tm").rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _fresh_engine() -> str:
    """"snapshot" when the restored engine is current, "stale" when it was dropped (the
    modules are imported again from the loaded files), "normal" without a snapshot."""
    engine = sys.modules.get("tm")
    baked = getattr(engine, "SNAPSHOT_SOURCES", None)
    if baked is None:
        return "normal"
    if baked == _sources_digest(Path.cwd()):
        return "snapshot"
    for name in [m for m in sys.modules if m == "tm" or m.startswith("tm.")]:
        del sys.modules[name]
    return "stale"


js.document.body.dataset.boot = _fresh_engine()

from tm.web.browser import start  # noqa: E402  (after the freshness check, by design)

start()
