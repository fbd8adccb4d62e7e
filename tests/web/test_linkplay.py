"""Play by link (each player on their own device) and the daily challenge in the page,
driven in CPython: link parameters, seats, sending, older links, daily results."""
from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from typing import Any

import pytest

from tests.kits.corpus import recorded
from tests.kits.games import form_fields
from tests.kits.keys import TestKey, TestSigner
from tm import daily
from tm.core.errors import SaveError
from tm.core.state import Options
from tm.game import Game
from tm.linkplay import links, seatseals
from tm.persist import gameids, sigs
from tm.web import linkseals
from tm.web.app import App
from tm.web.app_lang import switch
from tm.web.i18n import t
from tm.web.saves import MemoryStorage, SaveMeta, entry_text, parse_entry

DEC_1_2026 = 1_796_126_400_000.0  # 2026-12-01 12:00 UTC, in ms


def _app(clock: float = DEC_1_2026) -> App:
    return App(MemoryStorage(), clock=lambda: clock, base_url="https://tm.example/")


def _fragment(url: str) -> str:
    return url.split("#", 1)[1]


def _play_own(app: App) -> None:
    """Answer this device's decisions until the next one is another seat's."""
    while app.current() is not None:
        app.handle("answer_first", {})


def _by_link_game(draft: bool = False) -> App:
    app = _app()
    fields = form_fields(2, ["Ann", "Bob"], 5)
    app.handle("new_game", {**fields, "by_link": "on", **({"draft": "on"} if draft else {})})
    return app


# ---------------------------------------------------------------- link parameters
def test_link_parameters_do_not_change_the_game() -> None:
    game = Game.new(Options(players=2, seed=3))
    game.respond(*_first_move(game))
    fragment = links.encode(game)
    with_id = links.with_params(fragment, {"p": "abc123", "d": "2026-12-01"})
    assert links.split_params(with_id) == (fragment, {"p": "abc123", "d": "2026-12-01"})
    assert links.decode(with_id).moves == game.moves
    # unknown keys and odd values are left out, never an error
    assert links.split_params(fragment + "&x=1&p=a<b")[1] == {}
    assert links.decode(fragment + "&x=1&p=a<b").moves == game.moves
    with pytest.raises(ValueError):
        links.with_params(fragment, {"p": "not ok"})


def _first_move(game: Game) -> tuple[int, dict[str, Any]]:
    from tm.web.app import finishing_choice
    player, prompt = game.pending[0]
    return player, finishing_choice(prompt)


def test_link_game_id_depends_on_the_salt() -> None:
    options = Options(players=2, seed=3)
    first, second = gameids.game_id(options, "a"), gameids.game_id(options, "b")
    assert first != second and len(first) == 24 and first.isalnum()
    assert gameids.game_id(options, "a") == first


def test_link_game_id_is_bound_to_the_options_and_seed() -> None:
    options = Options(players=2, seed=3)
    made = gameids.game_id(options, "a")
    assert gameids.id_fits(made, options) is True
    assert gameids.id_fits(made, replace(options, seed=4)) is False
    assert gameids.id_fits(made, replace(options, board="hellas")) is False
    assert gameids.id_fits("nlh2i66w6plpr645", options) is None  # an id made before binding


def test_link_play_a_first_link_whose_deal_is_not_its_ids_opens_as_a_copy() -> None:
    ann = _by_link_game()
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    assert ann.shown.game is not None
    link_id = ann.shown.meta.link_id
    options = ann.shown.game.state.options
    carl = _app()
    carl.handle("open_link", {"text": _forged([], replace(options, seed=options.seed + 1),
                                              link_id)})
    assert carl.shown.from_link and carl.shown.save_id is None  # a copy, as any link
    assert "it was changed on the way" in html.unescape(carl.render()["app"])
    assert not [k for k in carl.store.storage.names() if link_id in k]


