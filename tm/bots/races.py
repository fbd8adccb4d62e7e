"""Award races and milestone aims: what moving a measure is worth to the seat.

A funded award this seat can still win or lose is a race (habit ``defend``: a lead is worth
keeping); an open milestone is an aim (habit ``aim``: progress towards it is worth
something). Both are read from the view's standings only.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tm.bots.outlook import Outlook
from tm.rules.milestones import AWARDS, MILESTONES

AIM = 0.5  # share of a milestone's worth its measure's progress carries
AWARD_SCALE = {"stock": 4.0, "tr": 3.0, "tags": 1.0, "printed_tags": 1.0}  # else 1.5

# A race: (count, what it counts, my lead over the best other, spread of what may change
# by the end). An aim: (count, what it counts, my measure, threshold).
Race = tuple[str, tuple[str, ...], int, float]
Aim = tuple[str, tuple[str, ...], int, int]


@dataclass(frozen=True, slots=True)
class Races:
    """The races and aims one seat is in (none: :meth:`of` not asked, or not the habit)."""

    outlook: Outlook
    races: Sequence[Race] = ()
    aims: Sequence[Aim] = ()

    @classmethod
    def of(cls, outlook: Outlook) -> Races:
        """The races and aims the level's habits see (none in solo)."""
        races: list[Race] = []
        aims: list[Aim] = []
        if outlook.has("defend") and not outlook.solo:
            races = funded_races(outlook)
        if outlook.has("aim") and not outlook.solo:
            aims = open_aims(outlook)
        return cls(outlook, races, aims)

    def award_points(self, lead: float, spread: float) -> float:
        """Expected award points over the best other player, from a lead and a spread."""
        share = 1.0 / (self.outlook.players - 1)
        if self.outlook.final and spread <= 1.0:
            return (5.0 if lead > 0 else 0.0 if lead == 0 else -5.0) * share
        return 5.0 * math.tanh(lead / spread) * share

    def award_shift(self, count: str, item: str | None, delta: float) -> float:
        """Worth of changing my measure of ``count`` (of ``item``) by ``delta`` in the funded
        award races."""
        if not self.races or not delta:
            return 0.0
        total = 0.0
        for kind, of, lead, spread in self.races:
            if _counts(kind, of, count, item):
                total += self.award_points(lead + delta, spread) - self.award_points(lead, spread)
        return total * self.outlook.vpv

    def aim_shift(self, count: str, item: str | None, delta: float) -> float:
        """Worth of moving my measure of ``count`` (of ``item``) by ``delta`` towards (or
        away from) the open milestones' thresholds: a milestone is 5 points, the closer
        the likelier."""
        if not self.aims or not delta:
            return 0.0
        total = 0.0
        for kind, of, mine, needed in self.aims:
            if _counts(kind, of, count, item):
                total += _reach(needed - mine - delta) - _reach(needed - mine)
        return total * 5.0 * self.outlook.vpv * AIM


def award_spread(outlook: Outlook, name: str) -> float:
    """How much an award's lead may still change by the end of the game."""
    award = AWARDS.get(name)
    scale = AWARD_SCALE.get(award.measure.count, 1.5) if award else 1.5
    return scale * (0.6 + 0.5 * outlook.gl)


def funded_races(outlook: Outlook) -> list[Race]:
    """Funded awards this player can still win or lose."""
    found = []
    standings = outlook.view.get("standings")
    for row in (standings.get("awards") if standings else None) or ():
        award = AWARDS.get(row["name"])
        if row.get("funded_by") is None or award is None:
            continue
        values = row["values"]
        others = [v for i, v in enumerate(values) if i != outlook.me]
        if not others:
            continue
        found.append((award.measure.count, tuple(award.measure.of),
                      int(values[outlook.me]) - int(max(others)),
                      award_spread(outlook, row["name"])))
    return found


def open_aims(outlook: Outlook) -> list[Aim]:
    """Open milestones with my measure and their threshold."""
    found = []
    standings = outlook.view.get("standings")
    for row in (standings.get("milestones") if standings else None) or ():
        milestone = MILESTONES.get(row["name"])
        if not row.get("open") or milestone is None:
            continue
        found.append((milestone.measure.count, tuple(milestone.measure.of),
                      int(row["values"][outlook.me]), int(row["needed"])))
    return found


def _reach(missing: float) -> float:
    """How likely a milestone this far away is claimed in time (0 away: it is there)."""
    return 1.0 if missing <= 0 else 0.55 ** missing


def _counts(kind: str, of: tuple[str, ...], count: str, item: str | None) -> bool:
    """Whether a measure (of ``kind``, over the items ``of``; none: the whole count) moves
    when ``count`` of ``item`` changes."""
    return kind == count and ((not of and item is None) or (bool(of) and item in of))
