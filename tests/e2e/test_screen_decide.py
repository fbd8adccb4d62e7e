"""The decision flow in the page, on a desktop (1366×768) and a phone (390×844): the status
strip stays in view, a payment is a small widget with Cancel, an action under way is only
in the page until confirmed (cancelling leaves the game's move count as it was), sell
patents can be cancelled, conversions lead the action menu, and taking back another
player's move in a hot-seat game asks first and hands off once. Each control is used from
the keyboard at least once.

TM_E2E_SHOTS=/some/folder saves a screenshot of each step worth looking at there.
"""
from __future__ import annotations

import os
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import (
    CONTEXTS as VIEWPORTS,
)
from tests.e2e.helpers import (
    choice,
    confirm,
    expect,
    offered_card,
    plan_steel_game,
    prompt,
    setup_corporations,
    start_game,
    wait_idle,
    wait_screen,
)

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")
STRIP = ".status-strip"


@pytest.fixture(params=sorted(VIEWPORTS))
def screen(request: pytest.FixtureRequest, new_page: Any, boot: Any) -> Any:
    """A watched page of the booted game at each size (its name on ``page.size``)."""
    page = new_page(**VIEWPORTS[request.param])
    page.size = request.param
    boot(page)
    return page


def shot(page: Any, name: str, part: Any = None) -> None:
    """Keep a screenshot (of the window, or of ``part``) for a person to look at (only
    with TM_E2E_SHOTS)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        (part or page).screenshot(path=str(Path(SHOTS) / f"{name}-{page.size}.png"))


def moves(page: Any) -> int:
    """How many moves the game has (body[data-moves]: committed moves only)."""
    return int(page.evaluate("document.body.dataset.moves"))


def strip_in_view(page: Any) -> bool:
    """Whether the whole status strip lies inside the window."""
    return bool(page.evaluate(
        "() => { const r = document.querySelector('.status-strip').getBoundingClientRect();"
        " return r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.height > 0; }"))


def focus_clear_of_strip(page: Any) -> bool:
    """Whether the focused control lies below the sticky strip (not hidden under it)."""
    return bool(page.evaluate(
        "() => { const s = document.querySelector('.status-strip').getBoundingClientRect();"
        " const f = document.activeElement.getBoundingClientRect();"
        " return f.top >= s.bottom - 1 && f.bottom <= window.innerHeight + 1; }"))


def mc_in_strip(page: Any) -> int:
    """The viewer's MC as the strip shows it."""
    said = page.locator(f"{STRIP} .sres.res-megacredits .sr").inner_text()
    found = re.search(r"MC: (\d+)", said)
    assert found, said
    return int(found.group(1))


def solo_after_setup(page: Any) -> Any:
    """A solo game whose corporation has steel and a building card in hand (the plan
    of tests/e2e/helpers.py), set up through the page: the plan."""
    plan = plan_steel_game("Tess")
    start_game(page, players=1, names=["Tess"], seed=plan.seed)
    wait_screen(page, "game")
    setup_corporations(page).filter(has_text=plan.corporation).click()
    for name in (plan.building_card, plan.other_card):
        offered_card(page, name).click()
        expect(offered_card(page, name)).to_have_attribute("aria-pressed", "true")
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    return plan


# ---------------------------------------------------------------- games made in CPython
def _play_until(players: int, seed: int, wanted: Any, limit: int = 4000) -> Any:
    """Random legal moves (seeded) until ``wanted(game)`` holds; the game."""
    from tm.core.state import Options
    from tm.game import Game
    game = Game.new(Options(players=players, seed=seed, names=["Ada", "Bob"][:players],
                            expansions=["corpera"]))
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            break
        if wanted(game):
            return game
        player, waiting = game.pending[0]
        options = waiting.choices()
        # Prefer ending selections and passing less often: the game moves on sooner.
        game.respond(player, rng.choice(options))
    raise AssertionError("no such position found")


def _menu_has_conversion(game: Any) -> bool:
    pending = game.pending
    if len(pending) != 1 or pending[0][1].kind != "action":
        return False
    return any(c["type"] in ("convert_heat", "convert_plants") for c in pending[0][1].choices())


def _two_moves_of_the_other(game: Any) -> bool:
    """Bob to act, the last two moves Ada's, both since the last card seen."""
    pending = game.pending
    if len(pending) != 1 or pending[0][1].kind != "action" or len(game.moves) < 2:
        return False
    last, before = game.moves[-1][0], game.moves[-2][0]
    return (pending[0][0] == 1 and last == before == 0
            and game.undo_floor() <= len(game.moves) - 2 and game.state.phase == "action")


