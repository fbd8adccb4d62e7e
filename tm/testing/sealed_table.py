"""Sealed games played to the end by devices that talk only by posts (issue 32).

:class:`Table` delivers each post to every other device at once, in one order, as a chat
would. :class:`LinkTable` plays the same game by links (:mod:`tm.linkplay.sealedlinks`):
each device holds only what links gave it, and passes one link at a time to the next seat
that has something to do, carrying the posts since the recipient last sent. Both take the
players as a ``decide(seat, view)`` that returns one of the listed choices (a bot's
``decide``: the kit sits below the bots).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tm.core.state import Options, to_dict
from tm.fairdeck import Group
from tm.fairdeck.wire import HandOff, decode
from tm.game import Game
from tm.linkplay import sealedlinks
from tm.linkplay.sealedplay import Post, SealedSeat, read_post

Decide = Callable[[int, dict[str, Any]], Any]  # (seat, its device's view) -> a listed choice
SAME_STATE_EVERY = 8  # moves between checks that the devices agree
MAX_MOVES = 3000


def _alone(posts: list[Post]) -> list[list[Post]]:
    """The posts in order, each hand-off in a list of its own (at least one list)."""
    runs: list[list[Post]] = [[]]
    for post in posts:
        handoff = isinstance(decode(post.message), HandOff)
        if handoff or (runs[-1] and isinstance(decode(runs[-1][-1].message), HandOff)):
            runs.append([])
        runs[-1].append(post)
    return [run for run in runs if run] or [[]]


class Stalled(RuntimeError):
    """No device can post: a move waits for key parts no seat will send (a protocol
    gap, or a seat that withholds its part)."""


def seat_seed(seat: int, salt: int = 0) -> bytes:
    """A seat's device seed for tests (a real device draws its own)."""
    return random.Random(f"seat {seat} {salt}").randbytes(32)


def response_of(device: SealedSeat, decide: Decide) -> dict[str, Any]:
    """The response data of the choice ``decide`` takes on the device's own view."""
    seat = device.seat
    view: dict[str, Any] = dict(device.game.view(seat))
    listed = decide(seat, view)
    index = view["you"]["decision"]["choices"].index(listed)
    prompt = device.game.prompt_for(seat)
    assert prompt is not None
    return dict(prompt.choices()[index].response)


class Table:
    """Devices and the posts between them, in one order everyone reads."""

    def __init__(self, options: Options, group: Group, decide: Decide, salt: int = 0) -> None:
        self.seats = [SealedSeat(Game.new(options), seat, seat_seed(seat, salt), "g1", group)
                      for seat in range(options.players)]
        self.posts: list[Post] = []
        self.decide = decide

    def send(self, posts: list[Post]) -> None:
        queue = list(posts)
        while queue:
            queue += self.deliver(queue.pop(0))

    def deliver(self, post: Post) -> list[Post]:
        """One post to every other device; returns their answers, to send next."""
        text = post.to_text()
        self.posts.append(post)
        answers: list[Post] = []
        for device in self.seats:
            if device.seat != post.seat:
                answers += device.receive(read_post(text))
        return answers

    def shuffle(self) -> None:
        while not self.seats[0].device.locked:
            for device in self.seats:
                post = device.shuffle_post()
                if post is not None:
                    self.send([post])
                    break
        for device in self.seats:
            self.send([device.opening_post()])

    def move(self) -> None:
        game = self.seats[0].game
        seat = next(s for s, _ in game.pending if not self.seats[s].waiting)
        self.send(self.seats[seat].play(response_of(self.seats[seat], self.decide)))

    def play_to_end(self) -> int:
        moves = 0
        while not self.seats[0].game.is_over:
            self.move()
            moves += 1
            assert moves < MAX_MOVES
            if moves % SAME_STATE_EVERY == 0 or self.seats[0].game.is_over:
                self.assert_same_state(moves)
        return moves

    def assert_same_state(self, moves: int) -> None:
        """Every device holds the same state of play (a divergence stays: checking every
        few moves finds it, at a fraction of the cost of every move)."""
        first = to_dict(self.seats[0].game.state)
        assert all(to_dict(d.game.state) == first for d in self.seats[1:]), moves

    def end(self) -> None:
        self.send([device.seed_post() for device in self.seats])


