"""A game rebuilt from one seat's view (issue 31, item 1: tm/bots/determinize.py): the
sampled game shows the seat exactly what the real one does, its hidden part never comes
from the real hidden information, every card lies in one place, and it plays to the end.

The positions: games of every combination of sets with 1 to 5 seats (a draft in some),
played by random players (fast, and they reach odd corners) and stopped at setup (before
and after some seats chose), in the second generation's research or draft after some seats
chose, in generation 3 and in generation 6; each seat's view is sampled there, the deciding
seat's and the others'.
"""
from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from functools import cache

import pytest

from tm import Game, Options
from tm.bots import Bot
from tm.bots.determinize import PILES, SAMPLERS, sample_game
from tm.core.manifest import MANIFESTS
from tm.core.rng import Rng
from tm.core.state import GameState, PlayerState, to_dict
from tm.persist.validate import card_places
from tm.sim import random_response
from tm.testing import answer, make_game, put_in_play, set_resources, stack_deck
from tm.view import marks_of

SETS = ("corpera", "prelude", "colonies")
COMBINATIONS = [list(c) for n in range(len(SETS) + 1) for c in itertools.combinations(SETS, n)]
STOPS = ("setup", "setup chosen", "simultaneous", "generation 3", "generation 6")


def _stopped(game: Game, stop: str) -> bool:
    g = game.state
    if stop == "setup":
        return True
    if stop == "setup chosen":  # some seats chose their setup, one at least still to choose
        return g.phase != "setup" or len(game.pending) < len(g.players)
    if stop == "simultaneous":  # some seats chose, one at least still to choose
        chose = g.phase in ("research", "draft") and len(game.pending) < len(g.players)
        return g.generation > 2 or g.generation == 2 and (chose or len(g.players) == 1)
    return g.generation >= int(stop.split()[1]) and g.phase == "action"


@cache
def _positions() -> tuple[tuple[str, Game], ...]:
    """(a name, a game stopped there) for every combination of sets, seat count and stop."""
    found = []
    for number, (sets, seats) in enumerate(itertools.product(COMBINATIONS, range(1, 6))):
        options = Options(players=seats, seed=3100 + number, expansions=sets,
                          draft=number % 3 == 1, bots=[])
        game = Game.new(options)
        rng = Rng.from_seed(number)
        for stop in STOPS:
            while not game.is_over and not _stopped(game, stop):
                player, prompt = game.pending[0]
                game.respond(player, random_response(prompt, rng))
            found.append((f"{'+'.join(sets) or 'base'}/{seats}/{stop}", game.copy()))
    return tuple(found)


def _samples() -> list[tuple[str, Game, int, Game]]:
    """(name, the real game, the seat, the game sampled from its view) at every position."""
    return [(name, game, seat, sample_game(game.view(seat), seat, random.Random(seat)))
            for name, game in _positions() for seat in range(len(game.state.players))]


@cache
def _cached_samples() -> tuple[tuple[str, Game, int, Game], ...]:
    return tuple(_samples())


def test_a_sampled_game_shows_the_seat_exactly_the_real_view() -> None:
    wrong = [(name, seat, [key for key, value in real.view(seat).items()
                           if sampled.view(seat).get(key) != value])
             for name, real, seat, sampled in _cached_samples()
             if sampled.view(seat) != real.view(seat)]
    assert not wrong, wrong[:5]
    assert len(_cached_samples()) > 300


def test_the_seats_own_decision_is_rebuilt_as_its_queue_holds_it() -> None:
    wrong = [name for name, real, seat, sampled in _cached_samples()
             if sampled.state.queues[seat][:1] != real.state.queues[seat][:1]]
    assert not wrong, wrong[:5]


def test_the_seats_whole_queue_is_kept_when_the_caller_gives_it() -> None:
    for name, real, seat, _ in _cached_samples()[::7]:
        queue = real.state.queues[seat]
        sampled = sample_game(real.view(seat), seat, random.Random(1), queue=queue)
        assert sampled.state.queues[seat] == queue, name


def test_every_card_lies_in_one_place_and_the_counts_add_up() -> None:
    for name, real, seat, sampled in _cached_samples():
        places = card_places(sampled.state)
        assert places == card_places(real.state), (name, seat)  # each card of the game, once
        corporations = Counter(sampled.state.corp_deck)
        for pl in sampled.state.players:
            corporations.update([*pl.dealt_corps, *([pl.corporation] if pl.corporation else [])])
        assert max(corporations.values(), default=1) == 1, (name, seat)


def test_the_hidden_part_is_drawn_anew_not_copied_from_the_real_game() -> None:
    differ = 0
    for _, real, _seat, sampled in _cached_samples():
        assert sampled.state.rng != real.state.rng
        assert sampled.state.options.seed != real.state.options.seed
        differ += sampled.state.deck != real.state.deck
    assert differ > len(_cached_samples()) * 0.9


