"""The public API contract of DESIGN.md: Game.new, pending prompts and their choices, respond
and IllegalMove, determinism, saves, views, the structured log and scores."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tm
from tm import Game, IllegalMove, Options
from tm.core.contract import Choice
from tm.core.mapdef import get_map
from tm.core.rng import Rng
from tm.prompts.kinds import KINDS, Prompt
from tm.sim import play_random_game, random_response
from tm.testing import (
    answer,
    choices,
    give_cards,
    make_game,
    place,
    player_state,
    prompt,
    put_in_play,
    set_resources,
)

THARSIS = get_map("tharsis")
SCORE_PARTS = ("tr", "milestones", "awards", "greeneries", "cities", "cards")
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


# ---------------------------------------------------------------- helpers
def snapshot(game: Game) -> tuple[str, int]:
    return game.digest(), len(game.moves)


def refused(game: Game, player: Any, response: Any) -> IllegalMove:
    """Respond, expect IllegalMove whose message names an R- rule, and nothing changed."""
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        game.respond(player, response)
    error = caught.value
    assert error.rule.startswith("R-"), error
    assert error.rule in str(error)
    assert snapshot(game) == before
    return error


def responses_for(waiting: Prompt) -> list[dict[str, Any]]:
    """Every listed choice is a response as it stands (DESIGN's generic loop)."""
    return waiting.choices()


def random_game_positions(seed: int, every: int) -> list[Game]:
    """Copies of a random 2-player game at every ``every``-th move, to the end."""
    game = Game.new(Options(players=2, seed=seed))
    rng = Rng.from_seed(seed ^ 0x5EED)
    found = []
    while not game.is_over:
        if len(game.moves) % every == 0:
            found.append(game.copy())
        player, waiting = game.pending[0]
        game.respond(player, random_response(waiting, rng))
    return found


@pytest.fixture(scope="module")
def finished() -> Game:
    game = play_random_game(players=2, seed=5)
    assert game.is_over
    return game


@pytest.fixture(scope="module")
def midgame() -> Game:
    game = play_random_game(players=3, seed=8, max_moves=180)
    assert not game.is_over and len(game.moves) == 180
    return game


def rich_menu() -> Game:
    """Player 0 can do nearly everything: cards, projects, a blue action, conversions."""
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=60, steel=4, plants=8, heat=8)
    give_cards(game, p0, ["Geothermal Power", "Asteroid", "Mine", "Sponsors"])
    put_in_play(game, p0, ["Tardigrades"])
    for space in ("21", "23", "25"):
        place(game, space, "city", p0)
    return game


# ---------------------------------------------------------------- Game.new and pending
def test_new_game_lists_who_must_decide_as_player_prompt_pairs() -> None:
    game = Game.new(Options(players=3, seed=1))
    assert isinstance(game, Game) and not game.is_over and game.moves == []
    pairs = game.pending
    assert [p for p, _ in pairs] == [0, 1, 2]
    for player, waiting in pairs:
        assert isinstance(player, int) and isinstance(waiting, Prompt)
        assert waiting.player == player and waiting.kind in KINDS


def test_new_game_accepts_the_documented_options() -> None:
    game = Game.new(Options(players=2, seed=7, expansions=["corpera"], draft=False,
                            board="tharsis"))
    assert game.state.options.seed == 7
    assert "seed" not in game.view(None)["options"]  # the seed fixes every hand and the deck


@pytest.mark.parametrize("options", [
    {"players": 0}, {"players": 6}, {"board": "no such board"}, {"beginners": [3]},
    {"expansions": ["no such expansion"]}, {"expansions": ["corpera", "corpera"]},
])
def test_new_game_refuses_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Game.new(Options(**options))


def test_new_game_does_not_mutate_its_options() -> None:
    options = Options(players=1, seed=3, expansions=[])
    Game.new(options)
    assert options.expansions == []


def test_choices_are_json_serializable_responses_and_labels_with_a_type() -> None:
    for game in [*random_game_positions(seed=2, every=3), rich_menu()]:
        for _, waiting in game.pending:
            choices = waiting.choices()
            assert choices, waiting
            for c in choices:
                assert isinstance(c, Choice) and isinstance(c.type, str)
                assert "label" not in c.response and isinstance(c.label.get("key"), str)
                assert json.loads(json.dumps(c.to_dict())) == c.to_dict()


