"""The creator of a sealed game who lost their own device, back on a new one (issue 43,
item 3), driven in CPython as devices with their own storage and keys.

Ann begins a sealed game and takes her seat with a recovery passphrase: the page locks her
seed *and the creator's key* with it (static/seatkeys.mjs; here the test plays the page's
keys: a well-formed escrow whose ``d`` has the 64 bytes' length, and later the bytes the
passphrase would unlock). Ann's device is lost. Bob's device offers "Ann lost their
device?": the whole game, sealed by Bob. A new device opens it, is offered Ann's seat, and
takes it back with what the passphrase unlocks: the seed is checked against Ann's posts and
the key against the game's signed beginning. Its first link re-invites Ann's seat with the
creator's key: Bob's device takes the new key and refuses the old device's later links,
naming Ann. Hostile: a wrong passphrase, an escrow whose key is not the creator's (a
cheating seat's claim), the whole game with Ann's escrow changed, a re-invitation of Ann's
seat not signed by the creator."""
from __future__ import annotations

import base64
import json
from dataclasses import dataclass, replace

import pytest

from tests.kits.games import form_fields
from tests.kits.sealed_apps import device, history, offer, play_own
from tm.linkplay import links, sealedlinks
from tm.web import linkseals
from tm.web.app import App
from tm.web.i18n import t
from tm.web.linkplay_html import seat_cover, send_panel
from tm.web.saves import MemoryStorage
from tm.web.sealedgame import RECORD_PREFIX

NAMES = ["Ann", "Bob"]
ANN_SEED, BOB_SEED = bytes(32), bytes(range(32))


def escrow(tag: str, creator: bool) -> str:
    """A well-formed escrow as the page's keys write it: a seed locked, and with
    ``creator`` the creator's key beside it (its bytes stand for them: Python never
    unlocks one)."""
    return json.dumps({"v": 1, "i": 600000, "s": base64.b64encode(tag.encode()[:16].ljust(
        16, b"s")).decode(), "n": base64.b64encode(b"n" * 12).decode(),
        "d": base64.b64encode(b"d" * (80 if creator else 48)).decode()},
        separators=(",", ":"))


@dataclass
class Lost:
    old_ann: App
    bob: App
    game_id: str
    creator: bytes  # the creator's key, as Ann's passphrase unlocks it
    whole: str  # Bob's "the whole game, for Ann's new device"
    stale: dict[str, str]  # the lost device's storage, its last moves made (not sent)


def _relay(sender: App, apps: dict[str, App]) -> str:
    play_own(sender)
    made = offer(sender)
    assert made is not None
    apps[made[0]].handle("open_link", {"text": "#" + made[1]})
    assert apps[made[0]].shown.notice is None, apps[made[0]].shown.notice
    return made[0]


def _copy(app: App, game_id: str, salt: int, key: int) -> App:
    """The device as it is now, apart (the fixture's devices are shared by the tests)."""
    return _stored(app.store.storage.data, game_id, salt, key)


def _stored(data: dict[str, str], game_id: str, salt: int, key: int) -> App:
    """A device whose storage holds ``data``, the game opened from its record."""
    storage = MemoryStorage()
    storage.data.update(data)
    copy = device(storage, salt=salt, key=key)
    copy.handle("continue", {"save": "link-" + game_id})
    return copy


def begun(names: list[str], bob_claims: bool) -> tuple[App, App, str, bytes]:
    """Ann's device begins a sealed 2-seat game (``names`` by seat) and sits in Ann's seat
    with a passphrase (the creator's key locked beside her seed); Bob's device takes the
    other seat with his (``bob_claims``: his escrow says it holds the creator's key too).
    Returns both devices, the game id and the creator's key."""
    ann, bob = device(salt=1, key=11), device(salt=2, key=22)
    ann.handle("new_game", {**form_fields(2, names, 5), "by_link": "on", "sealed": "on"})
    assert len(ann.sealed.creator_locked()) == 64  # (the page locks it beside the seed)
    ann.handle("choose_seat", {"seat": names.index("Ann"), "seed": ANN_SEED.hex(),
                               "escrow": escrow("ann", True)})
    game_id = ann.shown.meta.link_id
    creator = linkseals.read_seats(ann.store.storage, game_id).creator
    assert creator is not None
    play_own(ann)
    made = offer(ann)
    assert made is not None
    bob.handle("open_link", {"text": "#" + made[1]})
    assert bob.sealed.creator_locked() == ""  # (Bob holds no creator's key)
    bob.handle("choose_seat", {"seat": names.index("Bob"), "seed": BOB_SEED.hex(),
                               "escrow": escrow("bob", bob_claims)})
    return ann, bob, game_id, creator


