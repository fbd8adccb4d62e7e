"""Entries of the engine's dispatch tables, declared beside their code, installed by the
load order.

The flow runs ops and answers prompts by name, the interpreter runs step kinds, custom
steps, countables and requirement kinds by name. A decorator such as ``@handler("pay")``
or ``@step_kind("gain")`` only marks its function with the table and the name it answers
under: importing a module registers nothing. :func:`install` puts the marked functions
of a listed module into their tables (the modules are listed once, in order, by
:mod:`tm.expansions`), so which code answers a name follows from that one list; a test
finds any marked function in a module the list forgets.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
Found = tuple[str, str, Callable[..., Any], tuple[Any, ...]]  # table, name, function, extra
Installer = Callable[..., None]  # (name, function, *the rest of the entry)
_MARK = "tm_entries"


def marked(table: str, name: str, *extra: Any) -> Callable[[F], F]:
    """A decorator marking a function as the entry ``name`` of ``table`` (with ``extra``,
    e.g. a step kind's check); a function may be marked for more than one table."""
    def mark(fn: F) -> F:
        setattr(fn, _MARK, (*getattr(fn, _MARK, ()), (table, name, extra)))
        return fn
    return mark


def entries_of(module: ModuleType) -> Iterator[Found]:
    """The marked functions a module defines, in definition order: (table, name, function,
    extra) for each mark."""
    for value in vars(module).values():
        if callable(value) and getattr(value, "__module__", None) == module.__name__:
            for table, name, extra in getattr(value, _MARK, ()):
                yield table, name, value, extra


def install(module: ModuleType, tables: Mapping[str, Installer]) -> int:
    """Put each marked function of ``module`` into its table (``tables``: each table's
    installer by name); how many were put."""
    done = 0
    for table, name, fn, extra in entries_of(module):
        tables[table](name, fn, *extra)
        done += 1
    return done
