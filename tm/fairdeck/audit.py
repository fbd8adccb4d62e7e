"""The audit at the end of a game: every seat reveals its seed, every device re-checks.

With the seeds out, every key and permutation is known, so each device checks that:
each shuffle step is the seat's own permutation and keys applied to what it received;
each key part published during the game is the seat's own for that position; each card a
seat showed lay at a position that seat drew. Every mismatch becomes a :class:`Finding`
naming the seat and the position. The checks use 256-bit exponents only (a lock step is
checked as ``after**k == before**b_j``), about 8 times cheaper than redoing the steps.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tm.fairdeck.draw import holds
from tm.fairdeck.keys import DeckKeys, keys_for
from tm.fairdeck.piles import Piles
from tm.fairdeck.shuffle import Deck, Origin, Step, Transcript, standing
from tm.fairdeck.work import Work, finish

Reason = Literal["no seed", "unlock", "mix", "lock", "skipped", "reused key", "part", "not drawn",
                 "wrong card", "claimed twice", "pass", "pass key"]
DIAGNOSED_PER_STEP = 4  # mismatches per step searched for a reused key (each costs a pass)


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the audit found wrong: whose, where (None: the whole deck) and what."""
    seat: int
    position: int | None
    reason: Reason

    def __str__(self) -> str:
        where = "" if self.position is None else f" at position {self.position}"
        return f"seat {self.seat}{where}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Part:
    """A key part as published during the game: who gave it, for which position."""
    giver: int
    position: int
    digest: bytes


@dataclass(frozen=True, slots=True)
class Claim:
    """A card a seat showed (played or revealed) and the position it says it drew it at."""
    seat: int
    position: int
    card: int


def audit(transcript: Transcript, piles: Piles, seeds: Sequence[bytes | None],
          parts: Sequence[Part], claims: Sequence[Claim],
          holders: Mapping[int, Sequence[int]] | None = None) -> list[Finding]:
    """Everything wrong with one deck's game, in a fixed order (seeds, shuffle steps, key
    parts, claims); an empty list is a passed audit. ``seeds[seat]`` is None for a seat
    that did not reveal, whose checks are then skipped. ``holders[position]``: the seats
    a drafted card was passed to (they may show it too)."""
    return finish(auditing(transcript, piles, seeds, parts, claims, holders))


def audit_size(transcript: Transcript, claims: Sequence[Claim]) -> int:
    """The units of work of :func:`auditing` (a step's position or a claim checked; a
    seat without a seed is counted though skipped: the total is known before the seeds)."""
    return sum(len(after) for after in transcript.outputs) + len(claims) + 1


def auditing(transcript: Transcript, piles: Piles, seeds: Sequence[bytes | None],
             parts: Sequence[Part], claims: Sequence[Claim],
             holders: Mapping[int, Sequence[int]] | None = None) -> Work[list[Finding]]:
    """:func:`audit` as work in slices: a unit per step's position and per claim (a few
    exponentiations each), one for the key parts (hashes), :func:`audit_size` in all."""
    keys = [None if seed is None else keys_for(transcript.group, seed, transcript.label)
            for seed in seeds]
    findings = [Finding(seat, None, "no seed") for seat, seed in enumerate(seeds)
                if seed is None]
    before = transcript.start()
    for step, after in zip(transcript.steps(), transcript.outputs, strict=False):
        seat_keys = keys[step.seat]
        if seat_keys is not None:
            findings += yield from _checking_step(seat_keys, step, before, after,
                                                  transcript.origin)
        else:
            yield len(after)
        before = after
    findings += _check_parts(keys, parts, transcript.size)
    yield 1
    findings += yield from _checking_claims(transcript, piles, keys, claims, holders or {})
    return findings


def _check_step(keys: DeckKeys, step: Step, before: Deck, after: Deck,
                origin: Origin | None = None) -> list[Finding]:
    """The positions where ``after`` is not the seat's step applied to ``before``."""
    return finish(_checking_step(keys, step, before, after, origin))


