"""Sealed games (issue 32, item 2): the engine plays without knowing others' hands.

Each seat has its own device: its own ``Game`` and its own :class:`KnownDealer`. A seat's
move is chosen by the hard bot from its own device's view and the response data is applied
on every device; before that, the others learn the positions the move showed (the acting
device's new show records). After every move the states are equal on every device."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tm import Game, IllegalMove, Options
from tm.bots import Bot
from tm.core import sealed
from tm.core.errors import reason_of
from tm.core.state import to_dict
from tm.persist.codec import unpack_state
from tm.testing import KnownDealer

TRUTH = 5  # the seed of the decks' secret order in these tests


def devices_for(options: Options, truth: int = TRUTH) -> list[Game]:
    """One game per seat, each with the dealer of its own device."""
    games = []
    for seat in range(options.players):
        dealer = KnownDealer(options, seat, truth)
        game = Game.new(options, dealer=dealer)
        dealer.attach(game)
        games.append(game)
    return games


def dealer_of(game: Game) -> KnownDealer:
    dealer = game.dealer
    assert isinstance(dealer, KnownDealer)
    return dealer


def bot_response(game: Game, seat: int, bot: Bot) -> dict[str, Any]:
    """The hard bot's choice from this device's view, as the response data every device
    applies (the view names the seat's cards; the listed choice at the same place carries
    their tokens)."""
    view = game.view(seat)
    listed = bot.decide(view)
    index = view["you"]["decision"]["choices"].index(listed)
    prompt = game.prompt_for(seat)
    assert prompt is not None
    choice = prompt.choices()[index]
    assert choice.label == listed.get("label")
    return dict(choice.response)


def apply_here(games: list[Game], game: Game, seat: int, response: dict[str, Any]) -> None:
    """Apply on the acting device; a reveal of others' cards (the setup reveal) waits for
    their owners' keys: every device learns them, and the move is made again."""
    while True:
        try:
            game.respond(seat, response)
            return
        except IllegalMove as error:
            why = reason_of(error)
            if why is None or why.key != "sealed.unknown":
                raise
            where = sealed.parse(why.values["card"])
            assert where is not None
            for other in games:
                dealer_of(other).learn(*where)


def play_move(games: list[Game], bots: list[Bot]) -> dict[str, Any]:
    """One move of the table: chosen on its seat's device, then applied everywhere."""
    seat, _ = games[0].pending[0]
    game = games[seat]
    response = bot_response(game, seat, bots[seat])
    before = len(game.state.sealed["shown"])
    apply_here(games, game, seat, response)
    shows = game.state.sealed["shown"][before:]
    for other in games:
        if other is not game:
            for deck, position, _name, _seat in shows:
                dealer_of(other).learn(deck, position)
            other.respond(seat, response)
    return response


def every_name(games: list[Game]) -> set[str]:
    return {name for names in dealer_of(games[0]).truth.values() for name in names}


def unshown_in(text: str, names: set[str], state: Any) -> list[str]:
    shown = {record[2] for record in state.sealed["shown"]}
    return [name for name in sorted(names - shown) if json.dumps(name) in text]


def play_table(options: Options, check_data: bool = True,
               truth: int = TRUTH) -> tuple[list[Game], int]:
    """A whole sealed game across devices; checks equality after every move and that no
    response nor save holds the name of a card not yet shown."""
    games = devices_for(options, truth)
    bots = [Bot("hard", 100 + seat) for seat in range(options.players)]
    names = every_name(games)
    moves = 0
    while not games[0].is_over:
        response = play_move(games, bots)
        moves += 1
        assert moves < 3000
        first = to_dict(games[0].state)
        assert all(to_dict(other.state) == first for other in games[1:]), moves
        if check_data:
            assert unshown_in(json.dumps(response), names, games[0].state) == []
            if moves % 40 == 0:
                _check_saves(games, names)
    _check_saves(games, names)
    return games, moves


def _check_saves(games: list[Game], names: set[str]) -> None:
    for game in games:
        save = game.to_save()
        text = json.dumps(save) + json.dumps(unpack_state(save["state"]))
        assert unshown_in(text, names, game.state) == []


# ---------------------------------------------------------------- the table
@pytest.mark.parametrize(("players", "expansions"), [
    (2, ["corpera"]), (3, ["corpera"]), (2, ["corpera", "prelude"]),
    (3, ["corpera", "prelude"])])
