"""The rules reference (rules.html, scripts/build_rules.py) and the game's links to it
(tm/web/rule_links.py): every rule id of RULES.md and every section has an anchor in every
language, the catalogs are complete, and every link the game makes lands on an anchor."""
from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from scripts import build_rules
from tests.kits.facts import rule_ids
from tm.core.contract import purpose_rule
from tm.core.errors import IllegalMove
from tm.core.rng import Rng
from tm.core.state import Options
from tm.game import Game
from tm.sim import random_response
from tm.testing import make_game, set_resources
from tm.web import rule_links
from tm.web.app import App
from tm.web.saves import MemoryStorage, SaveMeta

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ("overview", "setup", "generation", "actions", "standard-projects", "cards",
            "parameters", "tiles", "symbols", "end", "milestones", "variants", "forgotten")




class _Anchors(HTMLParser):
    """Per language: the anchors (data-anchor) of its article; and every id of the page."""

    def __init__(self) -> None:
        super().__init__()
        self.by_lang: dict[str, list[str]] = defaultdict(list)
        self.ids: list[str] = []
        self.lang = ""
        self.rule_texts: dict[str, int] = defaultdict(int)

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        found = dict(attributes)
        if tag == "article" and found.get("data-lang"):
            self.lang = str(found["data-lang"])
        if found.get("data-anchor"):
            self.by_lang[self.lang].append(str(found["data-anchor"]))
        if found.get("id"):
            self.ids.append(str(found["id"]))


@pytest.fixture(scope="module")
def page() -> _Anchors:
    parser = _Anchors()
    parser.feed(build_rules.page_html())
    return parser


def _rules_md_ids() -> list[str]:
    return rule_ids()


def test_every_rule_id_of_rules_md_has_an_anchor_in_every_language(page: _Anchors) -> None:
    wanted = _rules_md_ids()
    assert len(wanted) > 70
    for lang in build_rules.LANGUAGES:
        missing = [rule for rule in wanted if rule not in page.by_lang[lang]]
        assert not missing, f"{lang}: no anchor for {missing}"
    # and no anchor for a rule RULES.md does not have
    assert set(build_rules.rule_ids()) <= set(wanted)


def test_the_thirteen_sections_exist_in_every_language_in_order(page: _Anchors) -> None:
    assert build_rules.SECTION_IDS == SECTIONS
    for lang in build_rules.LANGUAGES:
        found = [a for a in page.by_lang[lang] if a in SECTIONS]
        assert found == list(SECTIONS), lang


def test_each_anchor_is_an_id_once_in_the_page_as_built(page: _Anchors) -> None:
    """Without a script English shows and carries the ids; other languages carry them only
    as data-anchor (static/rules.js moves the ids to the language shown)."""
    assert len(page.ids) == len(set(page.ids))
    assert sorted(page.ids) == sorted(page.by_lang["en"])
    assert all(sorted(page.by_lang[lang]) == sorted(page.by_lang["en"])
               for lang in build_rules.LANGUAGES)


def test_the_catalogs_are_complete_consistent_and_translated() -> None:
    """No key missing or unused in any language, the same English in every catalog, every
    message translated, and rule references ("[R-…]") the same as the English's."""
    assert build_rules.check() == []


def test_each_language_speaks_its_own_words(page: _Anchors) -> None:
    words = {lang: build_rules.messages(lang) for lang in build_rules.LANGUAGES}
    assert words["de"]["section.forgotten"] == "Oft vergessen"
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", words["ja"]["rule.R-PAY-1"])
    # Belarusian in the classical orthography of the seed's terms
    be = " ".join(words["be"].values())
    for term in ("пакаленьне", "рэйтынг землеўтварэньня (РЗ)", "дасягненьне", "узнагарода"):
        assert term.lower() in be.lower(), term


def test_the_page_is_static_and_its_script_is_a_file_of_the_site() -> None:
    """No inline script (the site's CSP allows scripts from files only)."""
    text = build_rules.page_html()
    assert re.findall(r"<script[^>]*>", text) == [  # (the Trusted Types policy first)
        '<script src="static/trusted.js">', '<script src="static/rules.js">']
    assert (ROOT / "static" / "trusted.js").is_file()
    assert (ROOT / "static" / "rules.js").is_file()
    for lang in build_rules.LANGUAGES:
        assert f'data-lang="{lang}"' in text and f'href="?lang={lang}"' in text
    assert 'href="#R-PAY-1"' in text and 'href="#actions"' in text  # plain hash links


def test_every_rule_the_game_links_to_has_an_anchor() -> None:
    anchors = set(build_rules.anchors())
    assert rule_links.all_rules() <= anchors


