"""Where the shared project documents live, and the skip-unless-CI rule for tests using them."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

SHARED = Path(__file__).resolve().parents[3] / "shared"


def shared_path(*parts: str) -> Path:
    """A file under ../shared; skips when absent outside CI, fails when absent in CI."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing in CI")
        # (modules that read the reference while collecting skip as a whole)
        pytest.skip(f"{path} is not available", allow_module_level=True)
    return path


def load_reference(name: str) -> Any:
    """A JSON file of ../shared/reference."""
    return json.loads(shared_path("reference", name).read_text(encoding="utf-8"))
