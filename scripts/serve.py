"""Serve the site folder on localhost with the headers netlify.toml gives in production.

    python scripts/serve.py [--port 8000] [--root .]

Used by ``make serve`` and by the browser tests, so the page is always tested under
the same Content-Security-Policy and content types as the deployed site.
"""
from __future__ import annotations

import argparse
import contextlib
import fnmatch
import functools
import http.server
import importlib.util
import io
import threading
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".toml": "text/plain; charset=utf-8",
         ".py": "text/plain; charset=utf-8", ".webmanifest": "application/manifest+json"}


def netlify_headers(root: Path) -> list[tuple[str, dict[str, str]]]:
    """(path pattern, headers) pairs from netlify.toml, in file order."""
    config = tomllib.loads((root / "netlify.toml").read_text(encoding="utf-8"))
    return [(rule["for"], dict(rule["values"])) for rule in config.get("headers", [])]


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with netlify.toml headers; quiet logs."""

    rules: list[tuple[str, dict[str, str]]] = []
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        values: dict[str, tuple[str, str]] = {}  # by lower-case name: one of each
        for pattern, rule in self.rules:
            if fnmatch.fnmatch(path, pattern):
                values.update({name.lower(): (name, value) for name, value in rule.items()})
        values.pop("content-type", None)  # set from TYPES instead
        if path.endswith((".py", ".toml", ".json")) or not path.startswith("/static/vendor/"):
            values["cache-control"] = ("Cache-Control", "no-cache")  # sw.js among them
        for name, value in values.values():
            self.send_header(name, value)
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802
        path = self.path.split("?", 1)[0]
        if path == "/sw.js":
            _refresh_service_worker(Path(self.directory))
        elif path == "/static/build/engine.zip":
            _refresh_engine(Path(self.directory))
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


_SW_LOCK = threading.Lock()
_SCRIPTS: dict[str, Any] = {}  # scripts/<name>.py, each loaded once


def _script(name: str) -> Any:
    if name not in _SCRIPTS:
        spec = importlib.util.spec_from_file_location(f"tm_{name}",
                                                      ROOT / "scripts" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _SCRIPTS[name] = module
    return _SCRIPTS[name]


def _refresh_engine(root: Path) -> None:
    """Rebuild static/build/engine.zip when an engine file changed, so an edit is live on
    the next reload (and a snapshot of the older engine is then refused by main.py)."""
    if not (root / "tm").is_dir():
        return
    with _SW_LOCK:
        _script("build_engine").refresh(root)


def _refresh_service_worker(root: Path) -> None:
    """Rewrite sw.js when the served files changed, so its version (and cache) follows
    every edit: the worker serves what it precached first, and must not keep old files."""
    if not (root / "sw.js").exists():
        return
    _refresh_engine(root)  # the worker's version hashes the archive
    with _SW_LOCK, contextlib.redirect_stdout(io.StringIO()):
        try:
            _script("gen_sw").main(["--root", str(root)])
        except (SystemExit, OSError, ValueError):
            pass  # a site without its runtime or snapshot keeps the sw.js it has


def serve(port: int, root: Path) -> None:
    """Serve ``root`` on 127.0.0.1:``port`` until interrupted."""
    Handler.rules = netlify_headers(root)
    handler = functools.partial(Handler, directory=str(root))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {root} on http://localhost:{port}/", flush=True)
        server.serve_forever()


def main() -> None:
    """Parse arguments and serve."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    serve(args.port, args.root)


if __name__ == "__main__":
    main()