@pytest.fixture(scope="module")
def lost() -> Lost:
    ann, bob, game_id, creator = begun(NAMES, False)
    apps, sender = {"Ann": ann, "Bob": bob}, "Bob"
    for _ in range(12):  # the shuffle and the setup, by links
        sender = _relay(apps[sender], apps)
    if sender == "Bob":
        sender = _relay(bob, apps)
    stale_ann = _copy(ann, game_id, 1, 11)  # Ann's device, lost after this
    play_own(stale_ann)
    stale = offer(stale_ann)
    assert stale is not None and stale[0] == "Bob"
    whole = bob.screen_model().linkplay.sealed.whole
    assert whole is not None and whole[0] == "Ann"
    assert ann.screen_model().linkplay.sealed.whole is None  # (Ann's own seat)
    return Lost(ann, bob, game_id, creator, whole[1].split("#", 1)[1],
                dict(stale_ann.store.storage.data))


def _new_device() -> App:
    return device(salt=9, key=99)


def test_creator_back_bob_offers_the_whole_game_for_anns_new_device(lost: Lost) -> None:
    screen = lost.bob.screen_model()
    html = send_panel(screen)
    assert 'class="send-whole"' in html and "whole-link" in html
    assert t("sealed.whole_title", name="Ann") in html.replace("&#x27;", "'")


def test_creator_back_the_whole_game_is_offered_as_a_file_too(lost: Lost) -> None:
    """Too long for a chat message: saved as a file ("Save the link as a file"), which the
    new device opens with "Import a game file"."""
    html = send_panel(lost.bob.screen_model())
    whole = html[html.index('class="send-whole"'):]
    assert 'data-action="save_link"' in whole and lost.whole.replace("&", "&amp;") in whole
    new = _new_device()
    new.handle("import", {"text": f"https://tm.example/#{lost.whole}\n"})
    assert new.shown.notice is None, new.shown.notice
    assert new.sealed.recovering() == (0, True, True)


def test_creator_back_a_new_device_takes_the_creators_seat_back_and_plays_on(
        lost: Lost) -> None:
    new = _new_device()
    new.handle("open_link", {"text": "#" + lost.whole})
    assert new.shown.notice is None, new.shown.notice
    assert new.sealed.recovering() == (0, True, True)
    assert 'class="take-back-form"' in seat_cover(new.screen_model())
    new.handle("choose_seat", {"seat": 0, "seed": (ANN_SEED + lost.creator).hex()})
    assert new.shown.meta.seat == 0 and new.shown.notice is None, new.shown.notice
    assert new.shown.info == t("sealed.recovered", name="Ann")
    play_own(new)
    made = offer(new)
    assert made is not None and made[0] == "Bob"
    assert "&r=0.1." in made[1]  # Ann's seat re-invited with the creator's key
    bob = _copy(lost.bob, lost.game_id, 2, 22)
    held = len(history(bob))
    bob.handle("open_link", {"text": "#" + made[1]})
    assert bob.shown.notice is None, bob.shown.notice
    assert bob.shown.info == t("linkplay.back_elsewhere", name="Ann")
    assert len(history(bob)) > held
    keys = [linkseals.read_seats(app.store.storage, lost.game_id).keys.get(0)
            for app in (bob, new, lost.old_ann)]
    assert keys[0] == keys[1] != keys[2]
    play_own(bob)
    back = offer(bob)
    assert back is not None and back[0] == "Ann"
    # the lost device, found again, takes Bob's link: it no longer plays Ann
    old = _stored(lost.stale, lost.game_id, 1, 11)
    old.handle("open_link", {"text": "#" + back[1]})
    assert old.shown.notice is None, old.shown.notice
    shown = old.screen_model().linkplay.sealed
    assert shown is not None and shown.moved == t("sealed.taken_away", name="Ann")
    assert shown.link is None and not old.sealed.can_decide()
    # a cheating old device that plays on anyway: its link is refused, naming Ann
    seats = json.loads(old.store.storage.data[linkseals.SEATS_PREFIX + lost.game_id])
    old.store.storage.data[linkseals.SEATS_PREFIX + lost.game_id] = json.dumps(
        {k: v for k, v in seats.items() if k != "away"})
    cheat = _stored(old.store.storage.data, lost.game_id, 1, 11)
    play_own(cheat)
    stale = offer(cheat)
    assert stale is not None and stale[0] == "Bob"
    before = len(history(bob))
    bob.handle("open_link", {"text": "#" + stale[1]})
    assert bob.shown.notice == t("linkplay.fork_unsigned", name="Ann", move=before + 1)
    assert len(history(bob)) == before
    # and the game goes on between the new device and Bob
    new.handle("open_link", {"text": "#" + back[1]})
    assert new.shown.notice is None, new.shown.notice
    assert [p.to_text() for p in history(new)] == [p.to_text() for p in history(bob)]