def _checking_step(keys: DeckKeys, step: Step, before: Deck, after: Deck,
                   origin: Origin | None) -> Work[list[Finding]]:
    """:func:`_check_step`, a unit of work per position."""
    order = keys.permutation(len(before)) if "mix" in step.kind else tuple(range(len(before)))
    findings: list[Finding] = []
    for j, x in enumerate(after):
        source = before[order[j]]
        if not _follows(keys, step, source, x, j, origin):
            diagnose = len(findings) < DIAGNOSED_PER_STEP
            kind = _mismatch_kind(keys, step, source, x, j, len(after), diagnose, origin)
            findings.append(Finding(step.seat, j, kind))
        yield 1
    return findings


def _follows(keys: DeckKeys, step: Step, source: int, x: int, j: int,
             origin: Origin | None) -> bool:
    """Whether ``x`` is the seat's step applied to ``source`` at output position ``j``,
    checked with short exponents on both sides."""
    power = keys.group.power
    if step.kind == "mix":
        return power(source, keys.shuffle_key()) == x
    if step.kind == "unlock":
        if origin is None:  # (only a reshuffle's schedule has unlock steps)
            return False
        old = DeckKeys(keys.group, keys.seed, origin.source(j))
        return power(x, old.position_key(origin.positions[j])) == power(
            source, keys.unlock_key())
    off = standing(keys, step.kind, origin)
    return power(x, off) == power(source, keys.position_key(j))


def _mismatch_kind(keys: DeckKeys, step: Step, source: int, x: int, j: int, size: int,
         diagnose: bool, origin: Origin | None) -> Reason:
    """What a mismatching position most likely is: left unencrypted, another position's
    key reused (searched only when ``diagnose``: it costs a pass over the deck), or just
    not the seat's step."""
    if x == source:
        return "skipped"
    if step.kind in ("mix", "unlock"):
        return step.kind
    if diagnose:
        power = keys.group.power
        seen = power(x, standing(keys, step.kind, origin))
        if any(power(source, keys.position_key(other)) == seen
               for other in range(size) if other != j):
            return "reused key"
    return "lock"


def _check_parts(keys: Sequence[DeckKeys | None], parts: Sequence[Part],
                 size: int) -> list[Finding]:
    """The published key parts that are not the giver's own for their position."""
    derived: dict[int, set[bytes]] = {}
    findings = []
    for part in parts:
        giver = keys[part.giver]
        if giver is None or part.digest == giver.part(part.position):
            continue
        if part.giver not in derived:
            derived[part.giver] = {giver.part(position) for position in range(size)}
        reused = part.digest in derived[part.giver]
        findings.append(Finding(part.giver, part.position, "reused key" if reused else "part"))
    return findings


def _checking_claims(transcript: Transcript, piles: Piles, keys: Sequence[DeckKeys | None],
                     claims: Sequence[Claim], holders: Mapping[int, Sequence[int]]
                     ) -> Work[list[Finding]]:
    """The shown cards that were not drawn by their seat (nor passed to it in a draft) at
    the position they name."""
    cards, locked = transcript.cards(), transcript.outputs[-1] if transcript.outputs else ()
    claimed: set[int] = set()
    findings = []
    for claim in claims:
        if claim.position in claimed:
            findings.append(Finding(claim.seat, claim.position, "claimed twice"))
        elif claim.position not in piles.drawn_by(claim.seat) and claim.seat not in (
                holders.get(claim.position, ())):
            findings.append(Finding(claim.seat, claim.position, "not drawn"))
        elif all(seat is not None for seat in keys) and not (
                0 <= claim.card < len(cards) and claim.position < len(locked) and holds(
                    transcript.group, cards[claim.card], locked[claim.position],
                    [seat.part(claim.position) for seat in keys if seat is not None])):
            findings.append(Finding(claim.seat, claim.position, "wrong card"))
        claimed.add(claim.position)
        yield 1
    return findings