# ---------------------------------------------------------------- seats and sending
def test_link_play_asks_the_seat_before_showing_a_hand() -> None:
    app = _by_link_game()
    assert app.shown.screen == "seat" and app.current() is None
    html = app.render()["app"]
    assert "I am Ann" in html and "I am Bob" in html and "setup-cards" not in html
    app.handle("choose_seat", {"seat": 0})
    assert app.shown.screen == "game" and app.shown.viewer == 0
    assert app.current() is not None and app.current()[0] == 0
    stored = app.store.raw(str(app.shown.save_id))
    assert stored is not None and parse_entry(stored)[0].seat == 0


def test_link_play_answers_only_its_own_seat_and_offers_sending() -> None:
    app = _by_link_game()
    app.handle("choose_seat", {"seat": 0})
    _play_own(app)  # Ann's setup done; Bob's is pending on his device
    assert app.current() is None and app.shown.screen == "game"
    shown = app.linkplay.snapshot()
    assert shown.send_to == "Bob" and shown.send_link is not None
    assert "&p=" + app.shown.meta.link_id in shown.send_link
    html = app.render()["app"]
    assert "Send to Bob" in html and "holds the whole game" in html
    before = len(app.shown.game.moves) if app.shown.game else 0
    app.handle("answer_first", {})  # the test hook cannot answer Bob here
    assert app.shown.game is not None and len(app.shown.game.moves) == before


@pytest.mark.parametrize("draft", [False, True])
def test_link_play_two_devices_reach_the_third_generation(draft: bool) -> None:
    ann = _by_link_game(draft)
    assert ann.shown.game is not None and ann.shown.game.state.options.draft == draft
    ann.handle("choose_seat", {"seat": 0})
    bob = _app()
    devices = {0: ann, 1: bob}
    _play_own(ann)
    bob.handle("open_link", {"text": _fragment(str(ann.linkplay.snapshot().send_link))})
    assert bob.shown.screen == "seat" and bob.shown.save_id == ann.shown.save_id
    bob.handle("choose_seat", {"seat": 1})
    for _ in range(200):
        for seat, device in devices.items():
            _play_own(device)
            shown = device.linkplay.snapshot()
            if shown.send_to is not None and shown.send_link is not None:
                other = devices[1 - seat]
                other.handle("open_link", {"text": _fragment(shown.send_link)})
                assert other.shown.screen == "game" and other.shown.notice is None
                assert other.shown.game is not None and device.shown.game is not None
                assert other.shown.game.moves == device.shown.game.moves
                assert other.shown.viewer == 1 - seat
        assert ann.shown.game is not None
        if ann.shown.game.state.generation >= 3:
            break
    assert ann.shown.game is not None and ann.shown.game.state.generation >= 3
    # each device saved the game under the same id
    assert ann.store.raw(str(ann.shown.save_id)) and bob.store.raw(str(ann.shown.save_id))


def test_link_play_a_finished_game_is_sent_on_to_the_others() -> None:
    from tm.sim import play_random_game

    game = play_random_game(players=2, seed=1)
    assert game.is_over
    app = _app()
    app.handle("open_link", {"text": links.with_params(links.encode(game), {"p": "endgame1"})})
    app.handle("choose_seat", {"seat": 1})
    shown = app.linkplay.snapshot()
    assert shown.over and shown.send_to == game.state.players[0].name
    assert "final position" in app.render()["app"]


def test_link_play_undo_takes_back_only_this_seats_moves() -> None:
    ann = _by_link_game()
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    bob = _app()
    bob.handle("open_link", {"text": _fragment(str(ann.linkplay.snapshot().send_link))})
    bob.handle("choose_seat", {"seat": 1})
    assert not bob.share.can_undo()  # Ann's moves: hers, on her device


