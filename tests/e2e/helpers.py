"""Moves a player makes in the page, selected by the page's stable DOM hooks."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("CI"):  # in CI a missing package must fail, not skip
    pytest.importorskip("playwright.sync_api",
                        reason="the Python package playwright is not installed (make setup)")

from playwright.sync_api import expect  # noqa: E402

from tests.e2e.conftest import WAIT_MS  # noqa: E402
from tests.kits.games import form_fields  # noqa: E402
from tm.web.saves import PREFIX  # noqa: E402

__all__ = ["expect"]  # the test modules take it from here, after the check above

# Playwright's assertions wait 5 s by default, whatever the context's timeout: too short on
# a loaded machine (a redraw after a click, a game replayed). The same wait as actions.
expect.set_options(timeout=WAIT_MS)

SCREEN = "body[data-screen='{}']"
BOOT_TIMEOUT_MS = 60_000

# Ready with nothing in progress (a link given in the address bar opens after the ready
# marker), or broken: PyScript has shown a Python error, or the page its own notice that
# Python could not start (static/boot.mjs). Then there is no point in waiting.
# The two screen sizes the page is checked at (new_context arguments).
CONTEXTS = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
READY_OR_BROKEN = ("document.body && ((document.body.dataset.ready === '1' "
                   "&& document.body.dataset.busy === undefined "
                   "&& document.body.dataset.saving === undefined "
                   "&& document.body.dataset.settling === undefined) "
                   "|| document.documentElement.dataset.failed === '1' "
                   "|| document.querySelector('.py-error') !== null)")


def wait_ready(page: Any, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait for body[data-ready='1'] (and no work in progress); fail at once, with the
    errors, if booting broke."""
    page.wait_for_function(READY_OR_BROKEN, timeout=timeout_ms)
    if page.evaluate("document.body.dataset.ready") != "1":
        recorder = getattr(page, "recorder", None)
        errors = (recorder.page_errors + recorder.console_errors) if recorder else []
        shown = page.locator(".py-error, .boot-failed").first.inner_text()
        raise AssertionError("the page failed to boot:\n" + "\n".join(errors + [shown]))


