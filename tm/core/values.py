"""Checks on plain values read from outside (links, saves, options, the page's state)."""

from __future__ import annotations

from typing import Any, TypeGuard


def is_int(value: Any) -> TypeGuard[int]:
    """An int that is not a bool (JSON's true would pass ``isinstance(value, int)``)."""
    return isinstance(value, int) and not isinstance(value, bool)
