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

from tm.core.errors import IllegalMove, SaveError, reason
from tm.core.state import Options, to_dict
from tm.core.values import is_int
from tm.game import Game
from tm.linkplay.seatseals import SEAL_KEYS, seal_text_ok
from tm.persist import safejson
from tm.persist.codec import MAX_MOVES, RULES_VERSION
from tm.persist.legacy import format1_move
from tm.persist.saves import options_from, rules_notes
from tm.prompts.kinds import Prompt, whole_selection

LINK_FORMAT = 2  # 1: moves as indices among the choices of the format-1 engine
LINK_FORMATS = (1, 2)
DIGEST_BYTES = 4  # a link ends with the start of the checksum of the state it leads to
MAX_BYTES = 1 << 20
MAX_OPTIONS_BYTES = 4096
PREFIX = "g="
# After the game, ``&key=value`` parameters that do not change the game: ``p`` the id of a
# game played by link (each player on their own device), ``d`` the date of a daily
# challenge; and the seats' seals (tm.linkplay.seatseals.SEAL_KEYS). A reader ignores keys it
# does not know; the game part reads as before.
PARAM_KEYS = ("p", "d")
MAX_PARAM = 40


class LinkError(ValueError):
    """A link that cannot be opened; the message says why."""


# ---------------------------------------------------------------- varints
def put_varint(out: bytearray, value: int) -> None:
    """Append ``value`` (≥ 0) as a little-endian base-128 varint (7 bits a byte)."""
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
                raise LinkError(reason("link.cut_short", "the link is cut short"))
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    def take(self, count: int) -> bytes:
        if self.pos + count > len(self.data):
            raise LinkError(reason("link.cut_short", "the link is cut short"))
        chunk = self.data[self.pos:self.pos + count]
        self.pos += count
        return chunk

    @property
    def left(self) -> int:
        return len(self.data) - self.pos


# ---------------------------------------------------------------- moves as codes
def move_code(prompt: Prompt, response: dict[str, Any]) -> int:
    """A recorded move as a small number: its index among the prompt's choices, except
    amounts (offset from the minimum), payment steps (which resource, how many) and
    placements (which of all legal spaces, or which row)."""
    if prompt.kind == "amount":
        return int(response["amount"]) - prompt.min
    if prompt.kind == "pay":
        if response["type"] == "confirm":
            return 0
        resources = list(prompt.data["use"])
        return 1 + int(response["amount"]) * len(resources) + resources.index(response["resource"])
    if prompt.kind == "space":  # a space: its index among all legal ones (as before rows)
        spaces = list(prompt.data["spaces"])
        if response["type"] == "space":
            return spaces.index(response["space"])
        return len(spaces) + 1 + int(response["row"])  # a row (off-map is -1) after them
    if prompt.kind == "cards":  # its place in the whole selection, as before pages
        whole = whole_selection(prompt.data)
        return len(whole) if response["type"] == "more_cards" else whole.index(response)
    return prompt.index_of(response)


def move_of(prompt: Prompt, code: int) -> dict[str, Any]:
    """The response a code stands for (checked by the engine when it is applied)."""
    if prompt.kind == "amount":
        return {"type": "amount", "amount": prompt.min + code}
    if prompt.kind == "pay":
        if code == 0:
            return {"type": "confirm"}
        resources = list(prompt.data["use"])
        amount, index = divmod(code - 1, len(resources))
        return {"type": "use", "resource": resources[index], "amount": amount}
    if prompt.kind == "space":
        spaces = prompt.data["spaces"]
        if code < len(spaces):
            return {"type": "space", "space": spaces[code]}
        return {"type": "region", "row": code - len(spaces) - 1}
    if prompt.kind == "cards":
        whole = whole_selection(prompt.data)
        return whole[code] if code < len(whole) else {"type": "more_cards"}
    choices = prompt.choices()
    if code >= len(choices):
        raise LinkError(reason("link.not_a_choice", "a move is not one of the legal choices"))
    return choices[code].response


def _seat(pending: list[tuple[int, Prompt]], player: int) -> int:
    return [p for p, _ in pending].index(player)