def wait_idle(page: Any, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until nothing is in progress (slow actions show body[data-busy] first and
    run once the browser has painted that)."""
    page.wait_for_function("document.body.dataset.busy === undefined", timeout=timeout_ms)


def wait_screen(page: Any, screen: str) -> None:
    """Wait until body[data-screen] names ``screen`` (start, game or handoff)."""
    page.wait_for_selector(SCREEN.format(screen), state="attached")


def start_game(page: Any, players: int = 1, names: list[str] | None = None,
               seed: int | None = 1, corporate_era: bool = True, submit: bool = True,
               board: str | None = None, prelude: bool = False, colonies: bool = False) -> None:
    """Fill the new-game form and (by default) start the game."""
    form = page.locator("form.new-game")
    # Changing the player count or the board redraws the form: do it before anything else.
    form.locator("select[name=players]").select_option(str(players))
    expect(form.locator("input[name=name_0]")).to_be_visible()
    if board is not None:
        form.locator("select[name=board]").select_option(board)
        expect(form.locator("select[name=board]")).to_have_value(board)
    form.locator("input[name=prelude]").set_checked(prelude)
    form.locator("input[name=colonies]").set_checked(colonies)
    for i, name in enumerate(names or []):
        form.locator(f"input[name=name_{i}]").fill(name)
    if seed is not None:
        form.locator("input[name=seed]").fill(str(seed))
    form.locator("input[name=corporate_era]").set_checked(corporate_era)
    if submit:
        form.locator("button[type=submit]").click()
        page.wait_for_selector("body[data-screen='game'], body[data-screen='handoff']",
                               state="attached")


def prompt(page: Any) -> Any:
    """The current decision."""
    return page.locator(".prompt")


def choice(page: Any, text: str | re.Pattern[str]) -> Any:
    """The choice of the current decision whose text matches."""
    return prompt(page).locator("[data-action=choose]").filter(has_text=text)


def resource(page: Any, player: int, name: str) -> int:
    """A player's stock of one resource, read off their panel (row headed by its name;
    its text, drawn or not: the panels below the fold are drawn as they near the screen)."""
    panel = page.locator(f".player-panel[data-player='{player}']")
    row = panel.locator("tr").filter(
        has=page.locator("th", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$", re.I)))
    return int((row.locator("td").first.text_content() or "").strip())


def no_horizontal_scroll(page: Any) -> tuple[int, int]:
    """(scrollWidth, innerWidth) of the document."""
    return tuple(page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth]"))  # type: ignore[return-value]


def generation(page: Any) -> int:
    """The generation the game header shows ("Generation N ...")."""
    text = page.locator("main").get_by_text(re.compile(r"Generation\s+\d+")).first.inner_text()
    found = re.search(r"Generation\s+(\d+)", text)
    assert found, text
    return int(found.group(1))


def choose_listed(app: Any, kind: str, **fields: Any) -> bool:
    """In CPython: click the control of the listed choice of that type with those values,
    and Confirm when that completes an action (False, and nothing done, when no such
    choice is listed)."""
    decision = app.current()
    if decision is None:
        return False
    for i, c in enumerate(decision[1].choices()):
        if c["type"] == kind and all(c.get(k) == v for k, v in fields.items()):
            app.handle("choose", {"index": i})
            stage = app.staged()
            if app.shown.notice is None and stage is not None and stage.held:
                app.handle("confirm_action", {})
            return app.shown.notice is None
    return False


def setup_cards(page: Any) -> Any:
    """The ten cards of the setup decision (toggles)."""
    return prompt(page).locator(".setup-cards button.card")


def setup_corporations(page: Any) -> Any:
    """The two corporations of the setup decision."""
    return prompt(page).locator(".setup-corps button.card")


def offered_card(page: Any, name: str) -> Any:
    """One offered card of a selection (setup, buying, selling), by name."""
    return prompt(page).locator(f'button.card[data-card="{name}"]')


def confirm(page: Any) -> Any:
    """The button that ends a step-by-step decision (done, confirm the payment)."""
    return prompt(page).locator("button.confirm")


def confirm_held(page: Any) -> None:
    """Click the Confirm of the move the page holds for it (a purchase, the setup, a paid
    action): the move reaches the game."""
    page.locator(".prompt.held [data-action=confirm_action]").click()


def settle(page: Any) -> None:
    """Click the selection's own button (Buy …, Start with …), then the Confirm it waits
    for."""
    confirm(page).click()
    confirm_held(page)


def choose_setup(page: Any, corporation_index: int = 0, cards: int = 0) -> list[str]:
    """Choose a dealt corporation and the first ``cards`` cards, then confirm (the
    selection's button and its Confirm); returns the names bought."""
    setup_corporations(page).nth(corporation_index).click()
    expect(setup_corporations(page).nth(corporation_index)).to_have_attribute(
        "aria-pressed", "true")
    bought = [str(setup_cards(page).nth(i).get_attribute("data-card")) for i in range(cards)]
    for name in bought:
        offered_card(page, name).click()
        expect(offered_card(page, name)).to_have_attribute("aria-pressed", "true")
    settle(page)
    return bought


def reveal_if_handoff(page: Any) -> None:
    """On a hand-off screen, let the named player see their screen."""
    page.wait_for_selector("body[data-screen='game'], body[data-screen='handoff']",
                           state="attached")
    if page.locator(".handoff [data-action=reveal]").count():
        page.locator(".handoff [data-action=reveal]").click()
        wait_screen(page, "game")


def pay_amount(page: Any, resource: str) -> int:
    """The amount of a resource the payment widget uses now (MC: what MC pays)."""
    return int(prompt(page).locator(f".pay-row.res-{resource} output").inner_text().strip())


@dataclass(frozen=True)
class SteelPlan:
    """A solo deal where a building card can be bought, then paid for with steel, and
    an aquifer still afforded."""

    seed: int
    corporation: str
    building_card: str
    other_card: str  # bought too
    spare_card: str  # offered, left unbought
    starting_mc: int  # of the corporation
    steel_used: int  # the most steel worth using for the building card
    mc_paid: int  # the MC that pays the rest
    steel_default: int  # the steel the payment starts with (steel before MC)
    mc_default: int  # the MC that pays the rest of it


@cache
def plan_steel_game(name: str = "Tess", max_seed: int = 400) -> SteelPlan:
    """Find such a deal by playing the same moves on the engine in CPython.

    The page runs the same engine (Pyodide), and a game is a function of its options
    and moves, so the deal found here is the deal the page shows.
    """
    from tm.cards import card
    from tm.web.app import App
    from tm.web.saves import MemoryStorage

    def fresh(seed: int) -> App:
        app = App(MemoryStorage(), clock=lambda: 1_000_000.0)
        app.handle("new_game", form_fields(1, [name], seed))
        return app

    def listed(app: App, kind: str) -> list[dict[str, Any]]:
        decision = app.current()
        assert decision is not None
        return [c for c in decision[1].choices() if c["type"] == kind]

    for seed in range(1, max_seed):
        decision = fresh(seed).current()
        assert decision is not None and decision[1].kind == "setup"
        deal = decision[1].data
        offered = list(deal["cards"])
        for corporation, money in zip(deal["corporations"], deal["starting_mc"], strict=True):
            for building in [c for c in offered if "building" in card(c).tags]:
                others = [c for c in offered if c != building]
                trial = fresh(seed)
                if not (choose_listed(trial, "corporation", card=corporation)
                        and choose_listed(trial, "pick", card=building)
                        and choose_listed(trial, "pick", card=others[0])
                        and choose_listed(trial, "done")):
                    continue
                assert trial.shown.game is not None
                if trial.shown.game.state.players[0].res["steel"] < 1:
                    break  # this corporation has no steel: no building card will do
                decision = trial.current()
                if decision is None or decision[1].kind != "action":
                    continue
                if not choose_listed(trial, "play_card", card=building):
                    continue
                decision = trial.current()
                if decision is None or decision[1].kind != "pay":
                    continue
                steel = [c for c in listed(trial, "use") if c["resource"] == "steel"]
                if not steel:
                    continue
                data = decision[1].data
                default = int(data["use"]["steel"])
                due = int(data["cost"]) - default * int(data["rates"]["steel"])
                if not choose_listed(trial, "use", resource="steel", amount=0):
                    continue
                steel = [c for c in listed(trial, "use") if c["resource"] == "steel"]
                most = max(c["amount"] for c in steel)
                if not choose_listed(trial, "use", resource="steel", amount=most):
                    continue
                confirming = listed(trial, "confirm")
                if not confirming:
                    continue
                mc_paid = confirming[0].label["paid"]["megacredits"]
                if not choose_listed(trial, "confirm"):
                    continue
                decision = trial.current()
                if decision is None or decision[1].kind != "action":
                    continue
                if any(c.get("project") == "aquifer" for c in listed(trial, "standard_project")):
                    return SteelPlan(seed, corporation, building, others[0], others[1], money,
                                     most, mc_paid, default, max(0, due))
    raise AssertionError("no seed deals a steel corporation with a playable building card")


def moves(page: Any) -> int:
    """How many moves the game has (body[data-moves]: committed moves only)."""
    return int(page.evaluate("document.body.dataset.moves"))


def mc_in_strip(page: Any) -> int:
    """The viewer's MC as the strip shows it."""
    said = page.locator(".status-strip .sres.res-megacredits .sr").inner_text()
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
    settle(page)
    expect(prompt(page)).to_have_attribute("data-kind", "action")
    return plan


def saved(page: Any) -> None:
    """Wait until a save put off after the last redraw is written (body[data-saving])."""
    page.wait_for_function("document.body.dataset.saving === undefined")


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def open_entry(page: Any, save_id: str, entry: str) -> None:
    """Store a saved game, continue it from the start screen, and reveal the screen of the
    player to act."""
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [PREFIX + save_id, entry])
    page.reload()
    wait_ready(page)
    wait_screen(page, "start")
    page.locator(f".save-list li[data-save='{save_id}'] [data-action=continue]").click()
    wait_idle(page)
    page.wait_for_selector("body[data-screen='game'], body[data-screen='handoff']",
                           state="attached")
    if page.locator(".handoff [data-action=reveal]").count():
        page.locator(".handoff [data-action=reveal]").click()
    wait_screen(page, "game")


