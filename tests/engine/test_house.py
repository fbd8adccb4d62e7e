"""The house's contract: layers import one way, no import cycle anywhere in ``tm/`` between
modules nor between packages, and no room too big to read (modules up to 400 lines,
functions up to 50 unless their docstring says why they are longer).

Every import statement counts: the ones inside functions and those under ``if
TYPE_CHECKING:`` included (an annotation that needs a higher layer's type is a knot too;
a ``Protocol`` of what the lower layer needs says it without the import). The layers, top
to bottom: a module may import its own layer and the layers below it, never one above.
A module listed by its own name sits in that layer, whatever its package's layer is.

The suites mirror the house: the engine's suite (tests/engine) imports no page code and no
other suite's files, not even through the kits it shares with them.

Each expansion owns its words: its purposes, response types and log records (its
manifest's vocabulary), its action types, projects, setup offers and the names its own
modules' table entries answer under appear as string literals only in its own packages
(the vocabulary scan; what still stands outside is listed, to shrink).
"""
from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest

from tests.kits.prose import docstring_ids

if TYPE_CHECKING:
    from tm.core.manifest import Manifest

TM = Path(__file__).resolve().parents[2] / "tm"
TESTS = Path(__file__).resolve().parents[1]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("tm.web",),
    ("tm.__main__", "tm.cli"),
    ("tm.bots",),
    ("tm.sim", "tm.testing"),
    ("tm",),  # the package's face: Game, Options, errors, and the load order run once
    # a link replays its moves through the game API
    ("tm.linkplay",),
    ("tm.game", "tm.options_check"),  # (options range-checked before a game is made)
    ("tm.view", "tm.view_board", "tm.view_model", "tm.simultaneous", "tm.persist",
     "tm.daily"),
    ("tm.expansions",),
    ("tm.prompts",),
    ("tm.rules",),
    ("tm.vocab",),
    ("tm.cards",),
    ("tm.board",),
    ("tm.core",),
    ("tm.fairdeck",),  # the fair deck's cryptography: the rules will call it, it knows no rule
)
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 50
LONG_REASON = "Long because"  # how a longer function's docstring starts its reason


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_nodes(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    return (node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom)))


