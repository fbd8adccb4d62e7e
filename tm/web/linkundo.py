"""Taking back moves already sent, in play by link, as at a table: the other seats agree.

A move is *sent* once a link holding it left this device (its link copied or shared) or
came from another device; until then Undo is free. A sent move is taken back only by a
request: the asker's device signs "the history ``H`` (its first ``upto`` moves) goes back
to ``back_to`` moves" and sends that link on; each other seat's device shows it with
Accept / Refuse. An Accept adds that seat's signature of the same statement; the last seat
to accept rewinds its game and the complete request (every seat's signature) travels on
with its links, so every other device rewinds when it arrives (never before: a refusal
anywhere leaves every device as it was). A refusal travels back with its reason, signed by
the refusing seat's device like an agreement (a refusal its seat did not sign is not taken,
and the asker's page names that seat).

Each device keeps its part under ``tm:undo:<game id>`` (outside the saves: their format is
unchanged): the moves sent, the request under way, a request asked of this seat (kept until
it is answered, so a reload still shows it), the answer to send, the complete request
carried on, and the branch it left when it adopted another history (shown as a replay).

A seat's signature is checked under its pinned key (tm.web.linkseals); a seat with no key
pinned (games begun before keys, or a page that cannot sign) agrees or refuses unsigned,
as its moves are taken.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import Any

from tm.persist import gameids, safejson, sigs
from tm.web.saves import Storage, StorageFull

RECORD_PREFIX = "tm:undo:"
TAG = "tm-link-undo-1"
REFUSE_TAG = "tm-link-undo-refuse-1"
PARAM = "u"  # the link parameter (tm.linkplay.seatseals.SEAL_KEYS)
MAX_REASON = 80  # characters of a refusal's reason
MAX_SEATS = 8


@dataclass(frozen=True)
class Request:
    """A request to take back moves: the history ``upto`` moves long, whose digest is
    ``digest``, goes back to its first ``back_to`` moves; ``agreed`` the seats that signed
    it (the asker first), each with its signature (empty: agreed unsigned)."""

    back_to: int
    upto: int
    asker: int
    digest: str
    agreed: tuple[tuple[int, bytes], ...] = ()

    def seats(self) -> set[int]:
        return {seat for seat, _ in self.agreed}

    def with_agreement(self, seat: int, signature: bytes) -> Request:
        others = tuple(item for item in self.agreed if item[0] != seat)
        return Request(self.back_to, self.upto, self.asker, self.digest,
                       others + ((seat, signature),))

    def same(self, other: Request | Refusal | None) -> bool:
        """Whether ``other`` answers or repeats this request (the same history and point)."""
        return other is not None and (other.back_to, other.upto, other.asker) == (
            self.back_to, self.upto, self.asker)


@dataclass(frozen=True)
class Refusal:
    """A seat's refusal of a request, with its reason (may be empty): ``digest`` the
    request's (on the refusing device; the asker checks against its own request's) and
    ``signature`` the refusing seat's (empty: unsigned, or not signed yet)."""

    back_to: int
    upto: int
    asker: int
    seat: int
    reason: str
    digest: str = ""
    signature: bytes = b""

    def signed(self, signature: bytes) -> Refusal:
        return replace(self, signature=signature)


