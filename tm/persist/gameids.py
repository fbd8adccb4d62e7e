"""The ids of games played by link, bound to their options and seed: a part drawn at
random, then a hash of the options with it, which any device can check."""
from __future__ import annotations

import base64
import hashlib
import json

from tm.core.state import Options, to_dict

ID_SALT = 8  # the characters of an id drawn at random; a hash of the options follows
ID_HASH = 16
OLD_ID = 16  # ids made before they were bound to their options: a hash only


def game_id(options: Options, salt: str) -> str:
    """An id for a game played by link, bound to its options and seed: a part drawn at
    random (from ``salt``: two games of the same options get different ids), then a hash
    of the options and that part, which any device can check (:func:`id_fits`)."""
    drawn = base64.b32encode(hashlib.sha256(salt.encode()).digest()[:5]).decode().lower()
    return drawn + _options_hash(options, drawn)


def _options_hash(options: Options, drawn: str) -> str:
    data = json.dumps(to_dict(options), sort_keys=True, separators=(",", ":")) + "|" + drawn
    digest = hashlib.sha256(data.encode()).digest()[:10]
    return base64.b32encode(digest).decode().lower()  # 16 letters and digits


def id_fits(link_id: str, options: Options) -> bool | None:
    """Whether a game's id was made for these options and seed (None: an id made before
    ids were bound, or of another form, which says nothing)."""
    if len(link_id) != ID_SALT + ID_HASH:
        return None
    return _options_hash(options, link_id[:ID_SALT]) == link_id[ID_SALT:]
