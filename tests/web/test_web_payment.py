"""A payment in the page, in CPython: it starts MC first and then with the fewest other
units, and "Max" never pays more than the rates force."""
from __future__ import annotations

from tests.web.webkit import app_for, page, text
from tests.web.webkit import choose as click
from tm.testing import give_cards, make_game, set_resources
from tm.web.app import App
from tm.web.app_stage import best_mix


def pay_data(app: App) -> dict:
    decision = app.current()
    assert decision is not None and decision[1].kind == "pay"
    return dict(decision[1].data)


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
    assert len(app.shown.game.moves) == before  # all on the page's copy
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
