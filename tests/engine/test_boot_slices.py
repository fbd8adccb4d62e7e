"""The page's boot imports Python's modules one a task (issue 46): the lists it follows are
current (static/boot.mjs RUNTIME_IMPORTS for Pyodide's own bootstrap; the engine's order in
the archive, scripts/build_engine.py)."""
from __future__ import annotations

import io
import subprocess
import zipfile
from pathlib import Path

import pytest

from scripts.files import load_file
from tests.engine.test_pyodide_replay import _node_or_skip

ROOT = Path(__file__).resolve().parents[2]
STDLIB = ROOT / "static" / "build" / "pyc" / "python_stdlib.zip"


@pytest.mark.pyodide
def test_the_runtime_modules_boot_imports_ahead_are_the_ones_pyodide_imports() -> None:
    node = _node_or_skip()
    if not STDLIB.is_file():
        pytest.skip("static/build/pyc/python_stdlib.zip is missing (run `make setup`)")
    done = subprocess.run([node, str(ROOT / "scripts" / "runtime_order.mjs"), "--check"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_engine_order_ends_with_the_page_entry_and_names_each_module_once() -> None:
    build_engine = load_file(ROOT / "scripts" / "build_engine.py", "tm_build_engine")
    order = build_engine.boot_order(ROOT)
    assert order[-1] == build_engine.PAGE_ENTRY
    assert len(order) == len(set(order))
    assert order.index("tm") > order.index("tm.game")  # (a package after its modules)
    archive = zipfile.ZipFile(io.BytesIO(build_engine.archive_bytes(ROOT)))
    assert archive.read(build_engine.BOOT_ORDER).decode("utf-8").split() == order
