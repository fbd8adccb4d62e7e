"""Colonies through the page (R-COL): the form's box starts a Colonies game, a solo player
keeps three tiles, builds a colony and trades; in a hot-seat game a trade gives the
colony bonus to the owner of the colony; the screen passes an axe scan."""
from __future__ import annotations

import re
from typing import Any

from tests.e2e.helpers import (
    axe_problems,
    choice,
    expect,
    open_entry,
    prompt,
    resource,
    start_game,
    wait_screen,
)
from tests.kits import games

SOLO_SEED = 4  # deals Teractor (60 MC) and the tiles Luna, Enceladus, Titan and Ceres


def _log(page: Any) -> Any:
    return page.locator(".log")


def _confirm(page: Any) -> None:
    """Confirm the complete action the page holds (it reaches the game only then)."""
    page.locator(".prompt.held [data-action=confirm_action]").click()


def test_solo_colonies_game_builds_a_colony_and_trades_R_COL_3_R_COL_4(page: Any,
                                                                        boot: Any) -> None:
    boot(page)
    start_game(page, players=1, names=["Ada"], seed=SOLO_SEED, colonies=True)
    offers = page.locator(".tile-offers [data-action=choose]")
    expect(offers).to_have_count(4)  # R-COL-1: solo deals four tiles, keeps three
    page.locator(".setup-corps [data-focus='corp:Teractor']").click()
    for name in ("Luna", "Ceres", "Enceladus"):
        page.locator(f"[data-focus='colony_tiles:{name}']").click()
        expect(page.locator(f"[data-focus='colony_tiles:{name}']")).to_have_attribute(
            "aria-pressed", "true")
    page.locator("[data-focus=done]").click()
    _confirm(page)  # the setup (corporation, colony tiles) waits for its Confirm
    wait_screen(page, "game")
    tiles = page.locator(".colonies .colony-tile")
    expect(tiles).to_have_count(3)
    expect(page.locator(".colony-tile[aria-label=Enceladus]")).to_have_class(
        re.compile(r"\binactive\b"))  # R-COL-2: no card holds microbes yet

    choice(page, "Build colony").click()
    ceres = choice(page, re.compile(r"^Ceres: production \+1 steel"))
    expect(ceres).to_contain_text("gain 2 steel")  # the colony bonus, said before building
    ceres.click()
    expect(page.locator(".prompt.held")).to_contain_text("Colony on Ceres")
    _confirm(page)
    expect(page.locator(".colony-tile[aria-label=Ceres] .ct-colony.owner-red")).to_have_count(1)
    expect(page.locator(".status-strip .scol")).to_contain_text("1")
    expect(_log(page)).to_contain_text("Ada builds a colony on Ceres: production +1 steel")

    trade = choice(page, "Trade with Luna (gain 2 MC)")
    expect(trade).to_contain_text("Fee: 9 MC")
    trade.click()
    _confirm(page)
    expect(page.locator(".colony-tile[aria-label=Luna] .ct-fleet")).to_contain_text("Ada")
    expect(_log(page)).to_contain_text("Ada trades with Luna (marker at 1): gain 2 MC")
    expect(page.locator(".col-fleets")).to_contain_text("a fleet on Luna")


def test_hot_seat_trade_gives_the_colony_bonus_to_its_owner_R_COL_4(page: Any,
                                                                   boot: Any) -> None:
    entry, builder, trader, tile = games.bonus_trade_entry()
    assert tile == "Io", tile  # its colony bonus: 2 heat
    names = games.NAMES
    boot(page)
    open_entry(page, "colonies-hot", entry)
    expect(page.locator(".prompt .who")).to_contain_text(names[trader])
    owned = page.locator(f".colony-tile[aria-label={tile}] .ct-colony:not(.empty)")
    expect(owned).to_have_count(1)
    trade = choice(page, f"Trade with {tile} (")
    expect(trade).to_contain_text(f"colony bonus (gain 2 heat) to {names[builder]}")
    heat_before = resource(page, builder, "heat")
    trade.click()
    if prompt(page).get_by_text("Pay the trade with what?").count():
        choice(page, "Pay 9 MC").click()
    _confirm(page)
    expect(_log(page)).to_contain_text(f"colony bonus (gain 2 heat) to {names[builder]}")
    expect(page.locator(f".player-panel[data-player='{builder}']")).to_be_visible()
    assert resource(page, builder, "heat") == heat_before + 2


def test_axe_finds_no_serious_problem_on_a_colonies_game_screen(page: Any, boot: Any) -> None:
    entry, *_ = games.bonus_trade_entry()
    boot(page)
    open_entry(page, "colonies-axe", entry)
    expect(page.locator(".colonies .colony-tile").first).to_be_visible()
    assert axe_problems(page) == []
