"""A game against the expert bot on a phone (390×844), issue 31: the person plays every
decision by the hint ("Hint", then "Use this choice", and Confirm where an action waits
for it) to the end screen; the expert's searches (its own and the hint's) are thought in
slices between frames (``body[data-bot-thought]``), the hint at the action menu late in
the game is ranked by the expert's search (``.hint-box[data-ranked=expert]``). No error
notice, no console error, no bot falling back on its first choice. At pace 0
(``?botpace=0``).

TM_E2E_SHOTS=/some/folder saves screenshots there: the form with the expert chosen, the
hint thinking and the hint ranked by the expert.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import CONTEXTS, expect, start_game, wait_ready, wait_screen

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("TM_E2E_SHOTS")
LIMIT = 6000  # the person's decisions at most

# Every decision of the person by the hint to the end screen (or ``limit`` decisions): a
# hint still thought is waited for (its first such wait and first expert ranking are
# kept for the screenshots: ``pauseAt`` stops there once). Counts what it saw.
BY_EXPERT_HINT = """async ([limit, pauseAt, prior]) => {
    const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
    const q = (selector) => document.querySelector(selector);
    const generation = () => Number((/(\\d+)/.exec(q('.generation')?.textContent || '')
                                     || [0, 0])[1]);
    const found = prior || {error: null, hinted: 0, confirmed: 0, expert: 0, hard: 0,
                            thinking: 0, waits: 0, steps: 0, byGeneration: {},
                            longestHintMs: 0, asked: 0};
    found.paused = null;
    while (found.steps < limit) {
        const body = document.body.dataset;
        if (body.fault !== undefined || q('#alerts .fault')) {
            found.error = q('#alerts')?.innerText || 'fault'; break;
        }
        if (q('.end')) break;
        if (body.busy !== undefined || body.settling !== undefined) {
            await sleep(5); continue;
        }
        if (body.bot !== undefined && !q('#app .prompt')) {
            found.waits++; await sleep(5); continue;
        }
        found.steps++;
        if (q('#app [data-action="confirm_action"]')) {
            q('#app [data-action="confirm_action"]').click(); found.confirmed++;
            await sleep(0); continue;
        }
        if (!q('#app .hint-box')) {  // (a box still open: the one asked before a pause)
            const hint = q('#app [data-action="hint"]');
            if (!hint) { found.waits++; await sleep(5); continue; }
            found.asked = performance.now();
            hint.click();
            if (q('#app .hint-thinking')) {
                found.thinking++;
                if (pauseAt === 'thinking') { found.paused = 'thinking'; return found; }
            }
        }
        for (let i = 0; i < 4000 && q('#app .hint-thinking'); i++) await sleep(5);
        found.longestHintMs = Math.max(found.longestHintMs, performance.now() - found.asked);
        const ranked = q('#app .hint-box')?.dataset.ranked || '?';
        if (ranked === 'expert' && pauseAt === 'expert') {
            found.paused = 'expert'; return found;
        }
        found[ranked] = (found[ranked] || 0) + 1;
        const g = generation();
        const seen = found.byGeneration[g] || (found.byGeneration[g] = {hints: 0, expert: 0});
        seen.hints++; seen.expert += ranked === 'expert' ? 1 : 0;
        const apply = q('#app [data-action="hint_apply"]');
        if (!apply) { found.error = `no choice to use for the hint (${ranked})`; break; }
        apply.click();
        found.hinted++;
        await sleep(0);
    }
    found.generation = generation();
    found.end = q('.end') !== null;
    found.thought = Number(document.body.dataset.botThought || 0);
    found.gaveUp = Number(document.body.dataset.hintGaveUp || 0);
    found.longestSlice = Number(document.body.dataset.botTook || 0);
    return found;
}"""


def _shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"expert-{name}-phone.png"))


@pytest.mark.matrix  # (a whole game against the expert: ~110 s; make test-matrix)
def test_a_person_plays_the_expert_to_the_end_by_the_hint_on_a_phone(
        new_page: Any, server: Any) -> None:
    page = new_page(**CONTEXTS["phone"])
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" and message.text.startswith("tm:") else None)
    page.goto(server.url + "?botpace=0")
    wait_ready(page)
    start = time.perf_counter()
    start_game(page, players=2, names=["Ada"], seed=5, submit=False)
    select = page.locator("form.new-game select[name=seat_1]")
    select.select_option("expert")
    expect(select).to_have_value("expert")
    expect(page.locator("form.new-game input[name=name_1]")).to_have_attribute(
        "placeholder", "Bot 1 (expert)")
    select.scroll_into_view_if_needed()
    _shot(page, "form")
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "game")
    found = page.evaluate(BY_EXPERT_HINT, [LIMIT, "thinking" if SHOTS else "", None])
    if found["paused"]:  # (screenshots: the hint thinking, then ranked by the expert)
        page.locator("#app .hint-box").scroll_into_view_if_needed()
        _shot(page, "hint-thinking")
        found = page.evaluate(BY_EXPERT_HINT, [LIMIT, "expert", found])
        if found["paused"]:
            page.locator("#app .hint-box").scroll_into_view_if_needed()
            _shot(page, "hint-expert")
        found = page.evaluate(BY_EXPERT_HINT, [LIMIT, "", found])
    took = time.perf_counter() - start
    print(f"against the expert by the hint: {took:.1f} s, {found}")
    assert found["error"] is None, found
    assert found["end"], found
    expect(page.locator(".end table.scores tbody tr")).to_have_count(2)
    expect(page.locator(".log")).to_contain_text("Bot 1")
    # The expert's searches were thought in slices: its own turns and the hint's.
    assert found["thought"] > 0 and found["thinking"] > 0, found
    # Every decision of every generation by the hint; those late at the action menu ranked
    # by the expert's search, unless this machine is too slow for it (then the hard
    # bot's ranking, counted in gaveUp: said, not failed).
    assert found["hinted"] > 0 and found["expert"] + found["gaveUp"] > 0, found
    assert not [w for w in warnings if "a bot failed" in w], warnings
    expect(page.locator("#alerts .fault")).to_have_count(0)
