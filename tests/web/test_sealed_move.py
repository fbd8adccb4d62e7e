"""A sealed seat moved to another device by its player (issue 43), driven in CPython.

Ann and Bob play a sealed game by links. Bob's device hands his seat over: its key signs
the hand-over, the move file's payload (tm.web.seatmove; the page locks it with a
passphrase) opens on a third device, which plays Bob's seat on; Ann's device takes the
hand-over with that device's first link and from then on Bob's posts only under its key.
Hostile devices: a hand-over another key signed, a move file opened twice, the old
device playing on after it moved, a payload changed on the way."""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

import pytest

from tests.kits import hostile_links
from tests.kits.keys import TestSigner
from tests.kits.sealed_apps import device, offer, play_own
from tm.persist import sigs
from tm.web import linkhandover, linkseals
from tm.web.app import App
from tm.web.html import esc
from tm.web.i18n import t
from tm.web.sealedgame import RECORD_PREFIX

ANN_KEY, BOB_KEY, NEW_KEY = 11, 22, 33


@dataclass
class Moved:
    """Ann's device; Bob's old device after the move; the new device; Bob's old device as
    it was just before (its storage); the payload the new device opened."""
    ann: App
    old: App
    new: App
    before: dict[str, str]
    inner: str
    game_id: str
    ann_before: dict[str, str]  # Ann's storage before she took the new device's link
    handed: str | None  # what Ann's device said when it took it
    ann_link: str  # Ann's next link to Bob (the new device took it)
    first: str  # the new device's first link (to Ann)
    ann_after: dict[str, str]  # Ann's storage once she sent that link


def _in_play(ann: App) -> bool:
    game = ann.shown.game
    return game is not None and game.state.phase == "action" and game.state.generation >= 1


def _inner(app: App, key: int = BOB_KEY, changed: Any = None) -> str:
    """Bob's device begins the move; the move file's inner text as the page's keys make
    it (the payload and the seat key's signature of the hand-over)."""
    begun = app.sealed.begin_move()
    assert begun is not None, app.shown.notice
    seat_id, message, payload = begun
    signature = TestSigner(key).sign(seat_id.rsplit(":", 1)[0], 1, message)
    if changed is not None:
        payload = changed(payload)
    assert app.sealed.finish_move(signature) is (key == BOB_KEY)
    return json.dumps({"payload": payload, "signature": base64.b64encode(signature).decode()})


def _stored(app: App) -> dict[str, str]:
    return dict(app.store.storage.data)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def moved() -> Moved:
    at = hostile_links.table(0, until=_in_play)
    before = _stored(at.bob)
    inner = _inner(at.bob)
    new = device(salt=3, key=NEW_KEY)
    new.handle("import", {"text": json.dumps({"format": "tm-seat-move-1", "data": "…"})})
    assert new.sealed.seat_file() is not None  # (the page asks its passphrase, then unlocks)
    new.sealed.take_move(inner)
    assert new.shown.notice is None, new.shown.notice
    assert new.shown.info == t("sealed.moved_here", name="Bob")
    ann_before = _stored(at.ann)
    first = offer(new)  # carries the hand-over and the new device's key, introduced by it
    assert first is not None and first[0] == "Ann"
    at.ann.handle("open_link", {"text": "#" + first[1]})
    assert at.ann.shown.notice is None, at.ann.shown.notice
    handed = at.ann.shown.info
    play_own(at.ann)
    made = offer(at.ann)
    assert made is not None and made[0] == "Bob"
    new.handle("open_link", {"text": "#" + made[1]})
    assert new.shown.notice is None, new.shown.notice
    return Moved(at.ann, at.bob, new, before, inner, at.game_id, ann_before, handed, made[1],
                 first[1], _stored(at.ann))


def _send(sender: App, to: App) -> None:
    made = offer(sender)
    assert made is not None
    to.handle("open_link", {"text": "#" + made[1]})


