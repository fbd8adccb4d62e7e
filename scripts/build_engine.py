"""Write static/build/engine.zip: the Python files of tm/ the page runs (not the command
line's and the tests' own: :data:`NOT_IN_PAGE`) and the message catalogs of
tm/web/locale/*.po as the page reads them (tm/web/locale/<lang>.json: each message by key,
read with pkgutil.get_data; the .po files' English and comments stay behind: a third of
their bytes).

    python scripts/build_engine.py [--root DIR] [--check]

The page fetches this one archive (static/boot.mjs starts the download with the runtime's)
instead of some sixty files one by one; main.py unpacks it. The archive is deterministic
(sorted names, fixed timestamps and modes), so the same sources always give the same
bytes: its SHA-256 is what the memory snapshot records as the engine it holds, and a
snapshot is used only when that digest matches the archive the page loaded.
The file is rewritten only when its bytes change. ``--check`` exits 1 when it is missing
or out of date. scripts/serve.py calls ``refresh`` before serving it, so an edited engine
file is live on the next reload during development.
"""
from __future__ import annotations

import argparse
import functools
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # (run as a script: scripts/ is its path, not the root)
    sys.path.insert(0, str(ROOT))

from scripts.files import load_file  # noqa: E402

ARCHIVE = Path("static", "build", "engine.zip")
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can hold
# What only the command line, the benchmarks and the tests import (tests/engine/test_site.py
# checks that nothing the page imports imports these): left out of the page's download.
# The order main.py imports the engine in, one module a task (the page answers keys and
# clicks between them): each module after every module it imports, a package after its
# modules (issue 46). Found by importing the page's entry as the page does, here in CPython,
# with the browser's modules stood in for; written into the archive (a list of names).
BOOT_ORDER = "tm/boot_order.txt"
PAGE_ENTRY = "tm.web.page_boot"
RECORD_ORDER = """
import importlib.abc, importlib.machinery, sys
from unittest import mock
for name in ("js", "pyodide", "pyodide.ffi", "pyscript", "pyscript.ffi"):
    sys.modules[name] = mock.MagicMock(name=name)
done = []

class Recording(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "tm" and not name.startswith("tm."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None:
            spec.loader = Finished(spec.loader, name)
        return spec

class Finished(importlib.abc.Loader):
    def __init__(self, loader, name):
        self.loader, self.name = loader, name
    def __getattr__(self, attribute):
        return getattr(self.loader, attribute)
    def create_module(self, spec):
        return self.loader.create_module(spec)
    def exec_module(self, module):
        self.loader.exec_module(module)
        done.append(self.name)

sys.meta_path.insert(0, Recording())
importlib.import_module(sys.argv[1])
print("\\n".join(done))
"""
NOT_IN_PAGE = ("tm/__main__.py", "tm/cli.py", "tm/sim.py", "tm/testing/",
               "tm/bots/tournament.py", "tm/bots/matrix.py")


def in_page(relative: str) -> bool:
    """Whether the file at ``relative`` (a posix path under the root) goes in the archive."""
    return not relative.startswith(NOT_IN_PAGE)


def sources(root: Path) -> list[Path]:
    """The engine's Python files and message catalogs under ``root``, in archive order."""
    files = [p for p in (root / "tm").rglob("*.py") if "__pycache__" not in p.parts
             and in_page(p.relative_to(root).as_posix())]
    # The catalogs the page reads (not en.po: English is the code; not locale/rules/: read
    # when the site is built).
    files += (p for p in (root / "tm" / "web" / "locale").glob("*.po") if p.name != "en.po")
    return sorted(files, key=lambda p: p.relative_to(root).as_posix())


def archive_bytes(root: Path) -> bytes:
    """The archive for the sources under ``root``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sources(root):
            name, data = _entry(root, path)
            entry = zipfile.ZipInfo(name, EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o100644 << 16
            archive.writestr(entry, data, compresslevel=9)
        entry = zipfile.ZipInfo(BOOT_ORDER, EPOCH)
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = 0o100644 << 16
        archive.writestr(entry, "\n".join(boot_order(root)) + "\n", compresslevel=9)
    return buffer.getvalue()


def boot_order(root: Path) -> list[str]:
    """The engine's modules in the order main.py imports them (:data:`BOOT_ORDER`): as
    they finish when the page's entry is imported, in a Python of their own."""
    done = subprocess.run([sys.executable, "-c", RECORD_ORDER, PAGE_ENTRY], cwd=root,
                          capture_output=True, text=True, check=True, timeout=120,
                          env={"PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"})
    return done.stdout.split()


def _entry(root: Path, path: Path) -> tuple[str, bytes]:
    """The name and bytes ``path`` has in the archive: a catalog as the page reads it."""
    name = path.relative_to(root).as_posix()
    if path.suffix != ".po":
        return name, path.read_bytes()
    found = _po_reader(root).messages(path.read_text(encoding="utf-8"), path.stem)
    text = json.dumps(found, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return name.removesuffix(".po") + ".json", text.encode("utf-8")


@functools.cache
def _po_reader(root: Path) -> ModuleType:
    """``root``'s tm/web/po.py (standard library only), loaded on its own (once for all the
    catalogs): they are read exactly as the page reads them, whatever engine this process
    imported."""
    return load_file(root / "tm" / "web" / "po.py", "_tm_po")


def refresh(root: Path) -> bool:
    """Write the archive when it is missing or differs; True when it was written."""
    data = archive_bytes(root)
    target = root / ARCHIVE
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".zip.partial")
    partial.write_bytes(data)
    partial.replace(target)  # a reader never sees half an archive
    return True


def main(argv: list[str]) -> int:
    """Write the archive, or with --check only compare."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    if args.check:
        target = args.root / ARCHIVE
        if not target.is_file() or target.read_bytes() != archive_bytes(args.root):
            print(f"{ARCHIVE} is out of date: run python scripts/build_engine.py")
            return 1
        return 0
    if refresh(args.root):
        print(f"wrote {ARCHIVE} ({len(sources(args.root))} files, "
              f"{(args.root / ARCHIVE).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
