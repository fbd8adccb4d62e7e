"""The decision flow in the page, on a desktop (1366×768) and a phone (390×844): the status
strip stays in view, a payment is a small widget with Cancel, an action under way is only
in the page until confirmed (cancelling leaves the game's move count as it was), sell
patents can be cancelled, conversions lead the action menu, and taking back another
player's move in a hot-seat game asks first and hands off once; an action leaves the page
where it was (focus moves without scrolling), a placement brings the board into view, every
action waits for Confirm (Cancel sends nothing), a card line shows only in the kind of game
it applies to, the phone's board icons are large enough to read, the tool bar keeps its
place as Undo and Replay become usable, and a finished game offers no Undo. Each control is
used from the keyboard at least once.

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

from tests.e2e.helpers import CONTEXTS as VIEWPORTS
from tests.e2e.helpers import (
    choice,
    confirm,
    expect,
    mc_in_strip,
    moves,
    offered_card,
    prompt,
    reveal_if_handoff,
    settle,
    setup_corporations,
    solo_after_setup,
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
    """Bob to act, the last two moves Ada's, both since the last card seen, each a whole
    move of one step (Undo takes back one at a time)."""
    pending = game.pending
    n = len(game.moves)
    if len(pending) != 1 or pending[0][1].kind != "action" or n < 2:
        return False
    last, before = game.moves[-1][0], game.moves[-2][0]
    return (pending[0][0] == 1 and last == before == 0
            and game.undo_floor() <= n - 2 and game.state.phase == "action"
            and game.action_start(n) == n - 1 and game.action_start(n - 1) == n - 2)


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

    # The payment starts with steel, MC last; the steppers work from the keyboard.
    expect(steel.locator("output")).to_have_text(str(plan.steel_default))
    steel.locator("button.step-less").focus()
    page.keyboard.press("Enter")
    expect(steel.locator("output")).to_have_text(str(plan.steel_default - 1))
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
    expect(prompt(page).locator(".pay-row.res-steel output")).to_have_text(
        str(plan.steel_default))
    assert moves(page) == before
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) >= before + 3  # the card, the steel's steps, the confirmation
    assert mc_in_strip(page) == mc - plan.mc_default
    before = moves(page)

    # A placement within an action is staged too: Cancel shows, the board click ends it.
    choice(page, re.compile(r"^\s*aquifer\b", re.I)).click()
    while prompt(page).get_attribute("data-kind") == "pay":
        confirm(page).click()
        page.wait_for_function("document.body.dataset.busy === undefined")
    expect(prompt(page)).to_have_attribute("data-kind", "space")
    expect(prompt(page).locator(".stage-footer")).to_contain_text("Not played yet")
    expect(prompt(page).locator("button.cancel")).to_be_visible()
    assert moves(page) == before
    shot(page, "space-staged")
    page.locator(".board g.space.legal").first.click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")  # held for Confirm
    assert moves(page) == before
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) > before


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


SEED = 3  # solo and two players alike: Tharsis Republic or Teractor for the first player








def scroll_y(page: Any) -> float:
    return float(page.evaluate("window.scrollY"))


def set_up(page: Any, corporation: str, players: int = 1) -> None:
    """A game of seed 3 with ``corporation`` and no cards bought, at the action menu."""
    start_game(page, players=players, names=["Tess", "Uma"][:players], seed=SEED)
    reveal_if_handoff(page)
    setup_corporations(page).filter(has_text=corporation).click()
    settle(page)
    if players > 1:  # the second player's setup, then back to the first
        for _ in range(2):
            reveal_if_handoff(page)
            if prompt(page).get_attribute("data-kind") == "setup":
                setup_corporations(page).first.click()
                settle(page)
    expect(prompt(page)).to_have_attribute("data-kind", re.compile("action|space"))


def click_in_place(page: Any, target: Any) -> tuple[float, float]:
    """Click ``target`` where it is (scrolled into view first, as a player would); the
    page's scroll position before the click and once the page has redrawn."""
    target.scroll_into_view_if_needed()
    before = scroll_y(page)
    target.click()
    wait_idle(page)
    page.wait_for_timeout(100)  # a smooth scroll, if any, has begun
    return before, scroll_y(page)


def in_view(page: Any, selector: str, share: float = 0.6) -> bool:
    """Whether at least ``share`` of the element (or of the window) is in the window."""
    return bool(page.evaluate(
        "([sel, share]) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);"
        " return seen >= share * Math.min(r.height, innerHeight); }", [selector, share]))


# ---------------------------------------------------------------- 1. no scroll jumps
def test_an_action_leaves_the_page_where_it_was(screen: Any) -> None:
    page = screen
    set_up(page, "Teractor")
    project = choice(page, re.compile(r"^\s*Power plant"))
    before, after = click_in_place(page, project)
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    assert abs(after - before) < 40, f"the page moved from {before} to {after}"
    before, after = click_in_place(page, confirm(page))
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert abs(after - before) < 40, f"the page moved from {before} to {after}"
    focused = page.evaluate("document.activeElement && document.activeElement.tagName")
    assert focused == "BUTTON"  # the keyboard focus moved, the page did not
    shot(page, "playtest-after-action")


def test_a_new_phases_decision_is_shown_from_its_top(screen: Any) -> None:
    """The last Pass of a generation, clicked at the foot of the action list: the
    research decision that follows is brought into view (below the status strip), not
    left above the window."""
    page = screen
    set_up(page, "Teractor")
    pass_button = choice(page, re.compile(r"^\s*Pass", re.I)).first
    pass_button.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 300)")  # the player has read on below
    pass_button.click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")  # a Pass waits for it
    confirm(page).click()
    expect(prompt(page)).not_to_have_attribute("data-kind", re.compile("action|confirm"))
    page.wait_for_timeout(150)
    top = page.evaluate("document.querySelector('#app .prompt').getBoundingClientRect().top")
    under = page.evaluate(
        "document.querySelector('#app .status-strip').getBoundingClientRect().bottom")
    height = page.evaluate("innerHeight")
    assert under <= top < 0.75 * height, f"the new decision's top at {top} (strip {under})"
    shot(page, "playtest-research-after-pass")


