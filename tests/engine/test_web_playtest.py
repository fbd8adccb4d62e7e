"""What a whole game played through the page asked for, in CPython: every action waits for
its Confirm (Cancel takes nothing back), a payment starts MC first and then with the fewest
other units, "Max" never pays more than the rates force, taken milestones and awards say by
whom, a target player shows what they hold, card lines show only in the kind of game they
apply to, the solo end table has no empty columns, and a finished game offers no Undo."""
from __future__ import annotations

import html
import re

from tests.engine.webkit import choose as click
from tm.game import Game
from tm.testing import give_cards, make_game, set_resources
from tm.web.app import App
from tm.web.app_stage import best_mix
from tm.web.cards_html import card_html
from tm.web.saves import MemoryStorage, SaveMeta

COLOURS = ["red", "green", "blue", "yellow", "black"]


def app_for(game: Game) -> App:
    """An App showing ``game`` to the player deciding first."""
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.game = game
    count = len(game.state.players)
    app.meta = SaveMeta(names=[pl.name for pl in game.state.players], colours=COLOURS[:count])
    app.save_id = "test"
    app.viewer = game.pending[0][0]
    app.screen = "game"
    return app


def page(app: App) -> str:
    return app.render()["app"]


def text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def pay_data(app: App) -> dict:
    decision = app.current()
    assert decision is not None and decision[1].kind == "pay"
    return dict(decision[1].data)


# ---------------------------------------------------------------- confirm every action
def test_a_one_click_action_waits_for_confirm_and_cancel_takes_nothing_back() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=30)
    app = app_for(game)
    before, digest = len(game.moves), game.digest()
    click(app, "standard_project", held=True, project="power_plant")
    shown = page(app)
    assert 'data-kind="confirm"' in shown and 'data-action="confirm_action"' in shown
    assert "Confirm: Power plant (11 MC)" in text(shown)
    assert app.game is game and len(game.moves) == before and game.digest() == digest
    app.handle("cancel", {})
    assert app.stage is None and len(app.game.moves) == before and game.digest() == digest
    click(app, "standard_project", held=True, project="power_plant")
    app.handle("choose", {"index": 0})  # no listed choice while held: nothing happens
    assert app.stage is not None and app.stage.held
    app.handle("confirm_action", {})
    assert app.stage is None and len(app.game.moves) == before + 1
    assert app.game.state.players[p1].prod["energy"] == 1


def test_an_action_ending_on_a_payment_needs_no_second_confirm() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # building: steel may pay
    set_resources(game, p1, megacredits=20, steel=3)
    app = app_for(game)
    before = len(game.moves)
    click(app, "play_card", card="Deep Well Heating")
    click(app, "confirm", held=True)
    assert app.stage is None and len(app.game.moves) == before + 2


# ---------------------------------------------------------------- the payment's start
def test_a_payment_mc_can_cover_starts_with_no_other_unit() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # 13 MC
    set_resources(game, p1, megacredits=20, steel=3)
    app = app_for(game)
    click(app, "play_card", card="Deep Well Heating")
    assert pay_data(app)["use"] == {"steel": 0}


def test_a_payment_mc_cannot_cover_starts_with_the_fewest_units_needed() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # 13 MC, steel worth 2
    set_resources(game, p1, megacredits=8, steel=5)
    app = app_for(game)
    before = len(game.moves)
    click(app, "play_card", card="Deep Well Heating")
    assert pay_data(app)["use"] == {"steel": 3}  # 8 MC + 3 steel (6): 13, nothing wasted
    assert len(app.game.moves) == before  # all on the page's copy
    assert "Pay 7 MC + 3 steel" in text(page(app))
    click(app, "use", resource="steel", amount=0)  # the player's "None" stays none
    assert pay_data(app)["use"] == {"steel": 0}


def test_the_fewest_units_keep_mc_first_and_overpay_only_where_rates_force_it() -> None:
    assert best_mix(0, {"steel": 2}, {"steel": 5}) == {}
    assert best_mix(5, {"steel": 2}, {"steel": 5}) == {"steel": 3}  # 6: a unit is whole
    assert best_mix(6, {"titanium": 3, "steel": 2}, {"titanium": 2, "steel": 3}) == {
        "titanium": 2}
    assert best_mix(7, {"titanium": 3, "heat": 1}, {"titanium": 3, "heat": 5}) == {
        "titanium": 2, "heat": 1}  # 7 exactly, not 9 in titanium
    assert best_mix(20, {"steel": 2}, {"steel": 3}) == {}  # cannot cover: left to the player


def test_max_never_pays_beyond_what_the_rate_forces() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # 13 MC
    set_resources(game, p1, megacredits=20, steel=10)
    app = app_for(game)
    click(app, "play_card", card="Deep Well Heating")
    click(app, "use", resource="steel", amount=7)  # the listed "Max 7": 14 for 13
    data = pay_data(app)
    value = sum(n * data["rates"][r] for r, n in data["use"].items())
    assert data["cost"] <= value < data["cost"] + data["rates"]["steel"]
    assert "Max 7" not in page(app)
    decision = app.current()
    assert decision is not None and any(c["type"] == "confirm" for c in decision[1].choices())


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


def test_a_finished_game_offers_no_undo() -> None:
    app = App(MemoryStorage(), clock=lambda: 1000.0)
    app.handle("new_game", {"players": "1", "seed": "11", "corporate_era": "on"})
    assert app.game is not None
    while not app.game.is_over:
        app.handle("answer_first", {})
    assert not app.can_undo()
    shown = page(app)
    assert 'data-action="undo"' not in shown and ">Undo<" not in shown
    app.handle("undo", {})
    assert app.game.is_over
