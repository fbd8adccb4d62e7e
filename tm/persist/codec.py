"""Saves' building blocks: canonical JSON, the state checksum, packed state, versions."""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from typing import Any

from tm.core.errors import SaveError, reason
from tm.core.state import GameState, to_dict
from tm.persist import safejson

SAVE_FORMAT = 2  # 1: options, moves, checksum; 2: + the state itself (and a base state)
SAVE_FORMATS = (1, 2)
ENGINE_VERSION = "0.1.0"  # the engine's release, written into saves
RULES_VERSION = 2  # bump when the same moves would replay differently (saves and links)
MAX_STATE_BYTES = 16 << 20  # a packed state never inflates beyond this
MAX_MOVES = 6000  # far beyond a real 5-player game (random ones take about 1,000 moves)


def canonical_json(data: Any) -> str:
    """Stable JSON text: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def state_digest(g: GameState) -> str:
    """A hex digest of the state of play: everything but the log (a change of log wording
    alone never makes a save look as if the rules changed) and the options (saves and links
    carry those beside the checksum, in whatever form their format gives them)."""
    data = to_dict(g)
    data.pop("log")
    data.pop("options")
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:32]


def pack_state(data: dict[str, Any]) -> str:
    """A state dict as compact text: canonical JSON, deflated, base64."""
    return base64.b64encode(zlib.compress(canonical_json(data).encode(), 6)).decode()


def unpack_state(text: Any) -> dict[str, Any]:
    """The state dict of :func:`pack_state`; SaveError for anything else."""
    if not isinstance(text, str):
        raise SaveError(reason("save.state_not_text", "the stored state is not text"))
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(base64.b64decode(text, validate=True), MAX_STATE_BYTES)
        if inflater.unconsumed_tail or not inflater.eof:
            raise SaveError(reason("save.state_too_large",
                                   "the stored state is damaged or too large"))
        data = safejson.loads(raw, MAX_STATE_BYTES)
    except (binascii.Error, ValueError, zlib.error) as error:
        raise SaveError(reason("save.state_damaged", "the stored state is damaged")) from error
    if not isinstance(data, dict):
        raise SaveError(reason("save.state_damaged", "the stored state is damaged"))
    return data


def check_save(data: Any) -> None:
    """Raise SaveError unless ``data`` looks like a save this engine can read."""
    if not isinstance(data, dict):
        raise SaveError(reason("save.not_object", "a save is a JSON object"))
    if data.get("format") not in SAVE_FORMATS:
        known = ", ".join(map(str, SAVE_FORMATS))
        raise SaveError(reason("save.format", f"save format {data.get('format')!r}; this engine "
                               f"reads {known}", format=repr(data.get("format"))[:20],
                               known=known))
    rules = data.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or not 1 <= rules <= RULES_VERSION:
        raise SaveError(reason("save.rules_version", f"the save was made with rules version "
                               f"{rules!r}; this version is {RULES_VERSION}",
                               made=repr(rules)[:20], version=RULES_VERSION))
    if not isinstance(data.get("options"), dict) or not isinstance(data.get("moves"), list):
        raise SaveError(reason("save.no_moves", "a save needs 'options' and 'moves'"))
    if len(data["moves"]) > MAX_MOVES:
        raise SaveError(reason("save.too_many_moves", f"a save holds at most {MAX_MOVES} moves; "
                               "a real game has far fewer", limit=MAX_MOVES))
    if not isinstance(data.get("checksum"), str):
        raise SaveError(reason("save.no_checksum", "a save needs its checksum"))
    for move in data["moves"]:
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[0], int)
                and not isinstance(move[0], bool) and isinstance(move[1], dict)):
            raise SaveError(reason("save.bad_move", "each move is [player, response]"))