# ---------------------------------------------------------------- by links
@dataclass
class Holder:
    """One device in play by links: its seat and the history as it holds it."""
    seat: SealedSeat
    history: list[Post] = field(default_factory=list)
    last_sent: int = 0  # the history's length just after this device's last post
    opened: bool = False  # its opening parts posted
    # in a group chat: posts read from links sent to others, taken when one comes to it
    inbox: list[Post] = field(default_factory=list)


@dataclass(frozen=True)
class Sent:
    """One link passed: who to whom, its text, how many posts it carries, the phase
    (``join``: before the recipient's first decision, ``play``, ``end``: the seeds), the names
    the rules had shown to all when it was sent."""
    sender: int
    recipient: int
    text: str
    posts: int
    phase: str
    shown: frozenset[str]

    @property
    def chars(self) -> int:
        return len(self.text)


class LinkTable:
    """A sealed game played by links only (see the module). ``group_chat``: every link is
    posted where every device reads it (a group chat), so it carries only the posts made
    since the chat's last link (the first also the options); a device keeps what it reads
    and takes it, in order, when a link comes to it (as if that link had carried it all:
    the same posts, the same answers)."""

    def __init__(self, options: Options, group: Group, decide: Decide, salt: int = 0,
                 game_id: str = "g1", one_step: bool = True,
                 window_answers: bool = False, group_chat: bool = False) -> None:
        self.options, self.group, self.decide = options, group, decide
        self.one_step, self.window_answers = one_step, window_answers
        self.group_chat, self.chat = group_chat, 0  # (the posts the chat's links carried)
        self.salt, self.game_id = salt, game_id
        self.n = options.players
        self.devices: list[Holder | None] = [None] * self.n
        self.devices[0] = self._new_device(0, options)  # the host
        self.sent: list[Sent] = []
        self.moves = 0

    def _new_device(self, seat: int, options: Options) -> Holder:
        return Holder(SealedSeat(Game.new(options), seat, seat_seed(seat, self.salt),
                                    self.game_id, self.group, self.one_step,
                                    self.window_answers))

    def holder(self, seat: int) -> Holder:
        found = self.devices[seat]
        assert found is not None
        return found

    # ------------------------------------------------------------ links
    def pass_link(self, sender: int, recipient: int, phase: str) -> None:
        """The sender's link to the recipient (the posts since it last sent; to a seat
        that has not joined, every post and the options), decoded there and taken in. In a
        group chat, the posts since the chat's last link, a hand-off in a link of its own
        (so a link carries one shuffle step at most), the recipient taking them with the
        last."""
        source, target = self.holder(sender), self.devices[recipient]
        since = 0 if target is None else target.last_sent
        if self.group_chat:
            *before, last = _alone(source.history[self.chat:])
            for posts in before:
                self._read_in_chat(sender, recipient, self._send(
                    sender, recipient, self.chat, posts, phase), False)
            link = self._read_in_chat(sender, recipient, self._send(
                sender, recipient, self.chat, last, phase))
            target = self.devices[recipient]
        else:
            link = self._send(sender, recipient, since, source.history[since:], phase,
                              target is None)
        if target is None:
            assert link.options is not None
            target = self.devices[recipient] = self._new_device(recipient, link.options)
        answers: list[Post] = []
        for post in sealedlinks.merge(target.history, link, self.game_id):
            target.history.append(post)
            answers += target.seat.receive(post)
        self._posted(target, answers)

    def _send(self, sender: int, recipient: int, since: int, posts: list[Post], phase: str,
              joins: bool = False) -> sealedlinks.SealedLink:
        """The link carrying ``posts``, the history's from index ``since`` (with the
        options for a seat that joins by it, or the chat's first link), noted and decoded."""
        source = self.holder(sender)
        options = self.options if joins or (self.group_chat and since == 0) else None
        text = sealedlinks.encode(self.game_id, posts, since, options)
        shown = frozenset(n for _d, _p, n, _s in source.seat.game.state.sealed["shown"])
        self.sent.append(Sent(sender, recipient, text, len(posts), phase, shown))
        return sealedlinks.decode(text)

    def _read_in_chat(self, sender: int, recipient: int, link: sealedlinks.SealedLink,
                      taken: bool = True) -> sealedlinks.SealedLink:
        """A link posted in the group chat: every other device reads it (one that has not
        joined joins from the first); the recipient takes what it read before with it
        (``taken``: this is the last link of the sender's turn)."""
        assert link.first == self.chat
        self.chat += len(link.posts)
        for seat in range(self.n):
            if seat == sender:
                continue
            if self.devices[seat] is None:
                assert link.options is not None
                self.devices[seat] = self._new_device(seat, link.options)
            self.holder(seat).inbox += link.posts
        target = self.holder(recipient)
        posts = tuple(target.inbox)
        if taken:
            target.inbox = []
        return sealedlinks.SealedLink(link.game_id, None, len(target.history), posts)

    def _posted(self, device: Holder, posts: list[Post]) -> None:
        if posts:
            device.history += posts
            device.last_sent = len(device.history)

    def _decided(self, seat: int) -> bool:
        """Whether the seat has made a decision yet (its links before are its join)."""
        device = self.devices[seat]
        return device is not None and any(p.seat == seat and p.move is not None
                                          for p in device.history)

    def _ready(self, device: Holder) -> bool:
        """Whether the device holds the shuffle's hand-offs and every seat's opening."""
        messages = (decode(p.message) for p in device.history)
        handoffs = sum(isinstance(m, HandOff) and all("/" not in d for d in m.decks)
                       for m in messages)  # (a reshuffle's hand-offs come later)
        return handoffs == 2 * self.n - 1 and len(device.history) >= 3 * self.n - 1

    # ------------------------------------------------------------ acting
    def act(self, seat: int) -> None:
        """Everything the device can post now: its shuffle step, its opening, its moves
        (while it can read its own cards), and the key parts it owes the others."""
        device = self.holder(seat)
        post = device.seat.shuffle_post()
        if post is not None:
            self._posted(device, [post])
        if device.seat.device.locked and not device.opened:
            device.opened = True
            self._posted(device, [device.seat.opening_post()])
        game = device.seat.game
        while (self._ready(device) and not game.is_over and not device.seat.waiting
               and any(s == seat for s, _ in game.pending) and not self.blocked(seat)):
            self._posted(device, device.seat.play(response_of(device.seat, self.decide)))
            self.moves += 1
            assert self.moves < MAX_MOVES
        if device.opened and device.seat.device.parts_due(device.seat.piles()):
            self._posted(device, [device.seat.opening_post()])  # the parts it owes, alone

    def blocked(self, seat: int) -> bool:
        """Whether the seat drew a card it cannot read yet: another seat's key parts for
        it are still to come (it drew past its window before that seat spoke)."""
        device = self.holder(seat).seat
        return any(device.device.open(deck, position) is None
                   for deck, piles in device.piles().items()
                   for position in piles.drawn_by(seat))

    def next_seat(self, seat: int) -> int:
        """The next seat with something to do: a seat the game waits on (and that can
        read its cards: one that cannot waits for the others' parts), else the next."""
        device = self.holder(seat)
        game = device.seat.game
        if (self._ready(device) and not device.seat.waiting and not game.is_over
                and not self.blocked(seat)):
            pending = {s for s, _ in game.pending
                       if self.devices[s] is None or not self.blocked(s)}
            for step in range(1, self.n):
                if (seat + step) % self.n in pending:
                    return (seat + step) % self.n
        return (seat + 1) % self.n

    def play(self, stop: Callable[[], bool] | None = None) -> int:
        """The game by links to its end (or until ``stop()``); returns the seat that holds
        the whole history. Raises :class:`Stalled` when no seat can post."""
        seat, idle = 0, 0
        self.act(seat)
        while not self.holder(seat).seat.game.is_over and not (stop and stop()):
            after, held = self.next_seat(seat), len(self.holder(seat).history)
            self.pass_link(seat, after, "play" if self._decided(after) else "join")
            seat = after
            self.act(seat)
            idle = idle + 1 if len(self.holder(seat).history) == held else 0
            if idle > 2 * self.n:
                waiting = self.holder(seat).seat.waiting
                raise Stalled(f"no seat can post; waiting: {waiting}")
        return seat

    def end(self, seat: int) -> None:
        """Every device reveals its seed: twice around the table, so all hold all."""
        revealed: set[int] = set()
        for step in range(1, 2 * self.n):
            after = (seat + step) % self.n
            self.pass_link((seat + step - 1) % self.n, after, "end")
            if after not in revealed:
                revealed.add(after)
                device = self.holder(after)
                self._posted(device, [device.seat.seed_post()])

    def seats(self) -> list[SealedSeat]:
        """The seats' devices, in seat order."""
        return [self.holder(seat).seat for seat in range(self.n)]
