"""This device's record of a sealed game (issue 32): the seat, the seed (the device's only
secret: never in a link or a save) and every post, kept in the device's own store under
``tm:sealed:<game id>`` (:mod:`tm.web.sealedgame` plays the game from it)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tm.fairdeck.held import Caught, DeviceError
from tm.linkplay.sealedplay import Post
from tm.persist import safejson
from tm.web.saves import Storage

RECORD_PREFIX = "tm:sealed:"
Findings = list[list[Any]]  # the audit's, each [deck, seat, position, reason]


class RecordError(ValueError):
    """This device's record of a sealed game cannot be read or does not replay."""


class Stopped(DeviceError):
    """A post this device took with an earlier link is refuted only now (a key part it
    brought could be checked once a waiting move applied): ``index``, its place in the
    history, and ``caught``, the refusal naming its seat. The link being taken is not
    at fault: it is kept, and the game stops before that post (:attr:`Record.stopped`)."""

    def __init__(self, index: int, caught: Caught) -> None:
        super().__init__(str(caught))
        self.index, self.caught = index, caught


@dataclass
class Record:
    """What this device keeps of a sealed game (see the module)."""
    seat: int
    seed: bytes
    posts: list[str] = field(default_factory=list)  # every post's JSON line, in order
    audit: Findings | None = None  # the audit's findings, once its own seed is out
    sent: dict[str, int] = field(default_factory=dict)  # seat: the posts its last link held
    audited: int = 0  # the seeds the audit had (0: every one, as before issue 43)
    # [post index, seat, reason]: a post taken, refuted later (Stopped); the game is
    # played up to it, the posts from it on are kept, never played
    stopped: list[Any] | None = None
    # each post as the record's JSON writes it, kept as posts come: a record is written
    # after every click without encoding every post again
    _encoded: list[str] = field(default_factory=list, repr=False, compare=False)

    def to_text(self) -> str:
        encoded = self._encoded
        if len(encoded) > len(self.posts) or encoded[-1:] != [
                json.dumps(p) for p in self.posts[len(encoded) - 1:len(encoded)]]:
            encoded.clear()  # (the posts were replaced, not added to)
        encoded += [json.dumps(post) for post in self.posts[len(encoded):]]
        head = json.dumps({"seat": self.seat, "seed": self.seed.hex()}, separators=(",", ":"))
        tail = json.dumps({"audit": self.audit, "sent": self.sent, "audited": self.audited}
                          | ({"stopped": self.stopped} if self.stopped else {}),
                          separators=(",", ":"))
        return f'{head[:-1]},"posts":[{",".join(encoded)}],{tail[1:]}'


def read_record(storage: Storage, game_id: str) -> Record | None:
    """This device's record of a game (None: it has not joined it)."""
    text = storage.get(RECORD_PREFIX + game_id)
    if text is None:
        return None
    try:
        data = safejson.loads(text)
        record = Record(int(data["seat"]), bytes.fromhex(str(data["seed"])),
                        [str(p) for p in data["posts"]], data.get("audit"),
                        {str(k): int(v) for k, v in dict(data.get("sent") or {}).items()},
                        int(data.get("audited") or 0), _stop_of(data.get("stopped")))
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise RecordError("this device's record of the game is damaged") from error
    if len(record.seed) != 32:
        raise RecordError("this device's record of the game is damaged")
    return record


def _stop_of(data: Any) -> list[Any] | None:
    """A record's ``stopped`` as read (ValueError: not one)."""
    if data is None:
        return None
    index, seat, reason = data
    return [int(index), int(seat), str(reason)]


def write_record(storage: Storage, game_id: str, record: Record) -> None:
    storage.set(RECORD_PREFIX + game_id, record.to_text())


def stop(storage: Storage, game_id: str, new: list[Post], stopped: Stopped) -> bool:
    """The record as stored with a link's ``new`` posts kept and the game stopped before
    the refuted post; whether it could be stored (else it is as it was)."""
    record = read_record(storage, game_id)
    if record is None:
        return False
    record.posts += [post.to_text() for post in new]
    record.stopped = [stopped.index, stopped.caught.seat, stopped.caught.reason]
    try:
        write_record(storage, game_id, record)
    except Exception:  # noqa: BLE001 - the store is full (the browser's own error)
        return False
    return True
