"""The creator of a game by link who lost its device takes its seat again (issue 43, item 3),
driven in CPython as devices with their own storage and keys. Only the creator's device
holds the creator's key; its page offers that key as a link to keep ("If you lose this
device"): a new device that opens it, then the game's latest link, takes the creator's seat
with a re-invitation it signs itself; every other device says so, and the old device's
later moves are refused naming the seat. Another seat's device, or a key that did not sign
the game's beginning, takes nothing."""
from __future__ import annotations

import base64

from tests.kits import hostile_links
from tests.kits.games import form_fields
from tests.web.webkit import fragment as _fragment
from tests.web.webkit import page_text as _page
from tests.web.webkit import play_own as _play_own
from tests.web.webkit import sent_link as _sent
from tests.web.webkit import signing_device
from tm.linkplay import links
from tm.web import linkseals
from tm.web.app import App


def _table() -> tuple[App, App, str]:
    """Ann (the creator) and Bob each set up and sent their moves; Ann's way back to her
    seat, as her page offered it at the start."""
    ann, bob = signing_device(1), signing_device(2)
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on"})
    ann.handle("choose_seat", {"seat": 0})
    recovery = ann.linkplay.snapshot().recovery
    assert recovery is not None and "&c=0." in recovery
    assert "If you lose this device" in _page(ann)
    _play_own(ann)
    bob.handle("open_link", {"text": _sent(ann)})
    bob.handle("choose_seat", {"seat": 1})
    assert bob.linkplay.snapshot().recovery is None  # only the creator's device has one
    _play_own(bob)
    ann.handle("open_link", {"text": _sent(bob)})
    _play_own(ann)
    bob.handle("open_link", {"text": _sent(ann)})
    _play_own(bob)
    return ann, bob, _fragment(recovery)


def test_link_seats_the_creator_takes_its_seat_again_on_a_new_device() -> None:
    ann, bob, recovery = _table()
    latest = _sent(bob)  # Bob's link to Ann: her device is lost before she opens it
    new_ann = signing_device(3)
    new_ann.handle("open_link", {"text": recovery})  # an older game: the way back only
    assert new_ann.shown.screen == "seat" and "holds the key of the game's creator" in \
        _page(new_ann)
    new_ann.handle("open_link", {"text": latest})  # then the game's latest link
    assert new_ann.shown.screen == "seat" and new_ann.shown.game is not None
    assert new_ann.linkplay.snapshot().uninvited == ()
    new_ann.handle("choose_seat", {"seat": 0})
    assert new_ann.shown.meta.seat == 0 and new_ann.shown.notice is None
    _play_own(new_ann)
    to_bob = _sent(new_ann)
    assert "&r=0.1." in to_bob  # her own re-invitation, signed with the creator's key
    bob.handle("open_link", {"text": to_bob})
    assert bob.shown.screen == "game" and bob.linkplay.state.older is None
    assert "Ann plays there now, with a new creator key" in _page(bob)
    _play_own(bob)
    new_ann.handle("open_link", {"text": _sent(bob)})  # and the game goes on
    assert new_ann.shown.screen == "game" and new_ann.linkplay.state.older is None
    # the old device, found again: told with a link that knows the re-invitation...
    twin = signing_device(1)  # (...and, as it was before that link, it plays Ann's turn otherwise)
    for key, value in ann.store.storage.data.items():  # type: ignore[attr-defined]
        twin.store.storage.set(key, value)
    ann.handle("open_link", {"text": to_bob})
    assert "this device no longer plays Ann" in _page(ann) and ann.shown.meta.seat == -1
    twin.handle("open_link", {"text": latest})
    _play_otherwise(twin)
    before = dict(bob.store.storage.data)  # type: ignore[attr-defined]
    bob.handle("open_link", {"text": _sent(twin)})  # refused naming Ann, nothing stored
    older = bob.linkplay.state.older
    assert older is not None and older.fork and older.player == "Ann", older
    assert dict(bob.store.storage.data) == before  # type: ignore[attr-defined]


def _play_otherwise(app: App) -> None:
    """This device's decision answered by its last choice, then its decisions by the first."""
    decision = app.current()
    assert decision is not None
    app.handle("choose", {"index": len(decision[1].choices()) - 1})
    if app.staged() is not None:
        app.handle("confirm_action", {})
    _play_own(app)


def test_link_seats_the_way_back_takes_nothing_on_another_seats_device() -> None:
    _, bob, recovery = _table()
    link_id = links.split_params(recovery)[1]["p"]
    bob.handle("open_link", {"text": recovery})  # (an older link: Bob keeps his game)
    bob.handle("older_newer", {})
    seats = linkseals.read_seats(bob.store.storage, link_id)
    assert seats.creator is None and seats.recover == -1 and bob.shown.meta.seat == 1


def test_link_seats_a_key_that_did_not_sign_the_beginning_takes_no_seat() -> None:
    _, bob, recovery = _table()
    head, _, secret = recovery.partition("&c=0.")
    other = base64.urlsafe_b64encode(bytes(range(32))).decode().rstrip("=")
    eve = signing_device(9)
    eve.handle("open_link", {"text": f"{head}&c=0.{other}{secret[43:]}"})
    assert eve.shown.screen == "seat"
    shown = eve.linkplay.snapshot()
    assert 0 in shown.taken and "holds the key" not in _page(eve)
    assert linkseals.read_seats(eve.store.storage, links.split_params(recovery)[1]["p"]) \
        .creator is None
    eve.handle("choose_seat", {"seat": 0})
    assert eve.shown.meta.seat == -1


def test_link_seats_a_sealed_game_offers_no_re_invitation_that_would_stall_it() -> None:
    """In a sealed game a seat's cards open only with its device's secret: a new device
    could not take the seat (tried: "Bob plays on another device"), and the old one could
    no longer move. The creator's page offers neither "Invite again" nor a way back."""
    at = hostile_links.table(4)
    ann = at.ann
    ann.handle("open_link", {"text": "#" + at.honest})
    assert ann.shown.notice is None and ann.sealed.active() is not None
    seats = linkseals.read_seats(ann.store.storage, at.game_id)
    assert seats.creator is not None and seats.seated(1)  # the creator's device, Bob seated
    shown = ann.linkplay.snapshot()
    assert shown.reinvite == () and shown.recovery is None
    assert "Invite Bob again" not in _page(ann) and "If you lose this device" not in _page(ann)
    before = dict(ann.store.storage.data)  # type: ignore[attr-defined]
    ann.handle("invite_again", {"seat": 1})  # (a stale page's button: nothing happens)
    assert dict(ann.store.storage.data) == before  # type: ignore[attr-defined]
    assert linkseals.read_seats(ann.store.storage, at.game_id).reinvites == {}
