"""Record tests/corpus/sealed4/games.json: a 2-seat sealed game as the page kept it before
wire version 6 (fair-deck messages of version 5: every proved key part with its own
proof), and reshuffle.json: every post of a 4-seat game on TEST_127 through its project
deck's first reshuffle to the end (version 5: a proof a part, the unlock steps proved).
Run a copy of it inside that version's code (commit f683ba7), so that it imports that code:

    git worktree add --detach /tmp/old f683ba7
    mkdir -p /tmp/old/tests/corpus/sealed4 && cp tests/corpus/sealed4/make.py "$_"
    (cd /tmp/old && PYTHONPATH=. ../../.venv/bin/python tests/corpus/sealed4/make.py)
    cp /tmp/old/tests/corpus/sealed4/*.json tests/corpus/sealed4/
    git worktree remove /tmp/old

Ann's and Bob's devices (each an App with its own storage and device key, as two
browsers) shuffle, set up and play by passing links until generation 3; recorded: what
each device's storage held, the last link Bob sent (Ann has not opened it yet), and each
device's seat. The 4-seat game: the posts in the order every device read them, and the
final state's sealed section (piles, generations, shown cards).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.kits.games import form_fields  # noqa: E402
from tests.kits.sealed_apps import device, offer, play_own  # noqa: E402
from tm import Options  # noqa: E402
from tm.bots import Bot  # noqa: E402
from tm.fairdeck import TEST_127  # noqa: E402
from tm.testing.sealed_table import Table  # noqa: E402

OUT = Path(__file__).resolve().parent / "games.json"
RESHUFFLED = Path(__file__).resolve().parent / "reshuffle.json"
NAMES = ["Ann", "Bob"]


def record() -> dict[str, Any]:
    """Two devices (the kit's, as tests/web/test_sealed_before43.py opens them again)
    until Ann would open a link of generation 3."""
    ann, bob = device(salt=1, key=11), device(salt=2, key=22)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    apps, sender = {"Ann": ann, "Bob": bob}, "Ann"
    for _ in range(1000):
        play_own(apps[sender])
        offered = offer(apps[sender])
        assert offered is not None
        to, link = offered
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


def record_reshuffle() -> dict[str, Any]:
    """A 4-seat base game on TEST_127 (the seats' seeds: ``seat_seed(seat)``) to the end."""
    bots = [Bot("hard", 100 + seat) for seat in range(4)]
    table = Table(Options(players=4, seed=5, expansions=[], sealed=True), TEST_127,
                  lambda seat, view: bots[seat].decide(view))
    table.shuffle()
    table.play_to_end()
    table.end()
    sealed = table.seats[0].game.state.sealed
    return {"players": 4, "seed": 5, "game_id": "g1",
            "posts": [post.to_text() for post in table.posts],
            "sealed": {key: sealed[key] for key in ("piles", "reshuffles", "shown")}}


if __name__ == "__main__":
    OUT.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    RESHUFFLED.write_text(json.dumps(record_reshuffle(), sort_keys=True) + "\n")
    print(f"wrote {RESHUFFLED} ({RESHUFFLED.stat().st_size} bytes)")
