"""Card records in the reference field notation (``python -m tm cards --json``)."""
from __future__ import annotations

from typing import Any

from tm.cards import all_cards
from tm.cards.dsl import Card, Req


def _requirement(req: Req) -> dict[str, Any]:
    kind = req["r"]
    if kind == "global":
        bound = "min" if "min" in req else "max"
        return {"global": req["param"], bound: req[bound]}
    if kind == "tag":
        return {"tag": req["tag"], "count": req["count"]}
    if kind == "prod":
        return {"production": req["res"], "count": req["count"]}
    if kind == "colony":
        at_most = {"at_most": True} if "max" in req else {}
        return {"colonies": req["scope"], "count": req.get("max", req.get("count")), **at_most}
    if kind == "card_res":
        return {"resources_on_cards": req["rtype"], "count": req["count"], "scope": "self"}
    return {"tiles": req["tile"], "count": req["count"], "scope": req["scope"]}


def _vp(vp: Any) -> Any:
    if vp is None or isinstance(vp, int):
        return vp
    per = vp["per"]
    if per == "res":
        return {"per_resource": vp.get("mult", 1), "divisor": vp["div"]}
    if per == "held":
        return {"custom": True, "points": vp["points"], "if_resources_here_min": 1}
    if per == "tag":
        return {"per_tag": vp["tag"], "divisor": vp["div"], "scope": vp["scope"]}
    if per == "city":
        return {"per_city": vp["where"], "divisor": vp["div"], "scope": "all"}
    if per == "colony":
        return {"per_colony": True, "scope": vp["scope"], "divisor": vp["div"]}
    if per == "adjacent":
        key = "per_ocean" if vp["tile"] == "ocean" else "per_city"
        value: Any = True if vp["tile"] == "ocean" else "anywhere"
        return {key: value, "adjacent_to_this_tile": True, "divisor": 1, "scope": "all"}
    raise ValueError(f"no export for VP {vp!r}")


def card_record(c: Card) -> dict[str, Any]:
    """One card as name, set, type, cost/starting_mc (a prelude's cost is null), tags,
    requirements, vp, resource_type."""
    record: dict[str, Any] = {"name": c.name, "number": c.number, "set": c.set, "type": c.type}
    if c.is_corporation:
        record["starting_mc"] = c.starting_mc
    else:
        record["cost"] = None if c.is_prelude else c.cost  # a prelude has no cost at all
    record["tags"] = [*c.tags, "event"] if c.is_event else list(c.tags)
    record["requirements"] = [_requirement(r) for r in c.requires]
    record["vp"] = _vp(c.vp)
    record["resource_type"] = c.resource
    return record


def card_records() -> list[dict[str, Any]]:
    """Every implemented card as a record."""
    return [card_record(c) for c in all_cards()]


def _uses_code(c: Card) -> bool:
    steps = [*c.play, *c.action, *c.first_action,
             *(step for e in c.effects for step in e.get("then", ()))]
    return any(_has_custom(step) for step in steps)


def _has_custom(step: dict[str, Any]) -> bool:
    if step["k"] == "custom":
        return True
    return any(_has_custom(s) for option in step.get("options", ()) for s in option)


def cards_with_code() -> list[str]:
    """Names of cards that need a named function in tm/vocab/custom.py."""
    return [c.name for c in all_cards() if _uses_code(c)]


def card_stats() -> str:
    """How many cards are pure data and how many need code."""
    cards = all_cards()
    coded = cards_with_code()
    share = 100 * (len(cards) - len(coded)) / len(cards) if cards else 0.0
    return (f"cards: {len(cards)} implemented, {len(cards) - len(coded)} pure data "
            f"({share:.0f}%), {len(coded)} with code: {', '.join(coded)}")