def test_a_table_of_devices_plays_a_whole_sealed_game(players: int,
                                                      expansions: list[str]) -> None:
    options = Options(players=players, seed=11, expansions=expansions, sealed=True)
    games, moves = play_table(options)
    scores = [game.scores() for game in games]
    assert all(s == scores[0] for s in scores)
    assert all(game.digest() == games[0].digest() for game in games)
    shown = games[0].state.sealed["shown"]
    assert len(shown) > 20 and moves > 100
    assert all(pl.corporation and not sealed.is_token(pl.corporation)
               for pl in games[0].state.players)


def test_a_four_seat_sealed_game_reshuffles_its_discards_and_finishes() -> None:
    """4 seats use up the project deck: its discards become a second generation, the
    game finishes, the same on every device, and no move nor save names an unshown card."""
    games, _moves = play_table(Options(players=4, seed=5, expansions=[], sealed=True))
    g = games[0].state
    assert sealed.generations(g, "project")[:2] == ["project", "project/2"]
    assert len(g.sealed["reshuffles"]["project/2"]) > 40
    drawn = g.sealed["piles"]["project/2"]["drawn"]
    assert sum(drawn) > 0 and games[0].is_over
    assert any(record[0] == "project/2" for record in g.sealed["shown"])  # played from it


def test_each_device_sees_its_own_hand_by_name_and_others_as_counts() -> None:
    options = Options(players=2, seed=3, sealed=True)
    games = devices_for(options)
    bots = [Bot("hard", 1), Bot("hard", 2)]
    while games[0].state.phase in ("setup", "after_reveal") or not games[0].state.players[
            0].hand:
        play_move(games, bots)
    hand = games[0].state.players[0].hand
    assert hand and all(sealed.is_token(t) for t in hand)  # the same on every device
    mine = games[0].view(0)
    truth = dealer_of(games[0]).truth["project"]
    names = [truth[sealed.parse(t)[1]] for t in hand]  # type: ignore[index]
    assert [entry["name"] for entry in mine["you"]["hand"]] == names
    assert mine["players"][0]["hand"] == names
    assert mine["players"][1]["hand"] == len(games[0].state.players[1].hand)
    theirs = games[1].view(1)
    assert theirs["players"][0]["hand"] == len(hand)
    text = json.dumps(theirs)
    assert not any(json.dumps(name) in text for name in names)


# ---------------------------------------------------------------- options
def test_sealed_is_left_out_of_seeded_games_data() -> None:
    game = Game.new(Options(players=2, seed=1))
    assert "sealed" not in to_dict(game.state.options)
    assert "sealed" not in to_dict(game.state)
    assert "sealed" not in game.view(0) and "sealed" not in game.view(0)["options"]
    assert game.dealer is None


@pytest.mark.parametrize(("options", "key"), [
    (Options(players=1, sealed=True), "options.sealed_solo"),
    (Options(players=2, sealed=1), "options.switches")])  # type: ignore[arg-type]
def test_sealed_refuses_solo(options: Options, key: str) -> None:
    with pytest.raises(ValueError) as raised:
        Game.new(options)
    why = reason_of(raised.value)
    assert why is not None and why.key == key


def test_a_sealed_deck_is_never_shuffled_and_each_seat_draws_from_its_pile() -> None:
    game = Game.new(Options(players=3, seed=4, sealed=True))
    g = game.state
    piles = g.sealed["piles"]["project"]
    assert piles["drawn"] == [10, 10, 10]
    assert g.players[1].offer == [f"#p{i}" for i in piles["assigned"][1][:10]]
    assert sorted(g.deck + [t for pl in g.players for t in pl.offer],
                  key=lambda t: int(t[2:])) == [f"#p{i}" for i in range(piles["size"])]
    assert all(sealed.is_token(c) for pl in g.players for c in pl.dealt_corps)
    assert g.sealed["shown"] == []


