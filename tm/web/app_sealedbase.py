"""The base of the sealed-game controller (:class:`tm.web.app_sealed.SealedController`):
its state record and what each of its parts uses of the game on screen (the device's play
shown, its record kept or rebuilt as stored, a link's posts checked against the seats'
signatures). Apart so that the parts (the links and the audit, a seat moved to another
device, a seat recovered from its escrow) share it without importing one another.
"""
from __future__ import annotations

from dataclasses import dataclass

from tm.linkplay.sealedplay import Post
from tm.web import linkchecks, linkhandover, sealedgame
from tm.web.app_base import Controller, Host
from tm.web.app_linkinvites import handed_notice, moved_notice
from tm.web.i18n import t
from tm.web.linkhandover import HandOver
from tm.web.saves import StorageFull
from tm.web.sealedgame import SealedPlay


@dataclass
class SealedState:
    """The sealed-game controller's own state."""

    play: SealedPlay | None = None  # the game on screen, when it is sealed
    join: str | None = None  # a join link opened, waiting for this device's seat
    signed: tuple[tuple[str, int, int], str] | None = None  # the link last sealed: (game,
    # posts, recipient), its fragment
    moving: tuple[str, int, HandOver] | None = None  # this seat's move to another device
    # under way (game, posts, the hand-over its key is signing)
    seat_file: str | None = None  # a move file opened, waiting for its passphrase
    # a re-invitation opened of a seat that already played (its device was lost): the
    # seat and its escrow (None: its player left no recovery passphrase)
    recover: tuple[int, str | None] | None = None
    claims: tuple[tuple[int, str], ...] = ()  # the whole game sent to the creator's new
    # device: each seat whose escrow claims the creator's key, with it (tried in turn)
    whole: tuple[tuple[str, int], str] | None = None  # the whole game last sealed for the
    # creator's new device: (game, posts), its link


class SealedBase(Controller):
    """The game on screen of a sealed game: its play shown, kept and rebuilt (the base of
    the sealed-game controller and of its parts, which share its state)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.state = SealedState()

    def active(self) -> SealedPlay | None:
        """The sealed play of the game on screen (None: it is not a sealed game)."""
        play = self.state.play
        return play if play is not None and self.shown.game is play.game else None

    def is_sealed(self) -> bool:
        game = self.shown.game
        return game is not None and bool(game.state.options.sealed)

    def can_decide(self) -> bool:
        play = self.active()
        return play is not None and play.can_decide() and not self.moved_away(play)

    def moved_away(self, play: SealedPlay) -> bool:
        """Whether this device moved the seat of ``play`` to another device, or the seat
        was taken back on another (it shows the game and plays it no more)."""
        return linkhandover.moved_away(self.host.store.storage, play.game_id, play.record.seat)

    def left_text(self, play: SealedPlay) -> str:
        """In words, why this device plays its seat no more ("": it plays it)."""
        key = linkhandover.left_words(self.host.store.storage, play.game_id, play.record.seat)
        return t(key, name=play.options.names[play.record.seat]) if key else ""

    def _show(self, play: SealedPlay) -> None:
        self.host.forget_views()  # (its dealer may read cards it could not before)
        self.state.play = play
        self.shown.game = play.game
        self.shown.viewer = play.record.seat

    def _keep(self, play: SealedPlay) -> None:
        """This device's record of ``play`` stored (StorageFull: the store is full)."""
        try:
            sealedgame.write_record(self.host.store.storage, play.game_id, play.record)
        except StorageFull:
            raise
        except Exception as error:  # the browser's QuotaExceededError, from another store
            raise StorageFull(str(error)) from error

    def _kept(self, play: SealedPlay) -> bool:
        """Whether the record was stored (else #alerts says the store is full)."""
        try:
            self._keep(play)
        except StorageFull:
            self.host.storage_full()
            return False
        return True

    def _rebuild(self, play: SealedPlay) -> None:
        """The play again from this device's record as stored (an error spoilt it)."""
        record = sealedgame.read_record(self.host.store.storage, play.game_id)
        if record is not None:
            self._show(SealedPlay.restore(play.options, play.game_id, record))

    def _check_seals(self, play: SealedPlay, params: dict[str, str],
                     new: list[Post]) -> str | None:
        """The link's new posts against the seats' pinned device keys (as ordinary links:
        :mod:`tm.web.linkseals`), before any of them is taken: None when every new post of
        a seat with a key is covered by that seat's signature (the keys then pinned), else
        the notice."""
        start = len(play.history)
        moves = play.signed(new)
        checked = linkchecks.check_link(self.host.store.storage, play.game_id, params, moves,
                                       start, play.record.seat, self.host.link_verifier(),
                                       play.options)
        names = play.options.names
        if checked.refused is None:
            self.shown.info = moved_notice(checked.moved, list(names), play.record.seat,
                                          checked.back) or \
                handed_notice(checked.handed, list(names))
            return None
        kind, seat, index = checked.refused
        name = names[seat] if 0 <= seat < len(names) else "?"
        return t(f"linkplay.fork_{kind}", name=name, move=index + 1)
