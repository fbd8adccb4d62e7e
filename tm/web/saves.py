"""Saved games in a key-value store (the browser's localStorage), keys under ``tm:``.

Every entry carries a format version; an entry that cannot be read is reported as
damaged and skipped, never deleted and never fatal. A full store raises
:class:`StorageFull` so the caller can tell the player and play on.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from tm.core.errors import SaveError, reason
from tm.core.values import is_int
from tm.game import Game
from tm.persist import safejson

PREFIX = "tm:save:"
ENTRY_FORMAT = 1


class Storage(Protocol):
    """The part of the Web Storage API the app uses."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def names(self) -> list[str]: ...


class StorageFull(Exception):
    """The store refused a write (quota exceeded)."""


class MemoryStorage:
    """A dict-backed Storage for tests and for browsers without localStorage."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def names(self) -> list[str]:
        return list(self.data)


@dataclass
class SaveMeta:
    """What the start screen shows of a save without replaying it."""

    names: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    generation: int = 1
    updated: float = 0.0
    over: bool = False
    link_id: str = ""  # a game played by link: its id, the same on every device
    seat: int = -1  # in such a game, the seat this device plays (-1: not chosen yet)
    daily: str = ""  # a daily challenge: its date (YYYY-MM-DD)


@dataclass
class SaveEntry:
    """One row of the saved-games list: a readable save or a damaged one."""

    key: str
    save_id: str
    meta: SaveMeta | None
    damaged: bool = False


def entry_text(game: Game, meta: SaveMeta) -> str:
    """The stored text of a game."""
    return entry_text_of(game.to_save(), meta)


def entry_text_of(save: dict[str, Any], meta: SaveMeta) -> str:
    """The stored text of an engine save (``Game.to_save()``) with its meta."""
    return json.dumps({"format": ENTRY_FORMAT, "kind": "tm-save", "meta": meta.__dict__,
                       "save": save}, separators=(",", ":"))


_UNSAFE_REASONS = {
    "too large": reason("entry.too_large", "it is far too large to be a saved game"),
    "nested too deeply": reason("entry.too_deep", "it is nested far more deeply than a saved game"),
    "not valid JSON": reason("entry.not_json", "it is not in the format of a saved game (JSON)"),
    "not text": reason("entry.not_text", "it is not text")}


def parse_entry(text: str | None) -> tuple[SaveMeta, dict[str, Any]]:
    """(meta, engine save) of a stored entry or an exported file; SaveError, in plain words
    (a reason after "cannot be opened: "), when it is not one of ours."""
    try:
        data = safejson.loads(text or "")
    except safejson.UnsafeJson as error:
        unsafe = _UNSAFE_REASONS.get(str(error))
        raise SaveError(unsafe or reason("entry.not_save", "it is not a saved game")) from error
    if not isinstance(data, dict) or data.get("kind") != "tm-save":
        raise SaveError(reason("entry.not_ours", "it is not a saved game of this site"))
    if data.get("format") != ENTRY_FORMAT:
        written = str(data.get("format"))[:20]
        raise SaveError(reason("entry.format", f"it was written in another format ({written}) "
                               f"than this version reads ({ENTRY_FORMAT})", format=written,
                               known=ENTRY_FORMAT))
    raw_meta, save = data.get("meta"), data.get("save")
    if not isinstance(raw_meta, dict) or not isinstance(save, dict):
        raise SaveError(reason("entry.incomplete",
                               "it lacks the game itself or its summary (names, generation)"))
    try:
        meta = SaveMeta(**{k: v for k, v in raw_meta.items() if k in SaveMeta.__dataclass_fields__})
    except TypeError as error:
        raise SaveError(reason("entry.meta_damaged",
                               "its summary (names, generation) is damaged")) from error
    if not _meta_ok(meta):
        raise SaveError(reason("entry.meta_damaged", "its summary (names, generation) is damaged"))
    return meta, save


def extends(save: dict[str, Any], stored: str | None) -> bool:
    """Whether the engine save ``save`` continues the stored entry ``stored``: the same
    options, and the stored moves are the first moves of ``save`` (an empty store too)."""
    if stored is None:
        return True
    try:
        _, older = parse_entry(stored)
    except SaveError:
        return False
    moves = older.get("moves")
    if not isinstance(moves, list) or len(moves) > len(save["moves"]):
        return False
    ours = json.loads(json.dumps({"options": save["options"], "moves": save["moves"][:len(moves)]}))
    return bool(ours == {"options": older.get("options"), "moves": moves})


MAX_PLAYERS, MAX_NAME = 5, 40  # as the engine's options allow


def _strings(value: Any) -> bool:
    """A list of at most one short text per player (a summary is shown as it is)."""
    return (isinstance(value, list) and len(value) <= MAX_PLAYERS
            and all(isinstance(item, str) and len(item) <= MAX_NAME for item in value))


def _meta_ok(meta: SaveMeta) -> bool:
    number = (int, float)
    return (_strings(meta.names) and _strings(meta.colours)
            and is_int(meta.generation)
            and isinstance(meta.updated, number) and not isinstance(meta.updated, bool)
            and isinstance(meta.over, bool)
            and isinstance(meta.link_id, str) and len(meta.link_id) <= MAX_NAME
            and isinstance(meta.daily, str) and len(meta.daily) <= MAX_NAME
            and is_int(meta.seat)
            and -1 <= meta.seat < MAX_PLAYERS)


class SaveStore:
    """Saved games over a Storage."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def list(self) -> list[SaveEntry]:
        """Every entry under the prefix, newest first; damaged ones last. An entry that
        cannot be read for any reason is listed as damaged, never fatal."""
        entries = []
        try:
            keys = sorted(k for k in self.storage.names() if k.startswith(PREFIX))
        except Exception:  # a store that cannot even list its keys holds no games we can show
            return []
        for key in keys:
            save_id = key[len(PREFIX):]
            try:
                meta, _ = parse_entry(self.storage.get(key))
                entries.append(SaveEntry(key, save_id, meta))
            except Exception:  # SaveError, or the store failing to read that one key
                entries.append(SaveEntry(key, save_id, None, damaged=True))
        return sorted(entries, key=lambda e: (e.damaged, -(e.meta.updated if e.meta else 0)))

    def write(self, save_id: str, game: Game, meta: SaveMeta) -> None:
        """Store a game (raises StorageFull when the store is full)."""
        self.write_text(save_id, entry_text(game, meta))

    def write_text(self, save_id: str, text: str) -> None:
        """Store an entry's text (raises StorageFull when the store is full)."""
        try:
            self.storage.set(PREFIX + save_id, text)
        except StorageFull:
            raise
        except Exception as error:  # the browser's QuotaExceededError arrives as a JS error
            raise StorageFull(str(error)) from error

    def read(self, save_id: str) -> tuple[Game, SaveMeta]:
        """Load a game by replaying its moves; SaveError when it cannot be."""
        game, meta, _ = self.read_text(save_id)
        return game, meta

    def read_text(self, save_id: str) -> tuple[Game, SaveMeta, str]:
        """The game, its meta and the exact text stored (to tell later whether another tab
        has written since); SaveError when it is gone or cannot be opened."""
        text = self.storage.get(PREFIX + save_id)
        if text is None:
            raise SaveError(reason("entry.gone", "it is no longer on this device"))
        meta, save = parse_entry(text)
        return Game.from_save(save), meta, text

    def delete(self, save_id: str) -> None:
        """Remove one saved game."""
        self.storage.remove(PREFIX + save_id)

    def raw(self, save_id: str) -> str | None:
        """The stored text (for export)."""
        return self.storage.get(PREFIX + save_id)