def test_a_card_the_log_shows_revealed_and_discarded_lies_in_the_sampled_discard_pile() -> None:
    """Search For Life reveals the deck's top card to everyone and discards it: the seats'
    samples put it in the discard pile, never in a hand or the deck."""
    game, _ = make_game(players=3, seed=4)
    put_in_play(game, 1, ["Search For Life"])
    set_resources(game, 1, megacredits=1)
    stack_deck(game, ["Tardigrades"])
    game.state.active = 1  # (player 1's turn: player 0 is asked nothing)
    game.state.queues[0] = []
    game.state.queues[1] = [{"op": "ask", "kind": "action", "on": "action"}]
    answer(game, "card_action", "Search For Life", player=1)
    assert "Tardigrades" in game.state.discard
    for seat in (0, 2):
        for seed in range(5):
            sampled = sample_game(game.view(seat), seat, random.Random(seed)).state
            assert "Tardigrades" in sampled.discard
            assert card_places(sampled)["Tardigrades"] == 1


def _twin(game: Game, seat: int) -> Game:
    """The game with only what ``seat`` cannot see changed: another seat's hand and the
    deck swap a card, the deck is reordered, the game's RNG and seeds are others."""
    twin = game.copy()
    g = twin.state
    other = g.players[(seat + 1) % len(g.players)]
    if other.index != seat and other.hand and g.deck:
        other.hand[0], g.deck[-1] = g.deck[-1], other.hand[0]
    g.deck.reverse()
    g.discard.reverse()
    g.rng = Rng.from_seed(g.rng.state ^ 0xABCDEF)
    g.options = dataclasses.replace(g.options, seed=g.options.seed + 1, bot_seed=7)
    return twin


def test_games_differing_only_in_what_the_seat_cannot_see_give_the_same_sample() -> None:
    """R-GEN-3 secrecy kept by the bots' search: the sample is a function of the view."""
    for name, real, seat, _ in _cached_samples()[::5]:
        twin = _twin(real, seat)
        if len(real.state.players) > 1 and real.state.deck:
            assert to_dict(twin.state) != to_dict(real.state)
        assert twin.view(seat) == real.view(seat), name  # (what the seat sees: the same)
        one = sample_game(real.view(seat), seat, random.Random(11))
        two = sample_game(twin.view(seat), seat, random.Random(11))
        assert to_dict(one.state) == to_dict(two.state), name
        if one.prompt_for(seat) is not None:
            bot = Bot("hard", 5)
            assert bot.decide(one.view(seat)) == Bot("hard", 5).decide(two.view(seat)), name


def test_the_same_view_and_rng_seed_give_the_same_game_and_other_seeds_other_deals() -> None:
    name, real, seat, _ = _cached_samples()[-1]
    first = sample_game(real.view(seat), seat, random.Random(3))
    assert to_dict(first.state) == to_dict(sample_game(real.view(seat), seat,
                                                       random.Random(3)).state)
    assert first.state.deck != sample_game(real.view(seat), seat, random.Random(4)).state.deck


@pytest.mark.parametrize("sets", COMBINATIONS, ids=lambda s: "+".join(s) or "base")
def test_sampled_games_play_to_the_end_with_hard_bots(sets: list[str]) -> None:
    for name, _real, seat, sampled in _cached_samples():
        if seat == 0 and name.startswith(f"{'+'.join(sets) or 'base'}/") and name.endswith(
                ("/2/generation 6", "/1/generation 3", "/3/simultaneous")):
            bots = [Bot("hard", 40 + p) for p in range(len(sampled.state.players))]
            game = sampled.copy()
            while not game.is_over:
                player, _ = game.pending[0]
                game.respond(player, bots[player].decide(game.view(player)))
            assert game.winners() is not None, name


def test_a_sample_taken_in_the_middle_of_an_action_plays_to_the_end() -> None:
    """The view shows only the head of the seat's queue: without the rest the sampled
    action ends with the decision; with the seat's queue given it goes on as the real one."""
    game = Game.new(Options(players=2, seed=77, expansions=["corpera", "prelude"]))
    bots = [Bot("hard", 1), Bot("hard", 2)]
    while not (game.state.generation >= 3 and game.pending[0][1].purpose in ("pay", "place")
               and len(game.state.queues[game.pending[0][0]]) > 1):
        player, _ = game.pending[0]
        game.respond(player, bots[player].decide(game.view(player)))
    seat = game.pending[0][0]
    for queue in (None, game.state.queues[seat]):
        sampled = sample_game(game.view(seat), seat, random.Random(2), queue=queue)
        assert sampled.view(seat) == game.view(seat)
        while not sampled.is_over:
            player, _ = sampled.pending[0]
            sampled.respond(player, bots[player].decide(sampled.view(player)))


def test_every_hidden_field_has_a_sampler() -> None:
    """A hidden field without a sampler would leave a rebuilt game short (the walk raises)."""
    hidden = [("game", name) for name, who, _ in marks_of(GameState)
              if who != "public" and name not in ("ruled", "dealer")]
    hidden += [("player", name) for name, who, _ in marks_of(PlayerState) if who != "public"]
    hidden += [("options", name) for name, who, _ in marks_of(Options) if who != "public"]
    hidden += [(m.name, key) for m in MANIFESTS.values() for key, mark in m.seen.items()
               if mark["seen"] != "public"]
    assert [where for where in hidden if where not in PILES and where not in SAMPLERS] == []
