"""The static site's own files: the runtime folders the page names, the engine archive."""
from __future__ import annotations

import importlib.util
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"tm_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


def test_engine_archive_holds_every_engine_file_and_is_reproducible() -> None:
    build_engine = _script("build_engine")
    data = build_engine.archive_bytes(ROOT)
    assert build_engine.archive_bytes(ROOT) == data
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    code = [p for p in (ROOT / "tm").rglob("*.py") if "__pycache__" not in p.parts]
    catalogs = [p for p in (ROOT / "tm" / "web" / "locale").glob("*.po") if p.name != "en.po"]
    assert sorted(names) == sorted(p.relative_to(ROOT).as_posix() for p in code + catalogs)
    assert not [n for n in names if "/locale/rules/" in n]  # read only when the site is built
    assert {"tm/__init__.py", "tm/web/browser.py", "tm/cards/base.py"} <= set(names)


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
    data, _absent = trim.trimmed_bytes(full, wanted)
    assert trim.trimmed_bytes(full, wanted)[0] == data
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    source = set(zipfile.ZipFile(io.BytesIO(full)).namelist())
    for module in trim.engine_imports():
        if trim.member_for(source, module) is not None:
            assert trim.member_for(names, module) is not None, module
    assert {"datetime.py", "json/__init__.py", "zipimport.py", "encodings/utf_8.py"} <= names
    assert not {"unittest/__init__.py", "email/__init__.py", "pdb.py"} & names
