"""Undo in play by link (issue 43, item 2), driven in CPython as two devices: free until a
move has been sent; then a request the other seat accepts or refuses by link; a fork that
happened anyway mended on the device holding the superseded branch."""
from __future__ import annotations

import pytest

from tests.kits.games import form_fields
from tests.kits.keys import TestSigner
from tests.web.webkit import page_text as _page
from tests.web.webkit import play_own as _play_own
from tests.web.webkit import sent_link as _sent
from tests.web.webkit import undo_link as _undo_link
from tm.persist import sigs
from tm.web.app import App
from tm.web.i18n import catalog
from tm.web.saves import MemoryStorage

CLOCK = 1_796_126_400_000.0


def _app() -> App:
    return App(MemoryStorage(), clock=lambda: CLOCK, base_url="https://tm.example/")






class HighSSigner(TestSigner):
    """A device whose signatures come in their high-S form, as WebCrypto's do about half
    the time (the links carry the low form)."""

    __test__ = False

    def sign(self, link_id: str, seat: int, message: bytes) -> bytes:
        signature = self.key.sign(message)
        low = sigs.low_s(signature)
        s = int.from_bytes(low[32:], "big")
        return low[:32] + (sigs.N - s).to_bytes(32, "big")


def _pair(ann_signer: TestSigner | None = None) -> tuple[App, App]:
    """Ann and Bob, each signing on their own device: both setups played and sent, Ann's
    first turn played up to its link to Bob (not sent yet)."""
    ann, bob = _app(), _app()
    ann.linkplay.state.signer = ann_signer or TestSigner(11)
    bob.linkplay.state.signer = TestSigner(22)
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on"})
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    bob.handle("open_link", {"text": _sent(ann)})
    bob.handle("choose_seat", {"seat": 1})
    _play_own(bob)
    ann.handle("open_link", {"text": _sent(bob)})
    _play_own(ann)
    assert ann.linkplay.snapshot().send_to == "Bob"
    return ann, bob


def _moves(app: App) -> list[list[object]]:
    assert app.shown.game is not None
    return list(app.shown.game.moves)


def test_link_undo_before_sending_is_free() -> None:
    ann, _ = _pair()
    before = _moves(ann)
    assert ann.share.can_undo()
    ann.handle("undo", {})
    assert _moves(ann) == before[:-1]  # taken back at once: nothing left this device
    assert ann.linkundo.snapshot() is None or not ann.linkundo.snapshot().kind  # type: ignore[union-attr]


def test_link_undo_after_sending_asks_the_other_seat() -> None:
    ann, _ = _pair()
    _sent(ann)
    before = _moves(ann)
    ann.handle("undo", {})
    assert _moves(ann) == before  # nothing taken back on this device alone
    shown = ann.linkundo.snapshot()
    assert shown is not None and shown.kind == "ask" and shown.to == "Bob" and shown.link
    assert "&u=a." in shown.link
    page = _page(ann)
    assert "Ask Bob to take back your moves" in page and "Send to Bob" not in page
    assert not ann.share.can_undo()  # its answer is awaited


def test_link_undo_accepted_on_the_other_device_takes_both_back() -> None:
    ann, bob = _pair()
    bob.handle("open_link", {"text": _sent(ann)})  # Bob holds Ann's turn
    sent = _moves(ann)
    ann.handle("undo", {})
    back_to = ann.linkundo.snapshot().move - 1  # type: ignore[union-attr]
    bob.handle("open_link", {"text": _undo_link(ann)})
    assert bob.shown.screen == "game" and _moves(bob) == sent
    assert "Ann asks to take back their moves since move" in _page(bob)
    bob.handle("undo_accept", {})
    assert _moves(bob) == sent[:back_to]  # taken back on Bob's device
    assert "You agreed" in _page(bob)
    ann.handle("open_link", {"text": _sent(bob)})  # the agreement travels back by link
    assert _moves(ann) == sent[:back_to] and ann.shown.screen == "game"
    assert "Every player agreed" in _page(ann)
    assert ann.shown.redo_moves == sent[back_to:]  # Ann may play them again
    assert ann.current() is not None and ann.share.can_undo() is False
    # and the game goes on for both: Ann plays her turn again and Bob takes it
    _play_own(ann)
    bob.handle("open_link", {"text": _sent(ann)})
    assert bob.shown.screen == "game" and _moves(bob) == _moves(ann)
    assert bob.linkplay.state.older is None


def test_link_undo_a_high_s_agreement_is_sent_low_and_accepted() -> None:
    ann, bob = _pair(HighSSigner(11))
    bob.handle("open_link", {"text": _sent(ann)})
    ann.handle("undo", {})
    bob.handle("open_link", {"text": _undo_link(ann)})
    assert "Ann asks to take back their moves since move" in _page(bob)