def test_a_pile_that_runs_out_draws_from_a_new_generation_of_the_discards() -> None:
    g = Game.new(Options(players=2, seed=4, sealed=True)).state
    piles = g.sealed["piles"]["project"]
    piles["next_free"] = piles["size"]
    piles["assigned"][0] = piles["assigned"][0][:piles["drawn"][0]]
    assert sealed.draw(g, "project", 0, g.deck) is None  # no discards: nothing to draw
    g.discard[:] = ["#p30", "#p31", "#p32"]
    g.sealed["shown"].append(["project", 33, "Birds", 1])
    g.discard.append("Birds")  # a card shown, then discarded: hidden again
    assert sealed.draw(g, "project", 0, g.deck, g.discard) == "#p2.0"
    assert g.discard == [] and sealed.generations(g, "project") == ["project", "project/2"]
    assert g.sealed["reshuffles"]["project/2"] == [
        ["project", 30], ["project", 31], ["project", 32], ["project", 33]]
    again = g.sealed["piles"]["project/2"]
    assert again["assigned"] == [[0, 2], [1, 3]] and again["drawn"] == [1, 0]
    assert [t for t in g.deck if "." in t] == ["#p2.1", "#p2.2", "#p2.3"]
    leftover = sealed.draw(g, "project", 1, g.deck, g.discard)  # seat 1: its old pile first
    assert sealed.parse(leftover) == ("project", piles["assigned"][1][piles["drawn"][1] - 1])
    assert sealed.parse("#p2.3") == ("project/2", 3) and sealed.token("project/2", 3) == "#p2.3"
    assert sealed.parse("#p1.3") is None and sealed.parse("#p17") == ("project", 17)


# ---------------------------------------------------------------- hostile responses
def _to_first_play(options: Options) -> tuple[list[Game], int, dict[str, Any]]:
    """A table played until a seat's bot plays a card from hand: that response, unapplied."""
    games = devices_for(options)
    bots = [Bot("hard", 7), Bot("hard", 8)]
    while True:
        seat, _ = games[0].pending[0]
        response = bot_response(games[seat], seat, bots[seat])
        if response["type"] == "play_card":
            return games, seat, response
        play_move(games, bots)


def test_a_card_whose_keys_have_not_arrived_is_refused_and_nothing_changes() -> None:
    games, seat, response = _to_first_play(Options(players=2, seed=2, sealed=True))
    other = games[1 - seat]
    before, moves = to_dict(other.state), list(other.moves)
    with pytest.raises(IllegalMove) as raised:
        other.respond(seat, response)
    why = reason_of(raised.value)
    assert why is not None and why.key == "sealed.unknown"
    assert to_dict(other.state) == before and other.moves == moves
    apply_here(games, games[seat], seat, response)  # the owner's device can
    assert games[seat].state.sealed["shown"][-1][3] == seat


def test_a_response_naming_a_card_instead_of_its_token_is_refused() -> None:
    games, seat, response = _to_first_play(Options(players=2, seed=2, sealed=True))
    game = games[seat]
    where = sealed.parse(response["card"])
    assert where is not None
    name = dealer_of(game).open(*where)
    before = to_dict(game.state)
    with pytest.raises(IllegalMove):
        game.respond(seat, {"type": "play_card", "card": name})
    assert to_dict(game.state) == before


def test_a_pick_by_name_is_refused_in_the_setup() -> None:
    games = devices_for(Options(players=2, seed=2, sealed=True))
    g = games[0].state
    name = dealer_of(games[0]).open("project", sealed.parse(g.players[0].offer[0])[1])  # type: ignore[index]
    with pytest.raises(IllegalMove):
        games[0].respond(0, {"type": "pick", "card": name})
    games[0].respond(0, {"type": "pick", "card": g.players[0].offer[0]})  # its token: fine


# ---------------------------------------------------------------- the dealer
def test_the_dealer_is_never_saved_and_a_save_replays_with_one() -> None:
    options = Options(players=2, seed=6, sealed=True, expansions=["corpera", "prelude"])
    games = devices_for(options)
    bots = [Bot("hard", 3), Bot("hard", 4)]
    for _ in range(60):
        play_move(games, bots)
    save = games[1].to_save()
    assert "dealer" not in to_dict(games[1].state)
    copy = games[1].copy()
    assert copy.dealer is games[1].dealer
    again = Game.from_save(json.loads(json.dumps(save)), dealer=dealer_of(games[1]))
    assert to_dict(again.state) == to_dict(games[1].state)
    assert again.dealer is games[1].dealer


def test_the_piles_are_those_of_the_fair_deck() -> None:
    """tm.core.sealed keeps the piles as plain data with tm.fairdeck.Piles' reservations."""
    from tm.fairdeck import Piles
    g = Game.new(Options(players=3, seed=4, sealed=True)).state
    data = g.sealed["piles"]["project"]
    piles = Piles.deal(3, data["size"], sealed.WINDOW, 10)
    for seat in (0, 1, 2):
        for _ in range(10):
            piles.draw(seat)
    order = [2, 0, 0, 1, 2, 2, 2, 1, 0, 2, 1, 1, 1, 1, 0]
    for seat in order:
        assert sealed.draw(g, "project", seat, g.deck) == f"#p{piles.draw(seat)}"
    assert (data["assigned"], data["drawn"], data["next_free"]) == (
        piles.assigned, piles.drawn, piles.next_free)


