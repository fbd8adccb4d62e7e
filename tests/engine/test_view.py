"""view(player) is the page's read model: hand cards with cost and every reason they cannot be
played, standard projects, milestones and awards with theirs, every board space, parameters."""
from __future__ import annotations

import json
from typing import Any

from tm import Game, Options
from tm.testing import (
    answer,
    give_cards,
    make_game,
    place,
    put_in_play,
    set_parameters,
    set_production,
    set_resources,
    set_tr,
)


def _hand(view: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in view["you"]["hand"] if c["name"] == name)


def test_view_tells_each_unmet_requirement_with_current_and_needed_values() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, ["Methane From Titan"])  # oxygen 2 % or more; 28 MC
    set_parameters(game, oxygen=1)
    set_resources(game, p0, megacredits=30)
    entry = _hand(game.view(p0), "Methane From Titan")
    assert entry["playable"] is False
    assert entry["reasons"] == [{"key": "requirement", "requirement": {
        "r": "global", "param": "oxygen", "min": 2}, "current": 1, "needed": 2, "bound": "min",
        "met": False}]
    set_parameters(game, oxygen=9)
    entry = _hand(game.view(p0), "Methane From Titan")
    assert (entry["playable"], entry["reasons"]) == (True, [])


def test_view_tells_the_cost_after_discounts_and_what_the_player_can_pay() -> None:
    game, (p0, _) = make_game(players=2)
    put_in_play(game, p0, ["Earth Office"])  # earth cards cost 3 less
    give_cards(game, p0, ["Sponsors"])  # 6 MC, earth
    set_resources(game, p0, megacredits=2)
    entry = _hand(game.view(p0), "Sponsors")
    assert entry["cost"] == 3
    assert entry["reasons"] == [{"key": "cost", "cost": 3, "budget": 2}]


def test_view_tells_production_too_low_R_PROD_2() -> None:
    game, (p0, _) = make_game(players=2)
    give_cards(game, p0, ["Carbonate Processing"])  # -1 energy production
    set_resources(game, p0, megacredits=6)
    set_production(game, p0, energy=0)
    entry = _hand(game.view(p0), "Carbonate Processing")
    assert entry["reasons"] == [{"key": "production", "step": "prod",
                                 "resources": ["energy", "heat"]}]


def test_view_lists_every_project_milestone_and_award_with_reasons() -> None:
    game, (p0, p1) = make_game(players=2)
    set_resources(game, p0, megacredits=12)
    you = game.view(p0)["you"]
    projects = {p["name"]: p for p in you["projects"]}
    assert set(projects) == {"sell_patents", "power_plant", "asteroid", "aquifer", "greenery",
                             "city"}
    assert projects["power_plant"]["available"] is True
    assert projects["city"]["reasons"] == [{"key": "cost", "cost": 25, "budget": 12}]
    assert projects["sell_patents"]["reasons"] == [{"key": "no_cards"}]
    mayor = next(m for m in you["milestones"] if m["name"] == "Mayor")
    assert mayor["reasons"] == [{"key": "condition", "current": 0, "needed": 3}]
    answer(game, "fund_award", "Banker")
    banker = next(a for a in game.view(p1)["you"]["awards"] if a["name"] == "Banker")
    assert banker["reasons"][0] == {"key": "funded", "player": p0}


def test_view_holds_every_space_with_type_bonus_neighbours_tile_and_owner() -> None:
    game, (p0, _) = make_game(players=2)
    place(game, "21", "city", p0)
    spaces = {s["id"]: s for s in game.view(None)["spaces"]}
    assert len(spaces) == 63
    assert spaces["21"]["tile"] == "city" and spaces["21"]["owner"] == p0
    assert spaces["21"]["volcanic"] is True and spaces["21"]["bonus"] == ["plants", "titanium"]
    assert "22" in spaces["21"]["neighbors"]
    assert spaces["31"]["reserved_for"] == "Noctis City"
    assert game.view(None)["parameters"]["oceans"] == {"value": 0, "start": 0, "max": 9,
                                                       "step": 1, "maxed": False}


