"""Colonies' hidden parts: its tiles, fleets and Aridor's tags are rebuilt from what the
view shows of them (nothing of them is secret but their form); and what the bots' scoring
reads of a colony tile and a trade (tm.bots.scoring names no expansion)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.bots.expansions import BotValues, Json, Sample, UnseenManifest
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
    values=BotValues(
        custom_steps={"collect_colony_bonuses": 6.0, "add_colony_tile": 2.0,
                      "new_tag_types": 3.0,
                      "discard_from_hand": -2.0},  # (Pluto's bonus: a card drawn, one discarded)
        fixed_steps={"trade": 7.0}),
)


# ---------------------------------------------------------------- read by the bots' scoring
def printed_tile(view: Mapping[str, Any], tile: str) -> Mapping[str, Any]:
    """What the view prints of a colony tile (build, bonus, trade track); {} if none."""
    section = (view.get("expansions") or {}).get("colonies") or {}
    return (section.get("printed") or {}).get(tile) or {}


def own_colonies(label: Mapping[str, Any], seat: int) -> int:
    """How many of a trade label's colonies on its tile are ``seat``'s."""
    return sum(1 for owner in label.get("colonies") or () if owner == seat)