def test_creator_back_a_wrong_passphrase_takes_nothing(lost: Lost) -> None:
    new = _new_device()
    new.handle("open_link", {"text": "#" + lost.whole})
    new.handle("seat_refused", {"why": "escrow_passphrase"})  # the page's keys refused
    assert new.shown.notice == t("sealed.escrow_passphrase")
    assert new.shown.meta.seat == -1 and new.sealed.recovering() == (0, True, True)
    new.handle("choose_seat", {"seat": 0})  # no seed at all: no seat
    assert new.shown.meta.seat == -1
    assert new.store.storage.get(RECORD_PREFIX + lost.game_id) is None


def test_creator_back_a_key_that_is_not_the_creators_is_refused(lost: Lost) -> None:
    new = _new_device()
    new.handle("open_link", {"text": "#" + lost.whole})
    new.handle("choose_seat", {"seat": 0, "seed": (ANN_SEED + bytes(range(1, 33))).hex()})
    assert new.shown.meta.seat == -1
    assert new.shown.notice == t("sealed.escrow_not_creator", name="Ann")
    assert new.store.storage.get(RECORD_PREFIX + lost.game_id) is None
    assert linkseals.read_seats(new.store.storage, lost.game_id).creator is None


def test_creator_back_a_seed_that_does_not_make_the_creators_posts_is_refused(
        lost: Lost) -> None:
    new = _new_device()
    new.handle("open_link", {"text": "#" + lost.whole})
    new.handle("choose_seat", {"seat": 0, "seed": (BOB_SEED + lost.creator).hex()})
    assert new.shown.meta.seat == -1
    assert new.shown.notice == t("sealed.escrow_wrong", name="Ann")
    assert linkseals.read_seats(new.store.storage, lost.game_id).recover == -1


def test_creator_back_the_whole_game_with_the_escrow_changed_is_refused(lost: Lost) -> None:
    head, params = links.split_params("#" + lost.whole)
    link = sealedlinks.decode(head)
    posts = [replace(p, escrow=escrow("evil", True)) if p.escrow == escrow("ann", True) else p
             for p in link.posts]
    changed = sealedlinks.encode(link.game_id, posts, link.first, link.options) + "".join(
        f"&{key}={value}" for key, value in params.items())
    new = _new_device()
    new.handle("open_link", {"text": changed})
    assert new.sealed.recovering() is None and new.shown.meta.seat == -1
    assert "Ann" in (new.shown.notice or ""), new.shown.notice


def test_creator_back_a_re_invitation_not_signed_by_the_creator_is_refused(
        lost: Lost) -> None:
    new = _new_device()
    new.handle("open_link", {"text": "#" + lost.whole})
    new.handle("choose_seat", {"seat": 0, "seed": (ANN_SEED + lost.creator).hex()})
    play_own(new)
    made = offer(new)
    assert made is not None
    head, params = links.split_params("#" + made[1])
    again = params["r"].split(".")
    again[-1] = again[-1][::-1]  # the signature changed (a device without the key)
    forged = head + "".join(f"&{key}={value}" for key, value in
                            {**params, "r": ".".join(again)}.items())
    bob = _copy(lost.bob, lost.game_id, 2, 22)
    held = len(history(bob))
    bob.handle("open_link", {"text": forged})
    assert bob.shown.notice == t("linkplay.fork_reinvite", name="Ann")
    assert len(history(bob)) == held


def test_creator_back_a_cheating_seat_claiming_the_creators_key_is_refused() -> None:
    """Bob's escrow says it holds the creator's key (Ann typed no passphrase): a new device
    is offered Bob's seat, and whatever Bob locked there is not the creator's key."""
    ann, bob = device(salt=1, key=11), device(salt=2, key=22)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    play_own(ann)
    made = offer(ann)
    assert made is not None
    bob.handle("open_link", {"text": "#" + made[1]})
    bob.handle("choose_seat", {"seat": 1, "seed": BOB_SEED.hex(),
                               "escrow": escrow("bob", True)})
    apps, sender = {"Ann": ann, "Bob": bob}, "Bob"
    for _ in range(4):
        sender = _relay(apps[sender], apps)
    whole = ann.screen_model().linkplay.sealed.whole
    assert whole is not None and whole[0] == "Bob"
    new = _new_device()
    new.handle("open_link", {"text": whole[1][whole[1].index("#"):]})
    assert new.sealed.recovering() == (1, True, True)
    new.handle("choose_seat", {"seat": 1, "seed": (BOB_SEED + bytes(range(1, 33))).hex()})
    assert new.shown.meta.seat == -1
    assert new.shown.notice == t("sealed.escrow_not_creator", name="Bob")
