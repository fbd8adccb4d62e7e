"""A hint for a person: the best few choices of their decision, how far each falls behind
the best in victory points, and why, as records to translate.

``hint(view)`` takes the person's own view (nothing more: a hint knows what they know) and
returns up to :data:`TOP` options, best first, each a listed choice with its reason
(``key``: ``hint.<kind of move>`` (``hint.play_card``, ``hint.standard_project`` ...) and
the card, project, milestone, award, space or tile) and its estimated value: the hard
policy's score in megacredits (:mod:`tm.bots.ranking`) and the difference to the best in
MC (``behind_mc``) and in VP at the hard judge's price of a VP at this generation
(``behind``, rounded to 0.1), never capped: a player weighs the number (issue 45). The
hint's ``unit`` says which the page shows: VP with others, MC solo (where points do not
decide the game). The expert's judgement over these options: :mod:`tm.bots.advice`.

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
from typing import NotRequired, TypedDict

from tm.bots.ranking import STOPS, Ranked, Ranking, rank
from tm.view_model import GameView, ListedChoice, Words

TOP = 3  # options shown
FIELDS = ("card", "project", "milestone", "award", "space", "tile")
ALONE = ("first_action",)  # a move the rules put first: shown alone, no differences


class Option(TypedDict):
    """One choice of the hint: the listed choice (for a purchase: its next step), why
    (``key`` and fields), its value in MC (None: not estimated) and how far it falls
    behind the best in VP and in MC (None: not estimated); ``cards``: a purchase's cards."""

    choice: ListedChoice
    reason: Words
    value: float | None
    behind: float | None
    behind_mc: float | None
    cards: NotRequired[list[str]]


class Hint(TypedDict):
    """The best choice and its reason (``choice``, ``reason``), the best few ``options``
    (the best first) and the MC a VP is priced at for the differences."""

    choice: ListedChoice
    reason: Words
    options: list[Option]
    vp_price: float
    unit: str  # "vp" or "mc": the unit the differences are shown in


def hint(view: GameView, values: Mapping[int, float] | None = None,
         lead: tuple[int, float] | None = None, top: int = TOP) -> Hint:
    """The best ``top`` choices for the decision in ``view`` (see the module docstring)."""
    ranking = rank(view)
    order, estimate = _order(ranking, values, lead)
    order = never_stop(ranking, order)
    if ranking.choices[order[0].index]["type"] in ALONE:
        order = order[:1]
    best = estimate.get(order[0].index)
    options: list[Option] = []
    for n, entry in enumerate(order[:top]):
        value = estimate.get(entry.index)
        known = best is not None and value is not None and bool(values or ranking.money)
        options.append(option(ranking.choices[entry.index],
                              _reason(ranking, entry, first=n == 0), value,
                              best if known else None, ranking.vp_price))
    return made(options, ranking.vp_price, len(view["players"]))


def option(choice: ListedChoice, reason: Words, value: float | None,
           best: float | None, vp_price: float) -> Option:
    """One option of a hint, its difference to ``best`` (None: not estimated) in MC and in
    VP at ``vp_price``."""
    mc = None if best is None or value is None else max(0.0, best - value)
    return {"choice": choice, "reason": reason,
            "value": None if value is None else round(value, 1),
            "behind": None if mc is None else round(mc / vp_price, 1),
            "behind_mc": None if mc is None else round(mc, 1)}


def made(options: list[Option], vp_price: float, players: int) -> Hint:
    """A hint of ``options`` (the best first): VP differences with others, MC solo."""
    return {"choice": options[0]["choice"], "reason": options[0]["reason"],
            "options": options, "vp_price": round(vp_price, 1),
            "unit": "mc" if players == 1 else "vp"}


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


def _reason(ranking: Ranking, entry: Ranked, first: bool) -> Words:
    """The reason record of one option: its kind of move (at the action menu: the move's
    type; stopping first: ``nothing_worth``) and what it names."""
    choice = ranking.choices[entry.index]
    why = entry.why
    if ranking.kind == "action" and len(ranking.choices) > 1:
        stop = choice["type"] in STOPS
        why = "nothing_worth" if stop and first else str(choice["type"])
    reason: Words = {"key": f"hint.{why or 'choice'}"}
    for name in FIELDS:
        if name in choice:
            reason[name] = choice[name]
    return reason


__all__ = ["TOP", "Hint", "Option", "hint", "made", "never_stop", "option"]
