"""Play by link in the browser: devices (one browser context each) that start, open and
send a game's links, and links made in CPython as another device (or a forger) would."""
from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from tests.e2e.clickdriver import click_moves
from tests.e2e.helpers import prompt, start_game, wait_ready, wait_screen
from tm.game import Game
from tm.linkplay import links

DESKTOP = {"width": 1280, "height": 900}
SEND = ".send-panel input.send-link"


def moves(page: Any) -> int:
    """The number of moves of the game the page shows."""
    return int(page.evaluate("document.body.dataset.moves"))


def wait_moves(page: Any, count: int) -> None:
    """Wait until the page shows the game at ``count`` moves, nothing in progress."""
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=count)
    wait_ready(page)


def saved_game(page: Any) -> Game:
    """The game this context saved (its only save), rebuilt in CPython."""
    saves = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('tm:save:'))
        .map(k => localStorage.getItem(k))""")
    assert len(saves) == 1
    return Game.from_save(json.loads(saves[0])["save"])


def play_own_turns(page: Any, limit: int = 200) -> str:
    """Answer this device's decisions until the page offers to send the game on; the
    link it shows (the text of its field, as a player would copy it)."""
    for _ in range(limit):
        if page.locator(SEND).count():
            return str(page.locator(SEND).input_value())
        click_moves(page)
        wait_ready(page)
    raise AssertionError("the page never offered to send the game on")


def start_by_link(page: Any, names: list[str], seed: int = 11) -> None:
    """This device starts a game played by link and takes the first seat."""
    start_game(page, players=len(names), names=names, seed=seed, submit=False)
    page.locator("form.new-game input[name=by_link]").check()
    page.locator("form.new-game button[type=submit]").click()
    wait_screen(page, "seat")
    page.get_by_role("button", name=f"I am {names[0]}").click()
    wait_screen(page, "game")


def take_seat(page: Any, link: str, name: str) -> None:
    """A device opens its first link of a game and takes ``name``'s seat."""
    page.goto(link)
    wait_ready(page)
    wait_screen(page, "seat")
    page.get_by_role("button", name=f"I am {name}").click()
    wait_screen(page, "game")
    wait_ready(page)


def open_sent(page: Any, link: str) -> None:
    """A device that holds the game opens the next link sent to it."""
    page.goto(link)
    wait_moves(page, len(links.decode(link.split("#", 1)[1]).moves))
    wait_screen(page, "game")


def link_id(link: str) -> str:
    """The game id (``&p=``) of a link."""
    return links.split_params(link.split("#", 1)[1])[1]["p"]


def link_of(game: Game, game_id: str, base: str) -> str:
    """The link of a game under a game id (no seals), as a page sends it."""
    return f"{base}#" + links.with_params(links.encode(game), {"p": game_id})


def replayed(options: Any, history: list[tuple[int, Any]]) -> Game:
    """A game of these options with these moves played."""
    game = Game.new(options)
    for player, response in history:
        game.respond(player, response)
    return game


def with_checksum(link: str, change: str) -> str:
    """A link's game part with its checksum (its last bytes) cut off (``"strip"``) or
    changed (``"wrong"``), repacked as a link: its parameters kept."""
    base, fragment = link.split("#", 1)
    head, params = links.split_params(fragment)
    body = head[len(links.PREFIX):]
    data = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    cut = data[:-links.DIGEST_BYTES]
    data = cut if change == "strip" else cut + bytes(b ^ 0xFF for b in data[-links.DIGEST_BYTES:])
    packed = base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")
    return f"{base}#{links.PREFIX}{packed}" + "".join(f"&{k}={v}" for k, v in params.items())



def invitation(page: Any, name: str) -> str:
    """The invitation link the creator's page shows for ``name``'s seat (the text of its
    field, as the player copies it)."""
    field = page.locator(f'.invites input.invite-link[aria-label="Invitation link for {name}"]')
    field.wait_for()
    return str(field.input_value())


def copied(page: Any, field: str) -> str:
    """Click "Copy link" beside a link's field (the tools right after it: the creator's
    panel lists invitations too, each with its own); the link, as the player pastes it
    (read first: a request passed on leaves the page once copied)."""
    link = str(page.locator(field).input_value())
    page.locator(field).locator("xpath=following-sibling::div[1]").get_by_role(
        "button", name="Copy link").click()
    return link


def pass_turn(page: Any) -> None:
    """The player passes for this generation (a click, and Confirm when asked)."""
    prompt(page).locator("[data-action=choose]").filter(
        has_text=re.compile(r"^\s*Pass\s*$")).first.click()
    wait_ready(page)
    held = page.locator("[data-action=confirm_action]")
    if held.count():
        held.first.click()
        wait_ready(page)
