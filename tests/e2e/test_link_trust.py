"""Play by link you can trust (issue 29's acceptance), with one browser context per
device: every forged link is refused or kept apart with a notice naming what differs, and
the receiving device's game is intact and plays on; three honest devices play to the end
of generation 3; a game started before seals and checksums were required opens and goes on.

Forged links are made in CPython, as a forger's device would make them: the page runs the
same engine, so a game built here from a page's saved moves is the page's game."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from tests.e2e.clickdriver import click_moves
from tests.e2e.conftest import WAIT_MS, Recorder, Server, boot_from_snapshot
from tests.e2e.helpers import expect, wait_ready, wait_screen
from tests.e2e.linkkit import (
    DESKTOP,
    invitation,
    link_id,
    link_of,
    moves,
    open_sent,
    play_own_turns,
    replayed,
    saved_game,
    start_by_link,
    take_seat,
    wait_moves,
    with_checksum,
)
from tests.kits.corpus import recorded
from tests.kits.keys import TestSigner
from tm.game import Game
from tm.linkplay import links, seatseals
from tm.persist import sigs
from tm.web.app import finishing_choice

pytestmark = pytest.mark.e2e

FORK = ".fork-link"
FORK_TITLE = "This link does not continue your game"


@dataclass(frozen=True)
class Pair:
    """Ann's and Bob's devices, played in the browser once for this module's tests: Bob
    played his setup and sent it, Ann played her turns. What Bob's device stored then,
    both devices' games, and the link Ann's page offers Bob (``honest``)."""

    stored: dict[str, str]
    ann: Game
    bob: Game
    honest: str


def _watched(browser: Any, server: Server, opened: list[tuple[Any, Recorder]]) -> Any:
    """A page in a fresh desktop context, watched as the new_page fixture's are."""
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    boot_from_snapshot(page, server.origin)
    recorder = Recorder(server.origin)
    recorder.attach(page)
    page.recorder = recorder
    opened.append((context, recorder))
    return page


def _stored(page: Any) -> dict[str, str]:
    """The page's saves and seats' records (not its tabs' or screens' entries)."""
    return dict(page.evaluate("""Object.keys(localStorage).filter(
        k => k.startsWith('tm:save:') || k.startsWith('tm:seats:'))
        .map(k => [k, localStorage.getItem(k)])"""))


@pytest.fixture(scope="module")
def pair(browser: Any, server: Server) -> Iterator[Pair]:
    opened: list[tuple[Any, Recorder]] = []
    ann, bob = _watched(browser, server, opened), _watched(browser, server, opened)
    ann.goto(server.url)
    wait_ready(ann)
    start_by_link(ann, ["Ann", "Bob"])
    take_seat(bob, play_own_turns(ann), "Bob")
    open_sent(ann, play_own_turns(bob))
    honest = play_own_turns(ann)
    yield Pair(_stored(bob), saved_game(ann), saved_game(bob), honest)
    problems = [p for _, recorder in opened for p in recorder.problems()]
    for context, _ in opened:
        context.close()
    assert not problems, "the page misbehaved:\n" + "\n".join(problems)


def _device(new_page: Any, boot: Any, stored: dict[str, str]) -> Any:
    """A fresh context holding what a device stored (written before its first page runs:
    as the same browser coming back)."""
    page = new_page(viewport=DESKTOP)
    page.context.add_init_script(
        "if (!sessionStorage.getItem('stored')) { sessionStorage.setItem('stored', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(stored)})) "
        "localStorage.setItem(k, v); }")
    boot(page)
    return page


# ---------------------------------------------------------------- forgeries (each built from
# the pair's saved games: (the forged link, the words its notice must hold))
def _moves_for_bobs_seat(pair: Pair, base: str) -> tuple[str, str]:
    """Ann's device makes Bob's next move itself and sends him that."""
    game = replayed(pair.ann.state.options, pair.ann.moves)
    made = len(game.moves)
    game.respond(1, finishing_choice(dict(game.pending)[1]))
    return (link_of(game, link_id(pair.honest), base),
            f"makes moves for your seat (Bob, from move {made + 1})")


def _rewritten_past(pair: Pair, base: str) -> tuple[str, str]:
    """Bob's first move (his corporation and cards) answered otherwise."""
    history = pair.bob
    index = next(i for i, (player, _) in enumerate(history.moves) if player == 1)
    game = replayed(history.state.options, history.moves[:index])
    other = next(c for c in dict(game.pending)[1].choices()
                 if c.response != history.moves[index][1])
    game.respond(1, other)
    return link_of(game, link_id(pair.honest), base), f"changes Bob's move {index + 1}"


