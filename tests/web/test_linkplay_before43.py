"""Games played by link before seats belonged to invitations (tests/corpus/seats0: keys
pinned on first use, ids bound to the options only) open on today's page from each
device's storage as it was, and play on: a 3-seat game whose devices sign their links,
and a sealed game's join link made before."""
from __future__ import annotations

import random
from typing import Any

from tests.kits.corpus import recorded
from tests.kits.keys import TestSigner
from tm.linkplay import links, seatseals
from tm.persist import gameids, sigs
from tm.web import linkseals
from tm.web.app import App
from tm.web.saves import MemoryStorage

NOON = 1_796_126_400_000.0
SEATS = {"Ann": 0, "Bob": 1, "Carl": 2}


def _device(stored: dict[str, str], secret: int) -> App:
    storage = MemoryStorage()
    for key, value in stored.items():
        storage.set(key, value)
    app = App(storage, clock=lambda: NOON, base_url="https://tm.example/")
    app.entropy = random.Random(f"device {secret}").randbytes
    app.linkplay.state.signer = TestSigner(secret)
    return app


def _play_own(app: App) -> None:
    for _ in range(400):
        if app.current() is None and app.staged() is None:
            return
        app.handle("answer_first", {})


def test_link_play_a_3_seat_game_begun_before_invitations_plays_on() -> None:
    entry: dict[str, Any] = recorded("seats0")[0]
    assert not gameids.is_bound(entry["link_id"])
    devices = {name: _device(entry["devices"][name], secret)
               for name, secret in entry["secrets"].items()}
    to = devices[entry["to"]]
    to.handle("open_link", {"text": entry["link"]})  # the link on its way when recorded
    assert to.shown.screen == "game" and to.linkplay.state.older is None
    assert to.shown.game is not None and to.shown.game.digest() == entry["digest"]
    sender, moves = entry["to"], entry["moves"]
    for _ in range(12):  # each device plays on and sends the game on
        _play_own(devices[sender])
        shown = devices[sender].linkplay.snapshot()
        assert shown.send_to is not None and shown.send_link is not None
        assert "&b=" not in shown.send_link and "&i=" not in shown.send_link
        device = devices[shown.send_to]
        device.handle("open_link", {"text": shown.send_link.split("#", 1)[1]})
        assert device.shown.screen == "game" and device.linkplay.state.older is None, \
            device.linkplay.state.older
        assert device.shown.meta.seat == SEATS[shown.send_to]
        sender = shown.send_to
    game = devices[sender].shown.game
    assert game is not None and len(game.moves) > moves
    keys, _ = linkseals.read_record(devices[sender].store.storage, entry["link_id"])
    assert sorted(keys) == [0, 1, 2]


def test_link_play_a_sealed_join_made_before_invitations_opens_and_plays_on() -> None:
    entry: dict[str, Any] = recorded("seats0")[1]
    ann = _device(entry["devices"]["Ann"], entry["secrets"]["Ann"])
    bob = _device({}, entry["secrets"]["Bob"])
    bob.handle("open_link", {"text": entry["link"]})
    assert bob.shown.notice is None and bob.shown.screen == "seat"
    bob.handle("choose_seat", {"seat": 1})
    assert bob.shown.meta.seat == 1 and bob.shown.notice is None
    _play_own(bob)
    shown = bob.screen_model().linkplay.sealed
    assert shown is not None and shown.link is not None and shown.send_to == "Ann"
    ann.handle("open_link", {"text": shown.link.split("#", 1)[1]})
    assert ann.shown.notice is None and ann.shown.meta.seat == 0
    assert ann.sealed.active() is not None
    assert len(ann.sealed.active().history) > 0  # type: ignore[union-attr]


def _high_s(signature: bytes) -> bytes:
    """A signature's high-S twin (as WebCrypto gives about half the time)."""
    s = int.from_bytes(sigs.low_s(signature)[32:], "big")
    return signature[:32] + (sigs.N - s).to_bytes(32, "big")


def test_link_play_a_game_begun_before_invitations_still_takes_high_s_signatures() -> None:
    """Links players hold of such a game were signed before only low-S verified: a high-S
    signature there is taken in its low form (a game bound to its beginning refuses it:
    tests/web/test_linkplay_seats.py)."""
    entry: dict[str, Any] = recorded("seats0")[0]
    head, params = links.split_params(entry["link"])
    keys, signatures = seatseals.read_seals(params)
    twins = [sigs.SeatSignature(s.seat, s.upto, _high_s(s.signature)) for s in signatures]
    assert all(int.from_bytes(s.signature[32:], "big") > sigs.N // 2 for s in twins)
    to = _device(entry["devices"][entry["to"]], entry["secrets"][entry["to"]])
    fragment = links.with_params(head, {"p": params["p"]})
    to.handle("open_link", {"text": seatseals.with_seals(fragment, keys, twins)})
    assert to.shown.screen == "game" and to.linkplay.state.older is None
    assert to.shown.game is not None and to.shown.game.digest() == entry["digest"]