def test_every_choice_of_a_rich_action_menu_is_accepted() -> None:
    game = rich_menu()
    choices = prompt(game).choices()
    kinds = {c["type"] for c in choices}
    assert {"play_card", "standard_project", "card_action", "claim_milestone", "fund_award",
            "convert_plants", "convert_heat", "pass"} <= kinds
    for choice in choices:
        trial = game.copy()
        trial.respond(0, choice)
        assert len(trial.moves) == len(game.moves) + 1


def test_every_choice_is_accepted_throughout_a_random_game() -> None:
    seen: set[str] = set()
    for game in random_game_positions(seed=4, every=5):
        for player, waiting in game.pending:
            seen.add(waiting.kind)
            for response in responses_for(waiting):
                trial = game.copy()
                trial.respond(player, response)
                assert trial.moves[-1][0] == player
    assert {"setup", "cards", "action", "space", "pay"} <= seen


def test_every_payment_choice_is_accepted() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=20, steel=5)
    give_cards(game, p0, ["Geothermal Power"])
    answer(game, "play_card", "Geothermal Power")
    waiting = prompt(game)
    assert waiting.kind == "pay"
    choices = waiting.choices()
    # one more steel, the most useful amount (5: 10 MC of 11) and paying all in MC
    assert [(c["type"], c.get("amount")) for c in choices] == [("use", 1), ("use", 5),
                                                               ("confirm", None)]
    for steel in range(6):  # every amount from 0 to 5 steel is reachable and accepted
        trial = game.copy()
        while prompt(trial).data["use"]["steel"] != steel:
            step = [c for c in prompt(trial).choices() if c["type"] == "use"
                    and c["amount"] == prompt(trial).data["use"]["steel"] + 1][0]
            trial.respond(p0, step)
        trial.respond(p0, {"type": "confirm"})
        state = player_state(trial, p0)
        assert state["megacredits"] == 20 - (11 - 2 * steel)
        assert state["steel"] == 5 - steel


def test_copy_is_independent() -> None:
    game = rich_menu()
    before = snapshot(game)
    trial = game.copy()
    assert trial.digest() == game.digest()
    trial.respond(0, {"type": "pass"})
    assert snapshot(game) == before and trial.digest() != game.digest()



def test_copy_shares_log_records_that_no_move_changes() -> None:
    """A copy shares the log's records (the page's caches rely on it): a move on the copy
    adds records and changes none of the original's."""
    for game in random_game_positions(seed=6, every=9):
        logged = json.dumps(game.state.log, sort_keys=True)
        for player, waiting in game.pending:
            for response in responses_for(waiting):
                trial = game.copy()
                assert all(a is b for a, b in zip(trial.state.log, game.state.log,
                                                  strict=True))
                trial.respond(player, response)
                assert json.dumps(game.state.log, sort_keys=True) == logged
                assert trial.state.log is not game.state.log

# ---------------------------------------------------------------- IllegalMove, state unchanged
@pytest.mark.parametrize("response", [
    None, "pass", 3, [], {}, {"type": 5}, {"type": None}, {"type": "nonsense"},
    {"type": "play_card"}, {"type": "play_card", "card": 7}, {"type": "card_action"},
    {"type": "standard_project"}, {"type": "standard_project", "project": []},
    {"type": "standard_project", "project": {"a": 1}}, {"type": "claim_milestone"},
    {"type": "fund_award", "award": None}, {"type": "cards", "cards": ["Asteroid"]},
    {"type": "first_action"}, {"type": "space", "space": "21"},
])
def test_garbage_responses_are_refused_and_change_nothing(response: Any) -> None:
    game = rich_menu()
    refused(game, 0, response)


@pytest.mark.parametrize("response", [
    {"type": "cards"}, {"type": "cards", "cards": "Asteroid"}, {"type": "cards", "cards": [1]},
    {"type": "cards", "cards": ["No Such Card"]}, {"type": "card", "card": "Asteroid"},
    {"type": "pass"},
])
def test_garbage_responses_to_a_card_pick_are_refused(response: Any) -> None:
    game = Game.new(Options(players=2, seed=3, first_player=0))
    corp = prompt(game, 0).choices()[0]
    game.respond(0, corp)
    refused(game, 0, response)
    refused(game, 0, {"type": "cards", "cards": [prompt(game, 0).choices()[0]["card"]] * 2})


def test_corporation_not_dealt_is_refused_R_SETUP_4() -> None:
    game = Game.new(Options(players=2, seed=3))
    dealt = {c["card"] for c in prompt(game, 0).choices()}
    others = {c["card"] for c in prompt(game, 1).choices()}
    error = refused(game, 0, {"type": "card", "card": sorted(others - dealt)[0]})
    assert error.rule == "R-SETUP-4"


