"""Prelude rules (R-PRE-1…4, R-SETUP-6, R-SOLO-3): four preludes dealt and two kept in the
one secret setup decision, played in player order after the reveal and before the first
action, an unresolvable prelude discarded for 15 MC, solo in 12 generations.

Expectations come from RULES.md and the reference file, not from our definitions.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.kits.facts import load_reference
from tm import Game, IllegalMove, Options
from tm.cli import main
from tm.core.manifest import manifest
from tm.linkplay import links
from tm.sim import simulate
from tm.testing import (
    answer,
    choices,
    choose_setup,
    finish_setup,
    make_game,
    play_prelude,
    player_state,
    preludes,
    prompt,
    set_resources,
)

PRELUDE = ["corpera", "prelude"]
REFERENCE = {c["name"]: c for c in load_reference("cards_prelude.json")}
PRELUDE_NAMES = sorted(n for n, c in REFERENCE.items() if c["type"] == "prelude")
PROJECT_NAMES = sorted(n for n, c in REFERENCE.items()
                       if c["type"] in ("automated", "active", "event"))
CORPORATION_NAMES = sorted(n for n, c in REFERENCE.items() if c["type"] == "corporation")


def new_game(players: int = 2, seed: int = 0, **options: Any) -> Game:
    return Game.new(Options(players=players, seed=seed, expansions=list(PRELUDE), **options))


def offer(game: Game, p: int) -> dict[str, Any]:
    """The prelude offer of player ``p``'s setup decision."""
    offers = prompt(game, p).data["offers"]
    assert [o["name"] for o in offers] == ["preludes"]
    found: dict[str, Any] = offers[0]
    return found


def answer_anything(game: Game, rnd: random.Random, until: Any) -> None:
    """Answer waiting prompts with listed choices (setup by the kit) until ``until(game)``."""
    while not until(game):
        player, waiting = game.pending[0]
        if waiting.kind == "setup":
            finish_setup(game)
        else:
            game.respond(player, rnd.choice(waiting.choices()))


def in_action_phase(game: Game) -> bool:
    return game.state.phase == "action"


# ---------------------------------------------------------------- R-PRE-1: the deal
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_R_PRE_1_R_SETUP_6_each_player_is_dealt_four_preludes_to_keep_two(players: int) -> None:
    game = new_game(players, seed=players)
    dealt: list[str] = []
    for p in range(players):
        waiting = prompt(game, p)
        assert waiting.kind == "setup" and len(waiting.data["corporations"]) == 2
        assert len(waiting.data["cards"]) == 10
        prelude_offer = offer(game, p)
        assert prelude_offer["keep"] == 2 and len(prelude_offer["cards"]) == 4
        dealt += prelude_offer["cards"]
    assert len(set(dealt)) == len(dealt) == 4 * players
    assert set(dealt) <= set(PRELUDE_NAMES)
    assert not set(dealt) & set(game.state.deck)  # preludes have a deck of their own
    assert len(preludes(game)["deck"]) == len(PRELUDE_NAMES) - 4 * players


def test_R_PRE_1_the_deal_comes_from_the_game_rng() -> None:
    first = [offer(new_game(3, seed=11), p)["cards"] for p in range(3)]
    again = [offer(new_game(3, seed=11), p)["cards"] for p in range(3)]
    other = [offer(new_game(3, seed=12), p)["cards"] for p in range(3)]
    assert first == again and first != other


def test_R_PRE_1_done_is_listed_only_with_a_corporation_and_exactly_two_kept() -> None:
    game = new_game(2, seed=3)
    cards = offer(game, 0)["cards"]
    corporation = prompt(game, 0).data["corporations"][0]
    answer(game, "corporation", corporation, player=0)
    assert {"type": "done"} not in choices(game, 0)
    keeps = [c for c in choices(game, 0) if c["type"] == "keep"]
    assert keeps == [{"type": "keep", "offer": "preludes", "card": c} for c in cards]
    with pytest.raises(IllegalMove):
        game.respond(0, {"type": "done"})
    answer(game, "keep", player=0, offer="preludes", card=cards[0])
    assert {"type": "done"} not in choices(game, 0)
    answer(game, "keep", player=0, offer="preludes", card=cards[2])
    listed = choices(game, 0)
    assert {"type": "done"} in listed
    assert not [c for c in listed if c["type"] == "keep"]  # two kept: no third
    assert {"type": "unkeep", "offer": "preludes", "card": cards[2]} in listed
    with pytest.raises(IllegalMove):
        game.respond(0, {"type": "keep", "offer": "preludes", "card": cards[1]})
    with pytest.raises(IllegalMove):
        game.respond(0, {"type": "keep", "offer": "preludes", "card": "Donation"
                         if "Donation" not in cards else "Loan"})
    answer(game, "unkeep", player=0, offer="preludes", card=cards[0])
    assert {"type": "done"} not in choices(game, 0)


