"""A hint for a person: the best few choices of their decision, how far each falls behind
the best in victory points, and why, as records to translate.

``hint(view)`` takes the person's own view (nothing more: a hint knows what they know) and
returns up to :data:`TOP` options, best first, each a listed choice with its reason
(``key``: ``hint.<kind of move>`` (``hint.play_card``, ``hint.standard_project`` ...) and
the card, project, milestone, award, space or tile) and its estimated value: the hard
policy's score in megacredits (:mod:`tm.bots.ranking`) and the difference to the best in
VP at the hard judge's price of a VP at this generation (rounded to 0.1). A difference
beyond :data:`FAR` VP is not given as a number (``far``): scores that large are the
judge's coarse guesses (issue 31: a card valued at "about 214 MC").

The rule a player must be able to trust: the hint never puts passing, ending the turn or
skipping first while a listed action the hard judge scores above zero remains.

``values`` is the seam for a search (:mod:`tm.bots.expert`): estimated values in MC by
the index of a listed choice (e.g. ``Search.means``); the choices it values are ranked
by them (ties: the hard order) ahead of those it does not, and the differences are
theirs. ``lead`` (a choice's index and MC) raises that choice in the order only: the
search's margin for the hard pick, so the best shown is the move the search makes, while
the differences stay those of the estimates (a choice within the margin shows as 0 VP
behind, not the margin). Deterministic; reads the view only.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from tm.bots.ranking import STOPS, Ranked, Ranking, rank
from tm.view_model import GameView, ListedChoice

TOP = 3  # options shown
FAR = 5.0  # VP: a difference beyond this is said as "more than FAR VP", not as a number
FIELDS = ("card", "project", "milestone", "award", "space", "tile")
ALONE = ("first_action",)  # a move the rules put first: shown alone, no differences


class Option(TypedDict):
    """One choice of the hint: the listed choice, why (``key`` and fields), its value in MC
    (None: not estimated) and how far it falls behind the best in VP (None: not
    estimated; clamped to :data:`FAR`, with ``far`` set beyond it)."""

    choice: ListedChoice
    reason: dict[str, Any]
    value: float | None
    behind: float | None
    far: bool


class Hint(TypedDict):
    """The best choice and its reason (``choice``, ``reason``), the best few ``options``
    (the best first) and the MC a VP is priced at for the differences."""

    choice: ListedChoice
    reason: dict[str, Any]
    options: list[Option]
    vp_price: float


def hint(view: GameView, values: Mapping[int, float] | None = None,
         lead: tuple[int, float] | None = None) -> Hint:
    """The best few choices for the decision in ``view`` (see the module docstring)."""
    ranking = rank(view)
    order, estimate = _order(ranking, values, lead)
    order = never_stop(ranking, order)
    if ranking.choices[order[0].index]["type"] in ALONE:
        order = order[:1]
    top = order[:TOP]
    best = estimate.get(top[0].index)
    options: list[Option] = []
    for n, entry in enumerate(top):
        value = estimate.get(entry.index)
        behind = None
        if best is not None and value is not None and (values or ranking.money):
            behind = max(0.0, (best - value) / ranking.vp_price)
        options.append({"choice": ranking.choices[entry.index],
                        "reason": _reason(ranking, entry, first=n == 0),
                        "value": None if value is None else round(value, 1),
                        "behind": None if behind is None else round(min(behind, FAR), 1),
                        "far": behind is not None and behind > FAR})
    return {"choice": options[0]["choice"], "reason": options[0]["reason"],
            "options": options, "vp_price": round(ranking.vp_price, 1)}


def _order(ranking: Ranking, values: Mapping[int, float] | None,
           lead: tuple[int, float] | None = None) -> tuple[list[Ranked], dict[int, float]]:
    """The choices in the hint's order and their values: the hard ranking, or the
    supplied values' (those it values first, by value with ``lead``'s bonus; ties and the
    rest: hard order)."""
    if not values:
        return list(ranking.ranked), {r.index: r.value for r in ranking.ranked
                                      if r.value is not None}
    place = {r.index: n for n, r in enumerate(ranking.ranked)}
    ordering = dict(values)
    if lead is not None and lead[0] in ordering:
        ordering[lead[0]] += lead[1]
    known = sorted((r for r in ranking.ranked if r.index in values),
                   key=lambda r: (-ordering[r.index], place[r.index]))
    return known + [r for r in ranking.ranked if r.index not in values], dict(values)


def never_stop(ranking: Ranking, order: list[Ranked]) -> list[Ranked]:
    """``order`` with the best listed action first when it puts stopping (passing, ending
    the turn, skipping) first while an action the hard judge scores above zero remains."""
    if not order or ranking.choices[order[0].index]["type"] not in STOPS or not ranking.money:
        return order
    for entry in order[1:]:
        score = ranking.value_of(entry.index)
        if ranking.choices[entry.index]["type"] not in STOPS and score is not None and score > 0:
            return [entry] + [r for r in order if r is not entry]
    return order


def _reason(ranking: Ranking, entry: Ranked, first: bool) -> dict[str, Any]:
    """The reason record of one option: its kind of move (at the action menu: the move's
    type; stopping first: ``nothing_worth``) and what it names."""
    choice = ranking.choices[entry.index]
    why = entry.why
    if ranking.kind == "action" and len(ranking.choices) > 1:
        stop = choice["type"] in STOPS
        why = "nothing_worth" if stop and first else str(choice["type"])
    reason: dict[str, Any] = {"key": f"hint.{why or 'choice'}"}
    for name in FIELDS:
        if name in choice:
            reason[name] = choice[name]
    return reason


__all__ = ["FAR", "TOP", "Hint", "Option", "hint", "never_stop"]
