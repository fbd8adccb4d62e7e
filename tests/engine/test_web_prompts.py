"""Every prompt kind rendered from a real game situation, through the App."""
from __future__ import annotations

import html
import re
from collections.abc import Callable

import pytest

from tm.game import Game
from tm.prompts import KINDS
from tm.state import Options
from tm.testing import (
    answer,
    give_cards,
    make_game,
    prompt,
    put_in_play,
    set_production,
    set_resources,
)
from tm.web.app import App
from tm.web.prompt_html import RENDERERS
from tm.web.saves import MemoryStorage, SaveMeta


def app_for(game: Game) -> App:
    player = game.pending[0][0]
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.game = game
    count = len(game.state.players)
    app.meta = SaveMeta(names=[pl.name for pl in game.state.players],
                        colours=["red", "green", "blue", "yellow", "black"][:count])
    app.viewer = player
    app.screen = "game"
    return app


def prompt_html(app: App) -> str:
    page = app.render()["app"]
    start = page.index('<section class="prompt"')
    return page[start:page.index("</section>", start)]


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


# ---------------------------------------------------------------- situations, one per kind
def action_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Mine", "Comet"])
    set_resources(game, 0, megacredits=60, plants=8, heat=8)
    put_in_play(game, 0, ["Tardigrades"], resources=2)
    return game


def space_game() -> Game:
    game, _ = make_game(2)
    set_resources(game, 0, megacredits=30)
    answer(game, "standard_project", "greenery")
    return game


def cards_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Mine", "Comet", "Lichen"])
    answer(game, "standard_project", "sell_patents")
    return game


def card_game() -> Game:
    return Game.new(Options(players=2, seed=1))


def player_game() -> Game:
    game, _ = make_game(3)
    give_cards(game, 0, ["Heat Trappers"])
    set_resources(game, 0, megacredits=20)
    set_production(game, 1, heat=2)
    set_production(game, 2, heat=3)
    answer(game, "play_card", "Heat Trappers")
    return game


def amount_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Insulation"])
    set_resources(game, 0, megacredits=20)
    set_production(game, 0, heat=3)
    answer(game, "play_card", "Insulation")
    return game


def pay_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Mine"])
    set_resources(game, 0, megacredits=10, steel=3)
    answer(game, "play_card", "Mine")
    return game


def option_game() -> Game:
    game, _ = make_game(2)
    give_cards(game, 0, ["Artificial Photosynthesis"])
    set_resources(game, 0, megacredits=20)
    answer(game, "play_card", "Artificial Photosynthesis")
    return game


SITUATIONS: dict[str, Callable[[], Game]] = {
    "action": action_game, "space": space_game, "cards": cards_game, "card": card_game,
    "player": player_game, "amount": amount_game, "pay": pay_game, "option": option_game,
}


def test_every_prompt_kind_has_a_renderer_and_a_situation() -> None:
    assert set(RENDERERS) == set(KINDS)
    assert set(SITUATIONS) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_renders_from_a_real_situation(kind: str) -> None:
    game = SITUATIONS[kind]()
    assert prompt(game).kind == kind
    app = app_for(game)
    section = prompt_html(app)
    assert f'data-kind="{kind}"' in section
    assert "<h2>" in section
    action = "toggle" if kind == "cards" else "choose"
    indexes = re.findall(r'data-action="choose" data-index="(\d+)"', section)
    if action == "choose":
        assert sorted(map(int, indexes)) == list(range(len(prompt(game).choices())))
    else:
        assert section.count('data-action="toggle"') == len(prompt(game).choices())
    assert "{" not in text(section) and "}" not in text(section)


# ---------------------------------------------------------------- what each shows
def test_action_menu_is_grouped() -> None:
    section = prompt_html(app_for(action_game()))
    shown = text(section)
    for group in ("Play a card", "Standard projects", "Card actions", "Fund an award",
                  "Conversions", "Your turn"):
        assert group.upper() in shown.upper(), group
    assert re.search(r'<button type="button" class="card card-automated"[^>]*data-index=', section)
    assert "Power plant (11 MC)" in shown and "+1 energy production" in shown
    assert "Plants → greenery (8 plants)" in shown and "Heat → temperature (8 heat)" in shown
    assert "Use the action of Tardigrades" in shown
    assert re.search(r'data-action="choose" data-index="\d+"><span class="label">Pass</span>'
                     r"</button>", section)


def test_space_prompt_points_at_the_board_and_lists_spaces() -> None:
    game = space_game()
    app = app_for(game)
    page = app.render()["app"]
    section = prompt_html(app)
    choices = prompt(game).choices()
    assert "highlighted space" in text(section)
    assert section.count("space-choice") == len(choices)
    assert page.count('class="space land legal"') + page.count("volcanic legal") == len(choices)
    assert "Place a greenery: pick a highlighted space" in text(page)


def test_cards_prompt_counts_the_selection_and_confirms() -> None:
    game = cards_game()
    app = app_for(game)
    section = prompt_html(app)
    assert 'data-card="Mine"' in section and 'aria-pressed="false"' in section
    assert re.search(r'data-action="confirm"[^>]*disabled', section)
    app.handle("toggle", {"card": "Comet"})
    section = prompt_html(app)
    assert "1 selected (choose 1 to 3)" in text(section)
    assert 'aria-pressed="true" data-card="Comet"' in section
    assert section.count('aria-pressed="true"') == 1
    assert not re.search(r'data-action="confirm"[^>]*disabled', section)


def test_buy_cards_prompt_shows_the_price_total() -> None:
    game = Game.new(Options(players=1, seed=2))
    app = app_for(game)
    app.handle("choose", {"index": 0})  # the corporation
    assert prompt(game).purpose == "buy_cards"
    first = prompt(game).data["cards"][0]
    app.handle("toggle", {"card": first})
    shown = text(prompt_html(app))
    assert "Buy cards for 3 MC each" in shown and "Cost: 3 MC" in shown


def test_corporation_choice_shows_starting_money() -> None:
    shown = text(prompt_html(app_for(card_game())))
    assert "Choose your corporation" in shown and "MC to start" in shown


def test_player_prompt_names_players_and_no_one_when_optional() -> None:
    shown = text(prompt_html(app_for(player_game())))
    assert "Whose heat production drops by 2?" in shown
    assert "Player 2" in shown and "Player 3" in shown
    game, _ = make_game(2)
    give_cards(game, 0, ["Asteroid"])
    set_resources(game, 0, megacredits=30)
    set_resources(game, 1, plants=3)
    answer(game, "play_card", "Asteroid")
    shown = text(prompt_html(app_for(game)))
    assert "Remove up to 3 plants from whom?" in shown and "No one" in shown


def test_pay_prompt_shows_each_currency() -> None:
    section = prompt_html(app_for(pay_game()))
    shown = text(section)
    assert "Pay 4 MC" in shown and "steel = 2 MC" in shown
    assert section.count('class="choice pay"') == len(prompt(pay_game()).choices())
    labels = [text(b) for b in re.findall(r'class="choice pay"[^>]*>(.*?)</button>', section)]
    assert labels == ["4 MC", "2 MC + 1 steel", "2 steel"]


def test_amount_and_option_prompts_read_well() -> None:
    shown = text(prompt_html(app_for(amount_game())))
    assert "How much heat production becomes MC production?" in shown
    shown = text(prompt_html(app_for(option_game())))
    assert "Choose one for Artificial Photosynthesis" in shown
    assert "production +2 energy" in shown and "production +1 plant" in shown