@pytest.mark.parametrize("player", [1, 2, 5, -1, "0", None, 0.0, False, True])
def test_wrong_player_is_refused_R_GEN_5(player: Any) -> None:
    game = rich_menu()  # only player 0 may act
    assert refused(game, player, {"type": "pass"}).rule == "R-GEN-5"


def test_out_of_turn_after_passing_is_refused_R_GEN_5() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p1, megacredits=30)
    answer(game, "pass")
    answer(game, "standard_project", "power_plant")
    assert refused(game, p0, {"type": "pass"}).rule == "R-GEN-5"
    answer(game, "end_turn")
    assert [p for p, _ in game.pending] == [p1]  # p1 alone keeps the turn


def test_unaffordable_card_is_refused_R_PAY_1() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, ["Geothermal Power", "Asteroid"])
    set_resources(game, p0, megacredits=10, titanium=5)
    error = refused(game, p0, {"type": "play_card", "card": "Geothermal Power"})
    assert error.rule in ("R-PAY-1", "R-ACT-1")
    assert {"type": "play_card", "card": "Geothermal Power"} not in choices(game)
    assert {"type": "play_card", "card": "Asteroid"} in choices(game)  # titanium pays


def _city_space_prompt() -> Game:
    game, (p0, _) = make_game(players=2)
    place(game, "21", "city", 1)
    set_resources(game, p0, megacredits=25)
    answer(game, "standard_project", "city")
    assert prompt(game).kind == "space"
    return game


@pytest.mark.parametrize("space", [
    "04",  # an ocean space (R-TILE-2)
    "21",  # occupied
    "22",  # next to a city (R-TILE-4)
    "99", None, 21, ["23"],
])
def test_illegal_space_is_refused_R_TILE(space: Any) -> None:
    game = _city_space_prompt()
    assert {"type": "space", "space": space} not in [c.response for c in prompt(game).choices()]
    refused(game, 0, {"type": "space", "space": space})


def test_city_space_refusal_names_a_tile_rule_R_TILE_2() -> None:
    game = _city_space_prompt()
    assert THARSIS.spaces["04"].kind == "ocean"
    assert refused(game, 0, {"type": "space", "space": "04"}).rule.startswith("R-TILE-")


def test_ocean_on_land_is_refused_R_TILE_1() -> None:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=18)
    answer(game, "standard_project", "aquifer")
    land = next(sid for sid, sp in THARSIS.spaces.items() if sp.kind == "land")
    assert refused(game, p0, {"type": "space", "space": land}).rule == "R-TILE-1"


def test_many_legal_spaces_are_listed_by_rows_first_R_TILE_2() -> None:
    game = _city_space_prompt()
    waiting = prompt(game)
    legal = list(waiting.data["spaces"])
    rows = waiting.choices()
    assert len(legal) > 20 and 1 < len(rows) <= 20
    assert all(c["type"] == "region" for c in rows)
    assert sorted(s for c in rows for s in c.label["spaces"]) == sorted(legal)
    game.respond(0, rows[-1])
    spaces = prompt(game).choices()
    assert [c["space"] for c in spaces] == rows[-1].label["spaces"]
    assert len(spaces) <= 20


def test_a_space_named_directly_is_recorded_as_its_row_and_itself_R_TILE_2() -> None:
    game = _city_space_prompt()
    before = len(game.moves)
    target = prompt(game).data["spaces"][-1]
    game.respond(0, {"type": "space", "space": target})
    assert [response["type"] for _, response in game.moves[before:]] == ["region", "space"]
    assert game.view(None)["board"][target]["tile"] == "city"


def test_another_row_may_be_chosen_while_one_is_held_R_TILE_2() -> None:
    game = _city_space_prompt()
    rows = prompt(game).choices()
    game.respond(0, rows[0])
    game.respond(0, {"type": "region", "row": rows[-1]["row"]})
    assert [c["space"] for c in prompt(game).choices()] == rows[-1].label["spaces"]
    refused(game, 0, {"type": "region", "row": 99})


def _pay_prompt() -> Game:
    game, (p0, _) = make_game(players=2)
    set_resources(game, p0, megacredits=20, steel=5, titanium=3)
    give_cards(game, p0, ["Geothermal Power"])  # 11 MC, building: steel pays, titanium not
    answer(game, "play_card", "Geothermal Power")
    assert prompt(game).kind == "pay"
    return game