def imports_of(source: str, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` imports (a from-import of a
    submodule counts as that submodule; of a name, as the module defining it)."""
    found: set[str] = set()
    for node in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Every module under ``root`` (a package folder) and the modules of it each imports."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))
             if "__pycache__" not in p.parts}
    modules = set(paths)
    return {name: imports_of(path.read_text(encoding="utf-8"), name,
                             path.name == "__init__.py", modules)
            for name, path in paths.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer_of(name: str, layers: tuple[tuple[str, ...], ...] = LAYERS) -> int:
    """The index of the layer a module sits in (0 is the top): its longest listed prefix."""
    best, depth = len(layers), -1
    for number, members in enumerate(layers):
        for member in members:
            if (name == member or name.startswith(member + ".")) and member.count(".") > depth:
                best, depth = number, member.count(".")
    return best


def upward_imports(graph: Mapping[str, set[str]],
                   layers: tuple[tuple[str, ...], ...] = LAYERS) -> list[str]:
    """Every import of a module in a higher layer than the importer's."""
    return [f"{name} -> {target}" for name in sorted(graph) for target in sorted(graph[name])
            if layer_of(target, layers) < layer_of(name, layers)]


def package_of(name: str, packages: set[str]) -> str:
    """The room a module of ``tm`` sits in: its package below ``tm`` (``tm.core.state`` in
    ``tm.core``), or itself for a module of ``tm``'s own (``tm.game``) and for ``tm``."""
    top = ".".join(name.split(".")[:2])
    return top if top in packages else name


def package_graph(graph: Mapping[str, set[str]], root: Path) -> dict[str, set[str]]:
    """The import graph between packages: a package imports another when one of its
    modules imports one of the other's (imports inside a package are left out)."""
    packages = {module_name(p, root) for p in root.glob("*/__init__.py")}
    found: dict[str, set[str]] = {}
    for name, targets in graph.items():
        room = package_of(name, packages)
        found.setdefault(room, set()).update(
            package_of(target, packages) for target in targets
            if package_of(target, packages) != room)
    return found


def test_every_engine_module_sits_in_a_layer() -> None:
    unplaced = [name for name in import_graph(TM) if layer_of(name) == len(LAYERS)]
    assert not unplaced


def test_no_module_imports_a_higher_layer() -> None:
    assert upward_imports(import_graph(TM)) == []


def test_no_import_cycle_anywhere_in_tm() -> None:
    assert cycles(import_graph(TM)) == []


def test_no_import_cycle_between_packages() -> None:
    assert cycles(package_graph(import_graph(TM), TM)) == []


def _plant(root: Path, files: Mapping[str, str]) -> Path:
    for relative, text in files.items():
        path = root / "tm" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "tm"


def test_the_checks_find_a_planted_cycle_and_a_planted_upward_import(tmp_path: Path) -> None:
    planted = _plant(tmp_path, {
        "__init__.py": "", "core/__init__.py": "", "rules/__init__.py": "",
        "core/state.py": "def helper():\n    from tm.rules.play import x\n",
        "rules/play.py": "from tm.core import state\nx = 1\n",
        "rules/phases.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                           "    from tm.game import Game\n",
        "game.py": "from tm.rules import phases\n"})
    graph = import_graph(planted)
    assert cycles(graph) == [["tm.core.state", "tm.rules.play"], ["tm.game", "tm.rules.phases"]]
    assert upward_imports(graph) == ["tm.core.state -> tm.rules.play",
                                     "tm.rules.phases -> tm.game"]


def test_the_checks_find_a_planted_package_cycle_without_a_module_cycle(
        tmp_path: Path) -> None:
    planted = _plant(tmp_path, {
        "__init__.py": "", "core/__init__.py": "", "rules/__init__.py": "",
        "core/flow.py": "from tm.rules.contract import Purpose\n",  # a contract in the rules
        "rules/contract.py": "Purpose = str\n",
        "rules/play.py": "from tm.core.flow import run\n",
        "persist/__init__.py": "", "persist/links.py": "from tm.game import Game\n",
        "game.py": "from tm.persist import saves\n", "persist/saves.py": ""})
    graph = import_graph(planted)
    assert cycles(graph) == []
    assert cycles(package_graph(graph, planted)) == [["tm.core", "tm.rules"],
                                                     ["tm.game", "tm.persist"]]


# ---------------------------------------------------------------- sizes
def oversized(root: Path) -> list[str]:
    """Modules over the line limit, and functions over theirs without a stated reason."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(root.parent).as_posix()
        if source.count("\n") > MAX_MODULE_LINES:
            found.append(f"{where}: {source.count(chr(10))} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES and LONG_REASON not in (
                        ast.get_docstring(node) or ""):
                    found.append(f"{where}: {node.name} has {length} lines")
    return found


@pytest.mark.parametrize("package", ["core", "board", "cards", "vocab", "rules", "prompts",
                                     "expansions", "persist", "bots", "web", "fairdeck",
                                     "linkplay"])
def test_no_room_too_big_to_read(package: str) -> None:
    assert oversized(TM / package) == []


def test_top_level_modules_are_not_too_big_to_read() -> None:
    found = [line for line in oversized(TM) if line.count("/") == 1]
    assert found == []


def test_the_size_check_finds_a_planted_long_function(tmp_path: Path) -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    planted = _plant(tmp_path, {
        "long.py": f"def long():\n{body}",
        "reasoned.py": f'def long():\n    """{LONG_REASON} it is a table."""\n{body}'})
    assert oversized(planted) == ["tm/long.py: long has 51 lines"]


# ---------------------------------------------------------------- the suites
# What the engine's suite may not reach: the page, and the other suites' files.
NOT_FOR_ENGINE_TESTS = ("tm.web", "tests.web", "tests.e2e")


def named_imports(source: str, name: str, modules: set[str]) -> list[str]:
    """The modules a test module names in its imports (function-level ones and
    ``importlib.import_module("...")`` included), absolute, in order: a from-import of a
    name counts as its module, of a submodule of ``modules`` as that submodule."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".")[:len(name.split(".")) - node.level]
                base = ".".join(package + ([base] if base else []))
            found += [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                      for a in node.names]
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                  "import_module", "__import__")):
            found.append(node.args[0].value)
    return found


def engine_tests_reaching_the_page(tests: Path) -> list[str]:
    """Each way a module of ``tests/engine`` reaches page code or another suite's files
    (:data:`NOT_FOR_ENGINE_TESTS`), directly or through the modules it imports from
    ``tests`` (the kits), as "importer -> ... -> module"."""
    paths = {module_name(p, tests): p for p in sorted(tests.rglob("*.py"))
             if "__pycache__" not in p.parts}
    imports = {name: named_imports(path.read_text(encoding="utf-8"), name, set(paths))
               for name, path in paths.items()}
    found: list[str] = []
    for start in sorted(n for n in paths if n.startswith("tests.engine.")):
        way, seen = {start: [start]}, {start}
        queue = [start]
        while queue:
            here = queue.pop(0)
            for target in imports[here]:
                if target.startswith(tuple(p + "." for p in NOT_FOR_ENGINE_TESTS)) \
                        or target in NOT_FOR_ENGINE_TESTS:
                    found.append(" -> ".join(way[here] + [target]))
                elif target in paths and target not in seen:
                    seen.add(target)
                    way[target] = way[here] + [target]
                    queue.append(target)
    return list(dict.fromkeys(found))  # (one line per way, however many names it imports)


def test_engine_tests_import_no_page_code_and_no_other_suite() -> None:
    assert engine_tests_reaching_the_page(TESTS) == []


def test_the_suite_check_finds_planted_imports_of_the_page(tmp_path: Path) -> None:
    files = {"__init__.py": "", "engine/__init__.py": "", "kits/__init__.py": "",
             "engine/test_a.py": "from tests.kits import k\n",
             "engine/test_b.py": "def f():\n    import tests.e2e.helpers\n",
             "engine/test_c.py": "from tm.linkplay import links\nfrom tests.kits.k import f\n",
             "kits/k.py": "def f():\n    from tm.web.saves import parse_entry\n"}
    for relative, text in files.items():
        (tmp_path / "tests" / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "tests" / relative).write_text(text, encoding="utf-8")
    assert engine_tests_reaching_the_page(tmp_path / "tests") == [
        "tests.engine.test_a -> tests.kits.k -> tm.web.saves",
        "tests.engine.test_b -> tests.e2e.helpers",
        "tests.engine.test_c -> tests.kits.k -> tm.web.saves"]


# ---------------------------------------------------------------- each expansion's words
def vocabularies() -> dict[str, frozenset[str]]:
    """Each expansion's words, from the engine's registries: its contract words (purposes,
    response types, log records: its manifest's ``vocabulary``), its action types,
    standard projects and setup offers, and the names its own modules' table entries answer
    under (step kinds, countables, requirement kinds, ops, custom steps), less the words
    the base game has too (its name is the name scans' to find: tests/web/test_name_scan.py,
    tests/engine/test_expansions.py)."""
    from tm.core.contract import purposes
    from tm.core.entries import entries_of
    from tm.core.records import RECORDS
    from tm.core.responses import RESPONSES
    from tm.expansions import MANIFESTS, RULE_MODULES, SET_MODULES

    def own(expansion: Manifest) -> set[str]:
        return {*expansion.vocabulary.words(), *expansion.actions, *expansion.projects,
                *(offer.name for offer in expansion.setup_offers),
                *(name for module in own_modules(expansion)
                  for _, name, _, _ in entries_of(module))}

    added = {expansion.name: own(expansion) for expansion in MANIFESTS}
    ours = set().union(*(expansion.vocabulary.words() for expansion in MANIFESTS))
    base = {*(name for module in (*RULE_MODULES, *SET_MODULES)
              if not any(module in own_modules(e) for e in MANIFESTS)
              for _, name, _, _ in entries_of(module)),
            *(word for word in (*purposes(), *RESPONSES, *RECORDS) if word not in ours)}
    return {name: frozenset(words - base) for name, words in added.items()}


def own_modules(expansion: Manifest) -> list[ModuleType]:
    """The listed modules of an expansion's own package."""
    from tm.expansions import SET_MODULES
    return [m for m in SET_MODULES if m.__name__.startswith(f"tm.expansions.{expansion.name}.")]


def owns(expansion: str, relative: str) -> bool:
    """Whether a module (its path under ``tm/``) is one of an expansion's own: its package,
    its page's, its bots' values, its scenario kit."""
    return relative.startswith((f"expansions/{expansion}/", f"web/expansions/{expansion}/",
                                f"web/expansions/{expansion}.py",
                                f"bots/expansions/{expansion}.py", f"testing/{expansion}.py"))


def _prose(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (prose, not code) or a module's
    ``__all__`` (names of its functions, e.g. the scenario kit's ``preludes``)."""
    found = docstring_ids(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets):
            found |= {id(item) for item in ast.walk(node.value)}
    return found


def foreign_words(source: str, relative: str,
                  words: Mapping[str, frozenset[str]]) -> list[str]:
    """``tm/<file>:line: 'word' (expansion)`` for every string literal of ``source`` (code,
    not a docstring) that is an expansion's word, in a module not that expansion's own."""
    tree = ast.parse(source)
    prose = _prose(tree)
    return [f"tm/{relative}:{node.lineno}: {node.value!r} ({name})"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in prose
            for name, own in words.items() if node.value in own and not owns(name, relative)]


# The words still outside their expansion's packages, by module (to move, then strike
# here: the list may only shrink). The bots' rules by purpose and step kind (code of the
# expert bot, not values) wait for the bot manifests to carry them; a colony tile's name
# as a tile's (tile_name) for a page manifest's names.
STILL_OUTSIDE: Mapping[str, frozenset[str]] = {
    "bots/card_steps.py": frozenset({"colony", "fleet"}),  # (their step rules)
    "bots/card_worth.py": frozenset({"trade_offset"}),
    "bots/policy.py": frozenset({"build_colony", "copy_production", "discard_to_draw",
                                 "remove_animals", "spend_own_res", "trade_fee",
                                 "trade_offset"}),
    "bots/ranking.py": frozenset({"remove_animals"}),
    "bots/scoring.py": frozenset({"trade"}),
    "cards/export.py": frozenset({"colony"}),  # (the reference format's colony counts)
    "cli.py": frozenset({"preludes"}),  # (the simulation report's line of preludes played)
    "web/card_text.py": frozenset({"colony"}),  # (tile_name: a colony tile by its name)
    "web/rule_links.py": frozenset({"build_colony"}),  # (the standard project's rule)
}


def test_no_expansions_word_outside_its_own_packages() -> None:
    words = vocabularies()
    found = [hit for path in sorted(TM.rglob("*.py"))
             for hit in foreign_words(path.read_text(encoding="utf-8"),
                                      path.relative_to(TM).as_posix(), words)]
    new = [hit for hit in found
           if hit.split("'")[1] not in STILL_OUTSIDE.get(hit[3:].split(":")[0], ())]
    assert not new, "an expansion's word outside its packages:\n" + "\n".join(new)
    moved = {(module, word) for module, listed in STILL_OUTSIDE.items() for word in listed
             if not any(hit.startswith(f"tm/{module}:") and f"'{word}'" in hit for hit in found)}
    assert not moved, f"moved to its expansion: strike from STILL_OUTSIDE {sorted(moved)}"


def test_the_vocabulary_scan_finds_planted_words(tmp_path: Path) -> None:
    words = vocabularies()
    assert {"trade", "build_colony", "markers_rise", "fleet"} <= words["colonies"]
    planted = '''
def worth(step, ask):
    """A docstring naming "trade" is prose."""
    if step["k"] == "fleet":  # a step kind
        return {"build_colony": 3}.get(ask["on"], 0)  # a purpose
    return ask["key"] in ("markers_rise", "x")  # a log record
'''
    assert sorted(foreign_words(planted, "bots/card_steps.py", words)) == [
        "tm/bots/card_steps.py:4: 'fleet' (colonies)",
        "tm/bots/card_steps.py:5: 'build_colony' (colonies)",
        "tm/bots/card_steps.py:6: 'markers_rise' (colonies)"]
    assert foreign_words(planted, "expansions/colonies/trade.py", words) == []
    assert foreign_words(planted, "web/expansions/colonies/log.py", words) == []