def test_link_play_an_older_link_offers_the_newer_game() -> None:
    ann = _by_link_game()
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    first_link = str(ann.linkplay.snapshot().send_link)
    bob = _app()
    bob.handle("open_link", {"text": _fragment(first_link)})
    bob.handle("choose_seat", {"seat": 1})
    _play_own(bob)
    assert bob.shown.game is not None
    moves = len(bob.shown.game.moves)
    bob.handle("menu", {})
    bob.handle("open_link", {"text": _fragment(first_link)})  # the old link again
    assert bob.shown.screen == "older"
    html = bob.render()["app"]
    assert "older than the game on this device" in html
    bob.handle("older_newer", {})
    assert bob.shown.screen == "game" and bob.shown.game is not None \
        and len(bob.shown.game.moves) == moves


# ---------------------------------------------------------------- forks kept apart
def _bob_playing(signed: bool = False) -> tuple[App, App, str]:
    """Ann's and Bob's devices after Ann's setup and Bob's: Bob's link to Ann is due (each
    device signing its links when ``signed``)."""
    ann = _by_link_game()
    bob = _app()
    if signed:
        ann.linkplay.state.signer, bob.linkplay.state.signer = TestSigner(11), TestSigner(22)
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    bob.handle("open_link", {"text": _fragment(str(ann.linkplay.snapshot().send_link))})
    bob.handle("choose_seat", {"seat": 1})
    _play_own(bob)
    ann.handle("open_link", {"text": _fragment(str(bob.linkplay.snapshot().send_link))})
    _play_own(ann)
    return ann, bob, ann.shown.meta.link_id


def _forged(moves: list[Any], options: Options, link_id: str) -> str:
    """A link of the given options and moves under a game's id."""
    game = Game.new(options)
    for player, response in moves:
        game.respond(player, response)
    return links.with_params(links.encode(game), {"p": link_id})


def _first_move_of(game: Game, player: int) -> dict[str, Any]:
    from tm.web.app import finishing_choice
    return finishing_choice(dict(game.pending)[player])


def _kept_apart(bob: App, link: str, words: str) -> None:
    """Bob's device shows the fork's notice over a copy and keeps its own game."""
    save_id = str(bob.shown.save_id)
    stored, moves = bob.store.raw(save_id), list(bob.shown.game.moves)  # type: ignore[union-attr]
    bob.handle("menu", {})
    bob.handle("open_link", {"text": link})
    assert bob.shown.screen == "older" and bob.linkplay.state.older is not None
    assert bob.linkplay.state.older.fork
    page = html.unescape(bob.render()["app"])
    assert "does not continue your game" in page and words in page
    assert bob.store.raw(save_id) == stored  # nothing written over the device's game
    bob.handle("older_newer", {})  # "Keep my game"
    assert bob.shown.screen == "game" and bob.shown.save_id == save_id
    assert bob.shown.game is not None and bob.shown.game.moves == moves


def test_link_play_a_link_making_moves_for_this_devices_seat_is_kept_apart() -> None:
    ann, bob, link_id = _bob_playing()
    assert ann.shown.game is not None and bob.shown.game is not None
    # Ann's device answers Bob's next decision itself (as a forger would)
    game = Game.new(ann.shown.game.state.options)
    for player, response in ann.shown.game.moves:
        game.respond(player, response)
    for _ in range(50):  # play every seat until a move of Bob's is in the link
        if not game.pending:
            break
        player, _ = game.pending[0]
        game.respond(player, _first_move_of(game, player))
        if player == 1:
            break
    link = links.with_params(links.encode(game), {"p": link_id})
    _kept_apart(bob, link, "makes moves for your seat (Bob, from move")


def test_link_play_a_link_rewriting_a_past_move_names_the_move_and_its_player() -> None:
    ann, bob, link_id = _bob_playing()
    assert bob.shown.game is not None
    moves = list(bob.shown.game.moves)
    options = bob.shown.game.state.options
    # Bob's first move of his setup answered otherwise (another corporation or cards)
    index = next(i for i, (p, _) in enumerate(moves) if p == 1)
    game = Game.new(options)
    for player, response in moves[:index]:
        game.respond(player, response)
    prompt = dict(game.pending)[1]
    other = next(c.response for c in prompt.choices() if c.response != moves[index][1])
    game.respond(1, other)
    link = links.with_params(links.encode(game), {"p": link_id})
    _kept_apart(bob, link, f"changes Bob's move {index + 1}")


