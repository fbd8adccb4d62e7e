"""Undo by link with three seats (issue 43, item 2), driven in CPython as three devices,
each with its own storage and keys: a request is passed on from seat to seat and the game
goes back only when every seat agreed; a refusal travels back signed by the refusing seat
(an unsigned or forged one is not taken, naming the seat); a request asked of a seat is kept
until answered, so a reload still shows it."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.kits.games import form_fields
from tests.web.webkit import fragment as _fragment
from tests.web.webkit import page_text as _page
from tests.web.webkit import play_own as _play_own
from tests.web.webkit import sent_link as _sent
from tests.web.webkit import signing_device, text
from tests.web.webkit import undo_link as _undo_link
from tm.linkplay import links
from tm.web import linkundo
from tm.web.app import App
from tm.web.i18n import speaking
from tm.web.linkundo_html import undo_panel
from tm.web.model_links import UndoShown

NAMES = ["Ann", "Bob", "Carl"]








def _moves(app: App) -> list[list[object]]:
    assert app.shown.game is not None
    return list(app.shown.game.moves)


@dataclass
class Table:
    """Three devices of a 3-seat game by link; Ann's first action sent to Bob, who holds
    it (Carl holds the game up to his own setup)."""

    ann: App
    bob: App
    carl: App

    def devices(self) -> dict[str, App]:
        return {"Ann": self.ann, "Bob": self.bob, "Carl": self.carl}


def _table() -> Table:
    ann, bob, carl = signing_device(11), signing_device(22), signing_device(33)
    ann.handle("new_game", {**form_fields(3, NAMES, 5), "by_link": "on"})
    ann.handle("choose_seat", {"seat": 0})
    carl_invite = _fragment(dict(ann.linkplay.snapshot().invites)[2])
    _play_own(ann)
    bob.handle("open_link", {"text": _sent(ann)})
    bob.handle("choose_seat", {"seat": 1})
    _play_own(bob)
    carl.handle("open_link", {"text": carl_invite})
    carl.handle("choose_seat", {"seat": 2})
    carl.handle("open_link", {"text": _sent(bob)})
    table, sender = Table(ann, bob, carl), "Carl"
    devices = table.devices()
    while True:  # the game goes round (Bob plays first) until Ann's first action is sent
        _play_own(devices[sender])
        to = devices[sender].linkplay.snapshot().send_to
        assert to is not None
        devices[to].handle("open_link", {"text": _sent(devices[sender])})
        assert _moves(devices[to]) == _moves(devices[sender])
        if sender == "Ann":
            assert to == "Bob"
            return table
        sender = to


def _asked_and_passed_on(table: Table) -> tuple[list[list[object]], int]:
    """Ann asks to take back her sent action; Bob accepts: the request goes on to Carl.
    The moves sent and where the request takes them back to."""
    sent = _moves(table.ann)
    table.ann.handle("undo", {})
    ask = table.ann.linkundo.snapshot()
    assert ask is not None and ask.kind == "ask" and ask.to == "Bob"
    back_to = ask.move - 1
    table.bob.handle("open_link", {"text": _undo_link(table.ann)})
    assert "Ann asks to take back" in _page(table.bob)
    table.bob.handle("undo_accept", {})
    assert _moves(table.bob) == sent  # not yet: Carl must agree too
    passing = table.bob.linkundo.snapshot()
    assert passing is not None and passing.kind == "pass" and passing.to == "Carl"
    assert "Send the request on to Carl" in _page(table.bob)
    return sent, back_to


def _goes_on(table: Table, sender: str, rounds: int = 6) -> None:
    """Each device plays its turn and sends the game to the next: every device takes it."""
    devices = table.devices()
    for _ in range(rounds):
        _play_own(devices[sender])
        shown = devices[sender].linkplay.snapshot()
        assert shown.send_to is not None
        to = devices[shown.send_to]
        to.handle("open_link", {"text": _sent(devices[sender])})
        assert to.shown.screen == "game" and to.linkplay.state.older is None, \
            to.linkplay.state.older
        assert _moves(to) == _moves(devices[sender])
        undo = to.linkundo.snapshot()
        assert undo is None or not undo.kind, undo  # nothing left to send on anywhere
        sender = shown.send_to


def test_link_undo_three_seats_the_request_is_passed_on_and_the_game_goes_on() -> None:
    table = _table()
    sent, back_to = _asked_and_passed_on(table)
    table.carl.handle("open_link", {"text": _undo_link(table.bob)})
    assert table.carl.shown.screen == "game" and _moves(table.carl) == sent
    assert "Ann asks to take back" in _page(table.carl)
    table.carl.handle("undo_accept", {})  # the last seat to agree takes the game back
    assert _moves(table.carl) == sent[:back_to]
    assert "You agreed" in _page(table.carl)
    # Carl's next link carries every seat's agreement: Ann takes the game back with it
    assert table.carl.linkplay.snapshot().send_to == "Ann"
    table.ann.handle("open_link", {"text": _sent(table.carl)})
    assert _moves(table.ann) == sent[:back_to] and "Every player agreed" in _page(table.ann)
    _goes_on(table, "Ann")  # and Bob, who agreed first, follows when the game reaches him
    assert table.bob.linkundo.record().asking is None


def test_link_undo_three_seats_a_refusal_after_an_agreement_keeps_every_game() -> None:
    table = _table()
    sent, _ = _asked_and_passed_on(table)
    table.carl.handle("open_link", {"text": _undo_link(table.bob)})
    table.carl.handle("undo_refuse", {"reason": "no"})
    answer = table.carl.linkundo.snapshot()
    assert answer is not None and answer.kind == "answer" and answer.to == "Ann"
    table.ann.handle("open_link", {"text": _undo_link(table.carl)})
    assert "Carl refused to take back your moves: “no”" in _page(table.ann)
    assert _moves(table.ann) == _moves(table.bob) == _moves(table.carl) == sent
    _goes_on(table, "Bob")


def _refusal_of_bob() -> tuple[Table, str]:
    """A 3-seat table where Bob refuses Ann's request: the link of his answer."""
    table = _table()
    table.ann.handle("undo", {})
    table.bob.handle("open_link", {"text": _undo_link(table.ann)})
    table.bob.handle("undo_refuse", {"reason": "too late"})
    return table, _undo_link(table.bob)


