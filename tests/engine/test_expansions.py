"""Expansions are manifests: data plus named hook points, and no expansion name in the rules.

A test-only manifest uses every hook point (a standard project, an action type, a step
after the setup reveal, an end-of-generation step, its own state and view sections, a solo
length) to show a new expansion slots in without touching the engine.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tm import Game, Options
from tm.cards.dsl import gain, prod
from tm.core.frozen import DuplicateName
from tm.core.manifest import ActionType, Manifest, add, manifest
from tm.core.state import GameState
from tm.testing import answer, choices, finish_setup, make_game, player_state

TM = Path(__file__).resolve().parents[2] / "tm"


def _after_reveal(g: GameState) -> None:
    g.ext["probe"]["revealed"] += 1


def _generation_end(g: GameState) -> None:
    g.ext["probe"]["generations"].append(g.generation)


def _offer_wave(g: GameState, p: int) -> Any:
    yield {"type": "wave"}


def _why_wave(g: GameState, p: int, r: dict[str, Any]) -> tuple[str, str] | None:
    return None if g.players[p].res["heat"] >= 1 else ("no heat", "R-ACT-1")


def _wave(g: GameState, p: int, r: dict[str, Any]) -> None:
    g.players[p].res["heat"] -= 1
    g.players[p].res["megacredits"] += 5


PROBE = add(Manifest(
    name="probe", solo_generations=3, after_reveal=(_after_reveal,),
    generation_end=(_generation_end,),
    projects={"probe_project": (2, (prod(heat=1), gain(plants=2)))},
    actions={"wave": ActionType(_offer_wave, _why_wave, _wave)},
    state={"revealed": 0, "generations": []},
    view=lambda g, viewer: {"generations": list(g.ext["probe"]["generations"])}))


def test_registering_an_expansion_twice_raises() -> None:
    with pytest.raises(DuplicateName):
        add(Manifest(name="probe"))


def test_manifest_data_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        PROBE.projects["x"] = (1, ())  # type: ignore[index]
    with pytest.raises(TypeError):
        PROBE.state["revealed"] = 5  # type: ignore[index]


def test_corporate_era_is_a_manifest_R_SETUP_3() -> None:
    corpera = manifest("corpera")
    assert (corpera.card_sets, corpera.starting_production, corpera.required_in_solo) == (
        ("corpera",), 0, True)
    solo = Game.new(Options(players=1, seed=1, expansions=[]))
    assert solo.state.options.expansions == ["corpera"]  # R-SOLO-1


def test_an_expansion_adds_its_project_and_action_and_runs_its_hooks() -> None:
    game = Game.new(Options(players=2, seed=4, expansions=["corpera", "probe"]))
    assert game.state.ext["probe"] == {"revealed": 0, "generations": []}
    finish_setup(game)
    assert game.state.ext["probe"]["revealed"] == 1
    p = game.pending[0][0]
    game.state.players[p].res["heat"] = 1
    listed = choices(game, p)
    assert {"type": "standard_project", "project": "probe_project"} in listed
    assert {"type": "wave"} in listed
    answer(game, "wave", player=p)
    assert player_state(game, p)["heat"] == 0
    assert game.view(p)["expansions"] == {"probe": {"generations": []}}


def test_an_expansion_project_pays_and_runs_its_steps() -> None:
    game, (p0, _) = make_game(players=2, expansions=["corpera", "probe"])
    game.state.players[p0].res["megacredits"] = 2
    answer(game, "standard_project", "probe_project")
    state = player_state(game, p0)
    assert (state["megacredits"], state["plants"], state["production"]["heat"]) == (0, 2, 1)


def test_an_expansion_sets_the_solo_length_and_hears_each_generation_end() -> None:
    game = Game.new(Options(players=1, seed=2, expansions=["probe"]))
    while not game.is_over:
        player, waiting = game.pending[0]
        passing = [c for c in waiting.choices() if c["type"] in ("pass", "done", "confirm")]
        game.respond(player, (passing or waiting.choices())[0])
    assert game.state.generation == 3
    assert game.state.ext["probe"]["generations"] == [1, 2, 3]


EXPANSION_NAMES = ("corpera", "prelude", "colonies", "turmoil", "venus")
BOARD_NAMES = ("tharsis", "elysium", "hellas", "vastitas", "amazonis")


def test_no_expansion_or_board_name_is_compared_outside_manifests_and_maps() -> None:
    names = "|".join(EXPANSION_NAMES + BOARD_NAMES)
    pattern = re.compile(rf"""(==|!=|\bin)\s*\(?\s*["']({names})\w*["']|["']({names})\w*["']"""
                         rf"""\s*(==|!=|\bin\b)""")
    assert pattern.search('if "prelude" in options.expansions:')  # the scan does find one
    assert pattern.search('if g.options.board == "tharsis":')
    found = []
    for path in sorted(TM.rglob("*.py")):
        relative = path.relative_to(TM).as_posix()
        if relative.startswith(("expansions/", "maps/")):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"tm/{relative}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
