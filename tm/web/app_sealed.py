"""Sealed games in the page (issue 32): a game played by link whose hands stay secret.

The controller keeps this device's :class:`~tm.web.sealedgame.SealedPlay` of the game on
screen: it is made when this device takes its seat (a new seed, from the browser's
randomness), rebuilt from the device's record when a saved game is opened, and fed the
posts of each ``#s=`` link opened. The game on screen is always the play's own game (its
dealer reads this device's cards), so the page's views name this seat's hand and no other.
A link that breaks the fair deck (a card shown that its seat did not draw, a step that does
not fit) is refused with a notice naming the seat; the game is rebuilt as it was.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tm.core.errors import IllegalMove
from tm.core.state import Options
from tm.fairdeck.held import DeviceError
from tm.fairdeck.work import Work, finish
from tm.game import Game
from tm.linkplay import sealedlinks, seatseals
from tm.linkplay.links import LinkError
from tm.persist import gameids
from tm.web import linkchecks, linkseals, sealed_words, sealedgame
from tm.web.app_base import Actions
from tm.web.app_sealedescrow import SeatRecovery, locked_seed
from tm.web.app_sealedmove import SeatMoves
from tm.web.error_text import error_text
from tm.web.i18n import t
from tm.web.jobs import Job
from tm.web.linkplay_state import LINK_SAVE
from tm.web.model_links import SealedShown
from tm.web.saves import SaveMeta, StorageFull
from tm.web.sealed_store import keep_options, stored_meta, stored_options
from tm.web.sealed_words import caught_text, equivocation_text, finding_text
from tm.web.sealedgame import Record, RecordError, SealedPlay


class SealedController(SeatMoves, SeatRecovery):
    """Seats, links and the audit of sealed games (the base, the move of a seat and its
    recovery from escrow are in :mod:`tm.web.app_sealedbase`, :mod:`tm.web.app_sealedmove`
    and :mod:`tm.web.app_sealedescrow`)."""

    def actions(self) -> Actions:
        return {"sealed_audit": self.run_audit, **self.move_actions()}

    # ------------------------------------------------------------ the audit
    def audit_due(self) -> bool:
        """Whether the game on screen is over with every seed here and not yet audited (the
        page then asks :meth:`run_audit` after drawing the final position: it takes
        seconds, up to 13 with 5 seats in Pyodide)."""
        play = self.active()
        return play is not None and play.audit_due()

    def run_audit(self, data: dict[str, Any]) -> None:
        """Audit the game on screen, once, and keep the findings in the device's record
        (in the page, a slice at a time between frames: :mod:`tm.web.jobs`)."""
        play = self.active()
        if play is not None and play.audit_due():
            self.host.jobs.start(Job("busy.audit", play.audit_size(), self._auditing(play)))

    def _auditing(self, play: SealedPlay) -> Work[None]:
        yield from play.auditing()
        self._kept(play)

    # ------------------------------------------------------------ a seat taken
    def seated(self, seat: int, data: dict[str, Any] | None = None) -> bool:
        """This device takes ``seat`` of the sealed game on screen: its seed drawn (or the
        one the page locked in ``data["escrow"]`` with the player's recovery passphrase,
        ``data["seed"]``), its record begun, the join link's posts (if it opened one)
        taken. A seat invited again takes the seed its escrow gave back
        (:meth:`_recover`). False: refused (a notice says why; nothing is kept)."""
        game, link_id = self.shown.game, self.shown.meta.link_id
        assert game is not None
        data = data or {}
        recover = self.state.recover
        if recover is not None and recover[0] == seat:
            return self._recover_claimed(seat, recover[1], str(data.get("seeds") or ""),
                                         str(data.get("seed") or ""))
        seed, escrow = locked_seed(data)
        record = Record(seat, seed or self.host.entropy(32))
        play = SealedPlay(game.state.options, link_id, record, escrow)
        join, self.state.join = self.state.join, None
        if join is not None:
            return self._take(play, join, fresh=True)
        play.act()
        if not self._kept(play):  # (no seat taken: nothing of it is kept)
            self.shown.meta.seat = -1
            return False
        self._show(play)
        return True

    def taken(self) -> tuple[int, ...]:
        """Seats other devices play (they posted in the join link; not a seat invited
        again, which this device may take back)."""
        join, recover = self.state.join, self.state.recover
        seats = sealedgame.link_seats(join) if join is not None else set()
        return tuple(sorted(seats - {recover[0]} if recover is not None else seats))

    # ------------------------------------------------------------ moves
    def respond(self, responses: list[dict[str, Any]]) -> None:
        """This seat's answers, played and posted (a refused one: the game as it was)."""
        play = self.active()
        assert play is not None
        if self.moved_away(play):
            self.shown.notice = self.left_text(play)
            return
        try:
            for response in responses:
                play.play(response)
            self._keep(play)
        except IllegalMove:
            self._rebuild(play)
            raise
        except StorageFull:  # not kept, so not made: the game as stored (#alerts says so)
            self._rebuild(play)
            self.host.storage_full()
            return
        self.host.committed()

    # ------------------------------------------------------------ links
    def open_link(self, text: str) -> None:
        """A ``#s=`` link: taken into this device's game, or, for a game it has not
        joined, the seat check (a join link) or a notice (a later link)."""
        shown = self.shown
        shown.replay, shown.share_link, shown.redo_moves = None, None, []
        try:
            game_id, options = sealedgame.link_game(text)
            record = sealedgame.read_record(self.host.store.storage, game_id)
        except LinkError as error:
            shown.notice = t("link.bad", reason=error_text(error))
            return
        except RecordError:
            shown.notice = t("sealed.damaged")
            return
        if record is None:
            self._join(game_id, options, text)
            return
        self._restored(game_id, record, lambda play: self.host.jobs.start(
            Job("busy.link", 0, self._taken(play, text))))

    def _join(self, game_id: str, options: Options | None, text: str) -> None:
        shown = self.shown
        if options is None:
            shown.notice = t("sealed.not_joined")
            return
        try:
            game = Game.new(options)
        except ValueError as error:
            shown.notice = t("link.bad", reason=error_text(error))
            return
        if not self._fits(game_id, options, text):
            shown.notice = self._unfit(game_id, options, text)  # nothing opened or kept
            shown.game, shown.save_id, self.state.play = None, None, None
            return
        self.state.recover, self.state.claims = None, ()
        seats = self.host.store.storage.get(linkseals.SEATS_PREFIX + game_id)
        if not self._recovery(game_id, options, text):
            linkseals.put_back(self.host.store.storage, game_id, seats)
            shown.game, shown.save_id, self.state.play = None, None, None
            return
        self.state.join, self.state.play = text, None
        shown.game, shown.from_link, shown.viewer = game, False, None
        shown.meta = SaveMeta(names=list(options.names), link_id=game_id, seat=-1)
        shown.save_id = LINK_SAVE + game_id
        keep_options(self.host.store.storage, game_id, options)

    def _fits(self, game_id: str, options: Options, text: str) -> bool:
        """Whether a join link's options are those its game id was made for: bound to the
        game's signed beginning (kept here with the link's invitation), or, for a game
        begun before issue 43, to its options."""
        if not gameids.is_bound(game_id):
            return gameids.id_fits(game_id, options) is not False
        head, params = sealedgame.split(text)
        moves = sealedgame.signed_moves(list(sealedlinks.decode(head).posts))
        return linkchecks.admit(self.host.store.storage, game_id, params, options, moves,
                               self.host.link_verifier())

    def _unfit(self, game_id: str, options: Options, text: str) -> str:
        """Why a join link was refused: its options or beginning are not its game's, or
        (its beginning fits) a seat's re-invitation is not signed by the game's creator
        over the history it carries (an escrow changed on the way, a forged one)."""
        params = sealedgame.split(text)[1]
        again = sorted(seatseals.read_seat_seals(params).reinvites)
        if not gameids.is_bound(game_id) or not again or not linkchecks.beginning_fits(
                self.host.store.storage, game_id, params, options, self.host.link_verifier()):
            return t("sealed.bad_id")
        name = options.names[again[0]] if 0 <= again[0] < len(options.names) else "?"
        return t("linkplay.fork_reinvite", name=name)

    def invite_fragment(self, seat: int) -> str:
        """A link inviting ``seat`` to the game on screen: every post and the options (its
        seals are added by the caller)."""
        play = self.active()
        assert play is not None
        return sealedlinks.encode(play.game_id, play.history, 0, play.options)

    def signed_history(self) -> list[list[Any]]:
        """The history the seats' signatures cover (the posts)."""
        play = self.active()
        assert play is not None
        return sealedgame.signed_moves(play.history)

    def drop_link(self) -> None:
        """The link made to send is made again (the seats' seals changed)."""
        self.state.signed = None

    def _take(self, play: SealedPlay, text: str, fresh: bool) -> bool:
        """A link's posts into ``play``: its shape and signatures checked first (a hostile
        link costs no fair-deck or rules work), then taken, then stored; a link refused
        (shape, signatures, the fair deck, the rules, a full store) leaves this device's
        game and store as they were, with a notice (a join refused: nothing is kept)."""
        return finish(self._taking(play, text, fresh))

    def _taken(self, play: SealedPlay, text: str) -> Work[None]:
        """:meth:`_take` of a later link as a job (in the page, in slices: a shuffle step
        it makes due, a card at a time)."""
        yield from self._taking(play, text, fresh=False)

    def _taking(self, play: SealedPlay, text: str, fresh: bool) -> Work[bool]:
        shown = self.shown
        if not fresh and self.moved_away(play):  # (the new device takes the seat's links)
            self._show(play)
            shown.notice = self.left_text(play)
            return False
        head, params = sealedgame.split(text)
        storage = self.host.store.storage
        seats = storage.get(linkseals.SEATS_PREFIX + play.game_id)  # (put back if refused)
        spoilt = False
        try:
            new = play.incoming(sealedlinks.decode(head))
            notice = self._check_seals(play, params, new)  # signatures, then the shape
            if notice is None:
                play.check_shape(new)
                spoilt = True  # (from here on, a refusal rebuilds the game as stored)
                yield from play.taking_posts(new)
                self._keep(play)
        except sealedgame.Stopped as stopped:  # an earlier link's post refuted only now
            kept = sealedgame.stop(storage, play.game_id, new, stopped)  # (this link kept)
            notice = sealed_words.stopped_text(stopped, list(play.options.names), kept)
        except LinkError as error:  # (found before any post is taken)
            notice = self._equivocation(play, head, params) or t(
                "sealed.link_refused", reason=error_text(error))
        except (IllegalMove, DeviceError) as error:
            notice = caught_text(error, list(play.options.names))
        except StorageFull:  # the link is not taken: memory and store stay as they were
            notice = ""  # (said in #alerts, with the offer to export)
            self.host.storage_full()
        if notice is None:
            self._show(play)
            self.host.autosave()
            self.host.start_recap(play.record.seat)
            return True
        linkseals.put_back(storage, play.game_id, seats)
        shown.notice = notice or None
        if fresh:
            shown.game, shown.save_id, self.state.play = None, None, None
        elif spoilt:
            self._rebuild(play)
        return False

    def _equivocation(self, play: SealedPlay, head: str, params: dict[str, str]) -> str | None:
        """The notice of a link whose history forks from the one held, when one seat's
        device signed both (its two signatures shown as the proof); else None."""
        try:
            link = sealedlinks.decode(head)
        except LinkError:
            return None
        keys, kept = linkseals.read_record(self.host.store.storage, play.game_id)
        found = sealedlinks.equivocation(play.game_id, play.history, link, keys, kept,
                                         seatseals.read_seals(params)[1],
                                         self.host.link_verifier())
        return None if found is None else equivocation_text(found, list(play.options.names))

    def _restored(self, game_id: str, record: Record,
                  then: Callable[[SealedPlay], object] | None = None) -> None:
        """The game ``game_id`` shown as this device's record left it (the one on screen
        if it is that game), then ``then(play)``; rebuilding it is a job (:mod:`tm.web.jobs`):
        in the page, done a slice at a time, a post per unit."""
        play = self.active()
        if play is not None and play.game_id == game_id:
            if then is not None:
                then(play)
            return
        options = stored_options(self.host.store.storage, game_id)
        if options is None:
            self.shown.notice = t("sealed.damaged")
            return
        self.host.jobs.start(Job("busy.continue", len(record.posts),
                                 self._restoring(options, game_id, record, then)))

    def _restoring(self, options: Options, game_id: str, record: Record,
                   then: Callable[[SealedPlay], object] | None) -> Work[None]:
        try:
            play = yield from SealedPlay.restoring(options, game_id, record)
        except RecordError:
            self.shown.notice = t("sealed.damaged")
            return
        meta = stored_meta(self.host.store, game_id, options, record.seat)
        self.shown.meta, self.shown.save_id = meta, LINK_SAVE + game_id
        self.shown.from_link = False
        self._show(play)
        if then is not None:
            then(play)

    def open_saved(self, save_id: str) -> bool:
        """Open a saved sealed game from this device's record; whether it was one."""
        if not save_id.startswith(LINK_SAVE):
            return False
        game_id = save_id[len(LINK_SAVE):]
        options = stored_options(self.host.store.storage, game_id)
        if options is None or not options.sealed:
            return False
        try:
            record = sealedgame.read_record(self.host.store.storage, game_id)
        except RecordError:
            record = None
        if record is None:
            self.shown.notice = t("sealed.damaged")
            return True
        self.state.play = None
        self._restored(game_id, record)
        return True

    # ------------------------------------------------------------ the screen
    def snapshot(self) -> SealedShown | None:
        """What the page shows of the sealed game on screen (None: not one)."""
        play = self.active()
        if play is None:
            return None
        moved = self.left_text(play)
        offer = None if moved else play.offer()
        link = self._signed(play, offer) if offer is not None else None
        names = play.options.names
        audit = play.record.audit if play.game.is_over else None
        return SealedShown(
            ready=play.ready(), can_decide=play.can_decide(), posts=len(play.history),
            send_to=names[offer[0]] if offer else None,
            link=f"{self.host.base_url}#{link}" if link else None,
            sealing=offer is not None and link is None,
            long=link is not None and len(link) > sealedgame.LONG_LINK,
            over=play.game.is_over, checking=play.audit_due(),
            awaited=sealed_words.stopped_or_awaited(play, list(names)),
            moved=moved, can_move=not moved and self._can_move(play),
            whole=self.whole_game(play),
            audit=None if audit is None else tuple(dict.fromkeys(
                finding_text(str(deck), int(seat), str(reason), list(names))
                for deck, seat, _position, reason in audit)))  # (each said once)

    def _signed(self, play: SealedPlay, offer: tuple[int, str]) -> str | None:
        """The offered link with the seats' keys and signatures, this seat's over the whole
        history (made once per history and recipient; None while the page's keys have yet
        to answer)."""
        key = (play.game_id, len(play.history), offer[0])
        made = self.state.signed
        if made is not None and made[0] == key:
            return made[1]
        try:
            seals = linkseals.sealed(offer[1], self.host.store.storage, play.game_id,
                                     play.record.seat, play.signed(),
                                     self.host.link_signer(), offer[0])
        except linkseals.SealPending:
            return None
        self.state.signed = (key, seals.fragment)
        self._kept(play)  # (the link made is remembered as sent)
        return seals.fragment


def sealed_view(view: Any, can_decide: bool) -> Any:
    """A sealed game's view as the page shows it: no decision while this device cannot
    answer it (its cards are still tokens, or the shuffle is under way), and no card of
    the hand whose keys have not arrived (a copy: the views are kept)."""
    you = view.get("you")
    if you is None:
        return view
    hand = [card for card in you["hand"] if not _token(card)]
    if can_decide and len(hand) == len(you["hand"]):
        return view
    return {**view, "you": {**you, "hand": hand,
                            "decision": you["decision"] if can_decide else None}}


def _token(card: Any) -> bool:
    name = card.get("name") if isinstance(card, dict) else card
    return isinstance(name, str) and name.startswith("#")
