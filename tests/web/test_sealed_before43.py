"""Sealed games begun before issue 43 keep opening and playing (tests/corpus/sealed0): their
fair-deck messages are of wire version 1 (key parts with no proofs), and the game goes on
under those rules to the end, both audits passed."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.kits.sealed_apps import device, offer, play_own
from tm.fairdeck import wire
from tm.persist import sealedlinks
from tm.web.app import App
from tm.web.saves import MemoryStorage

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "corpus" / "sealed0"
                     / "games.json").read_text())


def _continued(name: str, salt: int, key: int) -> App:
    """The device's storage as the corpus kept it, its game opened again."""
    storage = MemoryStorage()
    storage.data.update(CORPUS["storage"][name])
    app = device(storage, salt, key)
    app.handle("continue", {"save": "link-" + CORPUS["game_id"]})
    assert app.shown.notice is None, app.shown.notice
    return app


def _versions(link: str) -> set[int]:
    posts = sealedlinks.decode(link.split("&")[0]).posts
    return {wire.from_bytes(wire.to_bytes(wire.decode(p.message))).version for p in posts}


def test_a_sealed_game_begun_before_issue_43_opens_and_plays_to_the_end() -> None:
    apps = {"Ann": _continued("Ann", 1, 11), "Bob": _continued("Bob", 2, 22)}
    sent: list[str] = []
    to, link = CORPUS["pending_to"], CORPUS["pending_link"]
    for _ in range(1000):
        apps[to].handle("open_link", {"text": "#" + link})
        assert apps[to].shown.notice is None, apps[to].shown.notice
        play_own(apps[to])
        offered = offer(apps[to])
        if offered is None:
            break
        to, link = offered
        sent.append(link)
    games: list[Any] = [app.shown.game for app in apps.values()]
    assert all(game is not None and game.is_over for game in games)
    assert games[0].digest() == games[1].digest()
    assert {v for text in sent for v in _versions(text)} == {1}  # old rules to the end
    for app in apps.values():
        app.handle("sealed_audit", {})
        shown = app.screen_model().linkplay.sealed
        assert shown is not None and shown.audit == ()
