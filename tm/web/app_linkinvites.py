"""The creator's invitations in play by link: a part of the play-by-link controller
(:class:`tm.web.app_linkplay.LinkPlayController`). On the creator's device, each seat not
yet taken has the link that invites it; a seat whose device was lost is invited again, and
the other devices say so when its new device's moves arrive (:func:`moved_notice`)."""
from __future__ import annotations

from typing import Any

from tm.linkplay import links
from tm.web import linkseals
from tm.web.app_base import Controller
from tm.web.i18n import t
from tm.web.linkforks import saved_moves
from tm.web.linkplay_state import LinkPlayState


class CreatorInvites(Controller):
    """The invitations the creator's device sends (a mixin of the play-by-link
    controller, whose state it shares)."""

    state: LinkPlayState

    def by_link(self) -> bool:
        """Whether the game shown is played by link on this device (the controller says)."""
        raise NotImplementedError

    def invitations(self) -> tuple[tuple[int, str | None], ...]:
        """On the creator's device: each other seat not yet taken with the link that
        invites it (None while this device's keys sign it)."""
        seats = self._creators()
        if seats is None:
            return ()
        return tuple((s, self._invite_url(s)) for s in self._other_seats()
                     if seats.invited(s) and not seats.seated(s))

    def _creators(self) -> linkseals.Seats | None:
        """What this device keeps of the seats when it is the seated creator of a game
        going on (it holds the creator's key); else None."""
        game = self.shown.game
        if not self.by_link() or game is None or self.shown.meta.seat < 0 or game.is_over:
            return None
        seats = linkseals.read_seats(self.host.store.storage, self.shown.meta.link_id)
        return seats if seats.creator is not None and seats.begin is not None else None

    def _other_seats(self) -> list[int]:
        assert self.shown.game is not None
        return [s for s in range(self.shown.game.state.options.players)
                if s != self.shown.meta.seat]

    def _invite_url(self, seat: int) -> str | None:
        """The link inviting ``seat``: the game as it stands with that seat's invitation."""
        game = self.shown.game
        assert game is not None
        history = self._moves()
        key = (seat, len(history))
        if key in self.state.invite_cache:
            return self.state.invite_cache[key]
        if self.host.sealed_active():
            fragment = self.host.sealed_invite(seat)
        else:
            fragment = links.with_params(links.encode(game), {"p": self.shown.meta.link_id})
        try:
            seals = linkseals.sealed(fragment, self.host.store.storage,
                                     self.shown.meta.link_id, self.shown.meta.seat,
                                     history, self.host.link_signer(), seat)
        except linkseals.SealPending:
            return None
        url = f"{self.host.base_url}#{seals.fragment}"
        self.state.invite_cache[key] = url
        return url

    def recovery(self) -> str | None:
        """On the creator's device, its way back to its own seat should it lose this device:
        the game as it stands with the creator's key (``&c=``), which a new device takes to
        sit there again (None: not the creator's device, a sealed game, whose cards open
        only with the lost device's secret, or while this device's keys sign it)."""
        seats, game = self._creators(), self.shown.game
        if seats is None or game is None or game.state.options.sealed:
            return None
        key = (-1, len(game.moves))
        if key not in self.state.invite_cache:
            param = linkseals.recovery_param(self.host.store.storage, self.shown.meta.link_id,
                                             self.shown.meta.seat)
            fragment = links.with_params(links.encode(game), {"p": self.shown.meta.link_id})
            try:
                seals = linkseals.sealed(fragment, self.host.store.storage,
                                         self.shown.meta.link_id, self.shown.meta.seat,
                                         self._moves(), self.host.link_signer())
            except linkseals.SealPending:
                return None
            self.state.invite_cache[key] = f"{self.host.base_url}#{seals.fragment}&c={param}"
        return self.state.invite_cache[key]

    def _moves(self) -> list[Any]:
        """The history the seats sign (a sealed game's: its posts)."""
        if self.host.sealed_active():
            return self.host.sealed_moves()
        assert self.shown.game is not None
        return saved_moves(self.shown.game)

    def can_invite_again(self) -> tuple[int, ...]:
        """The seats the creator's device may invite again (taken by another device). In
        a sealed game, only a seat whose seed is kept in escrow (its player typed a
        recovery passphrase: :mod:`tm.web.seedescrow`): a seat's cards open only with its
        device's secret, which a new device lacks otherwise (it could not take the seat,
        and the old one could no longer move: the game would stall for everyone)."""
        seats, game = self._creators(), self.shown.game
        if seats is None or game is None:
            return ()
        kept = self.host.sealed_escrowed() if game.state.options.sealed else None
        return tuple(s for s in self._other_seats()
                     if seats.seated(s) and (kept is None or s in kept))

    def invite_again(self, data: dict[str, Any]) -> None:
        """The creator invites a seat again (its device was lost): the new invitation's
        link is offered, the seat's old device can no longer move."""
        try:
            seat = int(data.get("seat", -1))
        except (TypeError, ValueError):
            return
        if seat not in self.can_invite_again() or self.shown.game is None:
            return
        if linkseals.invite_again(self.host.store.storage, self.shown.meta.link_id, seat,
                                  self._moves()):
            name = self.shown.game.state.players[seat].name
            self.shown.info = t("linkplay.invited_again", name=name)
            self.state.send_cache, self.state.invite_cache = None, {}
            self.host.drop_sealed_link()


def moved_notice(moved: tuple[int, ...], names: list[str], own_seat: int,
                 back: tuple[int, ...] = ()) -> str | None:
    """In words, the seats the creator invited again (now played on a new device); of
    them ``back``, the creator's own seat taken back on a new device."""
    words = {(False, False): "linkplay.moved", (True, False): "linkplay.you_moved",
             (False, True): "linkplay.back_elsewhere", (True, True): "linkplay.back_away"}
    lines = [t(words[seat == own_seat, seat in back], name=names[seat])
             for seat in moved if 0 <= seat < len(names)]
    return " ".join(lines) or None


def handed_notice(handed: tuple[int, ...], names: list[str]) -> str | None:
    """In words, the seats their own device moved to another device (a sealed game)."""
    lines = [t("sealed.handed", name=names[seat]) for seat in handed if 0 <= seat < len(names)]
    return " ".join(lines) or None
