"""Moves a player makes in the page, selected by the page's stable DOM hooks."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

if not os.environ.get("CI"):  # in CI a missing package must fail, not skip
    pytest.importorskip("playwright.sync_api",
                        reason="the Python package playwright is not installed (make setup)")

from playwright.sync_api import expect  # noqa: E402

__all__ = ["expect"]  # the test modules take it from here, after the check above

SCREEN = "body[data-screen='{}']"
BOOT_TIMEOUT_MS = 60_000

# Ready, or PyScript has shown a Python error (then there is no point in waiting).
READY_OR_BROKEN = ("document.body && (document.body.dataset.ready === '1' "
                   "|| document.querySelector('.py-error') !== null)")


def wait_ready(page: Any, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait for body[data-ready='1']; fail at once, with the errors, if booting broke."""
    page.wait_for_function(READY_OR_BROKEN, timeout=timeout_ms)
    if page.evaluate("document.body.dataset.ready") != "1":
        recorder = getattr(page, "recorder", None)
        errors = (recorder.page_errors + recorder.console_errors) if recorder else []
        shown = page.locator(".py-error").first.inner_text()
        raise AssertionError("the page failed to boot:\n" + "\n".join(errors or [shown]))


def wait_screen(page: Any, screen: str) -> None:
    """Wait until body[data-screen] names ``screen`` (start, game or handoff)."""
    page.wait_for_selector(SCREEN.format(screen), state="attached")


def start_game(page: Any, players: int = 1, names: list[str] | None = None,
               seed: int | None = 1, corporate_era: bool = True, submit: bool = True) -> None:
    """Fill the new-game form and (by default) start the game."""
    form = page.locator("form.new-game")
    # Changing the player count redraws the form: do it before filling anything else.
    form.locator("select[name=players]").select_option(str(players))
    expect(form.locator("input[name=name_0]")).to_be_visible()
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


def answer_first(page: Any, times: int = 1) -> None:
    """The test hook: answer the waiting decision with its first legal choice."""
    page.evaluate("(n) => { for (let i = 0; i < n; i++) window.tmAnswerFirst(); }", times)


def resource(page: Any, player: int, name: str) -> int:
    """A player's stock of one resource, read off their panel (row headed by its name)."""
    panel = page.locator(f".player-panel[data-player='{player}']")
    row = panel.locator("tr").filter(
        has=page.locator("th", has_text=re.compile(rf"^\s*{re.escape(name)}\s*$", re.I)))
    return int(row.locator("td").first.inner_text().strip())


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


def form_fields(players: int, names: list[str], seed: int) -> dict[str, str]:
    """What the new-game form submits when start_game fills it (for planning in CPython)."""
    fields = {"players": str(players), "corporate_era": "on", "board": "tharsis",
              "seed": str(seed)}
    colours = ("red", "green", "blue", "yellow", "black")
    for i in range(5):
        fields[f"name_{i}"] = names[i] if i < len(names) else ""
        fields[f"colour_{i}"] = colours[i]
    return fields


@dataclass(frozen=True)
class SteelPlan:
    """A solo deal where a building card can be bought, then paid for with steel, and
    an aquifer still afforded."""

    seed: int
    corporation: str
    building_card: str
    other_card: str  # bought too
    spare_card: str  # offered, left unbought


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

    def choices(app: App) -> list[dict[str, Any]]:
        decision = app.current()
        assert decision is not None
        return decision[1].choices()

    for seed in range(1, max_seed):
        corporations = [c["card"] for c in choices(fresh(seed))]
        for corp_index, corporation in enumerate(corporations):
            app = fresh(seed)
            app.handle("choose", {"index": corp_index})
            if app.game is None or app.game.state.players[0].res["steel"] < 1:
                continue
            decision = app.current()
            if decision is None or decision[1].kind != "cards":
                continue
            offered = list(decision[1].data["cards"])
            for building in [c for c in offered if "building" in card(c).tags]:
                others = [c for c in offered if c != building]
                if len(others) < 2:
                    continue
                trial = fresh(seed)
                trial.handle("choose", {"index": corp_index})
                for picked in (building, others[0]):
                    trial.handle("toggle", {"card": picked})
                trial.handle("confirm", {})
                plays = [i for i, c in enumerate(choices(trial))
                         if c["type"] == "play_card" and c["card"] == building]
                if not plays:
                    continue
                trial.handle("choose", {"index": plays[0]})
                decision = trial.current()
                if decision is None or decision[1].kind != "pay":
                    continue
                pays = choices(trial)
                most = max(range(len(pays)), key=lambda i: pays[i].get("steel", 0))
                if pays[most].get("steel", 0) < 1:
                    continue
                trial.handle("choose", {"index": most})
                decision = trial.current()
                if trial.notice or decision is None or decision[1].kind != "action":
                    continue
                if {"type": "standard_project", "project": "aquifer"} in choices(trial):
                    return SteelPlan(seed, corporation, building, others[0], others[1])
    raise AssertionError("no seed deals a steel corporation with a playable building card")
