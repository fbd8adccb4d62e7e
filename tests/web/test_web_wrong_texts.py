"""Texts that said something wrong (issue 45, "Wrong texts"), in every language: Aridor's
card, the reason a trade is refused on Aridor's first turn, one's own production lowered
when no one else has any (R-PROD-3), the play-by-link boxes (none in solo; no "hands
included" once hands are secret), spaces named as players name them, and a default name
in Japanese."""
from __future__ import annotations

import re

import pytest

from tm import testing as T
from tm.cards import card
from tm.core.state import Options
from tm.game import Game
from tm.web import i18n
from tm.web.app import App
from tm.web.card_text import card_lines
from tm.web.html import esc
from tm.web.linkplay_html import by_link_box
from tm.web.log_text import log_line, space_ref
from tm.web.prompt_html import Ask, render_prompt
from tm.web.saves import MemoryStorage

LANGS = ("en", "de", "ja", "be")


def _said(lang: str, key: str, **values: object) -> str:
    with i18n.speaking(lang):
        return i18n.t(key, **values)


@pytest.mark.parametrize("lang", LANGS)
def test_aridor_pays_only_for_a_tag_type_not_had_yet(lang: str) -> None:
    with i18n.speaking(lang):
        lines = " ".join(card_lines(card("Aridor")))
    assert _said(lang, "custom.new_tag_types") in lines
    assert _said(lang, "custom.new_tag_types") != _said("en", "custom.new_tag_types") \
        or lang == "en"
    assert "for each tag type you do not have yet" in _said("en", "custom.new_tag_types")


def _action_prompt(game: Game, p: int = 0) -> str:
    view = game.view(p)
    d = view["you"]["decision"]
    return render_prompt(Ask(view, p, d["kind"], d["purpose"], d["data"], d["choices"],
                             d.get("costs") or {}, ["red", "green"]))


@pytest.mark.parametrize("lang", LANGS)
def test_trades_wait_for_aridors_first_action_and_say_so_R_SETUP_4(lang: str) -> None:
    """31 MC pays a trade: what stops it is the first action (R-SETUP-4), not the fee."""
    game, _ = T.make_game(2, seed=7, expansions=["corpera", "colonies"],
                          corporations=["Aridor", None])
    T.set_colony_tiles(game, ["Luna", "Ceres", "Io"])
    T.set_resources(game, 0, megacredits=31)
    with i18n.speaking(lang):
        html = _action_prompt(game)
    assert esc(_said(lang, "col.trade_blocked_first")) in html
    assert esc(_said(lang, "col.trade_blocked_fee")) not in html


def test_a_trade_refused_for_its_fee_still_says_so_R_COL_4() -> None:
    game, _ = T.make_game(2, seed=7, expansions=["corpera", "colonies"])
    T.set_colony_tiles(game, ["Luna", "Ceres", "Io"])
    T.set_resources(game, 0, megacredits=8)
    assert esc(_said("en", "col.trade_blocked_fee")) in _action_prompt(game)


@pytest.mark.parametrize("lang", LANGS)
def test_R_PROD_3_own_production_lowered_when_no_one_else_has_any_is_said(lang: str) -> None:
    """Asteroid Mining Consortium with no other titanium producer: the loss is one's own
    (R-PROD-3), and the log says why instead of "Ben takes 1 titanium production from Ben"."""
    game, _ = T.make_game(2, seed=3, names=["Ada", "Ben"])
    T.set_production(game, 0, titanium=1)
    T.give_cards(game, 0, ["Asteroid Mining Consortium"])
    T.set_resources(game, 0, megacredits=13)
    T.answer(game, "play_card", "Asteroid Mining Consortium")
    view = game.view(0)
    record = next(r for r in view["log"] if r.get("key") == "prod_reduced")
    assert record["target"] == record["player"] == 0
    assert game.state.players[0].prod["titanium"] == 1  # lost 1, gained it back
    with i18n.speaking(lang):
        line = log_line(view, record)
        resource = i18n.t("resname.titanium")
    assert line == _said(lang, "log.prod_stolen_own", player="Ada", res=resource, count=1)
    assert line.count("Ada") == 1


def test_solo_offers_no_play_by_link() -> None:
    assert by_link_box({}, players=1) == ""
    app = App(MemoryStorage(), clock=lambda: 0.0)
    app.handle("form", {"players": "1"})
    form = app.render()["app"]
    assert 'name="by_link"' not in form and 'name="sealed"' not in form
    app.handle("form", {"players": "2"})
    assert 'name="sealed"' in app.render()["app"]


@pytest.mark.parametrize("lang", LANGS)
def test_keep_hands_secret_changes_the_link_hint(lang: str) -> None:
    """A link of a game with secret hands does not hold the hands: the hint changes with
    the box (ticking it redraws the form)."""
    with i18n.speaking(lang):
        whole = esc(i18n.t("linkplay.whole_game"))
        open_game = by_link_box({"by_link": "on"})
        sealed = by_link_box({"by_link": "on", "sealed": "on"})
    assert whole in open_game
    assert whole not in sealed
    assert re.search(r'name="sealed" data-change="form"', sealed)


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_names_a_space_by_its_row_and_place_never_by_a_bare_number(lang: str) -> None:
    """Solo's neutral cities: "the 4th space of row 3", or the name the board prints."""
    game = Game.new(Options(players=1, seed=5, names=["Ada"], expansions=["corpera"]))
    view = game.view(0)
    cities = [r for r in view["log"] if r.get("key") == "tile" and r.get("player") == -1]
    assert cities
    with i18n.speaking(lang):
        lines = [log_line(view, r) for r in cities]
        number = i18n.t("board.space", id=cities[0]["space"])
    for line, record in zip(lines, cities, strict=True):
        assert number not in line and str(record["space"]) not in line
    with i18n.speaking("en"):
        assert re.fullmatch(r"the \d+(st|nd|rd|th) space of row \d", space_ref(view, "24"))
        assert space_ref(view, "09") == "Tharsis Tholus"


def test_english_ordinals() -> None:
    from tm.web.log_text import _nth

    assert [_nth(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_japanese_adds_no_honorific_to_a_name() -> None:
    """"Player 1さん": a default (or any) name is shown as it is, never with さん."""
    catalog = i18n.catalog("ja")
    assert not [k for k, text in catalog.items()
                if re.search(r"\{(name|player|target)\}(さん|様|さま|くん|君)", text)]
    assert "さん" not in _said("ja", "game.your_turn", name="Player 1")


@pytest.mark.parametrize("lang", LANGS)
def test_a_sealed_hand_with_no_playable_card_offers_to_go_on_R_SETUP_4(lang: str) -> None:
    """A prelude's "play a card from your hand" in a sealed game, when this device reads no
    card it can play: the one choice is "none" (no card), drawn as a button that says so
    (it once broke the page: a card prompt's choice without a card)."""
    game, _ = T.make_game(2, seed=7)
    view = game.view(0)
    choices = [{"type": "none", "label": {"key": "none"}}]
    data = {"cards": ["Big Asteroid", "Comet"], "playable": True, "src": None}
    with i18n.speaking(lang):
        html = render_prompt(Ask(view, 0, "card", "play_from_hand", data, choices, {},
                                 ["red", "green"]))
    assert esc(_said(lang, "prompt.card_none")) in html
    assert 'data-action="choose"' in html and 'data-index="0"' in html