def test_a_sealed_seat_moves_to_another_device_which_plays_on_and_the_others_accept(
        moved: Moved) -> None:
    new, ann = moved.new, moved.ann
    assert new.shown.meta.seat == 1
    play = new.sealed.active()
    assert play is not None and play.record.seed == _record_seed(moved.before, moved.game_id)
    assert moved.handed == t("sealed.handed", name="Bob")
    seats = linkseals.read_seats(ann.store.storage, moved.game_id)
    assert seats.keys[1] == TestSigner(NEW_KEY).key.public and seats.reinvites[1].handover
    generation = ann.shown.game.state.generation if ann.shown.game else 0
    for _ in range(3):  # a few links each way: the new device plays Bob's seat
        for sender, to in ((new, ann), (ann, new)):
            play_own(sender)
            _send(sender, to)
            assert to.shown.notice is None, to.shown.notice
    assert ann.shown.game is not None and new.shown.game is not None
    assert ann.shown.game.digest() == new.shown.game.digest()
    assert len(ann.shown.game.moves) > 0 and ann.shown.game.state.generation >= generation


def _record_seed(data: dict[str, str], game_id: str) -> bytes:
    return bytes.fromhex(json.loads(data[RECORD_PREFIX + game_id])["seed"])


def test_the_device_a_seat_left_shows_the_game_and_refuses_to_act(moved: Moved) -> None:
    old = moved.old
    shown = old.screen_model().linkplay.sealed
    assert shown is not None and shown.moved and shown.link is None and not shown.can_move
    assert not old.sealed.can_decide()
    assert esc(t("sealed.moved_away", name="Bob")) in old.render()["app"]
    old.handle("open_link", {"text": "#" + moved.ann_link})
    assert old.shown.notice == t("sealed.moved_away", name="Bob")


def test_a_hand_over_another_key_signed_is_refused() -> None:
    at = hostile_links.table(0, until=_in_play)
    inner = _inner(at.bob, key=44)  # (the old device keeps its seat: nothing was moved)
    assert not linkhandover.moved_away(at.bob.store.storage, at.game_id, 1)
    new = device(salt=3, key=NEW_KEY)
    new.sealed.take_move(inner)
    assert new.shown.notice == t("sealed.move_unsigned") and new.sealed.active() is None


def _forged_link(moved: Moved, key: int) -> str:
    """The new device's first link with its hand-over's signature made by ``key``."""
    head, *rest = moved.first.split("&")
    params = dict(part.split("=", 1) for part in rest)
    seat, generation, upto, invitation, _signature, mark = params["r"].split(".")
    again = linkseals.read_seats(moved.new.store.storage, moved.game_id).reinvites[1]
    play = moved.new.sealed.active()
    assert play is not None
    message = sigs.handover_message(moved.game_id, 1, again.generation, again.invitation,
                                    play.signed()[:again.upto])
    forged = base64.urlsafe_b64encode(sigs.low_s(TestSigner(key).key.sign(message)))
    params["r"] = ".".join((seat, generation, upto, invitation, forged.decode().rstrip("="),
                            mark))
    return head + "".join(f"&{k}={v}" for k, v in params.items())


@pytest.mark.parametrize("key", [BOB_KEY, NEW_KEY, ANN_KEY])
def test_a_link_whose_hand_over_the_seats_key_did_not_sign_is_refused_naming_it(
        moved: Moved, key: int) -> None:
    """The hand-over signed again by Bob's old key opens (the same signature); by the new
    device's key or Ann's, it is refused naming Bob, and nothing is stored."""
    ann = device(salt=1, key=ANN_KEY)
    ann.store.storage.data.update(moved.ann_before)  # type: ignore[attr-defined]
    ann.handle("continue", {"save": "link-" + moved.game_id})
    before = _stored(ann)
    ann.handle("open_link", {"text": "#" + _forged_link(moved, key)})
    if key == BOB_KEY:
        assert ann.shown.notice is None and ann.shown.info == t("sealed.handed", name="Bob")
        return
    assert ann.shown.notice == t("linkplay.fork_handover", name="Bob", move=1)
    assert _stored(ann) == before


