"""Play by link and the daily challenge in the browser: two contexts (two devices, each
with its own storage) play one 2-player game by passing links only; two contexts open
the same date's challenge; a finished challenge's result link replays its score."""
from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import Server
from tests.e2e.helpers import expect, start_game, wait_ready, wait_screen
from tests.e2e.linkkit import (
    DESKTOP,
    moves,
    play_own_turns,
    saved_game,
    start_by_link,
    wait_moves,
)
from tm.game import Game
from tm.linkplay import links

pytestmark = pytest.mark.e2e

def _cards_shown(page: Any) -> set[str]:
    return set(page.locator("#app [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"))


def _hides_other_hand(page: Any, seat: int) -> None:
    """No card of the other seat's hand or offer is anywhere in the page."""
    game = saved_game(page)
    other = game.state.players[1 - seat]
    secret = set(other.hand) | set(other.offer) | set(other.draft_hand)
    assert not (_cards_shown(page) & secret), (seat, _cards_shown(page) & secret)


def test_two_devices_play_by_link_to_the_third_generation(new_page: Any, boot: Any,
                                                          server: Server) -> None:
    ann = new_page(viewport=DESKTOP)
    boot(ann)
    start_game(ann, players=2, names=["Ann", "Bob"], seed=11, submit=False)
    ann.locator("form.new-game input[name=by_link]").check()
    ann.locator("form.new-game button[type=submit]").click()
    wait_screen(ann, "seat")
    expect(ann.locator(".seat-check")).to_contain_text("whole game")
    assert not ann.locator(".prompt").count()  # no decision under the seat check
    ann.get_by_role("button", name="I am Ann").click()
    wait_screen(ann, "game")

    bob = new_page(viewport=DESKTOP)
    devices = {0: ann, 1: bob}
    seat, opened_by_bob = 0, False
    for _ in range(40):
        page = devices[seat]
        link = play_own_turns(page)
        assert link.startswith(server.url + "#g=") and "&p=" in link and len(link) < 2000
        expect(page.locator(".send-panel h2")).to_have_text(
            f"Send to {'Bob' if seat == 0 else 'Ann'}")
        _hides_other_hand(page, seat)
        count = moves(page)
        receiver = devices[1 - seat]
        receiver.goto(link)
        if not opened_by_bob and seat == 0:  # Bob's first link: "I am Bob"
            wait_ready(receiver)
            wait_screen(receiver, "seat")
            receiver.get_by_role("button", name="I am Bob").click()
            opened_by_bob = True
        wait_moves(receiver, count)
        wait_screen(receiver, "game")
        assert moves(receiver) == count
        expect(receiver.locator(".send-panel .you-are")).to_contain_text(
            "Bob" if seat == 0 else "Ann")
        _hides_other_hand(receiver, 1 - seat)
        if saved_game(receiver).state.generation >= 3:
            break
        seat = 1 - seat
    game = saved_game(ann)
    assert game.state.generation >= 3 or saved_game(bob).state.generation >= 3
    _seat_keys_are_the_devices_own(ann, bob, seat=0)
    _seat_keys_are_the_devices_own(bob, ann, seat=1)
    # the address bar no longer holds the link: a reload continues the saved game
    assert "#g=" not in bob.url


KEPT_PAIR = """async () => {
  const done = (r) => new Promise((ok, no) => { r.onsuccess = () => ok(r.result);
                                                r.onerror = () => no(r.error); });
  const db = await done(indexedDB.open("tm-keys"));
  const ids = await done(db.transaction("seats").objectStore("seats").getAllKeys());
  const pair = await done(db.transaction("seats").objectStore("seats").get(ids[0]));
  let exported = true;
  try { await crypto.subtle.exportKey("pkcs8", pair.privateKey); } catch { exported = false; }
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return {ids, extractable: pair.privateKey.extractable, exported,
          public: btoa(String.fromCharCode(...raw))};
}"""


def _seat_keys_are_the_devices_own(device: Any, other: Any, seat: int) -> None:
    """The device keeps one key pair, for its own seat, its private key non-extractable
    (IndexedDB); the other device pinned that public key and that seat's signature."""
    kept = device.evaluate(KEPT_PAIR)
    assert len(kept["ids"]) == 1 and kept["ids"][0].endswith(f":{seat}")
    assert kept["extractable"] is False and kept["exported"] is False
    link_id = kept["ids"][0].rsplit(":", 1)[0]
    record = json.loads(other.evaluate(f"localStorage.getItem('tm:seats:{link_id}')"))
    assert record["keys"][str(seat)] == kept["public"] and str(seat) in record["sigs"]