def test_a_placement_brings_the_board_into_view(screen: Any) -> None:
    page = screen
    set_up(page, "Tharsis Republic")  # its first action: place a city
    first = choice(page, re.compile("First action|place a city", re.I)).first
    if prompt(page).get_attribute("data-kind") == "action":
        first.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, 400)")  # the player has read on below
        first.click()
    expect(prompt(page)).to_have_attribute("data-kind", "space")
    page.wait_for_timeout(150)
    assert in_view(page, ".board"), "the board is out of view while a city is to be placed"
    shot(page, "playtest-place-city")
    page.locator(".board g.space.legal").first.click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")


# ---------------------------------------------------------------- 3. confirm every action
def test_every_action_waits_for_confirm_and_cancel_sends_nothing(screen: Any) -> None:
    page = screen
    set_up(page, "Teractor")
    before = moves(page)
    choice(page, re.compile(r"^\s*Power plant")).click()
    held = prompt(page)
    expect(held).to_have_attribute("data-kind", "confirm")
    expect(held.locator("h2")).to_contain_text("Power plant")
    assert moves(page) == before
    assert in_view(page, ".held-bar", 0.99), "Confirm and Cancel are out of view"
    shot(page, "playtest-held")
    held.locator("button.cancel").click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    choice(page, re.compile(r"^\s*Power plant")).click()
    expect(prompt(page)).to_have_attribute("data-kind", "confirm")
    page.keyboard.press("Escape")
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before
    choice(page, re.compile(r"^\s*Power plant")).click()
    confirm(page).click()
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    assert moves(page) == before + 1
    expect(page.locator(".status-strip .sres.res-energy .sr")).to_contain_text("production +1")


# ---------------------------------------------------------------- 5. card lines by game
@pytest.mark.parametrize("players", [1, 2])
def test_the_neutral_city_line_shows_in_solo_only(page: Any, boot: Any, players: int) -> None:
    page.size = "desktop"
    boot(page)
    start_game(page, players=players, names=["Tess", "Uma"][:players], seed=SEED)
    reveal_if_handoff(page)
    line = setup_corporations(page).filter(has_text="Tharsis Republic").get_by_text(
        "per neutral city")
    if players == 1:
        expect(line).to_be_visible()
    else:
        expect(line).to_be_hidden()


# ---------------------------------------------------------------- 7. the phone
def test_the_phones_board_icons_are_large_enough_to_read(new_page: Any, boot: Any) -> None:
    page = new_page(**VIEWPORTS["phone"])
    page.size = "phone"
    boot(page)
    set_up(page, "Teractor")
    # The drawn shape of each icon (a card is narrower than tall: its larger side).
    sizes = page.evaluate(
        "[...document.querySelectorAll('.board use[href^=\"#i-\"]')]"
        ".map(u => { const r = u.getBoundingClientRect(); return Math.max(r.width, r.height); })")
    assert sizes and min(sizes) >= 11, f"bonus icons {min(sizes):.1f} px"


def test_the_tool_bar_keeps_its_place_as_tools_become_usable(screen: Any) -> None:
    page = screen
    start_game(page, players=1, names=["Tess"], seed=SEED)
    wait_screen(page, "game")

    def places() -> list[tuple[str, float, float]]:
        return [(b["text"], round(b["x"]), round(b["y"])) for b in page.evaluate(
            "[...document.querySelectorAll('.tools button')].map(b => {"
            " const r = b.getBoundingClientRect();"
            " return {text: b.textContent.trim(), x: r.x, y: r.y + scrollY}; })")]

    first = places()
    expect(page.locator(".tools button", has_text="Undo")).to_be_disabled()
    setup_corporations(page).filter(has_text="Teractor").click()
    settle(page)
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    expect(page.locator(".tools [data-action=undo]")).to_be_enabled()
    expect(page.locator(".tools [data-action=replay]")).to_be_enabled()
    assert places() == first, "the tool bar moved as Undo and Replay became usable"


@cache
def finished_game() -> bytes:
    """A solo game played to its end in CPython (the page runs the same engine)."""
    from tm.core.rng import Rng
    from tm.core.state import Options
    from tm.game import Game
    from tm.sim import random_response
    from tm.web.saves import SaveMeta, entry_text
    game = Game.new(Options(players=1, seed=SEED, names=["Tess"], expansions=["corpera"]))
    rng = Rng.from_seed(SEED)
    while not game.is_over:
        player, waiting = game.pending[0]
        game.respond(player, random_response(waiting, rng))
    meta = SaveMeta(names=["Tess"], colours=["red"], generation=game.state.generation)
    return entry_text(game, meta).encode()


def test_a_finished_game_offers_no_undo(screen: Any) -> None:
    page = screen
    page.locator("input[type=file][data-change=import]").set_input_files(
        {"name": "over.json", "mimeType": "application/json", "buffer": finished_game()})
    wait_screen(page, "game")
    wait_idle(page)
    expect(page.locator(".end")).to_be_visible()
    expect(page.locator(".tools")).not_to_contain_text("Undo")
    expect(page.locator(".tools [data-action=undo]")).to_have_count(0)
    # The solo end table has no milestone or award column (none in solo).
    expect(page.locator(".end table.scores thead")).not_to_contain_text("Milestones")
    expect(page.locator(".end table.scores thead")).not_to_contain_text("Awards")
    shot(page, "playtest-end")
