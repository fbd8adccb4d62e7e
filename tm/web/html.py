"""Escaping and small HTML helpers: every value shown in the page goes through ``esc``."""
from __future__ import annotations

from typing import Any


def esc(value: Any) -> str:
    """Text made safe for HTML content and quoted attribute values: what the standard
    library's html.escape(quote=True) gives (tests/web check they agree), without importing
    the html package, whose table of named entities the page would download only for this."""
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def attrs(**values: Any) -> str:
    """` name="value"` pairs, escaped; ``data_x`` is ``data-x``; None and False are left out."""
    parts = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        parts.append(f" {key}" if value is True else f' {key}="{esc(value)}"')
    return "".join(parts)


def button(label: str, action: str, cls: str = "", **data: Any) -> str:
    """A button that the delegated listener routes to ``action`` with its data-* values."""
    data_attrs = {f"data_{k}": v for k, v in data.items()}
    return (f'<button type="button"{attrs(class_=cls or None, data_action=action, **data_attrs)}>'
            f"{esc(label)}</button>")
