"""Assemble dist/, the folder the site is served from (Netlify publishes it; `make serve`
and the browser tests serve it too).

    python scripts/build_site.py [--out dist]

It holds exactly what the page, its service worker and the browser's install prompt
request, and nothing else (tests/e2e/test_site_folder.py compares the two):

- rules.html, the rules reference, written from its catalogs (scripts/build_rules.py) with
  static/rules.js;
- index.html with the start screen prerendered into #app (tm.web renders it here, in
  CPython, as Python will draw it once it is up) and the style sheets inlined (static/app.css
  and PyScript's core.css: the first paint waits for no other request), main.py,
  pyscript.toml, sw.js;
- static/: static/boot.mjs, the icons and the web manifest;
- static/build/: the engine archive, the trimmed standard library and the memory
  snapshot with its manifest (`make setup` makes them: scripts/build_engine.py,
  scripts/trim_stdlib.py, scripts/make_snapshot.mjs);
- static/vendor/: of Pyodide only the loader, the runtime and its lock file (the standard
  library is the trimmed one above), of PyScript its core and the chunks it loads at boot.

Files are copied only when their bytes differ, and files no longer part of the site are
removed, so a second run is quick. sw.js is written last (scripts/gen_sw.py --root dist).
"""
from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE_FILES = ("index.html", "main.py", "pyscript.toml")
STATIC_FILES = ("boot.mjs", "rules.js", "icon.svg", "icon-192.png", "icon-512.png",
                "manifest.webmanifest")
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+\.css)">')
BUILD_FILES = ("engine.zip", "python_stdlib.zip", "snapshot.json")
# What loadPyodide() fetches (the standard library comes from static/build/ instead).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
LOADING = re.compile(r'<div id="app">\s*<main class="loading".*?</main>\s*</div>', re.S)


sys.path.insert(0, str(ROOT))
from scripts import build_rules, gen_sw  # noqa: E402


def start_screen() -> str:
    """The start screen's HTML as the page draws it for a visitor with no saved games."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tm.web import app, saves

    regions = app.App(saves.MemoryStorage(), clock=lambda: 0.0).render()
    return regions["app"]


def prerendered_page(source: str, screen: str) -> str:
    """index.html with the start screen in #app, inert until Python takes over (static/boot.mjs
    lifts it at the ready marker) and a line saying the game is still starting."""
    found = LOADING.search(source)
    if found is None:
        raise SystemExit('index.html: no <div id="app"><main class="loading"> to prerender')
    status = ('<p class="boot-status" role="status" aria-live="polite">'
              '<progress class="boot-progress" aria-label="Loading"></progress> '
              f'{html.escape("Starting the game…")}</p>')
    replaced = (f'<div id="app" class="prerendered" inert aria-busy="true">{screen}</div>\n'
                f'  <div id="boot-status">{status}</div>')
    return source[:found.start()] + replaced + source[found.end():]


def inline_styles(source: str, root: Path) -> str:
    """Each <link rel="stylesheet"> of the page replaced by the sheet itself."""
    def sheet(found: re.Match[str]) -> str:
        text = (root / found.group(1)).read_text(encoding="utf-8")
        if "</" in text or "url(" in text or "@import" in text:
            raise SystemExit(f"{found.group(1)} cannot be inlined as it is")
        return f"<style>/* {found.group(1)} */\n{text}</style>"
    return STYLESHEET.sub(sheet, source)


def site_files(root: Path) -> dict[str, Path]:
    """Site-relative path -> the file in the repository it is copied from."""
    runtime, pyscript = gen_sw.vendor_folders(root)
    files = {name: root / name for name in PAGE_FILES}
    files |= {f"static/{name}": root / "static" / name for name in STATIC_FILES}
    build = root / "static" / "build"
    files |= {f"static/build/{name}": build / name for name in BUILD_FILES
              if (build / name).is_file() or name != "snapshot.json"}
    if (build / "snapshot.json").is_file():
        import json
        name = json.loads((build / "snapshot.json").read_text(encoding="utf-8"))["file"]
        files[f"static/build/{name}"] = build / name
    files |= {f"{runtime}/{name}": root / runtime / name for name in PYODIDE_FILES}
    files |= {path: root / path for path in gen_sw.pyscript_files(root)
              if not path.endswith(".css")}
    missing = sorted(path for path, source in files.items() if not source.is_file())
    if missing:
        raise SystemExit(f"missing: {', '.join(missing)} (run `make setup`)")
    return files


def _write(target: Path, data: bytes) -> bool:
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True


def build(out: Path, root: Path = ROOT) -> int:
    """Make ``out`` hold the site; the number of files written."""
    files = site_files(root)
    written = 0
    for path, source in files.items():
        data = source.read_bytes()
        if path == "index.html":
            page = inline_styles(data.decode("utf-8"), root)
            data = prerendered_page(page, start_screen()).encode("utf-8")
        written += _write(out / path, data)
    written += build_rules.write(out)
    keep = set(files) | {"sw.js", "rules.html"}
    for stale in sorted(p for p in out.rglob("*") if p.is_file()):
        if stale.relative_to(out).as_posix() not in keep:
            stale.unlink()
    for folder in sorted((p for p in out.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    gen_sw.main(["--root", str(out)])
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    written = build(args.out.resolve())
    if written:
        print(f"{args.out}: {written} files written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
