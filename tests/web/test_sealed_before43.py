"""Sealed games begun before issue 43 keep opening and playing (tests/corpus/sealed0): their
fair-deck messages are of wire version 1 (key parts with no proofs), and the game goes on
under those rules to the end, both audits passed. Likewise a game begun before wire
version 3 (tests/corpus/sealed1: version 2, a reshuffle's parts not proved), and one begun
before version 4 (tests/corpus/sealed2: version 3, a reshuffle's unlock steps not proved),
and one begun before version 6 (tests/corpus/sealed4: version 5, a proof a key part)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.kits.sealed_apps import device, offer, play_own
from tm.fairdeck import wire
from tm.linkplay import sealedlinks
from tm.web.app import App
from tm.web.saves import MemoryStorage

CORPORA = Path(__file__).resolve().parents[1] / "corpus"


def _corpus(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((CORPORA / name / "games.json").read_text())
    return loaded


def _continued(corpus: dict[str, Any], name: str, salt: int, key: int) -> App:
    """The device's storage as the corpus kept it, its game opened again."""
    storage = MemoryStorage()
    storage.data.update(corpus["storage"][name])
    app = device(storage, salt, key)
    app.handle("continue", {"save": "link-" + corpus["game_id"]})
    assert app.shown.notice is None, app.shown.notice
    return app


def _versions(link: str) -> set[int]:
    posts = sealedlinks.decode(link.split("&")[0]).posts
    return {wire.from_bytes(wire.to_bytes(wire.decode(p.message))).version for p in posts}


def test_a_sealed_game_begun_before_issue_43_opens_and_plays_to_the_end() -> None:
    _plays_to_the_end(_corpus("sealed0"), 1)


def test_a_sealed_game_of_wire_version_2_opens_and_plays_to_the_end() -> None:
    _plays_to_the_end(_corpus("sealed1"), 2)


def test_a_sealed_game_of_wire_version_3_opens_and_plays_to_the_end() -> None:
    _plays_to_the_end(_corpus("sealed2"), 3)


def test_a_sealed_game_of_wire_version_5_opens_and_plays_to_the_end() -> None:
    """tests/corpus/sealed4: a proof a part (before version 6 proved them together)."""
    _plays_to_the_end(_corpus("sealed4"), 5)


def _plays_to_the_end(corpus: dict[str, Any], version: int) -> None:
    """The corpus's game opened on both devices and played to the end by links, under
    its own ``version`` of the wire, both audits passed."""
    apps = {"Ann": _continued(corpus, "Ann", 1, 11), "Bob": _continued(corpus, "Bob", 2, 22)}
    sent: list[str] = []
    to, link = corpus["pending_to"], corpus["pending_link"]
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
    assert {v for text in sent for v in _versions(text)} == {version}  # its rules to the end
    for app in apps.values():
        app.handle("sealed_audit", {})
        shown = app.screen_model().linkplay.sealed
        assert shown is not None and shown.audit == ()
