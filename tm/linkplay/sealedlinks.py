"""Links of a sealed game (issue 32): the posts a device lacks, as a delta.

A share link (:mod:`tm.linkplay.links`) carries a whole game as indices of choices: that
cannot work for a sealed game, whose choice lists differ from device to device and whose
link must carry nothing another device cannot see. Devices of a sealed game share one
history instead, the list of :class:`~tm.linkplay.sealedplay.Post` s everyone reads in one
order; a link carries a slice of it: the posts from index ``first`` on, which the sender
holds and the recipient lacks. The first link a device receives (the join) also carries
the game's options; every link names its game.

The format, ``s=`` then unpadded base64url of the deflated bytes::

    version (1 byte) | game id (1 byte length, then ASCII letters, digits, - and _)
    | options (varint length of their compact JSON, 0 for none; then the JSON)
    | first (varint) | count (varint)
    | each post: move (varint: 0 for none, else 1 + the length of its compact JSON;
                 then the JSON) | message (varint length; its bytes, tm.fairdeck.wire)
                 | format 2 only: escrow (varint length, 0 for none; its ASCII text)

Format 2 (issue 43) adds a post's escrow: the seat's seed locked with its player's recovery
passphrase (:mod:`tm.web.seedescrow`). A link none of whose posts has one is still written
in format 1, which devices of every version read; both formats are read.

A post's seat is its fair-deck message's own (one source for it). Decoding is strict: any
text that is not exactly such a link, truncated, oversized or hostile, raises
:class:`~tm.linkplay.links.LinkError` and nothing else; every size is bounded before it is
read. :func:`merge` files a link against the posts a device holds: a gap (posts it lacks
before the link's first) or a post that differs from one it holds (a forked history) is
refused, the posts it already holds are checked and skipped. What decoding costs grows with
the link's length alone: a link inflates to at most ``MAX_RATIO`` times its deflated bytes.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from tm.core.errors import reason
from tm.core.state import Options, to_dict
from tm.fairdeck import wire
from tm.fairdeck.wire import Turn, WireError
from tm.game import Game
from tm.linkplay import links
from tm.linkplay.links import LinkError, cannot_open, put_varint
from tm.linkplay.sealedplay import MAX_ESCROW, Post
from tm.persist import safejson, sigs
from tm.persist.saves import options_from

PREFIX = "s="
VERSION = 2
VERSIONS = (1, 2)  # 1: before posts carried escrows
MAX_ID = 64  # characters of a game id
MAX_OPTIONS = 4096  # bytes of the options' JSON
MAX_MOVE = 1 << 16  # bytes of one move's JSON (a move is a few hundred)
MAX_POSTS = 1 << 14  # posts in one link (a 5-seat game sends about 2,000)
MAX_FIRST = 1 << 20
MAX_BYTES = 8 << 20  # inflated: a 5-seat join's hand-offs are under 1 MiB
MAX_CHARS = (MAX_BYTES * 4 + 2) // 3 + len(PREFIX)
# Inflated bytes a link may hold per deflated byte: its posts are group elements, digests and
# moves' JSON, which deflate a few times at most; far more is a bomb (a flood of empty posts
# deflates ~180 times), refused before it is read. Short links may inflate to FREE_BYTES.
MAX_RATIO = 24
FREE_BYTES = 32 << 10
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass(frozen=True, slots=True)
class SealedLink:
    """A decoded link: its game, the options (only in a join link), and the posts
    ``first, first + 1, ...`` of the game's history."""
    game_id: str
    options: Options | None
    first: int
    posts: tuple[Post, ...]


def _damaged() -> LinkError:
    return LinkError(reason("link.damaged", "the link is damaged"))


def _cut() -> LinkError:
    return LinkError(reason("link.cut_short", "the link is cut short"))


# ---------------------------------------------------------------- writing
def _compact(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":"), sort_keys=True).encode()


def link_options(options: Options) -> dict[str, Any]:
    """The options a join link carries (without the bot fields when no seat is a bot)."""
    data: dict[str, Any] = to_dict(options)
    if not any(data.get("bots") or ()):
        data.pop("bots", None)
        data.pop("bot_seed", None)
    return data