@pytest.mark.parametrize(("payment", "rule"), [
    ({"megacredits": 5}, "R-PAY-2"),  # short
    ({"megacredits": 20}, "R-PAY-2"),  # spare MC: no change is given
    ({"megacredits": 1, "steel": 6}, "R-PAY-1"),  # more steel than owned
    ({"megacredits": 13, "steel": -1}, "R-PAY-1"),
    ({"megacredits": 8, "titanium": 1}, "R-PAY-1"),  # titanium on a card without space tag
    ({"megacredits": "11"}, "R-PAY-1"),
    ({"megacredits": 11.0}, "R-PAY-1"),
    ({"megacredits": 25}, "R-PAY-1"),  # more MC than owned
])
def test_bad_payment_is_refused_R_PAY(payment: dict[str, Any], rule: str) -> None:
    game = _pay_prompt()
    assert refused(game, 0, {"type": "pay", **payment}).rule == rule


def test_good_payment_with_steel_is_taken_R_PAY_1() -> None:
    game = _pay_prompt()
    game.respond(0, {"type": "pay", "megacredits": 3, "steel": 4})
    assert player_state(game, 0)["megacredits"] == 17
    assert player_state(game, 0)["steel"] == 1


def test_no_move_after_the_game_is_over_R_END_1(finished: Game) -> None:
    game = finished.copy()
    assert game.pending == []
    assert refused(game, 0, {"type": "pass"}).rule == "R-END-1"


# ---------------------------------------------------------------- determinism
def test_same_options_and_seed_give_the_same_game() -> None:
    a = Game.new(Options(players=3, seed=42))
    b = Game.new(Options(players=3, seed=42))
    assert a.digest() == b.digest()
    assert [w.choices() for _, w in a.pending] == [w.choices() for _, w in b.pending]


def test_same_moves_give_the_same_digest(midgame: Game) -> None:
    again = play_random_game(players=3, seed=8, max_moves=180)
    assert again.moves == midgame.moves and again.digest() == midgame.digest()
    replayed = Game.new(Options(players=3, seed=8))
    for player, response in midgame.moves:
        replayed.respond(player, response)
    assert replayed.digest() == midgame.digest()


def test_different_seeds_give_different_games() -> None:
    digests = {Game.new(Options(players=2, seed=seed)).digest() for seed in range(10)}
    assert len(digests) == 10
    a = play_random_game(players=2, seed=1, max_moves=60)
    b = play_random_game(players=2, seed=2, max_moves=60)
    assert a.digest() != b.digest()


def test_same_game_in_another_process_with_another_hash_seed(midgame: Game) -> None:
    """No set or hash order leaks into the state: a fresh interpreter replays it exactly."""
    root = Path(__file__).resolve().parents[2]
    code = ("import json, sys; from tm import Game; "
            "print(Game.from_save(json.loads(sys.stdin.read())).digest())")
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        done = subprocess.run([sys.executable, "-c", code], input=json.dumps(midgame.to_save()),
                              capture_output=True, text=True, env=env, cwd=root, timeout=60,
                              check=True)
        assert done.stdout.strip() == midgame.digest()


# ---------------------------------------------------------------- saves
def _round_trip(game: Game) -> Game:
    return Game.from_save(json.loads(json.dumps(game.to_save())))


def test_save_is_json_with_moves_options_and_checksum(midgame: Game) -> None:
    data = midgame.to_save()
    assert json.loads(json.dumps(data)) == data
    assert data["options"]["seed"] == 8 and data["moves"] == midgame.moves
    assert data["checksum"] == midgame.digest()
    assert data["engine"] == tm.ENGINE_VERSION


def test_save_round_trip_mid_game(midgame: Game) -> None:
    loaded = _round_trip(midgame)
    assert loaded.digest() == midgame.digest()
    assert loaded.moves == midgame.moves
    assert [(p, w.choices()) for p, w in loaded.pending] == \
        [(p, w.choices()) for p, w in midgame.pending]


def test_loaded_game_plays_on_like_the_original(midgame: Game) -> None:
    original, loaded = midgame.copy(), _round_trip(midgame)
    for _ in range(20):
        player, waiting = original.pending[0]
        response = responses_for(waiting)[-1]
        original.respond(player, response)
        loaded.respond(player, response)
    assert loaded.digest() == original.digest()


