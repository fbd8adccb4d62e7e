"""The hint players trust (issue 31 item 3): the best three listed choices ranked by the hard
policy's scores, each with how far it falls behind the best in VP and a reason record;
never passing while an action the judge scores above zero remains; a seam for a search's
values."""
from __future__ import annotations

import json

from tm.bots import Bot
from tm.bots.hint import TOP, hint, never_stop
from tm.bots.ranking import STOPS, VP_FLOOR, rank
from tm.bots.values import Judge
from tm.core.state import Options
from tm.game import Game
from tm.testing import make_game, set_hand, set_resources
from tm.view_model import GameView


def _action_menu(money: int = 60, seed: int = 11, players: int = 2) -> tuple[Game, GameView]:
    """Player 0 at the action menu of generation 1 with ``money`` MC and an empty hand."""
    game, (p1, *_) = make_game(players=players, seed=seed)
    set_hand(game, p1, [])
    set_resources(game, p1, megacredits=money)
    assert game.pending[0][1].kind == "action"
    return game, game.view(p1)


def test_the_hint_ranks_three_choices_best_first_with_vp_differences():
    _, view = _action_menu()
    found = hint(view)
    options = found["options"]
    assert len(options) == TOP
    assert found["choice"] == options[0]["choice"] == Bot("hard", 0).decide(view)
    assert found["reason"] == options[0]["reason"]
    listed = view["you"]["decision"]["choices"]
    assert all(o["choice"] in listed for o in options)
    assert len({json.dumps(o["choice"], sort_keys=True) for o in options}) == TOP
    price = max(VP_FLOOR, Judge(view, sharp=True).outlook.vpv)
    assert found["vp_price"] == round(price, 1)
    best = options[0]["value"]
    assert best is not None and options[0]["behind"] == 0.0
    for option in options[1:]:
        assert option["value"] is not None and option["value"] <= best
        expected = (best - option["value"]) / price
        assert abs(option["behind"] - round(expected, 1)) <= 0.051
        assert abs(option["behind_mc"] - (best - option["value"])) <= 0.11
    assert options[1]["behind"] <= options[2]["behind"]
    # Each option says its kind of move and names what it plays.
    for option in options:
        assert option["reason"]["key"] == f"hint.{option['choice']['type']}"
        if option["choice"]["type"] == "standard_project":
            assert option["reason"]["project"] == option["choice"]["project"]


def test_with_money_and_a_positive_standard_project_the_hint_never_passes():
    for money in (40, 60):
        _, view = _action_menu(money)
        ranking = rank(view)
        positive = [r for r in ranking.ranked if r.value is not None and r.value > 0
                    and ranking.choices[r.index]["type"] not in STOPS]
        assert any(ranking.choices[r.index]["type"] == "standard_project" for r in positive)
        found = hint(view)
        assert found["choice"]["type"] not in STOPS, money
        assert found["reason"]["key"] != "hint.nothing_worth"


def test_a_pass_is_hinted_only_when_no_action_scores_above_zero_and_shows_how_close():
    """Issue 31: the hint advised passing in generation 1 with 24 MC against a bot. The
    hard judge scores every project slightly below zero there: the hint still passes, but
    now says by how little the next moves fall behind (under a VP each), so the person can
    judge."""
    _, view = _action_menu(24)
    found = hint(view)
    ranking = rank(view)
    if found["choice"]["type"] in STOPS:
        assert all(r.value is None or r.value <= 0 for r in ranking.ranked
                   if ranking.choices[r.index]["type"] not in STOPS)
        assert found["reason"]["key"] == "hint.nothing_worth"
        assert [o["choice"]["type"] for o in found["options"][1:]] == ["standard_project"] * 2
        assert all(o["behind"] is not None and o["behind"] < 1.0 for o in found["options"][1:])


