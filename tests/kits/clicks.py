"""Which listed choice a test that clicks picks, for a short honest game (the page tests'
click kit, tests/web/clickkit.py, and the browser's, tests/e2e/clickdriver.py).

An action: a milestone when it can, then (once each) an award funded, a colony built and a
trade, then standard projects that raise a global parameter not yet at its maximum, heat
and plants converted, the cheapest card, and then passing (a device may keep its plants
for the last greenery instead).
A selection: the corporation, the preludes it must keep, up to :data:`CARDS` cards at
setup (none later: the money goes to the parameters), then Done; a selection is only ever
added to (never unpicked), so it ends."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

ORDER = ("claim_milestone", "fund_award", "build_colony", "trade", "aquifer", "asteroid",
         "greenery_project", "convert_plants", "convert_heat", "play_card", "pass",
         "end_turn")
ONCE = ("fund_award", "build_colony", "trade")  # (each once a device: they raise no parameter)
RAISES = {"aquifer": "oceans", "asteroid": "temperature", "greenery_project": "oxygen",
          "convert_plants": "oxygen",
          "convert_heat": "temperature"}
NEVER = ("unpick", "unkeep")
CARDS = 2  # cards bought at setup before Done: cards to play, not too many


@dataclass
class Taste:
    """What a device has done and what the board allows: ``done``, the once-only kinds it
    took; ``maxed``, the global parameters at their maximum; ``keep_plants``: plants are
    never converted during the game (the last greenery then comes, with plants)."""
    done: set[str] = field(default_factory=set)
    maxed: Collection[str] = ()
    keep_plants: bool = False


def kind_of(choice: Mapping[str, Any]) -> str:
    """A listed choice's kind as :data:`ORDER` names it."""
    what = str(choice.get("type"))
    if what == "standard_project":
        project = str(choice.get("project"))
        return "greenery_project" if project == "greenery" else project
    return what


def score(choice: Mapping[str, Any], kind: str, purpose: str, chosen: bool, picked: int,
          taste: Taste) -> tuple[int, int]:
    """Lower first: where a listed choice stands (``chosen``: the selection's corporation
    is chosen; ``picked``: how many cards it holds)."""
    what = kind_of(choice)
    if kind == "action":
        if what not in ORDER or what in taste.done or RAISES.get(what) in taste.maxed \
                or (what == "convert_plants" and taste.keep_plants):
            return len(ORDER), 0
        return ORDER.index(what), int(choice.get("cost") or 0)
    if what in NEVER or (what == "corporation" and chosen):
        return 99, 0
    if what in ("corporation", "keep"):
        return 0, 0
    if what == "pick":
        return (1 if kind == "setup" and picked < CARDS else 50), 0
    if what in ("confirm", "done"):
        return 10, 0
    return 20, 0


def best(choices: list[Mapping[str, Any]], usable: list[int], kind: str, purpose: str,
         chosen: bool, picked: int, taste: Taste) -> int | None:
    """The index to click among ``usable`` (the drawn, usable controls' indexes); the
    once-only kind it takes is noted in ``taste``."""
    ranked = sorted((score(choices[i], kind, purpose, chosen, picked, taste), n, i)
                    for n, i in enumerate(usable) if 0 <= i < len(choices))
    if not ranked:
        return None
    index = ranked[0][2]
    if kind == "action" and kind_of(choices[index]) in ONCE:
        taste.done.add(kind_of(choices[index]))
    return index
