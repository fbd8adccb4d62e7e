"""The game log in words: structured records turned into catalog messages."""
from __future__ import annotations

from typing import Any

from tm.state import NEUTRAL, GameState
from tm.web.i18n import EN, t

_PLAYER_FIELDS = ("player", "target")


def _named(g: GameState, record: dict[str, Any]) -> dict[str, Any]:
    values = dict(record)
    for key in _PLAYER_FIELDS:
        p = values.get(key)
        if isinstance(p, int):
            values[key] = t("game.neutral") if p == NEUTRAL or p >= len(g.players) else (
                g.players[p].name)
    return values


def log_line(g: GameState, record: dict[str, Any]) -> str:
    """One log record in words."""
    key = f"log.{record.get('key')}"
    if key not in EN:
        return t("log.unknown", key=record.get("key"))
    return t(key, **_named(g, record))


def log_lines(g: GameState, last: int) -> list[str]:
    """The newest ``last`` records, newest first, skipping payment noise."""
    lines = []
    for record in reversed(g.log):
        if record.get("key") in ("paid", "draw"):
            continue
        lines.append(log_line(g, record))
        if len(lines) >= last:
            break
    return lines
