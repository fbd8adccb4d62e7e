"""RULES.md "Decisions where the seeds disagree": each decision has a test naming its rule id.

The table lists the decisions in RULES.md's order (a phrase of each, for the reader) with the
tests that check them; the first test below reads which rule ids each decision names (from
tests/facts/rules.json, scripts/copy_facts.py) and fails when a decision has no entry, or an
entry no test naming a rule the decision names.
Decisions not already covered elsewhere are tested here.
"""
from __future__ import annotations

import importlib
import re
from typing import Any

from tests.kits.facts import decisions
from tm import Game
from tm.core.mapdef import get_map
from tm.testing import (
    answer,
    choice_types,
    choices,
    make_game,
    parameters,
    place,
    player_state,
    prompt,
    set_parameters,
    set_resources,
)

THARSIS = get_map("tharsis")

# phrase of the decision: [(rule id, test module, test function)], in RULES.md's order
DECISIONS: dict[str, list[tuple[str, str, str]]] = {
    "Scientist award": [
        ("R-CARD-4", "test_rules_tiles_cards_scoring",
         "test_R_CARD_4_event_tags_do_not_count_for_scientist")],
    "claim one milestone and fund one award": [
        ("R-ACT-3", "test_rules_setup_generation", "test_R_ACT_3_at_most_three_milestones"),
        ("R-ACT-4", "test_rules_setup_generation",
         "test_R_ACT_4_fund_awards_8_14_20_at_most_three")],
    '"20 steps" of temperature': [
        ("R-GLOB-1", "test_rules_terraforming",
         "test_R_GLOB_1_temperature_has_19_steps_from_minus_30_to_plus_8")],
    "Asteroid: increase temperature by 1 degree": [
        ("R-SP-3", "test_rules_setup_generation", "test_R_SP_3_asteroid_14_mc_temperature_step")],
    "Immigrant City may be played at": [
        ("R-PROD-1", "test_including_this",
         "test_immigrant_city_playable_at_minus_4_mc_production_ends_at_minus_5_R_PROD_2"),
        ("R-PROD-2", "test_including_this",
         "test_immigrant_city_playable_at_minus_4_mc_production_ends_at_minus_5_R_PROD_2"),
        ("R-PROD-2", "test_including_this",
         "test_immigrant_city_refused_at_minus_5_mc_production_R_PROD_2")],
    "R-PAY-2 in practice": [
        ("R-PAY-2", "test_rules_terraforming", "test_R_PAY_2_offered_payments_have_no_spare_units"),
        ("R-PAY-2", "test_rules_terraforming",
         "test_R_PAY_2_payment_with_a_spare_or_missing_unit_is_refused")],
    "cities, like greeneries": [
        ("R-TILE-4", "test_rules_decisions", "test_R_TILE_4_a_city_need_not_go_next_to_own_tiles")],
    '"another player or no one"': [
        ("R-PROD-3", "test_rules_terraforming",
         "test_R_PROD_3_decrease_is_mandatory_when_several_could_lose_it")],
    "Converting heat, or the Asteroid/Aquifer/Greenery projects": [
        ("R-ACT-7", "test_rules_decisions",
         "test_R_ACT_7_heat_converts_with_temperature_maxed_for_nothing"),
        ("R-SP-3", "test_rules_decisions",
         "test_R_SP_3_asteroid_project_stays_available_with_temperature_maxed"),
        ("R-TILE-1", "test_rules_tiles_cards_scoring",
         "test_R_TILE_1_aquifer_with_nine_oceans_out_is_paid_and_places_no_tenth"),
        ("R-SP-4", "test_rules_decisions",
         "test_R_SP_4_aquifer_project_stays_available_with_nine_oceans_out"),
        ("R-SP-5", "test_rules_decisions",
         "test_R_SP_5_greenery_project_stays_available_with_oxygen_maxed")],
    "Solo milestones and awards": [
        ("R-SOLO-1", "test_rules_setup_generation", "test_R_SOLO_1_no_milestones_or_awards")],
}


def _names_rule(rule: str, fn: Any) -> bool:
    pattern = rule.replace("-", "[-_]") + r"(?!\d)"
    return re.search(pattern, fn.__name__ + (fn.__doc__ or "")) is not None


