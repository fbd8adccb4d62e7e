"""A link's seals: the seats' keys and signatures, and in a game bound to its beginning the
signed beginning, the creator's re-invitations and one seat's invitation.

They are parameters written after a link's game part (:mod:`tm.linkplay.links` reads that
part and keeps these parameters aside for :func:`read_seat_seals`). A link of a game played
by link may end with ``&k=`` (the seats' public keys, each ``seat.key``, joined by ``~``)
and ``&s=`` (each seat's latest signature, ``seat.upto.sig``): see tm.persist.sigs. Readers
before them ignore unknown keys, so such a link still opens there; a link without them
(every link made before) reads as announcing and signing nothing. A damaged seal is read as
absent, never an error: the game part opens.

A game begun since issue 43 (its id bound to a signed beginning, tm.persist.gameids) adds
``&b=`` its beginning (``creator~invitation…~signature``), ``&r=`` the creator's
re-invitations (``seat.generation.upto.invitation.signature``; a seat's own hand-over to
another device ends ``.h``), and its keys say which
invitation introduced them (``seat.key.generation.signature``); an invitation link also
carries ``&i=`` the invitation of the one seat it is sent to (``seat.generation.secret``).
Once the creator's own seat was taken back on a new device, ``&o=`` carries the creator
key's rotations (:func:`rotations_text`; a reader before them leaves the key out, and
takes the re-invitation that came with it as before).
"""
from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field

from tm.persist.gameids import Beginning
from tm.persist.sigs import KEY_BYTES, SECRET_BYTES, SIG_BYTES, SeatSignature

SEAL_KEYS = ("k", "s", "b", "r", "i", "u", "c", "o")  # the seats' keys and signatures, the
# game's beginning, its re-invitations, an invitation (see with_seals); ``u`` a request to
# take back moves, or its refusal (tm.web.linkundo); ``c`` the creator's way back to its
# seat (tm.web.linkseals.recovery_param); ``o`` the creator key's rotations
MAX_SEAL = 1200
MAX_SEALS = 8  # seats (a game has up to 5 players)


def seal_text_ok(value: str) -> bool:
    """A seal parameter's text: base64url, seat numbers, ``.`` and ``~`` (read_seat_seals
    checks each item)."""
    return 0 < len(value) <= MAX_SEAL and all(c.isascii() and (c.isalnum() or c in "-_.~")
                                              for c in value)


@dataclass(frozen=True, slots=True)
class Intro:
    """A seat's device key introduced by that seat's invitation of one generation."""

    generation: int
    signature: bytes


@dataclass(frozen=True, slots=True)
class Reinvite:
    """The creator's re-invitation of a seat: its new invitation key, signed."""

    generation: int
    invitation: bytes
    signature: bytes
    upto: int  # the history it signed (the creator vouches for the seat's moves in it)
    handover: bool = False  # signed by the seat's own device key, not the creator's: the
    # seat moved itself to another device (sigs.handover_message)


@dataclass(frozen=True, slots=True)
class Rotation:
    """The creator's key replaced when the creator's seat was taken back on a new device:
    signed by the key it replaces (sigs.rotate_message)."""

    seat: int  # the creator's seat, re-invited
    generation: int  # its re-invitation's generation
    gens: tuple[int, ...]  # every seat's invitation generation then
    invitation: bytes  # that re-invitation's key
    creator: bytes  # the new creator key (public)
    signature: bytes


@dataclass(frozen=True, slots=True)
class Invite:
    """One seat's invitation, as its invitation link carries it."""

    seat: int
    generation: int
    secret: bytes


@dataclass
class Seals:
    """What a link's seals say (each part absent when it is absent or damaged)."""

    keys: dict[int, bytes] = field(default_factory=dict)
    signatures: list[SeatSignature] = field(default_factory=list)
    intros: dict[int, Intro] = field(default_factory=dict)
    begin: Beginning | None = None
    reinvites: dict[int, Reinvite] = field(default_factory=dict)
    invite: Invite | None = None
    rotations: tuple[Rotation, ...] = ()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str, size: int) -> bytes | None:
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    return data if len(data) == size else None


def _small(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) < 7


def with_seals(fragment: str, keys: dict[int, bytes], signatures: list[SeatSignature],
               seals: Seals | None = None) -> str:
    """A link fragment with the seats' keys and latest signatures after it (and, in a game
    bound to its beginning, the rest of ``seals``: intros, beginning, re-invitations and
    an invitation)."""
    more = seals or Seals()
    parts = []
    if keys:
        parts.append("&k=" + "~".join(_key_text(seat, key, more.intros.get(seat))
                                      for seat, key in sorted(keys.items())))
    if signatures:
        parts.append("&s=" + "~".join(f"{s.seat}.{s.upto}.{_b64(s.signature)}"
                                      for s in sorted(signatures, key=lambda s: s.seat)))
    if more.begin is not None:
        begin = more.begin
        parts.append("&b=" + "~".join(_b64(k) for k in (begin.creator, *begin.invitations,
                                                         begin.signature)))
    if more.reinvites:
        parts.append("&r=" + "~".join(f"{seat}.{r.generation}.{r.upto}.{_b64(r.invitation)}."
                                      f"{_b64(r.signature)}" + (".h" if r.handover else "")
                                      for seat, r in sorted(more.reinvites.items())))
    if more.invite is not None:
        invite = more.invite
        parts.append(f"&i={invite.seat}.{invite.generation}.{_b64(invite.secret)}")
    if more.rotations:
        parts.append("&o=" + rotations_text(more.rotations))
    return fragment + "".join(parts)