def _another_seed(pair: Pair, base: str) -> tuple[str, str]:
    options = pair.bob.state.options
    game = Game.new(replace(options, seed=options.seed + 1))
    return link_of(game, link_id(pair.honest), base), "same board and expansions, but another deal"


def _other_options(pair: Pair, base: str) -> tuple[str, str]:
    """The same seed under another board and with another expansion."""
    options = pair.bob.state.options
    game = Game.new(replace(options, board="hellas",
                            expansions=[*options.expansions, "colonies"]))
    return link_of(game, link_id(pair.honest), base), "board, expansions or players differ"


def _stripped_checksum(pair: Pair, base: str) -> tuple[str, str]:
    # (its last bytes are then read as the checksum: a checksum that does not match)
    return with_checksum(pair.honest, "strip"), "the link's checksum does not match its moves"


def _wrong_checksum(pair: Pair, base: str) -> tuple[str, str]:
    return with_checksum(pair.honest, "wrong"), "the link's checksum does not match its moves"


FORGERIES: dict[str, Callable[[Pair, str], tuple[str, str]]] = {
    "moves_for_the_receivers_seat": _moves_for_bobs_seat,
    "a_rewritten_past_move": _rewritten_past,
    "another_seed_under_the_same_id": _another_seed,
    "other_board_and_expansions_under_the_same_id": _other_options,
    "a_stripped_checksum": _stripped_checksum,
    "a_wrong_checksum": _wrong_checksum,
}


def _plays_on(page: Any, honest: str, before: list[Any]) -> None:
    """The device's game is as it was; the honest link then extends it and this device
    makes its next move."""
    assert saved_game(page).moves == before
    open_sent(page, honest)
    sent = saved_game(page).moves
    assert sent[:len(before)] == before and len(sent) > len(before)
    click_moves(page)
    wait_moves(page, len(sent) + 1)
    assert saved_game(page).moves[:len(sent)] == sent


@pytest.mark.parametrize("forgery", list(FORGERIES))
def test_a_forged_link_is_refused_or_kept_apart_and_the_game_plays_on(
        forgery: str, pair: Pair, new_page: Any, boot: Any, server: Server) -> None:
    bob = _device(new_page, boot, pair.stored)
    kept = saved_game(bob).moves
    assert kept == pair.bob.moves
    forged, words = FORGERIES[forgery](pair, server.url)
    bob.goto(forged)
    wait_ready(bob)
    if "checksum" in forgery:  # refused: the link cannot be opened
        expect(bob.locator(".notice[role=alert]")).to_contain_text(words)
        assert saved_game(bob).moves == kept
        expect(bob.locator(FORK)).to_have_count(0)
    else:  # kept apart: the cover says what differs, Bob keeps his game
        expect(bob.locator(FORK)).to_contain_text(FORK_TITLE)
        expect(bob.locator(FORK)).to_contain_text(words)
        assert saved_game(bob).moves == kept
        bob.get_by_role("button", name="Keep my game").click()
        wait_screen(bob, "game")
        wait_moves(bob, len(kept))
        expect(bob.locator(".send-panel .you-are")).to_contain_text("Bob")
    _plays_on(bob, pair.honest, kept)


# ---------------------------------------------------------------- a third device's seat
def _forged_for_bob(ann_link: str, game: Game, key: Any | None = None,
                    seals: bool = True) -> str:
    """Ann's device makes Bob's next move and sends it on with the seals her link carries
    (Bob's last signature passed on, none over the new move), with none (as a page that
    cannot sign), or, with ``key``, a key of her own announced for Bob's seat signing it."""
    base, fragment = ann_link.split("#", 1)
    _, params = links.split_params(fragment)
    keys, kept = seatseals.read_seals(params) if seals else ({}, [])
    game.respond(1, finishing_choice(dict(game.pending)[1]))
    history = json.loads(json.dumps(game.moves))
    if key is not None:
        keys[1] = key.public_key(params["p"], 1)
        kept = [s for s in kept if s.seat != 1] + [sigs.SeatSignature(1, len(history), key.sign(
            params["p"], 1, sigs.batch_message(params["p"], 1, history)))]
    return base + "#" + seatseals.with_seals(links.with_params(links.encode(game),
                                                           {"p": params["p"]}), keys, kept)


def _kept_apart(page: Any, link: str, words: str, kept: list[Any]) -> None:
    """The device shows the link's cover naming what differs and keeps its game."""
    page.goto(link)
    wait_ready(page)
    expect(page.locator(FORK)).to_contain_text(words)
    assert saved_game(page).moves == kept
    page.get_by_role("button", name="Keep my game").click()
    wait_moves(page, len(kept))


