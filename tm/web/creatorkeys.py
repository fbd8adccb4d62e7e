"""The creator's key rotated when the creator's seat is taken back on a new device (issue 43).

The creator's key signs re-invitations. A creator who lost their device comes back on a new
one with that key (unlocked from the seat's escrow), but the lost device, or whoever
guessed the passphrase, holds it too. So the new device makes a fresh creator key, and the
re-invitation of its own seat carries a *rotation* (:class:`~tm.linkplay.seatseals.
Rotation`) signed by the old key: the new key, bound to the game, to that re-invitation
(seat, generation, invitation key) and to every seat's invitation generation then.

The rotations form a chain from the beginning's key. A re-invitation of a seat at
generation g must be signed by the key in force for it: the key made by the last rotation
whose generations put that seat below g (:func:`required`); the re-invitations before a
rotation keep their old key, every later one needs the newest. A later act under a
superseded key is refused naming the creator's seat ("old creator key"); two rotations of
one key are the creator key's equivocation, refused naming the seat: the first taken wins
on each device (:func:`take_rotations`).
"""
from __future__ import annotations

import os
from collections.abc import Sequence

from tm.linkplay.seatseals import MAX_ROTATIONS, Reinvite, Rotation
from tm.persist import sigs


def rotate(link_id: str, seat: int, old: bytes, again: Reinvite,
           gens: tuple[int, ...]) -> tuple[Rotation, bytes]:
    """A fresh creator key (its secret second) and its rotation signed with ``old`` (the
    creator's secret until now), bound to ``again``, the re-invitation of ``seat``."""
    new = sigs.SoftKey(os.urandom(sigs.SECRET_BYTES))
    message = sigs.rotate_message(link_id, seat, again.generation, again.invitation,
                                  new.public, gens)
    signature = sigs.low_s(sigs.SoftKey(old).sign(message))
    return Rotation(seat, again.generation, gens, again.invitation, new.public,
                    signature), new.secret


def keys(begun: bytes, rotations: Sequence[Rotation]) -> list[bytes]:
    """The creator's keys, oldest first: the beginning's, then each rotation's."""
    return [begun, *(r.creator for r in rotations)]


def required(rotations: Sequence[Rotation], seat: int, generation: int) -> int:
    """The index (in :func:`keys`) of the key that must sign the re-invitation of ``seat``
    at ``generation``: the rotations before it are those that left the seat below it."""
    return sum(1 for r in rotations if 0 <= seat < len(r.gens) and r.gens[seat] < generation)


def _fits(rotation: Rotation, before: Rotation | None, players: int) -> bool:
    """Whether a rotation's generations can follow ``before``'s: one per seat, none
    lower, its own seat's re-invitation newer than any before."""
    gens = rotation.gens
    if len(gens) != players or not 0 <= rotation.seat < players \
            or gens[rotation.seat] != rotation.generation or sigs.public_point(
                rotation.creator) is None:
        return False
    last = before.gens if before is not None else (0,) * players
    return all(g >= h for g, h in zip(gens, last, strict=True)) and \
        rotation.generation > last[rotation.seat]


def _signed(link_id: str, rotation: Rotation, key: bytes, verifier: sigs.Verifier) -> bool:
    return verifier.verify(key, sigs.rotate_message(
        link_id, rotation.seat, rotation.generation, rotation.invitation, rotation.creator,
        rotation.gens), rotation.signature)


def take_rotations(held: tuple[Rotation, ...], found: tuple[Rotation, ...], begun: bytes,
                   link_id: str, players: int, verifier: sigs.Verifier
                   ) -> tuple[tuple[Rotation, ...], tuple[str, int] | None]:
    """The chain this device holds, extended by a link's: (the chain now, None) or (the
    chain held, (why, the creator's seat)) with why ``"creator_twice"`` (another rotation
    of a key this device saw rotated: the first taken wins) or ``"rotation"`` (one its
    key did not sign, or that cannot follow)."""
    chain = list(held)
    for index, rotation in enumerate(found):
        if index < len(held):
            if rotation != held[index]:
                signer = keys(begun, held)[index]
                twice = _signed(link_id, rotation, signer, verifier)
                return held, ("creator_twice" if twice else "rotation", held[index].seat)
            continue
        if index >= MAX_ROTATIONS or not _fits(rotation, chain[-1] if chain else None,
                                                players) \
                or not _signed(link_id, rotation, keys(begun, chain)[-1], verifier):
            return held, ("rotation", rotation.seat)
        chain.append(rotation)
    return tuple(chain), None


def check_reinvite(rotations: Sequence[Rotation], begun: bytes, seat: int, again: Reinvite,
                   message: bytes, verifier: sigs.Verifier) -> tuple[str, int] | None:
    """A re-invitation of ``seat`` (``message`` what its key signs) against the chain:
    None when the key in force for it signed it, else (why, the seat named): ``"old_
    creator"`` (a superseded key signed it, or the re-invitation a rotation is bound to
    was changed: the creator's seat named) or ``"reinvite"``."""
    chain, index = keys(begun, rotations), required(rotations, seat, again.generation)
    bound = next((r for r in rotations if (r.seat, r.generation) == (seat, again.generation)),
                 None)
    if bound is not None and bound.invitation != again.invitation:
        return "old_creator", bound.seat
    if verifier.verify(chain[index], message, again.signature):
        return None
    old = next((i for i in range(len(rotations)) if i != index and verifier.verify(
        chain[i], message, again.signature)), None)
    return ("reinvite", seat) if old is None else ("old_creator", rotations[old].seat)


__all__ = ["check_reinvite", "keys", "required", "rotate", "take_rotations"]