def axe_problems(page: Any) -> list[str]:
    """Serious and critical axe-core violations on the page as it is, every box drawn:
    what lies below the fold is skipped until it nears the screen (app.css
    content-visibility), and skipped text has no colours for the contrast check to read;
    a player sees it drawn, with the colours checked here."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    page.evaluate("""() => { const drawn = document.createElement('style');
        drawn.textContent = '* { content-visibility: visible !important; }';
        document.head.append(drawn); }""")
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
            .flatMap((v) => v.nodes.map((n) => [v.id, v.impact, n.target.join(' ')]));
    }""")
    return [f"{rule} ({impact}) at {target}" for rule, impact, target in found]


def save_shot(page: Any, name: str, **options: Any) -> None:
    """With TM_E2E_SHOTS=/some/folder, a screenshot of the page as ``name``.png there (to
    look at the screen a test reached)."""
    shots = os.environ.get("TM_E2E_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / f"{name}.png"), **options)


@dataclass(frozen=True)
class TilePlan:
    """A solo deal where a building card that places a tile can be bought and paid for
    with steel: a payment, then a placement, in one action."""

    seed: int
    corporation: str
    card: str


TILE_CARDS = ("Research Outpost", "Natural Preserve", "Mohole Area")


@cache
def plan_tile_game(name: str = "Tess", max_seed: int = 400) -> TilePlan:
    """Find such a deal by playing the same moves on the engine in CPython (as
    :func:`plan_steel_game`)."""
    from tm.web.app import App
    from tm.web.saves import MemoryStorage

    for seed in range(1, max_seed):
        app = App(MemoryStorage(), clock=lambda: 1_000_000.0)
        app.handle("new_game", form_fields(1, [name], seed))
        decision = app.current()
        assert decision is not None and decision[1].kind == "setup"
        deal = decision[1].data
        wanted = [c for c in TILE_CARDS if c in deal["cards"]]
        for corporation in deal["corporations"] if wanted else ():
            trial = App(MemoryStorage(), clock=lambda: 1_000_000.0)
            trial.handle("new_game", form_fields(1, [name], seed))
            if not (choose_listed(trial, "corporation", card=corporation)
                    and choose_listed(trial, "pick", card=wanted[0])
                    and choose_listed(trial, "done")
                    and choose_listed(trial, "play_card", card=wanted[0])):
                continue
            decision = trial.current()
            if decision is not None and decision[1].kind == "pay" \
                    and decision[1].data["use"].get("steel"):
                return TilePlan(seed, corporation, wanted[0])
    raise AssertionError("no seed deals a steel corporation with a building tile card")


def keep_shot(page: Any, name: str) -> None:
    """:func:`save_shot`, named after the step and the page's size (the sized-screen
    fixture's)."""
    save_shot(page, f"{name}-{page.size}")
