"""What the devices of a sealed game send each other: the :class:`Post` (a move's response
data and a fair-deck message), its JSON line and its strict reading (the seat that plays
them is :mod:`tm.linkplay.sealedplay`)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tm.fairdeck.wire import HandOff, decode
from tm.persist import safejson

MAX_ESCROW = 1024  # characters of a seed's escrow (one is about 200)


@dataclass(frozen=True, slots=True)
class Post:
    """What one seat sends every other: its move's response data (None for a hand-off, a
    reveal or a seed) and a fair-deck message, encoded (:mod:`tm.fairdeck.wire`)."""
    seat: int
    move: dict[str, Any] | None
    message: str
    # the seat's secret seed locked with its player's recovery passphrase (issue 43: a
    # lost device's seat is taken again with it; tm.web.seedescrow): on a seat's first post
    escrow: str | None = None

    def to_text(self) -> str:
        """The post as one line of JSON (what a link or a file carries); a post without an
        escrow reads as before the escrow existed (signatures over old histories hold)."""
        data = {"s": self.seat, "m": self.move, "f": self.message}
        if self.escrow is not None:
            data["e"] = self.escrow
        return json.dumps(data, separators=(",", ":"), sort_keys=True)

    def bare(self) -> Post:
        """The post without its escrow (what the seat's seed makes again)."""
        return Post(self.seat, self.move, self.message) if self.escrow is not None else self


def decode_handoff(post: Post) -> HandOff:
    """The hand-off a post carries."""
    message = decode(post.message)
    if not isinstance(message, HandOff):
        raise ValueError("not a hand-off")
    return message


def read_post(text: str) -> Post:
    """A post from its JSON line; anything malformed raises ``ValueError``."""
    data = safejson.loads(text)
    if not isinstance(data, dict) or set(data) - {"e"} != {"s", "m", "f"}:
        raise ValueError("not a post")
    seat, move, message, escrow = data["s"], data["m"], data["f"], data.get("e")
    if (not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(message, str)
            or not (move is None or isinstance(move, dict))
            or not (escrow is None or isinstance(escrow, str) and len(escrow) <= MAX_ESCROW)):
        raise ValueError("not a post")
    decode(message)
    return Post(seat, move, message, escrow)