# ---------------------------------------------------------------- encode / decode
def encode(game: Game) -> str:
    """The link fragment (``g=…``) of a game: options, every move so far, a short checksum."""
    options = json.dumps(_link_options(game.state.options), separators=(",", ":")).encode()
    out = bytearray([LINK_FORMAT])
    put_varint(out, RULES_VERSION)
    put_varint(out, len(options))
    out += options
    replay = Game.new(game.state.options)
    for player, response in game.moves:
        pending = replay.pending
        if len(pending) > 1:
            put_varint(out, _seat(pending, player))
        prompt = replay.prompt_for(player)
        assert prompt is not None
        put_varint(out, move_code(prompt, response))
        replay.respond(player, response)
    out += bytes.fromhex(replay.digest()[:2 * DIGEST_BYTES])
    packed = zlib.compress(bytes(out), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _param_ok(value: str) -> bool:
    return 0 < len(value) <= MAX_PARAM and all(c.isascii() and (c.isalnum() or c == "-")
                                               for c in value)


def with_params(fragment: str, params: dict[str, str]) -> str:
    """A link fragment (``g=…``) with parameters after it (see ``PARAM_KEYS``)."""
    extra = []
    for key, value in params.items():
        if key not in PARAM_KEYS or not _param_ok(value):
            raise ValueError(f"not a link parameter: {key}={value[:MAX_PARAM]}")
        extra.append(f"&{key}={value}")
    return fragment + "".join(extra)


def split_params(text: str) -> tuple[str, dict[str, str]]:
    """(the game part ``g=…``, the known parameters) of a link fragment; parameters of
    other keys or with other characters are left out (never an error: the game opens)."""
    if not isinstance(text, str):
        raise LinkError(reason("link.not_text", "a link is text"))
    head, *rest = text.strip().lstrip("#").split("&")
    params: dict[str, str] = {}
    for item in rest:
        key, _, value = item.partition("=")
        ok = _param_ok(value) if key in PARAM_KEYS else key in SEAL_KEYS and seal_text_ok(value)
        if ok and key not in params:
            params[key] = value
    return head, params


def _unpack(text: str) -> bytes:
    text, _ = split_params(text)
    if not text.startswith(PREFIX):
        raise LinkError(reason("link.not_a_link", "this is not a game link"))
    body = text[len(PREFIX):]
    if len(body) > MAX_BYTES:
        raise LinkError(reason("link.too_long", "the link is too long"))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        # a bomb is refused before it costs more than its size: a real game's moves inflate
        # to a few kB, a few times the link (scripts/bench_hostile_links.py)
        data = inflater.decompress(packed, min(MAX_BYTES, max(32 << 10, 24 * len(packed))))
    except (binascii.Error, ValueError, zlib.error) as error:
        raise LinkError(reason("link.damaged", "the link is damaged")) from error
    if inflater.unconsumed_tail:
        raise LinkError(reason("link.too_large", "the link is too large"))
    if not inflater.eof:
        raise LinkError(reason("link.cut_short", "the link is cut short"))
    return data


def _options(reader: _Reader) -> tuple[int, int, Options]:
    fmt = reader.take(1)[0]
    if fmt not in LINK_FORMATS:
        known = ", ".join(map(str, LINK_FORMATS))
        raise LinkError(reason("link.format", f"link format {fmt}; this version reads formats "
                               f"{known}", format=fmt, known=known))
    version = reader.uint()
    if not 1 <= version <= RULES_VERSION:
        raise LinkError(reason("link.rules_version", f"the link was made with rules version "
                               f"{version}; this version is {RULES_VERSION}", made=version,
                               version=RULES_VERSION))
    try:
        raw = safejson.loads(reader.take(reader.uint()), MAX_OPTIONS_BYTES, max_depth=2)
        if not isinstance(raw, dict) or not all(option_ok(k, v) for k, v in raw.items()):
            raise LinkError(reason("link.options_damaged", "the link's options are damaged"))
        return fmt, version, options_from(raw)
    except (ValueError, TypeError) as error:
        raise LinkError(reason("link.options_damaged", "the link's options are damaged")) from error


def _link_options(options: Options) -> dict[str, Any]:
    """The options a link carries: without the bot fields when no seat is a bot (links of
    games without bots stay as they were)."""
    data: dict[str, Any] = to_dict(options)
    if not any(data.get("bots") or ()):
        data.pop("bots", None)
        data.pop("bot_seed", None)
    return data


def option_ok(name: str, value: Any) -> bool:
    """Whether one option has its declared type (a tampered link could say names=[5],
    which would open, then be saved as a game the saved-games list cannot read)."""
    if name in ("names", "beginners", "expansions"):
        kind = int if name == "beginners" else str
        return isinstance(value, list) and all(
            is_int(v) if kind is int else isinstance(v, str) for v in value)
    if name == "first_player":
        return value is None or is_int(value)
    if name in ("players", "seed", "bot_seed"):
        return is_int(value)
    if name == "bots":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if name == "board":
        return isinstance(value, str)
    return name in _SWITCHES and isinstance(value, bool)  # unknown names are refused


_SWITCHES = ("corporate_era", "prelude", "colonies", "draft", "strict_undo")  # with format 1's


def decode(text: str) -> Game:
    """The game a link holds, replayed move by move; LinkError if anything is wrong.

    A link of this format ends with the checksum of the state its moves lead to: under
    today's rules a missing or wrong one is refused (the link was cut or changed). A link
    made under other rules replays under today's; when it no longer leads to the state it
    recorded, ``rules_changed`` of the game says so.
    """
    try:
        return _decode(text)
    except LinkError:
        raise
    except (IllegalMove, SaveError) as error:
        raise LinkError(reason("link.illegal_move", f"the link holds an illegal move: {error}",
                               reason=error)) from error
    except Exception as error:  # any other failure of a hostile link is still the codec's
        raise cannot_open(error) from error


def cannot_open(error: Exception) -> LinkError:
    """The refusal of a hostile link that failed inside the decoder (any other error)."""
    return LinkError(reason("link.cannot_open",
                            f"the link cannot be opened ({type(error).__name__})",
                            name=type(error).__name__))


def _decode(text: str) -> Game:
    reader = _Reader(_unpack(text))
    fmt, rules, options = _options(reader)
    try:
        game = Game.new(options)
    except ValueError as error:  # options of the right type but out of range
        raise LinkError(reason("link.options_not_game",
                               f"the link's options are not a game: {error}",
                               reason=error)) from error
    tail = DIGEST_BYTES if fmt == LINK_FORMAT else 0
    if reader.left < tail:  # a link of this format always ends with its checksum
        raise LinkError(reason("link.no_checksum", "the link has lost its checksum: it was cut "
                               "short or changed"))
    checksum = reader.data[len(reader.data) - tail:]
    reader = _Reader(reader.data[reader.pos:len(reader.data) - tail])  # moves never read into it
    moves = 0
    while reader.left:
        moves += 1
        if moves > MAX_MOVES:
            raise LinkError(reason("link.too_many_moves", "the link holds too many moves"))
        pending = game.pending
        if not pending:
            raise LinkError(reason("link.after_end", "the link goes on after the game ended"))
        seat = reader.uint() if len(pending) > 1 else 0
        if seat >= len(pending):
            raise LinkError(reason("link.no_decision",
                                   f"move {moves} names a player who has no decision",
                                   move=moves))
        player, prompt = pending[seat]
        code = reader.uint()
        try:
            move = move_of(prompt, code) if fmt == LINK_FORMAT else format1_move(
                game.state, prompt, code)
            game.respond(player, move)
        except (LinkError, IllegalMove, ValueError) as error:  # refused at the first illegal move
            raise LinkError(reason("link.move_illegal", f"move {moves} is not legal: {error}",
                                   move=moves, reason=error)) from error
    if tail and checksum.hex() != game.digest()[:2 * tail]:
        # The same rules lead the same moves to the same state; older rules may lead them
        # elsewhere only through a card whose rules changed since, in play in this game.
        if rules == RULES_VERSION or not rules_notes(rules, game):
            raise LinkError(reason("link.checksum", "the link's checksum does not match its "
                                   "moves: it was changed or damaged"))
        game.rules_changed = [{"key": "rules_changed_link"}]
    elif not tail:  # format 1 recorded no checksum: name the cards whose rules changed
        game.rules_changed = rules_notes(rules, game)
    return game