def test_R_PRE_1_every_listed_setup_choice_is_legal_and_lists_stay_short() -> None:
    game = new_game(2, seed=5)
    rnd = random.Random(5)
    for _ in range(60):
        waiting = game.prompt_for(0)
        if waiting is None or waiting.kind != "setup":
            break
        listed = waiting.choices()
        assert len(listed) <= 20
        for choice in listed:
            game.copy().respond(0, choice)  # each one as it stands
        game.respond(0, rnd.choice(listed))


def test_R_PRE_1_a_beginner_decides_only_which_preludes_to_keep() -> None:
    game = Game.new(Options(players=2, seed=4, expansions=list(PRELUDE), beginners=[1]))
    waiting = prompt(game, 1)
    assert list(waiting.data["corporations"]) == [] and list(waiting.data["cards"]) == []
    assert len(player_state(game, 1)["hand"]) == 10  # R-SETUP-4: all ten, free
    assert {c["type"] for c in choices(game, 1)} == {"keep"}
    kept = offer(game, 1)["cards"][1:3]
    choose_setup(game, 1, None, keep={"preludes": kept})
    choose_setup(game, 0, prompt(game, 0).data["corporations"][0])
    answer_anything(game, random.Random(1), in_action_phase)
    played_or_discarded = [e["card"] for e in game.state.log
                           if e["key"] in ("card_played", "prelude_discarded")
                           and e["player"] == 1]
    assert sorted(played_or_discarded[:2]) == sorted(kept)


# ---------------------------------------------------------------- R-PRE-1: secrecy
def _words(game: Game, viewer: int) -> str:
    return json.dumps(game.view(viewer))


def test_R_PRE_1_nobody_sees_another_players_preludes_before_the_reveal() -> None:
    game = new_game(2, seed=8)
    mine, theirs = offer(game, 0)["cards"], offer(game, 1)["cards"]
    assert all(json.dumps(name) in _words(game, 0) for name in mine)
    assert not any(json.dumps(name) in _words(game, 0) for name in theirs)
    choose_setup(game, 1, prompt(game, 1).data["corporations"][0],
                 keep={"preludes": theirs[:2]})
    assert not any(json.dumps(name) in _words(game, 0) for name in theirs)  # chosen: secret
    assert not any(json.dumps(name) in _words(game, 1) for name in mine)
    choose_setup(game, 0, prompt(game, 0).data["corporations"][0], keep={"preludes": mine[:2]})
    # Revealed: the kept preludes are public, the two turned down stay face down.
    for viewer in (0, 1):
        view = game.view(viewer)
        assert sorted(view["expansions"]["prelude"]["kept"][1] +
                      [c for c in view["players"][1]["played"] if c in theirs]) \
            == sorted(theirs[:2])
        assert not any(json.dumps(name) in _words(game, 1 - viewer)
                       for name in (theirs if viewer == 0 else mine)[2:])


def test_R_PRE_1_views_never_show_the_prelude_deck_or_discard_pile() -> None:
    game = new_game(3, seed=2, draft=True)
    rnd = random.Random(2)
    while not game.is_over and len(game.moves) < 400:
        sec = preludes(game)
        shown = {e.get("card") for e in game.state.log
                 if e["key"] in ("card_played", "prelude_discarded")}
        shown |= {c for e in game.state.log if e["key"] == "preludes_kept" for c in e["cards"]}
        for viewer in range(3):
            hidden = set(sec["deck"]) | set(sec["discard"])
            hidden |= {c for q, cards in enumerate(sec["dealt"]) if q != viewer for c in cards}
            text = _words(game, viewer)
            assert not [n for n in hidden - shown if json.dumps(n) in text], viewer
        player, waiting = game.pending[0]
        game.respond(player, rnd.choice(waiting.choices()))


