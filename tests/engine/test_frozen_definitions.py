"""Definitions are immutable: no queued item, prompt or view can change a card, a map or a
manifest, and no registry takes a second entry under the same name."""
from __future__ import annotations

import pytest

from tm.cards import card
from tm.core.flow import handler, op
from tm.core.frozen import DuplicateName
from tm.core.mapdef import get_map
from tm.testing import answer, give_cards, make_game, prompt, set_production, set_resources


def _heat_trappers_prompt():  # type: ignore[no-untyped-def]
    game, (p0, p1, p2) = make_game(players=3)
    set_production(game, p1, heat=3)
    set_production(game, p2, heat=3)
    give_cards(game, p0, ["Heat Trappers"])
    set_resources(game, p0, megacredits=6)
    answer(game, "play_card", "Heat Trappers")
    waiting = prompt(game, p0)
    assert waiting.purpose == "reduce_prod"
    return game, waiting


def test_a_prompts_data_is_read_only() -> None:
    _, waiting = _heat_trappers_prompt()
    with pytest.raises(TypeError):
        waiting.data["step"]["count"] = 99
    with pytest.raises(TypeError):
        waiting.data["players"] = []


def test_changing_queued_work_never_changes_the_card_definition() -> None:
    game, _ = _heat_trappers_prompt()
    queued = game.state.queues[0][0]["step"]
    queued["count"] = 99  # the game's own copy, not the definition
    assert card("Heat Trappers").play[0]["count"] == 2


def test_card_and_map_definitions_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        card("Heather").play[0]["res"]["plants"] = 2
    with pytest.raises((TypeError, AttributeError)):
        card("Heather").play[0].update(k="gain")  # type: ignore[attr-defined]
    with pytest.raises((TypeError, AttributeError)):
        card("Heather").cost = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        get_map("tharsis").spaces["03"] = None  # type: ignore[index]


def test_a_view_is_a_copy() -> None:
    game, _ = make_game(players=2)
    view = game.view(0)
    view["players"][0]["tr"] = 99
    third = next(s for s in view["spaces"] if s["id"] == "03")
    third["bonus"].append("titanium")
    assert game.state.players[0].tr == 20
    again = next(s for s in game.view(0)["spaces"] if s["id"] == "03")
    assert again["bonus"] == list(get_map("tharsis").spaces["03"].bonus) == ["steel", "steel"]


def test_registries_refuse_a_name_twice() -> None:
    with pytest.raises(DuplicateName):
        op("pay")(lambda g, item: None)
    with pytest.raises(DuplicateName):
        handler("pay")(lambda g, p, prompt, response: None)


def test_a_card_with_a_tag_outside_the_closed_set_is_refused() -> None:
    from tm.cards.dsl import Card
    with pytest.raises(ValueError, match="unknown tags"):
        Card(name="Misspelt", number="X1", set="base", type="automated", cost=1,
             tags=("buildng",))
