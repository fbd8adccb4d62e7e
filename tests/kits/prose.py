"""What the source scans (tests/engine/test_house.py's vocabulary scan, tests/web/
test_name_scan.py's name scan) read as prose, not code: docstrings."""
from __future__ import annotations

import ast


def docstring_ids(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (prose, not code)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found