def test_save_round_trip_at_the_end(finished: Game) -> None:
    loaded = _round_trip(finished)
    assert loaded.is_over and loaded.digest() == finished.digest()
    assert loaded.scores() == finished.scores()


def test_save_round_trip_at_the_start() -> None:
    game = Game.new(Options(players=4, seed=9, draft=True))
    assert _round_trip(game).digest() == game.digest()


def _tampered(game: Game, change: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(game.to_save()))
    change(data)
    return data


def _other_corporation(data: dict[str, Any]) -> None:
    move = data["moves"][0]
    move[1]["card"] = "No Such Corporation"


def _swap_purchase(data: dict[str, Any]) -> None:
    for move in data["moves"]:  # a different but legal buy: the replay differs
        if move[1]["type"] == "pick":
            move[1]["type"] = "unpick"
            return
    raise AssertionError("no purchase to change")


def _state_and_moves(data: dict[str, Any]) -> None:
    data["moves"].pop()
    data["state"] = Game.new(Options(players=3, seed=1)).to_save()["state"]


def _older_rules(change: Any) -> Any:
    def changed(data: dict[str, Any]) -> None:
        change(data)
        data["rules"] = 1  # saved under older rules: the same moves may lead elsewhere today
    return changed


def test_save_of_older_rules_whose_moves_no_longer_replay_continues_from_its_stored_state(
        midgame: Game) -> None:
    """Moves saved under older rules that are refused today after a card whose rules changed
    (Saturn Systems) is in play: the game continues from the state the save stored (checked
    whole), which its checksum proves."""
    game = Game.from_save(_tampered(midgame, _older_rules(
        lambda d: d["moves"].append(d["moves"][-1]))))
    assert game.digest() == midgame.digest()
    assert game.rules_changed == [{"key": "rules_changed_state", "moves": len(game.moves)}]
    assert game.undo_floor() == len(game.moves)


@pytest.mark.parametrize("change", [lambda d: d["moves"].pop(),
                                    lambda d: d.update(checksum="0" * 32),
                                    _older_rules(lambda d: d["moves"].pop()),
                                    _older_rules(_state_and_moves)])
def test_save_of_these_rules_whose_state_its_moves_do_not_reach_opens_from_its_moves(
        midgame: Game, change: Any) -> None:
    """The moves are the truth: a stored state they do not reach (under the same rules, or
    under older ones where no rules change explains the difference) is damaged or forged,
    never used; the game is its moves, with a notice."""
    data = _tampered(midgame, change)
    game = Game.from_save(data)
    assert game.moves == data["moves"] and game.base_moves == 0
    assert game.rules_changed == [{"key": "state_mismatch"}]


@pytest.mark.parametrize("change", [
    _other_corporation,
    _swap_purchase,
    _older_rules(_other_corporation),  # refused before any card whose rules changed
    _older_rules(_swap_purchase),
    lambda d: d["moves"].append(d["moves"][-1]),
    lambda d: d.pop("checksum"),
    lambda d: d["options"].update(seed=d["options"]["seed"] + 1),
    lambda d: d.update(format=99),
    lambda d: d.pop("format"),
    lambda d: d.update(moves="all of them"),
    lambda d: d.pop("options"),
    lambda d: d["moves"].__setitem__(0, ["0", {"type": "pass"}]),
    lambda d: d["moves"].__setitem__(0, [0]),
])
def test_tampered_save_is_refused(midgame: Game, change: Any) -> None:
    with pytest.raises(tm.SaveError):
        Game.from_save(_tampered(midgame, change))


@pytest.mark.parametrize("data", [None, [], "save", 3, {}])
def test_not_a_save_is_refused(data: Any) -> None:
    with pytest.raises(tm.SaveError):
        Game.from_save(data)


# ---------------------------------------------------------------- views
def _research_game() -> Game:
    """Generation 2 research: both players hold cards and have four on offer."""
    game, (p0, p1) = make_game(players=2)
    give_cards(game, p0, ["Asteroid", "Mine"])
    give_cards(game, p1, ["Lichen", "Sponsors", "Geothermal Power"])
    answer(game, "pass")
    answer(game, "pass")
    assert [w.purpose for _, w in game.pending] == ["buy_cards", "buy_cards"]
    return game


def test_view_hides_other_hands_but_shows_counts() -> None:
    game = _research_game()
    view = game.view(0)
    assert view["players"][0]["hand"] == ["Asteroid", "Mine"]
    assert view["players"][1]["hand"] == 3
    assert len(view["players"][0]["offer"]) == 4 and view["players"][1]["offer"] == 4
    assert game.view(1)["players"][0]["hand"] == 2


