"""The page's screens rendered in CPython: escaping, the game screen's parts, the end
screen after complete games, how long a render takes, the view reused until the game
moves, the start screen's resume offer, icons instead of font glyphs, and the seat shapes
and turn marker."""
from __future__ import annotations

import html
import random
import re
import time
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.web.webkit import choose as _choose
from tests.web.webkit import hoard_until_action, solo_app
from tm.cards import card
from tm.core.state import Options
from tm.game import Game
from tm.testing import make_game, place, set_parameters
from tm.web.app import App, finishing_choice
from tm.web.board_svg import board_svg
from tm.web.html import esc
from tm.web.log_text import log_lines
from tm.web.model import screen_of
from tm.web.saves import MemoryStorage, SaveMeta

EVIL = "<img src=x onerror=alert(1)>"
SAFE = html.escape(EVIL, quote=True)
KEY_LIKE = re.compile(r"\b(?:game|prompt|log|action|project|tile|tilename|res|resname|ct|eff|"
                      r"unit|per|req|reqv|vp|line|board|bonus|end|ms|aw|custom|where)\.[a-z_]+")


def new_app() -> App:
    return App(MemoryStorage(), clock=lambda: 1000.0)


def visible_text(page: str) -> str:
    """The text a reader sees (tags removed, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def assert_escaped(page: str) -> None:
    assert EVIL not in page
    assert "<img" not in page
    assert SAFE in page


def started(players: int, names: list[str], seed: int = 7) -> App:
    app = new_app()
    form: dict[str, Any] = {"players": str(players), "seed": str(seed)}
    form.update({f"name_{i}": name for i, name in enumerate(names)})
    app.handle("new_game", form)
    return app


def greedy(game: Game, rnd: random.Random, limit: int = 3000) -> None:
    """Play on with a simple policy that plays cards and projects (for varied states)."""
    order = ["first_action", "play_card", "card_action", "claim_milestone", "fund_award",
             "convert_plants", "convert_heat", "standard_project", "end_turn", "pass"]
    for _ in range(limit):
        if game.is_over:
            return
        player, prompt = game.pending[0]
        choices = prompt.choices()
        if prompt.kind in ("cards", "setup"):  # a step at a time: corporation, two picks, done
            want = 2 if prompt.kind == "setup" else max(prompt.min, min(prompt.max, 2))
            corporations = [c for c in choices if c["type"] == "corporation"]
            picks = [c for c in choices if c["type"] == "pick"]
            if prompt.kind == "setup" and not prompt.data.get("corporation"):
                game.respond(player, corporations[0])
            elif len(prompt.data.get("picked") or ()) < want and picks:
                game.respond(player, picks[0])
            else:
                game.respond(player, finishing_choice(prompt))
            continue
        if prompt.kind == "pay":
            game.respond(player, finishing_choice(prompt))
            continue
        if prompt.kind == "action":
            for kind in order:
                found = [c for c in choices if c["type"] == kind
                         and c.get("project") != "sell_patents"]
                if found:
                    game.respond(player, rnd.choice(found))
                    break
            continue
        game.respond(player, rnd.choice(choices))


def app_for(game: Game, viewer: int | None) -> App:
    app = new_app()
    app.shown.game = game
    count = len(game.state.players)
    app.shown.meta = SaveMeta(names=[pl.name for pl in game.state.players],
                              colours=["red", "green", "blue", "yellow", "black"][:count])
    app.shown.viewer = viewer
    app.shown.screen = "game"
    return app


# ---------------------------------------------------------------- escaping in every screen
def test_names_are_escaped_on_the_start_screen() -> None:
    app = started(2, [EVIL, "Bob"])
    app.handle("menu", {})
    assert app.shown.screen == "start"
    assert_escaped(app.render()["app"])


def test_names_are_escaped_on_game_screen_and_log() -> None:
    app = started(2, [EVIL, "Bob"], seed=3)
    pages = []
    for _ in range(8):
        pages.append(app.render()["app"])
        app.handle("answer_first", {})
    assert all("<img" not in page for page in pages)
    assert app.shown.game is not None
    assert any(EVIL in line for line in log_lines(app.shown.game.view(None), 50))
    app.shown.viewer, app.shown.screen = 0, "game"
    page = app.render()["app"]
    assert_escaped(page)
    log = page[page.index('class="log"'):]
    assert SAFE in log and "<img" not in log


def test_handoff_screen_names_the_next_player_as_text() -> None:
    app = started(2, [EVIL, EVIL + "2"], seed=5)
    assert app.shown.screen == "handoff"
    page = app.render()["app"]
    assert_escaped(page)
    assert 'data-action="reveal"' in page and 'class="handoff"' in page


def test_names_are_escaped_on_the_end_screen() -> None:
    app = started(1, [EVIL], seed=4)
    assert app.shown.game is not None
    while not app.shown.game.is_over:
        app.handle("answer_first", {})
    page = app.render()["app"]
    assert_escaped(page)
    assert 'class="end"' in page and 'class="scores"' in page


# ---------------------------------------------------------------- the game screen
def test_game_screen_has_its_regions_and_hooks() -> None:
    app = started(3, ["Ann", "Bob", "Cy"], seed=2)
    app.handle("reveal", {})
    page = app.render()["app"]
    for hook in ('class="prompt"', 'class="board', 'class="hand"', 'class="log"',
                 'data-action="menu"', 'data-action="export_current"', 'role="meter"',
                 'class="legend"'):
        assert hook in page, hook
    for i in range(3):
        assert 'class="player-panel owner-' in page and f'data-player="{i}"' in page
    assert page.count('role="meter"') == 3
    assert "Generation 1" in visible_text(page)
    assert not KEY_LIKE.search(visible_text(page))


def test_parameter_tracks_give_value_and_range() -> None:
    game, _ = make_game(2)
    set_parameters(game, temperature=-12, oxygen=5, oceans=2)
    page = app_for(game, 0).render()["app"]
    assert 'aria-valuenow="-12"' in page and 'aria-valuemin="-30"' in page
    assert 'aria-valuemax="8"' in page and 'aria-valuenow="5"' in page
    text = visible_text(page)
    assert "-12 °C" in text and "-30 °C to 8 °C" in text and "2 of 9" in text


def test_board_marks_owners_neutral_tiles_and_legal_spaces() -> None:
    game, _ = make_game(2)
    place(game, "21", "city", 1)
    place(game, "22", "greenery", -1)
    place(game, "13", "ocean", None)
    svg = board_svg(game.view(None), ["red", "blue"], {"30"})
    assert re.search(r'data-space="21"[^>]*>.*?owner owner-blue', svg)
    assert re.search(r'data-space="22"[^>]*>.*?owner owner-neutral', svg)
    legal = re.search(r'<g [^>]*data-space="30"[^>]*>', svg)
    assert legal is not None
    tag = legal.group(0)
    for needed in ('data-action="place"', 'tabindex="0"', 'role="button"',
                   "legal", "space 30"):
        assert needed in tag, needed
    assert "picking" in svg
    assert 'class="space ocean tile-ocean"' in svg
    assert "volcanic" in svg


def test_waiting_for_another_player() -> None:
    game, _ = make_game(2)
    app = app_for(game, 1)
    page = app.render()["app"]
    assert 'class="waiting"' in page
    assert "Waiting for Player 1" in visible_text(page)
    assert 'class="prompt"' not in page


def test_milestones_show_who_meets_them_and_award_measures() -> None:
    game, _ = make_game(2)
    game.state.players[1].tr = 35
    game.state.players[0].res["heat"] = 9
    page = app_for(game, 0).render()["app"]
    ma = page[page.index('class="ma"'):]
    item = ma[ma.index("Terraformer"):ma.index("Mayor")]
    assert "35 of 35" in visible_text(item) and "meets it" in visible_text(item)
    assert "claim for 8 MC" in visible_text(item)
    thermalist = ma[ma.index("Thermalist"):ma.index("Miner")]
    assert "Player 1: 9" in visible_text(thermalist)


def test_log_shows_the_latest_turn_first_and_its_steps_in_order() -> None:
    app = started(2, ["Ann", "Bob"], seed=9)
    for _ in range(6):
        app.handle("answer_first", {})
    assert app.shown.game is not None
    lines = log_lines(app.shown.game.view(0), 100)
    app.shown.viewer, app.shown.screen = 0, "game"
    page = app.render()["app"]
    log = page[page.index('class="log"'):]
    turn = re.search(r'<li class="log-turn log-turn"><h4>(.*?)</h4><ol class="log-steps">'
                     r"(.*?)</ol>", log)
    assert turn is not None and visible_text(turn.group(1)).strip() == "Bob's turn"
    steps = [visible_text(step) for step in re.findall(r"<li[^>]*>(.*?)</li>", turn.group(2))]
    # Inventrix's first action, then the card, then what it cost (paid before it is played)
    assert steps == ["Bob draws 3 cards", "Bob plays Subterranean Reservoir", "Bob pays 11 MC"]
    assert lines[:3] == ["Bob plays Subterranean Reservoir", "Bob pays 11 MC",
                         "Bob draws 3 cards"]  # the records, newest first
    assert not any(KEY_LIKE.search(line) for line in lines)


# ---------------------------------------------------------------- end screens
def test_solo_end_screen_after_a_complete_game() -> None:
    app = started(1, ["Solo"], seed=11)
    assert app.shown.game is not None
    steps = 0
    while not app.shown.game.is_over:
        app.handle("answer_first", {})
        steps += 1
        assert steps < 2000
    page = app.render()["app"]
    end = page[page.index('class="end"'):]
    for column in ("TR", "Greeneries", "Cities", "Cards", "Total"):
        assert f">{column}</th>" in end
    for column in ("Milestones", "Awards"):  # none in solo (R-SOLO-1): no empty columns
        assert f">{column}</th>" not in end
    assert 'class="winner"' in end
    assert app.shown.game.scores()[0]["total"] is not None


def test_multiplayer_end_screen_names_the_winner_and_breakdown() -> None:
    game = Game.new(Options(players=3, seed=2, names=["Ann", "Bob", EVIL]))
    greedy(game, random.Random(2))
    assert game.is_over
    app = app_for(game, None)
    page = app.render()["app"]
    assert_escaped(page)
    end = page[page.index('class="end"'):page.index("</section>", page.index('class="end"'))]
    winners = [game.state.players[w].name for w in game.winners()]
    verdict = re.search(r'class="winner">(.*?)</p>', end)
    assert verdict is not None and all(html.escape(w) in verdict.group(1) for w in winners)
    for row in game.scores():
        assert f">{row['total']}</td>" in end
    assert 'class="hand"' not in page  # nobody is looking: no hand is shown


def test_screens_render_along_a_whole_game() -> None:
    game = Game.new(Options(players=2, seed=6, names=["Ann", "Bob"]))
    rnd = random.Random(6)
    seen: set[str] = set()
    for _ in range(400):
        if game.is_over:
            break
        player, prompt = game.pending[0]
        seen.add(prompt.kind)
        page = app_for(game, player).render()["app"]
        assert f'data-kind="{prompt.kind}"' in page
        assert not KEY_LIKE.search(visible_text(page)), KEY_LIKE.search(visible_text(page))
        greedy(game, rnd, limit=1)
    assert {"action", "setup", "cards", "space"} <= seen


# ---------------------------------------------------------------- speed
def test_game_screen_render_time() -> None:
    game = Game.new(Options(players=4, seed=8, names=["Ann", "Bob", "Cy", "Dee"]))
    rnd = random.Random(8)
    while game.state.generation < 8 and not game.is_over:
        greedy(game, rnd, limit=1)
    app = app_for(game, game.pending[0][0] if game.pending else 0)
    app.render()
    runs = 20
    start = time.perf_counter()
    for _ in range(runs):
        page = app.render()["app"]
    elapsed = (time.perf_counter() - start) / runs
    print(f"\ngame screen render: {elapsed * 1000:.1f} ms, {len(page) // 1024} KiB "
          f"(4 players, generation {game.state.generation})")
    assert page


def test_new_game_form_keeps_what_the_player_set() -> None:
    app = new_app()
    page = app.render()["app"]
    assert 'name="corporate_era" checked' in page and 'name="draft">' in page
    app.handle("form", {"players": "3", "name_0": "Kept", "seed": "42", "draft": "on",
                        "beginner_1": "on"})
    page = app.render()["app"]
    assert 'name="seed" inputmode="numeric" value="42"' in page
    assert 'name="corporate_era">' in page and 'name="draft" checked' in page
    assert 'name="beginner_1" checked' in page and 'name="beginner_0">' in page
    assert 'value="Kept"' in page


# ---------------------------------------------------------------- the secret setup


def _shows(page: str, name: str) -> bool:
    return (f'data-card="{html.escape(name)}"' in page
            or re.search(rf"(?<![\w ]){re.escape(name)}(?![\w])", visible_text(page)) is not None)


def test_hot_seat_setup_stays_secret_until_everyone_has_chosen() -> None:
    app = started(2, ["Ann", "Bob"], seed=5)
    assert app.shown.screen == "handoff"
    app.handle("reveal", {})
    decision = app.current()
    assert decision is not None and decision[0] == 0 and decision[1].kind == "setup"
    offer = decision[1].data
    corporation, other = offer["corporations"]
    bought = list(offer["cards"][:2])
    _choose(app, "corporation", card=corporation)
    for name in bought:
        _choose(app, "pick", card=name)
    _choose(app, "done")
    secret = [corporation, other, *offer["cards"]]

    assert app.shown.screen == "handoff"
    page = app.render()["app"]
    assert "Bob" in visible_text(page) and 'class="prompt"' not in page
    assert not [name for name in secret if _shows(page, name)]

    app.handle("reveal", {})
    assert app.shown.screen == "game" and app.shown.viewer == 1
    page = app.render()["app"]
    assert 'data-kind="setup"' in page
    assert not [name for name in secret if _shows(page, name)]
    assert page.count("no corporation yet") == 2  # both panels: nothing applied yet
    bob = app.current()
    assert bob is not None
    bob_corporation = bob[1].data["corporations"][1]
    _choose(app, "corporation", card=bob_corporation)
    _choose(app, "done")

    assert app.shown.game is not None
    assert [pl.corporation for pl in app.shown.game.state.players] == [corporation, bob_corporation]
    app.shown.viewer, app.shown.screen = 1, "game"
    panels = app.render()["app"]
    panels = panels[panels.index('class="players"'):]
    assert corporation in visible_text(panels) and bob_corporation in visible_text(panels)
    assert other not in visible_text(panels)


def test_tracks_follow_the_board_goals_and_show_its_track_bonuses_R_MAP_4() -> None:
    from tm.web.panels import tracks

    view = Game.new(Options(players=2, seed=1, board="amazonis_planitia")).view(0)
    shown = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", tracks(view))).split())
    assert "Oceans 0 of 11" in shown and "-30 °C to 14 °C" in shown and "0 % to 18 %" in shown
    assert "at 0 °C: an ocean" in shown and "at 11 %: a temperature step" in shown
    assert tracks(view).count('class="bonus-mark"') == 6


def test_every_bonus_kind_of_every_board_has_an_icon_and_a_word_R_MAP_1() -> None:
    from tm.board.maps import builtin_maps
    from tm.web.board_svg import BONUSES

    printed = {b for board in builtin_maps() for sp in board.spaces.values() for b in sp.bonus}
    assert printed <= set(BONUSES)
    view = Game.new(Options(players=2, seed=1, board="amazonis_planitia")).view(0)
    svg = board_svg(view, ["red", "blue"])
    for bonus in ("energy", "any_resource"):
        assert f'id="i-{bonus}"' in svg and f'href="#i-{bonus}"' in svg


def test_a_space_with_a_cost_shows_it_and_what_it_gives_R_MAP_3() -> None:
    view = Game.new(Options(players=2, seed=1, board="hellas")).view(0)
    svg = board_svg(view, ["red", "blue"])
    south_pole = re.search(r'<g [^>]*data-space="61"[^>]*>', svg)
    assert south_pole is not None
    assert "costs 6 MC to use, then place an ocean" in html.unescape(south_pole.group(0))
    assert 'class="space-cost">6 MC</text>' in svg


def test_numbered_places_keep_their_number_on_the_board() -> None:
    from tm.web.board_svg import short_name

    assert short_name("Viking 2") == "Viking 2" and short_name("Tharsis Tholus") == "Tharsis"


FONT_GLYPHS = re.compile("[\u23ee\u23ed\u25c0\u25b6\u2605\u2713]")  # ⏮ ⏭ ◀ ▶ ★ ✓


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
        if app.shown.game is not None and app.shown.game.is_over:
            break
        app.handle("answer_first", {})
    page = app.render()["app"]
    assert app.shown.game is not None and app.shown.game.is_over and not FONT_GLYPHS.search(page)
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


@given(st.text())
def test_esc_escapes_as_the_standard_librarys_html_escape(text: str) -> None:
    assert esc(text) == html.escape(text, quote=True)
