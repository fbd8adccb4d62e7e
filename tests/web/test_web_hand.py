"""The hand in the page, in CPython: its order and tag filter, a playable card's listed
play choice, the hand tools and reading a card as page state."""
from __future__ import annotations

from typing import Any

from tests.web.webkit import hoard_until_action, solo_app
from tm.web.app import App
from tm.web.hand_html import arrange, play_choices
from tm.web.model import screen_of
from tm.web.prompt_base import Ask
from tm.web.saves import PREFIX, MemoryStorage


def entry(name: str, cost: int) -> dict[str, Any]:
    return {"name": name, "cost": cost, "playable": True, "reasons": []}


def test_hand_orders_and_tag_filter() -> None:
    hand = [entry("Sponsors", 6), entry("Birds", 10), entry("Asteroid", 14),
            entry("Adaptation Technology", 12), entry("Lichen", 7)]
    playable = {"Lichen": 4, "Asteroid": 2}
    names = [e["name"] for e in arrange(hand, "name", None, playable)]
    assert names == ["Adaptation Technology", "Asteroid", "Birds", "Lichen", "Sponsors"]
    costs = [e["cost"] for e in arrange(hand, "cost", None, playable)]
    assert costs == [6, 7, 10, 12, 14]
    first_two = [e["name"] for e in arrange(hand, "playable", None, playable)][:2]
    assert first_two == ["Lichen", "Asteroid"]  # playable first, cheaper first
    # Printed tags: Birds animal, Lichen plant, Asteroid space/event, Sponsors Earth.
    assert [e["name"] for e in arrange(hand, "cost", "plant", playable)] == ["Lichen"]
    assert [e["name"] for e in arrange(hand, "cost", "animal", playable)] == ["Birds"]
    assert arrange(hand, "unknown sort", None, playable)[0]["name"] == "Lichen"


def test_a_playable_card_sends_its_listed_play_choice() -> None:
    from tests.kits.games import big_hand_entry
    app = App(MemoryStorage(), clock=lambda: 1_000_000.0)
    app.store.storage.set(PREFIX + "hand", big_hand_entry())
    app.handle("continue", {"save": "hand"})
    ask = Ask.of(screen_of(app))
    assert ask is not None
    found = play_choices(ask)
    assert found
    for name, index in found.items():
        assert ask.choices[index] == {**ask.choices[index], "type": "play_card", "card": name}
    name, index = "Micro-Mills", found["Micro-Mills"]  # 3 MC, no requirement, no choice
    page = app.render()["app"]
    assert f'data-action="choose" data-index="{index}" data-card="{name}"' in page
    app.handle("choose", {"index": index})
    assert app.shown.notice is None
    app.handle("confirm_action", {})  # the card played is held until confirmed
    assert app.shown.game is not None and name not in app.shown.game.state.players[0].hand


def test_hand_tools_and_card_reading_are_page_state() -> None:
    app = solo_app()
    hoard_until_action(app)
    app.handle("hand_sort", {"by": "cost"})
    app.handle("hand_sort", {"by": "<script>"})
    assert app.hand.state.sort == "cost"
    app.handle("hand_tag", {"tag": "space"})
    assert app.hand.state.tag == "space"
    app.handle("hand_tag", {"tag": "space"})  # the same chip again: off
    assert app.hand.state.tag is None
    app.handle("read_card", {"card": "Not A Card <b>"})
    assert app.hand.state.reading is None
    app.handle("read_card", {"card": "Birds"})
    assert app.hand.state.reading == "Birds"
    page = app.render()["app"]
    assert 'role="dialog"' in page and "Birds" in page
    app.handle("toggle_scores", {})  # anything else closes it
    assert app.hand.state.reading is None and 'class="card-dialog"' not in app.render()["app"]
