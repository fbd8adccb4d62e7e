"""Colonies' hidden parts: its tiles, fleets and Aridor's tags are rebuilt from what the
view shows of them (nothing of them is secret but their form)."""
from __future__ import annotations

from tm.bots.expansions import Json, Sample, UnseenManifest
from tm.cards import card
from tm.cards.dsl import WILD


def _tiles(s: Sample) -> list[Json]:
    return [{"name": t["name"], "marker": t["marker"], "colonies": list(t["colonies"]),
             "visitor": t["visitor"]} for t in s.view["expansions"]["colonies"]["tiles"]]


def _fleets(s: Sample) -> list[int]:
    return [int(f["total"]) for f in s.view["expansions"]["colonies"]["fleets"]]


def _aridor(s: Sample) -> dict[str, list[str]]:
    """Aridor's tag types seen: those of the cards in its tableau (derived, not sampled)."""
    return {str(pl["index"]): sorted({t for name in pl["played"] for t in card(name).tags
                                      if t != WILD})
            for pl in s.view["players"] if pl["corporation"] == "Aridor"}


UNSEEN = UnseenManifest(
    name="colonies",
    samplers={"tiles": _tiles, "fleets": _fleets, "aridor": _aridor},
    setup_held={"colony_tiles": lambda g, p: list(g.ext["colonies"]["dealt"])},
)
