"""The recap of the others' moves: what every other player did since a seat last acted.

A remote player opening a link, the next player after a hand-off and the one person of a
game with bots after the bots' turns see, before deciding, each action the others made
since this seat's own last action (or since the recap it last saw): one line per action,
its records in words (what was played, paid, gained) and the spaces it placed tiles on.
Pure functions of the log records (the engine's ``view()["log"]``); the page's state of
the recap is :class:`tm.web.app_recap.RecapController`'s.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tm.core.values import is_int
from tm.web.log_text import MARKERS

Record = Mapping[str, Any]
# The record naming what an action was reads first (the engine logs a card's payment
# before the card).
_HEADLINES = ("card_played", "card_action", "project", "pass", "corporation")
_STARTS = ("corporation", "card_played")  # what starts an action of the setup or preludes


@dataclass(frozen=True, slots=True)
class RecapAction:
    """One action of another player: who, its records in reading order, its spaces."""

    player: int
    records: tuple[Record, ...] = ()
    spaces: tuple[str, ...] = ()


@dataclass(slots=True)
class _Open:
    player: int
    records: list[Record] = field(default_factory=list)


def last_acted(records: Sequence[Record], seat: int) -> int:
    """The index just past the start of ``seat``'s last action (0: it never acted)."""
    for index in range(len(records) - 1, -1, -1):
        r = records[index]
        if r.get("key") == "action" and r.get("player") == seat:
            return index + 1
    return 0


def recap_since(records: Sequence[Record], seat: int, seen: int = 0) -> int:
    """Where the recap of ``seat`` starts: after its own last action, or after the log it
    has already been shown (``seen``), whichever is later."""
    return max(last_acted(records, seat), max(seen, 0))


def _player(record: Record) -> int | None:
    player = record.get("player")
    return player if is_int(player) else None


def recap_actions(records: Sequence[Record], seat: int, since: int,
                  setup: bool = False) -> list[RecapAction]:
    """The other players' actions whose marker lies at or after ``since``, oldest first;
    an action that left no record (ending a turn) is not listed. With ``setup`` (a game
    played by link, whose players decided their setup on other devices), before the
    game's first marker (the setup, then the preludes, decided with no action marked)
    each other player's records make actions of their own: a corporation or a card played
    starts one, anything else joins the player's last."""
    found: list[_Open] = []
    current: _Open | None = None
    opening = setup and not any(r.get("key") in MARKERS for r in records[:max(since, 0)])
    for r in records[max(since, 0):]:
        key, player = r.get("key"), _player(r)
        if key == "action":
            opening, current = False, None
            if player is not None and player != seat:
                current = _Open(player)
                found.append(current)
        elif key in MARKERS:
            opening, current = False, None  # a turn or a phase ends the action
        elif opening and player is not None:
            if player == seat:
                current = None  # (the seat's own setup: not recapped)
                continue
            if current is None or current.player != player or key in _STARTS:
                current = _Open(player)
                found.append(current)
            current.records.append(r)
        elif current is not None:
            current.records.append(r)
    return [_finished(a) for a in found if a.records]


def _finished(action: _Open) -> RecapAction:
    ordered = sorted(action.records, key=lambda r: r.get("key") not in _HEADLINES)
    spaces: list[str] = []
    for r in ordered:
        space = r.get("space")
        if isinstance(space, str) and space not in spaces:
            spaces.append(space)
    return RecapAction(action.player, tuple(ordered), tuple(spaces))


def lit_spaces(actions: Sequence[RecapAction], step: int | None) -> frozenset[str]:
    """The spaces to light on the board: the shown action's, or every action's."""
    if step is not None and 0 <= step < len(actions):
        return frozenset(actions[step].spaces)
    return frozenset(s for a in actions for s in a.spaces)


def by_player(actions: Sequence[RecapAction]) -> list[tuple[int, list[int]]]:
    """The actions grouped by runs of one player, in order: (player, the indices of their
    consecutive actions); a player who acts again after another starts a new group."""
    groups: list[tuple[int, list[int]]] = []
    for index, action in enumerate(actions):
        if groups and groups[-1][0] == action.player:
            groups[-1][1].append(index)
        else:
            groups.append((action.player, [index]))
    return groups
