"""Colonies on the page, in CPython (R-COL): the form's box, the tiles drawn from the view,
the trade and build questions saying what each tile gives now, the status strip, the
end table and the log in words."""
from __future__ import annotations

import re
from typing import Any

from tests.kits.games import form_fields
from tests.web.webkit import choose, text
from tm import testing as T
from tm.core.rng import Rng
from tm.core.state import Options
from tm.game import Game
from tm.sim import random_response
from tm.web.app import App
from tm.web.expansions.colonies.section import colonies_section
from tm.web.log_text import log_line, log_lines
from tm.web.model import screen_of
from tm.web.prompt_html import Ask, render_prompt
from tm.web.saves import MemoryStorage
from tm.web.screens import end_section

COLOURS = ["red", "green", "blue"]


def _three() -> Game:
    game, _ = T.make_game(players=3, seed=1, expansions=["colonies"])
    T.set_colony_tiles(game, ["Luna", "Ceres", "Titan", "Europa", "Pluto"])
    return game


def _prompt(game: Game, p: int = 0) -> str:
    view = game.view(p)
    d = view["you"]["decision"]
    ask = Ask(view, p, d["kind"], d["purpose"], d["data"], d["choices"], d.get("costs") or {},
              COLOURS)
    return render_prompt(ask)


def _respond(game: Game, p: int, kind: str, **fields: Any) -> None:
    prompt = next(pr for q, pr in game.pending if q == p)
    found = next(c for c in prompt.choices() if c["type"] == kind
                 and all(c.get(k) == v for k, v in fields.items()))
    game.respond(p, found)


def test_the_colonies_box_starts_a_colonies_game_with_corporate_era_and_prelude() -> None:
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    fields = form_fields(2, ["Ann", "Bob"], 7)
    fields.update(colonies="on", prelude="on", board="hellas")
    app.handle("new_game", fields)
    assert app.shown.game is not None
    assert app.shown.game.state.options.expansions == ["corpera", "prelude", "colonies"]
    assert app.shown.game.state.options.board == "hellas"
    form = App(MemoryStorage(), clock=lambda: 1000.0).render()["app"]
    assert 'name="colonies"' in form


def test_tiles_show_track_values_marker_colonies_and_the_visiting_fleet_R_COL_5() -> None:
    game = _three()
    T.give_colony(game, 1, "Luna")
    T.set_marker(game, "Luna", 3)
    T.set_resources(game, 0, megacredits=20)
    _respond(game, 0, "trade", tile="Ceres")
    shown = colonies_section(game.view(0), COLOURS)
    luna = re.search(r'<li class="colony-tile" aria-label="Luna">.*?</ol>', shown, re.S)
    assert luna is not None
    values = [text(v) for v in re.findall(r'class="ct-val"[^>]*>(.*?)</span>', luna.group(0))]
    assert values == ["1 MC", "2 MC", "4 MC", "7 MC", "10 MC", "13 MC", "17 MC"]
    marked = re.search(r'class="ct-cell at" aria-current="true">(.*?)</li>', luna.group(0))
    assert marked is not None and "position 3: gain 7 MC · marker here" in text(marked.group(1))
    assert "colony of Player 2" in text(luna.group(0))
    assert 'class="ct-colony owner-green"' in luna.group(0)
    assert "Player 1's fleet" in text(shown.split('aria-label="Ceres"')[1].split("</li>")[0]
                                      + "</li>")
    assert "a fleet on Ceres" in text(shown)
    assert "Not active until someone plays a card that holds floaters" in text(shown)


def test_trade_choices_say_income_fee_and_who_gets_the_bonus_R_COL_4() -> None:
    game = _three()
    T.give_colony(game, 1, "Luna")
    T.give_colony(game, 2, "Luna")
    T.set_marker(game, "Luna", 3)
    T.set_resources(game, 0, megacredits=30, energy=3)
    shown = text(_prompt(game))
    assert ("Trade with Luna (gain 7 MC) Fee: 9 MC or 3 energy · colony bonus (gain 2 MC) "
            "to Player 2, Player 3") in shown
    assert "Trade with Titan (add 1 floater to one of your cards) not active yet" in shown
    _respond(game, 0, "trade", tile="Luna")
    shown = text(_prompt(game))
    assert "Pay the trade with what? (Luna)" in shown and "Pay 9 MC Pay 3 energy" in shown


def test_build_colony_options_say_reward_bonus_and_trade_income_R_COL_3() -> None:
    game = _three()
    T.set_resources(game, 0, megacredits=30)
    _respond(game, 0, "standard_project", project="build_colony")
    shown = text(_prompt(game))
    assert ("Luna: production +2 MC Then gain 2 MC to you at every trade there · "
            "trade now: gain 2 MC") in shown
    assert "Europa: place an ocean" in shown


