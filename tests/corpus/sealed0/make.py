"""Record tests/corpus/sealed0/games.json: a 2-seat sealed game as the page kept it before
issue 43 (fair-deck messages of wire version 1: key parts with no proofs). Run it against
that version's code (commit ae53d10):

    git worktree add --detach /work/wt/old43 ae53d10
    PYTHONPATH=/work/wt/old43 .venv/bin/python tests/corpus/sealed0/make.py
    git worktree remove /work/wt/old43

Ann's and Bob's devices (each an App with its own storage and device key, as two
browsers) shuffle, set up and play by passing links until generation 3; recorded: what
each device's storage held, the last link Bob sent (Ann has not opened it yet), and each
device's seat.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.kits.games import form_fields  # noqa: E402
from tests.kits.keys import TestSigner  # noqa: E402
from tm.web.app import App  # noqa: E402
from tm.web.saves import MemoryStorage  # noqa: E402

OUT = Path(__file__).resolve().parent / "games.json"
NAMES = ["Ann", "Bob"]


def _device(salt: int, key: int) -> App:
    app = App(MemoryStorage(), clock=lambda: 1.8e12, base_url="https://tm.example/")
    app.entropy = random.Random(f"device {salt}").randbytes
    app.linkplay.state.signer = TestSigner(key)
    return app


def _play_own(app: App) -> None:
    for _ in range(400):
        if app.current() is None and app.staged() is None:
            return
        app.handle("answer_bot", {})
    raise AssertionError("the device never stopped deciding")


def _offer(app: App) -> tuple[str, str] | None:
    shown = app.screen_model().linkplay.sealed
    assert shown is not None
    if shown.send_to is None or shown.link is None:
        return None
    return shown.send_to, shown.link.split("#", 1)[1]


def record() -> dict[str, Any]:
    ann, bob = _device(1, 11), _device(2, 22)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    apps, sender = {"Ann": ann, "Bob": bob}, "Ann"
    for _ in range(1000):
        _play_own(apps[sender])
        offer = _offer(apps[sender])
        assert offer is not None
        to, link = offer
        if to == "Ann" and ann.shown.game is not None and ann.shown.game.state.generation >= 3:
            break
        apps[to].handle("open_link", {"text": "#" + link})
        assert apps[to].shown.notice is None, apps[to].shown.notice
        if apps[to].shown.meta.seat < 0:
            apps[to].handle("choose_seat", {"seat": NAMES.index(to)})
        sender = to
    game = ann.shown.game
    assert game is not None
    return {"names": NAMES, "game_id": ann.shown.meta.link_id,
            "generation": game.state.generation,
            "storage": {name: dict(sorted(app.store.storage.data.items()))  # type: ignore[attr-defined]
                        for name, app in apps.items()},
            "pending_link": link, "pending_to": "Ann"}


if __name__ == "__main__":
    OUT.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
