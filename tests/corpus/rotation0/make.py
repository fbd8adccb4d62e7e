"""Record tests/corpus/rotation0/games.json: a sealed 2-seat game whose creator's seat was
taken back on a new device, with the creator's key rotated (``&o=``, issue 43), as the
page kept it when rotations began. Run it with the code of that version:

    PYTHONPATH=. .venv/bin/python tests/corpus/rotation0/make.py

Recorded (tests/web/test_sealed_creator_back.py's game): Bob's storage before the new
device's first link, that link (the re-invitation of Ann's seat and the rotation), Bob's
reply, the new device's storage before the reply and the lost device's storage (its last
moves made, not sent).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.kits.sealed_apps import device, offer, play_own
from tests.web.test_sealed_creator_back import ANN_SEED, lost
from tm.web.app import App

OUT = Path(__file__).resolve().parent / "games.json"


def _storage(app: App) -> dict[str, str]:
    data: dict[str, str] = app.store.storage.data  # type: ignore[attr-defined]
    return dict(sorted(data.items()))


def record() -> dict[str, Any]:
    game = lost.__wrapped__()  # type: ignore[attr-defined]
    bob_before = _storage(game.bob)
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": "#" + game.whole})
    new.handle("choose_seat", {"seat": 0, "seed": (ANN_SEED + game.creator).hex()})
    play_own(new)
    first = offer(new)
    assert first is not None
    new_before = _storage(new)
    game.bob.handle("open_link", {"text": "#" + first[1]})
    assert game.bob.shown.notice is None, game.bob.shown.notice
    play_own(game.bob)
    reply = offer(game.bob)
    assert reply is not None
    return {"note": "a sealed 2-seat game, Ann's seat taken back on a new device with the "
                    "creator's key rotated, made by tests/corpus/rotation0/make.py",
            "game_id": game.game_id, "bob": bob_before, "first": first[1],
            "new": new_before, "reply": reply[1], "lost": dict(sorted(game.stale.items()))}


if __name__ == "__main__":
    OUT.write_text(json.dumps([record()], indent=1, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
