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

The creator's seat locks the creator's key beside its seed (64 bytes, not 32: the length
of ``d`` says which): nobody else holds that key, which signs re-invitations, so a creator
who lost their device comes back on a new one that any other device sends the whole game
to (:func:`creator_seat`). That device unlocks both with the passphrase, the seed is
checked as above and the key against the game's signed beginning (:func:`creator_key`),
and it re-invites its own seat with the key, as the creator's device invites a lost seat
again: the other devices take the new device's key, and refuse the old one's later links.
"""
from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence

from tm.core.state import Options
from tm.linkplay.sealedplay import MAX_ESCROW, Post
from tm.persist import safejson, sigs
from tm.web.sealedgame import Record, RecordError, SealedPlay

FORMAT = 1  # the escrow's "v"
ITERATIONS = 600_000  # PBKDF2-SHA-256 rounds (static/seatkeys.mjs writes these)
MAX_ITERATIONS = 5_000_000  # (more would stall the page that unlocks it)
SEED_BYTES, SALT_BYTES, IV_BYTES, TAG_BYTES = 32, 16, 12, 16
CREATOR_BYTES = sigs.SECRET_BYTES  # the creator's key, locked beside the creator seat's seed


class EscrowRefused(ValueError):
    """A seat's escrow that cannot take its seat back: ``key`` names the page's words."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(text)
        self.key = key


def _bytes(text: object, *sizes: int) -> bytes:
    data = base64.b64decode(str(text), validate=True)
    if len(data) not in sizes:
        raise ValueError("a field of the wrong size")
    return data


def _locked_bytes(text: str | None) -> int:
    """How many bytes ``text`` locks when it has the escrow's shape (``{"v", "i", "s",
    "n", "d"}``: format, rounds, salt, nonce, the locked secret with its tag): a seed, or
    a seed and the creator's key; 0: not an escrow."""
    if text is None or len(text) > MAX_ESCROW:
        return 0
    try:
        data = safejson.loads(text, MAX_ESCROW, max_depth=1)
        iterations = data["i"]
        _bytes(data["s"], SALT_BYTES)
        _bytes(data["n"], IV_BYTES)
        locked = _bytes(data["d"], SEED_BYTES + TAG_BYTES,
                        SEED_BYTES + CREATOR_BYTES + TAG_BYTES)
        shaped = set(data) == {"v", "i", "s", "n", "d"} and data["v"] == FORMAT and \
            isinstance(iterations, int) and ITERATIONS <= iterations <= MAX_ITERATIONS
    except (ValueError, TypeError, KeyError, binascii.Error):
        return 0
    return len(locked) - TAG_BYTES if shaped else 0


def well_formed(text: str | None) -> bool:
    """Whether ``text`` has the escrow's shape (a seat's seed, with the creator's key or
    not)."""
    return _locked_bytes(text) > 0


def holds_creator(text: str | None) -> bool:
    """Whether ``text`` is an escrow that says it locks the creator's key beside the seed
    (whether it truly does shows only once unlocked: :func:`creator_key`)."""
    return _locked_bytes(text) == SEED_BYTES + CREATOR_BYTES


def creator_seats(posts: Sequence[Post], players: int) -> tuple[int, ...]:
    """The seats whose escrow says it holds the creator's key. A cheating seat may claim
    so too: the passphrase typed is tried on each (its claim fails once unlocked), so its
    claim cannot hide the creator's seat."""
    return tuple(seat for seat in range(players) if holds_creator(escrow_of(posts, seat)))


def creator_seat(posts: Sequence[Post], players: int) -> int | None:
    """The seat the whole game names for the creator's new device (:func:`creator_seats`'
    first); None: no seat claims the creator's key."""
    return next(iter(creator_seats(posts, players)), None)


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


def unlocked(text: str) -> tuple[bytes, bytes | None]:
    """What the page unlocked from an escrow (hex): the seed, and the creator's key where
    the escrow held one (ValueError: neither size)."""
    data = bytes.fromhex(text)
    if len(data) == SEED_BYTES + CREATOR_BYTES:
        return data[:SEED_BYTES], data[SEED_BYTES:]
    return seed_of(text), None


def creator_key(secret: bytes | None, creator: bytes) -> bytes:
    """The creator's key unlocked from an escrow, when it is the key of the game's signed
    beginning (``creator``, its public key); :class:`EscrowRefused` otherwise (an escrow
    that claims a key it does not hold: a cheating seat's)."""
    try:
        if secret is not None and sigs.SoftKey(secret).public == creator:
            return secret
    except ValueError:
        pass
    raise EscrowRefused("sealed.escrow_not_creator", "the escrow holds no creator's key")


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


__all__ = ["FORMAT", "ITERATIONS", "EscrowRefused", "creator_key", "creator_seat",
           "creator_seats",
           "escrow_of", "holds_creator", "recovered", "seed_of", "unlocked", "well_formed"]