def test_every_decision_has_a_test_naming_its_rule() -> None:
    named = decisions()
    assert len(named) >= 10
    assert len(named) == len(DECISIONS), "RULES.md's decisions and this table differ"
    for ids, (phrase, tests) in zip(named, DECISIONS.items(), strict=True):
        assert tests, phrase
        assert not ids or set(ids) & {rule for rule, _, _ in tests}, (phrase, ids)
        for rule, module, name in tests:
            fn = getattr(importlib.import_module(f"tests.engine.{module}"), name)
            assert _names_rule(rule, fn), (rule, name)


# ---------------------------------------------------------------- helpers
def _act(game: Game, kind: str, *values: Any, **fields: Any) -> None:
    """Player 0 takes an action; player 1 passes first if it is their turn."""
    while prompt(game).player != 0 and prompt(game).kind == "action":
        answer(game, "pass", player=prompt(game).player)
    answer(game, kind, *values, player=0, **fields)


def _offered(game: Game) -> set[str]:
    waiting = prompt(game)
    assert waiting.kind == "space", waiting
    return set(waiting.data["spaces"])


def _project(project: str) -> dict[str, str]:
    return {"type": "standard_project", "project": project}


# ---------------------------------------------------------------- cities (R-TILE-4)
def test_R_TILE_4_a_city_need_not_go_next_to_own_tiles() -> None:
    """Only greeneries must go next to your own tiles where possible (R-TILE-3)."""
    game, (p0, _) = make_game()
    place(game, "47", "greenery", p0)
    set_resources(game, p0, megacredits=25)
    _act(game, "standard_project", project="city")
    offered = _offered(game)
    free_land = {sid for sid, sp in THARSIS.spaces.items()
                 if sp.kind == "land" and sp.reserved_for is None and sid != "47"}
    assert offered == free_land
    assert "03" in offered and "03" not in THARSIS.spaces["47"].neighbors
    answer(game, "space", "03")
    assert game.view(None)["board"]["03"] == {"tile": "city", "owner": p0}


# ---------------------------------------------------------------- maxed parameters (R-GLOB-5)
def test_R_ACT_7_heat_converts_with_temperature_maxed_for_nothing() -> None:
    """R-GLOB-5: the 8 heat are spent, the temperature stays at +8 °C, no TR."""
    game, (p0, _) = make_game()
    set_parameters(game, temperature=8)
    set_resources(game, p0, heat=9)
    assert "convert_heat" in choice_types(game)
    _act(game, "convert_heat")
    assert player_state(game, p0)["heat"] == 1
    assert player_state(game, p0)["tr"] == 20
    assert parameters(game)["temperature"] == 8


def test_R_SP_3_asteroid_project_stays_available_with_temperature_maxed() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, temperature=8)
    set_resources(game, p0, megacredits=14)
    assert _project("asteroid") in choices(game)
    _act(game, "standard_project", project="asteroid")
    assert player_state(game, p0)["megacredits"] == 0
    assert player_state(game, p0)["tr"] == 20
    assert parameters(game)["temperature"] == 8


def test_R_SP_4_aquifer_project_stays_available_with_nine_oceans_out() -> None:
    game, (p0, _) = make_game()
    set_parameters(game, oceans=9)
    set_resources(game, p0, megacredits=17)
    assert _project("aquifer") not in choices(game)  # still 18 MC
    set_resources(game, p0, megacredits=18)
    assert _project("aquifer") in choices(game)
    _act(game, "standard_project", project="aquifer")
    assert player_state(game, p0)["megacredits"] == 0
    assert player_state(game, p0)["tr"] == 20
    assert parameters(game)["oceans"] == 9


def test_R_SP_5_greenery_project_stays_available_with_oxygen_maxed() -> None:
    """The greenery is placed and scores; oxygen stays at 14 %, no TR."""
    game, (p0, _) = make_game()
    set_parameters(game, oxygen=14)
    set_resources(game, p0, megacredits=23)
    assert _project("greenery") in choices(game)
    _act(game, "standard_project", project="greenery")
    answer(game, "space", "47")  # no printed bonus, no ocean next to it
    assert game.view(None)["board"]["47"] == {"tile": "greenery", "owner": p0}
    assert player_state(game, p0)["megacredits"] == 0
    assert player_state(game, p0)["tr"] == 20
    assert parameters(game)["oxygen"] == 14
    assert game.scores()[p0]["greeneries"] == 1
