"""Seats belong to invitations (issue 43), driven in CPython: the creator's device signs
the game's beginning and the id is bound to it; a seat's device key is taken only when its
own invitation introduced it; nobody without a seat's invitation takes the seat or moves
for it, nobody rewrites another seat's moves, no move passes unsigned, only low-S
signatures verify; the creator re-seats a lost device. A hostile device (a test double
that speaks the protocol) tries each attack: refused at arrival with a notice naming the
seat, nothing stored lost, the honest devices play on."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tests.kits.games import form_fields
from tests.web.webkit import fragment as _fragment
from tests.web.webkit import page_text as _page
from tests.web.webkit import play_own as _play_own
from tm.game import Game
from tm.linkplay import links, seatseals
from tm.linkplay.seatseals import Intro, Seals
from tm.persist import gameids, sigs
from tm.web import linkseals
from tm.web.app import App, finishing_choice
from tm.web.linkforks import saved_moves
from tm.web.saves import MemoryStorage

NOON = 1_796_126_400_000.0
NAMES = ["Ann", "Bob", "Carl"]


def _app(salt: int = 0) -> App:
    app = App(MemoryStorage(), clock=lambda: NOON, base_url="https://tm.example/")
    app.entropy = random.Random(f"device {salt}").randbytes
    return app


@dataclass
class Table:
    """Three devices of a 3-seat game by link, each with its own storage."""

    ann: App
    bob: App
    carl: App
    link_id: str
    carl_invite: str  # the invitation link Ann's device made for Carl

    def stored(self, app: App) -> dict[str, str]:
        return dict(app.store.storage.data)  # type: ignore[attr-defined]


def _table() -> Table:
    """Ann creates the game and takes seat 0; Bob takes his seat with the link Ann sends
    him (it carries his invitation); Carl's invitation is made but not opened yet."""
    ann, bob, carl = _app(1), _app(2), _app(3)
    ann.handle("new_game", {**form_fields(3, NAMES, 5), "by_link": "on"})
    link_id = ann.shown.meta.link_id
    assert gameids.is_bound(link_id)
    ann.handle("choose_seat", {"seat": 0})
    invites = dict(ann.linkplay.snapshot().invites)
    assert set(invites) == {1, 2}
    carl_invite = _fragment(invites[2])
    _play_own(ann)
    shown = ann.linkplay.snapshot()
    assert shown.send_to == "Bob"
    bob.handle("open_link", {"text": _fragment(shown.send_link)})
    shown = bob.linkplay.snapshot()
    assert bob.shown.screen == "seat" and shown.taken == (0,) and shown.uninvited == (2,)
    bob.handle("choose_seat", {"seat": 1})
    assert bob.shown.meta.seat == 1
    return Table(ann, bob, carl, link_id, carl_invite)


def _hostile_link(app: App, link_id: str, moves: list[Any], keys: dict[int, bytes],
                  signatures: list[sigs.SeatSignature], intros: dict[int, Intro],
                  params_from: str) -> str:
    """A link a hostile device makes: the game with ``moves``, its own choice of keys,
    signatures and intros, the beginning copied from an honest link."""
    assert app.shown.game is not None
    game = Game.new(app.shown.game.state.options)
    for player, response in moves:
        game.respond(player, response)
    begin = seatseals.read_seat_seals(links.split_params(params_from)[1]).begin
    fragment = links.with_params(links.encode(game), {"p": link_id})
    return seatseals.with_seals(fragment, keys, signatures, Seals(keys, signatures, intros, begin))


def _refused(app: App, link: str, kind: str, name: str) -> None:
    """The device refuses the link at arrival naming the seat; its storage unchanged."""
    before = dict(app.store.storage.data)  # type: ignore[attr-defined]
    app.handle("open_link", {"text": link})
    older = app.linkplay.state.older
    assert older is not None and older.fork == kind and older.player == name
    assert name in _page(app)
    assert dict(app.store.storage.data) == before  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the beginning
def test_link_seats_the_id_is_bound_to_the_signed_beginning() -> None:
    table = _table()
    seats = linkseals.read_seats(table.bob.store.storage, table.link_id)
    assert seats.begin is not None and table.bob.shown.game is not None
    options = table.bob.shown.game.state.options
    verifier = sigs.P256Verifier()
    assert gameids.beginning_fits(table.link_id, options, seats.begin, verifier)
    other = gameids.Beginning(seats.begin.creator, seats.begin.invitations[::-1],
                              seats.begin.signature)
    assert not gameids.beginning_fits(table.link_id, options, other, verifier)
    forged = gameids.begin(options, random.Random(9).randbytes)  # a beginning of its own
    assert not gameids.beginning_fits(table.link_id, options, forged.beginning, verifier)


