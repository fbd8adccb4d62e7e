"""A sealed game as this device plays it in the page (issue 32): its seat, its secret
seed and the history of posts every device reads in one order, kept in the device's own
store, and what the device does with them.

A sealed game is a game played by link whose hands stay secret (``Options(sealed=True)``):
the devices shuffle the deck together and each reads only its own draws
(:mod:`tm.linkplay.sealedplay`). The record ``tm:sealed:<game id>`` holds the seat, the seed
(the device's only secret: never in a link or a save) and every post, its own included.
The game is rebuilt from it: a fresh :class:`~tm.linkplay.sealedplay.SealedSeat` takes the
others' posts and makes its own again (the seed makes them the same), checked against
the record. Links carry the posts the recipient lacks (:mod:`tm.linkplay.sealedlinks`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from tm.core.contract import Response
from tm.core.errors import IllegalMove
from tm.core.state import Options
from tm.fairdeck import SECP256K1, Group
from tm.fairdeck.held import Caught, DeviceError
from tm.fairdeck.wire import HandOff, SeedReveal, decode
from tm.fairdeck.work import Work, finish, uncounted
from tm.game import Game
from tm.linkplay import links, sealedlinks, sealedshape
from tm.linkplay.links import LinkError
from tm.linkplay.sealedplay import Post, SealedSeat, read_post
from tm.web.sealedrecord import (
    RECORD_PREFIX,
    Findings,
    Record,
    RecordError,
    Stopped,
    read_record,
    stop,
    write_record,
)

GROUP: Group = SECP256K1
LONG_LINK = 4000  # characters: over this, a link is offered as a file too


class SealedPlay:
    """One device's sealed game: its seat, the shared history and what it does next."""

    def __init__(self, options: Options, game_id: str, record: Record,
                 escrow: str | None = None) -> None:
        self.options, self.game_id, self.record = options, game_id, record
        # the seed locked with the player's recovery passphrase: on this seat's first post
        self.escrow = escrow
        self.seat = SealedSeat(Game.new(options), record.seat, record.seed, game_id, GROUP)
        self.history: list[Post] = []
        self.opened = False  # this device's opening parts posted
        self._offer: tuple[int, int, str] | None = None  # (posts, recipient, its link)
        self._handoffs = 0  # hand-offs in the history
        self._seeds: set[int] = set()  # seats whose seed is in the history

    @property
    def game(self) -> Game:
        return self.seat.game

    @property
    def players(self) -> int:
        return self.options.players

    # ------------------------------------------------------------ rebuilding
    @classmethod
    def restore(cls, options: Options, game_id: str, record: Record) -> SealedPlay:
        """The game as the record left it: the others' posts taken, this device's own
        made again and checked (:class:`RecordError` when they differ)."""
        return finish(cls.restoring(options, game_id, record))

    @classmethod
    def restoring(cls, options: Options, game_id: str, record: Record) -> Work[SealedPlay]:
        """:meth:`restore` as work in slices: a unit per post of the record (a page runs
        it between frames, with its progress shown)."""
        play = cls(options, game_id, Record(record.seat, record.seed, [], record.audit,
                                            dict(record.sent), record.audited,
                                            record.stopped))
        owed: list[Post] = []
        played = record.stopped[0] if record.stopped else len(record.posts)
        try:
            if record.posts:  # (a game begun before issue 43 goes on under its own rules)
                play.seat.adopt(read_post(record.posts[0]))
            for text in record.posts[:played]:
                post = read_post(text)
                play._append(post)
                if post.seat != record.seat:
                    owed += yield from uncounted(play.seat.receiving(post))
                else:
                    owed = owed or (yield from uncounted(play._again(post)))
                    if not owed or owed.pop(0).to_text() != post.bare().to_text():
                        raise RecordError("this device's record of the game does not replay")
                yield 1
            for text in record.posts[played:]:  # (kept, never played: the game stopped)
                play._append(read_post(text))
        except (ValueError, IllegalMove, DeviceError) as error:
            raise RecordError("this device's record of the game does not replay") from error
        return play

    def _again(self, post: Post) -> Work[list[Post]]:
        """This device's own post made again (the seed makes it the same)."""
        if post.move is not None:
            return (yield from self.seat.playing(post.move))
        message = decode(post.message)
        if isinstance(message, HandOff):
            made = yield from self.seat.shuffle_posting()
            return [made] if made is not None else []
        if isinstance(message, SeedReveal):
            return [self.seat.seed_post()]
        self.opened = True
        return [self.seat.opening_post()]

    # ------------------------------------------------------------ acting
    def _post(self, posts: list[Post]) -> None:
        """This device's own posts into the history (its first carries the escrow)."""
        for post in posts:
            if self.escrow is not None:
                post, self.escrow = replace(post, escrow=self.escrow), None
            self._append(post)

    def _append(self, post: Post) -> None:
        """A post into the history and the record, its kind counted (read once: a click
        never decodes the whole history again)."""
        self.history.append(post)
        self.record.posts.append(post.to_text())
        kind = sealedshape.kind_of(post.message)
        self._handoffs += kind == sealedshape.HANDOFF
        if kind == sealedshape.SEED:
            self._seeds.add(post.seat)

    def act(self) -> None:
        """Everything this device posts without a player's decision: its shuffle step, its
        opening parts, the parts it owes, its seed once the game is over (nothing once
        the game stopped)."""
        finish(self.acting())

    def acting(self) -> Work[None]:
        """:meth:`act` as work in slices (its shuffle step: a unit per card)."""
        if self.record.stopped is not None:
            return
        post = yield from self.seat.shuffle_posting()
        if post is not None:
            self._post([post])
        if self.seat.device.locked and not self.opened:
            self.opened = True
            self._post([self.seat.opening_post()])
        elif self.opened and self.seat.device.parts_due(self.seat.piles()):
            self._post([self.seat.opening_post()])
        if self.game.is_over and not self.seed_posted():
            self._post([self.seat.seed_post()])

    def play(self, response: Response) -> None:
        """This seat's answer (IllegalMove: refused, nothing posted)."""
        finish(self.playing(response))

    def playing(self, response: Response) -> Work[None]:
        """:meth:`play` as work in slices (a reshuffle's step: a unit per card)."""
        self._post((yield from self.seat.playing(response)))
        yield from self.acting()

    def signed(self, more: list[Post] | None = None) -> list[list[Any]]:
        """The history (and ``more`` after it) as the seats' signatures cover it (see
        :func:`signed_moves`), from the record's lines: no post is encoded again."""
        held = [[post.seat, text] for post, text in zip(self.history, self.record.posts,
                                                         strict=True)]
        return held + signed_moves(more or [])

    def seed_posted(self) -> bool:
        return self.record.seat in self._seeds

    # ------------------------------------------------------------ links
    def take(self, text: str) -> int:
        """A link's posts this device lacks, taken in order; returns how many (see
        :meth:`incoming` and :meth:`take_posts`)."""
        new = self.incoming(sealedlinks.decode(text))
        self.check_shape(new)
        return self.take_posts(new)

    def incoming(self, link: sealedlinks.SealedLink) -> list[Post]:
        """The posts of a decoded link this device lacks (no fair-deck or rules work).
        Raises ``LinkError`` for a link that is not this game's, leaves a gap or forks."""
        return sealedlinks.merge(self.history, link, self.game_id)

    def check_shape(self, new: list[Post]) -> None:
        """``LinkError`` naming the seat when the game cannot have asked for ``new``
        (:mod:`tm.linkplay.sealedshape`: no fair-deck or rules work)."""
        sealedshape.check(self.history, new, self.players, self.record.seat,
                          self.options.names,
                          sealedshape.asked_decks(self.game.state.sealed["piles"]))

    def take_posts(self, new: list[Post]) -> int:
        """Posts from :meth:`incoming`, taken in order; returns how many. Raises ``Caught``
        naming a seat that broke the protocol, ``IllegalMove`` for a move the rules refuse
        (then this object is spoilt: the caller rebuilds from the record), ``Stopped``
        when a post of an earlier link is refuted only now. Once the game stopped, posts
        are kept, never played."""
        return finish(self.taking_posts(new))

    def taking_posts(self, new: list[Post]) -> Work[int]:
        """:meth:`take_posts` as work in slices: a unit per post (its cards uncounted)."""
        answers: list[Post] = []
        start = len(self.history)
        for post in new:
            self._append(post)
            if self.record.stopped is not None:
                continue
            try:
                answers += yield from uncounted(self.seat.receiving(post))
            except Caught as caught:
                index = next((i for i, held in enumerate(self.history[:start])
                              if held is caught.source), None)
                if index is None:  # (refused with the link that brought it)
                    raise
                raise Stopped(index, caught) from caught
            yield 1
        self._post(answers)
        yield from uncounted(self.acting())
        return len(new)

    def offer(self) -> tuple[int, str] | None:
        """The seat to send a link to now and the link (made once per history: it stays
        offered until new posts come)."""
        if self._offer is not None and self._offer[0] == len(self.history):
            return self._offer[1:]
        target = self.send_target()
        if target is None:
            return None
        self._offer = (len(self.history), target, self.link(target))
        return self._offer[1:]

    def link(self, recipient: int) -> str:
        """The link for ``recipient``: the posts since its last one (every post and the
        options when it has posted none yet)."""
        since = max((i + 1 for i, p in enumerate(self.history) if p.seat == recipient),
                    default=0)
        options = self.options if since == 0 else None
        self.record.sent[str(recipient)] = len(self.history)
        return sealedlinks.encode(self.game_id, self.history[since:], since, options)

    # ------------------------------------------------------------ where the game stands
    def ready(self) -> bool:
        """Whether the shuffle is over and every seat's opening parts are here."""
        if not self.seat.device.locked:
            return False
        return len(self.history) >= self._handoffs + self.players

    def blocked(self) -> bool:
        """Whether this seat drew a card it cannot read yet (the others' parts to come),
        or holds one passed to it in a draft whose keys have not come."""
        device, seat = self.seat.device, self.record.seat
        return any(device.open(deck, position) is None
                   for deck, piles in self.seat.piles().items()
                   for position in piles.drawn_by(seat)) or any(
            device.open(deck, position) is None for deck, position in self.seat.passed_hand()[1])

    def can_decide(self) -> bool:
        """Whether this seat may answer its decision now."""
        return (self.ready() and not self.game.is_over and not self.seat.waiting
                and self.record.stopped is None and not self.blocked()
                and any(s == self.record.seat for s, _ in self.game.pending))

    def send_target(self) -> int | None:
        """The seat to send the next link to (None: this device has a decision, or every
        device has everything)."""
        me, n = self.record.seat, self.players
        if self.can_decide() or self.record.stopped is not None:
            return None
        if self.game.is_over:  # the seeds go round until each device has them all
            return next((s for s in ((me + k) % n for k in range(1, n))
                         if self._known_held(s) < len(self.history)), None)
        if self.ready() and not self.seat.waiting and not self.blocked():
            pending = {s for s, _ in self.game.pending}
            for step in range(1, n):
                if (me + step) % n in pending:
                    return (me + step) % n
        return (me + 1) % n

    def _known_held(self, seat: int) -> int:
        """How many posts ``seat`` holds, as far as this device knows: those before its
        own last post, or in the last link made for it."""
        last = max((i + 1 for i, p in enumerate(self.history) if p.seat == seat), default=0)
        return max(last, self.record.sent.get(str(seat), 0))

    def seeds(self) -> int:
        """How many seats' seeds are here."""
        return len(self._seeds)  # (counted as posts come: no post decoded again)

    def seeds_held(self) -> bool:
        """Whether every seat's seed is here (then the audit is complete)."""
        return self.seeds() == self.players

    def audit_due(self) -> bool:
        """Whether the audit should run: the game is over and this device's seed is out,
        and it has not run with the seeds here. It runs on what is there (issue 43): a
        seat that withholds its seed is named unverified ("no seed"), and the audit runs
        again when more seeds come."""
        if not self.game.is_over or not self.seed_posted():
            return False
        audited = self.record.audited
        return self.record.audit is None or 0 < audited < self.seeds()

    def audit(self) -> Findings | None:
        """The audit's findings as [deck, seat, position, reason] (kept once run: it
        takes seconds); None before it ran."""
        return finish(self.auditing())

    def audit_size(self) -> int:
        """The units of work of :meth:`auditing`."""
        return self.seat.device.audit_size()

    def auditing(self) -> Work[Findings | None]:
        """:meth:`audit` as work in slices (:meth:`audit_size` units)."""
        if self.audit_due():
            found = yield from self.seat.auditing()
            self.record.audit = [[deck, f.seat, f.position, str(f.reason)]
                                 for deck, f in found]
            held = self.seeds()
            self.record.audited = 0 if held == self.players else held
        return self.record.audit


def split(text: str) -> tuple[str, dict[str, str]]:
    """A sealed link's posts (``s=…``) and its seals (``&k=`` keys, ``&s=`` signatures)."""
    return links.split_params(text)


def link_game(text: str) -> tuple[str, Options | None]:
    """A sealed link's game id and options (a join link's), read without taking it."""
    link = sealedlinks.decode(split(text)[0])
    return link.game_id, link.options


def link_seats(text: str) -> set[int]:
    """The seats that posted in a link (taken by other devices)."""
    return {post.seat for post in sealedlinks.decode(split(text)[0]).posts}


def signed_moves(posts: list[Post]) -> list[list[Any]]:
    """Posts as the seats' signatures cover them (:mod:`tm.persist.sigs`: each item
    ``[seat, …]``): a seat's signature vouches for the history up to its length."""
    return sealedlinks.signed_items(posts)


__all__ = ["GROUP", "LONG_LINK", "RECORD_PREFIX", "LinkError", "Record", "RecordError",
           "SealedPlay", "Stopped", "link_game", "link_seats", "read_record", "stop",
           "write_record"]