@cache
def game_file(kind: str) -> bytes:
    """A saved game to import, made by the engine: ``conversion`` (solo, a conversion
    listed) or ``handoff`` (two players, Bob to act after two moves of Ada)."""
    from tm.web.saves import SaveMeta, entry_text
    if kind == "conversion":
        game = next(g for g in (_try(1, s, _menu_has_conversion) for s in range(1, 40)) if g)
    else:
        game = next(g for g in (_try(2, s, _two_moves_of_the_other) for s in range(1, 40)) if g)
    names = [pl.name for pl in game.state.players]
    meta = SaveMeta(names=names, colours=["red", "green"][:len(names)],
                    generation=game.state.generation)
    return entry_text(game, meta).encode()


def _try(players: int, seed: int, wanted: Any) -> Any:
    try:
        return _play_until(players, seed, wanted)
    except AssertionError:
        return None


def import_game(page: Any, kind: str) -> None:
    """Open a game made in CPython through the start screen's file import."""
    page.locator("input[type=file][data-change=import]").set_input_files(
        {"name": f"{kind}.json", "mimeType": "application/json", "buffer": game_file(kind)})
    page.wait_for_selector("body[data-screen='game'], body[data-screen='handoff']",
                           state="attached")
    wait_idle(page)


# ---------------------------------------------------------------- 1. the status strip
def test_status_strip_shows_the_position_and_stays_in_view(screen: Any) -> None:
    page = screen
    solo_after_setup(page)
    strip = page.locator(STRIP)
    expect(strip).to_have_attribute("aria-label", "Status of Tess")
    for said in ("MC: ", "Steel: ", "Titanium: ", "Plants: ", "Energy: ", "Heat: ",
                 "Terraform rating 14", "victory points now", "Generation 1 of 14",
                 "Your turn · 2 actions left"):
        expect(strip).to_contain_text(said)
    expect(strip.locator(".sres")).to_have_count(6)
    expect(strip).to_contain_text("Gen 1/14")
    assert strip_in_view(page)
    shot(page, "strip-top")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("window.scrollY > 200")
    assert strip_in_view(page), "the strip scrolled away"
    shot(page, "strip-scrolled")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


# ---------------------------------------------------------------- 2 and 3. payment, cancel
def test_payment_widget_is_staged_and_cancel_leaves_the_game_as_it_was(screen: Any) -> None:
    page = screen
    plan = solo_after_setup(page)
    before, mc = moves(page), mc_in_strip(page)

    choice(page, plan.building_card).click()
    widget = prompt(page)
    expect(widget).to_have_attribute("data-kind", "pay")
    expect(widget.locator("h2")).to_contain_text(f"for {plan.building_card}")
    expect(widget.locator("h2")).to_contain_text(re.compile(r"Pay \d+ MC"))
    steel = widget.locator(".pay-row.res-steel")
    expect(steel).to_contain_text("1 steel = 2 MC")
    expect(widget.locator(".pay-row.res-megacredits output")).to_have_text(re.compile(r"\d+"))
    cancel = widget.locator("button.cancel")
    expect(cancel).to_have_attribute("aria-label", re.compile("Cancel this action"))
    expect(confirm(page)).to_be_enabled()
    assert moves(page) == before  # starting the action sent nothing

    # The steppers work from the keyboard (only listed amounts are offered).
    steel.locator("button.step-more").focus()
    page.keyboard.press("Enter")
    expect(steel.locator("output")).to_have_text("1")
    assert moves(page) == before
    assert focus_clear_of_strip(page), "the focused stepper is under the status strip"
    shot(page, "payment")
    shot(page, "payment-widget", widget)

    # Cancel from the keyboard: back at the menu, the game exactly as it was.
    widget.locator("button.cancel").focus()
    page.keyboard.press("Enter")
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before and mc_in_strip(page) == mc
    expect(page.locator(".hand")).to_contain_text(plan.building_card)

    # Escape cancels too; then the payment confirmed reaches the game all at once.
    choice(page, plan.building_card).click()
    expect(prompt(page)).to_have_attribute("data-kind", "pay")
    page.keyboard.press("Escape")
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    choice(page, plan.building_card).click()
    prompt(page).locator(".pay-row.res-steel button.step-best").click()
    expect(prompt(page).locator(".pay-row.res-steel output")).to_have_text(str(plan.steel_used))
    assert moves(page) == before
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before + 3  # the card, the steel, the confirmation
    assert mc_in_strip(page) == mc - plan.mc_paid

    # A placement within an action is staged too: Cancel shows, the board click ends it.
    choice(page, re.compile(r"^\s*aquifer\b", re.I)).click()
    while prompt(page).get_attribute("data-kind") == "pay":
        confirm(page).click()
        page.wait_for_function("document.body.dataset.busy === undefined")
    expect(prompt(page)).to_have_attribute("data-kind", "space")
    expect(prompt(page).locator(".stage-footer")).to_contain_text("Not played yet")
    expect(prompt(page).locator("button.cancel")).to_be_visible()
    assert moves(page) == before + 3
    shot(page, "space-staged")
    page.locator(".board g.space.legal").first.click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")  # held for Confirm
    assert moves(page) == before + 3
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) > before + 3


