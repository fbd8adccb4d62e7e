"""A sealed seat moved to another device (issue 43), the cases tests/web/test_sealed_move.py
leaves: the creator's own seat moved by file (the creator's key goes with it), and a
3-seat game whose hand-over reaches a device only through a third device's link (relayed),
checked there as if it came from the new device itself. Driven in CPython."""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass

import pytest

from tests.kits import hostile_links
from tests.kits.games import form_fields
from tests.kits.keys import TestSigner
from tests.kits.sealed_apps import device, offer, play_own
from tm.web import linkseals
from tm.web.app import App
from tm.web.i18n import t

ANN_KEY, NEW_KEY = 11, 33
NAMES = ["Ann", "Bob", "Carl"]
KEYS = {"Ann": 11, "Bob": 22, "Carl": 44}


def _in_play(app: App) -> bool:
    game = app.shown.game
    return game is not None and game.state.phase == "action" and game.state.generation >= 1


def _moved(app: App, seat: int, key: int, salt: int) -> App:
    """The seat of ``app`` moved by file to a new device (the page's keys played by the
    test: the seat key signs the hand-over, the file's passphrase is left out)."""
    begun = app.sealed.begin_move()
    assert begun is not None, app.shown.notice
    seat_id, message, payload = begun
    signature = TestSigner(key).sign(seat_id.rsplit(":", 1)[0], seat, message)
    assert app.sealed.finish_move(signature)
    new = device(salt=salt, key=NEW_KEY)
    new.sealed.take_move(json.dumps(
        {"payload": payload, "signature": base64.b64encode(signature).decode()}))
    assert new.shown.notice is None and new.shown.meta.seat == seat, new.shown.notice
    return new


def test_the_creators_own_seat_moves_by_file_with_the_creators_key() -> None:
    at = hostile_links.table(0, until=_in_play)  # (Bob's link to Ann not yet opened)
    creator = linkseals.read_seats(at.ann.store.storage, at.game_id).creator
    assert creator is not None
    new = _moved(at.ann, 0, ANN_KEY, salt=3)
    assert linkseals.read_seats(at.ann.store.storage, at.game_id).creator is None
    assert linkseals.read_seats(new.store.storage, at.game_id).creator == creator
    shown = at.ann.screen_model().linkplay.sealed
    assert shown is not None and shown.moved == t("sealed.moved_away", name="Ann")
    new.handle("open_link", {"text": "#" + at.honest})  # Bob's link, on the new device
    assert new.shown.notice is None, new.shown.notice
    play_own(new)
    first = offer(new)
    assert first is not None and first[0] == "Bob"
    at.bob.handle("open_link", {"text": "#" + first[1]})
    assert at.bob.shown.notice is None, at.bob.shown.notice
    assert at.bob.shown.info == t("sealed.handed", name="Ann")
    seats = linkseals.read_seats(at.bob.store.storage, at.game_id)
    assert seats.keys[0] == TestSigner(NEW_KEY).key.public and seats.reinvites[0].handover
    for sender, to in ((at.bob, new), (new, at.bob)):  # the game goes on
        play_own(sender)
        made = offer(sender)
        assert made is not None
        to.handle("open_link", {"text": "#" + made[1]})
        assert to.shown.notice is None, to.shown.notice
    assert new.shown.game is not None and at.bob.shown.game is not None
    assert new.shown.game.digest() == at.bob.shown.game.digest()
    # the creator's key moved too: the new device is the creator's (its invitations)
    assert new.linkplay.snapshot().recovery is None  # (a sealed game: no &c= way back)
    assert linkseals.read_seats(new.store.storage, at.game_id).begin is not None


@dataclass
class Relayed:
    apps: dict[str, App]
    game_id: str
    relay: str  # the third device's link that carries Bob's hand-over to its recipient
    to: str  # who that is (never sent a link by Bob's new device)
    before: dict[str, str]  # the recipient's storage before it


def _first_seated(apps: dict[str, App], to: str) -> None:
    if apps[to].shown.meta.seat < 0:
        apps[to].handle("choose_seat", {"seat": NAMES.index(to)})


