"""Layout findings of issue 45: the start form does not move when the engine is ready (the
language select's place is held), and the globals of the end screen keep each value on one
line at 1366 px. TM_E2E_SHOTS=/some/folder saves the end screen's header there."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.helpers import CONTEXTS, expect, open_entry, save_shot, wait_ready
from tests.e2e.test_end_cards import finished
from tests.kits import games

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_start_form_keeps_its_place_when_the_engine_is_ready(
        new_page: Any, server: Server, size: str) -> None:
    page = new_page(**CONTEXTS[size])
    page.goto(server.url, wait_until="domcontentloaded")
    before = page.evaluate("document.querySelector('form.new-game').getBoundingClientRect().top")
    wait_ready(page)
    expect(page.locator("select[data-change=language]")).to_be_enabled()
    after = page.evaluate("document.querySelector('form.new-game').getBoundingClientRect().top")
    assert abs(after - before) < 1, (before, after)


def test_the_end_screens_globals_keep_each_value_on_one_line(new_page: Any, boot: Any) -> None:
    page = new_page(viewport={"width": 1366, "height": 768})
    boot(page)
    open_entry(page, "over", games._entry(finished()))
    values = page.locator(".globals .track-value")
    expect(values).to_have_count(3)
    lines = page.evaluate("""() => [...document.querySelectorAll('.globals .track-value')]
        .map((v) => [v.textContent, v.getClientRects().length])""")
    assert all(count == 1 for _, count in lines), lines
    save_shot(page, "end-globals-1366", clip={"x": 0, "y": 0, "width": 1366, "height": 260})
