"""Every rule id of RULES.md in this wave's scope is named by at least one test."""
from __future__ import annotations

import re
from pathlib import Path

from tests.kits.facts import rule_ids

TESTS = Path(__file__).resolve().parents[1]

# Ids of later issues (other maps): listed here until they are built.
PENDING = re.compile(r"^R-MAP-")


def _rule_ids() -> list[str]:
    return rule_ids()


def _test_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in TESTS.rglob("test_*.py")
                     if path.name != Path(__file__).name)


def _named(rule: str, text: str) -> bool:
    pattern = rule.replace("-", "[-_]") + r"(?!\d)"
    return re.search(pattern, text) is not None


def test_every_rule_in_scope_is_named_by_a_test() -> None:
    text = _test_text()
    missing = [rule for rule in _rule_ids() if not PENDING.match(rule) and not _named(rule, text)]
    assert not missing, f"rules no test names: {missing}"


def test_pending_rules_are_only_later_waves() -> None:
    pending = [rule for rule in _rule_ids() if PENDING.match(rule)]
    assert pending, "RULES.md lists no later-wave rules: drop the PENDING list"
    assert all(rule.split("-")[1] in ("COL", "MAP", "SP", "SOLO")
               for rule in pending)
