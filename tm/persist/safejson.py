"""JSON from outside (links, saves, storage entries, import files), bounded before parsing.

``json.loads`` recurses once per nesting level: text nested a few thousand levels deep
overflows the stack (in the browser a stack overflow kills the whole runtime). So the text
is measured first, size and nesting, by a linear scan that never recurses.
"""
from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64  # the deepest our own saves go is about 8
MAX_BYTES = 8 << 20


class UnsafeJson(ValueError):
    """Text too large, too deeply nested, or not JSON at all."""


def nesting(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest


def loads(text: Any, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON from outside; UnsafeJson when too large, too deep or malformed."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise UnsafeJson("too large")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise UnsafeJson("not text") from error
    if not isinstance(text, str):
        raise UnsafeJson("not text")
    if len(text) > max_bytes:
        raise UnsafeJson("too large")
    if nesting(text) > max_depth:
        raise UnsafeJson("nested too deeply")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise UnsafeJson("not valid JSON") from error