def encode(game_id: str, posts: Sequence[Post], first: int = 0,
           options: Options | None = None) -> str:
    """The link carrying ``posts`` (the history's from index ``first`` on); with the
    options for a device that joins. Raises ``ValueError`` for what it cannot write."""
    if not _id_ok(game_id) or not 0 <= first <= MAX_FIRST or len(posts) > MAX_POSTS:
        raise ValueError("a game id, first index or post count out of bounds")
    version = VERSION if any(post.escrow is not None for post in posts) else 1
    out = bytearray([version, len(game_id)]) + game_id.encode("ascii")
    raw = b"" if options is None else _compact(link_options(options))
    if len(raw) > MAX_OPTIONS:
        raise ValueError("the options are too long for a link")
    put_varint(out, len(raw))
    out += raw
    put_varint(out, first)
    put_varint(out, len(posts))
    for post in posts:
        move = b"" if post.move is None else _compact(post.move)
        if len(move) > MAX_MOVE:
            raise ValueError("a move too long for a link")
        put_varint(out, 0 if post.move is None else len(move) + 1)
        out += move
        message = wire.to_bytes(wire.decode(post.message))
        put_varint(out, len(message))
        out += message
        if version > 1:
            escrow = (post.escrow or "").encode("ascii")
            if len(escrow) > MAX_ESCROW:
                raise ValueError("an escrow too long for a link")
            put_varint(out, len(escrow))
            out += escrow
    if len(out) > MAX_BYTES:
        raise ValueError("too many posts for one link")
    packed = zlib.compress(bytes(out), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _id_ok(game_id: object) -> bool:
    return (isinstance(game_id, str) and 1 <= len(game_id) <= MAX_ID
            and all(c in _ID_CHARS for c in game_id))


# ---------------------------------------------------------------- reading
class _Reader:
    """Bytes read front to back; running out is a cut-short link."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise _cut()
        self.at += count
        return self.data[self.at - count:self.at]

    def uint(self, bound: int) -> int:
        """A varint no larger than ``bound`` (else the link is damaged)."""
        value, shift = 0, 0
        while True:
            byte = self.take(1)[0]
            value |= (byte & 0x7F) << shift
            shift += 7
            if value > bound or (shift > 7 and byte == 0):  # too large, or not minimal
                raise _damaged()
            if not byte & 0x80:
                return value


def _unpack(text: str) -> bytes:
    if not isinstance(text, str):
        raise LinkError(reason("link.not_text", "a link is text"))
    text = text.strip().lstrip("#")
    if not text.startswith(PREFIX):
        raise LinkError(reason("link.not_a_link", "this is not a game link"))
    body = text[len(PREFIX):]
    if len(text) > MAX_CHARS:
        raise LinkError(reason("link.too_long", "the link is too long"))
    if not body.isascii() or len(body) % 4 == 1 or not set(body) <= _ID_CHARS:
        raise _damaged()
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, inflated_bound(len(packed)))
    except (binascii.Error, ValueError, zlib.error) as error:
        raise _damaged() from error
    if inflater.unconsumed_tail:
        raise LinkError(reason("link.too_large", "the link is too large"))
    if not inflater.eof:
        raise _cut()
    if inflater.unused_data:
        raise _damaged()
    return data


def inflated_bound(packed: int) -> int:
    """The most bytes a link of ``packed`` deflated bytes may inflate to."""
    return min(MAX_BYTES, max(FREE_BYTES, MAX_RATIO * packed))


def decode(text: str) -> SealedLink:
    """The link :func:`encode` wrote; :class:`LinkError` for anything else."""
    try:
        return _decode(text)
    except LinkError:
        raise
    except Exception as error:  # any other failure of a hostile link is still the codec's
        raise cannot_open(error) from error


def _decode(text: str) -> SealedLink:
    reader = _Reader(_unpack(text))
    version = reader.take(1)[0]
    if version not in VERSIONS:
        known = ", ".join(map(str, VERSIONS))
        raise LinkError(reason("link.format", f"link format {version}; this version reads "
                               f"formats {known}", format=version, known=known))
    game_id = reader.take(reader.take(1)[0]).decode("ascii", errors="replace")
    if not _id_ok(game_id):
        raise _damaged()
    size = reader.uint(MAX_OPTIONS)
    options = _options(reader.take(size)) if size else None
    first, count = reader.uint(MAX_FIRST), reader.uint(MAX_POSTS)
    posts = tuple(_post(reader, version) for _ in range(count))
    if reader.at != len(reader.data):
        raise _damaged()
    return SealedLink(game_id, options, first, posts)


def _post(reader: _Reader, version: int) -> Post:
    size = reader.uint(MAX_MOVE + 1)
    move = None
    if size:
        try:
            move = safejson.loads(reader.take(size - 1).decode("utf-8"), MAX_MOVE, max_depth=8)
        except (UnicodeDecodeError, ValueError) as error:
            raise _damaged() from error
        if not isinstance(move, dict):
            raise _damaged()
    try:
        message = wire.from_bytes(reader.take(reader.uint(wire.MAX_BYTES)))
    except WireError as error:
        raise _damaged() from error
    if move is not None and not isinstance(message, Turn):
        raise _damaged()  # a move travels with its turn's parts, never with a hand-off
    escrow = None
    if version > 1:
        size = reader.uint(MAX_ESCROW)
        if size:
            escrow = reader.take(size).decode("ascii", errors="replace")
            if not escrow.isascii() or not escrow.isprintable():
                raise _damaged()
    return Post(message.seat, move, wire.encode(message), escrow)


_FIELDS = frozenset(f.name for f in fields(Options))


def _options(raw_bytes: bytes) -> Options:
    """A join link's options: each of its declared type, a sealed game, a game at all."""
    try:
        raw = safejson.loads(raw_bytes.decode("utf-8"), MAX_OPTIONS, max_depth=2)
    except (UnicodeDecodeError, ValueError) as error:
        raise LinkError(reason("link.options_damaged", "the link's options are damaged")) \
            from error
    if (not isinstance(raw, dict) or raw.get("sealed") is not True
            or not all(k in _FIELDS and (k == "sealed" or links.option_ok(k, v))
                       for k, v in raw.items())):
        raise LinkError(reason("link.options_damaged", "the link's options are damaged"))
    try:
        options = options_from(raw)
        Game.new(options)  # options of the right type but out of range
    except (ValueError, TypeError) as error:
        raise LinkError(reason("link.options_not_game",
                               f"the link's options are not a game: {error}",
                               reason=error)) from error
    return options


# ---------------------------------------------------------------- filing
def merge(held: Sequence[Post], link: SealedLink, game_id: str) -> list[Post]:
    """The posts of ``link`` that a device holding ``held`` (the history's first posts)
    lacks, in order. Refuses a link of another game, one that leaves a gap, and one whose
    posts differ from those held at the same index (a forked history)."""
    if link.game_id != game_id:
        raise LinkError(reason("link.sealed_other_game",
                               f"the link is of another game ({link.game_id})",
                               game=link.game_id))
    if link.first > len(held):
        raise LinkError(reason("link.sealed_gap",
                               f"posts {len(held)} to {link.first - 1} are missing: ask for "
                               f"a link from post {len(held)}", held=len(held),
                               first=link.first - 1))
    index = fork_index(held, link)
    if index is not None:
        raise LinkError(reason("link.sealed_fork",
                               f"post {index} differs from the one this device holds: "
                               f"the game's history has forked", index=index))
    # (the seat is named by the equivocation check, with its two signatures)
    return list(link.posts[len(held[link.first:link.first + len(link.posts)]):])


def fork_index(held: Sequence[Post], link: SealedLink) -> int | None:
    """The first post of ``link`` that differs from the one held at its index (None: the
    link continues the history held)."""
    overlap = held[link.first:link.first + len(link.posts)]
    pairs = zip(overlap, link.posts[:len(overlap)], strict=True)
    return next((index for index, (mine, theirs) in enumerate(pairs, start=link.first)
                 if _canonical(mine) != _canonical(theirs)), None)


def signed_items(posts: Sequence[Post]) -> list[list[Any]]:
    """Posts as the seats' signatures cover them (:mod:`tm.persist.sigs`: each item
    ``[seat, …]``): a seat's signature vouches for the history up to its length."""
    return [[post.seat, post.to_text()] for post in posts]


@dataclass(frozen=True, slots=True)
class Equivocation:
    """A seat that signed two histories that differ from post ``index`` on: its signature
    on the history a device holds (``ours``) and on a link's (``theirs``), the proof."""
    seat: int
    index: int
    ours: sigs.SeatSignature
    theirs: sigs.SeatSignature


def equivocation(game_id: str, held: Sequence[Post], link: SealedLink,
                 keys: dict[int, bytes], kept: dict[int, sigs.SeatSignature],
                 signatures: Sequence[sigs.SeatSignature],
                 verifier: sigs.Verifier) -> Equivocation | None:
    """A seat whose signature kept on this device (under its pinned key, ``keys``) covers
    the history held past the fork, and whose signature in the link covers the link's
    other history past it: both verify, so the seat's device signed both (None: no such
    seat; the fork may be a relay's doing)."""
    index = fork_index(held, link)
    if index is None:
        return None
    ours, theirs = signed_items(held), signed_items([*held[:link.first], *link.posts])
    for item in signatures:
        mine, key = kept.get(item.seat), keys.get(item.seat)
        if (mine is None or key is None or not index < mine.upto <= len(ours)
                or not index < item.upto <= len(theirs)):
            continue
        if verifier.verify(key, sigs.batch_message(game_id, item.seat, ours[:mine.upto]),
                           mine.signature) and verifier.verify(
                key, sigs.batch_message(game_id, item.seat, theirs[:item.upto]),
                item.signature):
            return Equivocation(item.seat, index, mine, item)
    return None


def _canonical(post: Post) -> tuple[int, bytes | None, str]:
    """A post as the wire sees it (a move's tuples and lists are one JSON array)."""
    return post.seat, None if post.move is None else _compact(post.move), \
        post.message + "\n" + (post.escrow or "")


__all__ = ["MAX_CHARS", "PREFIX", "Equivocation", "SealedLink", "decode", "encode",
           "equivocation", "fork_index", "link_options", "merge", "signed_items"]
