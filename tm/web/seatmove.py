"""A sealed game's seat moved to another device by its player (issue 43).

A sealed seat cannot simply be invited again, as in other games played by link: its cards
open only with its device's secret seed. So the seat's own device hands it over. It makes a
new invitation key and signs, with the seat's device key, the hand-over "seat S of game G
continues under invitation K from post N" (:func:`tm.persist.sigs.handover_message`). The
*move file* carries what the new device needs: the device's record of the game (its seat,
seed and posts), the seats' record (the keys pinned here, the game's beginning), the
hand-over, its signature and the invitation's secret. The page locks it with a passphrase
the player types (static/seatkeys.mjs: PBKDF2, AES-GCM): this module reads and writes its
inner text, the *payload*.

The new device checks the payload (:func:`read_payload`: its game's beginning fits its id
and options, the record replays, the hand-over is the seat's next and signed by its pinned
key over that very history), keeps it, and introduces a key of its own with the invitation
when it sends its first link, which also carries the hand-over: the other devices check it
against the seat's key they pinned (:mod:`tm.web.linkchecks`) and from then on take that
seat's posts only under the new key. The old device keeps the hand-over, not the
invitation (:func:`tm.web.linkhandover.mark_moved`): it shows the game and plays the seat no
more.
"""
from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass

from tm.core.state import Options, to_dict
from tm.game import Game
from tm.linkplay.seatseals import Reinvite
from tm.persist import gameids, safejson, sigs
from tm.persist.saves import options_from
from tm.web import linkhandover, linkseals, sealedgame
from tm.web.linkhandover import HandOver
from tm.web.linkseals import Seats
from tm.web.saves import MemoryStorage
from tm.web.sealedgame import Record, RecordError, SealedPlay

FORMAT = "tm-seat-move-1"
MAX_PAYLOAD = 6 << 20  # characters: a 5-seat game's record is under 2 MB


class MoveRefused(ValueError):
    """A move file's payload that this device does not take: ``key`` names the page's
    words for why (a notice of the page, not an engine error)."""

    def __init__(self, key: str, text: str) -> None:
        super().__init__(text)
        self.key = key


def _damaged() -> MoveRefused:
    return MoveRefused("sealed.move_damaged", "the move file is damaged")


def _unsigned() -> MoveRefused:
    return MoveRefused("sealed.move_unsigned", "the seat's key did not sign this move")


def joined() -> MoveRefused:
    """This device already plays in the move file's game."""
    return MoveRefused("sealed.move_joined", "this device plays in that game")


@dataclass(frozen=True)
class Moved:
    """A checked payload: the game, its options, the seat's record and the seats' record
    the new device begins with (the hand-over taken, its invitation held)."""

    game_id: str
    options: Options
    record: Record
    seats: Seats
    play: SealedPlay  # the game rebuilt from the record (it takes seconds: done once)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _unb64(text: object) -> bytes:
    return base64.b64decode(str(text), validate=True)


def payload(play: SealedPlay, handover: HandOver) -> str:
    """The payload of a move file (its signature is added by the page's keys)."""
    again = handover.again
    return json.dumps({
        "format": FORMAT, "game": play.game_id, "seat": play.record.seat,
        "options": to_dict(play.options), "record": play.record.to_text(),
        "seats": linkseals.seats_text(handover.seats),
        "handover": [again.generation, _b64(again.invitation), again.upto],
        "secret": _b64(handover.secret)}, separators=(",", ":"))


def read_payload(text: str, verifier: sigs.Verifier) -> Moved:
    """A move file's inner text (``{"payload": …, "signature": …}``) checked; raises
    :class:`MoveRefused` for anything that is not a hand-over of this game's seat signed
    by that seat's key over the record it carries."""
    try:
        outer = safejson.loads(text, MAX_PAYLOAD, max_depth=2)
        data = safejson.loads(str(outer["payload"]), MAX_PAYLOAD, max_depth=6)
        signature = _unb64(outer["signature"])
        if data["format"] != FORMAT:
            raise ValueError("not a move file")
        game_id, seat = str(data["game"]), int(data["seat"])
        options = options_from(data["options"])
        Game.new(options)
        generation, invitation, upto = data["handover"]
        again = Reinvite(int(generation), _unb64(invitation), sigs.low_s(signature),
                         int(upto), True)
        secret = _unb64(data["secret"])
        kept = MemoryStorage()
        kept.set(sealedgame.RECORD_PREFIX + game_id, str(data["record"]))
        record = sealedgame.read_record(kept, game_id)
        seats = linkseals.read_seats_text(str(data["seats"]))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, binascii.Error,
            RecordError) as error:
        raise _damaged() from error
    if record is None or record.seat != seat or not options.sealed \
            or not gameids.is_bound(game_id) or seats.begin is None \
            or not gameids.beginning_fits(game_id, options, seats.begin, verifier):
        raise _damaged()
    try:
        play = SealedPlay.restore(options, game_id, record)
    except RecordError as error:
        raise _damaged() from error
    moves = play.signed()
    if again.upto != len(moves) or not linkhandover.take_handover(
            seats, game_id, seat, again, secret, moves, verifier):
        raise _unsigned()
    return Moved(game_id, options, record, seats, play)


__all__ = ["FORMAT", "MoveRefused", "Moved", "joined", "payload", "read_payload"]
