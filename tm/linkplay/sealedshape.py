"""The shape of a sealed link's new posts, checked before any fair-deck or rules work
(issue 43): a link that a device's game cannot have asked for is refused at once, naming
the seat, whatever its signatures say.

Each device posts only in answer to the history it holds (:mod:`tm.linkplay.sealedplay`):
its moves, one message of parts or shows after another seat's post, its steps of a
shuffle when the schedule comes round to it, the parts of a deck once it locks, its seed
once. So within one *run* (posts of one seat with no move and no other seat's post between
them) a seat posts few messages; never a post of the recipient's own seat (a device
holds every post it made); at most one seed in the whole game; hand-offs only of decks
the game holds or opens next; and no game holds more moves than a save may. Moves
themselves are bounded by the rules: the first one they refuse ends the link. What this
check costs grows with the link's size alone.
"""
from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Sequence

from tm.core.errors import reason
from tm.fairdeck import wire
from tm.linkplay.links import LinkError
from tm.linkplay.sealedplay import Post
from tm.persist.codec import MAX_MOVES

HANDOFF, TURN, SEED = 1, 2, 3  # a fair-deck message's kind: its second byte (tm.fairdeck.wire)
MAX_RUN_MESSAGES = 6  # a run's posts without a move: answer, lock, opening, parts due, seed
DECKS = 3  # decks a run's steps may go to (project, corporation, prelude)


def kind_of(message: str) -> int:
    """The kind of an encoded fair-deck message (its first bytes only: no decoding)."""
    try:
        head = base64.urlsafe_b64decode(message[:4])
    except (binascii.Error, ValueError):
        return 0
    return head[1] if len(head) > 1 else 0


def asked_decks(piles: Iterable[str]) -> frozenset[str]:
    """The decks a hand-off may shuffle: those the game holds, and the next generation of
    each (a reshuffle its devices may begin before this one opens it)."""
    newest: dict[str, int] = {}
    for deck in piles:
        base, _, generation = deck.partition("/")
        newest[base] = max(newest.get(base, 1), int(generation or 1))
    return frozenset(piles) | {f"{base}/{generation + 1}" for base, generation in newest.items()}


def check(held: Sequence[Post], new: Sequence[Post], players: int, own_seat: int,
          names: Sequence[str], decks: frozenset[str] | None = None) -> None:
    """Raises :class:`LinkError` naming the seat whose new posts the game cannot have
    asked for (see the module); ``held`` are this device's posts, ``new`` the link's,
    ``decks`` those a hand-off may shuffle (:func:`asked_decks`; None: any)."""
    steps = DECKS * 3 * players  # a run's shuffle steps: every step of each deck
    seeds = {post.seat for post in held if kind_of(post.message) == SEED}
    moves = sum(post.move is not None for post in held)
    run_seat = held[-1].seat if held else -1
    run = _run_tail(held, run_seat)
    posted = {post.seat for post in held}
    for post in new:
        kind = kind_of(post.message)
        if post.escrow is not None and post.seat in posted:  # (only on a seat's first)
            raise _unasked(post.seat, names, len(new))
        posted.add(post.seat)
        if post.seat != run_seat or post.move is not None:
            run_seat, run = post.seat, [0, 0]
        if post.move is not None:
            moves += 1
        elif kind == HANDOFF:
            run[0] += 1
            if decks is not None and not set(_handoff_decks(post)) <= decks:
                raise _unasked(post.seat, names, len(new))
        else:
            run[1] += 1
        unasked = (post.seat == own_seat or not 0 <= post.seat < players
                   or moves > MAX_MOVES or run[0] > steps or run[1] > MAX_RUN_MESSAGES
                   or (kind == SEED and post.seat in seeds))
        if unasked:
            raise _unasked(post.seat, names, len(new))
        if kind == SEED:
            seeds.add(post.seat)


def _handoff_decks(post: Post) -> tuple[str, ...]:
    message = wire.decode(post.message)
    return message.decks if isinstance(message, wire.HandOff) else ()


def _run_tail(held: Sequence[Post], seat: int) -> list[int]:
    """[hand-offs, other posts without a move] of the run ``held`` ends with."""
    run = [0, 0]
    for post in reversed(held):
        if post.seat != seat or post.move is not None:
            break
        run[0 if kind_of(post.message) == HANDOFF else 1] += 1
    return run


def _unasked(seat: int, names: Sequence[str], count: int) -> LinkError:
    name = names[seat] if 0 <= seat < len(names) else "?"
    return LinkError(reason("link.sealed_unasked",
                            f"{name}'s device sent posts the game did not ask for ({count} "
                            f"posts)", name=name, count=count))


__all__ = ["check", "kind_of"]