@pytest.mark.parametrize("change", ["seed", "board"])
def test_link_play_another_game_under_the_same_id_is_kept_apart(change: str) -> None:
    ann, bob, link_id = _bob_playing()
    assert bob.shown.game is not None
    options = bob.shown.game.state.options
    other = replace(options, seed=options.seed + 1) if change == "seed" \
        else replace(options, board="hellas")
    words = "but another deal" if change == "seed" else "board, expansions or players differ"
    _kept_apart(bob, _forged([], other, link_id=link_id), words)


def test_link_play_an_honest_link_still_extends_the_game() -> None:
    ann, bob, _ = _bob_playing()
    link = ann.linkplay.snapshot().send_link
    assert link is not None and ann.shown.game is not None
    bob.handle("open_link", {"text": _fragment(link)})
    assert bob.shown.screen == "game" and bob.linkplay.state.older is None
    assert bob.shown.game is not None and bob.shown.game.moves == ann.shown.game.moves


# ---------------------------------------------------------------- seats owned by devices
def test_link_play_signed_links_announce_keys_and_play_on() -> None:
    ann, bob, link_id = _bob_playing(signed=True)
    link = str(ann.linkplay.snapshot().send_link)
    assert "&k=" in link and "&s=" in link and ann.linkplay.snapshot().signed
    assert "no other device can make Ann's moves" in html.unescape(ann.render()["app"])
    bob.handle("open_link", {"text": _fragment(link)})
    assert bob.shown.screen == "game" and bob.linkplay.state.older is None
    keys, kept = linkseals.read_record(bob.store.storage, link_id)
    assert keys == {0: TestKey(11).public, 1: TestKey(22).public} and set(kept) == {0, 1}


def _watcher(link: str) -> App:
    """A third device that opened a game's link once (its seats' keys pinned), no seat."""
    carl = _app()
    carl.handle("open_link", {"text": _fragment(link)})
    assert carl.shown.screen == "seat"
    return carl


def _with_bobs_move(ann: App, link_id: str, keys: dict[int, bytes]) -> str:
    """Ann's device makes Bob's next move and seals the link with Ann's signature only."""
    assert ann.shown.game is not None
    game = Game.new(ann.shown.game.state.options)
    for player, response in ann.shown.game.moves:
        game.respond(player, response)
    while game.pending and game.pending[0][0] != 1:
        game.respond(game.pending[0][0], _first_move_of(game, game.pending[0][0]))
    game.respond(1, _first_move_of(game, 1))
    moves = json.loads(json.dumps(game.moves))
    _, kept = linkseals.read_record(ann.store.storage, link_id)
    mine = sigs.SeatSignature(0, len(moves), sigs.low_s(TestKey(11).sign(
        sigs.batch_message(link_id, 0, moves))))
    fragment = links.with_params(links.encode(game), {"p": link_id})
    return seatseals.with_seals(fragment, keys, [kept[1], mine])


def test_link_play_a_move_not_signed_by_its_seats_key_is_kept_apart() -> None:
    ann, _, link_id = _bob_playing(signed=True)
    carl = _watcher(str(ann.linkplay.snapshot().send_link))
    keys, _ = linkseals.read_record(carl.store.storage, link_id)
    forged = _with_bobs_move(ann, link_id, keys)
    carl.handle("open_link", {"text": forged})
    older = carl.linkplay.state.older
    assert older is not None and older.fork == "unsigned" and older.player == "Bob"
    assert "that Bob's device did not sign" in html.unescape(carl.render()["app"])


