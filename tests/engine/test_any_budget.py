"""The ``Any`` ratchet (issue 48 item 4): each package of ``tm/`` holds at most as many uses
of ``Any`` as its committed budget (tests/engine/any_budget.json), and the budget follows
the code down: a package typed better lowers its budget (``scripts/any_count.py --write``,
which never raises one)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts import any_count  # noqa: E402


def over_and_under(counts: dict[str, tuple[int, int]],
                   budget: dict[str, int]) -> tuple[list[str], list[str]]:
    """The packages above their budget, and those below it (each with both numbers)."""
    over = [f"{name}: {uses} Any, budget {budget.get(name, 0)}"
            for name, (uses, _) in counts.items() if uses > budget.get(name, 0)]
    under = [f"{name}: {counts.get(name, (0, 0))[0]} Any, budget {allowed}"
             for name, allowed in budget.items() if counts.get(name, (0, 0))[0] < allowed]
    return over, under


def test_no_package_holds_more_any_than_its_budget() -> None:
    over, _ = over_and_under(any_count.any_counts(), any_count.read_budget())
    assert over == [], "type it (a TypedDict, a dataclass, a Protocol) instead of Any"


def test_the_budget_is_lowered_to_what_the_code_holds() -> None:
    _, under = over_and_under(any_count.any_counts(), any_count.read_budget())
    assert under == [], "lower the budget: python scripts/any_count.py --write"


def test_the_count_finds_planted_any(tmp_path: Path) -> None:
    for relative, text in {
            "tm/__init__.py": "", "tm/game.py": "from typing import Any\nx: Any = 1\n",
            "tm/core/__init__.py": "",
            "tm/core/a.py": "import typing\nfrom typing import Any\n"
                            "def f(x: dict[str, Any]) -> 'typing.Any': ...\n",
            "tm/core/b.py": "from collections.abc import Mapping\nfrom typing import Any\n"
                            "Row = Mapping[str, Any]\nPair = tuple[Any, int]\n"}.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(text, encoding="utf-8")
    counts = any_count.any_counts(tmp_path / "tm")
    assert counts == {"tm": (0, 0), "tm.core": (4, 2), "tm.game": (1, 0)}
    assert over_and_under(counts, {"tm.core": 3, "tm.game": 2}) == (
        ["tm.core: 4 Any, budget 3"], ["tm.game: 1 Any, budget 2"])
    assert any_count.lowered(counts, {"tm.core": 3, "tm.game": 2}) == {
        "tm.core": 3, "tm.game": 1}


def test_the_script_prints_each_package_and_the_total(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert any_count.main([]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[0].split()[:3] == ["package", "Any", "budget"]
    assert "tm.core " in printed and printed.splitlines()[-1].startswith("total")
