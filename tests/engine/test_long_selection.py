"""A card selection over a whole hand of 20 or more cards (selling patents or Mars
University in a Colonies solo game, whose Pluto hands reach 22-24 cards) lists its cards
a page at a time, never more than 20 choices (R-ACT-1); saves and links carry the pages,
and a link numbers a pick as it did before pages existed."""
from __future__ import annotations

from tm.game import Game
from tm.linkplay import links
from tm.prompts.kinds import whole_selection
from tm.testing import answer, give_cards, make_game, prompt, set_colony_tiles


def _selling(cards: int) -> Game:
    game, _ = make_game(players=1, seed=2, expansions=["colonies"])
    set_colony_tiles(game, ["Luna", "Ceres", "Pluto"])
    give_cards(game, 0, list(game.state.deck[:cards]))
    answer(game, "standard_project", "sell_patents")
    return game


def test_a_19_card_selection_is_listed_whole() -> None:
    game = _selling(19)
    listed = prompt(game).choices()
    assert [c["type"] for c in listed].count("pick") == 19
    assert len(listed) <= 20 and not [c for c in listed if c["type"] == "more_cards"]


def test_a_24_card_selection_lists_18_a_page_and_more_cards_R_ACT_1() -> None:
    game = _selling(24)
    hand = list(game.state.players[0].hand)
    first = [c["card"] for c in prompt(game).choices() if c["type"] == "pick"]
    assert first == hand[:18]
    game.respond(0, {"type": "more_cards"})
    second = [c["card"] for c in prompt(game).choices() if c["type"] == "pick"]
    assert second == hand[18:]
    assert len(prompt(game).choices()) <= 20


def test_a_pick_off_the_page_is_still_legal_as_a_whole_selection() -> None:
    game = _selling(24)
    hand = list(game.state.players[0].hand)
    game.respond(0, {"type": "cards", "cards": [hand[0], hand[23]]})
    assert game.state.players[0].res["megacredits"] == 2


def test_links_number_picks_in_the_whole_selection_and_more_cards_after_it() -> None:
    """A link's code for a pick is its place among every card (as before pages), so links
    made before keep opening; "more cards" is the code after the last."""
    game = _selling(24)
    hand = list(game.state.players[0].hand)
    game.respond(0, {"type": "pick", "card": hand[0]})
    waiting = prompt(game)
    whole = whole_selection(waiting.data)
    assert links.move_code(waiting, {"type": "pick", "card": hand[20]}) == 19  # hand[0] picked
    assert links.move_code(waiting, {"type": "more_cards"}) == len(whole)
    for move in [*whole, {"type": "more_cards"}]:
        assert links.move_of(waiting, links.move_code(waiting, move)) == move