def test_link_play_another_key_for_a_pinned_seat_is_kept_apart() -> None:
    ann, _, link_id = _bob_playing(signed=True)
    carl = _watcher(str(ann.linkplay.snapshot().send_link))
    keys, _ = linkseals.read_record(carl.store.storage, link_id)
    forged = _with_bobs_move(ann, link_id, {**keys, 1: TestKey(33).public})
    carl.handle("open_link", {"text": forged})
    older = carl.linkplay.state.older
    assert older is not None and older.fork == "seat_key" and older.player == "Bob"
    assert "takes Bob's seat with another device's key" in html.unescape(carl.render()["app"])


class LaterSigner(TestSigner):
    """A signer that answers later, as the page's WebCrypto does (tm.web.page_keys)."""

    __test__ = False

    def __init__(self, secret: int) -> None:
        super().__init__(secret)
        self.ready = False

    def public_key(self, link_id: str, seat: int) -> bytes:
        if not self.ready:
            raise linkseals.SealPending("key")
        return super().public_key(link_id, seat)


def test_link_play_the_link_to_send_waits_for_the_devices_signature() -> None:
    ann = _by_link_game()
    signer = LaterSigner(11)
    ann.linkplay.state.signer = signer
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    shown = ann.linkplay.snapshot()
    assert shown.send_link is None and shown.sealing and shown.send_to == "Bob"
    page = html.unescape(ann.render()["app"])
    assert "Signing the link with this device's key" in page and "send-link" not in page
    signer.ready = True
    ann.handle("sealed", {})
    link = ann.linkplay.snapshot().send_link
    assert link is not None and "&k=" in link and "&s=" in link
    assert not ann.linkplay.snapshot().sealing


def test_link_play_a_device_that_cannot_keep_page_keys_signs_with_a_stored_key() -> None:
    class NoKeys(TestSigner):
        __test__ = False

        def public_key(self, link_id: str, seat: int) -> None:  # type: ignore[override]
            return None

    ann = _by_link_game()
    ann.linkplay.state.signer = NoKeys(11)
    ann.handle("choose_seat", {"seat": 0})
    _play_own(ann)
    link = ann.linkplay.snapshot().send_link
    assert link is not None and "&k=" in link and ann.linkplay.snapshot().signed
    seats = linkseals.read_seats(ann.store.storage, ann.shown.meta.link_id)
    assert seats.soft is not None and seats.keys[0] == sigs.SoftKey(seats.soft).public
    bob = _app()
    bob.handle("open_link", {"text": _fragment(link)})
    assert bob.shown.screen == "seat" and bob.linkplay.state.older is None


def test_link_play_a_device_that_lost_its_seats_key_says_so() -> None:
    ann, _, link_id = _bob_playing(signed=True)
    ann.linkplay.state.signer = TestSigner(99)  # the browser's keys cleared: another key
    ann.linkplay.state.send_cache = None
    shown = ann.linkplay.snapshot()
    assert shown.key_lost and shown.send_link is not None
    assert "no longer holds the key it signed Ann's moves with" in html.unescape(
        ann.render()["app"])


def test_link_play_a_seat_another_device_signs_for_cannot_be_chosen() -> None:
    ann, _, link_id = _bob_playing(signed=True)
    carl = _watcher(str(ann.linkplay.snapshot().send_link))
    assert carl.linkplay.snapshot().taken == (0, 1)
    page = html.unescape(carl.render()["app"])
    assert "Ann (on another device)" in page and "Bob (on another device)" in page
    carl.handle("choose_seat", {"seat": 1})
    assert carl.shown.meta.seat == -1 and carl.shown.screen == "seat"
    assert "Bob plays on another device" in html.unescape(carl.render()["app"])


