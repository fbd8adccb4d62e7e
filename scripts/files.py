"""File writing shared by the build scripts: a file is rewritten only when its bytes change,
so timestamps (and the service worker's caches) move only with real changes."""
from __future__ import annotations

from pathlib import Path


def write_if_changed(target: Path, data: bytes) -> bool:
    """Write ``data`` to ``target`` (making its folder) unless it holds them already;
    whether it wrote."""
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True
