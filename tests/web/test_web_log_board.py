"""The log and the board as HTML (CPython): grouping, paging, the highlight rules, special
tiles and claims. Expectations are written by hand from the rules and the screen's design."""
from __future__ import annotations

import re

from tm import Game, Options
from tm.testing import answer, choose_setup, make_game, offered, place, prompt, set_resources
from tm.web.board_svg import board_legend, board_svg
from tm.web.board_tiles import SPECIAL_GLYPHS
from tm.web.log_html import group_log, log_section

SPECIAL_TILES = ("capital", "natural_preserve", "mohole_area", "nuclear_zone", "lava_flows",
                 "commercial_district", "ecological_zone", "industrial_center", "mining_area",
                 "mining_rights", "restricted_area")


def _next_generation(game: object) -> None:
    while prompt(game).kind == "action":  # type: ignore[arg-type]
        answer(game, "pass", player=prompt(game).player)  # type: ignore[arg-type]
    while prompt(game).purpose == "buy_cards":  # type: ignore[arg-type]
        answer(game, "cards", [], player=prompt(game).player)  # type: ignore[arg-type]


def test_R_GEN_1_log_groups_generations_and_turns_and_pages_back() -> None:
    game, (p0, p1) = make_game()
    set_resources(game, p0, megacredits=23)
    answer(game, "standard_project", project="greenery")
    answer(game, "space", "03")
    for _ in range(3):
        _next_generation(game)
    view = game.view(None)
    gens = group_log(view["log"])
    assert [g.number for g in gens] == [1, 2, 3, 4]
    assert [t.kind for t in gens[1].turns] == ["research", "turn", "turn", "production"]
    first = log_section(view, ("red", "green"))
    assert re.findall(r'data-generation="(\d+)"', first) == ["4", "3"]
    assert "Show 2 earlier generations" in first
    whole = log_section(view, ("red", "green"), depth=5)
    assert re.findall(r'data-generation="(\d+)"', whole) == ["4", "3", "2", "1"]
    assert "The whole game is shown." in whole
    gen1 = whole[whole.index('data-generation="1"'):]
    steps = re.findall(r"<li[^>]*>([^<]*)</li>", gen1)
    assert steps.index("Player 1 uses the standard project Greenery") < steps.index(
        "Player 1 places a greenery on the 1st space of row 1") < steps.index(
        "Player 1 takes the placement bonus of the 1st space of row 1: 2 steel")


def test_a_step_naming_a_space_lights_it_on_hover_or_focus() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=23)
    answer(game, "standard_project", project="greenery")
    answer(game, "space", "03")
    html = log_section(game.view(None), ("red", "green"))
    assert '<li class="has-space" data-space-ref="03" tabindex="0">' in html
    assert "<style" not in html  # (lit by the page's listener: tests/e2e/test_screen_log_board)


def test_every_special_tile_has_its_own_glyph_and_a_claim_its_flag() -> None:
    assert set(SPECIAL_TILES) <= set(SPECIAL_GLYPHS)
    game, (p0, p1) = make_game()
    spaces = ["10", "17", "23", "14", "36", "40", "47", "30", "19", "55", "52"]
    for sid, tile in zip(spaces, SPECIAL_TILES, strict=True):
        place(game, sid, tile, p0)
    game.state.board["42"] = {"tile": None, "owner": None, "claim": p1}
    view = game.view(None)
    svg = board_svg(view, ("red", "green"))
    for sid, tile in zip(spaces, SPECIAL_TILES, strict=True):
        drawn = re.search(rf'<g class="[^"]*" data-space="{sid}"[^>]*>.*?'
                          r'<text class="space-id"[^>]*>[^<]*</text></g>', svg)
        assert drawn is not None and f'href="#t-{tile}"' in drawn.group(0), tile
        assert f'data-tile="{tile}"' in drawn.group(0)
    claimed = re.search(r'<g class="space land claimed" data-space="42"[^>]*>', svg)
    assert claimed is not None and "claimed by Player 2 (Land Claim)" in claimed.group(0)
    assert 'href="#t-claim"' in svg and "claim owner-green" in svg
    legend = board_legend(view)
    assert "Land Claim" in legend and "Nuclear Zone" in legend and "Mining Rights" in legend


