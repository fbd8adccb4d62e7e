"""Every implemented card checked against the reference cards_base.json,
cards_prelude.json and cards_colonies.json (tests/facts/, copied from ../shared/reference).

The reference holds the printed facts (set, type, cost, tags, requirements, VP,
resource type) of the base game, Corporate Era and Prelude cards; our definitions are
our own and must agree with it field by field. The records are read both from
``tm.cards.export.card_records()`` and from ``python -m tm cards --json``.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.kits.facts import load_reference
from tm.cards.export import card_records

REPO = Path(__file__).resolve().parents[2]
REFERENCES = ("cards_base.json", "cards_prelude.json", "cards_colonies.json")
FULL_SETS = ("base", "corpera", "prelude", "colonies")

RECORDS: list[dict[str, Any]] = card_records()
NAMES: list[str] = [r["name"] for r in RECORDS]


@pytest.fixture(scope="module")
def reference() -> dict[str, dict[str, Any]]:
    """The reference cards by name."""
    cards: list[dict[str, Any]] = []
    for name in REFERENCES:
        cards += load_reference(name)
    return {c["name"]: c for c in cards}


@pytest.fixture(scope="module")
def cli_records() -> dict[str, dict[str, Any]]:
    """``python -m tm cards --json``, run as a user would, by name."""
    out = subprocess.run([sys.executable, "-m", "tm", "cards", "--json"], cwd=REPO,
                         capture_output=True, text=True, check=True, timeout=60)
    records: list[dict[str, Any]] = json.loads(out.stdout)
    return {r["name"]: r for r in records}


def _canon(items: list[dict[str, Any]]) -> list[str]:
    """Requirements as sorted JSON strings: order does not matter, content does."""
    return sorted(json.dumps(item, sort_keys=True) for item in items)


def _compare(ours: dict[str, Any], ref: dict[str, Any]) -> list[str]:
    """Every field where our record disagrees with the reference."""
    diffs = []
    if ours["set"] != ref["module"]:
        diffs.append(f"set {ours['set']!r} != {ref['module']!r}")
    if ours["type"] != ref["type"]:
        diffs.append(f"type {ours['type']!r} != {ref['type']!r}")
    price = "starting_mc" if ref["type"] == "corporation" else "cost"
    if ours.get(price) != ref[price]:
        diffs.append(f"{price} {ours.get(price)!r} != {ref[price]!r}")
    if ours["tags"] != ref["tags"]:
        diffs.append(f"tags {ours['tags']!r} != {ref['tags']!r}")
    if _canon(ours["requirements"]) != _canon(ref["requirements"]):
        diffs.append(f"requirements {ours['requirements']!r} != {ref['requirements']!r}")
    if ours["vp"] != ref["vp"]:
        diffs.append(f"vp {ours['vp']!r} != {ref['vp']!r}")
    if ours["resource_type"] != ref["resource_type"]:
        diffs.append(f"resource_type {ours['resource_type']!r} != {ref['resource_type']!r}")
    return diffs


def test_export_lists_each_card_once() -> None:
    assert len(NAMES) == len(set(NAMES))
    assert len(NAMES) > 100


def test_cli_json_matches_card_records(cli_records: dict[str, dict[str, Any]]) -> None:
    """``python -m tm cards --json`` prints exactly what card_records() returns."""
    assert cli_records == {r["name"]: r for r in RECORDS}


def test_every_implemented_card_is_in_the_reference(
        reference: dict[str, dict[str, Any]]) -> None:
    unknown = [name for name in NAMES if name not in reference]
    assert unknown == [], f"cards not in the reference: {unknown}"


@pytest.mark.parametrize("name", NAMES)
def test_card_matches_reference(name: str, reference: dict[str, dict[str, Any]],
                                cli_records: dict[str, dict[str, Any]]) -> None:
    """Set, type, cost (starting MC), tags, requirements, VP, resource type (R-CARD)."""
    ref = reference.get(name)
    assert ref is not None, f"{name} is not in the reference"
    ours = next(r for r in RECORDS if r["name"] == name)
    assert _compare(ours, ref) == [], name
    assert _compare(cli_records[name], ref) == [], f"{name} (python -m tm cards --json)"


def test_card_numbers_match_reference(reference: dict[str, dict[str, Any]]) -> None:
    wrong = {r["name"]: (r["number"], reference[r["name"]]["number"]) for r in RECORDS
             if r["name"] in reference and r["number"] != reference[r["name"]]["number"]}
    assert wrong == {}


def test_full_reference_card_set_is_implemented(
        reference: dict[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    """Coverage of the base, Corporate Era, Prelude and Colonies reference cards (R-SETUP-3
    decks, R-PRE-3, R-COL)."""
    wanted = sorted(name for name, c in reference.items() if c["module"] in FULL_SETS)
    implemented = set(NAMES)
    missing = [name for name in wanted if name not in implemented]
    done = len(wanted) - len(missing)
    line = (f"card coverage: {done}/{len(wanted)} ({100 * done / len(wanted):.0f}%); "
            f"missing {len(missing)}: {', '.join(missing)}")
    with capsys.disabled():
        print(f"\n{line}")
    assert missing == [], line
