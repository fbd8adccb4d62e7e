"""Assemble dist/, the folder the site is served from (Netlify publishes it; `make serve`
and the browser tests serve it too).

    python scripts/build_site.py [--out dist]

It holds exactly what the page, its service worker and the browser's install prompt
request, and nothing else (tests/e2e/test_site_folder.py compares the two):

- rules.html, the rules reference, written from its catalogs (scripts/build_rules.py) with
  static/rules.js; cards.html, the list of every card (scripts/build_cards.py), with
  static/rules.js and static/cards.js;
- index.html with the start screen prerendered into #app (tm.web renders it here, in
  CPython, as Python will draw it once it is up), the style sheet inlined (static/app.css:
  the first paint waits for no other request) and preloads of what
  Python's start downloads (its downloads begin with the page's head) and static/kept.js
  inline (a return visit's last screen drawn before the first paint; the start screen's
  new-game form usable before Python is up, the words it shows then in every language on
  #boot-status), main.py and pyscript.toml (PyScript runs main.py on the interpreter
  static/boot.mjs starts), sw.js;
- static/: static/boot.mjs, static/trusted.js (the Trusted Types policy), the icons, the
  web manifest and static/langname-ja.woff2 (the three glyphs of "日本語" for the language
  choosers, scripts/build_langfont.py: precached, about 1 KB);
- static/build/: the engine archive, the trimmed standard library (both compiled to
  bytecode by scripts/compile_pyc.mjs when that is up to date) and the memory snapshot with
  its manifest (`make setup` makes them: scripts/build_engine.py, scripts/trim_stdlib.py,
  scripts/compile_pyc.mjs, scripts/make_snapshot.mjs);
- static/vendor/: of Pyodide only the loader, the runtime and its lock file (the standard
  library is the trimmed one above); of PyScript what the Makefile copies (its core and the
  chunks our page loads: no editor, terminal or their libraries);
- the Japanese web font (scripts/build_fonts.py): static/fonts-ja.css and the font files
  it names, requested only by a page shown in Japanese, and then only the slices holding
  characters shown (not precached by the service worker: kept once fetched).

Files are copied only when their bytes differ, and files no longer part of the site are
removed, so a second run is quick. sw.js is written last (scripts/gen_sw.py --root dist).
"""
from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE_FILES = ("index.html", "main.py", "pyscript.toml")
STATIC_FILES = ("boot.mjs", "sidedb.mjs", "trusted.js", "screen.mjs", "seatkeys.mjs", "rules.js",
                "cards.js", "icon.svg", "icon-192.png", "icon-512.png", "manifest.webmanifest",
                "langname-ja.woff2")
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+\.css)">')
BUILD_FILES = ("engine.zip", "python_stdlib.zip", "snapshot.json")
# What loadPyodide() fetches (the standard library comes from static/build/ instead).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
LOADING = re.compile(r'<div id="app">\s*<main class="loading".*?</main>\s*</div>', re.S)


sys.path.insert(0, str(ROOT))
from scripts import build_cards, build_fonts, build_rules, gen_sw  # noqa: E402
from scripts.files import write_if_changed  # noqa: E402