def history_digest(moves: list[Any]) -> str:
    """The hash of a history (moves as saved), as the signatures of links use it."""
    text = json.dumps(moves, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(text).hexdigest()


def agree_message(link_id: str, seat: int, back_to: int, upto: int, digest: str) -> bytes:
    """What a seat's device signs when it asks or agrees to take moves back."""
    return f"{TAG}|{link_id}|{seat}|{back_to}|{upto}|{digest}".encode()


def refuse_message(link_id: str, refusal: Refusal, digest: str) -> bytes:
    """What a seat's device signs when it refuses a request (``digest``: the request's)."""
    return (f"{REFUSE_TAG}|{link_id}|{refusal.seat}|{refusal.back_to}|{refusal.upto}|"
            f"{refusal.asker}|{digest}|{refusal.reason}").encode()


def request_for(moves: list[Any], back_to: int, asker: int) -> Request:
    """A new request of ``asker`` to take ``moves`` back to ``back_to`` (nobody agreed yet)."""
    return Request(back_to, len(moves), asker, history_digest(moves))


# ---------------------------------------------------------------- the link parameter
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


def param_of(message: Request | Refusal) -> str:
    """The ``&u=`` value of a request (``a.back.upto.asker~seat.sig~…``) or a refusal
    (``r.back.upto.asker.seat.sig~reason``, ``-`` for no signature); its text fits a
    seal's characters (tm.linkplay.seatseals.seal_text_ok)."""
    if isinstance(message, Refusal):
        reason = _b64(message.reason[:MAX_REASON].encode())
        sig = _b64(message.signature) if message.signature else "-"
        return (f"r.{message.back_to}.{message.upto}.{message.asker}.{message.seat}.{sig}"
                + (f"~{reason}" if reason else ""))
    agreed = "".join(f"~{seat}.{_b64(sig) if sig else '-'}" for seat, sig in message.agreed)
    return f"a.{message.back_to}.{message.upto}.{message.asker}.{message.digest}{agreed}"


def _numbers(fields: list[str]) -> list[int] | None:
    if not all(f.isdigit() and len(f) < 7 for f in fields):
        return None
    return [int(f) for f in fields]


def read_param(params: dict[str, str]) -> Request | Refusal | None:
    """The request or refusal a link carries (None: none, or damaged)."""
    head, *rest = params.get(PARAM, "").split("~")
    fields = head.split(".")
    if fields[0] == "r" and len(fields) in (5, 6) and len(rest) <= 1:
        return _refusal_param(fields, rest)
    if fields[0] != "a" or len(fields) != 5 or len(rest) > MAX_SEATS:
        return None
    numbers = _numbers(fields[1:4])
    digest = fields[4]
    if numbers is None or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        return None
    agreed: list[tuple[int, bytes]] = []
    for item in rest:
        seat, _, sig = item.partition(".")
        raw_sig = b"" if sig == "-" else _unb64(sig)
        if not seat.isdigit() or len(seat) > 2 or raw_sig is None or \
                len(raw_sig) not in (0, sigs.SIG_BYTES) or int(seat) in dict(agreed):
            return None
        agreed.append((int(seat), raw_sig))
    back_to, upto, asker = numbers
    if not back_to < upto:
        return None
    return Request(back_to, upto, asker, digest, tuple(agreed))


def _refusal_param(fields: list[str], rest: list[str]) -> Refusal | None:
    """A refusal's parameter (an older page's has no signature field: unsigned)."""
    numbers = _numbers(fields[1:5])
    signature = _unb64(fields[5]) if len(fields) == 6 and fields[5] != "-" else b""
    if numbers is None or signature is None or len(signature) not in (0, sigs.SIG_BYTES):
        return None
    raw = _unb64(rest[0]) if rest else b""
    try:
        reason = raw.decode()[:MAX_REASON] if raw is not None else ""
    except UnicodeDecodeError:
        reason = ""
    back_to, upto, asker, seat = numbers
    return Refusal(back_to, upto, asker, seat, reason, signature=signature)


def refusal_holds(refusal: Refusal, link_id: str, request: Request, keys: dict[int, bytes],
                  verifier: sigs.Verifier) -> bool:
    """Whether a refusal of ``request`` (this device's own) is its seat's: signed under
    the seat's pinned key (in a game begun before invitations, a seat with no key pinned
    refuses unsigned, as its moves are taken)."""
    if refusal.seat == request.asker:
        return False
    if refusal.seat not in keys:
        return not gameids.is_bound(link_id)
    return bool(refusal.signature) and verifier.verify(
        keys[refusal.seat], refuse_message(link_id, refusal, request.digest), refusal.signature)


def verified(request: Request, link_id: str, moves: list[Any], keys: dict[int, bytes],
             verifier: sigs.Verifier) -> set[int] | None:
    """The seats whose agreement holds, for a device holding ``moves`` (None when that
    history is not the one the request takes back: shorter, or another digest). A seat with
    a pinned key agrees only by its signature; one without agrees unsigned."""
    if len(moves) < request.upto or history_digest(moves[:request.upto]) != request.digest:
        return None
    good = set()
    for seat, signature in request.agreed:
        if seat in keys:
            message = agree_message(link_id, seat, request.back_to, request.upto,
                                    request.digest)
            if not signature or not verifier.verify(keys[seat], message, signature):
                continue
        good.add(seat)
    return good


# ---------------------------------------------------------------- this device's record
@dataclass
class Record:
    """This device's part in a game's undo requests (see the module)."""

    sent: int = -1  # moves in the last link that left or reached this device (-1: unknown)
    asking: Request | None = None  # a request this device makes or passes on
    asking_sent: bool = False  # its link has left this device (it can no longer be withdrawn)
    answer: Refusal | None = None  # this device's refusal, to send to the asker
    incoming: Request | None = None  # a request this seat is asked to answer
    carried: Request | None = None  # a complete request, carried on with every link
    left: list[Any] = field(default_factory=list)  # the branch left for another history
    left_from: int = 0  # where that branch parted from the game


def _request_json(request: Request | None) -> Any:
    if request is None:
        return None
    return [request.back_to, request.upto, request.asker, request.digest,
            [[seat, _b64(sig)] for seat, sig in request.agreed]]


def _request_of(raw: Any) -> Request | None:
    if raw is None:
        return None
    back_to, upto, asker, digest, agreed = raw
    return Request(int(back_to), int(upto), int(asker), str(digest),
                   tuple((int(s), _unb64(str(g)) or b"") for s, g in agreed))


def read_record(storage: Storage, link_id: str) -> Record:
    """A game's undo record on this device (missing or unreadable: an empty one)."""
    try:
        raw = safejson.loads(storage.get(RECORD_PREFIX + link_id) or "{}")
        answer = raw.get("answer")
        left = raw.get("left") or []
        if not isinstance(left, list):
            left = []
        return Record(int(raw.get("sent", -1)), _request_of(raw.get("asking")),
                      bool(raw.get("asking_sent")),
                      _refusal_of(answer), _request_of(raw.get("incoming")),
                      _request_of(raw.get("carried")), left, int(raw.get("left_from", 0)))
    except (ValueError, TypeError, AttributeError, IndexError, KeyError):
        return Record()


def _refusal_of(raw: Any) -> Refusal | None:
    if not raw:
        return None
    back_to, upto, asker, seat = (int(v) for v in raw[:4])
    digest = str(raw[5]) if len(raw) > 5 else ""  # (a record kept before refusals were signed)
    return Refusal(back_to, upto, asker, seat, str(raw[4])[:MAX_REASON], digest)


def write_record(storage: Storage, link_id: str, record: Record, strict: bool = False) -> None:
    """Keep a game's undo record (a full store: the game's own save says so; ``strict``:
    raises StorageFull, when what is kept is a link's to take)."""
    answer = record.answer
    data = {"sent": record.sent, "asking": _request_json(record.asking),
            "asking_sent": record.asking_sent,
            "answer": [answer.back_to, answer.upto, answer.asker, answer.seat, answer.reason,
                       answer.digest] if answer else None,
            "incoming": _request_json(record.incoming),
            "carried": _request_json(record.carried), "left": record.left,
            "left_from": record.left_from}
    try:
        storage.set(RECORD_PREFIX + link_id, json.dumps(data, separators=(",", ":")))
    except StorageFull:
        if strict:
            raise
    except Exception:  # (a store refusing otherwise: said by the game's save)
        if strict:
            raise StorageFull(RECORD_PREFIX + link_id) from None


def back_point(moves: list[Any], seat: int, floor: int) -> int:
    """Where a request of ``seat`` takes the game back to: the start of its last run of
    moves, never below ``floor`` (the moves no undo crosses)."""
    start = len(moves)
    while start > floor and moves[start - 1][0] == seat:
        start -= 1
    return start
