"""The structured log accounts for every change: resources, production, TR, card resources.

The fold below rebuilds each player's holdings from the log records alone (starting from
the rules' starting values, R-SETUP-2/3) and must match the state after every move of
random games; then one test per record kind checks its fields against a hand-made case.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from tm import Game, Options
from tm.core.rng import Rng
from tm.sim import random_response
from tm.testing import (
    answer,
    give_cards,
    make_game,
    place,
    player_state,
    prompt,
    set_production,
    set_resources,
)

CURRENCIES = ("megacredits", "steel", "titanium", "heat")
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")


class Ledger:
    """Each player's holdings as the log tells them."""

    def __init__(self, players: int, production: int, tr: int) -> None:
        self.res = [dict.fromkeys(RESOURCES, 0) for _ in range(players)]
        self.prod = [dict.fromkeys(RESOURCES, production) for _ in range(players)]
        self.tr = [tr] * players
        self.cards: list[defaultdict[str, int]] = [defaultdict(int) for _ in range(players)]

    def _add(self, table: list[dict[str, int]], p: int, amounts: dict[str, int]) -> None:
        if 0 <= p < len(table):
            for r, n in amounts.items():
                table[p][r] += n

    def read(self, e: dict[str, Any]) -> None:  # noqa: C901  (one branch per record kind)
        inner = [x for v in e.values() if isinstance(v, (dict, list))
                 for x in (v.values() if isinstance(v, dict) else v)]
        assert not any(isinstance(x, (dict, list)) for x in inner), e  # view copies one level
        key, p = e["key"], e.get("player", -1)
        if key in ("gain", "spent", "bonus"):
            self._add(self.res, p, e.get("res", {}))
        elif key == "prod":
            self._add(self.prod, p, e["prod"])
        elif key == "income":
            self._add(self.res, p, {"heat": e["energy_to_heat"], "energy": -e["energy_to_heat"]})
            self._add(self.res, p, e["res"])
        elif key in ("ocean_bonus", "corporation", "prelude_discarded", "project"):
            self._add(self.res, p, {"megacredits": e.get("megacredits", 0)})
        elif key == "paid":
            self._add(self.res, p, {c: -e.get(c, 0) for c in CURRENCIES})
            for name, n in e.get("cards", {}).items():
                self.cards[p][name] -= n
        elif key == "res_removed":
            self._add(self.res, e["target"], {e["res"]: -e["count"]})
            if e.get("steal"):
                self._add(self.res, p, {e["res"]: e["count"]})
        elif key == "prod_reduced":
            self._add(self.prod, e["target"], {e["res"]: -e["count"]})
            if e.get("steal"):
                self._add(self.prod, p, {e["res"]: e["count"]})
        elif key == "card_res":
            self.cards[p][e["card"]] += e["count"]
        if "tr" in e and key in ("tr", "param", "income") and p >= 0:
            self.tr[p] = e["tr"]

    def matches(self, game: Game) -> list[str]:
        wrong = []
        for pl in game.state.players:
            i = pl.index
            held = {k: v for k, v in self.cards[i].items() if v}
            on_cards = {k: v for k, v in pl.card_res.items() if v}
            pairs = (("res", self.res[i], pl.res), ("prod", self.prod[i], pl.prod),
                     ("tr", self.tr[i], pl.tr), ("cards", held, on_cards))
            for what, logged, real in pairs:
                if logged != real:
                    wrong.append(f"player {i} {what}: log {logged} != state {real}")
        return wrong


@pytest.mark.parametrize(("players", "seed", "expansions", "draft"), [
    (2, 1, ["corpera"], False), (3, 5, ["corpera", "prelude"], True), (1, 2, ["corpera"], False),
    (4, 3, [], False), (5, 8, ["corpera", "prelude"], False),
])
def test_log_accounts_for_every_change(players: int, seed: int, expansions: list[str],
                                       draft: bool) -> None:
    """R-GEN-6, R-TILE-5, R-GLOB-2: folding the log gives every player's holdings."""
    game = Game.new(Options(players=players, seed=seed, expansions=expansions, draft=draft))
    solo = players == 1
    production = 0 if solo or "corpera" in expansions else 1  # R-SETUP-3
    ledger = Ledger(players, production, 14 if solo else 20)  # R-SETUP-2
    rng = Rng.from_seed(seed)
    read = 0
    while not game.is_over and len(game.moves) < 1500:
        player, waiting = game.pending[0]
        game.respond(player, random_response(waiting, rng))
        for record in game.state.log[read:]:
            ledger.read(record)
        read = len(game.state.log)
        assert ledger.matches(game) == [], f"after move {len(game.moves)}"