def test_link_undo_refused_keeps_both_and_the_asker_sees_why() -> None:
    ann, bob = _pair()
    bob.handle("open_link", {"text": _sent(ann)})
    sent = _moves(ann)
    ann.handle("undo", {})
    bob.handle("open_link", {"text": _undo_link(ann)})
    bob.handle("undo_refuse", {"reason": "  you saw my   hand "})
    assert _moves(bob) == sent
    shown = bob.linkundo.snapshot()
    assert shown is not None and shown.kind == "answer" and shown.to == "Ann"
    ann.handle("open_link", {"text": _undo_link(bob)})
    assert _moves(ann) == sent and ann.shown.screen == "game"
    assert "Bob refused to take back your moves: “you saw my hand”" in _page(ann)
    assert ann.linkundo.snapshot() is None or not ann.linkundo.snapshot().kind  # type: ignore[union-attr]
    assert ann.share.can_undo()  # Ann may ask again


def test_link_undo_a_forged_request_is_not_shown() -> None:
    ann, bob = _pair()
    bob.handle("open_link", {"text": _sent(ann)})
    ann.handle("undo", {})
    link = _undo_link(ann)
    head, _, tail = link.partition("&u=a.")
    fields = tail.split("~")
    fields[1] = fields[1][:2] + ("A" if fields[1][2] != "A" else "B") + fields[1][3:]
    bob.handle("open_link", {"text": head + "&u=a." + "~".join(fields)})  # signature changed
    assert bob.linkundo.state.incoming is None and "asks to take back" not in _page(bob)


def test_link_undo_never_crosses_a_reveal() -> None:
    ann, _ = _pair()
    game = ann.shown.game
    assert game is not None
    _sent(ann)
    ann.handle("undo", {})
    shown = ann.linkundo.snapshot()
    assert shown is not None and shown.move - 1 >= game.undo_floor()


def _old_version_fork() -> tuple[App, App, list[list[object]]]:
    """Ann's device (as an older version did) took back a sent move and played another:
    Bob holds the branch Ann left, Ann's new link changes her move."""
    ann, bob = _pair()
    bob.handle("open_link", {"text": _sent(ann)})
    left = _moves(bob)
    game = ann.shown.game
    assert game is not None
    index = max(i for i, (p, _) in enumerate(game.moves) if p == 0)
    while len(game.moves) > index:
        game.undo(1)
    prompt = dict(game.pending)[0]
    other = next(c.response for c in prompt.choices() if c.response != left[index][1])
    game.respond(0, other)
    ann.linkplay.state.send_cache = None
    ann.autosave()
    _play_own(ann)
    return ann, bob, left


def test_link_undo_a_fork_is_mended_by_adopting_the_other_history() -> None:
    ann, bob, left = _old_version_fork()
    bob.handle("open_link", {"text": _sent(ann)})
    assert bob.shown.screen == "older"
    older = bob.linkplay.state.older
    assert older is not None and older.fork == "changes" and older.mendable
    assert "Take this link's game" in _page(bob)
    bob.handle("fork_adopt", {})
    assert bob.shown.screen == "game" and _moves(bob) == _moves(ann)
    assert "now follows the link's game" in _page(bob)
    # Bob's own branch opens as a replay
    bob.handle("branch_replay", {})
    assert bob.shown.screen == "replay" and bob.shown.replay is not None
    assert bob.shown.replay.moves == left
    bob.handle("replay_exit", {})
    assert _moves(bob) == _moves(ann)
    # and the game goes on for both
    _play_own(bob)
    ann.handle("open_link", {"text": _sent(bob)})
    assert ann.shown.screen == "game" and _moves(ann) == _moves(bob)


def test_link_undo_a_fork_changing_this_seats_move_is_not_mendable() -> None:
    ann, bob, _ = _old_version_fork()
    bob.handle("open_link", {"text": _sent(ann)})
    bob.handle("older_newer", {})  # "Keep my game"
    _play_own(bob)
    link = _sent(bob)  # built on the branch Ann's device left
    ann.handle("open_link", {"text": link})
    older = ann.linkplay.state.older
    assert older is not None and older.fork and not older.mendable


@pytest.mark.parametrize("lang", ["en", "de", "ja", "be"])
def test_link_undo_words_exist_in_every_language(lang: str) -> None:
    words = catalog(lang)
    for key in ("linkundo.asked.other", "linkundo.refusal_unsigned", "linkundo.accept",
                "linkundo.refuse", "linkundo.refused_because", "linkundo.adopt", "linkundo.adopted",
                "linkundo.ask_title", "linkundo.see_left"):
        assert words.get(key), (lang, key)
    if lang != "en":
        assert words["linkundo.accept"] != catalog("en")["linkundo.accept"]
