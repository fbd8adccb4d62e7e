"""Words and tables of the page: live score labels on a phone, the end chart, Viral
Enhancers' choice, space lists, the solo note of the start form, the log of a lost solo
game's end, the hand of a finished game, who funded an award, what a target player holds,
selling one card short, and card lines marked with the kind of game they apply to."""
from __future__ import annotations

import html
import re

from tests.kits.cardkit import new_game, play
from tests.kits.games import random_game
from tests.web import test_web_share as share
from tests.web.test_web_prompts import prompt_html
from tests.web.webkit import app_for, page, text
from tests.web.webkit import choose as click
from tm.testing import (
    choice_types,
    give_cards,
    make_game,
    place,
    put_in_play,
    set_parameters,
    set_resources,
)
from tm.web.app import App
from tm.web.cards_html import card_html
from tm.web.saves import MemoryStorage, SaveMeta


def test_viral_enhancers_choice_names_itself_and_the_card_the_microbe_goes_to() -> None:
    game = new_game()
    put_in_play(game, 0, ["Viral Enhancers"])
    set_parameters(game, oxygen=3)
    play(game, "Decomposers")
    assert choice_types(game, 0) == ["option", "option"]
    shown = text(prompt_html(app_for(game)))
    assert "Choose one for Viral Enhancers" in shown
    assert "add 1 microbe to Decomposers" in shown and "gain 1 plant" in shown
    assert "here" not in shown and "for Decomposers" not in shown


def test_viral_enhancers_choice_staged_in_the_page_names_the_card_in_its_summary() -> None:
    game = new_game()
    put_in_play(game, 0, ["Viral Enhancers"])
    set_parameters(game, oxygen=3)
    give_cards(game, 0, ["Decomposers"])
    set_resources(game, 0, megacredits=20)
    app = app_for(game)
    listed = game.pending[0][1].choices()
    app.handle("choose", {"index": next(i for i, c in enumerate(listed)
                                        if c.get("card") == "Decomposers")})
    assert "Choose one for Viral Enhancers" in text(prompt_html(app))
    app.handle("choose", {"index": 1})
    summary = text(app.render()["app"])  # (the confirmation replaces the prompt)
    assert "Confirm: Play Decomposers add 1 microbe to Decomposers" in summary


def test_a_row_of_one_space_says_space_and_numbers_it_as_the_board_does() -> None:
    game = new_game()
    place(game, "06", "city", 1)  # Natural Preserve may not go next to it: row 1 keeps 03
    play(game, "Natural Preserve")
    app = app_for(game)
    shown = text(prompt_html(app))
    assert "Row 1: space 03" in shown and "Row 2: spaces 08, 09, 10" in shown
    assert ">03</text>" in app.render()["app"]  # the board's own label of that space


def test_every_cell_of_the_live_scores_table_has_a_data_label_naming_its_column() -> None:
    app = share.start(share.new_app(), players=2, names=["Ada", "Bob"], seed=11)
    share.play(app, 4)
    app.handle("reveal", {})
    app.handle("toggle_scores", {})
    section = re.search(r'<section class="live-scores">(.*?)</section>', page(app), re.S)
    assert section
    heads = re.findall(r'<th scope="col">([^<]*)</th>', section.group(1))[1:]  # (not Player)
    rows = re.findall(r"<tbody>(.*?)</tbody>", section.group(1), re.S)[0].split("</tr>")[:-1]
    assert len(rows) == 2 and heads[0] == "TR" and heads[-1] == "Total"
    for row in rows:
        cells = re.findall(r"<td([^>]*)>", row)
        assert [html.unescape(re.sub(r'.*data-label="([^"]*)".*', r"\1", c)) for c in cells] \
            == [html.unescape(h) for h in heads]


def test_the_solo_note_of_the_new_game_form_shows_only_for_one_player() -> None:
    app = share.new_app()
    assert 'class="new-game"' in page(app)
    assert "plays solo" not in page(app)  # two players by default
    app.handle("form", {"players": "1", "seed": ""})
    assert 'class="hint solo-note"' in page(app) and "plays solo" in page(app)
    app.handle("form", {"players": "3", "seed": ""})
    assert "plays solo" not in page(app)


def _lost_solo_game() -> App:
    """A solo game played to its end without terraforming Mars, two cards in hand and
    nothing to pay for them with."""
    game = random_game(1, 3, ["Pia"])
    assert game.is_over and not game.state.players[0].hand
    give_cards(game, 0, ["Comet", "Mine"])
    set_resources(game, 0, megacredits=0, steel=0, titanium=0)  # (so no card could be paid)
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.shown.game, app.shown.viewer, app.shown.screen = game, 0, "game"
    app.shown.meta = SaveMeta(names=["Pia"], colours=["red"])
    assert "you lose" in page(app)
    return app