def test_every_rule_a_refused_move_names_has_an_anchor() -> None:
    """IllegalMove.rule: every literal rule id in the engine's sources."""
    named: set[str] = set()
    for path in (ROOT / "tm").rglob("*.py"):
        named |= set(re.findall(r"[\"'](R-[A-Z]+-\d+)[\"']", path.read_text(encoding="utf-8")))
    assert len(named) > 20
    assert named <= set(build_rules.anchors()), sorted(named - set(build_rules.anchors()))


@pytest.mark.parametrize("options", [
    Options(players=2, seed=4, expansions=["corpera", "prelude"], draft=True),
    Options(players=3, seed=5, expansions=["corpera", "colonies"], board="hellas"),
    Options(players=1, seed=6, expansions=["corpera"]),
], ids=["prelude-draft", "colonies-hellas", "solo"])
def test_every_prompt_of_a_game_cites_a_rule_with_an_anchor(options: Options) -> None:
    anchors = set(build_rules.anchors())
    game = Game.new(options)
    rng = Rng.from_seed(options.seed)
    seen: set[tuple[str, str]] = set()
    while not game.is_over and len(game.moves) < 900:
        player, prompt = game.pending[0]
        key = (prompt.kind, prompt.purpose)
        if key not in seen:
            seen.add(key)
            rule = rule_links.prompt_rule(prompt.kind, prompt.purpose, prompt.data)
            assert rule in anchors, (key, rule)
            assert (key in rule_links.PROMPT_RULES or purpose_rule(prompt.purpose)
                    or prompt.kind == "space"
                    or prompt.kind == "amount"), f"{key} has no rule of its own"
        game.respond(player, random_response(prompt, rng))
    assert len(seen) >= 5


def _app(game: Game) -> App:
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.shown.game = game
    app.shown.meta = SaveMeta(names=[pl.name for pl in game.state.players], colours=["red", "blue"])
    app.shown.viewer = game.pending[0][0]
    app.shown.screen = "game"
    return app


def test_a_prompt_links_to_its_rule() -> None:
    game, _ = make_game(2)
    page = _app(game).render()["app"]
    prompt = page[page.index('<section class="prompt"'):]
    assert 'class="rule-link" href="rules.html#R-GEN-5" target="_blank"' in prompt


def test_a_greyed_standard_project_links_to_its_row_of_the_reference() -> None:
    game, _ = make_game(2)
    set_resources(game, game.pending[0][0], megacredits=12)
    page = _app(game).render()["app"]
    assert 'href="rules.html#R-SP-6"' in page  # City: 25 MC, cannot pay
    assert 'href="rules.html#R-ACT-3"' in page  # milestones not met


def test_a_refused_move_links_to_the_rule_it_broke(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = make_game(2)
    app = _app(game)

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise IllegalMove("steel pays only for building cards", "R-PAY-1")

    monkeypatch.setattr(app.play, "respond", refuse)  # (the play controller answers)
    app.handle("choose", {"index": 0})
    assert app.shown.notice_rule == "R-PAY-1"
    page = app.render()["app"]
    notice = page[page.index('<div class="notice"'):]
    notice = notice[:notice.index("</div>")]
    assert "steel pays only" in notice and 'href="rules.html#R-PAY-1"' in notice
    app.handle("log_earlier", {})  # the next click clears the notice and its link
    assert app.shown.notice_rule == "" and 'class="notice"' not in app.render()["app"]


def test_the_start_screen_links_to_the_reference() -> None:
    page = App(MemoryStorage(), clock=lambda: 0.0).render()["app"]
    assert '<a href="rules.html" target="_blank" rel="noopener">Rules reference</a>' in page


def test_why_not_lines_cite_the_rule_behind_their_first_reason() -> None:
    assert rule_links.card_rule([{"key": "requirement"}, {"key": "cost"}]) == "R-CARD-1"
    assert rule_links.card_rule([{"key": "cost", "cost": 9, "budget": 2}]) == "R-PAY-1"
    assert rule_links.card_rule([{"key": "production"}]) == "R-PROD-2"
    assert rule_links.card_rule([{"key": "no_space", "step": "ocean"}]) == "R-TILE-1"
    assert rule_links.card_rule([]) == ""
    assert rule_links.entry_rule("standard_project", "aquifer", [{"key": "cost"}]) == "R-SP-4"
    assert rule_links.entry_rule("claim_milestone", "Lobbyist", [{"key": "expansion"}]) == "R-MAP-4"
    assert rule_links.entry_rule("fund_award", "Banker", [{"key": "limit"}]) == "R-ACT-4"
    assert rule_links.rule_link("") == ""
