"""The static site's own files: the runtime folders the page names, the engine archive."""
from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

from scripts.files import load_file

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> Any:
    return load_file(ROOT / "scripts" / f"{name}.py", f"tm_{name}")


def _vendor_references(path: Path) -> set[str]:
    """The versioned runtime folders a file names literally."""
    text = path.read_text(encoding="utf-8")
    return set(re.findall(r"vendor/((?:pyodide|pyscript)-\d[\w.]*)/", text))


def test_the_page_names_the_runtime_folders_package_json_pins() -> None:
    """static/vendor/ is cached as immutable, so its folders carry the pinned versions; a
    version bump in package.json must come with the same bump in index.html and boot.mjs."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    runtime, pyscript = _script("gen_sw").vendor_folders(ROOT)
    assert runtime == f"static/vendor/pyodide-{pins['pyodide']}"
    assert pyscript == f"static/vendor/pyscript-{pins['@pyscript/core']}"
    assert _vendor_references(ROOT / "index.html") == {pyscript.rsplit("/", 1)[1]}
    assert _vendor_references(ROOT / "static" / "boot.mjs") == {runtime.rsplit("/", 1)[1]}


def test_the_standard_library_holds_the_python_package_pyscript_writes() -> None:
    """PyScript writes its package (pyscript/*.py) at every start and imports it; the
    compiled copy in our standard library archive is imported instead (static/boot.mjs), so
    it must be the very text the vendored core holds, file for file."""
    import pytest

    trim = _script("trim_stdlib")
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    chunks = list((ROOT / "static" / "vendor" / f"pyscript-{pins['@pyscript/core']}")
                  .glob("core-*.js"))
    if not chunks:
        pytest.skip("PyScript is not vendored (run `make setup`)")
    core = chunks[0].read_text(encoding="utf-8")
    files = trim.pyscript_files(ROOT)
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/web.py"} <= set(files)
    for name, data in files.items():
        assert json.dumps(data.decode("utf-8"), ensure_ascii=False) in core, name
    assert "html" in trim.pyscript_imports(files)  # (display.py: followed into the archive)


def test_engine_archive_holds_every_engine_file_the_page_runs_and_is_reproducible() -> None:
    build_engine = _script("build_engine")
    data = build_engine.archive_bytes(ROOT)
    assert build_engine.archive_bytes(ROOT) == data
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = archive.namelist()
    code = [p.relative_to(ROOT).as_posix() for p in (ROOT / "tm").rglob("*.py")
            if "__pycache__" not in p.parts]
    page_code = [name for name in code if build_engine.in_page(name)]
    catalogs = [f"tm/web/locale/{lang}.json" for lang in ("be", "de", "ja")]
    assert sorted(names) == sorted([*page_code, *catalogs, build_engine.BOOT_ORDER])
    assert len(page_code) < len(code)  # the command line's own modules stay behind
    assert not [n for n in names if "/locale/rules/" in n]  # read only when the site is built
    assert {"tm/__init__.py", "tm/web/browser.py", "tm/expansions/base/cards.py"} <= set(names)


def _imported(path: Path) -> set[str]:
    """The tm modules a file imports anywhere in it (at the top or inside a function)."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "tm" or name.startswith("tm.")}


def test_nothing_in_the_page_archive_imports_what_it_leaves_out() -> None:
    """The page imports only what the archive holds: a module left out (the command line,
    the tests' helpers) imported by one kept would fail in the page alone."""
    build_engine = _script("build_engine")
    kept = {p for p in (ROOT / "tm").rglob("*.py") if "__pycache__" not in p.parts
            and build_engine.in_page(p.relative_to(ROOT).as_posix())}
    left_out = [p.relative_to(ROOT).as_posix() for p in (ROOT / "tm").rglob("*.py")
                if p not in kept and "__pycache__" not in p.parts]
    assert left_out
    banned = {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
              for name in left_out}
    wrong = {(p.relative_to(ROOT).as_posix(), name) for p in kept for name in _imported(p)
             if any(name == b or name.startswith(b + ".") for b in banned)}
    assert not wrong


def test_headers_deny_what_the_game_never_uses() -> None:
    import tomllib
    config = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    every = next(rule["values"] for rule in config["headers"] if rule["for"] == "/*")
    policy = every["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in policy
    assert "clipboard-write=(self)" in policy
    assert "frame-ancestors 'none'" in every["Content-Security-Policy"]


def test_trimmed_standard_library_holds_every_module_the_engine_imports() -> None:
    """static/build/python_stdlib.zip (scripts/trim_stdlib.py) keeps what tm/ and main.py
    import anywhere, inside functions too, with their packages; the same input gives the
    same bytes. (The browser tests run on it: what Pyodide and PyScript import at run time
    is checked there.)"""
    import pytest

    trim = _script("trim_stdlib")
    try:
        full = trim.source_archive(ROOT).read_bytes()
    except SystemExit:
        pytest.skip("no Pyodide standard library to trim (run `make setup`)")
    wanted = sorted(set(trim.wanted_modules()) | trim.engine_imports())
    data, _absent = trim.trimmed_bytes(full, wanted, {"pyscript/__init__.py": b""})
    assert trim.trimmed_bytes(full, wanted, {"pyscript/__init__.py": b""})[0] == data
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    source = set(zipfile.ZipFile(io.BytesIO(full)).namelist())
    for module in trim.engine_imports():
        if trim.member_for(source, module) is not None:
            assert trim.member_for(names, module) is not None, module
    assert {"datetime.py", "json/__init__.py", "zipimport.py", "encodings/utf_8.py",
            "pyscript/__init__.py"} <= names
    assert not {"unittest/__init__.py", "email/__init__.py", "pdb.py"} & names


def test_the_japanese_font_is_woff2_slices_of_two_weights_used_only_in_japanese(
        tmp_path: Path) -> None:
    fonts = _script("build_fonts")
    package = ROOT / "node_modules" / fonts.PACKAGE
    if not package.is_dir():
        import pytest
        pytest.skip(f"node_modules/{fonts.PACKAGE} is not installed (make setup)")
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    installed = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    assert pinned[fonts.PACKAGE] == installed
    sheet = fonts.stylesheet(fonts.faces(package), fonts.folder(ROOT))
    faces = re.findall(r"@font-face\{([^}]*)\}", sheet)
    assert len(faces) > 200
    for face in faces:
        assert 'font-family:"TM Noto Sans JP"' in face
        assert re.search(r"font-weight:(400|700);", face)
        urls = re.findall(r'url\("([^"]+)"\) format\("([^"]+)"\)', face)
        assert len(urls) == 1 and urls[0][1] == "woff2" and urls[0][0].endswith(".woff2")
        assert urls[0][0].startswith(f"vendor/noto-sans-jp-{installed}/")  # (from static/)
        assert re.search(r"unicode-range:U\+[0-9a-f]", face)
    # The face is used only when the page is in Japanese, and app.css itself names no file
    # but the 1 KB one of the three glyphs of "日本語" (scripts/build_langfont.py).
    css = re.sub(r"/\*.*?\*/", "", (ROOT / "static" / "app.css").read_text(encoding="utf-8"),
                 flags=re.S)
    faces = re.findall(r"@font-face\s*\{([^}]*)\}", css)
    assert len(faces) == 1 and 'url("static/langname-ja.woff2")' in faces[0]
    assert "unicode-range: U+65E5, U+672C, U+8A9E;" in faces[0]
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        if "TM Noto Sans JP" in body:
            assert all(s.strip().startswith("html:lang(ja)") for s in selector.split(",")), \
                selector
    # Never precached by the service worker: fetched only by a page in Japanese.
    (tmp_path / "static" / f"vendor/noto-sans-jp-{installed}").mkdir(parents=True)
    for name in ("index.html", "static/app.css", "static/fonts-ja.css",
                 f"static/vendor/noto-sans-jp-{installed}/noto-sans-jp-0-400-normal.woff2"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert _script("gen_sw").precache(tmp_path) == ["./", "index.html", "static/app.css"]
    import tomllib
    config = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    every = next(rule["values"] for rule in config["headers"] if rule["for"] == "/*")
    assert "font-src 'self'" in every["Content-Security-Policy"]
