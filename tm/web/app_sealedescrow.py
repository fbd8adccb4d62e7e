"""A seat of a sealed game recovered from its escrow (its device was lost): a part of the
sealed-game controller (:class:`tm.web.app_sealed.SealedController`), whose state it
shares. A re-invitation of a seat that already played is checked against the seats'
signatures and kept; the seed the page unlocks from the seat's escrow with its recovery
passphrase (:mod:`tm.web.seedescrow`) takes the seat back. The creator's own seat comes
back without a re-invitation: a device that holds no seat opens the whole game (any other
device sends it), unlocks the creator's key beside the seed, and re-invites itself. Apart
from the links and the audit because the escrow is a flow of its own, with its own
refusals.
"""
from __future__ import annotations

from typing import Any

from tm.core.state import Options
from tm.linkplay import sealedlinks
from tm.linkplay.links import LinkError
from tm.web import linkseals, sealedgame, seedescrow
from tm.web.app_sealedbase import SealedBase
from tm.web.i18n import t
from tm.web.sealedgame import Record, SealedPlay


class SeatRecovery(SealedBase):
    """The seeds kept in escrow, and a seat invited again taken back with its seed (a mixin
    of the sealed-game controller)."""

    def recovering(self) -> tuple[int, bool, bool] | None:
        """The seat a re-invitation opened here takes back, whether its player left an
        escrow (the page then asks the recovery passphrase) and whether it is the
        creator's seat, taken back with the whole game (no re-invitation); None: no such
        seat."""
        recover = self.state.recover
        if recover is None:
            return None
        return recover[0], recover[1] is not None, seedescrow.holds_creator(recover[1])

    def recovery_escrow(self) -> tuple[str, int, str] | None:
        """The game, seat and escrow the page unlocks with the passphrase typed."""
        recover = self.state.recover
        if recover is None or recover[1] is None:
            return None
        return self.shown.meta.link_id, recover[0], recover[1]

    def _recovery(self, game_id: str, options: Options, text: str) -> bool:
        """A join link that re-invites a seat which already played: the seat kept to take
        back (:attr:`SealedState.recover`), once every post it carries is checked against
        the seats' signatures (an escrow changed on the way is refused naming its seat).
        False: refused (a notice says why)."""
        link = sealedlinks.decode(sealedgame.split(text)[0])
        invited = linkseals.invited_seats(self.host.store.storage, game_id, options.players)
        seat = next((s for s in invited or () if any(p.seat == s for p in link.posts)), None)
        claims = seedescrow.creator_seats(link.posts, options.players)
        if invited == ():  # (no invitation here: the whole game, sent by another device
            seat = next(iter(claims), None)  # to the creator's new one)
        if seat is None:
            return True
        probe = SealedPlay(options, game_id, Record(seat, bytes(32)))
        notice = self._check_seals(probe, sealedgame.split(text)[1], list(link.posts))
        if notice is not None:
            self.shown.notice = notice
            return False
        escrow = seedescrow.escrow_of(link.posts, seat)
        self.state.recover = (seat, escrow if seedescrow.well_formed(escrow) else None)
        if invited == ():
            self.state.claims = tuple((s, seedescrow.escrow_of(link.posts, s) or "")
                                      for s in claims)
        return True

    def _recover_claimed(self, seat: int, escrow: str | None, seeds: str, seed: str) -> bool:
        """The seat offered taken back with what the page unlocked: ``seeds`` (``seat:hex``,
        by commas) when it tried the passphrase on each seat claiming the creator's key,
        the first of them whose key is the creator's taken, the others refused by name;
        else ``seed`` for the seat offered."""
        unlocked = _seeds(seeds)
        claims = dict(self.state.claims) or {seat: escrow or ""}
        tried = [(s, claims[s], unlocked[s]) for s in claims if s in unlocked]
        if not tried:
            return self._recover(seat, escrow, seed)
        notices: list[str] = []
        for claim, text, hexed in tried:
            if self._recover(claim, text, hexed):
                if notices:
                    self.shown.info = " ".join([self.shown.info or "", *notices]).strip()
                return True
            notices.append(self.shown.notice or "")
        self.shown.notice = " ".join(notices)
        return False

    def recovery_escrows(self) -> tuple[tuple[str, int, str], ...]:
        """What the page tries the passphrase typed on, in turn (game, seat, escrow): each
        seat claiming the creator's key in the whole game, else the seat offered."""
        one = self.recovery_escrow()
        if one is None:
            return ()
        return tuple((one[0], s, text) for s, text in self.state.claims
                     if seedescrow.well_formed(text)) or (one,)

    def _recover(self, seat: int, escrow: str | None, seed_hex: str) -> bool:
        """The seat invited again taken back with the seed its escrow gave (the page
        unlocked it with the passphrase typed): checked against the seat's posts, then
        kept; its first link introduces this device's key with the re-invitation (the
        creator's seat: with the creator's key unlocked beside the seed, checked against
        the game's beginning, which re-invites the seat when that link is made)."""
        game, link_id, join = self.shown.game, self.shown.meta.link_id, self.state.join
        assert game is not None
        name = game.state.options.names[seat]
        self.shown.meta.seat = -1  # (until the seat is taken back)
        if escrow is None or join is None:
            self.shown.notice = t("sealed.escrow_none", name=name)
            return False
        storage = self.host.store.storage
        seats = linkseals.read_seats(storage, link_id)
        try:
            seed, creator = seedescrow.unlocked(seed_hex)
            if seedescrow.holds_creator(escrow):  # (the creator's seat: its key checked)
                if seats.begin is None:
                    raise ValueError("no beginning held")
                seats.creator = seedescrow.creator_key(creator, seats.creator_key())
            posts = list(sealedlinks.decode(sealedgame.split(join)[0]).posts)
            play = seedescrow.recovered(game.state.options, link_id, seat, seed, posts)
        except seedescrow.EscrowRefused as refused:
            self.shown.notice = t(refused.key, name=name)
            return False
        except (ValueError, LinkError):
            self.shown.notice = t("sealed.escrow_passphrase")
            return False
        play.act()
        if not self._kept(play):
            return False
        if seats.creator is not None and seedescrow.holds_creator(escrow):
            seats.recover = seat  # (its first link re-invites it with the creator's key)
            linkseals.write_seats(storage, link_id, seats)
        self.state.join, self.state.recover, self.state.claims = None, None, ()
        self.shown.meta.seat = seat
        self._show(play)
        self.shown.info = t("sealed.recovered", name=name)
        return True

    def creator_locked(self) -> str:
        """What the page locks beside the seed when this device takes its seat with a
        recovery passphrase: the creator's key (hex) on the creator's device, so that the
        creator can come back on a new device; else nothing."""
        seats = linkseals.read_seats(self.host.store.storage, self.shown.meta.link_id)
        creator = seats.creator
        return creator.hex() if creator is not None and self.state.recover is None else ""

    def whole_game(self, play: SealedPlay) -> tuple[str, str] | None:
        """For the creator's new device (should the creator lose theirs): the creator's
        name (the names of every other seat claiming the creator's key: the passphrase
        is tried on each) and the whole game as it stands, sealed by this device; None: no
        other seat claims the creator's key in escrow, the game is over, or this device's
        keys have yet to sign it."""
        storage = self.host.store.storage
        claims = [play.options.names[s] for s in seedescrow.creator_seats(
            play.history, play.players) if s != play.record.seat]
        if not claims or play.game.is_over or self.moved_away(play):
            return None
        name = claims[0] if len(claims) == 1 else t("sealed.whole_claims",
                                                    names=", ".join(claims))
        key = (play.game_id, len(play.history))
        if self.state.whole is not None and self.state.whole[0] == key:
            return name, self.state.whole[1]
        fragment = sealedlinks.encode(play.game_id, play.history, 0, play.options)
        try:
            seals = linkseals.sealed(fragment, storage, play.game_id,
                                     play.record.seat, play.signed(), self.host.link_signer())
        except linkseals.SealPending:
            return None
        self.state.whole = (key, f"{self.host.base_url}#{seals.fragment}")
        return name, self.state.whole[1]

    def escrowed(self) -> tuple[int, ...]:
        """The seats of the game on screen whose seed is kept in escrow (a lost device
        of theirs can be replaced: their player typed a recovery passphrase)."""
        play = self.active()
        if play is None:
            return ()
        return tuple(s for s in range(play.players)
                     if seedescrow.well_formed(seedescrow.escrow_of(play.history, s)))


def _seeds(text: str) -> dict[int, str]:
    """The page's ``seat:hex`` pairs (by commas) of what each escrow unlocked."""
    found: dict[int, str] = {}
    for item in text.split(",")[:8] if text else []:
        seat, _, seed = item.partition(":")
        if seat.isascii() and seat.isdigit() and len(seat) < 3:
            found.setdefault(int(seat), seed)
    return found


def locked_seed(data: dict[str, Any]) -> tuple[bytes | None, str | None]:
    """The seed the page drew and locked with the player's recovery passphrase, and its
    escrow; (None, None) when the player typed none (or the page sent no well-formed
    pair: the device then draws a seed of its own, kept in no escrow)."""
    escrow = str(data.get("escrow") or "")
    try:
        seed = seedescrow.seed_of(str(data.get("seed") or ""))
    except ValueError:
        return None, None
    return (seed, escrow) if seedescrow.well_formed(escrow) else (None, None)