def test_status_strip_and_end_table_count_colonies() -> None:
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    fields = form_fields(1, ["Ada"], 4)
    fields["colonies"] = "on"
    app.handle("new_game", fields)
    choose(app, "corporation", card="Teractor")
    for name in ("Luna", "Ceres", "Enceladus"):
        choose(app, "keep", offer="colony_tiles", card=name)
    choose(app, "done")
    choose(app, "standard_project", project="build_colony")
    choose(app, "option", option=0)
    page = app.render()["app"]
    assert 'class="scol"' in page and "1 colony" in text(page)
    assert app.shown.game is not None
    app.shown.game.state.over = True
    table = end_section(screen_of(app))
    assert '<span class="end-colonies">1 colony</span>' in table


def test_solo_tile_offer_shows_tiles_not_cards_R_COL_1() -> None:
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    fields = form_fields(1, ["Ada"], 4)
    fields["colonies"] = "on"
    app.handle("new_game", fields)
    page = app.render()["app"]
    offers = page.split('class="tile-offers"', 1)[1]
    assert offers.count('class="colony-tile tile-offer"') == 4
    assert "Colony: production +2 MC Bonus: gain 2 MC" in text(offers)


def test_log_tells_trades_bonuses_builds_and_rising_markers_in_words() -> None:
    game = _three()
    view = game.view(0)
    trade = log_line(view, {"key": "trade", "player": 0, "tile": "Luna", "marker": 3,
                            "owners": [1, 2, 1]})
    assert trade == ("Player 1 trades with Luna (marker at 3): gain 7 MC; colony bonus "
                     "(gain 2 MC) to Player 2, Player 3")
    old = log_line(view, {"key": "trade", "player": 0, "tile": "Ceres", "marker": 0})
    assert old == "Player 1 trades with Ceres (marker at 0): gain 1 steel"
    built = log_line(view, {"key": "colony_built", "player": 1, "tile": "Pluto"})
    assert built == "Player 2 builds a colony on Pluto: draw 2 cards"
    risen = log_line(view, {"key": "markers_rise", "tiles": {"Luna": 2, "Ceres": 4}})
    assert risen == "Colony markers rise one step: Luna 2, Ceres 4"
    T.set_resources(game, 0, energy=3)
    _respond(game, 0, "trade", tile="Ceres")
    assert "Player 1 pays 3 energy" in log_lines(game.view(0), 5)


def test_markers_rise_is_logged_at_the_end_of_a_generation_R_COL_5() -> None:
    game = Game.new(Options(players=2, seed=3, expansions=["colonies"]))
    rng = Rng.from_seed(1)
    while game.state.generation < 2 and not game.is_over:
        p, prompt = game.pending[0]
        game.respond(p, random_response(prompt, rng))
    assert any(r["key"] == "markers_rise" for r in game.state.log)


def test_selling_a_hand_of_24_lists_its_cards_a_page_at_a_time_within_20() -> None:
    """Sell patents over a 24-card hand (Colonies solo, Pluto): at most 20 listed choices,
    18 cards a page and "more cards"; a pick on the first page stays picked on the second."""
    game, _ = T.make_game(players=1, seed=2, expansions=["colonies"])
    T.set_colony_tiles(game, ["Luna", "Ceres", "Pluto"])
    T.give_cards(game, 0, _any_cards(game, 24))
    T.answer(game, "standard_project", "sell_patents")
    listed = T.prompt(game).choices()
    assert len(listed) <= 20
    assert [c["type"] for c in listed].count("pick") == 18
    first = listed[0]["card"]
    T.answer(game, "pick", first)
    more = next(c for c in T.prompt(game).choices() if c["type"] == "more_cards")
    assert more.label == {"key": "more_cards", "page": 2, "pages": 2}
    game.respond(0, {"type": "more_cards"})
    second = T.prompt(game).choices()
    assert [c["type"] for c in second].count("pick") == 6 and len(second) <= 20
    shown = text(_prompt(game))
    assert "Show more cards (page 1 of 2)" in shown
    game.respond(0, {"type": "done"})
    assert T.player_state(game, 0)["megacredits"] == 1


def _any_cards(game: Game, n: int) -> list[str]:
    """The first ``n`` project cards still in the deck."""
    return list(game.state.deck[:n])


def test_pluto_bonus_asks_its_owner_which_card_to_discard_by_name() -> None:
    """A trade with Pluto gives its colony owner a card, then a discard: the owner's
    question names each card in hand (not a bare "Choose")."""
    game = _three()
    T.give_colony(game, 1, "Pluto")
    T.give_cards(game, 1, list(game.state.deck[:2]))
    T.set_resources(game, 0, megacredits=9)
    _respond(game, 0, "trade", tile="Pluto")
    owner = next(p for p, _ in game.pending)
    assert owner == 1
    shown = text(_prompt(game, 1))
    hand = game.state.players[1].hand
    assert "Discard which card from your hand?" in shown
    assert all(name in shown for name in hand)