# ---------------------------------------------------------------- R-PRE-1: player order
def test_R_PRE_1_preludes_are_played_in_player_order_after_the_reveal_before_any_action() -> None:
    game = new_game(3, seed=21, first_player=1)
    kept = {p: offer(game, p)["cards"][:2] for p in range(3)}
    for p in (2, 0, 1):
        choose_setup(game, p, prompt(game, p).data["corporations"][0])
    assert game.state.phase != "action"
    events: list[tuple[int, str]] = []
    rnd = random.Random(0)
    while not in_action_phase(game):
        player, waiting = game.pending[0]
        assert waiting.kind != "action"  # no action before every prelude is played
        if waiting.purpose == "prelude_first":
            assert sorted(waiting.data["cards"]) == sorted(kept[player])
            assert game.state.active == player
        game.respond(player, rnd.choice(waiting.choices()))
    for e in game.state.log:
        if e["key"] in ("card_played", "prelude_discarded") and e["card"] in PRELUDE_NAMES:
            events.append((e["player"], e["card"]))
    assert [p for p, _ in events] == [1, 1, 2, 2, 0, 0]  # from the first player, clockwise
    assert all(sorted(n for q, n in events if q == p) == sorted(kept[p]) for p in range(3))
    generation = [i for i, e in enumerate(game.state.log) if e["key"] == "generation"]
    last_prelude = max(i for i, e in enumerate(game.state.log)
                       if e.get("card") in PRELUDE_NAMES and e["key"] != "preludes_kept")
    assert generation and generation[0] > last_prelude
    assert game.pending[0][0] == 1 and game.pending[0][1].kind == "action"


def test_R_PRE_1_the_player_chooses_which_prelude_comes_first() -> None:
    game = new_game(2, seed=30, first_player=0)
    mine = offer(game, 0)["cards"][:2]
    finish_setup(game)
    waiting = prompt(game, 0)
    assert waiting.purpose == "prelude_first"
    assert choices(game, 0) == [{"type": "card", "card": c} for c in mine]


# ---------------------------------------------------------------- R-PRE-2
@pytest.mark.parametrize(("name", "money"), [("Business Empire", 5), ("Galilean Mining", 4),
                                              ("Huge Asteroid", 4), ("Aquifer Turbines", 2),
                                              ("Eccentric Sponsor", 0),
                                              ("Ecology Experts", 0)])
def test_R_PRE_2_a_prelude_that_cannot_be_resolved_is_discarded_for_15_mc(
        name: str, money: int) -> None:
    game, _ = make_game(2, expansions=list(PRELUDE))
    set_resources(game, 0, megacredits=money)
    before = player_state(game, 0)
    play_prelude(game, 0, name)
    after = player_state(game, 0)
    assert after["megacredits"] == money + 15
    assert name not in after["played"] and after["production"] == before["production"]
    assert after["tr"] == before["tr"]
    assert name in preludes(game)["discard"]


def test_R_PRE_2_in_a_real_setup_an_unplayable_prelude_pays_15_mc() -> None:
    for seed in range(300):  # a seed that deals Eccentric Sponsor to player 0
        game = new_game(2, seed=seed, first_player=0)
        if "Eccentric Sponsor" in offer(game, 0)["cards"]:
            break
    corporations = [c for c in prompt(game, 0).data["corporations"] if c != "Point Luna"]
    other = next(c for c in offer(game, 0)["cards"] if c != "Eccentric Sponsor")
    choose_setup(game, 0, corporations[0], cards=[],
                 keep={"preludes": ["Eccentric Sponsor", other]})
    finish_setup(game)
    answer(game, "card", "Eccentric Sponsor", player=0)  # first, with an empty hand
    assert {"key": "prelude_discarded", "player": 0, "card": "Eccentric Sponsor",
            "megacredits": 15} in game.state.log
    assert "Eccentric Sponsor" not in player_state(game, 0)["played"]
    assert "Eccentric Sponsor" in preludes(game)["discard"]


