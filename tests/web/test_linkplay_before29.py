"""A game played by link before issue 29 (tests/corpus/linkplay0: no seals, no seats'
keys, an id made before ids were bound to their options) opens on today's page from
each device's storage as it was, and both devices play on, their links now signed."""
from __future__ import annotations

from typing import Any

from tests.kits.corpus import recorded
from tests.kits.keys import TestSigner
from tm.web import linkseals
from tm.web.app import App
from tm.web.saves import MemoryStorage

NOON = 1_796_126_400_000.0  # 2026-12-01 12:00 UTC, in ms


def _device(stored: dict[str, str], secret: int) -> App:
    """A device holding what it stored before, signing with its own key."""
    storage = MemoryStorage()
    for key, value in stored.items():
        storage.set(key, value)
    app = App(storage, clock=lambda: NOON, base_url="https://tm.example/")
    app.linkplay.state.signer = TestSigner(secret)
    return app


def _play_own(app: App) -> str:
    """Answer this device's decisions; the fragment of the link it offers to send."""
    while app.current() is not None:
        app.handle("answer_first", {})
    link = app.linkplay.snapshot().send_link
    assert link is not None
    return link.split("#", 1)[1]


def test_link_play_a_game_begun_before_seals_opens_and_both_devices_play_on() -> None:
    entry: dict[str, Any] = recorded("linkplay0")[0]
    ann = _device(entry["devices"]["Ann"], 11)
    ann.handle("open_link", {"text": entry["link"]})  # Bob's last link, not opened yet
    assert ann.shown.screen == "game" and ann.linkplay.state.older is None
    assert ann.shown.game is not None and ann.shown.game.digest() == entry["digest"]
    assert ann.shown.meta.seat == 0 and ann.shown.save_id == "link-" + entry["link_id"]
    to_bob = _play_own(ann)
    assert "&k=" in to_bob and "&s=" in to_bob
    bob = _device(entry["devices"]["Bob"], 22)
    bob.handle("open_link", {"text": to_bob})
    assert bob.shown.screen == "game" and bob.shown.meta.seat == 1
    assert bob.shown.game is not None and len(bob.shown.game.moves) > entry["moves"]
    ann.handle("open_link", {"text": _play_own(bob)})
    assert ann.shown.screen == "game" and ann.linkplay.state.older is None
    assert ann.shown.game is not None and ann.shown.game.moves == bob.shown.game.moves
    for device in (ann, bob):
        keys, kept = linkseals.read_record(device.store.storage, entry["link_id"])
        assert sorted(keys) == sorted(kept) == [0, 1]