def test_link_seats_each_invitation_carries_only_its_own_seat() -> None:
    table = _table()
    to_carl = seatseals.read_seat_seals(links.split_params(table.carl_invite)[1]).invite
    to_bob = seatseals.read_seat_seals(links.split_params(
        _fragment(table.ann.linkplay.snapshot().send_link))[1]).invite
    assert to_carl is not None and to_carl.seat == 2
    assert to_bob is not None and to_bob.seat == 1  # the game sent to Bob invites him
    assert table.bob.linkplay.snapshot().invites == ()  # only the creator invites
    _play_own(table.bob)
    assert "&i=" not in str(table.bob.linkplay.snapshot().send_link)
    table.ann.handle("open_link", {"text": _fragment(table.bob.linkplay.snapshot().send_link)})
    assert [seat for seat, _ in table.ann.linkplay.snapshot().invites] == [2]  # Bob is in


def test_link_seats_a_device_without_an_invitation_cannot_take_a_seat() -> None:
    table = _table()
    _play_own(table.bob)
    eve = _app(6)  # she got Bob's link to Carl on its way (it invites nobody)
    eve.handle("open_link", {"text": _fragment(table.bob.linkplay.snapshot().send_link)})
    assert eve.shown.screen == "seat"
    shown = eve.linkplay.snapshot()
    assert shown.taken == (0, 1) and shown.uninvited == (2,)
    page = _page(eve)
    assert "Carl (invitation needed)" in page and "I am Carl" not in page
    eve.handle("choose_seat", {"seat": 2})
    assert eve.shown.meta.seat == -1
    assert "no invitation for Carl's seat" in _page(eve)


# ---------------------------------------------------------------- a hostile device
def test_link_seats_a_hijack_before_the_owner_joins_is_refused() -> None:
    """Bob answers Carl's setup and announces a key of his own for Carl's seat, its intro
    signed by Bob's own invitation (he lacks Carl's): Ann's device refuses it naming Carl;
    Carl, who holds his invitation, takes his seat and plays."""
    table = _table()
    _play_own(table.bob)
    honest = _fragment(table.bob.linkplay.snapshot().send_link)
    table.ann.handle("open_link", {"text": honest})
    _play_own(table.ann)
    game = table.ann.shown.game
    assert game is not None
    moves = saved_moves(game)
    forger = Game.new(game.state.options)
    for player, response in moves:
        forger.respond(player, response)
    while forger.pending and forger.pending[0][0] == 2:  # Carl's setup, answered by Bob
        forger.respond(2, finishing_choice(forger.pending[0][1]))
    forged_moves = saved_moves(forger)
    bob_seats = linkseals.read_seats(table.bob.store.storage, table.link_id)
    bob_key = sigs.SoftKey(bob_seats.soft or b"")
    bob_invite = sigs.SoftKey(bob_seats.invites[1][1]) if 1 in bob_seats.invites else bob_key
    intro = Intro(0, bob_invite.sign(sigs.intro_message(table.link_id, 2, 0, bob_key.public)))
    keys = {**bob_seats.keys, 2: bob_key.public}
    carl_sig = sigs.SeatSignature(2, len(forged_moves), bob_key.sign(
        sigs.batch_message(table.link_id, 2, forged_moves)))
    kept = linkseals.read_seats(table.ann.store.storage, table.link_id).kept
    forged = _hostile_link(table.ann, table.link_id, forged_moves, keys,
                           [kept[0], kept[1], carl_sig],
                           {**bob_seats.intros, 2: intro}, honest)
    _refused(table.ann, forged, "seat_key", "Carl")
    assert "takes Carl's seat with another device's key" in _page(table.ann)
    table.ann.handle("older_newer", {})  # Ann keeps her game
    table.carl.handle("open_link", {"text": table.carl_invite})
    assert table.carl.linkplay.snapshot().taken == (0,)  # Bob's claim pinned nowhere
    to_carl = _fragment(table.ann.linkplay.snapshot().send_link)
    table.carl.handle("open_link", {"text": to_carl})
    page = _page(table.carl)
    assert "I am Carl" in page and "Carl (on another device)" not in page
    table.carl.handle("choose_seat", {"seat": 2})
    _play_own(table.carl)
    table.ann.handle("open_link", {"text": _fragment(table.carl.linkplay.snapshot().send_link)})
    assert table.ann.linkplay.state.older is None and table.ann.shown.notice is None


