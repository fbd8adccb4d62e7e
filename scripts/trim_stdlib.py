"""Write static/build/python_stdlib.zip: Pyodide's standard library cut down to the modules
the page uses (scripts/stdlib_modules.txt).

    python scripts/trim_stdlib.py [--root DIR] [--check]

Pyodide's own python_stdlib.zip is 2.5 MB (already deflated: gzip on the wire saves nothing)
and holds the whole library: email, unittest, multiprocessing, xml, the REPL... The page
needs some 170 modules of it: those the listing names, every standard module that tm/ or
main.py imports anywhere (inside functions too), and what those import when they load
(their module-level imports, followed through). static/boot.mjs hands this archive to
loadPyodide as its stdLibURL, and scripts/make_snapshot.mjs boots from the same one (the
snapshot remembers the archive's table of contents: both must be the very same bytes). The
archive is
deterministic (sorted names, fixed timestamps), written only when its bytes change;
``--check`` exits 1 when it is missing or out of date.

PyScript's own Python package (``pyscript``: the files its core writes into the working
directory as text at every start, then imports) is added as it is, with what it imports:
static/boot.mjs puts this archive ahead of the working directory on sys.path, so the import
finds these files, compiled to bytecode by scripts/compile_pyc.mjs, not the text.
"""
from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # (run as a script: scripts/ is its path, not the root)
    sys.path.insert(0, str(ROOT))

from scripts.files import load_file  # noqa: E402

MODULES = Path(__file__).resolve().with_name("stdlib_modules.txt")
TARGET = Path("static", "build", "python_stdlib.zip")
# PyScript's package as its core writes it (a build artifact of @pyscript/core, the very
# text its core chunk holds: tests/engine/test_site.py compares them).
PYSCRIPT_PACKAGE = Path("node_modules", "@pyscript", "core", "src", "stdlib", "pyscript.js")
EPOCH = (1980, 1, 1, 0, 0, 0)


def wanted_modules(listing: Path = MODULES) -> list[str]:
    """The module names the listing keeps (comments and blank lines skipped)."""
    lines = (line.split("#", 1)[0].strip() for line in listing.read_text("utf-8").splitlines())
    return sorted({line for line in lines if line})


def imported_names(source: str, module: str = "", is_package: bool = False,
                   everywhere: bool = True) -> set[str]:
    """Absolute names of the modules (and of ``from`` targets, which may be submodules)
    that ``source`` imports: everywhere, or only where the module's body runs on import
    (outside functions and classes)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # syntax newer than this Python: the module-level lines by hand
        lines = re.findall(r"^(?:    )?(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))",
                           source, re.M)
        return {a or b for a, b in lines if not (a or b).startswith(".")}
    nodes = ast.walk(tree) if everywhere else _module_level(tree.body)
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names if alias.name != "*"}
    return found


def _module_level(body: list[ast.stmt]) -> list[ast.AST]:
    """The statements that run when a module loads: not function or class bodies, not a
    script's ``if __name__ == "__main__"``, not another platform's branch, not the
    fallbacks of ``except ImportError`` (the C module they stand in for is built in)."""
    found: list[ast.AST] = []
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(node, ast.If) and any(
                word in ast.unparse(node.test) for word in ("__name__", "platform", "os.name")):
            continue
        found.append(node)
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                found += _module_level([n for n in inner if isinstance(n, ast.stmt)])
    return found


def engine_imports(root: Path = ROOT) -> set[str]:
    """Every module main.py and the page's engine import (the files of tm/ that
    scripts/build_engine.py puts in the page's archive), wherever the import statement is."""
    in_page = _build_engine(root).in_page
    found: set[str] = set()
    engine = [path for path in sorted((root / "tm").rglob("*.py"))
              if in_page(path.relative_to(root).as_posix())]
    for path in engine + [root / "main.py"]:
        found |= imported_names(path.read_text(encoding="utf-8"))
    return found


def _build_engine(root: Path) -> Any:
    """``root``'s scripts/build_engine.py, which says what the page's archive holds."""
    return load_file(root / "scripts" / "build_engine.py", "_tm_build_engine")


def source_archive(root: Path) -> Path:
    """Pyodide's full standard library, as `make setup` copied it (node_modules as a
    fallback, for a build without static/vendor/)."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    for candidate in (root / "static" / "vendor" / f"pyodide-{pins['pyodide']}",
                      ROOT / "node_modules" / "pyodide"):
        if (candidate / "python_stdlib.zip").is_file():
            return candidate / "python_stdlib.zip"
    raise SystemExit("no python_stdlib.zip to trim: run `make setup`")


def pyscript_files(root: Path = ROOT) -> dict[str, bytes]:
    """PyScript's Python package: archive name -> bytes (``pyscript/__init__.py``...)."""
    source = root / PYSCRIPT_PACKAGE
    if not source.is_file():
        source = ROOT / PYSCRIPT_PACKAGE
    text = source.read_text(encoding="utf-8")
    tree = json.loads(text.split("export default", 1)[1].strip().rstrip(";"))
    files: dict[str, bytes] = {}

    def walk(base: str, folder: dict[str, Any]) -> None:
        for name, value in folder.items():
            if isinstance(value, str):
                files[f"{base}{name}"] = value.encode("utf-8")
            else:
                walk(f"{base}{name}/", value)
    walk("", tree)
    return files


def pyscript_imports(files: dict[str, bytes]) -> set[str]:
    """The modules PyScript's package imports when its modules load."""
    found: set[str] = set()
    for name, data in files.items():
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        found |= imported_names(data.decode("utf-8"), module, name.endswith("__init__.py"),
                                everywhere=False)
    return {name for name in found if not name.startswith("pyscript")}


def member_for(names: set[str], module: str) -> str | None:
    """The archive member holding ``module`` (a module file or a package's __init__)."""
    path = module.replace(".", "/")
    for candidate in (f"{path}.py", f"{path}/__init__.py"):
        if candidate in names:
            return candidate
    return None


def trimmed_bytes(full: bytes, modules: list[str],
                  extra: dict[str, bytes] | None = None) -> tuple[bytes, list[str]]:
    """The cut-down archive (with the ``extra`` files added as they are), and the listed
    modules it does not hold (built into the runtime, such as ``sys``, or not part of this
    Python)."""
    source = zipfile.ZipFile(io.BytesIO(full))
    names = set(source.namelist())
    members: set[str] = set()
    absent = []
    todo = list(modules)
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        found = member_for(names, module)
        if found is None:
            absent.append(module)
            continue
        members.add(found)
        parts = module.split(".")  # a submodule's packages come with it
        todo += [".".join(parts[:end]) for end in range(1, len(parts))]
        todo += imported_names(source.read(found).decode("utf-8"), module,
                               found.endswith("__init__.py"), everywhere=False)
    files = {name: source.read(name) for name in members} | (extra or {})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o100644 << 16
            archive.writestr(entry, files[name], compresslevel=9)
    return buffer.getvalue(), sorted(absent)


def main(argv: list[str]) -> int:
    """Write the archive, or with --check only compare."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    full = source_archive(args.root).read_bytes()
    pyscript = pyscript_files(args.root)
    modules = set(wanted_modules()) | engine_imports() | pyscript_imports(pyscript)
    data, _absent = trimmed_bytes(full, sorted(modules), pyscript)
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