@pytest.fixture(scope="module")
def relayed() -> Relayed:
    apps = {name: device(salt=i + 1, key=KEYS[name]) for i, name in enumerate(NAMES)}
    apps["Ann"].handle("new_game", {**form_fields(3, NAMES, 5), "by_link": "on",
                                    "sealed": "on"})
    apps["Ann"].handle("choose_seat", {"seat": 0})
    invite = dict(apps["Ann"].linkplay.snapshot().invites)[2]  # (Carl's, from Ann's page)
    assert invite is not None
    apps["Carl"].handle("open_link", {"text": invite[invite.index("#"):]})
    apps["Carl"].handle("choose_seat", {"seat": 2})
    sender = "Ann"
    for _ in range(300):  # until Bob, about to play, may move his seat
        bob = apps["Bob"].sealed.active()
        if sender == "Bob" and bob is not None and _in_play(apps["Bob"]) \
                and apps["Bob"].sealed._can_move(bob):
            break
        play_own(apps[sender])
        made = offer(apps[sender])
        assert made is not None
        apps[made[0]].handle("open_link", {"text": "#" + made[1]})
        _first_seated(apps, made[0])
        assert apps[made[0]].shown.notice is None, apps[made[0]].shown.notice
        sender = made[0]
    else:
        raise AssertionError("Bob's seat never could move")
    game_id = apps["Ann"].shown.meta.link_id
    apps["Bob"] = _moved(apps["Bob"], 1, KEYS["Bob"], salt=7)
    direct: set[str] = set()  # the devices Bob's new device sent a link to itself
    for _ in range(12):  # the new device plays on; its hand-over travels with the links
        play_own(apps[sender])
        made = offer(apps[sender])
        assert made is not None
        to, link = made
        if sender == "Bob":
            direct.add(to)
        elif to != "Bob" and to not in direct and _carries_handover(link):
            return Relayed(apps, game_id, link, to, dict(apps[to].store.storage.data))
        apps[to].handle("open_link", {"text": "#" + link})
        assert apps[to].shown.notice is None, apps[to].shown.notice
        sender = to
    raise AssertionError("no device got Bob's hand-over through another's link")


def _carries_handover(link: str) -> bool:
    """Whether a link's re-invitations hold Bob's hand-over."""
    params = dict(part.split("=", 1) for part in link.split("&")[1:])
    return any(e.startswith("1.") and e.endswith(".h") for e in params.get("r", "").split("~"))


def test_a_hand_over_relayed_by_a_third_device_is_taken(relayed: Relayed) -> None:
    to = relayed.apps[relayed.to]
    to.handle("open_link", {"text": "#" + relayed.relay})
    assert to.shown.notice is None, to.shown.notice
    assert to.shown.info == t("sealed.handed", name="Bob")
    seats = linkseals.read_seats(to.store.storage, relayed.game_id)
    assert seats.keys[1] == TestSigner(NEW_KEY).key.public and seats.reinvites[1].handover


def test_a_relayed_hand_over_with_its_signature_changed_is_refused_naming_the_seat(
        relayed: Relayed) -> None:
    head, *rest = relayed.relay.split("&")
    params = dict(part.split("=", 1) for part in rest)
    entries = params["r"].split("~")
    bob = next(i for i, e in enumerate(entries) if e.startswith("1.") and e.endswith(".h"))
    fields = entries[bob].split(".")
    fields[4] = fields[4][::-1]  # the hand-over's signature changed on the way
    entries[bob] = ".".join(fields)
    params["r"] = "~".join(entries)
    forged = head + "".join(f"&{k}={v}" for k, v in params.items())
    storage_before = relayed.before
    to = device(salt=NAMES.index(relayed.to) + 1, key=KEYS[relayed.to])
    to.store.storage.data.update(storage_before)  # type: ignore[attr-defined]
    to.handle("continue", {"save": "link-" + relayed.game_id})
    to.handle("open_link", {"text": "#" + forged})
    assert to.shown.notice is not None and "Bob" in to.shown.notice, to.shown.notice
    assert dict(to.store.storage.data) == storage_before  # type: ignore[attr-defined]
