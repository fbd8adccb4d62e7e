"""The phone's decision is within reach: on a 390×844 touch screen, through a whole
generation of a two-player hot-seat game (the new-game form, both setups, a first action
placing a tile, standard projects, an ocean on the board, End turn, both passes, both
research decisions, up to the next generation's action menu), at every decision:

- the decision's own buttons (Pass, End turn, Confirm, Cancel, Done: the decision bar,
  and any button of the decision named so) lie inside the window as it is, unscrolled,
  and nothing covers them;
- every control a finger may use on the page (buttons, links, fields, checkboxes by their
  label, the board's legal spaces) is at least 44 × 44 px.

The test moves through the game by tapping those very buttons.

TM_E2E_SHOTS=/some/folder saves a screenshot of each decision there.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import CONTEXTS, expect, prompt, wait_idle, wait_screen

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")
PHONE = {**CONTEXTS["phone"], "device_scale_factor": 3}
MIN_PX = 44
PRIMARY = re.compile(r"^\s*(Pass|End turn|Confirm|Cancel|Done)\b", re.I)

# Every control a finger uses, measured in the page: its box (a checkbox or radio by its
# label, which toggles it too), skipping what is hidden or under the hand-off cover.
MEASURE = """(minPx) => {
  const controls = 'button, a[href], input:not([type=hidden]), select, textarea, summary, '
    + '[role=button]';
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true})
    && !el.closest('[inert], [aria-hidden=true], [hidden]');
  const describe = (el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name')
                  || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    const cls = typeof el.className === 'string' ? el.className : el.className.baseVal;
    return `${el.tagName.toLowerCase()}.${cls.split(' ').join('.')} "${text}"`;
  };
  const small = [];
  for (const el of document.querySelectorAll(controls)) {
    if (!shown(el)) continue;
    const box = (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label'))
      || el;
    const r = box.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width < minPx - 0.1 || r.height < minPx - 0.1) {
      small.push(`${describe(el)} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
    }
  }
  return small;
}"""

# The decision's own buttons: its bar (the prompt's footer) and any button of the decision
# named Pass, End turn, Confirm, Cancel or Done; each with its box and what lies on top of
# its middle (the button itself when nothing covers it).
PRIMARIES = """(pattern) => {
  const named = new RegExp(pattern, 'i');
  const found = new Set(document.querySelectorAll('.prompt .prompt-footer button'));
  for (const b of document.querySelectorAll('.prompt button')) {
    if (named.test(b.textContent)) found.add(b);
  }
  return [...found].filter((b) => b.checkVisibility()).map((b) => {
    const r = b.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {text: b.textContent.trim().replace(/\\s+/g, ' ').slice(0, 50),
            top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            covered: !(top && b.contains(top))};
  });
}"""


class Walk:
    """The decisions met, and what was wrong at each."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.steps: list[str] = []
        self.faults: list[str] = []
        self.kinds: set[str] = set()
        self.primaries_seen: set[str] = set()

    def check(self, where: str) -> None:
        """Measure the page as it is now (nothing scrolled by the test)."""
        page = self.page
        wait_idle(page)
        page.wait_for_timeout(50)  # (a smooth scroll to the decision, if any, has run)
        self.steps.append(where)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS) / f"phone-reach-{len(self.steps):02d}.png"))
        height, width = page.evaluate("[innerHeight, innerWidth]")
        for b in page.evaluate(PRIMARIES, PRIMARY.pattern):
            self.primaries_seen.add(PRIMARY.match(b["text"]).group(1).lower()
                                    if PRIMARY.match(b["text"]) else b["text"][:12])
            outside = (b["top"] < 0 or b["bottom"] > height + 0.5 or b["left"] < 0
                       or b["right"] > width + 0.5)
            if outside or b["covered"]:
                self.faults.append(
                    f"{where}: {b['text']!r} at y {b['top']:.0f}–{b['bottom']:.0f} "
                    f"({'covered' if b['covered'] else f'window {height}px high'})")
        for small in page.evaluate(MEASURE, MIN_PX):
            self.faults.append(f"{where}: under {MIN_PX} px: {small}")

    def kind(self) -> str:
        """The decision shown: handoff, the prompt's kind, or "" (none of the viewer's)."""
        page = self.page
        page.wait_for_selector("body[data-screen='game'], body[data-screen='handoff']",
                               state="attached")
        wait_idle(page)
        if page.locator(".handoff [data-action=reveal]").count():
            return "handoff"
        found = prompt(page)
        return str(found.first.get_attribute("data-kind")) if found.count() else ""


def _tap_choice(page: Any, pattern: str) -> bool:
    """Tap the first enabled choice of the decision whose words match (False: none)."""
    found = prompt(page).locator("button[data-action=choose]:not([disabled])").filter(
        has_text=re.compile(pattern, re.I))
    if not found.count():
        return False
    found.first.tap()
    return True


def _tap_bar(page: Any, pattern: str) -> None:
    """Tap a button of the decision bar by its words (it must be there)."""
    bar = prompt(page).locator(".prompt-footer button").filter(has_text=re.compile(pattern, re.I))
    expect(bar.first).to_be_enabled()
    bar.first.tap()


def _action(page: Any, acted: dict[str, int], who: str) -> None:
    """One move of the action menu: the corporation's first action, else a standard
    project (an ocean first: a tile on the board) once per player, else End turn, else
    Pass."""
    done = acted.get(who, 0)
    if _tap_choice(page, r"first action"):
        return
    if done == 0 and (_tap_choice(page, r"^\s*Aquifer") or _tap_choice(page, r"^\s*Power plant")):
        acted[who] = done + 1
        return
    bar = prompt(page).locator(".prompt-footer button")
    if bar.filter(has_text=re.compile(r"End turn", re.I)).count():
        _tap_bar(page, r"End turn")
    else:
        _tap_bar(page, r"^\s*Pass")


def test_every_decision_of_a_generation_is_within_reach_on_a_phone(
        new_page: Any, boot: Any) -> None:
    page = new_page(**PHONE)
    boot(page)
    wait_screen(page, "start")
    walk = Walk(page)
    walk.check("start screen")
    form = page.locator("form.new-game")
    form.locator("select[name=players]").select_option("2")
    expect(form.locator("input[name=name_1]")).to_be_visible()
    form.locator("input[name=name_0]").fill("Ann")
    form.locator("input[name=name_1]").fill("Ben")
    form.locator("input[name=seed]").fill("3")
    walk.check("new-game form, two players")
    form.locator("button[type=submit]").tap()

    acted: dict[str, int] = {}
    for step in range(80):
        kind = walk.kind()
        generation = page.evaluate("document.querySelector('.sgen')?.textContent || ''")
        if kind == "action" and "2" in re.findall(r"\d+", generation)[:1]:
            walk.check("generation 2: the action menu")
            break
        if kind == "handoff":
            walk.check(f"{step}: hand-off")
            page.locator(".handoff [data-action=reveal]").tap()
            wait_screen(page, "game")
            continue
        who = page.locator(".prompt .who").first.inner_text() if kind else ""
        walk.kinds.add(kind)
        walk.check(f"{step}: {kind} ({who.split(',')[0]})")
        if kind == "setup":
            page.locator(".prompt .setup-corps button.card").first.tap()
            page.locator(".prompt .setup-cards button.card").first.tap()
            _tap_bar(page, r".")  # Start with … (the bar's one button)
        elif kind == "action":
            _action(page, acted, who)
        elif kind == "space":
            page.locator(".board .space.legal").first.tap()
        elif kind in ("confirm", "pay"):
            _tap_bar(page, r"^\s*Confirm")
        elif kind == "cards":
            page.locator(".prompt .cards button.card").first.tap()
            walk.check(f"{step}: cards, one picked")
            _tap_bar(page, r".")
        elif kind:
            prompt(page).locator("button[data-action=choose]:not([disabled])").first.tap()
        else:
            raise AssertionError(f"step {step}: no decision for the viewer; met {walk.steps}")
    else:
        raise AssertionError(f"generation 2 never came; met {walk.steps}")

    assert {"setup", "action", "space", "confirm", "cards"} <= walk.kinds, walk.kinds
    assert {"pass", "end turn", "confirm", "cancel"} <= walk.primaries_seen, walk.primaries_seen
    assert not walk.faults, (f"{len(walk.faults)} problems over {len(walk.steps)} decisions:\n"
                             + "\n".join(walk.faults))
