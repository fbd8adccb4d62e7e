"""What a player decided and did at once, read from the moves (Game.decision_start,
Game.action_start): the marks the page's undo takes back by, rebuilt on every replay."""
from __future__ import annotations

from tm.testing import answer, give_cards, make_game, set_resources, settle


def test_a_card_its_payment_steps_and_confirm_are_one_action_of_two_decisions() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    give_cards(game, p1, ["Deep Well Heating"])
    set_resources(game, p1, megacredits=20, steel=3)
    settle(game)
    before = len(game.moves)
    answer(game, "play_card", "Deep Well Heating")
    for amount in (1, 2, 3):
        game.respond(p1, {"type": "use", "resource": "steel", "amount": amount})
    game.respond(p1, {"type": "confirm"})
    end = len(game.moves)
    assert game.decision_start(end) == before + 1  # the payment: its steps and confirm
    assert game.decision_start(before + 1) == before  # the card's play
    assert game.action_start(end) == before  # the action whole
    again = game.at(end)  # the moves replayed: the same marks (saves hold none)
    assert (again.decided, again.whole) == (game.decided, game.whole)


def test_each_action_of_a_turn_is_its_own() -> None:
    game, (p1, _) = make_game(players=2, seed=0)
    set_resources(game, p1, megacredits=40)
    settle(game)
    answer(game, "standard_project", "power_plant")
    first = len(game.moves)
    answer(game, "standard_project", "power_plant")
    assert game.action_start(len(game.moves)) == first
