"""Record tests/corpus/linkplay0/games.json: a 2-seat game played by link as the page kept
it before issue 29 (no link seals, no seats' keys). Run it against that version's code:

    git worktree add --detach /work/wt/old29 aae38d0
    PYTHONPATH=/work/wt/old29 .venv/bin/python tests/corpus/linkplay0/make.py
    git worktree remove /work/wt/old29

Ann's and Bob's devices (each an App with its own storage, as two browsers) play the
setup and a few moves each by passing links; recorded: what each device's storage held,
the last link Bob sent (Ann has not opened it yet) and the game it leads to.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tm.web.app import App
from tm.web.saves import MemoryStorage

OUT = Path(__file__).resolve().parent / "games.json"
NOON = 1_796_126_400_000.0  # 2026-12-01 12:00 UTC, in ms: the devices' clock


def _device() -> App:
    return App(MemoryStorage(), clock=lambda: NOON, base_url="https://tm.example/")


def _play_own(app: App, limit: int) -> None:
    """Answer this device's decisions (at most ``limit``) until another seat's is next."""
    for _ in range(limit):
        if app.current() is None:
            return
        app.handle("answer_first", {})


def _sent(app: App) -> str:
    """The fragment of the link the device offers to send."""
    link = app.linkplay.snapshot().send_link
    assert link is not None, "no link to send"
    return link.split("#", 1)[1]


def _storage(app: App) -> dict[str, str]:
    data: dict[str, str] = app.store.storage.data  # type: ignore[attr-defined]
    return dict(sorted(data.items()))


def record() -> dict[str, Any]:
    ann, bob = _device(), _device()
    fields = {"players": "2", "name_0": "Ann", "name_1": "Bob", "seed": "7",
              "corporate_era": "on", "by_link": "on"}
    ann.handle("new_game", fields)
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann, 50)
    bob.handle("open_link", {"text": _sent(ann)})
    bob.handle("choose_seat", {"seat": 1})
    for _ in range(3):  # each device plays on its turn and sends the game on
        _play_own(bob, 50)
        ann.handle("open_link", {"text": _sent(bob)})
        _play_own(ann, 50)
        bob.handle("open_link", {"text": _sent(ann)})
    _play_own(bob, 50)
    link = _sent(bob)
    game = bob.shown.game
    assert game is not None
    return {"name": "by-link-2p-before-29",
            "note": "a game played by link before issue 29 (no seals), made by "
                    "tests/corpus/linkplay0/make.py at commit aae38d0",
            "link_id": bob.shown.meta.link_id, "link": link, "moves": len(game.moves),
            "digest": game.digest(), "generation": game.state.generation,
            "devices": {"Ann": _storage(ann), "Bob": _storage(bob)}}


if __name__ == "__main__":
    entry = record()
    OUT.write_text(json.dumps([entry], indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(f"{OUT}: {entry['moves']} moves, generation {entry['generation']}\n")