def _since(game: Game, start: int) -> list[dict[str, Any]]:
    return game.view(None)["log"][start:]


def test_R_TILE_5_placement_bonus_and_ocean_adjacency_are_logged() -> None:
    game, (p0, _) = make_game()
    place(game, "04", "ocean", None)  # next to 03 (2 steel)
    set_resources(game, p0, megacredits=23)
    start = len(game.state.log)
    answer(game, "standard_project", project="greenery")
    answer(game, "space", "03")
    records = _since(game, start)
    assert {"key": "bonus", "player": p0, "space": "03", "res": {"steel": 2},
            "cards": 0} in records
    assert {"key": "ocean_bonus", "player": p0, "space": "03", "oceans": 1,
            "megacredits": 2} in records
    tile = records.index({"key": "tile", "player": p0, "tile": "greenery", "space": "03"})
    assert tile < records.index({"key": "ocean_bonus", "player": p0, "space": "03", "oceans": 1,
                                 "megacredits": 2})


def test_R_TILE_5_card_bonus_is_logged_as_cards_drawn() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=25)
    start = len(game.state.log)
    answer(game, "standard_project", project="city")
    answer(game, "space", "55")
    assert {"key": "bonus", "player": p0, "space": "55", "res": {}, "cards": 1} in _since(
        game, start)


def test_R_GLOB_2_a_parameter_step_logs_the_new_tr() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=14)
    answer(game, "standard_project", project="asteroid")
    assert {"key": "param", "param": "temperature", "value": -28, "player": p0,
            "tr": 21} in game.state.log


def test_R_GEN_6_income_is_logged_per_player() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p0, energy=3)
    set_production(game, p0, megacredits=2, steel=1, energy=1)
    while game.pending and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)
    incomes = [e for e in game.state.log if e["key"] == "income"]
    assert incomes[0] == {"key": "income", "player": p0, "tr": 20, "mc_prod": 2,
                          "energy_to_heat": 3,
                          "res": {"megacredits": 22, "steel": 1, "energy": 1}}
    assert incomes[1]["player"] == p1
    keys = [e["key"] for e in game.state.log]
    assert keys.index("production") < keys.index("income")


def test_R_SP_1_sell_patents_logs_how_many_cards() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Mine", "Lichen", "Fish"])
    answer(game, "standard_project", project="sell_patents")
    answer(game, "cards", ["Mine", "Fish"])
    assert {"key": "project", "player": p0, "project": "sell_patents", "count": 2,
            "megacredits": 2} in game.state.log


def test_R_ACT_1_production_change_names_its_card() -> None:
    game, (p0, _) = make_game()
    give_cards(game, p0, ["Mine"])
    set_resources(game, p0, megacredits=4)
    answer(game, "play_card", "Mine")
    assert {"key": "prod", "player": p0, "prod": {"steel": 1}, "card": "Mine"} in game.state.log
    assert player_state(game, p0)["production"]["steel"] == 1


def test_R_ACT_7_converted_heat_is_logged_as_spent() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, heat=8)
    answer(game, "convert_heat")
    assert {"key": "spent", "player": p0, "res": {"heat": -8}} in game.state.log


def test_R_GEN_5_each_turn_and_research_phase_is_marked() -> None:
    game, (p0, p1) = make_game()
    first = [e for e in game.state.log if e["key"] == "turn"]
    assert first == [{"key": "turn", "player": p0, "generation": 1}]
    answer(game, "pass", player=p0)
    answer(game, "pass", player=p1)
    turns = [e for e in game.state.log if e["key"] == "turn"]
    assert turns[1] == {"key": "turn", "player": p1, "generation": 1}
    assert {"key": "research", "generation": 2} in game.state.log


def test_R_SETUP_4_corporation_record_carries_its_starting_mc() -> None:
    game, (p0, _) = make_game(corporations=["Helion", "Ecoline"])
    assert {"key": "corporation", "player": p0, "card": "Helion",
            "megacredits": 42} in game.state.log