def test_a_used_up_deck_with_discards_draws_them_reshuffled() -> None:
    g = Game.new(Options(players=2, seed=4, sealed=True)).state
    g.deck.clear()
    g.sealed["piles"]["project"]["assigned"] = [[], []]
    g.sealed["piles"]["project"]["drawn"] = [0, 0]
    g.sealed["piles"]["project"]["next_free"] = g.sealed["piles"]["project"]["size"]
    from tm.core.deck import draw_cards
    assert draw_cards(g, 2, 0) == []  # nothing left anywhere: nothing drawn
    g.discard.append("#p3")
    assert draw_cards(g, 1, 0) == ["#p2.0"]
    assert "reshuffle" in json.dumps(g.log[-1])


def test_labels_name_the_owners_cards_and_the_moves_keep_tokens() -> None:
    games, seat, response = _to_first_play(Options(players=2, seed=2, sealed=True))
    game, other = games[seat], games[1 - seat]
    token = response["card"]
    name = dealer_of(game).open(*sealed.parse(token))  # type: ignore[misc]
    mine = game.prompt_for(seat)
    assert mine is not None
    plays = [c for c in mine.choices() if c.response.get("type") == "play_card"]
    assert {"type": "play_card", "card": token} in [c.response for c in plays]
    assert [c.label["card"] for c in plays if c.response["card"] == token] == [name]
    theirs = other.prompt_for(seat)
    assert theirs is not None  # the other device lists none of the seat's cards to play
    assert not [c for c in theirs.choices() if c.response.get("type") == "play_card"]
    apply_here(games, game, seat, {**response, "label": {"key": "play_card", "card": name}})
    assert game.moves[-1] == [seat, {"type": "play_card", "card": token}]
    assert game.state.sealed["shown"][-1] == ["project", sealed.parse(token)[1], name, seat]  # type: ignore[index]
    assert name in game.state.log[-1].values() or any(
        r.get("card") == name for r in game.state.log)


def test_the_scan_for_unshown_names_sees_them_where_they_are() -> None:
    """A control: the owner's view names its cards, which the data scan would find."""
    games = devices_for(Options(players=2, seed=2, sealed=True))
    board = json.dumps(Game.new(Options(players=2)).view(None))  # spaces named like cards
    names = {name for name in every_name(games) if json.dumps(name) not in board}
    found = unshown_in(json.dumps(games[0].view(0)), names, games[0].state)
    assert len(found) >= 12  # ten cards on offer and two corporations
    assert unshown_in(json.dumps(games[0].view(1)), names, games[0].state) == []
    assert unshown_in(json.dumps(games[1].view(0)), names, games[0].state) == []


def test_playing_a_card_from_a_sealed_hand_lists_what_its_owner_can_play() -> None:
    """An effect that plays a card from hand (Eccentric Sponsor, Ecology Experts): the ask
    holds the hand's tokens; the owner's device lists the cards it can play (or none)."""
    from tm.rules.play import _play_from_hand
    games, seat, response = _to_first_play(Options(players=2, seed=2, sealed=True))
    for game in games:
        _play_from_hand(game.state, seat, None, {"k": "play_from_hand"})
    mine, theirs = games[seat].prompt_for(seat), games[1 - seat].prompt_for(seat)
    assert mine is not None and theirs is not None and mine.purpose == "play_from_hand"
    listed = [c.response for c in mine.choices()]
    assert response["card"] in [r.get("card") for r in listed]
    assert [c.response for c in theirs.choices()] == [{"type": "none"}]
    pick = {"type": "card", "card": response["card"]}
    apply_here(games, games[seat], seat, pick)
    shown = games[seat].state.sealed["shown"][-1]
    dealer_of(games[1 - seat]).learn(shown[0], shown[1])
    games[1 - seat].respond(seat, pick)
    assert to_dict(games[0].state) == to_dict(games[1].state)
    assert shown[2] in games[0].state.players[seat].played + games[0].state.players[
        seat].events or games[0].state.queues[seat]
