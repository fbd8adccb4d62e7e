"""The engine's dispatch tables are filled by the listed load order (tm.expansions), never
by importing a module: a decorator only marks its function, and no marked function of any
engine module is left out of the list."""
from __future__ import annotations

import importlib
import pkgutil
import types

import pytest

import tm
from tm import expansions
from tm.core import entries, flow
from tm.core.flow import HANDLERS, OPS
from tm.rules.play import REQUIREMENTS
from tm.vocab.custom import CUSTOM
from tm.vocab.kinds import COUNTABLES, RUN, step_kind

# Where each table's entries end up, by the name they are marked with.
HELD = {"op": lambda name: OPS[name], "handler": lambda name: HANDLERS[name],
        "step_kind": lambda name: RUN[name], "countable": lambda name: COUNTABLES[name],
        "custom_step": lambda name: CUSTOM[name][1],
        "requirement_kind": lambda name: REQUIREMENTS[name]}


def _engine_modules() -> list[types.ModuleType]:
    found = []
    for info in pkgutil.walk_packages(tm.__path__, "tm."):
        if not info.name.startswith(("tm.web", "tm.__main__")):
            found.append(importlib.import_module(info.name))
    return found


def _forgotten(modules: list[types.ModuleType]) -> list[str]:
    """Modules with marked functions that the load order does not list."""
    listed = {m.__name__ for m in (*expansions.RULE_MODULES, *expansions.SET_MODULES)}
    return [m.__name__ for m in modules
            if any(True for _ in entries.entries_of(m)) and m.__name__ not in listed]


def test_every_marked_function_of_the_engine_is_in_its_table() -> None:
    modules = _engine_modules()
    assert _forgotten(modules) == []
    count = 0
    for module in modules:
        for table, name, fn, _ in entries.entries_of(module):
            assert HELD[table](name) is fn, (module.__name__, table, name)
            count += 1
    assert count >= 100  # 39 handlers, 10 ops, 21 step kinds, 29 custom steps, ...


def test_a_marked_function_is_not_registered_until_its_module_is_installed() -> None:
    planted = types.ModuleType("tm.planted")
    exec("from tm.vocab.kinds import step_kind\n"  # noqa: S102 (a module made for the test)
         "@step_kind('planted_kind')\ndef run(g, p, src, step):\n    pass\n", vars(planted))
    assert "planted_kind" not in RUN
    assert _forgotten([planted]) == ["tm.planted"]
    try:
        assert entries.install(planted, expansions.TABLES) == 1
        assert RUN["planted_kind"] is vars(planted)["run"]
    finally:
        del RUN["planted_kind"]


def test_a_second_entry_under_a_taken_name_is_refused() -> None:
    @step_kind("gain")
    def again(g: object, p: int, src: str | None, step: object) -> None:
        """A second runner for a kind that has one."""

    holder = types.ModuleType("tm.again")
    again.__module__ = holder.__name__
    vars(holder)["again"] = again
    with pytest.raises(ValueError):
        entries.install(holder, expansions.TABLES)


def test_a_handler_is_installed_only_for_a_listed_purpose() -> None:
    """(Marking checks nothing: an expansion's purposes are listed when its manifest is
    installed, before the handlers are.)"""
    with pytest.raises(ValueError, match="unknown prompt purpose"):
        flow.add_handler("no_such_purpose", lambda g, p, ask, response: None)