def test_sell_patents_can_be_cancelled(screen: Any) -> None:
    page = screen
    plan = solo_after_setup(page)
    before = moves(page)
    choice(page, re.compile(r"^\s*Sell patents")).click()
    expect(prompt(page)).to_have_attribute("data-kind", "cards")
    expect(confirm(page)).to_be_disabled()  # at least one card, as the rules say
    offered_card(page, plan.other_card).click()
    expect(offered_card(page, plan.other_card)).to_have_attribute("aria-pressed", "true")
    assert moves(page) == before
    shot(page, "sell-patents-staged")
    prompt(page).locator("button.cancel").click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    hand = page.locator(".hand")
    expect(hand).to_contain_text(plan.other_card)
    expect(hand).to_contain_text(plan.building_card)


# ---------------------------------------------------------------- 4. conversions first
def test_conversions_lead_the_action_menu(screen: Any) -> None:
    page = screen
    import_game(page, "conversion")
    wait_screen(page, "game")
    menu = prompt(page)
    expect(menu).to_have_attribute("data-kind", "action")
    groups = menu.locator(".group")
    expect(groups.first).to_have_class(re.compile(r"\bgroup-conversions\b"))
    first = groups.first.locator("[data-action=choose]").first
    expect(first).to_contain_text(re.compile(r"(Heat|Plants) →"))
    box = first.bounding_box()
    assert box is not None and box["y"] < page.viewport_size["height"], "not near the top"
    shot(page, "conversions")


# ---------------------------------------------------------------- 5. hot-seat undo
def test_undoing_another_players_moves_asks_once_and_hands_off_once(screen: Any) -> None:
    page = screen
    import_game(page, "handoff")
    wait_screen(page, "handoff")
    expect(page.locator(".handoff")).to_contain_text("Bob")
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")
    total = moves(page)

    # Undo asks in the page (no browser dialog: the page watcher fails on one).
    undo = page.locator(".tools [data-action=undo]")
    undo.click()
    question = page.locator(".undo-bar[role=alertdialog]")
    expect(question).to_contain_text("Take back Ada's move?")
    assert moves(page) == total
    shot(page, "undo-question")
    page.keyboard.press("Escape")  # keep it
    expect(question).to_have_count(0)
    assert moves(page) == total

    undo.focus()
    page.keyboard.press("Enter")
    yes = page.locator(".undo-bar [data-action=undo_confirm]")
    expect(yes).to_have_text("Take back Ada's move")
    expect(yes).to_be_focused()  # the question takes the keyboard focus
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=total - 1)
    # Bob keeps the screen: no hand-off per move taken back.
    assert page.evaluate("document.body.dataset.screen") == "game"
    done = page.locator(".undo-bar [data-action=undo_done]")
    expect(done).to_have_text("Done: pass to Ada")
    more = page.locator(".undo-bar [data-action=undo]")
    expect(more).to_have_text("Undo one more")
    more.click()  # no second question within the run
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=total - 2)
    expect(page.locator(".undo-bar[role=alertdialog]")).to_have_count(0)
    assert page.evaluate("document.body.dataset.screen") == "game"
    shot(page, "undo-run")
    done.click()
    wait_screen(page, "handoff")
    expect(page.locator(".handoff")).to_contain_text("Ada")
    page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")
    expect(prompt(page)).to_be_visible()
    assert moves(page) == total - 2
