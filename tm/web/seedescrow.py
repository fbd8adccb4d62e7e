"""A sealed seat's secret seed kept in escrow, for a lost device (issue 43).

A sealed seat's cards open only with its device's secret seed. When a device takes a seat
(the creator's too), its player may type a *recovery passphrase*: the page locks the seed
with it (static/seatkeys.mjs: PBKDF2-SHA-256, :data:`ITERATIONS` rounds, the salt bound to
the game and seat; AES-GCM-256 with the game and seat as additional data) and the locked
seed, the *escrow*, rides on the seat's first post (:class:`~tm.linkplay.sealedplay.Post`),
signed with it, so every device of the game keeps a copy in its record.

A lost device is re-seated by the creator's signed re-invitation, as in other games by
link. The new device opening it finds the seat's escrow in the posts the invitation
carries, asks the passphrase, and the page unlocks the seed; this module then checks it
against what the seat published (:func:`recovered`: the seat's own posts, its shuffle steps
above all, are made again from the seed and must be the very posts the history holds) and
refuses a seed that does not make them: a cheating seat could have posted junk, and then
the seat cannot be taken back. What the page locks here, this module only reads the shape
of (:func:`well_formed`): Python never holds the passphrase.
"""
from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence

from tm.core.state import Options
from tm.linkplay.sealedplay import MAX_ESCROW, Post
from tm.persist import safejson
from tm.web.sealedgame import Record, RecordError, SealedPlay

FORMAT = 1  # the escrow's "v"
ITERATIONS = 600_000  # PBKDF2-SHA-256 rounds (static/seatkeys.mjs writes these)
MAX_ITERATIONS = 5_000_000  # (more would stall the page that unlocks it)
SEED_BYTES, SALT_BYTES, IV_BYTES, TAG_BYTES = 32, 16, 12, 16


class EscrowRefused(ValueError):
    """A seat's escrow that cannot take its seat back: ``key`` names the page's words."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(text)
        self.key = key


def _bytes(text: object, size: int) -> bytes:
    data = base64.b64decode(str(text), validate=True)
    if len(data) != size:
        raise ValueError("a field of the wrong size")
    return data


def well_formed(text: str | None) -> bool:
    """Whether ``text`` has the escrow's shape (``{"v", "i", "s", "n", "d"}``: format,
    rounds, salt, nonce, the locked seed with its tag)."""
    if text is None or len(text) > MAX_ESCROW:
        return False
    try:
        data = safejson.loads(text, MAX_ESCROW, max_depth=1)
        iterations = data["i"]
        _bytes(data["s"], SALT_BYTES)
        _bytes(data["n"], IV_BYTES)
        _bytes(data["d"], SEED_BYTES + TAG_BYTES)
        return set(data) == {"v", "i", "s", "n", "d"} and data["v"] == FORMAT and \
            isinstance(iterations, int) and ITERATIONS <= iterations <= MAX_ITERATIONS
    except (ValueError, TypeError, KeyError, binascii.Error):
        return False


def escrow_of(posts: Sequence[Post], seat: int) -> str | None:
    """The escrow on the seat's first post (None: its player typed no passphrase)."""
    first = next((post for post in posts if post.seat == seat), None)
    return first.escrow if first is not None else None


def seed_of(text: str) -> bytes:
    """The seed the page unlocked (hex), checked for its size (ValueError)."""
    seed = bytes.fromhex(text)
    if len(seed) != SEED_BYTES:
        raise ValueError("a seed has 32 bytes")
    return seed


def recovered(options: Options, game_id: str, seat: int, seed: bytes,
              posts: Sequence[Post]) -> SealedPlay:
    """The seat's game rebuilt from ``posts`` with the seed unlocked from its escrow: the
    seat's own posts made again from it must be those held (its shuffle steps are the
    commitments to its keys). Raises :class:`EscrowRefused` for a seed that does not make
    them (a cheating seat's junk escrow)."""
    record = Record(seat, seed, [post.to_text() for post in posts])
    try:
        return SealedPlay.restore(options, game_id, record)
    except RecordError as error:
        raise EscrowRefused("sealed.escrow_wrong",
                            "the seed does not make the seat's posts") from error


__all__ = ["FORMAT", "ITERATIONS", "EscrowRefused", "escrow_of", "recovered", "seed_of",
           "well_formed"]
