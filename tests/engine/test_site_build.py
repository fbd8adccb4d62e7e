"""How scripts/build_site.py assembles the page: the compiled archives it picks, the
preloads and the inline script of the last screen."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts import build_site  # noqa: E402


def _build_folder(tmp_path: Path, recorded: str | None) -> Path:
    build = tmp_path / "static" / "build"
    (build / "pyc").mkdir(parents=True)
    (build / "engine.zip").write_bytes(b"source archive")
    (build / "pyc" / "engine.zip").write_bytes(b"compiled archive")
    if recorded is not None:
        (build / "pyc" / "sources.json").write_text(json.dumps({"engine.zip": recorded}))
    return build


def test_compiled_archive_is_served_while_it_matches_its_source(tmp_path: Path) -> None:
    digest = hashlib.sha256(b"source archive").hexdigest()
    build = _build_folder(tmp_path, digest)
    assert build_site.compiled(build, "engine.zip") == build / "pyc" / "engine.zip"


@pytest.mark.parametrize("recorded", [None, "0" * 64])
def test_source_archive_is_served_when_the_compiled_one_is_stale_or_missing(
        tmp_path: Path, recorded: str | None) -> None:
    build = _build_folder(tmp_path, recorded)
    assert build_site.compiled(build, "engine.zip") == build / "engine.zip"


def test_preloads_name_what_python_waits_for_once_each() -> None:
    links = build_site.preload_links("static/vendor/pyodide-1", "static/vendor/pyscript-1")
    for path in ("static/vendor/pyodide-1/pyodide.asm.wasm", "static/build/python_stdlib.zip",
                 "main.py", "pyscript.toml", "static/vendor/pyodide-1/pyodide.mjs",
                 "static/vendor/pyscript-1/core.js"):
        assert links.count(f'href="{path}"') == 1
    # The engine waits for the runtime (static/boot.mjs): not preloaded, no shared bandwidth.
    assert "engine.zip" not in links
    # fetch() asks in cors mode with same-origin credentials: only a crossorigin preload
    # is handed over (otherwise the browser downloads the file twice).
    assert links.count('as="fetch" crossorigin') == 4


def test_last_screen_script_is_inlined_and_allowed_by_its_hash() -> None:
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    page = build_site.with_kept_inline(source, ROOT)
    assert build_site.KEPT_SCRIPT not in page
    assert (ROOT / "static" / "kept.js").read_text(encoding="utf-8") in page
    policy = (ROOT / "netlify.toml").read_text(encoding="utf-8")
    assert build_site.kept_script_hash(ROOT) in policy


def test_last_screen_script_with_another_hash_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "kept.js").write_text("// changed\n", encoding="utf-8")
    (tmp_path / "netlify.toml").write_text((ROOT / "netlify.toml").read_text("utf-8"), "utf-8")
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    with pytest.raises(SystemExit, match="script-src must allow"):
        build_site.with_kept_inline(source, tmp_path)
