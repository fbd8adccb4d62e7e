"""Whether JSON data fits the engine's declared shapes (TypedDicts and the type hints in
them): the typed contract's tests and the typed view's tests check with one reading."""
from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any


def fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits a type hint (int, float, str, bool, list[X], dict[K, V],
    Mapping, X | None, Literal[...], a TypedDict, Any)."""
    if hint is Any:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return value in args
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(fits(v, args[0]) for v in value)
    if origin in (dict, Mapping):
        return isinstance(value, dict) and all(
            fits(k, args[0]) and fits(v, args[1]) for k, v in value.items())
    if typing.is_typeddict(hint):
        return not misfits(value, hint)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:  # (JSON writes a whole float as an int)
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is type(None):
        return value is None
    return isinstance(value, hint)


def misfits(node: Any, shape: Any, where: str = "") -> list[str]:
    """What in ``node`` does not fit the TypedDict ``shape``: missing, unknown or mistyped
    keys, looking into nested TypedDicts (and lists of them) for the key at fault; each
    problem starts with ``where`` (the path to the node) when one is given."""
    at = f"{where}: " if where else ""
    if not isinstance(node, dict):
        return [f"{at}not a dict: {node!r}"]
    hints = typing.get_type_hints(shape)
    wrong = [f"{at}missing {k}" for k in sorted(shape.__required_keys__ - set(node))]
    wrong += [f"{at}unknown {k}" for k in sorted(set(node) - set(hints))]
    for key in sorted(set(node) & set(hints)):
        hint, value = hints[key], node[key]
        inner = _typeddict_in(hint)
        path = f"{where or shape.__name__}.{key}"
        if inner is not None and isinstance(value, list):
            wrong += [w for i, v in enumerate(value) for w in misfits(v, inner, f"{path}[{i}]")]
        elif inner is not None and isinstance(value, dict) and typing.is_typeddict(hint):
            wrong += misfits(value, inner, path)
        elif not fits(value, hint):
            wrong.append(f"{where + '.' if where else ''}{key}={value!r} is not {hint}")
    return wrong


def _typeddict_in(hint: Any) -> Any:
    """The TypedDict a hint is, or holds a list of (else None)."""
    if typing.is_typeddict(hint):
        return hint
    args = typing.get_args(hint)
    if typing.get_origin(hint) is list and typing.is_typeddict(args[0]):
        return args[0]
    return None
