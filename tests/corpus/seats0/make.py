"""Record tests/corpus/seats0/games.json: games played by link as the page kept them
before seats belonged to invitations (issue 43): seats' keys pinned on first use, game
ids bound to the options only. Run it against that version's code:

    mkdir /tmp/old43 && git archive ae53d10 tm tests/kits tests/__init__.py | tar -x -C /tmp/old43
    PYTHONPATH=/tmp/old43 .venv/bin/python tests/corpus/seats0/make.py

Recorded: a 3-seat game by link whose devices sign their links (each device's storage and
the links on their way, not opened yet), and a sealed 2-seat game whose join link Bob has
not opened yet (Ann's storage and that link).
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from tests.kits.keys import TestSigner
from tm.web.app import App
from tm.web.saves import MemoryStorage

OUT = Path(__file__).resolve().parent / "games.json"
NOON = 1_796_126_400_000.0  # 2026-12-01 12:00 UTC, in ms: the devices' clock


def _device(secret: int) -> App:
    app = App(MemoryStorage(), clock=lambda: NOON, base_url="https://tm.example/")
    app.entropy = random.Random(f"device {secret}").randbytes
    app.linkplay.state.signer = TestSigner(secret)
    return app


def _play_own(app: App) -> None:
    for _ in range(400):
        if app.current() is None and app.staged() is None:
            return
        app.handle("answer_first", {})


def _sent(app: App) -> tuple[str, str]:
    shown = app.linkplay.snapshot()
    assert shown.send_to is not None and shown.send_link is not None, "no link to send"
    return shown.send_to, shown.send_link.split("#", 1)[1]


def _storage(app: App) -> dict[str, str]:
    data: dict[str, str] = app.store.storage.data  # type: ignore[attr-defined]
    return dict(sorted(data.items()))


def by_link() -> dict[str, Any]:
    devices = {"Ann": _device(11), "Bob": _device(22), "Carl": _device(33)}
    ann = devices["Ann"]
    ann.handle("new_game", {"players": "3", "name_0": "Ann", "name_1": "Bob",
                            "name_2": "Carl", "seed": "7", "corporate_era": "on",
                            "by_link": "on"})
    ann.handle("choose_seat", {"seat": 0})
    seats = {"Ann": 0, "Bob": 1, "Carl": 2}
    sender = "Ann"
    for _ in range(12):  # each device plays on its turn and sends the game on
        _play_own(devices[sender])
        to, link = _sent(devices[sender])
        device = devices[to]
        device.handle("open_link", {"text": link})
        if device.shown.meta.seat < 0:
            device.handle("choose_seat", {"seat": seats[to]})
        sender = to
    _play_own(devices[sender])
    to, link = _sent(devices[sender])
    game = devices[sender].shown.game
    assert game is not None
    return {"name": "by-link-3p-signed-before-43",
            "note": "a 3-seat game by link with seats' keys pinned on first use, made by "
                    "tests/corpus/seats0/make.py at commit ae53d10",
            "link_id": devices[sender].shown.meta.link_id, "sender": sender, "to": to,
            "link": link, "moves": len(game.moves), "digest": game.digest(),
            "secrets": {"Ann": 11, "Bob": 22, "Carl": 33},
            "devices": {name: _storage(app) for name, app in devices.items()}}


def sealed_join() -> dict[str, Any]:
    ann = _device(11)
    ann.handle("new_game", {"players": "2", "name_0": "Ann", "name_1": "Bob", "seed": "5",
                            "corporate_era": "on", "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    shown = ann.screen_model().linkplay.sealed
    assert shown is not None and shown.link is not None and shown.send_to == "Bob"
    return {"name": "sealed-2p-join-before-43",
            "note": "a sealed game's join link to Bob, not opened yet, and Ann's storage, "
                    "made by tests/corpus/seats0/make.py at commit ae53d10",
            "link_id": ann.shown.meta.link_id, "link": shown.link.split("#", 1)[1],
            "secrets": {"Ann": 11, "Bob": 22}, "devices": {"Ann": _storage(ann)}}


if __name__ == "__main__":
    entries = [by_link(), sealed_join()]
    OUT.write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(f"{OUT}: {entries[0]['moves']} moves by link; a sealed join\n")