def test_link_undo_a_refusal_is_signed_by_the_refusing_seat() -> None:
    table, answer = _refusal_of_bob()
    refusal = linkundo.read_param(links.split_params(answer)[1])
    assert isinstance(refusal, linkundo.Refusal) and refusal.seat == 1
    assert len(refusal.signature) == 64 and refusal.reason == "too late"
    assert int.from_bytes(refusal.signature[32:], "big") <= linkundo.sigs.N // 2  # low-S
    table.ann.handle("open_link", {"text": answer})
    assert "Bob refused to take back your moves" in _page(table.ann)
    assert table.ann.linkundo.record().asking is None


def _with_refusal(link: str, refusal: linkundo.Refusal) -> str:
    """The link with another refusal in its ``&u=`` (a relay's or a hostile device's)."""
    head, _, _ = link.partition(f"&{linkundo.PARAM}=")
    return f"{head}&{linkundo.PARAM}={linkundo.param_of(refusal)}"


def test_link_undo_an_unsigned_or_forged_refusal_is_not_taken_naming_the_seat() -> None:
    table, answer = _refusal_of_bob()
    refusal = linkundo.read_param(links.split_params(answer)[1])
    assert isinstance(refusal, linkundo.Refusal)
    unsigned = linkundo.Refusal(refusal.back_to, refusal.upto, refusal.asker, 1, "")
    reworded = linkundo.Refusal(refusal.back_to, refusal.upto, refusal.asker, 1, "cheater",
                                signature=refusal.signature)  # Bob's signature, other words
    for forged in (unsigned, reworded):
        table.ann.handle("open_link", {"text": _with_refusal(answer, forged)})
        assert "Bob's device did not sign" in _page(table.ann)
        assert "refused to take back" not in _page(table.ann)
        assert table.ann.linkundo.record().asking is not None  # the request still waits
    table.ann.handle("open_link", {"text": answer})  # Bob's own, signed
    assert "Bob refused to take back your moves: “too late”" in _page(table.ann)


def test_link_undo_a_request_asked_of_this_seat_is_still_shown_after_a_reload() -> None:
    table = _table()
    table.ann.handle("undo", {})
    table.bob.handle("open_link", {"text": _undo_link(table.ann)})
    assert "Ann asks to take back" in _page(table.bob)
    reloaded = signing_device(22, table.bob.store.storage)  # type: ignore[arg-type]
    reloaded.handle("continue", {"save": table.bob.shown.save_id})
    assert "Ann asks to take back" in _page(reloaded)
    reloaded.handle("undo_refuse", {"reason": ""})
    again = signing_device(22, table.bob.store.storage)  # type: ignore[arg-type]
    again.handle("continue", {"save": table.bob.shown.save_id})
    assert "asks to take back" not in _page(again)  # answered: not asked again
    assert again.linkundo.snapshot() is not None and again.linkundo.snapshot().kind == "answer"  # type: ignore[union-attr]


def test_link_undo_a_request_is_not_taken_when_the_store_is_full() -> None:
    table = _table()
    table.ann.handle("undo", {})
    request = _undo_link(table.ann)
    storage = table.bob.store.storage
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())  # type: ignore[attr-defined]
    before = dict(storage.data)  # type: ignore[attr-defined]
    table.bob.handle("open_link", {"text": request})
    assert "asks to take back" not in _page(table.bob)
    assert dict(storage.data) == before  # type: ignore[attr-defined]
    assert table.bob.tabs.state.full  # (#alerts offers export)


@pytest.mark.parametrize(("lang", "one", "three", "five"), [
    ("en", "their move 9.", "(3 moves)", "Your 5 moves"),
    ("de", "(1 Zug)", "(3 Züge)", "Deine 5 Züge"),
    ("ja", "（1手）", "（3手）", "5手"),
    ("be", "(1 ход)", "(3 хады)", "Вашыя 5 хадоў")])
def test_link_undo_counts_moves_in_every_language(lang: str, one: str, three: str,
                                                  five: str) -> None:
    def words(count: int, own: int) -> str:
        with speaking(lang):
            return text(undo_panel(UndoShown(asked=("Ann", 9, count, own, True))))
    assert one in words(1, 0) and three in words(3, 5) and five in words(3, 5)
    assert "(1 moves)" not in words(1, 1) and "Your 1 moves" not in words(1, 1)
