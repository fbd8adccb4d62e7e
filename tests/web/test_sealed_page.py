"""Sealed games in the page, driven in CPython (issue 32): two devices (two Apps, each
with its own store) play a game with secret hands by links to the end and both audits
pass; a link that shows a card its seat did not draw is refused with a notice naming the
seat; a forged seed fails the audit with its notice; a device rebuilds its game from its
record; what a device stores and sends names no card of the other's hand."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from tests.kits.clicks import Taste
from tests.kits.games import form_fields
from tests.kits.keys import TestSigner
from tests.web.clickkit import Device, click, drawn, play_table
from tm.core import sealed
from tm.fairdeck.wire import SeedReveal, Show, Turn, encode
from tm.linkplay import sealedlinks
from tm.linkplay.sealedplay import Post, read_post
from tm.web import linkseals
from tm.web.app import App
from tm.web.i18n import t
from tm.web.saves import MemoryStorage
from tm.web.sealedgame import RECORD_PREFIX, SealedPlay, read_record, signed_moves

NAMES = ["Ann", "Bob"]


def _app(storage: MemoryStorage | None = None, salt: int = 0) -> App:
    app = App(storage or MemoryStorage(), clock=lambda: 1.8e12, base_url="https://tm.example/")
    draws = random.Random(f"device {salt}")
    app.entropy = draws.randbytes
    return app


@dataclass
class Played:
    """A sealed game played to the end by two devices: each App, every link sent (the
    sender, the recipient, the text), and Ann's store just before a mid-game link."""
    apps: dict[str, App]
    sent: list[tuple[str, str, str]]
    ann_before: dict[str, str]
    mid_link: str
    devices: dict[str, Device]


def _send(app: App) -> tuple[str, str] | None:
    sealed_shown = app.screen_model().linkplay.sealed
    assert sealed_shown is not None
    if sealed_shown.send_to is None or sealed_shown.link is None:
        return None
    assert "&k=" in sealed_shown.link and "&s=" in sealed_shown.link  # keys, signatures
    return sealed_shown.send_to, sealed_shown.link.split("#", 1)[1]


def _audited(app: App) -> None:
    """The audit of the finished game on screen, as the page runs it: the drawing first
    says it is checking (the audit takes seconds), then the page sends "sealed_audit"."""
    shown = app.screen_model().linkplay.sealed
    assert shown is not None and shown.over and shown.checking and shown.audit is None
    assert 'data-audit="checking"' in str(app.render())
    assert app.sealed.audit_due()
    app.handle("sealed_audit", {})
    assert not app.sealed.audit_due()


@pytest.fixture(scope="module")
def played() -> Played:
    return _play_by_links({})


def _play_by_links(extra: dict[str, str]) -> Played:
    """Ann and Bob play a sealed game (the form's fields plus ``extra``) by links, every
    answer a click on a control the page drew, every link the one its field shows."""
    ann, bob = _app(salt=1), _app(salt=2)
    ann.linkplay.state.signer, bob.linkplay.state.signer = TestSigner(11), TestSigner(22)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on",
                            **extra})
    assert ann.shown.game is not None and ann.shown.game.state.options.sealed
    click(ann, next(c for c in drawn(ann)[0] if c.action == "choose_seat"
                    and c.data["seat"] == "0"))
    devices = {name: Device(app, name, Taste(keep_plants=True))  # (to reach the last greenery)
               for name, app in (("Ann", ann), ("Bob", bob))}
    kept: dict[str, Any] = {"ann_before": {}, "mid_link": ""}

    def before(device: Device, link: str) -> None:
        assert "&k=" in link and "&s=" in link  # keys, signatures
        if device.name == "Ann" and not kept["mid_link"] \
                and ann.shown.game.state.generation >= 3:  # type: ignore[union-attr]
            kept["ann_before"] = dict(ann.store.storage.data)  # type: ignore[attr-defined]
            kept["mid_link"] = link.split("#", 1)[1]

    sent = [(sender, to, link.split("#", 1)[1])
            for sender, to, link in play_table(devices, "Ann", before)]
    return Played({"Ann": ann, "Bob": bob}, sent, kept["ann_before"], kept["mid_link"],
                  devices)