# ---------------------------------------------------------------- R-PRE-3
def test_R_PRE_3_the_expansion_adds_its_project_cards_and_corporations() -> None:
    with_it, without = new_game(2), Game.new(Options(players=2, expansions=["corpera"]))
    cards_with = set(with_it.state.deck) | {c for pl in with_it.state.players for c in pl.offer}
    cards_without = set(without.state.deck) | {c for pl in without.state.players
                                               for c in pl.offer}
    assert set(PROJECT_NAMES) <= cards_with and not set(PROJECT_NAMES) & cards_without
    corps_with = set(with_it.state.corp_deck) | {c for pl in with_it.state.players
                                                 for c in pl.dealt_corps}
    assert set(CORPORATION_NAMES) <= corps_with
    assert not set(CORPORATION_NAMES) & set(without.state.corp_deck)
    assert not set(PRELUDE_NAMES) & cards_with  # preludes never enter the project deck
    assert without.state.ext == {}  # no prelude section without the expansion


# ---------------------------------------------------------------- R-PRE-4
def test_R_PRE_4_R_SOLO_3_solo_with_prelude_lasts_12_generations() -> None:
    assert manifest("prelude").solo_generations == 12
    game = Game.new(Options(players=1, seed=6, expansions=list(PRELUDE)))
    while not game.is_over:
        player, waiting = game.pending[0]
        if waiting.kind == "setup":
            finish_setup(game)
            continue
        passing = [c for c in waiting.choices() if c["type"] in ("pass", "done", "confirm")]
        game.respond(player, (passing or waiting.choices())[0])
    assert game.state.generation == 12


def test_R_SOLO_3_solo_without_prelude_still_lasts_14_generations() -> None:
    game = Game.new(Options(players=1, seed=6, expansions=["corpera"]))
    while not game.is_over:
        player, waiting = game.pending[0]
        passing = [c for c in waiting.choices() if c["type"] in ("pass", "done", "confirm")]
        game.respond(player, (passing or waiting.choices())[0])
    assert game.state.generation == 14


# ---------------------------------------------------------------- options, saves, random play
def test_options_with_prelude_survive_a_save_at_every_stage() -> None:
    game = new_game(2, seed=9)
    rnd = random.Random(9)
    for stop in (1, 5, 30, 120):
        while len(game.moves) < stop:
            player, waiting = game.pending[0]
            game.respond(player, rnd.choice(waiting.choices()))
        loaded = Game.from_save(json.loads(json.dumps(game.to_save())))
        assert loaded.state.options.expansions == PRELUDE
        assert loaded.digest() == game.digest() and not loaded.rules_changed


def test_share_links_carry_the_prelude_option_and_its_decisions() -> None:
    game = new_game(3, seed=12, draft=True)
    rnd = random.Random(12)
    while len(game.moves) < 250:
        player, waiting = game.pending[0]
        game.respond(player, rnd.choice(waiting.choices()))
    back = links.decode(links.encode(game))
    assert back.state.options.expansions == PRELUDE and back.digest() == game.digest()


def test_undo_in_the_prelude_phase_replays_exactly() -> None:
    game = new_game(1, seed=10)
    finish_setup(game)
    before = game.digest()
    waiting = game.pending[0][1]
    game.respond(0, waiting.choices()[0])
    game.undo()
    assert game.digest() == before
    assert [c.response for c in game.pending[0][1].choices()] == [c.response
                                                                  for c in waiting.choices()]


@pytest.mark.parametrize(("players", "draft"), [(1, False), (2, True), (3, False), (4, True),
                                                (5, False), (5, True)])
def test_random_games_with_prelude_keep_every_invariant(players: int, draft: bool) -> None:
    report = simulate(2, players, seed=700 + players, draft=draft, expansions=tuple(PRELUDE))
    assert report.failures == []
    assert report.games == 2 and report.moves > 0
    assert report.longest["setup"] <= 20 and report.longest["action"] <= 60
    assert any(name in report.cards_played for name in PRELUDE_NAMES)


def test_simulate_with_prelude_prints_the_preludes_played(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--players", "2", "--prelude", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "distinct preludes played: " in out and f"of {len(PRELUDE_NAMES)}" in out
    assert "simulate: 1 games" in out and " 0 failures" in out