def test_view_never_shows_another_players_cards_or_the_deck() -> None:
    game = _research_game()
    view = game.view(0)
    text = json.dumps(view)
    for name in ["Lichen", "Sponsors", "Geothermal Power", *prompt(game, 1).data["cards"]]:
        assert f'"{name}"' not in text
    assert isinstance(view["deck"], int) and view["deck"] > 0
    assert "rng" not in view and "queues" not in view


def test_spectator_view_hides_every_hand() -> None:
    game = _research_game()
    view = game.view(None)
    assert [pl["hand"] for pl in view["players"]] == [2, 3]
    assert [pl["offer"] for pl in view["players"]] == [4, 4]


def test_view_hides_dealt_corporations_during_setup() -> None:
    game = Game.new(Options(players=2, seed=6))
    theirs = [c["card"] for c in prompt(game, 1).choices()]
    view = game.view(0)
    assert view["players"][1]["dealt_corps"] == 2
    assert not any(f'"{name}"' in json.dumps(view) for name in theirs)
    assert json.loads(json.dumps(view)) == view


# ---------------------------------------------------------------- the log
def _all_keys(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [*value.keys(), *(k for v in value.values() for k in _all_keys(v))]
    if isinstance(value, list):
        return [k for v in value for k in _all_keys(v)]
    return []


def test_log_is_structured_records_with_snake_case_keys(finished: Game) -> None:
    log = finished.view(None)["log"]
    assert log and json.loads(json.dumps(log)) == log
    for record in log:
        assert isinstance(record, dict) and isinstance(record.get("key"), str)
        assert SNAKE.match(record["key"]), record
        assert all(SNAKE.match(k) for k in _all_keys(record)), record
    keys = {record["key"] for record in log}
    assert {"setup", "corporation", "generation", "production", "game_over"} <= keys


def test_log_records_a_played_card_by_name() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, ["Mine"])
    set_resources(game, p0, megacredits=4)
    answer(game, "play_card", "Mine")
    assert {"key": "card_played", "player": p0, "card": "Mine"} in game.view(None)["log"]


# ---------------------------------------------------------------- scores
def _check_scores(game: Game) -> list[dict[str, Any]]:
    rows = game.scores()
    assert len(rows) == len(game.view(None)["players"])
    for row in rows:
        assert set(SCORE_PARTS) | {"total"} <= set(row)
        assert all(isinstance(row[k], int) for k in (*SCORE_PARTS, "total"))
        assert row["total"] == sum(row[k] for k in SCORE_PARTS)
    assert json.loads(json.dumps(rows)) == rows
    return rows


def test_scores_at_the_end(finished: Game) -> None:
    rows = _check_scores(finished)
    assert all(row["tr"] >= 20 for row in rows)
    assert finished.winners()


def test_scores_mid_game(midgame: Game) -> None:
    _check_scores(midgame)


def test_scores_count_each_part() -> None:
    game, (p0, p1) = make_game(players=2)
    for space in ("21", "23", "25"):
        place(game, space, "city", p0)
    place(game, "22", "greenery", p0)
    place(game, "24", "greenery", p1)
    put_in_play(game, p0, ["Solar Power"])  # 1 VP
    set_resources(game, p0, megacredits=16)
    answer(game, "claim_milestone", "Mayor")
    answer(game, "fund_award", "Landlord")
    row = _check_scores(game)[p0]
    assert (row["tr"], row["milestones"], row["awards"], row["greeneries"], row["cities"],
            row["cards"]) == (20, 5, 5, 1, 4, 1)
    assert row["total"] == 36


def test_scenario_kit_sets_tr_hands_the_deck_top_and_reads_the_board() -> None:
    from tm.testing import board, set_hand, set_tr, stack_deck
    game, (p0, p1) = make_game(players=2)
    set_tr(game, p0, 31)
    set_hand(game, p0, ["Birds", "Fish"])
    stack_deck(game, ["Lichen", "Moss"])
    assert player_state(game, p0)["tr"] == 31
    assert player_state(game, p0)["hand"] == ["Birds", "Fish"]
    answer(game, "pass")
    answer(game, "pass")  # research: player 0 draws the two stacked cards first
    assert prompt(game, p0).data["cards"][:2] == ("Lichen", "Moss")
    spaces = board(game)
    assert spaces["03"]["bonus"] == ["steel", "steel"] and spaces["03"]["tile"] is None