def test_link_seats_a_move_for_another_seat_is_refused() -> None:
    """Bob's device makes Ann's next move and signs it with Bob's key as Ann's seat."""
    table = _table()
    _play_own(table.bob)
    honest = _fragment(table.bob.linkplay.snapshot().send_link)
    table.ann.handle("open_link", {"text": honest})
    game = table.bob.shown.game
    assert game is not None
    forger = Game.new(game.state.options)
    for player, response in game.moves:
        forger.respond(player, response)
    other = forger.pending[0][0]  # Carl's setup: his seat not taken yet
    assert other == 2
    forger.respond(other, finishing_choice(forger.pending[0][1]))
    moves = saved_moves(forger)
    seats = linkseals.read_seats(table.bob.store.storage, table.link_id)
    bob_key = sigs.SoftKey(seats.soft or b"")
    as_carl = sigs.SeatSignature(2, len(moves), bob_key.sign(
        sigs.batch_message(table.link_id, 2, moves)))
    forged = _hostile_link(table.bob, table.link_id, moves, seats.keys,
                           [seats.kept[0], seats.kept[1], as_carl], seats.intros, honest)
    _refused(table.ann, forged, "unsigned", "Carl")
    assert "moves for Carl (from move" in _page(table.ann)


def test_link_seats_a_relay_cannot_rewrite_the_creators_moves_for_a_newcomer() -> None:
    """A relay gives Carl (who holds only his invitation) the game with Ann's move 1
    answered otherwise, under a fake key for Ann: refused naming Ann; Ann's genuine link
    then opens as the game, not as a fork."""
    table = _table()
    game = table.bob.shown.game
    assert game is not None
    moves = saved_moves(game)
    forger = Game.new(game.state.options)
    prompt = dict(forger.pending)[0]
    other = next(c.response for c in prompt.choices() if c.response != moves[0][1])
    forger.respond(0, other)
    for player, response in moves[1:]:
        try:
            forger.respond(player, response)
        except Exception:
            break
    forged_moves = saved_moves(forger)
    fake = sigs.SoftKey(bytes(range(32)))
    fake_intro = Intro(0, fake.sign(sigs.intro_message(table.link_id, 0, 0, fake.public)))
    signature = sigs.SeatSignature(0, len(forged_moves), fake.sign(
        sigs.batch_message(table.link_id, 0, forged_moves)))
    honest = _fragment(table.ann.linkplay.snapshot().send_link)
    forged = _hostile_link(table.bob, table.link_id, forged_moves, {0: fake.public},
                           [signature], {0: fake_intro}, honest)
    carl = table.carl
    carl.handle("open_link", {"text": table.carl_invite})
    _refused(carl, forged, "seat_key", "Ann")
    carl.handle("older_copy", {})
    carl.handle("menu", {})
    carl.handle("open_link", {"text": honest})  # Ann's genuine link
    assert carl.linkplay.state.older is None and carl.shown.screen == "seat"
    assert "changes Ann's move" not in _page(carl)


def test_link_seats_a_high_s_signature_is_refused() -> None:
    table = _table()
    _play_own(table.bob)
    link = _fragment(table.bob.linkplay.snapshot().send_link)
    head, params = links.split_params(link)
    seals = seatseals.read_seat_seals(params)
    twin = [sigs.SeatSignature(s.seat, s.upto, s.signature[:32] + (sigs.N - int.from_bytes(
        s.signature[32:], "big")).to_bytes(32, "big")) if s.seat == 1 else s
        for s in seals.signatures]
    assert sigs.low_s(twin[1].signature) == seals.signatures[1].signature
    forged = seatseals.with_seals(links.with_params(head, {"p": table.link_id}), seals.keys, twin,
                              Seals(seals.keys, twin, seals.intros, seals.begin))
    _refused(table.ann, forged, "unsigned", "Bob")
    table.ann.handle("older_newer", {})
    table.ann.handle("open_link", {"text": link})  # the low-S original opens
    assert table.ann.linkplay.state.older is None and table.ann.shown.screen == "game"


def test_link_seats_a_beginning_that_does_not_fit_the_id_opens_nothing() -> None:
    table = _table()
    honest = _fragment(table.ann.linkplay.snapshot().send_link)
    assert table.ann.shown.game is not None
    forged_begin = gameids.begin(table.ann.shown.game.state.options,
                                 random.Random(4).randbytes).beginning
    head, params = links.split_params(honest)
    seals = seatseals.read_seat_seals(params)
    forged = seatseals.with_seals(links.with_params(head, {"p": table.link_id}), seals.keys,
                              seals.signatures, Seals(seals.keys, seals.signatures,
                                                      seals.intros, forged_begin))
    eve = _app(7)
    eve.handle("open_link", {"text": forged})
    assert eve.shown.from_link and eve.shown.save_id is None
    assert "it was changed on the way" in _page(eve)
    assert not [k for k in eve.store.storage.names() if table.link_id in k]