def test_view_carries_the_viewers_decision_and_nobody_elses() -> None:
    game, (p0, p1) = make_game(players=2)
    decision = game.view(p0)["you"]["decision"]
    assert decision["kind"] == "action"
    assert {"type": "pass", "label": {"key": "pass"}} in decision["choices"]
    assert game.view(p1)["you"]["decision"] is None
    assert "you" not in game.view(None)
    json.dumps(game.view(p0))  # plain JSON


def test_view_carries_tags_who_decides_and_every_players_milestone_and_award_standing() -> None:
    game, (p0, p1) = make_game(players=2)
    put_in_play(game, p0, ["Tardigrades"])  # a microbe tag
    set_tr(game, p1, 35)  # Terraformer: TR 35 (R-ACT-3)
    set_production(game, p1, megacredits=4)  # Banker: highest MC production
    view = game.view(None)
    assert view["players"][p0]["tags"] == {"microbe": 1} and view["players"][p1]["tags"] == {}
    assert view["pending"] == [p0] and view["winners"] == [] and view["last_generation"] is None
    milestones = {m["name"]: m for m in view["standings"]["milestones"]}
    assert milestones["Terraformer"] == {"name": "Terraformer", "needed": 35, "cost": 8,
                                         "claimed_by": None, "open": True, "values": [20, 35]}
    banker = next(a for a in view["standings"]["awards"] if a["name"] == "Banker")
    assert (banker["values"], banker["cost"], banker["funded_by"]) == ([0, 4], 8, None)
    set_tr(game, p0, 35)
    set_resources(game, p0, megacredits=20)
    answer(game, "claim_milestone", "Terraformer")
    claimed = game.view(p1)["standings"]["milestones"][0]
    assert (claimed["claimed_by"], claimed["open"]) == (p0, False)


def test_a_solo_view_says_when_the_game_ends_R_SOLO_3() -> None:
    game, _ = make_game(players=1)
    assert game.view(0)["last_generation"] == 14


def test_the_decision_tells_the_cost_after_discounts_of_each_card_it_offers() -> None:
    game, (p0, _) = make_game(players=2)
    put_in_play(game, p0, ["Earth Office"])  # earth cards cost 3 less
    give_cards(game, p0, ["Sponsors", "Comet"])  # 6 MC earth; 21 MC space event
    answer(game, "standard_project", "sell_patents")
    decision = game.view(p0)["you"]["decision"]
    assert decision["kind"] == "cards"
    assert decision["costs"] == {"Sponsors": 3, "Comet": 21}


def test_draft_view_gives_the_viewer_their_kept_cards_and_the_next_seat() -> None:
    """R-GEN-4: drafted cards go to the next seat in even generations, the previous
    one in odd generations."""
    game = Game.new(Options(players=3, seed=5, draft=True))
    while game.state.phase != "draft":
        player, prompt = game.pending[0]
        choices = prompt.choices()
        game.respond(player, next((c for c in choices if c["type"] in ("pass", "done")),
                                  choices[0]))
    generation = game.state.generation
    step = 1 if generation % 2 == 0 else -1
    for p in range(3):
        draft = game.view(p)["you"]["draft"]
        assert draft == {"kept": [], "pass_to": (p + step) % 3}
    picks = {}
    for p in range(3):
        prompt = game.prompt_for(p)
        assert prompt is not None
        choice = prompt.choices()[0]
        picks[p] = choice["card"]
        game.respond(p, choice)
    for p in range(3):
        you = game.view(p)["you"]
        assert you["draft"]["kept"] == [picks[p]]
        others = [game.view(q) for q in range(3) if q != p]
        assert all(picks[p] not in str(v["you"]["draft"]) for v in others)
    assert game.view(None).get("you") is None
