"""Card text generated from the card's definition (never the printed wording)."""
from __future__ import annotations

from typing import Any

from tm.cards.dsl import Card

PARAM_UNIT = {"temperature": "°C", "oxygen": "%", "oceans": " oceans"}
RES = {"megacredits": "MC", "steel": "steel", "titanium": "titanium", "plants": "plants",
       "energy": "energy", "heat": "heat"}


def amount_text(value: int | dict[str, Any]) -> str:
    """An amount in words: 3, or "1 per Jovian tag" and the like."""
    if isinstance(value, int):
        return f"{value:+d}"
    per = value["per"]
    div = value.get("div", 1)
    every = f" per {div}" if div > 1 else " per"
    if per == "tag":
        scope = {"self": "", "others": " of opponents", "all": " in play"}[value.get("scope",
                                                                                   "self")]
        return f"+1{every} {value['tag']} tag{scope}"
    if per == "city":
        return f"+1{every} city{' on Mars' if value['where'] == 'mars' else ''}"
    if per == "res":
        return f"+{value.get('mult', 1)}{every} resource here"
    if per == "adjacent":
        return f"+1 per adjacent {value['tile']}"
    if per == "event":
        return f"+1{every} event played"
    if per == "held":
        return f"{value['points']} if any resource here"
    return "?"


def _resources(res: dict[str, Any]) -> str:
    return ", ".join(f"{amount_text(v)} {RES.get(r, r)}" for r, v in res.items())


def step_text(step: dict[str, Any]) -> str:
    """One step of a card in words."""
    k = step["k"]
    if k == "prod":
        return f"production {_resources(step['res'])}"
    if k == "gain":
        return _resources(step["res"])
    if k in ("spend", "pay"):
        if k == "pay":
            extra = " (steel ok)" if step["steel"] else " (titanium ok)" if step["titanium"] else ""
            return f"pay {step['amount']} MC{extra}"
        return "spend " + ", ".join(f"{v} {RES.get(r, r)}" for r, v in step["res"].items())
    if k == "raise":
        return f"raise {step['param']} {step['steps']} step(s)"
    if k == "ocean":
        where = " on land" if step["on"] == "land" else ""
        return f"place {step['count']} ocean(s){where}"
    if k == "tr":
        return f"TR {amount_text(step['amount'])}"
    if k == "tile":
        where = step.get("space") or step["on"].replace("_", " ")
        return f"place {step['tile'].replace('_', ' ')} ({where})"
    if k == "draw":
        if step.get("buy"):
            return f"draw {step['count']}, buy for 3 MC or discard"
        keep = f", keep {step['keep']}" if step.get("keep") is not None else ""
        return f"draw {amount_text(step['count']).lstrip('+')} card(s){keep}"
    if k == "add_res":
        target = "here" if step["to"] == "self" else f"to a {step['rtype'] or 'resource'} card"
        return f"add {step['count']} resource(s) {target}"
    if k == "spend_here":
        return f"remove {step['count']} resource(s) here"
    if k == "take_res":
        return f"remove {step['count']} {step['rtype']} from any card"
    if k == "reduce_prod":
        verb = "steal" if step.get("steal") else "any player loses"
        return f"{verb} {step['count']} {RES.get(step['res'], step['res'])} production"
    if k == "remove_any":
        return f"remove up to {step['count']} {RES.get(step['res'], step['res'])} from anyone"
    if k == "choose":
        return " OR ".join("; ".join(step_text(s) for s in option) for option in step["options"])
    if k == "custom":
        return step["fn"].replace("_", " ")
    return k


def effect_text(effect: dict[str, Any]) -> str:
    """An ongoing effect in words."""
    e = effect["e"]
    then = "; ".join(step_text(s) for s in effect.get("then", ()))
    if e == "on_tile":
        who = "you place" if effect["by"] == "self" else "anyone places"
        return f"when {who} a {effect['tile'] or 'tile'}: {then}"
    if e == "on_card":
        tags = "/".join(effect["tags"]) or "card"
        kind = " event" if effect["event"] else ""
        return f"when you play a {tags}{kind}: {then}"
    if e == "on_project":
        return f"after a standard project: {then}"
    if e == "discount":
        what = f"{effect['tag']} cards" if effect["tag"] else "cards"
        when = " (next card)" if effect.get("next_card") else ""
        return f"{what} cost {effect['amount']} MC less{when}"
    if e == "req_bonus":
        when = " (next card)" if effect.get("next_card") else ""
        return f"global requirements ±{effect['steps']} steps{when}"
    return e.replace("_", " ")


def card_lines(card: Card) -> list[str]:
    """The card's text, one line per part (first action, play, action, effects)."""
    lines = []
    if card.first_action:
        lines.append("first action: " + "; ".join(step_text(s) for s in card.first_action))
    if card.play:
        lines.append("; ".join(step_text(s) for s in card.play))
    if card.action:
        lines.append("action: " + "; ".join(step_text(s) for s in card.action))
    lines.extend("effect: " + effect_text(e) for e in card.effects)
    return lines


def requirement_text(card: Card) -> str:
    """Requirements in short form, e.g. "oxygen ≥ 6%"."""
    parts = []
    for req in card.requires:
        if req["r"] == "global":
            sign, value = ("≥", req["min"]) if "min" in req else ("≤", req["max"])
            parts.append(f"{req['param']} {sign} {value}{PARAM_UNIT[req['param']]}")
        elif req["r"] == "tag":
            parts.append(f"{req['count']} {req['tag']} tags")
        elif req["r"] == "prod":
            parts.append(f"{RES[req['res']]} production ≥ {req['count']}")
        else:
            parts.append(f"{req['count']} {req['tile']} ({req['scope']})")
    return ", ".join(parts)
