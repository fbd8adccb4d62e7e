"""Count ``Any`` in ``tm/`` per package, and the JSON-shaped mappings among them.

Every use of the name ``Any`` (``Any``, ``typing.Any``) in a module counts once, in
annotations, aliases and casts alike; ``dict/Mapping[str, Any]`` are counted apart too,
the untyped records a ``TypedDict`` or a dataclass should replace. A package is a folder
just below ``tm/`` (``tm.core``, ``tm.web``); each module of ``tm`` itself is its own row.

    python scripts/any_count.py            # the table
    python scripts/any_count.py --write    # lower tests/engine/any_budget.json to today's
                                           # counts (it never raises one: that is a choice
                                           # made by hand, in review)

tests/engine/test_any_budget.py fails when a package's count differs from its budget:
above it, the code grew untyped; below it, the budget is to be lowered (``--write``).
"""
from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TM = ROOT / "tm"
BUDGET = ROOT / "tests" / "engine" / "any_budget.json"
MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping"})


def package_of(path: Path, root: Path) -> str:
    """The row a module of ``root`` counts in: its folder just below ``root``, or itself."""
    parts = path.relative_to(root.parent).with_suffix("").parts
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return ".".join(parts[:2]) if len(parts) > 2 else ".".join(parts)


def _is_any(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "Any") or (
        isinstance(node, ast.Attribute) and node.attr == "Any")


def _is_str_any_mapping(node: ast.AST) -> bool:
    """``dict[str, Any]``, ``Mapping[str, Any]`` and the like."""
    if not isinstance(node, ast.Subscript) or not isinstance(node.slice, ast.Tuple) \
            or not node.slice.elts:  # (``tuple[()]``: the empty tuple's type)
        return False
    name = node.value.id if isinstance(node.value, ast.Name) else getattr(node.value, "attr", "")
    key, *rest = node.slice.elts
    return (name in MAPPINGS and isinstance(key, ast.Name) and key.id == "str"
            and len(rest) == 1 and _is_any(rest[0]))


def counts_in(source: str) -> tuple[int, int]:
    """(uses of ``Any``, ``str``-keyed mappings to ``Any``) in one module's source."""
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    # (an annotation written as a string counts as the code it holds)
    for node in nodes[:]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "Any" in node.value:
            try:
                nodes += list(ast.walk(ast.parse(node.value, mode="eval")))
            except SyntaxError:
                pass
    return sum(map(_is_any, nodes)), sum(map(_is_str_any_mapping, nodes))


def any_counts(root: Path = TM) -> dict[str, tuple[int, int]]:
    """Each package's (``Any`` uses, ``str``-keyed ``Any`` mappings), sorted by name."""
    found: dict[str, tuple[int, int]] = {}
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        uses, mappings = counts_in(path.read_text(encoding="utf-8"))
        row = package_of(path, root)
        before = found.get(row, (0, 0))
        found[row] = (before[0] + uses, before[1] + mappings)
    return dict(sorted(found.items()))


def table(counts: Mapping[str, tuple[int, int]], budget: Mapping[str, int]) -> str:
    lines = [f"{'package':<22} {'Any':>5} {'budget':>6} {'str->Any maps':>14}"]
    for name, (uses, mappings) in counts.items():
        if uses or budget.get(name):
            lines.append(f"{name:<22} {uses:>5} {budget.get(name, 0):>6} {mappings:>14}")
    total = sum(u for u, _ in counts.values()), sum(m for _, m in counts.values())
    lines.append(f"{'total':<22} {total[0]:>5} {sum(budget.values()):>6} {total[1]:>14}")
    return "\n".join(lines)


def read_budget(path: Path = BUDGET) -> dict[str, int]:
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else {}


def lowered(counts: Mapping[str, tuple[int, int]], budget: Mapping[str, int]) -> dict[str, int]:
    """The budget with each package lowered to its count (never raised; a package the budget
    lacks enters at its count)."""
    return {name: min(uses, budget.get(name, uses)) for name, (uses, _) in counts.items()
            if uses or budget.get(name)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="lower the committed budget to today's counts")
    args = parser.parse_args(argv)
    counts, budget = any_counts(), read_budget()
    print(table(counts, budget))
    if args.write:
        BUDGET.write_text(json.dumps(lowered(counts, budget), indent=1, sort_keys=True) + "\n",
                          encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
