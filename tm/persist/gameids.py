"""The ids of games played by link, bound to their beginning: a part drawn at random, then a
hash of what it is bound to, which any device can check. Ids made before issue 43 are bound
to the options and seed only (or, before that, to nothing)."""
from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from tm.core.state import Options, to_dict
from tm.persist import sigs

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


# ---------------------------------------------------------------- ids bound to a signed beginning
# Since issue 43 the creator's device signs the game's beginning with a key of its own: the
# options (the seed with them), its key, and one invitation key per seat. The id is a part
# drawn at random, then a hash of that beginning: any device checks that the beginning it
# is shown is the one the id was made for, and that the creator's key signed it.
BOUND_ID = ID_SALT + 24  # characters of an id bound to a beginning
BEGIN_TAG = "tm-beginning-1"


@dataclass(frozen=True, slots=True)
class Beginning:
    """A game's beginning as the creator's device signed it."""

    creator: bytes  # the creator's public key: it signs the beginning and re-invitations
    invitations: tuple[bytes, ...]  # each seat's invitation key (public half)
    signature: bytes


@dataclass(frozen=True, slots=True)
class Begun:
    """A new game's id and beginning, with the secrets only the creator's device holds."""

    link_id: str
    beginning: Beginning
    creator_secret: bytes
    invitation_secrets: tuple[bytes, ...]


def is_bound(link_id: str) -> bool:
    """Whether an id is bound to a signed beginning (a game begun since issue 43)."""
    return len(link_id) == BOUND_ID


def beginning_message(drawn: str, options: Options, creator: bytes,
                      invitations: tuple[bytes, ...]) -> bytes:
    """What the creator's key signs: the drawn part, the options, every public key."""
    data = json.dumps(to_dict(options), sort_keys=True, separators=(",", ":"))
    keys = ",".join(key.hex() for key in invitations)
    return f"{BEGIN_TAG}|{drawn}|{data}|{creator.hex()}|{keys}".encode()


def _bound(drawn: str, options: Options, creator: bytes, invitations: tuple[bytes, ...]) -> str:
    digest = hashlib.sha256(beginning_message(drawn, options, creator, invitations)).digest()
    return drawn + base64.b32encode(digest[:15]).decode().lower()  # 24 letters and digits


def begin(options: Options, entropy: Callable[[int], bytes]) -> Begun:
    """A new game's beginning, signed, and the id bound to it (``entropy``: the browser's
    randomness; the secrets are drawn from it)."""
    drawn = base64.b32encode(entropy(5)).decode().lower()
    creator = sigs.SoftKey(entropy(sigs.SECRET_BYTES))
    invitations = tuple(sigs.SoftKey(entropy(sigs.SECRET_BYTES)) for _ in range(options.players))
    publics = tuple(key.public for key in invitations)
    signature = creator.sign(beginning_message(drawn, options, creator.public, publics))
    return Begun(_bound(drawn, options, creator.public, publics),
                 Beginning(creator.public, publics, signature), creator.secret,
                 tuple(key.secret for key in invitations))


def beginning_fits(link_id: str, options: Options, beginning: Beginning,
                   verifier: sigs.Verifier, signed: bool = True) -> bool:
    """Whether ``beginning`` is the one ``link_id`` was made for, of a game with these
    options, one invitation per seat, signed by its creator's key (``signed`` False: that
    signature was checked when the beginning was first kept)."""
    if not is_bound(link_id) or len(beginning.invitations) != options.players:
        return False
    drawn = link_id[:ID_SALT]
    if _bound(drawn, options, beginning.creator, beginning.invitations) != link_id:
        return False
    return not signed or verifier.verify(beginning.creator, beginning_message(
        drawn, options, beginning.creator, beginning.invitations), beginning.signature)