def test_two_devices_play_a_sealed_game_by_links_to_the_end_and_both_audits_pass(
        played: Played) -> None:
    ann, bob = played.apps["Ann"], played.apps["Bob"]
    assert ann.shown.game is not None and bob.shown.game is not None
    assert ann.shown.game.is_over and bob.shown.game.is_over
    assert ann.shown.game.digest() == bob.shown.game.digest()
    for app in (ann, bob):
        _audited(app)
        shown = app.screen_model().linkplay.sealed
        assert shown is not None and shown.audit == () and not shown.checking
        assert 'data-audit="passed"' in str(app.render())
        record = read_record(app.store.storage, app.sealed.active().game_id)  # type: ignore[union-attr, arg-type]
        assert record is not None and record.audit == []  # kept: not run again on reopening
    typical = sorted(len(text) for _s, _r, text in played.sent)[len(played.sent) // 2]
    assert typical < 4000  # a typical turn's link fits a chat message


def test_a_sealed_game_shows_each_device_only_its_own_hand_and_links_name_no_hidden_card(
        played: Played) -> None:
    ann = played.apps["Ann"]
    game = ann.shown.game
    assert game is not None
    shown_names = {name for _d, _p, name, _s in game.state.sealed["shown"]}
    for _sender, _to, text in played.sent:
        for post in sealedlinks.decode(text.split("&")[0]).posts:
            move_text = str(post.move)
            # a move carries tokens for cards: no card's name but those shown to all
            for token in ("'card': '", "'corporation': '"):
                for part in move_text.split(token)[1:]:
                    value = part.split("'", 1)[0]
                    assert sealed.is_token(value) or value in shown_names, value


def test_a_link_showing_a_card_its_seat_did_not_draw_is_refused_naming_the_seat(
        played: Played) -> None:
    copy = _app(MemoryStorage(), salt=9)
    copy.store.storage.data.update(played.ann_before)  # type: ignore[attr-defined]
    record = read_record(copy.store.storage, _game_id(played.mid_link))
    assert record is not None
    bob_store = played.apps["Bob"].store.storage
    bob_record = read_record(bob_store, _game_id(played.mid_link))
    assert bob_record is not None
    link = sealedlinks.decode(played.mid_link.split("&")[0])
    options = played.apps["Bob"].shown.game.state.options  # type: ignore[union-attr]
    bob = SealedPlay.restore(options, link.game_id, bob_record)
    stolen = next(position for position in bob.seat.piles()["project"].drawn_by(0)
                  if not bob.seat.device.is_shown("project", position))  # in Ann's hand
    part = bob.seat.device._decks["project"].keys.part(stolen)  # noqa: SLF001 - forging
    forged = Post(1, None, encode(Turn(1, 2, (), (Show("project", stolen, part),))))
    text = sealedlinks.encode(link.game_id, [*link.posts, forged], link.first, link.options)
    history = [read_post(p) for p in bob_record.posts[:link.first]] + [*link.posts, forged]
    text = linkseals.sealed(text, MemoryStorage(), link.game_id, 1, signed_moves(history),
                            TestSigner(22)).fragment  # Bob's own device signs its lie
    copy.handle("continue", {"save": "link-" + link.game_id})
    before = copy.shown.game.digest()  # type: ignore[union-attr]
    copy.handle("open_link", {"text": "#" + text})
    assert copy.shown.notice == t("sealed.caught", name="Bob", what=t("sealed.why.not_drawn"))
    assert copy.shown.game is not None and copy.shown.game.digest() == before
    kept = read_record(copy.store.storage, link.game_id)
    assert kept is not None and kept.posts == record.posts  # nothing of it was kept
    copy.handle("open_link", {"text": "#" + played.mid_link})  # the honest link opens
    assert copy.shown.notice is None and len(copy.sealed.active().history) > len(record.posts)


def test_a_forged_seed_fails_the_audit_with_its_notice(played: Played) -> None:
    to, last = next((to, text) for sender, to, text in played.sent if sender == "Bob"
                    and any(p.seat == 1 and isinstance(_message(p), SeedReveal)
                            for p in sealedlinks.decode(text.split("&")[0]).posts))
    link = sealedlinks.decode(last.split("&")[0])
    posts = [Post(p.seat, p.move, encode(SeedReveal(p.seat, bytes(32))))
             if p.seat == 1 and isinstance(_message(p), SeedReveal) else p for p in link.posts]
    assert posts != list(link.posts)
    recipient = played.apps[to]
    store = MemoryStorage()
    store.data.update({k: v for k, v in recipient.store.storage.data.items()  # type: ignore[attr-defined]
                       if not k.startswith(RECORD_PREFIX)})
    record = read_record(recipient.store.storage, link.game_id)
    assert record is not None
    held = record.posts[:link.first]
    record.posts, record.audit, record.sent = held, None, {}
    store.set(RECORD_PREFIX + link.game_id, record.to_text())
    copy = _app(store, salt=10)
    copy.handle("continue", {"save": "link-" + link.game_id})
    forged = sealedlinks.encode(link.game_id, posts, link.first, link.options)
    history = [read_post(text) for text in held] + posts  # Bob's device signs its lie
    forged = linkseals.sealed(forged, MemoryStorage(), link.game_id, 1,
                              signed_moves(history), TestSigner(22)).fragment
    copy.handle("open_link", {"text": "#" + forged})
    assert copy.shown.notice is None, copy.shown.notice
    _audited(copy)
    audit = copy.screen_model().linkplay.sealed.audit  # type: ignore[union-attr]
    # the audit fails and names Bob (whose keys do not follow from the seed revealed);
    # each finding is listed once
    assert audit and any(text.startswith("Bob:") for text in audit), audit
    assert len(set(audit)) == len(audit)
    assert 'data-audit="failed"' in str(copy.render())


def test_a_device_rebuilds_its_sealed_game_from_its_record(played: Played) -> None:
    bob = played.apps["Bob"]
    again = _app(bob.store.storage, salt=11)  # type: ignore[arg-type]
    save_id = bob.shown.save_id
    assert save_id is not None
    again.handle("continue", {"save": save_id})
    assert again.shown.game is not None and again.shown.notice is None
    assert again.shown.game.digest() == bob.shown.game.digest()  # type: ignore[union-attr]
    hand = again.shown.game.view(1)["you"]
    assert hand is not None


@pytest.fixture(scope="module")
def drafted() -> Played:
    return _play_by_links({"draft": "on"})


def test_a_sealed_game_with_the_draft_plays_to_the_end_by_clicks_and_both_audits_pass(
        drafted: Played) -> None:
    """Issue 49: each draft pick a click on a card its device reads (the hands passed to
    it included), both devices end equal and both audits pass."""
    ann, bob = drafted.apps["Ann"], drafted.apps["Bob"]
    assert ann.shown.game is not None and bob.shown.game is not None
    assert ann.shown.game.state.options.draft and ann.shown.game.is_over
    assert ann.shown.game.digest() == bob.shown.game.digest()
    for name, device in drafted.devices.items():
        assert any("draft" in step for step in device.clicked), name
    for app in (ann, bob):
        _audited(app)
        assert app.screen_model().linkplay.sealed.audit == ()  # type: ignore[union-attr]


def _game_id(text: str) -> str:
    return sealedlinks.decode(text.split("&")[0]).game_id


def _message(post: Post) -> Any:
    from tm.fairdeck.wire import decode
    return decode(post.message)


def test_a_long_sealed_link_saved_as_a_file_opens_by_import(played: Played) -> None:
    _sender, to, join = played.sent[0]
    assert to == "Bob" and len(join) > 4000  # the join: offered as a file too
    fresh = _app(salt=12)
    fresh.handle("import", {"text": "https://tm.example/#" + join + "\n"})
    assert fresh.shown.notice is None and fresh.shown.screen == "seat"
    assert fresh.linkplay.taken_seats() == (0,)
    fresh.handle("choose_seat", {"seat": 1})
    assert fresh.shown.screen == "game" and fresh.sealed.active() is not None


def test_a_sealed_link_whose_new_posts_their_seat_did_not_sign_is_refused(
        played: Played) -> None:
    copy = _app(MemoryStorage(), salt=13)
    copy.store.storage.data.update(played.ann_before)  # type: ignore[attr-defined]
    game_id = _game_id(played.mid_link)
    copy.handle("continue", {"save": "link-" + game_id})
    held = len(copy.sealed.active().history)  # type: ignore[union-attr]
    unsigned = played.mid_link.split("&s=")[0]  # Bob's posts, his signature taken off
    copy.handle("open_link", {"text": "#" + unsigned})
    assert copy.shown.notice is not None and "did not sign" in copy.shown.notice
    copy.handle("sealed", {})  # the page's keys answering later: the notice stays
    assert copy.shown.notice is not None and "did not sign" in copy.shown.notice
    assert len(copy.sealed.active().history) == held  # type: ignore[union-attr]
    copy.handle("open_link", {"text": "#" + played.mid_link})
    assert copy.shown.notice is None


# Every kind of decision of a sealed game with Prelude and Colonies, each answered by a
# click on the control the page drew: (kind, purpose, listed kind) as tests/kits/clicks.py
# names them.
SEALED_DECISIONS = {
    "setup": {("setup", "setup", "corporation"), ("setup", "setup", "keep"),
              ("setup", "setup", "pick"), ("setup", "setup", "done")},
    "prelude": {("card", "prelude_first", "card")},
    "research": {("cards", "buy_cards", "done")},
    "payment": {("action", "action", "play_card"), ("pay", "pay", "confirm")},
    "standard projects": {("action", "action", "asteroid"), ("action", "action", "aquifer"),
                          ("action", "action", "greenery_project")},
    "colonies": {("action", "action", "build_colony"), ("option", "build_colony", "option"),
                 ("action", "action", "trade")},
    "milestones and awards": {("action", "action", "claim_milestone"),
                              ("action", "action", "fund_award")},
    "tiles": {("space", "place", "space")},
    "the last greenery": {("option", "final_greenery", "option")},
}


@pytest.fixture(scope="module")
def with_expansions() -> Played:
    return _play_by_links({"colonies": "on", "prelude": "on"})


def test_a_sealed_game_with_colonies_and_prelude_plays_to_the_end_by_clicks(
        with_expansions: Played) -> None:
    ann, bob = with_expansions.apps["Ann"], with_expansions.apps["Bob"]
    assert ann.shown.game is not None and bob.shown.game is not None
    assert ann.shown.game.is_over and ann.shown.game.digest() == bob.shown.game.digest()
    assert ann.shown.game.state.options.expansions == bob.shown.game.state.options.expansions
    assert {"colonies", "prelude"} <= set(ann.shown.game.state.options.expansions)
    for app in (ann, bob):
        _audited(app)
        assert app.screen_model().linkplay.sealed.audit == ()  # type: ignore[union-attr]


@pytest.mark.parametrize("what", sorted(SEALED_DECISIONS))
def test_each_decision_of_a_sealed_game_is_answered_by_a_click(
        with_expansions: Played, what: str) -> None:
    clicked = {step for device in with_expansions.devices.values() for step in device.clicked}
    assert SEALED_DECISIONS[what] <= clicked, SEALED_DECISIONS[what] - clicked


def test_a_click_in_a_sealed_game_posts_tokens_and_no_label(with_expansions: Played) -> None:
    """The page drew each seat's cards by name; what it posted names them by token only,
    and carries no label (a label words a choice for one page)."""
    for _sender, _to, text in with_expansions.sent:
        for post in sealedlinks.decode(text.split("&")[0]).posts:
            assert post.move is None or "label" not in post.move, post.move


@pytest.mark.parametrize("text", ["#s=", "#s=AAAA", "#s=" + "A" * 5000, "#s=eNo&k=0.x",
                                  "s=!!!", "#s=eNoDAAAAAAE"])
def test_a_hostile_sealed_link_is_a_notice_never_a_crash(text: str) -> None:
    app = _app()
    app.handle("open_link", {"text": text})
    assert app.shown.notice is not None and app.shown.game is None


def test_a_damaged_record_of_a_sealed_game_is_a_notice(played: Played) -> None:
    bob = played.apps["Bob"]
    store = MemoryStorage()
    store.data.update(bob.store.storage.data)  # type: ignore[attr-defined]
    game_id = bob.shown.meta.link_id
    for damage in ("{", '{"seat": 1, "seed": "00", "posts": []}',
                   store.data[RECORD_PREFIX + game_id].replace('"posts":["', '"posts":["x')):
        store.data[RECORD_PREFIX + game_id] = damage
        app = _app(store, salt=14)
        app.handle("continue", {"save": "link-" + game_id})
        assert app.shown.notice == t("sealed.damaged")
        app.render()  # (the start screen, no fault)


def test_a_click_on_a_dealt_corporation_answers_it_by_its_token() -> None:
    """The page draws this seat's corporations by name; the click answers the engine's
    listed choice (its token), never the name (issue 43: "not dealt to you")."""
    ann, bob = _app(salt=3), _app(salt=4)
    ann.linkplay.state.signer, bob.linkplay.state.signer = TestSigner(11), TestSigner(22)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on"})
    click(ann, next(c for c in drawn(ann)[0] if c.action == "choose_seat"
                    and c.data["seat"] == "0"))
    devices = {"Ann": Device(ann, "Ann"), "Bob": Device(bob, "Bob")}
    sender = "Ann"
    while devices[sender].app.current() is None:  # the shuffle and the opening parts
        offer = devices[sender].offer()
        assert offer is not None
        devices[offer[0]].open(offer[1])
        sender = offer[0]
    app = devices[sender].app
    corporation = next(c for c in drawn(app)[0] if c.data.get("focus", "").startswith("corp:"))
    name = corporation.data["card"]
    assert not sealed.is_token(name)  # drawn by the name this device reads
    click(app, corporation)
    assert app.shown.notice is None
    decision = app.current()
    assert decision is not None
    chosen = decision[1].data["corporation"]
    assert sealed.is_token(chosen) and sealed.opened(app.shown.game.dealer, chosen) == name  # type: ignore[union-attr]