def test_moves_for_a_third_devices_seat_not_signed_by_its_key_are_kept_apart(
        new_page: Any, boot: Any) -> None:
    ann, bob, carl = (new_page(viewport=DESKTOP) for _ in range(3))
    boot(ann)
    start_by_link(ann, ["Ann", "Bob", "Carl"])
    take_seat(carl, invitation(ann, "Carl"), "Carl")  # with the invitation Ann sent him
    take_seat(bob, play_own_turns(ann), "Bob")
    to_carl = play_own_turns(bob)
    assert "&k=" in to_carl and "&s=" in to_carl  # Bob's page signs with its own key
    open_sent(carl, to_carl)  # Bob's key pinned on Carl's device
    open_sent(ann, play_own_turns(carl))
    to_bob = play_own_turns(ann)
    kept = saved_game(carl).moves
    made = len(saved_game(ann).moves)
    unsigned = f"holds moves for Bob (from move {made + 1}) that Bob's device did not sign"
    _kept_apart(carl, _forged_for_bob(to_bob, saved_game(ann)), unsigned, kept)
    # without any seal (as from a page that cannot sign) Ann's own new moves go unsigned too
    _kept_apart(carl, _forged_for_bob(to_bob, saved_game(ann), seals=False),
                f"holds moves for Ann (from move {len(kept) + 1}) that Ann's device did not sign",
                kept)
    _kept_apart(carl, _forged_for_bob(to_bob, saved_game(ann), TestSigner(33)),
                "takes Bob's seat with another device's key", kept)
    # Bob's own move, signed by his device, goes on to Carl's, who plays on
    open_sent(bob, to_bob)
    open_sent(carl, play_own_turns(bob))
    sent = moves(carl)
    assert saved_game(carl).moves[:len(kept)] == kept and sent > made
    play_own_turns(carl)
    assert moves(carl) > sent


# ---------------------------------------------------------------- honest play
def test_three_devices_play_by_link_to_the_end_of_generation_3(
        new_page: Any, boot: Any, server: Server) -> None:
    names = ["Ann", "Bob", "Carl"]
    devices = {name: new_page(viewport=DESKTOP) for name in names}
    boot(devices["Ann"])
    start_by_link(devices["Ann"], names)
    take_seat(devices["Carl"], invitation(devices["Ann"], "Carl"), "Carl")
    seated, sender = {"Ann", "Carl"}, "Ann"
    for _ in range(200):
        page = devices[sender]
        link = play_own_turns(page)
        assert link.startswith(server.url + "#g=") and "&s=" in link and len(link) < 2000
        to = page.locator(".send-panel h2").inner_text().removeprefix("Send to ")
        if to in seated:
            open_sent(devices[to], link)
        else:
            take_seat(devices[to], link, to)
            seated.add(to)
            expect(devices[to].locator(".send-panel .you-are")).to_contain_text(to)
        game = links.decode(link.split("#", 1)[1])
        if game.state.generation > 3:
            break
        sender = to
    assert seated == set(names) and game.state.generation == 4
    assert saved_game(devices[to]).moves == game.moves == saved_game(page).moves
    for name, page in devices.items():  # each device pinned the three seats' own keys
        assert sorted(_pinned(page, link_id(link))) == ["0", "1", "2"], name


def _pinned(page: Any, game_id: str) -> dict[str, str]:
    """The seats' keys a device pinned for a game."""
    record = page.evaluate("(k) => localStorage.getItem(k)", "tm:seats:" + game_id)
    keys: dict[str, str] = json.loads(record or "{}").get("keys", {})
    return keys


# ---------------------------------------------------------------- a game begun before
def test_a_game_by_link_begun_before_seals_and_checksums_opens_and_goes_on(
        new_page: Any, boot: Any, server: Server) -> None:
    entry = recorded("linkplay0")[0]
    ann = _device(new_page, boot, entry["devices"]["Ann"])
    open_sent(ann, server.url + "#" + entry["link"])  # Bob's last link, not opened yet
    assert saved_game(ann).digest() == entry["digest"]
    expect(ann.locator(".send-panel .you-are")).to_contain_text("Ann")
    to_bob = play_own_turns(ann)
    assert "&k=" in to_bob  # the old game's links are signed from now on
    bob = _device(new_page, boot, entry["devices"]["Bob"])
    open_sent(bob, to_bob)
    assert moves(bob) > entry["moves"]
    expect(bob.locator(".send-panel .you-are")).to_contain_text("Bob")
    open_sent(ann, play_own_turns(bob))
    assert saved_game(ann).moves == saved_game(bob).moves
    assert sorted(_pinned(ann, entry["link_id"])) == sorted(_pinned(bob, entry["link_id"])) \
        == ["0", "1"]