def test_every_space_carries_its_number_for_hover_and_focus() -> None:
    game, _ = make_game()
    svg = board_svg(game.view(None), ("red", "green"))
    for sid in ("03", "42", "63"):
        assert re.search(rf'data-space="{sid}".*?<text class="space-id" aria-hidden="true"'
                         rf'[^>]*>{sid}</text>', svg), sid


def test_a_log_written_before_turns_were_marked_still_groups_by_generation() -> None:
    """A game continued from a stored state keeps the log it was saved with."""
    old = [{"key": "setup", "players": 2, "first": 0},
           {"key": "generation", "generation": 1, "first": 0},
           {"key": "pass", "player": 0}, {"key": "production", "generation": 1},
           {"key": "generation", "generation": 2, "first": 1}, {"key": "pass", "player": 1},
           {"key": "param", "param": "oceans", "value": 1, "player": 1},
           {"key": "tr", "player": 1, "tr": 21}]
    gens = group_log(old)
    assert [(g.number, [t.kind for t in g.turns]) for g in gens] == [
        (1, ["setup", "production"]), (2, ["actions"])]
    game, _ = make_game()
    view = {**game.view(None), "log": old}
    html = log_section(view, ("red", "green"))
    assert "Oceans placed: 1 of 9" in html and "Player 2&#x27;s TR is now 21" in html


def test_R_GEN_5_a_turns_second_action_starts_a_new_block() -> None:
    game, (p0, _) = make_game()
    set_resources(game, p0, megacredits=23 + 14)
    answer(game, "standard_project", project="greenery")
    answer(game, "space", "03")
    answer(game, "standard_project", project="asteroid")
    html = log_section(game.view(None), ("red", "green"))
    second = re.search(r'<li class="action-start">([^<]*)</li>', html)
    assert second is not None and second.group(1) == (
        "Player 1 uses the standard project Asteroid")
    assert html.count("action-start") == 1  # the first action needs no line above it


def test_a_damaged_record_reads_as_its_key_and_the_log_still_draws() -> None:
    game, _ = make_game()
    view = game.view(None)
    damaged = [*view["log"], {"key": "gain", "player": 0, "res": "lots"},
               {"key": "turn", "player": 0, "generation": "x"}, {"key": "pass", "player": 0}]
    html = log_section({**view, "log": damaged}, ("red", "green"))
    assert "(gain)" in html and "Player 1 passes" in html


def test_R_GEN_1_log_grouping_kept_between_moves_equals_a_fresh_grouping() -> None:
    """Grouping goes on from the last generation's start when the log begins with the
    records grouped last time (a move, a staged copy); the result is a fresh grouping's."""
    from tm import Game, Options
    from tm.core.rng import Rng
    from tm.sim import random_response
    from tm.web import regions
    game = Game.new(Options(players=3, seed=21))
    rng = Rng.from_seed(5)
    checked, kept = 0, regions.Kept()
    while not game.is_over:
        player, waiting = game.pending[0]
        trial = game.copy()  # the page stages on a copy: its log shares the records
        trial.respond(player, random_response(waiting, rng))
        for shown in (trial, game):
            with regions.drawing_with(kept):  # (the log grouping kept between moves)
                grouped = group_log(shown.view(None)["log"])
            assert grouped == group_log(shown.view(None)["log"])  # (afresh: no renderer)
            checked += 1
        game = trial
    assert checked > 200 and "log_grouping" in kept.work


def test_the_log_reads_each_step_in_the_order_it_took_effect_at_setup() -> None:
    game = Game.new(Options(players=1, seed=4, expansions=["corpera", "prelude"]))  # Mohole dealt
    choose_setup(game, 0, "Ecoline", offered(game, 0)[:5],
                 keep={"preludes": ["Mohole", "Great Aquifer"]})
    while prompt(game).purpose == "prelude_first":
        answer(game, "card", "Mohole")
    html = log_section(game.view(0), ("red",))
    steps = re.findall(r"<li[^>]*>([^<]*)</li>", html[html.index('data-generation="1"'):])
    paid, mohole = steps.index("Player 1 pays 15 MC"), steps.index("Player 1 plays Mohole")
    assert steps.index("Player 1 buys 5 cards") + 1 == paid < mohole  # not the prelude's price