# ---------------------------------------------------------------- a lost device
def _round(devices: dict[int, App], until_generation: int = 99,
           stop: tuple[int, int] | None = None) -> str | None:
    """The devices play on, each sending the game to the seat it names (each link once),
    until the generation is reached, or until seat ``stop[0]`` has a link for seat
    ``stop[1]`` (returned, not sent); every link opens on its recipient's device."""
    delivered: set[str] = set()
    for _ in range(300):
        for seat, device in devices.items():
            _play_own(device)
            shown = device.linkplay.snapshot()
            if shown.send_to is None or shown.send_link is None or \
                    shown.send_link in delivered:
                continue
            to = NAMES.index(shown.send_to)
            if stop == (seat, to):
                return shown.send_link
            delivered.add(shown.send_link)
            other = devices[to]
            other.handle("open_link", {"text": _fragment(shown.send_link)})
            assert other.linkplay.state.older is None and other.shown.screen == "game", \
                other.linkplay.state.older
        game = devices[0].shown.game
        assert game is not None
        if game.state.generation >= until_generation:
            return None
    raise AssertionError("the game did not get there")


def _seated_table() -> tuple[Table, dict[int, App]]:
    table = _table()
    table.carl.handle("open_link", {"text": table.carl_invite})
    assert table.carl.current() is None  # not his turn yet: the game comes to him
    table.carl.handle("choose_seat", {"seat": 2})
    return table, {0: table.ann, 1: table.bob, 2: table.carl}


def test_link_seats_an_invitation_before_its_turn_answers_nothing() -> None:
    table, devices = _seated_table()
    assert table.carl.shown.screen == "game" and table.carl.current() is None
    assert table.carl.linkplay.snapshot().send_to is None
    _round(devices, 2)  # and the game goes round without a fork


def test_link_seats_the_creator_invites_a_lost_device_again() -> None:
    table, devices = _seated_table()
    _round(devices, 2)
    # Bob's device is lost: Ann invites him again, on a new device
    assert table.ann.linkplay.snapshot().reinvite == (1, 2)
    table.ann.handle("invite_again", {"seat": 1})
    page = _page(table.ann)
    assert "Bob is invited again" in page and "Invitation for Bob" in page
    assert table.ann.linkplay.snapshot().reinvite == (2,)
    invite = dict(table.ann.linkplay.snapshot().invites)[1]
    assert invite is not None and "&i=1.1." in invite and "&r=1.1." in invite
    new_bob = _app(8)
    new_bob.handle("open_link", {"text": _fragment(invite)})
    assert new_bob.linkplay.snapshot().uninvited == ()  # only Bob's seat is free
    new_bob.handle("choose_seat", {"seat": 1})
    assert new_bob.shown.meta.seat == 1 and new_bob.shown.screen == "game"
    old_bob, devices[1] = table.bob, new_bob
    _round(devices, 3)  # the new device plays on with the others
    latest = _round(devices, stop=(0, 2))
    keys = [linkseals.read_seats(d.store.storage, table.link_id).keys[1]
            for d in (table.ann, table.carl, new_bob)]
    assert keys[0] == keys[1] == keys[2] != linkseals.read_seats(
        old_bob.store.storage, table.link_id).keys[1]
    # the old device, found again, opens a link that knows the re-invitation
    assert latest is not None
    old_bob.handle("open_link", {"text": _fragment(latest)})
    assert old_bob.shown.meta.seat == -1
    assert "this device no longer plays Bob" in _page(old_bob)


def test_link_seats_every_device_is_told_of_a_re_invitation() -> None:
    table, devices = _seated_table()
    _round(devices, 2)
    table.ann.handle("invite_again", {"seat": 2})
    link = _round(devices, stop=(0, 1)) or _round(devices, stop=(0, 2))
    assert link is not None
    table.bob.handle("open_link", {"text": _fragment(link)})
    assert "Carl now plays on a new device" in _page(table.bob)


def test_link_seats_a_re_invited_seats_old_device_is_refused() -> None:
    table, devices = _seated_table()
    _round(devices, 2)
    to_bob = _round(devices, stop=(0, 1))  # Ann's link to Bob, before she invites him again
    assert to_bob is not None
    table.ann.handle("invite_again", {"seat": 1})
    table.bob.handle("open_link", {"text": _fragment(to_bob)})
    _play_own(table.bob)  # the old device moves on
    stale = table.bob.linkplay.snapshot().send_link
    assert stale is not None
    _refused(table.ann, _fragment(stale), "unsigned", "Bob")