def test_R_SOLO_3_the_log_of_a_lost_solo_game_says_no_final_greenery_conversion_came() -> None:
    app = _lost_solo_game()
    log = page(app).split('<section class="log"', 1)[1]
    assert "No final greenery conversion: the solo game was lost" in log
    assert "Final greenery conversion</h4>" not in log
    assert "The game is over" in log


def test_a_finished_games_hand_is_only_listed_without_reasons() -> None:
    app = _lost_solo_game()
    hand = page(app).split('<section class="hand"', 1)[1].split("</section>", 1)[0]
    assert 'class="hand-item"' in hand
    assert "Not playable" not in hand and 'class="why"' not in hand


def test_the_end_chart_labels_generations_values_and_keys_each_player() -> None:
    from tm.web.share_html import (
        CHART_FONT,
        CHART_W,
        labelled_generations,
        value_step,
    )
    game = random_game(1, 3, ["Pia"])
    assert game.is_over and game.state.generation == 14
    app = share.new_app()
    app.handle("open_link", {"text": share.encode(game)})
    shown = page(app)
    svg = re.search(r'<svg class="chart".*?</svg>', shown, re.S)
    assert svg
    gens = [int(n) for n in re.findall(r'<text class="gen"[^>]*>(\d+)</text>', svg.group(0))]
    assert gens == [2, 4, 6, 8, 10, 12, 14]  # more than ten: every other one, the last named
    values = [int(n) for n in re.findall(r'<text class="value"[^>]*>(\d+)</text>', svg.group(0))]
    assert values[0] == 0 and len(values) >= 3 and svg.group(0).count('class="grid"') == len(values)
    assert len({b - a for a, b in zip(values, values[1:], strict=False)}) == 1
    assert svg.group(0).count('<g class="mark"') == 14  # the seat's symbol on each VP point
    table = re.search(r'<table id="chart-table".*?</table>', shown, re.S)
    assert table
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>', table.group(0))
    assert [int(r) for r in rows] == list(range(1, 15))
    key = re.search(r'<ul class="chart-key"[^>]*>(.*?)</ul>', shown, re.S)
    assert key and "Pia" in key.group(1)
    assert 'class="seat-mark owner-red seat-circle"' in key.group(1)
    assert "victory points" in key.group(1) and "terraform rating" in key.group(1)
    # text over 11 px on a 390 px phone, where the chart is about 360 px wide
    assert CHART_FONT * 360 / CHART_W >= 11
    assert labelled_generations(10) == list(range(10))
    assert [value_step(n) for n in (4, 25, 37, 108, 240)] == [1, 5, 10, 25, 50]


def test_the_end_chart_keys_every_player_by_name_colour_and_symbol() -> None:
    game = random_game(2, 3, ["Ada", "Bob"])
    app = share.new_app()
    app.handle("open_link", {"text": share.encode(game)})
    key = re.search(r'<ul class="chart-key"[^>]*>(.*?)</ul>', page(app), re.S)
    assert key
    assert re.search(r'seat-mark owner-red seat-circle.*?</svg>Ada</li>', key.group(1))
    assert re.search(r'seat-mark owner-green seat-square.*?</svg>Bob</li>', key.group(1))


# ---------------------------------------------------------------- wording
def test_a_funded_award_says_who_funded_it() -> None:
    game, (p1, p2) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=30)
    app = app_for(game)
    click(app, "fund_award", award="Banker")
    shown = text(page(app))
    assert "Fund Banker" not in shown and "Banker: funded by" in shown


def test_a_virus_target_shows_the_plants_each_player_holds() -> None:
    game, (p1, p2) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Virus"])
    set_resources(game, p1, megacredits=10, plants=2)
    set_resources(game, p2, plants=7)
    app = app_for(game)
    click(app, "play_card", card="Virus")
    decision = app.current()
    assert decision is not None
    if decision[1].kind == "option":  # animals or plants
        plants = next(i for i, c in enumerate(decision[1].choices())
                      if "plant" in text(str(c.label)))
        app.handle("choose", {"index": plants})
    shown = text(page(app))
    assert "has 7 plants" in shown and "has 2 plants" in shown


def test_selling_short_of_one_card_says_to_pick_one() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Birds"])
    app = app_for(game)
    click(app, "standard_project", project="sell_patents")
    shown = text(page(app))
    assert "Sell no cards" not in shown and "Pick at least 1 card" in shown


# ---------------------------------------------------------------- solo and multiplayer
def test_card_lines_are_marked_with_the_kind_of_game_they_apply_to() -> None:
    tharsis = card_html("Tharsis Republic")
    assert re.search(r'class="line solo-only">MC production \+1 per neutral city', tharsis)
    assert re.search(r'class="line multi-only">First action: fund an award', card_html("Vitor"))
    solo, _ = make_game(players=1, seed=0)
    duo, _ = make_game(players=2, seed=0)
    assert 'data-players="solo"' in page(app_for(solo))
    assert 'data-players="multi"' in page(app_for(duo))
