"""The tab's title marks a game played by link that waits for this device (issue 45: a
player who left the tab sees their turn from another tab)."""
from __future__ import annotations

from tests.kits.games import form_fields
from tests.web.webkit import fragment, play_own, solo_app
from tm.web.app import App
from tm.web.saves import MemoryStorage

PLAIN = "Terraforming Mars"
MINE = "● Your turn — Terraforming Mars"


def _device() -> App:
    return App(MemoryStorage(), clock=lambda: 1_796_126_400_000.0, base_url="https://tm.example/")


def test_the_title_says_your_turn_while_the_link_game_waits_for_this_device() -> None:
    ann, bob = _device(), _device()
    assert ann.tab_title() == PLAIN  # the start screen
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on"})
    assert ann.tab_title() == PLAIN  # choosing a seat: nobody's turn here yet
    ann.handle("choose_seat", {"seat": 0})
    assert ann.tab_title() == MINE
    play_own(ann)  # Ann's setup chosen: the game waits for Bob
    assert ann.tab_title() == PLAIN
    bob.handle("open_link", {"text": fragment(ann.linkplay.snapshot().send_link)})
    bob.handle("choose_seat", {"seat": 1})
    assert bob.tab_title() == MINE
    play_own(bob)
    assert bob.tab_title() == PLAIN
    ann.handle("open_link", {"text": fragment(bob.linkplay.snapshot().send_link)})
    assert ann.tab_title() == MINE  # the link arrived: Ann's first action


def test_the_title_speaks_the_page_language() -> None:
    ann = _device()
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on"})
    ann.handle("choose_seat", {"seat": 0})
    expected = {"de": "● Du bist am Zug — Terraforming Mars",
                "ja": "● あなたの手番 — テラフォーミング・マーズ",
                "be": "● Ваш ход — Землеўтварэньне Марса"}
    for lang, title in expected.items():
        ann.use_language(lang)
        assert ann.tab_title() == title


def test_a_game_on_one_device_keeps_the_plain_title() -> None:
    assert solo_app().tab_title() == PLAIN  # (one device plays every seat: no marker)