def test_a_search_that_prefers_passing_still_gets_an_action_of_positive_value_first():
    """The seam for a search: its values rank the choices; the rule still holds."""
    _, view = _action_menu(40)
    choices = view["you"]["decision"]["choices"]
    stop = next(i for i, c in enumerate(choices) if c["type"] == "pass")
    ranking = rank(view)
    values = {r.index: -1.0 * n for n, r in enumerate(ranking.ranked)}
    values[stop] = 50.0  # the search says: pass
    found = hint(view, values)
    assert found["choice"]["type"] not in STOPS
    first = never_stop(ranking, [r for r in ranking.ranked if r.index == stop]
                       + [r for r in ranking.ranked if r.index != stop])
    assert ranking.choices[first[0].index]["type"] not in STOPS
    assert found["options"][1]["choice"]["type"] == "pass"  # next: what the search liked


def test_supplied_values_rank_the_choices_and_make_the_differences():
    _, view = _action_menu(60)
    ranking = rank(view)
    last = ranking.ranked[-1].index
    found = hint(view, {last: 30.0, ranking.pick: 30.0 - 3 * ranking.vp_price})
    assert found["choice"] == ranking.choices[last]
    assert found["options"][1]["choice"] == ranking.choices[ranking.pick]
    assert found["options"][1]["behind"] == 3.0
    assert found["options"][2]["behind"] is None  # a choice the search did not value


def test_a_searchs_margin_orders_the_choices_but_is_not_a_difference():
    """The expert keeps the hard pick unless another beats it by its margin: the hint puts
    that pick first, and a choice within the margin shows as 0 VP behind (not the margin)."""
    _, view = _action_menu(60)
    ranking = rank(view)
    other = ranking.ranked[-1].index
    values = {ranking.pick: 20.0, other: 20.0 + ranking.vp_price}  # other: 1 VP better
    found = hint(view, values, lead=(ranking.pick, 2.0 * ranking.vp_price))
    assert found["choice"] == ranking.choices[ranking.pick]
    assert found["options"][1]["choice"] == ranking.choices[other]
    assert found["options"][1]["behind"] == 0.0
    beaten = hint(view, values, lead=(ranking.pick, 0.5 * ranking.vp_price))
    assert beaten["choice"] == ranking.choices[other]
    assert beaten["options"][1]["behind"] == 1.0


def test_a_large_difference_is_given_as_its_number_never_capped():
    """Issue 45: alternatives read "−5.0+ VP" (issue 31 had capped them); a player weighs
    the number, in VP and in MC."""
    _, view = _action_menu(60)
    ranking = rank(view)
    second = ranking.ranked[1].index
    found = hint(view, {ranking.pick: 214.0, second: 0.0})
    assert found["options"][1]["behind_mc"] == 214.0
    assert found["options"][1]["behind"] == round(214.0 / ranking.vp_price, 1) > 5.0
    assert found["unit"] == "vp" and found["options"][0]["value"] == 214.0


def test_the_hint_reads_the_view_only_and_is_deterministic():
    game, view = _action_menu(30)
    plain = json.loads(json.dumps(view))
    assert hint(plain) == hint(view) == hint(game.view(0))


def test_solo_a_vp_is_priced_at_least_the_floor():
    _, view = _action_menu(30, players=1)
    found = hint(view)
    assert found["vp_price"] >= VP_FLOOR
    assert found["choice"] == Bot("hard", 0).decide(view)


def test_the_hint_follows_the_hard_bot_through_a_whole_game():
    """At every decision of a 2-player game between hard bots: the hint's best is the hard
    bot's choice, its options are listed and distinct, at most three, and the ones after
    the best come in order of their difference."""
    game = Game.new(Options(players=2, seed=3))
    bots = [Bot("hard", 1), Bot("hard", 2)]
    kinds: dict[str, int] = {}
    ranked = 0
    while not game.is_over:
        seat, prompt = game.pending[0]
        view = game.view(seat)
        found = hint(view)
        assert found["choice"] == Bot("hard", 0).decide(view), prompt.kind
        options = found["options"]
        assert 1 <= len(options) <= TOP
        assert all(o["choice"] in view["you"]["decision"]["choices"] for o in options)
        behind = [o["behind"] for o in options[1:] if o["behind"] is not None]
        assert behind == sorted(behind)
        ranked += len(options) > 1
        kinds[prompt.kind] = kinds.get(prompt.kind, 0) + 1
        game.respond(seat, bots[seat].decide(view))
    assert {"setup", "action", "space", "cards"} <= set(kinds)
    assert ranked > 50
