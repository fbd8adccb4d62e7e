"""The seat check of a sealed game on the device of a player invited after the creator
(issue 45): the seats other devices play are not offered, and a notice shown meanwhile
is drawn on the check, not under it. By taps, on a phone.

TM_E2E_SHOTS=/some/folder saves the screens there."""
from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.clickdriver import Device, start_sealed
from tests.e2e.helpers import CONTEXTS, expect, save_shot, wait_ready, wait_screen
from tests.e2e.linkkit import DESKTOP

pytestmark = pytest.mark.e2e




def _on_top(page: Any, selector: str) -> bool:
    """Whether the element's middle is drawn on top (not covered by anything)."""
    return bool(page.evaluate("""(sel) => { const el = document.querySelector(sel);
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && (el === top || el.contains(top)); }""", selector))


def test_a_joining_phone_is_offered_only_its_free_seat_and_sees_its_notices(
        new_page: Any, boot: Any) -> None:
    ada = Device(new_page(viewport=DESKTOP), "Ada")
    boot(ada.page)
    start_sealed(ada, ["Ada", "Ben", "Cy"])
    link = ada.play_own()
    assert link is not None and ada.send_to() == "Ben"
    ben = new_page(**CONTEXTS["phone"])
    ben.goto(link)
    wait_ready(ben)
    wait_screen(ben, "seat")
    check = ben.locator(".seat-check")
    expect(check.get_by_role("button", name="I am Ben")).to_be_enabled()
    expect(check.get_by_role("button", name="I am Ada")).to_have_count(0)
    expect(check.locator("button", has_text="Ada")).to_be_disabled()
    save_shot(ben, "seat-phone-check")
    # A damaged link pasted meanwhile: its notice shows on the check, where Ben looks.
    ben.goto(link.split("#", 1)[0] + "#s=" + link.split("#s=", 1)[1][:40])
    wait_ready(ben)
    notice = ben.locator("#app .notice")
    expect(notice).to_be_visible()
    assert _on_top(ben, "#app .notice"), "the notice is drawn under the seat check"
    save_shot(ben, "seat-phone-notice")