def _forged_for_seat(game: Game, seat: int, link_id: str, base: str) -> str:
    """A link of a game whose next moves are played on another device for ``seat`` too
    (every seat answered with its finishing choice until ``seat`` has moved once)."""
    from tm.web.app import finishing_choice

    for _ in range(50):
        player, prompt = game.pending[0]
        game.respond(player, finishing_choice(prompt))
        if player == seat:
            break
    return f"{base}#" + links.with_params(links.encode(game), {"p": link_id})


def test_a_link_making_moves_for_the_receivers_seat_is_kept_apart(
        new_page: Any, boot: Any, server: Server) -> None:
    ann = new_page(viewport=DESKTOP)
    boot(ann)
    start_by_link(ann, ["Ann", "Bob"])
    bob = new_page(viewport=DESKTOP)
    bob.goto(play_own_turns(ann))
    wait_ready(bob)
    wait_screen(bob, "seat")
    bob.get_by_role("button", name="I am Bob").click()
    wait_screen(bob, "game")
    link = play_own_turns(bob)
    kept = saved_game(bob).moves
    ann.goto(link)
    wait_moves(ann, len(kept))
    # Ann's device answers Bob's next decision itself and sends that link to Bob
    link_id = links.split_params(link.split("#", 1)[1])[1]["p"]
    assert "&k=" in link and "&s=" in link  # Bob's page signed it with its own key
    forged = _forged_for_seat(saved_game(ann), 1, link_id, server.url)
    bob.goto(forged)
    cover = bob.locator(".fork-link")
    expect(cover).to_contain_text("This link does not continue your game")
    expect(cover).to_contain_text("makes moves for your seat (Bob")
    assert saved_game(bob).moves == kept  # nothing written over Bob's game
    bob.get_by_role("button", name="Keep my game").click()
    wait_screen(bob, "game")
    wait_moves(bob, len(kept))
    assert saved_game(bob).moves == kept
    expect(bob.locator(".send-panel .you-are")).to_contain_text("Bob")


def _challenge_date() -> str:
    """A recent date (UTC) whose challenge is Corporate Era alone (a Tuesday or a Friday:
    no Prelude, which the test hook cannot finish setting up)."""
    day = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)
    while day.weekday() not in (1, 4):
        day -= datetime.timedelta(days=1)
    return day.isoformat()


def _open_challenge(page: Any, date: str) -> None:
    form = page.locator("form.daily-date")
    form.locator("input[name=date]").fill(date)
    form.locator("button[type=submit]").click()
    wait_screen(page, "game")
    wait_ready(page)


def _deal(page: Any) -> tuple[list[str], list[str]]:
    corps = page.locator(".prompt .setup-corps [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    cards = page.locator(".prompt .setup-cards [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    return corps, cards


def test_daily_challenge_same_deal_and_result_link_replays_the_score(
        new_page: Any, boot: Any) -> None:
    date = _challenge_date()
    first, second = new_page(viewport=DESKTOP), new_page(viewport={"width": 390, "height": 844})
    for page in (first, second):
        boot(page)
        expect(page.locator("section.daily")).to_contain_text("Daily challenge")
        _open_challenge(page, date)
        expect(page.locator(".daily-panel")).to_contain_text(date)
    deal = _deal(first)
    assert len(deal[0]) == 2 and len(deal[1]) == 10
    assert _deal(second) == deal

    for _ in range(60):  # to the end by clicks
        if first.locator(".daily-panel[data-result]").count():
            break
        click_moves(first, 10)
        wait_ready(first)
    panel = first.locator(".daily-panel[data-result]")
    expect(panel).to_have_count(1)
    score = first.locator(".end table.scores tbody tr td").last.inner_text()
    if panel.get_attribute("data-result") == "won":
        assert panel.get_attribute("data-score") == score
        expect(panel.locator(".daily-history")).to_contain_text(f"{date}: {score} VP")
    else:  # R-SOLO-3: a loss, listed without a score
        assert panel.get_attribute("data-score") is None
        expect(panel.locator(".daily-history")).to_contain_text(f"{date}: lost")
        expect(panel.locator(".daily-history")).not_to_contain_text("VP")
    result_link = str(panel.locator("input.send-link").input_value())
    assert f"&d={date}" in result_link

    fresh = new_page(viewport=DESKTOP)
    fresh.goto(result_link)
    wait_ready(fresh)
    wait_screen(fresh, "game")
    expect(fresh.locator(".end")).to_be_visible()
    total = fresh.locator(".end table.scores tbody tr td").last.inner_text()
    assert total == score
    expect(fresh.locator(".notice.info")).to_contain_text(date)
