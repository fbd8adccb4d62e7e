"""A sealed seat whose device is lost, taken back with its seed's escrow (issue 43, item 3),
driven in CPython as devices with their own storage and keys.

Bob joins Ann's sealed game with a recovery passphrase: the page locks his seed with it
(static/seatkeys.mjs) and the escrow rides on his first post, signed with it. His device is
lost; Ann's device invites him again; a new device opens that invitation, the page unlocks
the seed with the passphrase typed (here the test plays the page's keys: it hands the seed
the passphrase would unlock), the seed is checked against Bob's posts, and the new device
plays on: Ann's device takes its moves, and refuses the old device's. Hostile: a seed that
does not make Bob's posts (a junk escrow), an escrow changed in the link, a re-invitation
not signed by the creator, a seat whose player left no escrow."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest

from tests.kits.games import form_fields
from tests.kits.sealed_apps import device, history, offer, play_own
from tm.linkplay import links, sealedlinks
from tm.linkplay.sealedplay import read_post
from tm.web import linkseals
from tm.web.app import App
from tm.web.i18n import t
from tm.web.saves import MemoryStorage
from tm.web.sealedgame import RECORD_PREFIX, read_record
from tm.web.seedescrow import escrow_of

NAMES = ["Ann", "Bob"]
BOB_SEED = bytes(range(32))


def escrow(tag: str) -> str:
    """A well-formed escrow as the page's keys write it (its bytes stand for a seed
    locked with a passphrase: Python never unlocks one)."""
    import base64
    return json.dumps({"v": 1, "i": 600000, "s": base64.b64encode(tag.encode()[:16].ljust(
        16, b"s")).decode(), "n": base64.b64encode(b"n" * 12).decode(),
        "d": base64.b64encode(b"d" * 48).decode()}, separators=(",", ":"))


@dataclass
class Lost:
    ann: App
    old_bob: App
    game_id: str
    invite: str  # Ann's re-invitation of Bob, as her page offers it
    stale: str  # the old device's link to Ann, made after the re-invitation


def _fragment(url: str) -> str:
    return url.split("#", 1)[1]


def _relay(sender: App, apps: dict[str, App]) -> str:
    """The sender's decisions played and its link opened where it goes; who got it."""
    play_own(sender)
    made = offer(sender)
    assert made is not None
    to, link = made
    apps[to].handle("open_link", {"text": "#" + link})
    assert apps[to].shown.notice is None, apps[to].shown.notice
    return to


@pytest.fixture(scope="module")
def lost() -> Lost:
    ann, bob = device(salt=1, key=11), device(salt=2, key=22)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0, "seed": bytes(32).hex(), "escrow": escrow("ann")})
    play_own(ann)
    made = offer(ann)
    assert made is not None
    bob.handle("open_link", {"text": "#" + made[1]})
    bob.handle("choose_seat", {"seat": 1, "seed": BOB_SEED.hex(), "escrow": escrow("bob")})
    assert bob.shown.meta.seat == 1 and bob.shown.notice is None
    apps, sender = {"Ann": ann, "Bob": bob}, "Bob"
    for _ in range(12):  # the shuffle and the setup, by links
        sender = _relay(apps[sender], apps)
    assert ann.sealed.escrowed() == (0, 1)
    play_own(bob)  # Bob's device is lost after this (its link to Ann is never sent)
    assert ann.linkplay.snapshot().reinvite == (1,)
    ann.handle("invite_again", {"seat": 1})
    invite = dict(ann.linkplay.snapshot().invites)[1]
    assert invite is not None and "&r=1.1." in invite
    stale = offer(bob) or offer(ann)
    assert stale is not None
    return Lost(ann, bob, ann.shown.meta.link_id, _fragment(invite),
                stale[1] if stale[0] == "Ann" else "")


def test_escrow_rides_on_the_seats_first_post_and_every_device_keeps_it(lost: Lost) -> None:
    record = read_record(lost.ann.store.storage, lost.game_id)
    assert record is not None
    posts = [read_post(text) for text in record.posts]
    assert [escrow_of(posts, 0), escrow_of(posts, 1)] == [escrow("ann"), escrow("bob")]
    assert [p.escrow is not None for p in posts].count(True) == 2  # the first posts only


def test_escrow_a_new_device_takes_a_lost_seat_back_and_plays_on(lost: Lost) -> None:
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": lost.invite})
    assert new.sealed.recovering() == (1, True, False)
    assert new.linkplay.snapshot().uninvited == ()
    new.handle("choose_seat", {"seat": 1, "seed": BOB_SEED.hex()})
    assert new.shown.meta.seat == 1 and new.shown.notice is None, new.shown.notice
    assert new.shown.info == t("sealed.recovered", name="Bob")
    play_own(new)
    made = offer(new)
    assert made is not None and made[0] == "Ann"
    storage = MemoryStorage()
    storage.data.update(lost.ann.store.storage.data)  # (Ann's device as it was: the
    ann = device(storage, salt=1, key=11)  # fixture's is shared by the tests)
    ann.handle("continue", {"save": "link-" + lost.game_id})
    held = len(history(ann))
    ann.handle("open_link", {"text": "#" + made[1]})
    assert ann.shown.notice is None, ann.shown.notice
    assert len(history(ann)) > held  # the new device's moves, taken
    keys = [linkseals.read_seats(app.store.storage, lost.game_id).keys.get(1)
            for app in (ann, new, lost.old_bob)]
    assert keys[0] == keys[1] != keys[2]  # Bob's seat now under the new device's key


