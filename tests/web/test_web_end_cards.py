"""The end screen's VP from cards, card by card (R-CARD-6, R-END-2): each player's scoring
cards with their VP and what the VP came from, most first, in every language."""
from __future__ import annotations

import re

import pytest

from tests.web.webkit import text
from tm import testing as T
from tm.game import Game
from tm.web.i18n import LANGUAGES, name, speaking, t
from tm.web.model import Screen
from tm.web.screens import end_section

COLOURS = ("red", "green")
# Player 0's tableau and the VP each card scores (with 2 Jovian tags in play).
SCORED = {"Birds": 3, "Ganymede Colony": 2, "Io Mining Industries": 2, "Tardigrades": 2,
          "Solar Power": 1, "Bribed Committee": -2}


def _finished() -> Game:
    game, (p0, p1) = T.make_game(names=["Ada", "<b>Bo</b>"])
    T.put_in_play(game, p0, ["Solar Power", "Ganymede Colony", "Io Mining Industries",
                             "Bribed Committee"])
    T.put_in_play(game, p0, ["Birds"], resources=3)
    T.put_in_play(game, p0, ["Tardigrades"], resources=9)  # 1 VP per 4 microbes
    T.put_in_play(game, p0, ["Fish"])  # no animals: no VP, not listed
    game.state.over = True
    return game


def _section(game: Game, lang: str = "en") -> str:
    with speaking(lang):
        page = end_section(Screen(name="game", language=lang, view=game.view(0), viewer=0,
                                  colours=COLOURS))
    return page[page.index('<section class="card-vp"'):page.index('<section class="history"')]


def _lines(section: str) -> list[str]:
    return [text(item) for item in re.findall(r"<li>(.*?)</li>", section)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_end_screen_lists_each_scoring_card_with_its_vp_in_each_language(lang: str) -> None:
    section = _section(_finished(), lang)
    lines = _lines(section)
    with speaking(lang):
        title = t("end.cards.title")
        wanted = [(name("card", card), t("unit.vp.other", n=vp)) for card, vp in SCORED.items()]
    assert title in text(section)
    assert len(lines) == len(SCORED)
    for card, vp in wanted:
        assert any(line.startswith(f"{card} {vp}") for line in lines), (card, vp, lines)


def test_end_screen_cards_come_most_vp_first() -> None:
    lines = _lines(_section(_finished()))
    assert [line.split(" VP")[0].rsplit(" ", 1)[1] for line in lines] == \
        ["3", "2", "2", "2", "1", "-2"]
    assert lines[0].startswith("Birds 3 VP")
    assert lines[1:4] == sorted(lines[1:4])  # equal VP: by name


def test_end_screen_says_what_each_cards_vp_came_from() -> None:
    lines = _lines(_section(_finished()))
    assert "Birds 3 VP 3 animals: 1 VP per animal here" in lines
    assert "Tardigrades 2 VP 9 microbes: 1 VP per 4 microbes here" in lines
    assert "Ganymede Colony 2 VP 2 Jovian tags: 1 VP per Jovian tag" in lines
    assert "Solar Power 1 VP" in lines  # printed VP: no note (the section's note says so)
    assert "Bribed Committee -2 VP" in lines


def test_end_screen_gives_each_players_card_vp_total_and_says_when_none_scored() -> None:
    section = _section(_finished())
    players = re.findall(r"<summary>(.*?)</summary>", section)
    assert [text(p) for p in players] == ["Ada 8 VP", "<b>Bo</b> 0 VP"]
    assert "&lt;b&gt;Bo&lt;/b&gt;" in section and "<b>Bo" not in section
    assert "No card scored VP." in text(section)
