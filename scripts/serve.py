"""Serve the site folder on localhost with the headers netlify.toml gives in production.

    python scripts/serve.py [--port 8000] [--root dist] [--rebuild]

Used by ``make serve`` and by the browser tests, so the page is always tested under
the same Content-Security-Policy and content types as the deployed site, from the same
folder Netlify publishes (dist/, made by `make site`). With ``--rebuild`` (`make serve`)
every request for sw.js first brings dist/ up to date with the sources (the engine
archive, the prerendered page, the copied files; not the memory snapshot, which main.py
then reports as stale and leaves alone), so an edit shows after a reload or two.
"""
from __future__ import annotations

import argparse
import email.utils
import fnmatch
import functools
import gzip
import http.server
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".toml": "text/plain; charset=utf-8",
         ".py": "text/plain; charset=utf-8", ".webmanifest": "application/manifest+json",
         ".woff2": "font/woff2"}


def netlify_headers(root: Path = ROOT) -> list[tuple[str, dict[str, str]]]:
    """(path pattern, headers) pairs from the repository's netlify.toml, in file order."""
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

    rebuild = False  # --rebuild: bring dist/ up to date before answering for sw.js
    gzip = False  # --gzip: compress text and the runtime on the wire, as static hosts do
    log: Path | None = None  # --log FILE: append the path of every GET to FILE

    def do_GET(self) -> None:  # noqa: N802
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.log is not None:
            with _LOCK, self.log.open("a", encoding="utf-8") as log:
                log.write(path + "\n")
        if self.rebuild and path == "/sw.js":
            _rebuild_site(Path(self.directory))
        if self.gzip and "gzip" in self.headers.get("Accept-Encoding", "") \
                and self._send_gzipped(path):
            return
        super().do_GET()

    def _send_gzipped(self, path: str) -> bool:
        """Answer with the file gzipped when it is worth it; False to answer as usual."""
        local = Path(self.translate_path(path))
        if local.is_dir():
            local = local / "index.html"
        if not local.is_file() or not compressible(self.guess_type(str(local))):
            return False
        stat = local.stat()
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        since = self.headers.get("If-Modified-Since")
        if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime):
            self.send_response(304)
            self.end_headers()
            return True
        key = (str(local), stat.st_mtime_ns)
        body = _GZIPPED.get(key)
        if body is None:
            body = _GZIPPED[key] = gzip.compress(local.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away (a page closed mid-download)
        return True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


_LOCK = threading.Lock()
# What Netlify compresses, as far as found (README: its documentation lists no types): by the
# response's Content-Type, not the file's name; text, scripts, JSON, SVG and WebAssembly
# (brotli where the browser accepts it, since 2020, else gzip: this server sends gzip). Not
# an archive (application/zip), a font, an image or a type it does not know
# (application/octet-stream: the snapshot's .bin): those go as they are, so the site
# compresses them ahead where it pays (the snapshot, the engine archive: build_site.py).
COMPRESSIBLE_TYPES = {"text/html", "text/css", "text/javascript", "text/plain",
                      "application/javascript", "application/json", "application/wasm",
                      "application/manifest+json", "image/svg+xml"}
COMPRESSIBLE = {suffix for suffix, kind in TYPES.items()
                if kind.split(";")[0] in COMPRESSIBLE_TYPES} | {".html", ".css", ".svg", ".txt"}


def compressible(content_type: str) -> bool:
    """Whether the host compresses a response of ``content_type``."""
    return content_type.split(";")[0].strip().lower() in COMPRESSIBLE_TYPES


_GZIPPED: dict[tuple[str, int], bytes] = {}


def _rebuild_site(out: Path) -> None:
    """The engine archive and dist/ rebuilt from the sources (each step writes only what
    changed); a failure leaves the folder as it was and is printed."""
    with _LOCK:
        for script in ("build_engine.py", "build_site.py"):
            arguments = ["--out", str(out)] if script == "build_site.py" else []
            done = subprocess.run([sys.executable, str(ROOT / "scripts" / script), *arguments],
                                  capture_output=True, text=True, check=False)
            if done.returncode:
                print(f"{script} failed:\n{done.stderr}", file=sys.stderr, flush=True)
                return


def serve(port: int, root: Path, rebuild: bool = False, compress: bool = False,
          log: Path | None = None) -> None:
    """Serve ``root`` on 127.0.0.1:``port`` until interrupted."""
    Handler.rules = netlify_headers(ROOT)
    Handler.rebuild = rebuild
    Handler.gzip = compress
    Handler.log = log
    handler = functools.partial(Handler, directory=str(root))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {root} on http://localhost:{port}/", flush=True)
        server.serve_forever()


def main() -> None:
    """Parse arguments and serve."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT / "dist")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--gzip", action="store_true")
    parser.add_argument("--log", type=Path)
    args = parser.parse_args()
    serve(args.port, args.root.resolve(), args.rebuild, args.gzip, args.log)


if __name__ == "__main__":
    main()