def test_link_play_no_move_passes_unsigned_in_a_game_bound_to_its_beginning() -> None:
    ann, bob, link_id = _bob_playing()
    link = _fragment(str(ann.linkplay.snapshot().send_link))
    game_part, params = links.split_params(link)
    stored = bob.store.raw(str(bob.shown.save_id))
    unsigned = links.with_params(game_part, {"p": link_id}) + "&b=" + params["b"] + \
        "&k=" + params["k"]  # Ann's key, but none of the seats' signatures
    bob.handle("open_link", {"text": unsigned})
    older = bob.linkplay.state.older
    assert older is not None and older.fork == "unsigned" and older.player == "Ann"
    assert bob.store.raw(str(ann.shown.save_id)) == stored
    bob.handle("open_link", {"text": link})  # the honest link opens
    assert bob.shown.screen == "game" and bob.linkplay.state.older is None


def test_link_play_a_recorded_sealed_link_opens_and_pins_its_seats_keys() -> None:
    entry = recorded("seals")[0]
    carl = _app()
    carl.handle("open_link", {"text": entry["link"]})
    assert carl.shown.screen == "seat" and carl.shown.game is not None
    assert len(carl.shown.game.moves) == entry["moves"]
    assert carl.shown.game.digest() == entry["digest"]
    keys, kept = linkseals.read_record(carl.store.storage, entry["link_id"])
    assert sorted(keys) == sorted(kept) == entry["seats"]
    # a reader of links without seals opens the same game from it
    game_part, params = links.split_params(entry["link"])
    assert links.decode(game_part).digest() == entry["digest"] and params["p"]


def test_link_play_meta_of_older_saves_still_reads() -> None:
    game = Game.new(Options(players=2, seed=1))
    entry = json.loads(entry_text(game, SaveMeta(names=["A", "B"])))
    for key in ("link_id", "seat", "daily"):
        del entry["meta"][key]
    meta, _ = parse_entry(json.dumps(entry))
    assert (meta.link_id, meta.seat, meta.daily) == ("", -1, "")
    entry["meta"]["seat"] = 9
    with pytest.raises(SaveError):
        parse_entry(json.dumps(entry))


# ---------------------------------------------------------------- daily challenge
def test_daily_start_screen_offers_todays_challenge() -> None:
    app = _app()
    html = app.render()["app"]
    assert "Daily challenge" in html and "2026-12-01" in html
    app.handle("daily", {})
    assert app.shown.game is not None and app.shown.save_id == "daily-2026-12-01"
    assert daily.is_challenge("2026-12-01", app.shown.game.state.options)


def test_daily_same_date_same_deal_and_future_refused() -> None:
    first, second = _app(), _app(DEC_1_2026 + 3_600_000)
    first.handle("daily", {"date": "2026-11-20"})
    second.handle("daily", {"date": "2026-11-20"})
    assert first.shown.game is not None and second.shown.game is not None
    assert first.shown.game.digest() == second.shown.game.digest()
    later = _app()
    later.handle("daily", {"date": "2026-12-02"})
    assert later.shown.game is None and later.shown.notice is not None


def _finished_challenge(date: str) -> App:
    app = _app()
    app.handle("daily", {"date": date})
    while app.shown.game is not None and not app.shown.game.is_over:
        app.handle("answer_first", {})
    assert app.shown.game is not None and not app.shown.game.winners()  # (first choices lose)
    return app


def test_daily_finish_records_history_and_result_link_replays_the_score() -> None:
    app = _finished_challenge("2026-11-27")
    shown = app.linkplay.snapshot()
    assert shown.lost and shown.score is None and shown.result_link is not None
    assert shown.history == (("2026-11-27", None, False),)
    assert "Your daily results" in app.render()["app"]
    fresh = _app()
    fresh.handle("open_link", {"text": _fragment(shown.result_link)})
    assert fresh.shown.game is not None and fresh.shown.game.is_over \
        and not fresh.shown.game.winners()
    assert fresh.shown.game.view(0)["scores"] == app.shown.game.view(0)["scores"]  # type: ignore[union-attr]
    assert fresh.shown.info is not None and "2026-11-27" in fresh.shown.info \
        and fresh.shown.notice is None
    # playing the date again opens the finished game; the history keeps the first result
    app.handle("menu", {})
    app.handle("daily", {"date": "2026-11-27"})
    assert app.shown.game is not None and app.shown.game.is_over
    assert len(app.linkplay.snapshot().history) == 1


