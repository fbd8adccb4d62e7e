"""Errors the public API raises, and the reasons they carry.

A reason is the English text of a refusal (what ``str(error)`` says, for tests and the
command line) that also remembers a catalog key and its values, so the page can say it in
the player's language. The engine only names the key: its words live in the page's
catalog (``err.<key>`` in tm/web/i18n_errors.py).
"""
from __future__ import annotations

from typing import Any


class Reason(str):
    """English text with the catalog ``key`` and ``values`` that say it in any language."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, text: str, **values: Any) -> Reason:
        made = super().__new__(cls, text)
        made.key, made.values = key, values
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep key and values
        return _remade, (self.key, str(self), self.values)


def _remade(key: str, text: str, values: dict[str, Any]) -> Reason:
    return Reason(key, text, **values)


def reason(key: str, text: str, **values: Any) -> Reason:
    """The English ``text`` of a refusal, translatable by ``key`` with ``values``."""
    return Reason(key, text, **values)


def reason_of(error: BaseException) -> Reason | None:
    """The reason an error carries (None for an error raised with plain text)."""
    found = getattr(error, "reason", None)
    if isinstance(found, Reason):
        return found
    first = error.args[0] if error.args else None
    return first if isinstance(first, Reason) else None


class IllegalMove(ValueError):
    """A response the rules forbid; ``rule`` names the R- id that forbids it."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        self.reason = message  # a Reason when the page can translate it
        super().__init__(f"{message} ({rule})" if rule else message)


class SaveError(ValueError):
    """A save that cannot be loaded: wrong format, version or checksum."""
