"""Write tests/facts/, the facts-only copy of ../shared the tests read, so that a clone
without ../shared beside it runs every test.

    python scripts/copy_facts.py [--shared ../shared]          # rewrite what changed
    python scripts/copy_facts.py [--shared ../shared] --check  # exit 1 when the copy is stale

What is copied, and what never is:
- ``reference/*.json`` (game facts: names, numbers, costs, tags, requirements, VP, resource
  types, boards, colony tiles, milestones and awards, standard projects, published names),
  each as the same JSON tree without its free text: every ``summary``, ``notes``, caveat,
  source and provenance field is dropped (PROSE_KEYS), and so is any other string of five
  words or more that is not a name (a field of prose added upstream stays out by default).
  Card effects stay in the reference's structured notation; no card text is copied.
- ``RULES.md`` as ``rules.json``: the rule ids it names (``R-…``) and, per bullet of
  "Decisions where the seeds disagree", the rule ids that bullet names. No rule text.
- ``seeds/`` (the source documents) are not copied: no test reads them.

Output is deterministic (keys sorted, list order kept, one layout) and a file is rewritten
only when its bytes change. ``--check`` without ../shared has nothing to compare: it says so
and exits 0.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.files import write_if_changed  # noqa: E402

OUT = ROOT / "tests" / "facts"
REFERENCE_FILES = ("boards.json", "cards_base.json", "cards_colonies.json", "cards_prelude.json",
                   "colonies.json", "milestones_awards.json", "names.json",
                   "standard_projects.json")
# Fields that hold prose (own-words summaries, caveats, sources, rule explanations).
PROSE_KEYS = frozenset({
    "about", "caveats", "notation", "coordinates", "custom_hooks", "general_rules", "id_scheme",
    "key_conventions", "naming_note", "note", "notes", "provenance", "sources",
    "special_rules", "status", "summary"})
# Fields that hold names: kept whatever their length ("North Pole (Vastitas Borealis …)").
NAME_KEYS = frozenset({"name", "display_name", "source_board_name"})
PROSE_WORDS = 5  # a string of this many words or more, outside NAME_KEYS, is prose
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
DECISIONS = "## Decisions where the seeds disagree"


def _prose(value: Any) -> bool:
    return isinstance(value, str) and len(value.split()) >= PROSE_WORDS


def facts_only(node: Any, key: str = "") -> Any:
    """``node`` without its free text (PROSE_KEYS and long strings, names excepted)."""
    if isinstance(node, dict):
        return {k: facts_only(v, k) for k, v in node.items()
                if k not in PROSE_KEYS and (k in NAME_KEYS or not _prose(v))}
    if isinstance(node, list):
        return [facts_only(v, key) for v in node if key in NAME_KEYS or not _prose(v)]
    return node


def _named_ids(text: str) -> list[str]:
    """The rule ids a sentence names, "R-TILE-3/4" read as R-TILE-3 and R-TILE-4."""
    return [f"R-{m.group(1)}-{n}" for m in re.finditer(r"\bR-([A-Z]+)-(\d+(?:/\d+)*)\b", text)
            for n in m.group(2).split("/")]


def rules_facts(text: str) -> dict[str, Any]:
    """What the tests read of RULES.md: its rule ids, and the rule ids each decision
    bullet names (in the order of the bullets)."""
    section = text.split(DECISIONS, 1)[1].split("\n## ", 1)[0]
    bullets: list[str] = []
    for line in section.splitlines():
        if line.startswith("- "):
            bullets.append(line[2:])
        elif line.startswith("  ") and bullets:
            bullets[-1] += " " + line.strip()
    decisions = [list(dict.fromkeys(_named_ids(b))) for b in bullets]
    return {"rule_ids": sorted(set(RULE_ID.findall(text))), "decisions": decisions}


def dump(data: Any) -> bytes:
    """One stable layout: sorted keys, one-space indent, UTF-8, a final newline."""
    return (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def copies(shared: Path) -> dict[str, bytes]:
    """Every file of the copy by name, made from ``shared``."""
    out = {}
    for name in REFERENCE_FILES:
        tree = json.loads((shared / "reference" / name).read_text(encoding="utf-8"))
        out[name] = dump(facts_only(tree))
    out["rules.json"] = dump(rules_facts((shared / "RULES.md").read_text(encoding="utf-8")))
    return out


def stale(shared: Path, folder: Path = OUT) -> list[str]:
    """Names of the files of ``folder`` that differ from what ``shared`` makes (or are extra)."""
    wanted = copies(shared)
    found = {p.name for p in folder.glob("*.json")} if folder.is_dir() else set()
    return sorted(name for name in wanted.keys() | found
                  if name not in wanted or not (folder / name).is_file()
                  or (folder / name).read_bytes() != wanted[name])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared",
                        help="the shared documents folder (default: ../shared)")
    parser.add_argument("--check", action="store_true",
                        help="only compare; exit 1 when the copy is out of date")
    args = parser.parse_args(argv)
    if not (args.shared / "reference").is_dir():
        print(f"copy_facts: {args.shared} is absent: nothing to compare, "
              f"the tests read {OUT.relative_to(ROOT)}/ as it is")
        return 0
    if args.check:
        bad = stale(args.shared)
        if bad:
            print(f"copy_facts: {', '.join(bad)} out of date: run scripts/copy_facts.py")
            return 1
        print(f"copy_facts: {OUT.relative_to(ROOT)}/ matches {args.shared}")
        return 0
    wanted = copies(args.shared)
    for extra in sorted({p.name for p in OUT.glob("*.json")} - wanted.keys()):
        (OUT / extra).unlink()
    written = [name for name, data in sorted(wanted.items())
               if write_if_changed(OUT / name, data)]
    print(f"copy_facts: {len(written)} of {len(wanted)} files rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