def test_escrow_a_seed_that_does_not_make_the_seats_posts_is_refused(lost: Lost) -> None:
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": lost.invite})
    new.handle("choose_seat", {"seat": 1, "seed": bytes(32).hex()})  # a junk escrow's seed
    assert new.shown.meta.seat == -1
    assert new.shown.notice == t("sealed.escrow_wrong", name="Bob")
    assert new.store.storage.get(RECORD_PREFIX + lost.game_id) is None


def test_escrow_a_wrong_passphrase_takes_nothing(lost: Lost) -> None:
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": lost.invite})
    new.handle("seat_refused", {"why": "escrow_passphrase"})  # the page's keys refused
    assert new.shown.notice == t("sealed.escrow_passphrase")
    assert new.shown.meta.seat == -1 and new.sealed.recovering() == (1, True, False)


def _with_posts(invite: str, change: object) -> str:
    head, params = links.split_params(invite)
    link = sealedlinks.decode(head)
    posts = [change(post) for post in link.posts]  # type: ignore[operator]
    text = sealedlinks.encode(link.game_id, posts, link.first, link.options)
    return _joined(text, params)


def _joined(head: str, params: dict[str, str]) -> str:
    return head + "".join(f"&{key}={value}" for key, value in params.items())


def test_escrow_changed_in_a_link_is_refused_naming_the_seat(lost: Lost) -> None:
    changed = _with_posts(lost.invite, lambda p: replace(p, escrow=escrow("evil"))
                          if p.escrow == escrow("bob") else p)
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": changed})
    assert new.sealed.recovering() is None and new.shown.game is None
    assert new.shown.notice == t("linkplay.fork_reinvite", name="Bob")


def test_escrow_a_re_invitation_not_signed_by_the_creator_is_refused(lost: Lost) -> None:
    head, params = links.split_params(lost.invite)
    again = params["r"].split(".")
    again[-1] = again[-1][::-1]  # the signature changed
    forged = _joined(head, {**params, "r": ".".join(again)})
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": forged})
    assert new.sealed.recovering() is None and new.shown.game is None
    assert new.shown.notice == t("linkplay.fork_reinvite", name="Bob")


def test_escrow_the_lost_devices_later_link_is_refused(lost: Lost) -> None:
    if not lost.stale:
        pytest.skip("the old device had no link for Ann")
    lost.ann.handle("open_link", {"text": "#" + lost.stale})
    assert "Bob" in (lost.ann.shown.notice or "")


def test_escrow_a_seat_without_one_is_not_invited_again() -> None:
    ann, bob = device(salt=1, key=11), device(salt=2, key=22)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    apps, sender = {"Ann": ann, "Bob": bob}, "Ann"
    for _ in range(3):
        sender = _relay(apps[sender], apps)
        if apps[sender].shown.meta.seat < 0:
            apps[sender].handle("choose_seat", {"seat": NAMES.index(sender)})
    assert ann.sealed.escrowed() == ()
    assert ann.linkplay.snapshot().reinvite == ()
    assert linkseals.read_seats(ann.store.storage, ann.shown.meta.link_id).begin is not None


def test_escrow_on_a_seats_later_post_is_refused_naming_the_seat(lost: Lost) -> None:
    """An escrow only rides on a seat's first post: one on a later post (a flood of them,
    or a second escrow to confuse a new device) is a post the game did not ask for."""
    from tm.linkplay import sealedshape
    posts = list(sealedlinks.decode(links.split_params(lost.invite)[0]).posts)
    later = next(i for i, p in enumerate(posts) if p.seat == 1 and p.escrow is None)
    sealedshape.check(posts[:later], [posts[later]], 2, 0, NAMES)  # (as it was: taken)
    with pytest.raises(links.LinkError, match="Bob"):
        sealedshape.check(posts[:later], [replace(posts[later], escrow=escrow("again"))], 2,
                          0, NAMES)


def test_escrow_corpus_a_format_2_re_invitation_still_takes_the_seat_back() -> None:
    from pathlib import Path
    corpus = json.loads((Path(__file__).parents[1] / "corpus" / "sealed3" / "escrow.json")
                        .read_text())
    head = links.split_params(corpus["invite"])[0]
    assert sealedlinks.decode(head).posts[0].escrow is not None
    new = device(salt=9, key=99)
    new.handle("open_link", {"text": corpus["invite"]})
    assert new.sealed.recovering() == (1, True, False), new.shown.notice
    new.handle("choose_seat", {"seat": 1, "seed": corpus["bob_seed"]})
    assert new.shown.meta.seat == 1 and new.shown.notice is None, new.shown.notice