def _key_text(seat: int, key: bytes, intro: Intro | None) -> str:
    if intro is None:
        return f"{seat}.{_b64(key)}"
    return f"{seat}.{_b64(key)}.{intro.generation}.{_b64(intro.signature)}"


def read_seals(found: dict[str, str]) -> tuple[dict[int, bytes], list[SeatSignature]]:
    """The keys and signatures of a link's parameters (``split_params``; none when absent
    or damaged)."""
    seals = read_seat_seals(found)
    return seals.keys, seals.signatures


def read_seat_seals(found: dict[str, str]) -> Seals:
    """Everything a link's seals say (``split_params``'s parameters)."""
    seals = Seals()
    for entry in found.get("k", "").split("~")[:MAX_SEALS]:
        fields = entry.split(".")
        key = _unb64(fields[1], KEY_BYTES) if len(fields) in (2, 4) and len(fields[0]) < 3 \
            and fields[0].isascii() and fields[0].isdigit() else None
        if key is None or int(fields[0]) in seals.keys:
            continue
        if len(fields) == 4:
            signature = _unb64(fields[3], SIG_BYTES)
            if not _small(fields[2]) or signature is None:
                continue
            seals.intros[int(fields[0])] = Intro(int(fields[2]), signature)
        seals.keys[int(fields[0])] = key
    for entry in found.get("s", "").split("~")[:MAX_SEALS]:
        fields = entry.split(".")
        if len(fields) != 3 or not all(_small(f) for f in fields[:2]):
            continue
        signature = _unb64(fields[2], SIG_BYTES)
        if signature is not None:
            seals.signatures.append(SeatSignature(int(fields[0]), int(fields[1]), signature))
    seals.begin = _read_begin(found.get("b", ""))
    seals.reinvites = _read_reinvites(found.get("r", ""))
    seals.invite = _read_invite(found.get("i", ""))
    seals.rotations = read_rotations(found.get("o", ""))
    return seals


def _read_begin(text: str) -> Beginning | None:
    items = text.split("~") if text else []
    if not 3 <= len(items) <= MAX_SEALS + 2:
        return None
    keys = [_unb64(item, KEY_BYTES) for item in items[:-1]]
    signature = _unb64(items[-1], SIG_BYTES)
    if signature is None or any(key is None for key in keys):
        return None
    publics = [key for key in keys if key is not None]
    return Beginning(publics[0], tuple(publics[1:]), signature)


def _read_reinvites(text: str) -> dict[int, Reinvite]:
    found: dict[int, Reinvite] = {}
    for entry in text.split("~")[:MAX_SEALS] if text else []:
        fields = entry.split(".")
        handover = fields[5:] == ["h"]  # (a reader before hand-overs skips such an entry)
        if len(fields) != 5 + handover or not all(_small(f) for f in fields[:3]):
            continue
        key, signature = _unb64(fields[3], KEY_BYTES), _unb64(fields[4], SIG_BYTES)
        if key is not None and signature is not None and int(fields[0]) not in found:
            found[int(fields[0])] = Reinvite(int(fields[1]), key, signature, int(fields[2]),
                                             handover)
    return found


def _read_invite(text: str) -> Invite | None:
    fields = text.split(".")
    if len(fields) != 3 or not all(_small(f) for f in fields[:2]):
        return None
    secret = _unb64(fields[2], SECRET_BYTES)
    return None if secret is None else Invite(int(fields[0]), int(fields[1]), secret)


MAX_ROTATIONS = 4  # (each ~280 characters: a seal parameter holds MAX_SEAL)


def rotations_text(rotations: tuple[Rotation, ...]) -> str:
    """The creator key's rotations, oldest first (``seat.generation.g0_g1….invitation.
    creator.signature``, joined by ``~``): the ``&o=`` of a link, and as kept on a device."""
    return "~".join(f"{r.seat}.{r.generation}.{'_'.join(str(g) for g in r.gens)}."
                    f"{_b64(r.invitation)}.{_b64(r.creator)}.{_b64(r.signature)}"
                    for r in rotations)


def read_rotations(text: str) -> tuple[Rotation, ...]:
    """The rotations of :func:`rotations_text`, up to the first damaged one (a chain: what
    follows a damaged link of it cannot be checked)."""
    found: list[Rotation] = []
    for entry in text.split("~")[:MAX_ROTATIONS] if text else []:
        fields = entry.split(".")
        if len(fields) != 6:
            break
        gens = fields[2].split("_")
        keys = [_unb64(f, KEY_BYTES) for f in fields[3:5]]
        signature = _unb64(fields[5], SIG_BYTES)
        if not _small(fields[0]) or not _small(fields[1]) or not 0 < len(gens) <= MAX_SEALS \
                or not all(_small(g) for g in gens) or None in keys or signature is None:
            break
        found.append(Rotation(int(fields[0]), int(fields[1]), tuple(int(g) for g in gens),
                              keys[0] or b"", keys[1] or b"", signature))
    return tuple(found)
