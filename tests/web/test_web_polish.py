"""The screen polish in CPython: hand order and filter, a playable card's listed choice,
reading a card, the draft's kept cards and direction in the view, the reused view,
the resume offer and icons instead of font glyphs."""
from __future__ import annotations

import re
from typing import Any

from tm import Game, Options
from tm.cards import card
from tm.web.app import App
from tm.web.hand_html import arrange, play_choices
from tm.web.model import screen_of
from tm.web.prompt_parts import Ask
from tm.web.saves import PREFIX, MemoryStorage

FONT_GLYPHS = re.compile("[\u23ee\u23ed\u25c0\u25b6\u2605\u2713]")  # ⏮ ⏭ ◀ ▶ ★ ✓


def solo_app(seed: int = 3) -> App:
    app = App(MemoryStorage(), clock=lambda: 1_000_000.0)
    app.handle("new_game", {"players": "1", "seed": str(seed), "name_0": "Ada"})
    return app


def hoard_until_action(app: App) -> None:
    """Choose a corporation and buy every card of the setup deal: at an ordinary action."""
    for _ in range(40):
        decision = app.current()
        assert decision is not None
        player, prompt = decision
        if prompt.kind == "action":
            return
        choices = prompt.choices()
        data = prompt.data
        if prompt.kind == "setup" and not data.get("corporation"):
            wanted = next(c for c in choices if c["type"] == "corporation")
        else:
            wanted = next((c for c in choices if c["type"] == "pick"),
                          next(c for c in choices if c["type"] in ("done", "confirm")))
        app.handle("choose", {"index": choices.index(wanted)})
    raise AssertionError("never reached an action")


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
    assert app.notice is None
    app.handle("confirm_action", {})  # the card played is held until confirmed
    assert app.game is not None and name not in app.game.state.players[0].hand


def test_hand_tools_and_card_reading_are_page_state() -> None:
    app = solo_app()
    hoard_until_action(app)
    app.handle("hand_sort", {"by": "cost"})
    app.handle("hand_sort", {"by": "<script>"})
    assert app.hand_sort == "cost"
    app.handle("hand_tag", {"tag": "space"})
    assert app.hand_tag == "space"
    app.handle("hand_tag", {"tag": "space"})  # the same chip again: off
    assert app.hand_tag is None
    app.handle("read_card", {"card": "Not A Card <b>"})
    assert app.reading is None
    app.handle("read_card", {"card": "Birds"})
    assert app.reading == "Birds"
    page = app.render()["app"]
    assert 'role="dialog"' in page and "Birds" in page
    app.handle("toggle_scores", {})  # anything else closes it
    assert app.reading is None and 'class="card-dialog"' not in app.render()["app"]


def test_the_view_is_reused_until_the_game_moves() -> None:
    app = solo_app()
    hoard_until_action(app)
    first = screen_of(app).view
    app.handle("hand_sort", {"by": "name"})
    assert screen_of(app).view is first
    decision = app.current()
    assert decision is not None
    app.handle("choose", {"index": 0})
    moved = screen_of(app).view
    assert moved is not first
    app.handle("cancel", {})  # the action was staged on a copy: back to the game itself
    assert screen_of(app).view is not moved


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


def test_start_screen_offers_the_game_in_progress() -> None:
    app = solo_app()
    app.handle("choose", {"index": 0})
    app.handle("menu", {})
    page = app.render()["app"]
    offer = page[page.index('<section class="resume"'):page.index("</section>")]
    assert "Game in progress" in offer and "Ada" in offer
    assert f'data-save="{app.store.list()[0].save_id}"' in offer


def test_replay_and_end_use_svg_icons_not_font_glyphs() -> None:
    app = solo_app(seed=7)
    for _ in range(3000):
        if app.game is not None and app.game.is_over:
            break
        app.handle("answer_first", {})
    page = app.render()["app"]
    assert app.game is not None and app.game.is_over and not FONT_GLYPHS.search(page)
    app.handle("replay", {})
    page = app.render()["app"]
    assert not FONT_GLYPHS.search(page)
    assert page.count('class="icon icon-') >= 6


def test_seat_shapes_are_distinct_and_the_turn_marker_is_coloured() -> None:
    app = App(MemoryStorage(), clock=lambda: 1_000_000.0)
    fields = {"players": "5", "seed": "2"} | {f"name_{i}": f"P{i}" for i in range(5)}
    app.handle("new_game", fields)
    for _ in range(400):
        decision = app.current()
        assert decision is not None
        if decision[1].kind == "action":
            break
        app.handle("answer_first", {})
    app.handle("reveal", {})
    page = app.render()["app"]
    shapes = re.findall(r'class="seat-mark owner-\w+ seat-(\w+)"', page)
    assert {"circle", "square", "triangle", "diamond", "star"} <= set(shapes)
    assert re.search(r'class="badge turn owner-(red|green|blue|yellow|black)"', page)
    assert card("Birds").name == "Birds"
