"""A payment in the page, in CPython: it starts keeping MC (steel, titanium and heat first,
MC last, no value wasted while MC can cover it), an overpay is said in words, the hint pays
as the default does, and "Max" never pays more than the rates force."""
from __future__ import annotations

from tests.web.webkit import app_for, page, text
from tests.web.webkit import choose as click
from tm.bots import thrifty
from tm.bots.hint import hint
from tm.testing import give_cards, make_game, set_resources
from tm.web.app import App


def pay_data(app: App) -> dict:
    decision = app.current()
    assert decision is not None and decision[1].kind == "pay"
    return dict(decision[1].data)


def paying(name: str, **resources: int) -> App:
    """Player 1 of a 2-player game holding ``resources``, at the payment for ``name``."""
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, [name])
    set_resources(game, p1, **resources)
    app = app_for(game)
    click(app, "play_card", card=name)
    return app


# ---------------------------------------------------------------- the payment's start
def test_a_payment_starts_with_steel_before_mc() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])  # 13 MC, building
    set_resources(game, p1, megacredits=20, steel=3)
    app = app_for(game)
    before = len(game.moves)
    click(app, "play_card", card="Deep Well Heating")
    assert pay_data(app)["use"] == {"steel": 3}  # 3 steel (6) + 7 MC
    assert len(app.shown.game.moves) == before  # all on the page's copy
    assert "Pay 7 MC + 3 steel" in text(page(app))
    click(app, "use", resource="steel", amount=0)  # the player's "None" stays none
    assert pay_data(app)["use"] == {"steel": 0}


def test_a_payment_keeps_a_unit_rather_than_overpay_while_mc_covers_the_rest() -> None:
    app = paying("Deep Well Heating", megacredits=20, steel=10)  # 13 MC: 7 steel would pay 14
    assert pay_data(app)["use"] == {"steel": 6}  # 12 + 1 MC: nothing wasted
    assert "more than the cost" not in text(page(app))


def test_an_overpay_mc_cannot_avoid_is_said_in_words() -> None:
    app = paying("Deep Well Heating", megacredits=0, steel=10)  # 13 MC
    assert pay_data(app)["use"] == {"steel": 7}
    assert "This pays 1 MC more than the cost." in text(page(app))


def test_titanium_and_steel_together_pay_before_mc() -> None:
    app = paying("Space Elevator", megacredits=40, steel=20, titanium=6)  # 27: building, space
    data = pay_data(app)
    value = sum(n * data["rates"][r] for r, n in data["use"].items())
    assert value == 27 and "Pay 6 steel + 5 titanium" in text(page(app))  # no MC at all


def test_the_payment_that_keeps_mc() -> None:
    rates = {"megacredits": 1, "steel": 2, "titanium": 3, "heat": 1}
    assert thrifty(13, rates, {"steel": 3}, 20) == {"steel": 3}
    assert thrifty(13, rates, {"steel": 10}, 20) == {"steel": 6}  # + 1 MC, not 7 for 14
    assert thrifty(13, rates, {"steel": 10}, 0) == {"steel": 7}  # no MC: the overpay forced
    assert thrifty(27, rates, {"steel": 20, "titanium": 6}, 40) == {"titanium": 5, "steel": 6}
    assert thrifty(7, rates, {"titanium": 3, "heat": 5}, 0) == {"titanium": 2, "heat": 1}
    assert thrifty(18, rates, {"steel": 8, "heat": 20}, 30) == {"steel": 8, "heat": 2}
    assert thrifty(20, rates, {"steel": 3}, 1) is None  # cannot pay
    assert thrifty(20, rates, {}, 30) == {}


def test_heat_pays_before_mc_where_a_card_allows_it() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    game.state.players[p1].played.append("Helion")  # heat may pay as MC
    give_cards(game, p1, ["Deep Well Heating"])
    set_resources(game, p1, megacredits=20, steel=3, heat=4)
    app = app_for(game)
    click(app, "play_card", card="Deep Well Heating")
    assert pay_data(app)["use"] == {"steel": 3, "heat": 4}  # 6 + 4, 3 MC last


def test_the_hint_pays_as_the_default_payment() -> None:
    app = paying("Space Elevator", megacredits=40, steel=20, titanium=6)
    stage = app.staged()
    assert stage is not None
    advice = hint(stage.game.view(stage.player))
    assert advice["choice"]["type"] == "confirm"  # the default is the hint's payment
    assert advice["choice"]["label"]["paid"] == {"megacredits": 0, **pay_data(app)["use"]}


def test_max_never_pays_beyond_what_the_rate_forces() -> None:
    app = paying("Deep Well Heating", megacredits=20, steel=10)  # 13 MC
    click(app, "use", resource="steel", amount=7)  # the listed "Max 7": 14 for 13
    data = pay_data(app)
    value = sum(n * data["rates"][r] for r, n in data["use"].items())
    assert data["cost"] <= value < data["cost"] + data["rates"]["steel"]
    assert "Max 7" not in page(app)
    decision = app.current()
    assert decision is not None and any(c["type"] == "confirm" for c in decision[1].choices())
