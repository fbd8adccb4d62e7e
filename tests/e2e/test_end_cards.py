"""The end screen's VP from cards in the page, on a desktop (1366×768) and a phone
(390×844): a finished 3-player game (Corporate Era, Prelude, Colonies) lists each player's
scoring cards with their VP and what it came from, fitting the width.

TM_E2E_SHOTS=/some/folder saves screenshots of the breakdown there.
"""
from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import CONTEXTS as VIEWPORTS
from tests.e2e.helpers import expect, open_entry
from tests.kits import games
from tm.core.rng import Rng
from tm.core.state import Options
from tm.game import Game
from tm.rules.scoring import card_points

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")


@cache
def finished() -> Game:
    """Three players to the end, playing cards and card actions first when listed (full
    tableaux: printed VP, animals and microbes, VP per tag and per city)."""
    game = Game.new(Options(players=3, seed=11, names=games.NAMES[:3],
                            expansions=["corpera", "prelude", "colonies"]))
    rng = Rng.from_seed(17)

    def cards_first(g: Game, player: int, choices: list[dict[str, Any]]) -> dict[str, Any]:
        for kind in ("play_card", "card_action", "pick"):
            wanted = [c for c in choices if c["type"] == kind]
            if wanted and rng.choice([True, True, True, False]):
                return rng.choice(wanted)
        return rng.choice(choices)

    while not game.is_over:
        player, prompt = game.pending[0]
        game.respond(player, cards_first(game, player, prompt.choices()))
    return game


@pytest.fixture(params=sorted(VIEWPORTS))
def screen(request: pytest.FixtureRequest, new_page: Any, boot: Any) -> Any:
    """A watched page at each size (its name on ``page.size``), booted on the start."""
    page = new_page(**VIEWPORTS[request.param])
    page.size = request.param
    return boot(page)


def test_end_screen_lists_each_players_scoring_cards_within_the_width(screen: Any) -> None:
    page, game = screen, finished()
    open_entry(page, "over", games._entry(game))
    section = page.locator(".end .card-vp")
    expect(section).to_be_visible()
    players = section.locator(".card-vp-player")
    expect(players).to_have_count(3)
    for index in range(3):
        lines = players.nth(index).locator("li")
        name = players.nth(index).locator("summary .who").inner_text()
        seat = games.NAMES.index(name)
        expect(lines).to_have_count(len(card_points(game.state, seat)))
    # Nothing wider than the screen: the page does not scroll sideways.
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        section.scroll_into_view_if_needed()
        page.locator(".end .card-vp h3").evaluate("(el) => el.scrollIntoView()")
        page.screenshot(path=str(Path(SHOTS) / f"end-cards-{page.size}.png"))
        page.screenshot(path=str(Path(SHOTS) / f"end-cards-{page.size}-full.png"),
                        full_page=True)
