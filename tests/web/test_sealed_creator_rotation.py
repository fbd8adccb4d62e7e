"""The creator's key rotated when the creator's seat is taken back on a new device (issue 43),
driven in CPython as devices with their own storage and keys (the game of
tests/web/test_sealed_creator_back.py: Ann began it and lost her device; Bob's device sent
the whole game to her new one, which took her seat back with her passphrase).

The lost device (or whoever guessed Ann's passphrase) still holds the creator's key. So the
new device's first link re-invites Ann's seat with it *and* replaces it: a rotation signed
by the old key names a fresh one. Every device that takes it refuses later acts of the old
key, naming Ann; two rotations of one key are refused as its equivocation (the first taken
wins on each device); the lost device stops inviting."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest

from tests.kits.corpus import recorded
from tests.kits.sealed_apps import device, history, offer, play_own
from tests.web.test_sealed_creator_back import ANN_SEED, Lost, _copy, _stored, lost
from tm.linkplay import links, seatseals
from tm.persist import sigs
from tm.web import linkseals
from tm.web.app import App
from tm.web.i18n import t

__all__ = ["lost"]  # (the game, played once for this module too)


@dataclass
class Back:
    lost: Lost
    new: App  # Ann's new device, her seat taken back
    first: str  # its first link (to Bob): the re-invitation and the rotation
    bob: dict[str, str]  # Bob's storage once he took it
    reply: str  # Bob's next link, to Ann


def _taken_back(lost: Lost, salt: int) -> tuple[App, str]:
    new = device(salt=salt, key=salt * 11)
    new.handle("open_link", {"text": "#" + lost.whole})
    new.handle("choose_seat", {"seat": 0, "seed": (ANN_SEED + lost.creator).hex()})
    assert new.shown.meta.seat == 0, new.shown.notice
    play_own(new)
    made = offer(new)
    assert made is not None and made[0] == "Bob"
    return new, made[1]


@pytest.fixture(scope="module")
def back(lost: Lost) -> Back:
    new, first = _taken_back(lost, 9)
    bob = _copy(lost.bob, lost.game_id, 2, 22)
    bob.handle("open_link", {"text": "#" + first})
    assert bob.shown.notice is None, bob.shown.notice
    play_own(bob)
    reply = offer(bob)
    assert reply is not None
    new.handle("open_link", {"text": "#" + reply[1]})
    assert new.shown.notice is None, new.shown.notice
    return Back(lost, new, first, dict(bob.store.storage.data), reply[1])


def _seats(app: App, game_id: str) -> linkseals.Seats:
    return linkseals.read_seats(app.store.storage, game_id)


def _bob(back: Back) -> App:
    return _stored(back.bob, back.lost.game_id, 2, 22)


def _with(fragment: str, key: str, value: str | None) -> str:
    head, params = links.split_params("#" + fragment)
    params = {k: v for k, v in params.items() if k != key}
    if value is not None:
        params[key] = value
    return head + "".join(f"&{k}={v}" for k, v in params.items())


def test_rotation_taking_the_creators_seat_back_rotates_the_creator_key(back: Back) -> None:
    game_id = back.lost.game_id
    params = links.split_params("#" + back.first)[1]
    rotations = seatseals.read_seat_seals(params).rotations
    assert len(rotations) == 1 and rotations[0].seat == 0
    new, bob = _seats(back.new, game_id), _seats(_bob(back), game_id)
    assert new.creator is not None and new.begin is not None
    assert sigs.SoftKey(new.creator).public == rotations[0].creator != new.begin.creator
    assert bob.rotations == new.rotations == rotations and bob.creator_key() == \
        rotations[0].creator
    fresh = _copy(back.lost.bob, game_id, 2, 22)
    fresh.handle("open_link", {"text": "#" + back.first})
    assert fresh.shown.info == t("linkplay.back_elsewhere", name="Ann")


def test_rotation_a_re_invitation_with_the_old_creator_key_is_refused_naming_it(
        back: Back) -> None:
    old = _stored(back.lost.stale, back.lost.game_id, 1, 11)  # the lost device, found
    old.handle("invite_again", {"seat": 1})  # its creator's key invites Bob's seat again
    assert old.shown.info == t("linkplay.invited_again", name="Bob")
    made = offer(old)
    assert made is not None
    for app in (_bob(back), back.new):
        held = len(history(app))
        app.handle("open_link", {"text": "#" + made[1]})
        assert app.shown.notice == t("linkplay.fork_old_creator", name="Ann", move=held + 1)
        assert len(history(app)) == held


def test_rotation_the_new_creator_key_invites_again(back: Back) -> None:
    new = _stored(dict(back.new.store.storage.data), back.lost.game_id, 9, 99)
    assert 1 in new.linkplay.can_invite_again()
    new.handle("invite_again", {"seat": 1})
    play_own(new)
    made = offer(new)
    assert made is not None
    bob = _bob(back)
    bob.handle("open_link", {"text": "#" + made[1]})
    assert bob.shown.notice is None, bob.shown.notice
    assert _seats(bob, back.lost.game_id).reinvites[1].generation == 1


def test_rotation_two_rotations_of_one_key_are_refused_naming_the_seat(back: Back) -> None:
    """A second new device takes Ann's seat back with the same passphrase before it saw
    the first's rotation: its rotation of the same old key is another. On each device
    the first taken wins, the other refused naming Ann."""
    _, second = _taken_back(back.lost, 7)
    bob = _bob(back)  # took the first device's
    held = len(history(bob))
    bob.handle("open_link", {"text": "#" + second})
    assert bob.shown.notice == t("linkplay.fork_creator_twice", name="Ann", move=held + 1)
    assert len(history(bob)) == held
    other = _copy(back.lost.bob, back.lost.game_id, 2, 22)  # took none yet
    other.handle("open_link", {"text": "#" + second})
    assert other.shown.notice is None, other.shown.notice
    rotations = _seats(other, back.lost.game_id).rotations
    held = len(history(other))
    other.handle("open_link", {"text": "#" + back.first})
    assert other.shown.notice == t("linkplay.fork_creator_twice", name="Ann", move=held + 1)
    assert _seats(other, back.lost.game_id).rotations == rotations


def test_rotation_a_rotation_its_old_key_did_not_sign_is_refused(back: Back) -> None:
    params = links.split_params("#" + back.first)[1]
    rotation = seatseals.read_seat_seals(params).rotations[0]
    forged = replace(rotation, signature=rotation.signature[::-1])
    bob = _copy(back.lost.bob, back.lost.game_id, 2, 22)
    held = len(history(bob))
    bob.handle("open_link", {"text": _with(back.first, "o", seatseals.rotations_text(
        (forged,)))})
    assert bob.shown.notice == t("linkplay.fork_rotation", name="Ann", move=held + 1)
    assert len(history(bob)) == held


def test_rotation_a_page_before_rotations_takes_the_re_invitation_as_before(
        back: Back) -> None:
    """A page that knows no ``&o=`` leaves it out: the re-invitation opens as before."""
    bob = _copy(back.lost.bob, back.lost.game_id, 2, 22)
    bob.handle("open_link", {"text": _with(back.first, "o", None)})
    assert bob.shown.notice is None, bob.shown.notice
    assert bob.shown.info == t("linkplay.moved", name="Ann")
    seats = _seats(bob, back.lost.game_id)
    assert seats.rotations == () and seats.begin is not None
    assert seats.creator_key() == seats.begin.creator


def test_rotation_the_lost_device_stops_inviting_once_its_seat_is_taken_back(
        back: Back) -> None:
    old = _stored(back.lost.stale, back.lost.game_id, 1, 11)
    assert old.linkplay.can_invite_again() == (1,)  # (before: the creator's tools)
    old.handle("open_link", {"text": "#" + back.reply})
    assert old.shown.notice is None, old.shown.notice
    assert old.shown.info == t("linkplay.back_away", name="Ann")
    seats = _seats(old, back.lost.game_id)
    assert seats.creator is None and seats.away
    assert old.linkplay.can_invite_again() == () and old.linkplay.invitations() == ()


def test_rotation_seals_keep_their_shape(back: Back) -> None:
    params = links.split_params("#" + back.first)[1]
    rotations = seatseals.read_seat_seals(params).rotations
    text = seatseals.rotations_text(rotations)
    assert seatseals.read_rotations(text) == rotations
    assert seatseals.read_rotations(text + "~0.1.x") == rotations  # (a damaged one: cut)
    stored = json.loads(back.new.store.storage.data[linkseals.SEATS_PREFIX
                                                     + back.lost.game_id])
    assert stored["rotations"] == text


def test_rotation_a_recorded_game_keeps_opening() -> None:
    """tests/corpus/rotation0: Bob's device takes the recorded rotation, the new device
    Bob's reply, and the lost device stops, as when they were recorded."""
    entry = recorded("rotation0")[0]
    game_id = entry["game_id"]
    bob = _stored(entry["bob"], game_id, 2, 22)
    bob.handle("open_link", {"text": "#" + entry["first"]})
    assert bob.shown.notice is None and bob.shown.info == t("linkplay.back_elsewhere",
                                                            name="Ann"), bob.shown.notice
    assert len(_seats(bob, game_id).rotations) == 1
    new = _stored(entry["new"], game_id, 9, 99)
    new.handle("open_link", {"text": "#" + entry["reply"]})
    assert new.shown.notice is None, new.shown.notice
    old = _stored(entry["lost"], game_id, 1, 11)
    old.handle("open_link", {"text": "#" + entry["reply"]})
    assert old.shown.info == t("linkplay.back_away", name="Ann")
    assert _seats(old, game_id).creator is None