def test_a_move_file_opened_twice_seats_only_the_first_device(moved: Moved) -> None:
    """The same payload on a fourth device: it takes the seat here, but its key is
    refused by Ann, who pinned the first new device's key (one invitation, one device)."""
    second = device(salt=4, key=55)
    second.sealed.take_move(moved.inner)
    assert second.shown.notice is None
    ann = moved.ann
    made = offer(second)  # (its first link: the seat's posts as the file left them)
    assert made is not None and made[0] == "Ann"
    before = _stored(ann)
    ann.handle("open_link", {"text": "#" + made[1]})
    assert ann.shown.notice is not None and "Bob" in ann.shown.notice
    assert _stored(ann) == before


@pytest.mark.parametrize("strip", [False, True])
def test_the_old_device_playing_on_after_the_move_is_refused_naming_the_seat(
        moved: Moved, strip: bool) -> None:
    """A cheating old device (its storage from before the move: it kept its key and seat)
    takes Ann's next link and plays on. With the hand-over in that link, even that device
    stops signing for Bob; stripping it, it signs with the key Bob left: either way Ann
    refuses its moves, naming Bob (as moved, when it speaks with the old key)."""
    cheat = device(salt=2, key=BOB_KEY)
    cheat.store.storage.data.update(moved.before)  # type: ignore[attr-defined]
    cheat.handle("continue", {"save": "link-" + moved.game_id})
    link = moved.ann_link
    if strip:  # (the hand-over and the new device's key, taken out)
        head, *params = link.split("&")
        keys = next(p for p in params if p.startswith("k="))[2:].split("~")
        link = "&".join([head, "k=" + "~".join(k for k in keys if not k.startswith("1.")),
                         *(p for p in params if p[:2] not in ("k=", "r="))])
    cheat.handle("open_link", {"text": "#" + link})
    assert cheat.shown.notice is None, cheat.shown.notice
    play_own(cheat)
    sent = offer(cheat)
    assert sent is not None and sent[0] == "Ann"
    ann = device(salt=1, key=ANN_KEY)
    ann.store.storage.data.update(moved.ann_after)  # type: ignore[attr-defined]
    ann.handle("continue", {"save": "link-" + moved.game_id})
    before = _stored(ann)
    ann.handle("open_link", {"text": "#" + sent[1]})
    kind = "moved" if strip else "unsigned"
    first = len(_held(ann)) + 1  # (the first post it lacks, as the notice counts)
    assert ann.shown.notice == t(f"linkplay.fork_{kind}", name="Bob", move=first)
    assert _stored(ann) == before


def _held(app: App) -> list[object]:
    play = app.sealed.active()
    assert play is not None
    return list(play.history)


@pytest.mark.parametrize("change", ["record", "game", "seat", "upto", "junk"])
def test_a_changed_move_payload_is_refused(moved: Moved, change: str) -> None:
    outer = json.loads(moved.inner)
    data = json.loads(outer["payload"])
    if change == "record":
        record = json.loads(data["record"])
        record["posts"] = record["posts"][:-1]
        data["record"] = json.dumps(record)
    elif change == "game":
        data["game"] = data["game"][:-1] + ("a" if data["game"][-1] != "a" else "b")
    elif change == "seat":
        data["seat"] = 0
    elif change == "upto":
        data["handover"][2] -= 1
    else:
        data = {"format": "tm-seat-move-1"}
    outer["payload"] = json.dumps(data)
    app = device(salt=5, key=66)
    app.sealed.take_move(json.dumps(outer))
    assert app.shown.notice in (t("sealed.move_damaged"), t("sealed.move_unsigned"))
    assert app.sealed.active() is None
    assert not [k for k in app.store.storage.names() if moved.game_id in k]
