"""The page reads the game only through its views (``game.view(player)``, or as its own
observer builds them: tm.view_kept): no tm/web module imports a rules module. What it may
import from the engine is this list (DESIGN.md: web → view → engine), checked on every
import statement of every module, nested ones included."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "tm" / "web"

# Engine modules the page may use whole: errors, links, saves and their formats, the
# daily challenge's options by date, the frozen-data helpers, and static definitions (card
# text is generated from the cards; the board's geometry comes from its map).
ALLOWED_MODULES = frozenset({"tm.core.errors", "tm.linkplay.links", "tm.daily",
                             "tm.persist.history", "tm.persist.saves", "tm.persist.safejson",
                             "tm.persist.sigs",  # the seats' signatures (no rules in it)
                             "tm.persist.gameids",  # the ids of games played by link
                             "tm.linkplay.seatseals",  # the seats' keys and seals on a link
                             "tm.core.values",  # checks on plain values (no rules in it)
                             "tm.core.frozen", "tm.cards", "tm.cards.dsl", "tm.board.maps",
                             "tm.core.mapdef",  # the maps as data (facts, as the cards)
                             # the prompts' public contract: kinds, purposes, Choice
                             "tm.core.contract",
                             # the read model's shape (static types of what view() gives)
                             "tm.view_model",
                             # bots answer from view() alone, as the page reads it: the page
                             # runs bot seats and asks the bots for hints, and the
                             # expert (its search plays games it samples from a view),
                             # whose judgement the hint is (tm.bots.advice, issue 45)
                             "tm.bots", "tm.bots.hint", "tm.bots.expert", "tm.bots.advice",
                             # sealed games (hands secret across devices): the fair deck's
                             # protocol and the posts and links devices exchange (the rules
                             # run inside the device's SealedSeat, never from the page)
                             "tm.fairdeck", "tm.fairdeck.held", "tm.fairdeck.wire",
                             "tm.fairdeck.work",
                             "tm.linkplay.sealedplay", "tm.linkplay.sealedlinks",
                             "tm.linkplay.sealedshape"})  # (a link's shape, no rules)
# Engine modules the page may take single names from: the API object and the options.
ALLOWED_NAMES = {"tm.game": frozenset({"Game"}),
                 # the page's reader of views (what game.view gives, sections kept)
                 "tm.view_kept": frozenset({"KeepingObserver"}),
                 "tm.core.state": frozenset({"Options", "to_dict"})}
# Outside the engine: the standard library (no dynamic imports), and the browser's
# bindings in the one module that binds the page (page_dom.py: PyScript's document,
# window and ffi, and what of Pyodide's ffi PyScript lacks); no module imports ``js``.
BINDING = ("page_dom.py",)
BROWSER_ONLY = {"js": (), "pyscript": BINDING, "pyodide": BINDING}
FORBIDDEN_STDLIB = frozenset({"importlib"})


def _imports(source: str, package: str = "tm.web") -> list[tuple[str, str | None]]:
    """Every (module, name) imported anywhere in ``source``; name None for ``import x``."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            found += [(module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            found.append(("__import__", None))
    return found


def _refused(module: str, name: str | None, filename: str) -> bool:
    """Whether a tm/web module ``filename`` may not import ``name`` from ``module``."""
    top = module.split(".")[0]
    if top != "tm":
        if top in BROWSER_ONLY:
            return filename not in BROWSER_ONLY[top]
        return top not in sys.stdlib_module_names or top in FORBIDDEN_STDLIB
    if name is not None and f"{module}.{name}" in ALLOWED_MODULES:  # from tm.linkplay import links
        module, name = f"{module}.{name}", None
    if module == "tm.web" or module.startswith("tm.web."):
        return False
    if module in ALLOWED_MODULES:
        return False
    return name is None or name not in ALLOWED_NAMES.get(module, frozenset())


def _violations(source: str, filename: str) -> list[str]:
    return [f"{filename}: {module}" + (f".{name}" if name else "")
            for module, name in _imports(source) if _refused(module, name, filename)]


def test_the_checker_finds_every_form_of_a_rules_import() -> None:
    bad = ("from tm.rules.play import cost_of\nimport tm.board.placement\n"
           "from tm.rules import milestones\n"
           "from tm.core.state import GameState, Options\nfrom ..prompts import Prompt\n"
           "def f():\n    from tm.cards.tableau import tag_counts\n"
           "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
           "    from tm.rules.scoring import scores\n"
           "import importlib\nimport numpy\nimport js\n")
    assert sorted(_violations(bad, "panels.py")) == sorted([
        "panels.py: tm.rules.play.cost_of", "panels.py: tm.board.placement",
        "panels.py: tm.rules.milestones", "panels.py: tm.core.state.GameState",
        "panels.py: tm.prompts.Prompt",
        "panels.py: tm.cards.tableau.tag_counts", "panels.py: tm.rules.scoring.scores",
        "panels.py: importlib", "panels.py: numpy", "panels.py: js"])
    good = ("from tm.game import Game\nfrom tm.core.state import Options\n"
            "from tm.linkplay import links\n"
            "from tm.cards import card\nfrom tm.cards.dsl import Card\n"
            "from tm.core.mapdef import get_map\nfrom tm.web.html import esc\nfrom . import html\n"
            "import math\n")
    assert _violations(good, "panels.py") == []


@pytest.mark.parametrize("path", sorted(WEB.glob("*.py")), ids=lambda p: p.name)
def test_web_modules_import_no_rules_module(path: Path) -> None:
    assert _violations(path.read_text(encoding="utf-8"), path.name) == []


def test_every_web_module_is_checked() -> None:
    names = {p.name for p in WEB.glob("*.py")}
    assert {"app.py", "browser.py", "model.py", "screens.py", "panels.py", "board_svg.py",
            "prompt_html.py", "prompt_parts.py", "prompt_steps.py", "cards_html.py",
            "log_text.py", "share_html.py"} <= names
