"""Saves: the moves are the truth; a checksum proves a replay reproduced the state."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from tm.errors import SaveError
from tm.state import GameState, to_dict

SAVE_FORMAT = 1
RULES_VERSION = 1  # bump when the same moves would replay differently (saves and links)


def canonical_json(data: Any) -> str:
    """Stable JSON text: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def state_digest(g: GameState) -> str:
    """A hex digest of the whole state (equal digests: equal states)."""
    return hashlib.sha256(canonical_json(to_dict(g)).encode()).hexdigest()[:32]


def check_save(data: Any) -> None:
    """Raise SaveError unless ``data`` looks like a save this engine can read."""
    if not isinstance(data, dict):
        raise SaveError("a save is a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"save format {data.get('format')!r}; this engine reads {SAVE_FORMAT}")
    rules = data.get("rules", RULES_VERSION)
    if rules != RULES_VERSION:
        raise SaveError(f"the save was made with rules version {rules!r}; "
                        f"this version is {RULES_VERSION}")
    if not isinstance(data.get("options"), dict) or not isinstance(data.get("moves"), list):
        raise SaveError("a save needs 'options' and 'moves'")
    for move in data["moves"]:
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[0], int)
                and isinstance(move[1], dict)):
            raise SaveError("each move is [player, response]")
