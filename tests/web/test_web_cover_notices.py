"""The seat check of a sealed game on a device invited after the creator (issue 45): only
its own free seat offered, and a notice shown while the check hides the game drawn on the
check, where the player looks, never under it."""
from __future__ import annotations

import re

from tests.kits.games import form_fields
from tests.kits.sealed_apps import device, play_own
from tests.web.webkit import page

COVER = re.compile(r'<div class="handoff[^"]*"[^>]*>(.*)', re.S)


def test_a_notice_on_the_seat_check_is_inside_it() -> None:
    ada, ben = device(salt=1, key=11), device(salt=2, key=22)
    ada.handle("new_game", {**form_fields(3, ["Ada", "Ben", "Cy"], 5), "by_link": "on",
                            "sealed": "on"})
    ada.handle("choose_seat", {"seat": 0})
    play_own(ada)
    link = ada.screen_model().linkplay.sealed
    assert link is not None and link.link is not None
    ben.handle("open_link", {"text": link.link.split("#", 1)[1]})
    assert ben.shown.screen == "seat"
    seats = re.findall(r'<div class="seats">(.*?)</div>', page(ben))[0]
    assert 'data-action="choose_seat" data-seat="1"' in seats  # Ben's own seat only
    assert 'data-seat="0"' in seats and 'data-action="choose_seat" data-seat="0"' not in seats
    ben.handle("choose_seat", {"seat": 0})  # (a click raced by a redraw): refused
    drawn = page(ben)
    assert ben.shown.notice and ben.shown.screen == "seat"
    cover = COVER.search(drawn)
    assert cover is not None and cover.group(1).startswith('<div class="notice" role="alert">')
    assert drawn.count('class="notice"') == 1