# ---------------------------------------------------------------- sealed games
def _sealed_join(forged_options: bool) -> tuple[str, str]:
    """Ann's sealed game's join link to Bob (its options changed on the way when
    ``forged_options``), and its game id."""
    ann = _app(1)
    ann.handle("new_game", {**form_fields(2, ["Ann", "Bob"], 5), "by_link": "on",
                            "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    shown = ann.screen_model().linkplay.sealed
    assert shown is not None and shown.link is not None
    link = _fragment(shown.link)
    if not forged_options:
        return link, ann.shown.meta.link_id
    return _with_other_options(link), ann.shown.meta.link_id


def _with_other_options(link: str) -> str:
    from dataclasses import replace

    from tm.linkplay import sealedlinks
    head, params = links.split_params(link)
    joined = sealedlinks.decode(head)
    assert joined.options is not None
    other = replace(joined.options, board="hellas")
    tail = link[len(head):]
    return sealedlinks.encode(joined.game_id, joined.posts, 0, other) + tail


def test_link_seats_a_sealed_join_takes_only_its_invited_seat() -> None:
    link, game_id = _sealed_join(False)
    assert gameids.is_bound(game_id) and "&i=1.0." in link
    bob = _app(2)
    bob.handle("open_link", {"text": link})
    assert bob.shown.screen == "seat" and bob.linkplay.snapshot().uninvited == ()
    assert bob.linkplay.snapshot().taken == (0,)
    bob.handle("choose_seat", {"seat": 1})
    assert bob.shown.meta.seat == 1 and bob.shown.notice is None


def test_link_seats_a_sealed_join_whose_options_do_not_fit_its_id_opens_nothing() -> None:
    link, game_id = _sealed_join(True)
    bob = _app(2)
    bob.handle("open_link", {"text": link})
    assert bob.shown.game is None and bob.shown.save_id is None
    assert "changed on the way" in _page(bob)
    assert not [k for k in bob.store.storage.names() if game_id in k]


def test_link_seats_a_sealed_join_made_before_whose_options_do_not_fit_opens_nothing() -> None:
    from tests.kits.corpus import recorded
    entry = recorded("seats0")[1]
    bob = _app(2)
    bob.handle("open_link", {"text": _with_other_options(entry["link"])})
    assert bob.shown.game is None and "changed on the way" in _page(bob)
    assert not [k for k in bob.store.storage.names() if entry["link_id"] in k]


def test_link_seats_three_devices_take_a_sealed_games_seats_by_their_invitations() -> None:
    """Carl takes his seat with the invitation Ann's page lists (Bob's link to him invites
    nobody); the three devices then shuffle and play the setup by links."""
    ann, bob, carl = _app(1), _app(2), _app(3)
    ann.handle("new_game", {**form_fields(3, NAMES, 5), "by_link": "on", "sealed": "on"})
    ann.handle("choose_seat", {"seat": 0})
    invite = dict(ann.linkplay.snapshot().invites)[2]
    carl.handle("open_link", {"text": _fragment(invite)})
    assert carl.linkplay.snapshot().uninvited == (1,)
    carl.handle("choose_seat", {"seat": 2})
    assert carl.shown.meta.seat == 2 and carl.shown.notice is None
    devices = {"Ann": ann, "Bob": bob, "Carl": carl}
    sender = "Ann"
    for _ in range(60):
        for _ in range(400):
            if devices[sender].current() is None:
                break
            devices[sender].handle("answer_bot", {})
        shown = devices[sender].screen_model().linkplay.sealed
        assert shown is not None
        if shown.send_to is None or shown.link is None:
            break
        to = devices[shown.send_to]
        to.handle("open_link", {"text": _fragment(shown.link)})
        assert to.shown.notice is None, (shown.send_to, to.shown.notice)
        if to.shown.meta.seat < 0:
            to.handle("choose_seat", {"seat": NAMES.index(shown.send_to)})
            assert to.shown.meta.seat == NAMES.index(shown.send_to)
        game = ann.shown.game
        assert game is not None
        if game.state.phase == "action" and game.state.generation >= 1 and all(
                d.sealed.active() is not None for d in devices.values()):
            break
        sender = shown.send_to
    assert all(d.shown.meta.seat == i for i, d in enumerate(devices.values()))
    assert ann.shown.game is not None and ann.shown.game.state.phase == "action"
