"""Files shared by the build scripts: writing (a file is rewritten only when its bytes
change, so timestamps and the service worker's caches move only with real changes) and
loading a Python file as a module."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_file(path: Path, name: str) -> ModuleType:
    """The Python file at ``path`` run as module ``name`` (registered in sys.modules, where
    its dataclasses look their module up): a script, or one checkout's file whatever else
    this process imported."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def write_if_changed(target: Path, data: bytes) -> bool:
    """Write ``data`` to ``target`` (making its folder) unless it holds them already;
    whether it wrote."""
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True
