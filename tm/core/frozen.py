"""Read-only definitions and refusing registries.

Card, map and manifest data are frozen (``MappingProxyType`` and tuples all the way
down), so no queued item, prompt or view can change them; whatever goes into the
game state is a plain copy (:func:`thaw`). Registries refuse a second entry under
the same name, so two definitions can never silently replace each other.
"""
from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from types import MappingProxyType
from typing import Any, TypeVar

V = TypeVar("V")


def freeze(value: Any) -> Any:
    """A read-only deep copy: mappings become MappingProxyType, lists become tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """A plain, JSON-ready deep copy (dicts and lists) of frozen or plain data."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(item) for item in value]
    return value


_AS_IS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    """What ``thaw(freeze(value))`` makes of plain data (a view copies each ask's details
    so), without the generic checks for the plain types such data holds."""
    kind = type(value)
    if kind in _AS_IS:
        return value
    if kind is dict:
        return {k: plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [plain(v) for v in value]
    return thaw(freeze(value))


class DuplicateName(ValueError):
    """A registry was given a second entry under a name it already holds."""


def register(table: MutableMapping[str, V], name: str, value: V, what: str = "entry") -> V:
    """Add ``value`` under ``name``; raise DuplicateName if the name is taken."""
    if name in table:
        raise DuplicateName(f"{what} {name!r} is registered twice")
    table[name] = value
    return value