def start_screen() -> str:
    """The start screen's HTML as the page draws it for a visitor with no saved games."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tm.web import app, saves

    regions = app.App(saves.MemoryStorage(), clock=lambda: 0.0).render()
    return regions["app"]


def prerendered_page(source: str, screen: str) -> str:
    """index.html with the start screen in #app, inert until static/kept.js makes its
    new-game form usable (or Python takes over: static/boot.mjs lifts it at the ready
    marker), and a line saying the game is still starting (its words in every language
    on #boot-status, for static/kept.js to show the page's)."""
    found = LOADING.search(source)
    if found is None:
        raise SystemExit('index.html: no <div id="app"><main class="loading"> to prerender')
    from tm.web.early_form import boot_words

    words = boot_words()
    status = ('<p class="boot-status" role="status" aria-live="polite">'
              '<progress class="boot-progress" aria-label="Loading"></progress> '
              f'<span class="boot-line">{html.escape(words["en"]["starting"])}</span></p>')
    data = html.escape(json.dumps(words, ensure_ascii=False, separators=(",", ":")))
    replaced = (f'<div id="app" class="prerendered" inert aria-busy="true">{screen}</div>\n'
                f'  <div id="boot-status" data-words="{data}">{status}</div>')
    return _lang_place(source[:found.start()]) + replaced + source[found.end():]


def _lang_place(source: str) -> str:
    """The language select's place kept (hidden, inert) until Python draws it there: the
    screen below does not move down when the engine is ready."""
    from tm.web.app_lang import language_select

    empty = '<div id="lang"></div>'
    if empty not in source:
        raise SystemExit(f"index.html: no {empty} to keep the language select's place")
    held = (language_select("en")
            .replace('<label class="lang-pick">',
                     '<label class="lang-pick held" aria-hidden="true">')
            .replace("<select ", '<select disabled tabindex="-1" '))
    return source.replace(empty, f'<div id="lang">{held}</div>', 1)


def inline_styles(source: str, root: Path) -> str:
    """Each <link rel="stylesheet"> of the page replaced by the sheet itself."""
    def sheet(found: re.Match[str]) -> str:
        text = (root / found.group(1)).read_text(encoding="utf-8")
        # (a url() may only name a file from the site's root, "static/…": inlined into a
        # page at the root, it means there what it says; anything else would change meaning)
        urls_elsewhere = text.count("url(") != text.count('url("static/')
        if "</" in text or urls_elsewhere or "@import" in text:
            raise SystemExit(f"{found.group(1)} cannot be inlined as it is")
        return f"<style>/* {found.group(1)} */\n{text}</style>"
    return STYLESHEET.sub(sheet, source)


def preload_links(runtime: str, pyscript: str = "") -> str:
    """<link>s that start the downloads Python's start waits for as soon as the page's head
    is read, instead of after boot.mjs and Pyodide's loader have loaded and run (two round
    trips later): the runtime's WebAssembly and the standard library (fetch()ed by Pyodide:
    same URL and mode, so the browser hands over the preloaded response), main.py
    (static/boot.mjs fetches it only once Python is up: a round trip on the way to ready;
    tiny, fetchpriority="low") and Pyodide's loader. Not the engine archive: Python's start
    needs the runtime and the standard library, the engine only after it, and a preload
    shared the bandwidth with them however low its priority (static/boot.mjs asks for it
    once the runtime has arrived). PyScript's config, pyscript.toml (tiny, and first on
    PyScript's way to asking for the interpreter: high priority), and its modules
    (``pyscript``: the folder of its vendored chunks), so they are in before the interpreter
    is."""
    fetched = ((f"{runtime}/pyodide.asm.wasm", "high"), ("static/build/python_stdlib.zip", "high"),
               ("main.py", "low"), ("pyscript.toml", "high"))
    # (Not the runtime's 1.2 MB module, pyodide.asm.mjs: it arrives long before the
    # WebAssembly anyway, and preloaded it is compiled at once, delaying the first paint.)
    modules = (f"{runtime}/pyodide.mjs", "static/sidedb.mjs", "static/screen.mjs",
               "static/seatkeys.mjs")
    modules += tuple(f"{pyscript}/{name}" for name in pyscript_modules(ROOT / pyscript)) \
        if pyscript else ()
    return "".join([f'<link rel="preload" href="{path}" as="fetch" crossorigin '
                    f'fetchpriority="{priority}">\n  ' for path, priority in fetched]
                   + [f'<link rel="modulepreload" href="{path}">\n  ' for path in modules])


def pyscript_modules(folder: Path) -> list[str]:
    """PyScript's core.js and the chunks it imports statically (not the error plugin's,
    imported only once the config is read), as the Makefile vendored them."""
    return ["core.js"] + sorted(path.name for path in folder.glob("core-*.js"))


def with_preloads(source: str, runtime: str, pyscript: str = "") -> str:
    """index.html with preload_links() first in its head (after the charset)."""
    marker = '<meta charset="utf-8">\n  '
    if marker not in source:
        raise SystemExit("index.html: no <meta charset> to put the preloads after")
    return source.replace(marker, marker + preload_links(runtime, pyscript), 1)


KEPT_SCRIPT = '<script src="static/kept.js"></script>'


def kept_script_hash(root: Path = ROOT) -> str:
    """The CSP source that allows static/kept.js inline: 'sha256-<base64 of its digest>'."""
    text = (root / "static" / "kept.js").read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def with_kept_inline(source: str, root: Path) -> str:
    """index.html with static/kept.js inline (it must run before the first paint, with no
    download), once netlify.toml's script-src allows it by its hash."""
    if KEPT_SCRIPT not in source:
        raise SystemExit(f"index.html: no {KEPT_SCRIPT}")
    allowed = kept_script_hash(root)
    if allowed not in (root / "netlify.toml").read_text(encoding="utf-8"):
        raise SystemExit(f"netlify.toml: script-src must allow static/kept.js: {allowed}")
    text = (root / "static" / "kept.js").read_text(encoding="utf-8")
    if "</" in text:
        raise SystemExit("static/kept.js cannot be inlined as it is")
    return source.replace(KEPT_SCRIPT, f"<script>{text}</script>", 1)


def site_files(root: Path) -> dict[str, Path]:
    """Site-relative path -> the file in the repository it is copied from."""
    runtime, pyscript = gen_sw.vendor_folders(root)
    files = {name: root / name for name in PAGE_FILES}
    files |= {f"static/{name}": root / "static" / name for name in STATIC_FILES}
    build = root / "static" / "build"
    files |= {f"static/build/{name}": compiled(build, name) for name in BUILD_FILES
              if (build / name).is_file() or name != "snapshot.json"}
    if (build / "snapshot.json").is_file():
        name = json.loads((build / "snapshot.json").read_text(encoding="utf-8"))["file"]
        files[f"static/build/{name}"] = build / name
    files |= {f"{runtime}/{name}": root / runtime / name for name in PYODIDE_FILES}
    if not (root / pyscript / "core.js").is_file():
        raise SystemExit(f"missing: {pyscript}/core.js (run `make setup`)")
    files |= {f"{pyscript}/{path.name}": path for path in sorted((root / pyscript).iterdir())}
    files |= build_fonts.site_files(root)
    missing = sorted(path for path, source in files.items() if not source.is_file())
    if missing:
        raise SystemExit(f"missing: {', '.join(missing)} (run `make setup`)")
    return files


def compiled(build: Path, name: str) -> Path:
    """build/pyc/<name> (scripts/compile_pyc.mjs) while build/pyc/sources.json names the
    source archive build/<name> as it is now; else the source archive (an engine file
    edited under `make serve`: served as source until the next `make site`)."""
    made = build / "pyc" / name
    try:
        sources = json.loads((build / "pyc" / "sources.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return build / name
    if not made.is_file() or not (build / name).is_file():
        return build / name
    digest = hashlib.sha256((build / name).read_bytes()).hexdigest()
    return made if sources.get(name) == digest else build / name


def gzipped_archive(data: bytes) -> bytes:
    """The engine archive as the site sends it: gzipped whole at the highest level
    (static/boot.mjs inflates it). Its files are stored, not deflated one by one
    (scripts/compile_pyc.mjs), so the gzip shares what they have in common: some 840 kB
    on the wire against 1.02 MB for a zip deflated file by file. Compressed ahead, as the
    snapshot is: a host does not compress a .zip (its type says it is compressed already)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def lock_without_packages(data: bytes) -> bytes:
    """Pyodide's lock file with its package list left out: the page loads no package
    (pyscript.toml lists none; the standard library is our trimmed archive), and the list
    is 119 kB (27 kB on the wire) the runtime fetches on every first visit. Its ``info``
    stays: the runtime checks the ABI version it names."""
    lock = json.loads(data)
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode("utf-8")


def build(out: Path, root: Path = ROOT) -> int:
    """Make ``out`` hold the site; the number of files written."""
    files = site_files(root)
    written = 0
    for path, source in files.items():
        data = source.read_bytes()
        if path == "index.html":
            page = inline_styles(data.decode("utf-8"), root)
            page = with_preloads(page, *gen_sw.vendor_folders(root))
            page = with_kept_inline(page, root)
            data = prerendered_page(page, start_screen()).encode("utf-8")
        elif path == "static/build/engine.zip":
            data = gzipped_archive(data)
        elif path.endswith("/pyodide-lock.json"):
            data = lock_without_packages(data)
        written += write_if_changed(out / path, data)
    written += build_rules.write(out) + build_cards.write(out)
    keep = set(files) | {"sw.js", "rules.html", "cards.html"}
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