@pytest.mark.parametrize("lang", ["en", "de", "ja", "be"])
def test_R_SOLO_3_a_lost_challenge_is_shown_and_listed_as_a_loss_without_a_score(
        lang: str) -> None:
    app = _finished_challenge("2026-11-24")
    switch(lang)
    try:
        _lost_shown(app)
    finally:
        switch("en")


def _lost_shown(app: App) -> None:
    stored = json.loads(app.store.storage.get("tm:daily") or "{}")
    assert stored == {"2026-11-24": {"won": False}}  # no score recorded
    page = app.render()["app"]
    panel = page[page.index('<section class="daily-panel'):]
    assert 'data-result="lost"' in panel and "data-score" not in panel
    assert t("daily.lost", date="2026-11-24") in html.unescape(panel)
    row = re.search(r'<li data-date="2026-11-24"[^>]*>([^<]*)</li>', panel)
    assert row is not None and html.unescape(row.group(1)) == t("daily.result_lost",
                                                                   date="2026-11-24")


def test_R_SOLO_3_a_loss_recorded_with_a_score_before_is_listed_without_it() -> None:
    app = _app()
    app.store.storage.set("tm:daily", json.dumps({
        "2026-11-20": {"score": 38, "won": False}, "2026-11-21": {"score": 71, "won": True}}))
    assert app.linkplay.snapshot().history == (("2026-11-21", 71, True),
                                             ("2026-11-20", None, False))
    page = app.render()["app"]
    assert "2026-11-20: lost" in page and "38 VP" not in page and "2026-11-21: 71 VP" in page


def test_R_OWN_1_the_challenge_has_strict_undo_and_no_hint() -> None:
    app = _app()
    app.handle("daily", {"date": "2026-11-24"})
    assert app.shown.game is not None and app.shown.game.state.options.strict_undo
    assert not app.bots.can_hint()
    app.handle("answer_first", {})  # the setup decision: its reveal shows the cards
    while app.shown.game.state.phase == "setup" and app.current() is not None:
        app.handle("answer_first", {})
    assert app.shown.game.undo_floor() > 0 and not app.share.can_undo()


def test_R_OWN_1_a_result_link_played_with_free_undo_is_refused() -> None:
    options = daily.options_for("2026-11-24")
    options.strict_undo = False  # as the page dealt challenges before they were strict
    game = Game.new(options)
    for _ in range(4):
        player, waiting = game.pending[0]
        game.respond(player, waiting.choices()[0])
    link = links.with_params(links.encode(game), {"d": "2026-11-24"})
    app = _app()
    app.handle("open_link", {"text": link})
    assert app.shown.game is not None  # it opens as any game's link, but as no result
    assert app.shown.notice == t("daily.not_result", date="2026-11-24")
    assert app.shown.info is None or "2026-11-24" not in app.shown.info


def test_R_OWN_1_a_challenge_begun_before_strict_undo_goes_on_under_it() -> None:
    options = daily.options_for("2026-11-24")
    options.strict_undo = False
    old = Game.new(options)
    player, waiting = old.pending[0]
    old.respond(player, waiting.choices()[0])
    app = _app()
    app.store.storage.set("tm:save:daily-2026-11-24", entry_text(
        old, SaveMeta(names=["Solo"], daily="2026-11-24")))
    app.handle("daily", {"date": "2026-11-24"})
    assert app.shown.game is not None and app.shown.save_id == "daily-2026-11-24"
    assert app.shown.game.state.options.strict_undo and app.shown.game.moves == old.moves
    assert daily.is_challenge("2026-11-24", app.shown.game.state.options)
