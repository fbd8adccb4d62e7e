"""A game's rules (tm.core.ruleset): built once from the options, handed down with the game,
never saved or shown; the rules' layers ask them instead of registries (R-SETUP-3, R-SOLO-1,
R-SOLO-3, R-MA-4, R-MAP-4)."""
from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

from tm import Game, Options
from tm.core.ruleset import Rules, rules_for, rules_of
from tm.core.state import to_dict

TM = Path(__file__).resolve().parents[2] / "tm"
# The layers below the game ask the game's rules; only these modules build or hold them.
RULES_LAYERS = ("core", "board", "cards", "vocab", "rules", "prompts", "expansions")
BUILDERS = {"core/ruleset.py", "core/manifest.py", "core/mapdef.py"}
LOOKUPS = re.compile(r"get_map\(|\.options\.board\b|\.options\.expansions\b|\bmanifest\(|"
                     r"\bchosen\(")


def test_R_MA_1_a_game_is_played_by_the_map_and_sets_its_options_name() -> None:
    g = Game.new(Options(players=2, seed=4, expansions=["prelude", "colonies"],
                         board="hellas")).state
    rules = rules_of(g)
    assert rules.map.name == "hellas"
    assert rules.expansions == ("prelude", "colonies")
    assert rules.card_sets == ("base", "prelude", "colonies")
    assert rules.milestone_names == rules.map.milestone_names  # R-MA-1
    assert rules.award_names == rules.map.award_names


def test_R_SOLO_1_R_SOLO_3_R_MA_4_R_SETUP_3_solo_rules_add_corpera_shorten_and_drop_goals(
) -> None:
    rules = rules_for(Options(players=1, board="amazonis_planitia", expansions=["prelude"]))
    assert rules.expansions == ("prelude", "corpera")  # R-SOLO-1
    assert rules.starting_production == 0  # R-SETUP-3: Corporate Era's
    assert rules.solo_generations == 12 + 2  # R-SOLO-3 with Prelude, R-MAP-4: Amazonis' two
    assert rules.milestones == {} and rules.awards == {}  # R-MA-4


def test_games_with_the_same_options_share_one_rules_and_a_copy_keeps_it() -> None:
    options = Options(players=3, seed=1, expansions=["colonies"])
    first, second = Game.new(options), Game.new(Options(players=3, seed=2,
                                                         expansions=["colonies"]))
    assert rules_of(first.state) is rules_of(second.state)
    assert rules_of(first.copy().state) is rules_of(first.state)
    assert len(pickle.dumps(rules_of(first.state))) < 200  # the key, not the map and hooks


def test_the_rules_are_never_saved_nor_shown() -> None:
    game = Game.new(Options(players=2, seed=9, expansions=["prelude"]))
    rules_of(game.state)
    assert "ruled" not in to_dict(game.state)
    assert "ruled" not in json.dumps(game.view(0)) and "Rules(" not in json.dumps(game.view(0))
    loaded = Game.from_save(json.loads(json.dumps(game.to_save())))
    assert isinstance(rules_of(loaded.state), Rules)
    assert rules_of(loaded.state) is rules_of(game.state)


def _lookups(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()
            if LOOKUPS.search(line) and not line.lstrip().startswith(("#", '"', "'"))]


def test_the_rules_layers_ask_the_games_rules_not_registries() -> None:
    found = []
    for layer in RULES_LAYERS:
        for path in sorted((TM / layer).rglob("*.py")):
            if path.relative_to(TM).as_posix() not in BUILDERS:
                found += [f"{path.relative_to(TM)}: {line}"
                          for line in _lookups(path.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("planted", ["spaces = get_map(g.options.board).spaces",
                                     "if 'colonies' in g.options.expansions:",
                                     "for m in chosen(g.options):"])
def test_the_lookup_scan_finds_a_planted_lookup(planted: str) -> None:
    assert _lookups(f"def f(g):\n    {planted}\n") == [planted]
