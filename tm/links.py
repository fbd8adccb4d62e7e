"""Share links: a whole game in a URL fragment, compact and strictly checked.

A link holds the options and, for every move, only which of the legal choices
was taken (its index among ``prompt.choices()``; for a card selection, a bit
mask over the offered cards). Decoding replays the game, so the engine is the
referee: a link with an illegal move is refused at that move. Any bad input
raises :class:`LinkError` and nothing else.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from tm.codec import RULES_VERSION
from tm.errors import IllegalMove, SaveError
from tm.game import Game
from tm.prompts import Prompt
from tm.state import Options, from_dict, to_dict

LINK_FORMAT = 1
MAX_BYTES = 1 << 20
MAX_MOVES = 20_000
PREFIX = "g="


class LinkError(ValueError):
    """A link that cannot be opened; the message says why."""


# ---------------------------------------------------------------- varints
def _put(out: bytearray, value: int) -> None:
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def uint(self) -> int:
        value, shift = 0, 0
        while True:
            if self.pos >= len(self.data) or shift > 63:
                raise LinkError("the link is cut short")
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    def take(self, count: int) -> bytes:
        if self.pos + count > len(self.data):
            raise LinkError("the link is cut short")
        chunk = self.data[self.pos:self.pos + count]
        self.pos += count
        return chunk

    @property
    def done(self) -> bool:
        return self.pos >= len(self.data)


# ---------------------------------------------------------------- moves as codes
def _code(prompt: Prompt, response: dict[str, Any]) -> int:
    if prompt.kind == "cards":
        offered = prompt.data["cards"]
        return sum(1 << offered.index(name) for name in response["cards"])
    return prompt.choices().index(response)


def _response(prompt: Prompt, code: int) -> dict[str, Any]:
    if prompt.kind == "cards":
        offered = prompt.data["cards"]
        if code >> len(offered):
            raise LinkError("a card selection names cards that were not offered")
        return {"type": "cards", "cards": [c for i, c in enumerate(offered) if code >> i & 1]}
    choices = prompt.choices()
    if code >= len(choices):
        raise LinkError("a move is not one of the legal choices")
    return choices[code]


def _seat(pending: list[tuple[int, Prompt]], player: int) -> int:
    return [p for p, _ in pending].index(player)


# ---------------------------------------------------------------- encode / decode
def encode(game: Game) -> str:
    """The link fragment (``g=…``) of a game: options and every move so far."""
    options = json.dumps(to_dict(game.state.options), separators=(",", ":")).encode()
    out = bytearray([LINK_FORMAT])
    _put(out, RULES_VERSION)
    _put(out, len(options))
    out += options
    replay = Game.new(game.state.options)
    for player, response in game.moves:
        pending = replay.pending
        if len(pending) > 1:
            _put(out, _seat(pending, player))
        prompt = replay.prompt_for(player)
        assert prompt is not None
        _put(out, _code(prompt, response))
        replay.respond(player, response)
    packed = zlib.compress(bytes(out), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _unpack(text: str) -> bytes:
    if not isinstance(text, str):
        raise LinkError("a link is text")
    text = text.strip().lstrip("#")
    if not text.startswith(PREFIX):
        raise LinkError("this is not a game link")
    body = text[len(PREFIX):]
    if len(body) > MAX_BYTES:
        raise LinkError("the link is too long")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, MAX_BYTES)
    except (binascii.Error, ValueError, zlib.error) as error:
        raise LinkError("the link is damaged") from error
    if inflater.unconsumed_tail:
        raise LinkError("the link is too large")
    if not inflater.eof:
        raise LinkError("the link is cut short")
    return data


def _options(reader: _Reader) -> Options:
    fmt = reader.take(1)[0]
    if fmt != LINK_FORMAT:
        raise LinkError(f"link format {fmt}; this version reads format {LINK_FORMAT}")
    version = reader.uint()
    if version != RULES_VERSION:
        raise LinkError(f"the link was made with rules version {version}; "
                        f"this version is {RULES_VERSION}")
    try:
        raw = json.loads(reader.take(reader.uint()).decode())
        if not isinstance(raw, dict) or not all(_option_ok(k, v) for k, v in raw.items()):
            raise LinkError("the link's options are damaged")
        return from_dict(Options, raw)
    except (ValueError, TypeError) as error:
        raise LinkError("the link's options are damaged") from error


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _option_ok(name: str, value: Any) -> bool:
    """Whether one option has its declared type (a tampered link could say names=[5],
    which would open, then be saved as a game the saved-games list cannot read)."""
    if name in ("names", "beginners"):
        item = (lambda v: isinstance(v, str)) if name == "names" else _is_int
        return isinstance(value, list) and all(item(v) for v in value)
    if name == "first_player":
        return value is None or _is_int(value)
    if name in ("players", "seed"):
        return _is_int(value)
    if name == "board":
        return isinstance(value, str)
    return name in _SWITCHES and isinstance(value, bool)  # unknown names are refused


_SWITCHES = ("corporate_era", "prelude", "colonies", "draft", "strict_undo")


def decode(text: str) -> Game:
    """The game a link holds, replayed move by move; LinkError if anything is wrong."""
    try:
        return _decode(text)
    except LinkError:
        raise
    except (IllegalMove, SaveError) as error:
        raise LinkError(f"the link holds an illegal move: {error}") from error
    except Exception as error:  # any other failure of a hostile link is still the codec's
        raise LinkError(f"the link cannot be opened ({type(error).__name__})") from error


def _decode(text: str) -> Game:
    reader = _Reader(_unpack(text))
    options = _options(reader)
    game = Game.new(options)
    moves = 0
    while not reader.done:
        moves += 1
        if moves > MAX_MOVES:
            raise LinkError("the link holds too many moves")
        pending = game.pending
        if not pending:
            raise LinkError("the link goes on after the game ended")
        seat = reader.uint() if len(pending) > 1 else 0
        if seat >= len(pending):
            raise LinkError(f"move {moves} names a player who has no decision")
        player, prompt = pending[seat]
        code = reader.uint()
        try:
            game.respond(player, _response(prompt, code))
        except (LinkError, IllegalMove) as error:  # refused at the first illegal move
            raise LinkError(f"move {moves} is not legal: {error}") from error
    return game
