"""The game facts the tests check against: tests/facts/, the facts-only copy of
../shared/reference and of RULES.md's rule ids that scripts/copy_facts.py writes (and
``make test`` checks against ../shared when it is there). In the repo, so a clone runs
every test without ../shared."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FACTS = Path(__file__).resolve().parents[1] / "facts"


def load_reference(name: str) -> Any:
    """A file of ../shared/reference as tests/facts holds it (its free text dropped)."""
    return json.loads((FACTS / name).read_text(encoding="utf-8"))


def rule_ids() -> list[str]:
    """Every rule id RULES.md names, sorted."""
    ids: list[str] = load_reference("rules.json")["rule_ids"]
    return ids


def decisions() -> list[list[str]]:
    """Per bullet of RULES.md's "Decisions where the seeds disagree", in order: the rule
    ids the bullet names (none for some)."""
    found: list[list[str]] = load_reference("rules.json")["decisions"]
    return found
