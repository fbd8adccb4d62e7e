"""One device's seat in a sealed game: the rules and the fair deck, joined (issue 32).

A sealed game (``Options(sealed=True)``) is played by one :class:`SealedSeat` per device.
Its ``Game`` holds tokens for every card not shown to all (:mod:`tm.core.sealed`); its
dealer is the device's :class:`~tm.fairdeck.device.Device`, which reads the seat's own
draws and the cards shown. Devices talk only by :class:`Post` s that every device reads in
one order (a link, a chat, a file): the joint shuffle's hand-offs, then each move as its
response data (tokens, never names) with the fair-deck message that goes with it (the key
parts the seat owes for the others' newly reserved positions, and the parts that show its
cards the move made public), and at the end each seat's seed for the audit.

Every device applies every move, so the rules are the referee everywhere. A move waits on
a device while the keys of a card it shows have not arrived. That happens at the setup
reveal: the corporations and preludes chosen in secret show when the last seat has chosen,
so each device then posts a reveal (the parts of its own chosen corporation and preludes).
It happens again when a move reveals cards from the deck past the acting seat's window
(Experimental Forest): the rules' refusal (``sealed.Unreadable``) says where the move
stopped, and each device answers with its key parts for exactly the positions the move
reveals (the acting seat with its own part, which makes them public), a round of answers a
card, until the move applies (docs/fair-deck.md, "Reveals past the window").

A deck that runs out: the move that draws opens a new generation of it from the discards
(:mod:`tm.core.sealed`), the same on every device. Each device then builds that deck and
posts its steps of the joint reshuffle when the schedule says it is its turn (an unlock
round, then a shuffle: ``3n`` hand-offs, the last mixer's two sent at once; ``3n - 1``
before wire version 3), and once it is locked, the key parts it owes
for the others' new piles. A move that shows a card of the new generation waits for them
(``sealed.unknown``) like any card whose keys are still to come.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tm.core import sealed
from tm.core.contract import Response
from tm.core.errors import IllegalMove, reason_of
from tm.core.sealed import Unreadable
from tm.fairdeck import Finding, Group, Piles, generations
from tm.fairdeck.device import Device
from tm.fairdeck.held import Caught, DeviceError
from tm.fairdeck.wire import HandOff, Pass, SeedReveal, Show, Turn, decode, encode
from tm.fairdeck.work import Work, finish
from tm.game import Game
from tm.linkplay import sealedasks
from tm.linkplay.sealedasks import Awaited
from tm.linkplay.sealedpiles import canonical, piles_copy
from tm.linkplay.sealedposts import MAX_ESCROW, Post, decode_handoff, read_post
from tm.rules.phases import draft_direction, shown_at_setup


class Refused(IllegalMove):
    """A seat's move the rules refuse: the rules' reason, and ``seat``, whose it is."""

    def __init__(self, error: IllegalMove, seat: int) -> None:
        super().__init__(error.reason, error.rule)
        self.seat = seat


class SealedSeat:
    """One seat's device in a sealed game (see the module): its game and its fair deck."""

    def __init__(self, game: Game, seat: int, seed: bytes, game_id: str, group: Group,
                 one_step: bool = True, window_answers: bool = False) -> None:
        names = {deck: canonical(game, deck) for deck in game.state.sealed["piles"]
                 if "/" not in deck}
        self.seat, self.game = seat, game
        self.device = Device(group, seat, game.state.options.players, seed, game_id, names)
        game.dealer = self.device
        self.waiting: list[tuple[int, dict[str, Any]]] = []  # moves this device cannot apply yet
        self.log: list[Post] = []  # every post, in order: with the seed, the device's storage
        self.early: list[Post] = []  # hand-offs of a generation this device has not opened
        self.opened: set[str] = set()  # generations whose parts this device has posted
        # the waiting move's last attempt: the piles it reached (plain data) and the cards
        # it showed or stopped at, (deck, position, seat): what it needs the keys of
        self.reach: dict[str, Any] = {}
        self.reach_reshuffles: dict[str, Any] = {}  # the generations it opened
        self.needs: list[tuple[str, int, int]] = []
        # a hand-off carries only its own step: every device reads the one history, so it
        # holds the earlier steps already (False: every step from the first, for comparison)
        self.one_step = one_step
        # answering a move that reveals past the window: False, the parts of exactly the
        # positions it reveals (a round for each card); True, also of the acting seat's
        # window after them (readable by it alone, as after any draw: a round a window)
        self.window_answers = window_answers

    # ------------------------------------------------------------ the piles
    def piles(self) -> dict[str, Piles]:
        """The rules' piles as the fair deck's (copies: the device keeps what it is given)."""
        return {deck: piles_copy(data)
                for deck, data in self.game.state.sealed["piles"].items()}

    def _known(self) -> dict[str, Piles]:
        """The piles as far as the waiting move's last attempt reached (the rules' own
        while no move waits): a move that draws reserves positions that it then reads."""
        return self.piles() | {deck: piles_copy(data) for deck, data in self.reach.items()}

    # ------------------------------------------------------------ sending
    def shuffle_post(self) -> Post | None:
        """This seat's step of the joint shuffle, when it is its turn."""
        return finish(self.shuffle_posting())

    def shuffle_posting(self) -> Work[Post | None]:
        """:meth:`shuffle_post` as work in slices (a unit per card)."""
        if self.device.my_step() is None:
            return None
        yield from self.device.stepping()
        since = self.device.steps_done() - 1 if self.one_step else 0
        return self._sent(Post(self.seat, None, encode(self.device.handoff(since))))

    def opening_post(self) -> Post:
        """After the shuffle: the parts this seat owes for the others' opening deal (and,
        in a game with the draft, this seat's pass key)."""
        drafted = self.game.state.options.draft and self.device.version >= 5
        return self._sent(Post(self.seat, None, encode(self.device.outgoing(
            self.piles(), pass_key=drafted))))

    def play(self, response: Response) -> list[Post]:
        """This seat's move: applied here (or kept waiting, at the setup reveal) and posted
        with the parts it owes, the shows of its cards it made public and, a draft pick,
        the cards it passes on (readable by the next seat alone)."""
        return finish(self.playing(response))

    def playing(self, response: Response) -> Work[list[Post]]:
        """:meth:`play` as work in slices (a reshuffle's step: a unit per card)."""
        passes = self._hand_on(response)
        self.waiting.append((self.seat, response))
        shows = list(self._drain())
        shows += self._setup_reveal()
        post = Post(self.seat, response, encode(self._outgoing(shows, passes)))
        return [self._sent(post), *(yield from self._reshuffling())]

    # ------------------------------------------------------------ the draft
    def _hand_on(self, response: Response) -> list[Pass]:
        """A draft pick: the cards left in the hand, passed on to the next seat in the
        generation's direction (R-GEN-4), their keys sealed to it."""
        g = self.game.state
        if g.phase != "draft" or self.waiting:
            return []
        pick = response.get("card")
        left = [text for text in g.players[self.seat].draft_hand if text != pick]
        recipient = (self.seat + draft_direction(g)) % len(g.players)
        by_deck: dict[str, list[int]] = {}
        for text in left:
            where = sealed.parse(text)
            if where is not None:
                by_deck.setdefault(where[0], []).append(where[1])
        self.device.follow(self.piles())
        return [given for deck, positions in by_deck.items()
                for given in self.device.hand_on(deck, positions, recipient)]

    def passed_hand(self) -> tuple[int, list[tuple[str, int]]]:
        """The seat that passes this seat its drafted hands this generation, and the
        cards it holds by those passes (its draft hand and offer, the others' draws)."""
        g = self.game.state
        passer = (self.seat - draft_direction(g)) % len(g.players)
        if not g.options.draft or g.phase not in ("draft", "research"):
            return passer, []
        me = g.players[self.seat]
        known = self.piles()
        found = []
        for text in [*me.draft_hand, *me.offer]:
            where = sealed.parse(text)
            piles = None if where is None else known.get(where[0])
            if where is not None and piles is not None and piles.owner_of(
                    where[1]) not in (None, self.seat):
                found.append(where)
        return passer, found

    def seed_post(self) -> Post:
        """At the end of the game: this seat's seed, for everyone's audit."""
        if not self.game.is_over:
            raise DeviceError("the seed is revealed only once the game is over")
        return self._sent(Post(self.seat, None, encode(self.device.reveal())))

    # ------------------------------------------------------------ receiving
    def receive(self, post: Post) -> list[Post]:
        """Another seat's post: checked, its move applied when its keys are here. Returns
        the posts this device must send in answer (the setup reveal, the parts a move that
        reveals or draws past a window needs, a reshuffle's steps). Raises ``Caught`` naming a
        seat that broke the protocol (its ``source``: the earlier post that brought a part
        refuted only now, once a waiting move placed it), ``IllegalMove`` for a move the
        rules refuse."""
        return finish(self.receiving(post))

    def receiving(self, post: Post) -> Work[list[Post]]:
        """:meth:`receive` as work in slices (a reshuffle's step: a unit per card)."""
        self.log.append(post)
        self.device.source = post  # (a part kept unproved is filed with its post)
        message = decode(post.message)
        if message.seat != post.seat:
            raise Caught(post.seat, "a message signed as another seat")
        if post.move is not None and not 0 <= post.seat < self.device.seats:
            raise Caught(post.seat, "a move for no seat")
        self.adopt(post)
        if isinstance(message, HandOff) and not self._opens(message):
            self._early(message)  # refused unless the game may yet ask for it
            self.early.append(post)  # its generation is not open here yet
            return []
        if isinstance(message, HandOff | SeedReveal):
            self.device.receive(message, self._known())
            return (yield from self._reshuffling())
        if post.move is not None:
            self.waiting.append((post.seat, post.move))
        self.device.receive(message, self._known(), ahead=True)
        shows = list(self._drain()) + self._setup_reveal()
        self.device.check_parts(self._known(), strict=self.device.version >= 2
                                and not self.waiting)
        answer = [] if not shows and not self._owes_drawn() and not self._owes_needed() else [
            self._sent(Post(self.seat, None, encode(self._outgoing(shows))))]
        return answer + (yield from self._reshuffling())

    def adopt(self, post: Post) -> None:
        """Play under the protocol of the game's first post (the first hand-off): a game
        begun before proofs (version 1) goes on under its own rules."""
        message = decode(post.message)
        if isinstance(message, HandOff) and message.first == 0 and not self.device.steps_done():
            self.device.adopt(message.version)

    def awaited(self) -> list[Awaited]:
        """Whom this device waits for and for what (empty: nobody), in seat order."""
        return sealedasks.awaited(self.device, self.game.is_over, self._known(), self.seat,
                                  [(deck, position) for deck, position, _ in self.needs],
                                  self.passed_hand())

    def audit(self) -> list[tuple[str, Finding]]:
        """The end-of-game audit over every deck (empty: the game was played fair)."""
        return self.device.audit(self.piles())

    def auditing(self) -> Work[list[tuple[str, Finding]]]:
        """:meth:`audit` as work in slices (``device.audit_size()`` units)."""
        return self.device.auditing(self.piles())

    def _owes_drawn(self) -> bool:
        """Whether another seat drew a position this device has not sent its key part
        for (it drew past its window before this seat spoke: a hand-off, answered now)."""
        if not self.device.locked:
            return False
        piles = self.piles()
        return any(count > len(piles[entry.deck].undrawn(seat))
                   for entry in self.device.parts_due(piles)
                   for seat, count in enumerate(entry.counts) if seat != self.seat)

    # ------------------------------------------------------------ reveals past the window
    def _wanted(self) -> tuple[dict[str, list[int]], list[tuple[str, int]]]:
        """What the waiting move needs of this device: per deck and seat, how far into that
        seat's pile its key parts must go (the positions the move draws and shows), and
        the positions of this seat's own pile that it shows (its part makes them public)."""
        wanted: dict[str, list[int]] = {}
        mine: list[tuple[str, int]] = []
        known = self._known()
        for deck, position, _seat in self.needs:
            piles = known.get(deck)
            owner = None if piles is None else piles.owner_of(position)
            if (piles is None or owner is None or deck not in self.device.decks
                    or deck in self.device.pending()):
                continue  # (a new generation: read once its reshuffle is over)
            if owner == self.seat:
                mine.append((deck, position))
            else:
                ends = wanted.setdefault(deck, [0] * self.device.seats)
                ends[owner] = max(ends[owner], len(piles.assigned[owner])
                                  if self.window_answers
                                  else piles.assigned[owner].index(position) + 1)
        return wanted, mine

    def _owes_needed(self) -> bool:
        """Whether the waiting move needs a key part or a show this device has not sent."""
        if not self.needs or not self.device.locked:
            return False
        wanted, mine = self._wanted()
        return bool(self.device.parts_due(self._known(), upto=wanted)) or any(
            not self.device.is_shown(deck, position) for deck, position in mine)

    def _outgoing(self, shows: list[Show], passes: list[Pass] | None = None) -> Turn:
        """This seat's message: the shows, the parts it owes for the rules' piles and
        those the waiting move needs, with the shows of its own cards that move reveals,
        and a draft pick's ``passes``."""
        if not self.needs:
            return self.device.outgoing(self.piles(), shows, passes=passes or ())
        wanted, mine = self._wanted()
        known, piles = self._known(), self.piles()
        self.device.follow(known)
        for deck, position in mine:
            if not self.device.is_shown(deck, position):
                shows.append(self.device.show(deck, position, unread=True))
        upto = {deck: [max(len(piles.get(deck, pile).assigned[seat]),
                           wanted.get(deck, [0] * len(pile.assigned))[seat])
                       for seat in range(len(pile.assigned))]
                for deck, pile in known.items()}  # (a generation the move opens: its deal)
        return self.device.outgoing(known, shows, upto, passes=passes or ())

    # ------------------------------------------------------------ reshuffles
    def _opens(self, message: HandOff) -> bool:
        """Whether this device can take a hand-off now (its generation is open here)."""
        self._expect()
        return all(deck in self.device.decks for deck in message.decks)

    def _early(self, message: HandOff) -> None:
        """A hand-off of a generation not open here: refused unless the game may ask for
        it (:func:`~tm.linkplay.sealedasks.check_early`)."""
        opened = set(self.game.state.sealed.get("reshuffles", {})) | set(self.reach_reshuffles)
        sooner = [decode_handoff(post) for post in self.early]
        sealedasks.check_early(message, self.device, opened, sooner)

    def _expect(self) -> None:
        """Expect the generations the rules opened, and those the waiting move opens (the
        same on every device that gets that far: the devices shuffle it meanwhile)."""
        opened = self.game.state.sealed.get("reshuffles", {}) | self.reach_reshuffles
        for deck, sources in opened.items():
            self.device.expect(deck, generations.sources_of(sources))

    def _reshuffling(self) -> Work[list[Post]]:
        """This device's part in the reshuffles the rules opened: its steps when it is its
        turn, the hand-offs that came early, and, once a generation is locked here, the
        key parts it owes for the others' piles of it."""
        self._expect()
        posts: list[Post] = []
        progress = True
        while progress:
            progress = False
            for deck in self.device.pending():
                handoff = yield from self.device.reshuffle_stepping(deck)
                if handoff is not None:
                    posts.append(self._sent(Post(self.seat, None, encode(handoff))))
                    progress = True
            ready = [post for post in self.early if self._opens(decode_handoff(post))]
            for post in ready:  # (in order; one that never opens holds up no other)
                self.early.remove(post)
                self.device.receive(decode_handoff(post), self._known())
                progress = True
        locked = [deck for deck in self.device.decks if "/" in deck
                  and deck not in self.device.pending() and deck not in self.opened]
        if locked:
            self.opened.update(locked)
            posts.append(self._sent(Post(self.seat, None,
                                         encode(self._outgoing([])))))
        return posts

    # ------------------------------------------------------------ inside
    def _sent(self, post: Post) -> Post:
        self.log.append(post)
        return post

    def _drain(self) -> Iterator[Show]:
        """Apply the waiting moves in order while their keys are here; yields the shows of
        this seat's own cards that they made public."""
        while self.waiting:
            seat, move = self.waiting[0]
            shown = self.game.state.sealed["shown"]
            before = len(shown)
            self.device.follow(self._known())
            try:
                self.game.respond(seat, move)
            except Unreadable as error:
                if self._reached(error, before):
                    continue  # the piles had lagged behind the move: try again
                return  # a card's keys are still to come: a reveal
            except IllegalMove as error:
                why = reason_of(error)
                if why is not None and why.key == "sealed.unknown":
                    return  # (a card this device's dealer cannot open at all)
                raise Refused(error, seat) from error
            self.waiting.pop(0)
            self.reach, self.needs, self.reach_reshuffles = {}, [], {}
            if len(shown) > before:  # a card drawn and shown in one move: the new piles
                self.device.follow(self.piles())
            for deck, position, _name, owner in shown[before:]:
                if owner == self.seat and not self.device.is_shown(deck, position):
                    yield self.device.show(deck, position)

    def _reached(self, error: Unreadable, before: int) -> bool:
        """Keep where the waiting move stopped (its piles, what it showed and the card
        it could not read); whether that card reads now, with those piles."""
        self.reach, self.reach_reshuffles = error.piles, error.reshuffles
        self.needs = [(deck, position, seat) for deck, position, _name, seat
                      in error.shown[before:]] + [error.card]
        self.device.follow(self._known())
        return self.device.open(*error.card[:2]) is not None

    def _setup_reveal(self) -> list[Show]:
        """While a move waits for keys at the setup reveal: the shows of this seat's own
        chosen corporation and kept preludes (never its bought project cards), once."""
        if not self.waiting:
            return []
        choice = self.game.state.players[self.seat].setup_choice
        shows = []
        for text in shown_at_setup(choice):
            where = sealed.parse(text)
            if where is None:
                continue
            if not self.device.is_shown(*where):
                shows.append(self.device.show(*where))
        return shows


__all__ = ["MAX_ESCROW", "Awaited", "Post", "Refused", "SealedSeat", "Turn", "read_post"]
