"""What a sealed game keeps in the device's store beside its record
(:mod:`tm.web.sealedgame`): a joined game's options until its first save (read back with
the save's), and its save's meta."""
from __future__ import annotations

import json

from tm.core.state import Options, to_dict
from tm.persist import safejson
from tm.persist.saves import options_from
from tm.web.linkplay_state import LINK_SAVE
from tm.web.saves import PREFIX, SaveMeta, SaveStore, Storage, parse_entry

OPTIONS_PREFIX = "tm:sealed-options:"  # a joined game's options, until its first save


def keep_options(storage: Storage, game_id: str, options: Options) -> None:
    """A joined game's options, kept until its first save holds them."""
    try:
        storage.set(OPTIONS_PREFIX + game_id, json.dumps(to_dict(options), separators=(",", ":")))
    except Exception:  # a full store: the game's own save says so
        pass


def stored_options(storage: Storage, game_id: str) -> Options | None:
    """A sealed game's options: its save's, else those kept when it was joined."""
    for key in (PREFIX + LINK_SAVE + game_id, OPTIONS_PREFIX + game_id):
        text = storage.get(key)
        if text is None:
            continue
        try:
            raw = parse_entry(text)[1]["options"] if key.startswith(PREFIX) \
                else safejson.loads(text)
            return options_from(raw)
        except Exception:  # (damaged: the next place is read)
            continue
    return None


def stored_meta(store: SaveStore, game_id: str, options: Options, seat: int) -> SaveMeta:
    """The meta of a sealed game's save, for this device's seat (no save yet: a fresh one)."""
    try:
        meta = parse_entry(store.raw(LINK_SAVE + game_id))[0]
    except Exception:  # (no save yet: a fresh meta)
        meta = SaveMeta(names=list(options.names))
    meta.link_id, meta.seat = game_id, seat
    return meta
