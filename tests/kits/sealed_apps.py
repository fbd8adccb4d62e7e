"""Devices of a sealed game in CPython, for tests: an App with its own storage, randomness
and device key, its decisions answered as the hard bot would, and the link it offers."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from tests.kits.keys import TestSigner
from tm.core.state import Options
from tm.linkplay.sealedplay import Post, SealedSeat
from tm.web.app import App
from tm.web.saves import MemoryStorage
from tm.web.sealed_store import keep_options
from tm.web.sealedgame import Record, write_record


def device(storage: MemoryStorage | None = None, salt: int = 0, key: int = 11) -> App:
    """A device: its own storage (a fresh one by default), randomness and key."""
    app = App(storage or MemoryStorage(), clock=lambda: 1.8e12, base_url="https://tm.example/")
    app.entropy = random.Random(f"device {salt}").randbytes
    app.linkplay.state.signer = TestSigner(key)
    return app


def play_own(app: App) -> None:
    """This device's decisions, as the hard bot would answer them, until another's."""
    for _ in range(400):
        if app.current() is None and app.staged() is None:
            return
        app.handle("answer_bot", {})
    raise AssertionError("the device never stopped deciding")


def offer(app: App) -> tuple[str, str] | None:
    """The seat the device sends a link to now and the link's fragment (None: none)."""
    shown = app.screen_model().linkplay.sealed
    if shown is None or shown.send_to is None or shown.link is None:
        return None
    return shown.send_to, shown.link.split("#", 1)[1]


def reopened(data: dict[str, str], game_id: str, salt: int, key: int) -> App:
    """A device whose storage holds ``data`` (as a reload finds it), the sealed game
    ``game_id`` opened again from its record."""
    storage = MemoryStorage()
    storage.data.update(data)
    app = device(storage, salt, key)
    app.handle("continue", {"save": "link-" + game_id})
    assert app.shown.notice is None, app.shown.notice
    return app


def history(app: App) -> list[Post]:
    """The posts of the sealed game the device shows, as it holds them."""
    play = app.sealed.active()
    assert play is not None
    return list(play.history)


def page_of(game_id: str, options: Options, seat: int, seed: bytes, held: list[Post]) -> App:
    """A device (a page) whose record of the sealed game is ``held`` (its seat's seed
    ``seed``), the game opened from it (as a reload finds it)."""
    storage = MemoryStorage()
    keep_options(storage, game_id, options)
    write_record(storage, game_id, Record(seat, seed, [p.to_text() for p in held]))
    app = device(storage, salt=1, key=11)
    app.handle("continue", {"save": "link-" + game_id})
    assert app.shown.notice is None, app.shown.notice
    return app


@contextmanager
def noting(device: SealedSeat, note: Callable[[Post], None]) -> Iterator[None]:
    """Within it, ``note`` sees each post the engine table's ``device`` takes, before it
    takes it (its history then as it was)."""
    taken = SealedSeat.receive

    def receive(seat: SealedSeat, post: Post) -> list[Post]:
        if seat is device:
            note(post)
        return taken(seat, post)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SealedSeat, "receive", receive)
        yield
