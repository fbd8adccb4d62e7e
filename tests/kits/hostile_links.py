"""Hostile sealed links for tests and the bench (issue 43): a sealed 2-seat game between
Ann and Bob played by links, and the links a cheating Bob device makes of it: a flood of
empty posts (signed by Bob's own keys, or not), a hand-off the game never asked for, and
a decompression bomb."""
from __future__ import annotations

import base64
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from tests.kits.games import form_fields
from tests.kits.keys import TestSigner
from tests.kits.sealed_apps import device, offer, play_own
from tm.fairdeck import SECP256K1
from tm.fairdeck.wire import HandOff, Turn, encode
from tm.linkplay import sealedlinks
from tm.linkplay.sealedplay import Post
from tm.web import linkseals
from tm.web.app import App
from tm.web.saves import MemoryStorage
from tm.web.sealedgame import SealedPlay, signed_moves

NAMES = ["Ann", "Bob"]
BOB_KEY = 22
FLOOD = 16382  # empty posts in the flood measured in issue 43


@dataclass
class Table:
    """Ann and Bob's devices, the game's id, and the next honest link (Bob's, to Ann)."""
    ann: App
    bob: App
    game_id: str
    honest: str


def table(links: int = 10, until: Callable[[App], bool] | None = None,
          fields: dict[str, str] | None = None,
          carrying: Callable[[str], bool] | None = None) -> Table:
    """Ann and Bob play ``links`` links or more, until Bob's next link is for Ann (and,
    with ``until``, Ann's device is as it asks, before she opens it; with ``carrying``,
    the link is as it asks). ``fields``: more of the new-game form (``{"draft": "on"}``)."""
    ann, bob = device(salt=1, key=11), device(salt=2, key=BOB_KEY)
    ann.handle("new_game", {**form_fields(2, NAMES, 5), "by_link": "on", "sealed": "on",
                            **(fields or {})})
    ann.handle("choose_seat", {"seat": 0})
    apps, sender = {"Ann": ann, "Bob": bob}, "Ann"
    for sent in range(400):
        play_own(apps[sender])
        made = offer(apps[sender])
        assert made is not None
        to, link = made
        if sent >= links and sender == "Bob" and (until is None or until(ann)) and (
                carrying is None or carrying(link)):
            return Table(ann, bob, ann.shown.meta.link_id, link)
        apps[to].handle("open_link", {"text": "#" + link})
        assert apps[to].shown.notice is None, apps[to].shown.notice
        if apps[to].shown.meta.seat < 0:
            apps[to].handle("choose_seat", {"seat": NAMES.index(to)})
        sender = to
    raise AssertionError("Bob never sent Ann a link")


def _bob(at: Table) -> SealedPlay:
    play = at.bob.sealed.active()
    assert play is not None
    return play


def signed(at: Table, posts: list[Post], sign: bool = True) -> str:
    """Bob's honest link with ``posts`` after it, signed by Bob's keys (or not)."""
    bob, held = _bob(at), sealedlinks.decode(at.honest.split("&")[0]).first
    posts = posts[:sealedlinks.MAX_POSTS - (len(bob.history) - held)]  # (as many as fit)
    text = sealedlinks.encode(at.game_id, [*bob.history[held:], *posts], held)
    if not sign:
        return text
    return linkseals.sealed(text, MemoryStorage(), at.game_id, 1,
                            signed_moves([*bob.history, *posts]), TestSigner(BOB_KEY)).fragment


def flood(at: Table, count: int = FLOOD, sign: bool = True) -> str:
    """``count`` empty posts of Bob's (parts of nothing) after his honest ones, one link."""
    return signed(at, [Post(1, None, encode(Turn(1, 2)))] * count, sign)


def flood_posts(at: Table, count: int) -> list[Post]:
    """The new posts of :func:`flood`'s link (Bob's honest ones, then the flood)."""
    return list(sealedlinks.decode(flood(at, count, sign=False)).posts)


def junk_handoff(at: Table) -> str:
    """A hand-off of a deck generation that never opens (one step, random elements)."""
    draws = random.Random(7)
    width = 33
    outputs = ((tuple(int.from_bytes(b"\x02" + draws.randbytes(width - 1), "big")
                      for _ in range(8)),),)
    handoff = HandOff(SECP256K1.name, 1, 2, 0, ("project/9",), outputs)
    return signed(at, [Post(1, None, encode(handoff))])


def bomb(at: Table, megabytes: int = 8) -> str:
    """A link whose body inflates to ``megabytes`` MiB of zeros."""
    packed = zlib.compress(b"\0" * (megabytes << 20), 9)
    return sealedlinks.PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")
