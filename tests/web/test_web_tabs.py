"""Two tabs on one saved game (two Apps over one store): no tab ever overwrites moves it
does not have; each hears the other's writes; leaving with unsaved moves asks first."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tm.game import Game
from tm.web.app import App, finishing_choice
from tm.web.saves import PREFIX, MemoryStorage

FORM = {"players": "1", "name_0": "Tab", "seed": "7", "corporate_era": "on"}


def _play(app: App, moves: int = 1) -> None:
    for _ in range(moves):
        decision = app.current()
        assert decision is not None
        app.handle("choose", {"index": decision[1].choices().index(finishing_choice(
            decision[1]))})
        _confirm_held(app)
        assert app.shown.notice is None, app.shown.notice


def _confirm_held(app: App) -> None:
    """Click the Confirm of an action the click completed (held until confirmed)."""
    stage = app.staged()
    if stage is not None and stage.held:
        app.handle("confirm_action", {})


def _stored_moves(storage: MemoryStorage, save_id: str) -> list[Any]:
    return list(json.loads(storage.data[PREFIX + save_id])["save"]["moves"])


class Tabs:
    """Two Apps on one store; every write is heard by the other, as the storage event
    does in browsers (never by the tab that wrote)."""

    def __init__(self) -> None:
        self.storage = MemoryStorage()
        self.a = App(_Announcing(self, "a"), clock=lambda: 1_000_000.0)
        self.b = App(_Announcing(self, "b"), clock=lambda: 1_000_000.0)
        self.deaf = False

    def wrote(self, writer: str, key: str, value: str | None) -> None:
        if not self.deaf:
            (self.b if writer == "a" else self.a).tabs.heard(key, value)


class _Announcing:
    """A view of the shared store that tells the other tab of each write."""

    def __init__(self, tabs: Tabs, name: str) -> None:
        self.tabs, self.name = tabs, name

    def get(self, key: str) -> str | None:
        return self.tabs.storage.get(key)

    def set(self, key: str, value: str) -> None:
        self.tabs.storage.set(key, value)
        self.tabs.wrote(self.name, key, value)

    def remove(self, key: str) -> None:
        self.tabs.storage.remove(key)
        self.tabs.wrote(self.name, key, None)

    def names(self) -> list[str]:
        return self.tabs.storage.names()


def _two_tabs_on_one_game() -> tuple[Tabs, str]:
    tabs = Tabs()
    tabs.a.handle("new_game", dict(FORM))
    _play(tabs.a, 6)
    save_id = tabs.a.shown.save_id
    assert save_id is not None
    tabs.b.handle("continue", {"save": save_id})
    assert tabs.b.shown.game is not None and len(tabs.b.shown.game.moves) == 6
    return tabs, save_id


def test_a_stale_tab_hears_the_other_and_plays_on_without_losing_a_move() -> None:
    tabs, save_id = _two_tabs_on_one_game()
    _play(tabs.a, 4)
    assert len(_stored_moves(tabs.storage, save_id)) == 10
    assert tabs.b.shown.game is not None and len(tabs.b.shown.game.moves) == 10  # heard, reloaded
    assert tabs.b.shown.info is not None and "another tab" in tabs.b.shown.info
    _play(tabs.b, 1)
    assert len(_stored_moves(tabs.storage, save_id)) == 11
    _play(tabs.a, 1)
    moves = _stored_moves(tabs.storage, save_id)
    assert len(moves) == 12
    assert tabs.a.shown.game is not None and tabs.b.shown.game is not None
    assert [list(m) for m in tabs.a.shown.game.moves] == moves[:12]


def test_a_tab_that_missed_the_other_never_overwrites_it() -> None:
    tabs, save_id = _two_tabs_on_one_game()
    tabs.deaf = True  # B hears nothing (a missed event)
    _play(tabs.a, 4)
    newer = tabs.storage.data[PREFIX + save_id]
    _play(tabs.b, 1)
    assert tabs.storage.data[PREFIX + save_id] == newer  # A's 10 moves kept
    assert tabs.b.tabs.save_state().conflict == "newer"
    assert "alert" in tabs.b.render()["alerts"] and "tabs_reload" in tabs.b.render()["alerts"]
    # Keep B's game as a copy: a second entry, A's untouched.
    tabs.b.handle("tabs_copy", {})
    assert tabs.b.shown.save_id != save_id and tabs.b.tabs.save_state().unsaved is None
    assert tabs.storage.data[PREFIX + save_id] == newer
    assert len(_stored_moves(tabs.storage, str(tabs.b.shown.save_id))) == 7


def test_load_the_newer_game_after_a_conflict() -> None:
    tabs, save_id = _two_tabs_on_one_game()
    tabs.deaf = True
    _play(tabs.a, 3)
    _play(tabs.b, 2)
    assert tabs.b.tabs.save_state().conflict == "newer"
    tabs.b.handle("tabs_reload", {})
    assert tabs.b.shown.game is not None and len(tabs.b.shown.game.moves) == 9
    assert tabs.b.tabs.save_state().conflict is None
    _play(tabs.b, 1)  # and B saves again
    assert len(_stored_moves(tabs.storage, save_id)) == 10


def test_undo_in_the_tab_holding_the_newest_version_is_saved_and_heard() -> None:
    tabs, save_id = _two_tabs_on_one_game()
    tabs.a.handle("undo", {})
    assert len(_stored_moves(tabs.storage, save_id)) == 5
    assert tabs.b.shown.game is not None and len(tabs.b.shown.game.moves) == 5


def test_a_game_deleted_in_another_tab_is_not_written_back_silently() -> None:
    tabs, save_id = _two_tabs_on_one_game()
    tabs.a.handle("menu", {})
    tabs.a.handle("delete", {"save": save_id})
    assert tabs.b.tabs.save_state().conflict == "deleted"
    _play(tabs.b, 1)
    assert PREFIX + save_id not in tabs.storage.data
    tabs.b.handle("menu", {})
    assert tabs.b.tabs.state.leaving and tabs.b.shown.game is not None  # asked first
    tabs.b.handle("tabs_copy", {})
    assert len(_stored_moves(tabs.storage, str(tabs.b.shown.save_id))) == 7


def test_menu_with_moves_the_full_store_refused_asks_first() -> None:
    storage = MemoryStorage()
    app = App(storage, clock=lambda: 1_000_000.0)
    app.handle("new_game", dict(FORM))
    _play(app, 2)
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())  # full now
    decision = app.current()
    assert decision is not None
    app.handle("choose", {"index": 0})
    _confirm_held(app)
    assert app.shown.notice is not None and "storage is full" in app.shown.notice
    app.handle("menu", {})
    assert app.tabs.state.leaving and app.shown.screen == "game"
    alerts = app.render()["alerts"]
    assert "export_current" in alerts and 'data-force="1"' in alerts
    app.handle("stay", {})
    assert not app.tabs.state.leaving and app.shown.game is not None
    app.handle("menu", {})
    app.handle("menu", {"force": "1"})
    assert app.shown.game is None and app.shown.screen == "start"


def test_room_made_again_saves_the_moves_the_full_store_refused() -> None:
    storage = MemoryStorage()
    app = App(storage, clock=lambda: 1_000_000.0)
    app.handle("new_game", dict(FORM))
    _play(app, 2)
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
    _play_ignoring_notice(app)
    assert app.tabs.save_state().unsaved == "full"
    storage.quota = None
    _play(app, 1)
    assert app.tabs.save_state().unsaved is None
    assert len(_stored_moves(storage, str(app.shown.save_id))) == 4


def _play_ignoring_notice(app: App) -> None:
    decision = app.current()
    assert decision is not None
    app.handle("choose", {"index": decision[1].choices().index(finishing_choice(decision[1]))})
    _confirm_held(app)




def test_a_tab_catches_up_by_the_new_moves_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    tabs, save_id = _two_tabs_on_one_game()
    replays: list[int] = []
    replay = Game.from_save

    def counted(data: Any) -> Game:
        replays.append(len(data["moves"]))
        return replay(data)

    monkeypatch.setattr(Game, "from_save", staticmethod(counted))
    _play(tabs.a, 3)
    assert tabs.b.shown.game is not None and len(tabs.b.shown.game.moves) == 9
    stored = json.loads(tabs.storage.data[PREFIX + save_id])["save"]
    assert tabs.b.shown.game.digest() == stored["checksum"]
    assert replays == []  # three moves applied, not nine replayed, each time
    tabs.a.handle("undo", {})  # not an extension: the whole game is read again
    assert replays == [8] and tabs.b.shown.game is not None and len(tabs.b.shown.game.moves) == 8
