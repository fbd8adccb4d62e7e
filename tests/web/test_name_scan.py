"""No expansion or map is named in the page (tm/web) or the bots (tm/bots) outside their
manifests (tm/web/expansions/, tm/bots/expansions/): the core page and bots loop over the
manifests and read maps from the engine's map registry, so a new expansion or map needs no
edit there.

The names come from the engine's registries (tm.core.manifest, tm.board.maps), not a hand list.
A name counts wherever it stands as a string literal in code (compared, a dict key, an
index, a ``.get`` argument, an argument that selects behaviour); docstrings and comments
are prose and do not count, and neither do longer strings that merely contain a name
(catalog keys such as ``start.prelude``).
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.kits.prose import docstring_ids
from tm.board.maps import builtin_maps
from tm.core import manifest
from tm.expansions import MANIFESTS as MANIFESTS_IN_ORDER
from tm.web.expansions.pages import PAGES

ROOT = Path(__file__).resolve().parents[2]
SCANNED = (ROOT / "tm" / "web", ROOT / "tm" / "bots")
MANIFESTS = (ROOT / "tm" / "web" / "expansions",  # the places that may name them
             ROOT / "tm" / "bots" / "expansions")


def registered_names() -> frozenset[str]:
    """Every expansion's and every map's name the engine registers."""
    return frozenset({*manifest.known(), *(m.name for m in builtin_maps())})


def scan(source: str, where: str, names: frozenset[str]) -> list[str]:
    """``file:line: "name"`` for every string literal of ``source`` that is a name."""
    tree = ast.parse(source)
    prose = docstring_ids(tree)
    return [f"{where}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value in names and id(node) not in prose]


def _sources() -> Iterator[Path]:
    for folder in SCANNED:
        for path in sorted(folder.rglob("*.py")):
            if not any(folder in path.parents for folder in MANIFESTS):
                yield path


def test_no_expansion_or_map_name_in_the_page_or_bots_outside_the_page_manifests() -> None:
    names = registered_names()
    found = [hit for path in _sources()
             for hit in scan(path.read_text(encoding="utf-8"),
                             str(path.relative_to(ROOT)), names)]
    assert not found, "named outside the manifests:\n" + "\n".join(found)


def test_the_scan_finds_a_planted_name_in_a_comparison_a_key_and_a_get() -> None:
    names = registered_names()
    planted = '''
def strip(view, form):
    """Colonies' strip item (a docstring naming "colonies" is prose)."""
    if form.get("board") == "hellas":  # a map compared
        return view["expansions"].get("colonies")  # an expansion looked up
    boxes = {"prelude": 1}  # a dict key
    return boxes if form in ("corpera", "x") else "start.prelude"  # in a tuple; a longer key
'''
    found = scan(planted, "planted.py", names)
    assert sorted(found) == ["planted.py:4: 'hellas'", "planted.py:5: 'colonies'",
                             "planted.py:6: 'prelude'", "planted.py:7: 'corpera'"]


def test_the_names_come_from_the_engine_registries() -> None:
    names = registered_names()
    assert {"corpera", "prelude", "colonies", "tharsis", "vastitas_borealis"} <= names


def test_every_expansion_has_a_page_manifest_in_the_engine_load_order() -> None:
    assert [page.name for page in PAGES] == [m.name for m in MANIFESTS_IN_ORDER]
    assert {page.name for page in PAGES} <= set(manifest.known())


def expansion_imports(source: str, where: str) -> list[str]:
    """Imports of one expansion's own package (``tm.expansions.<name>``): the page and the
    bots reach an expansion only through its page manifest or the public contract."""
    found = []
    for node in ast.walk(ast.parse(source)):
        modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                   else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        found += [f"{where}: {m}" for m in modules if m.startswith("tm.expansions.")]
    return found


def test_the_page_and_bots_import_no_expansions_package() -> None:
    found = [hit for path in _sources()
             for hit in expansion_imports(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


def test_the_import_scan_finds_a_planted_import_of_an_expansion() -> None:
    planted = ("from tm.expansions.prelude.manifest import PLAY_NOW\n"
               "def f():\n    import tm.expansions.colonies.trade\n")
    assert expansion_imports(planted, "policy.py") == [
        "policy.py: tm.expansions.prelude.manifest", "policy.py: tm.expansions.colonies.trade"]


def test_the_catalog_takes_each_expansions_words_from_its_page_manifest_only() -> None:
    from tm.web.i18n import EN, NAME_FIELDS, add_words

    for page in PAGES:
        assert all(EN[key] == text for key, text in page.words.items())
        assert all(NAME_FIELDS[key] == kind for key, kind in page.name_fields.items())
    for module in ("i18n.py", "i18n_en.py"):  # (the catalog imports no expansion's words)
        source = (ROOT / "tm" / "web" / module).read_text("utf-8")
        assert "from tm.web.expansions" not in source
    with pytest.raises(ValueError, match="already in the catalog"):
        add_words({"start.colonies": "again"}, {})
