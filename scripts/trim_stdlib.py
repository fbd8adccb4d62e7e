"""Write static/build/python_stdlib.zip: Pyodide's standard library cut down to the modules
the page uses (scripts/stdlib_modules.txt).

    python scripts/trim_stdlib.py [--root DIR] [--check]

Pyodide's own python_stdlib.zip is 2.5 MB (already deflated: gzip on the wire saves nothing)
and holds the whole library: email, unittest, multiprocessing, xml, the REPL... The page
needs some 170 modules of it. static/boot.mjs hands this archive to loadPyodide as its
stdLibURL, and scripts/make_snapshot.mjs boots from the same one (the snapshot remembers
the archive's table of contents, so both must be the very same bytes). The archive is
deterministic (sorted names, fixed timestamps), written only when its bytes change;
``--check`` exits 1 when it is missing or out of date.
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = Path(__file__).resolve().with_name("stdlib_modules.txt")
TARGET = Path("static", "build", "python_stdlib.zip")
EPOCH = (1980, 1, 1, 0, 0, 0)


def wanted_modules(listing: Path = MODULES) -> list[str]:
    """The module names the listing keeps (comments and blank lines skipped)."""
    lines = (line.split("#", 1)[0].strip() for line in listing.read_text("utf-8").splitlines())
    return sorted({line for line in lines if line})


def source_archive(root: Path) -> Path:
    """Pyodide's full standard library, as `make setup` copied it (node_modules as a
    fallback, for a build without static/vendor/)."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    for candidate in (root / "static" / "vendor" / f"pyodide-{pins['pyodide']}",
                      ROOT / "node_modules" / "pyodide"):
        if (candidate / "python_stdlib.zip").is_file():
            return candidate / "python_stdlib.zip"
    raise SystemExit("no python_stdlib.zip to trim: run `make setup`")


def member_for(names: set[str], module: str) -> str | None:
    """The archive member holding ``module`` (a module file or a package's __init__)."""
    path = module.replace(".", "/")
    for candidate in (f"{path}.py", f"{path}/__init__.py"):
        if candidate in names:
            return candidate
    return None


def trimmed_bytes(full: bytes, modules: list[str]) -> tuple[bytes, list[str]]:
    """The cut-down archive, and the listed modules it does not hold (built into the
    runtime, such as ``sys``, or not part of this Python)."""
    source = zipfile.ZipFile(io.BytesIO(full))
    names = set(source.namelist())
    members: set[str] = set()
    absent = []
    for module in modules:
        found = member_for(names, module)
        if found is None:
            absent.append(module)
            continue
        members.add(found)
        parts = module.split(".")  # a submodule's packages come with it
        for end in range(1, len(parts)):
            parent = member_for(names, ".".join(parts[:end]))
            if parent is not None:
                members.add(parent)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(members):
            entry = zipfile.ZipInfo(name, EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o100644 << 16
            archive.writestr(entry, source.read(name), compresslevel=9)
    return buffer.getvalue(), absent


def main(argv: list[str]) -> int:
    """Write the archive, or with --check only compare."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    full = source_archive(args.root).read_bytes()
    data, _absent = trimmed_bytes(full, wanted_modules())
    target = args.root / TARGET
    if target.is_file() and target.read_bytes() == data:
        return 0
    if args.check:
        print(f"{TARGET} is out of date: run python scripts/trim_stdlib.py")
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".zip.partial")
    partial.write_bytes(data)
    partial.replace(target)
    print(f"wrote {TARGET}: {len(zipfile.ZipFile(io.BytesIO(data)).namelist())} files, "
          f"{len(data)} bytes (Pyodide's: {len(full)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
