"""Card text generated from the card's definition (never the printed wording).

Every phrase comes from the message catalog (keys ``unit.*``, ``per.*``, ``ct.*``,
``eff.*``, ``req.*``, ``vp.*``); this module only chooses keys and fills them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tm.cards.dsl import Card
from tm.web.card_words import COUNTS, REQUIREMENTS, STEPS
from tm.web.i18n import has, name, plural_key, t, tn

Step = Mapping[str, Any]
# ---------------------------------------------------------------- small pieces
def qty(unit: str, n: int, signed: bool = False) -> str:
    """A counted unit: "3 plants", or "+3 plants" when ``signed``."""
    key = plural_key(f"unit.{unit}", n)
    if not has(key):
        key = plural_key("unit.resource", n)
    return t(key, n=f"{n:+d}" if signed else str(n))


def unit_name(unit: str, n: int) -> str:
    """The unit's word for a count, without the number: "animal", "animals"."""
    key = plural_key(f"unit.{unit}", n)
    key = key if has(key) else plural_key("unit.resource", n)
    marker = "\u2063"  # (invisible) the number's place, dropped: the word keeps the count's form
    return t(key, count=n, n=marker).replace(marker, "").strip()


def tile_name(tile: str) -> str:
    """A tile's name: "greenery", "Mohole Area" (made from its id when not in the catalog)."""
    key = f"tilename.{tile}"
    if has(key):
        return t(key)
    colony = name("colony", tile)  # a colony tile ("Callisto") by its name in the language
    return colony if colony != tile else tile.replace("_", " ").title()


def tile_phrase(tile: str) -> str:
    """A tile with its article: "a city", "the Mohole Area tile"."""
    key = f"tile.{tile}"
    return t(key) if has(key) else t("tile.named", name=tile_name(tile))


def join_or(items: list[str]) -> str:
    """"a, b or c"."""
    if len(items) <= 1:
        return "".join(items)
    return t("list.and").join(items[:-1]) + t("list.or_last") + items[-1]


def tag_name(tag: str) -> str:
    """A tag in words."""
    return t(f"tag.{tag}")


def res_unit(card: Card | None) -> str:
    """The resource a card holds ("animal"), or "resource"."""
    return card.resource if card is not None and card.resource else "resource"


def per_phrase(key: str, div: int, **fields: Any) -> str:
    """"per city" (one), or a counted "per 2 cities" (``_div`` keys: the count's form)."""
    return tn(key, div, **fields) if key.endswith("_div") else t(key, **fields)



def per_text(value: Mapping[str, Any], card: Card | None = None) -> str:
    """What an amount counts: "per Jovian tag", "per 2 animals here"."""
    per, div = value["per"], value.get("div", 1)
    suffix = "_div" if div > 1 else ""
    if per == "tag":
        scope = value.get("scope", "self")
        if scope != "self":
            return t(f"per.tag_{scope}", tag=tag_name(value["tag"]))
        return per_phrase(f"per.tag{suffix}", div, tag=tag_name(value["tag"]))
    if per == "city":
        where = "_mars" if value.get("where") == "mars" else ""
        return per_phrase(f"per.city{where}{suffix}", div)
    if per == "res":
        unit = res_unit(card)
        return t(f"per.res{suffix}", div=div, unit=unit_name(unit, 1), units=unit_name(unit, div))
    if per == "adjacent":
        return t("per.adjacent", tile=tile_name(value["tile"]))
    if per == "event":
        return per_phrase(f"per.event{suffix}", div)
    own = COUNTS.get(per)
    if own is not None:  # an expansion's count
        return own(value, card, suffix)
    return t(f"per.{per}")  # (a count without a field: Community Services' tagless)


def amount_text(value: int | Mapping[str, Any], unit: str, signed: bool = False,
                card: Card | None = None) -> str:
    """An amount of a unit: "+2 plants" or "+1 MC per Earth tag"."""
    if isinstance(value, int):
        return qty(unit, value, signed)
    if value.get("per") == "held":
        return t("vp.held", n=value.get("points", 0))
    mult = int(value.get("mult", 1))
    return t("per.amount", qty=qty(unit, mult, signed), per=per_text(value, card))


def _res_list(res: Mapping[str, Any], signed: bool, card: Card | None) -> str:
    return t("list.and").join(amount_text(v, r, signed, card) for r, v in res.items())


# ---------------------------------------------------------------- steps
IGNORESREQUIREMENTS = 99  # a requirement bonus this large means "ignore them" (Ecology Experts)


def _tile_step(step: Step) -> str:
    tile = tile_phrase(step["tile"])
    if step.get("space"):
        named = name("card", step["space"])  # (spaces off Mars are named after their cards)
        return t("ct.tile_where", tile=tile, where=t("where.named", name=named))
    on = step.get("on", "")
    if has(f"where.{on}"):
        return t("ct.tile_where", tile=tile, where=t(f"where.{on}"))
    return t("ct.tile", tile=tile)


def _draw_step(step: Step) -> str:
    count = step["count"]
    if step.get("tag"):  # dig the deck until enough cards with the tag show
        return tn("ct.dig", count, tag=tag_name(step["tag"]))
    if not isinstance(count, int):
        return t("ct.draw_per", per=per_text(count))
    if step.get("buy"):
        return tn("ct.draw_buy", count)
    if step.get("keep") is not None:
        return t("ct.draw_keep", n=count, keep=step["keep"])
    return tn("ct.draw", count)


def _card_res_step(step: Step, card: Card | None) -> str:
    k = step["k"]
    if k == "add_res" and step["to"] == "self":
        return t("ct.add_here", qty=qty(res_unit(card), step["count"]))
    if k == "add_res" and step.get("tag"):
        return t("ct.add_to_tag", qty=qty(step.get("rtype") or "resource", step["count"]),
                 tag=tag_name(step["tag"]))
    if k == "add_res":
        return t("ct.add_to", qty=qty(step.get("rtype") or "resource", step["count"]))
    if k == "spend_here":
        return t("ct.remove_here", qty=qty(res_unit(card), step["count"]))
    return t("ct.take", qty=qty(step["rtype"], step["count"]))


def _simple_step(step: Step, card: Card | None) -> str | None:
    k = step["k"]
    if k == "prod":
        return t("ct.prod", list=_res_list(step["res"], True, card))
    if k == "gain":
        return t("ct.gain", list=_res_list(step["res"], False, card))
    if k == "spend":
        return t("ct.spend", list=_res_list(step["res"], False, card))
    if k == "pay":
        which = "_steel" if step.get("steel") else "_titanium" if step.get("titanium") else ""
        return t(f"ct.pay{which}", n=step["amount"])
    if k == "raise":
        return t("ct.raise", param=t(f"param.{step['param']}"),
                 steps=tn("unit.step", step["steps"]))
    if k == "ocean":
        return tn("ct.ocean_land" if step.get("on") == "land" else "ct.ocean", step["count"])
    if k == "tr":
        amount = step["amount"]
        if isinstance(amount, int):
            return t("ct.tr", steps=tn("unit.step", amount))
        return t("ct.tr_per", per=per_text(amount, card))
    return None


def step_text(step: Step, card: Card | None = None) -> str:
    """One step of a card in words (``card`` names the resources it holds)."""
    simple = _simple_step(step, card)
    if simple is not None:
        return simple
    k = step["k"]
    if k == "tile":
        return _tile_step(step)
    if k == "draw":
        return _draw_step(step)
    if k in ("add_res", "spend_here", "take_res"):
        return _card_res_step(step, card)
    if k == "reduce_prod":
        what = qty(step["res"], step["count"])
        return t("ct.steal" if step.get("steal") else "ct.reduce", qty=what)
    if k == "remove_any":
        return t("ct.remove_any", qty=qty(step["res"], step["count"]))
    if k == "choose":
        return t("ct.or").join(option_text(option, card) for option in step["options"])
    if k == "custom":
        return _custom_text(step)
    own = STEPS.get(k)
    said = own(step) if own is not None else None
    if said is not None:  # an expansion's step, in its own words
        return said
    if has(f"ct.{k}"):
        return t(f"ct.{k}")
    return str(k).replace("_", " ")


def _custom_text(step: Step) -> str:
    key = f"custom.{step['fn']}"
    if not has(key):
        return str(step["fn"]).replace("_", " ")
    count = int(step.get("count", 1))
    return t(key, n=count, qty=qty(str(step.get("res", "resource")), count))


def option_text(steps: list[Step], card: Card | None = None) -> str:
    """Steps taken together ("spend 2 microbes here and raise oxygen 1 step")."""
    return t("ct.and").join(step_text(s, card) for s in steps)


def steps_text(steps: tuple[Step, ...] | list[Step], card: Card | None = None) -> str:
    """A card part (its play, action or first action) in words."""
    return t("list.then").join(step_text(s, card) for s in steps)


# ---------------------------------------------------------------- ongoing effects
def _on_tile_text(effect: Mapping[str, Any], then: str) -> str:
    tile = tile_phrase(effect["tile"]) if effect.get("tile") else t("eff.tile_any")
    if effect.get("bonus_any"):
        tile = t("eff.on_bonus", tile=tile,
                 list=join_or([t(f"bonus.{b}") for b in effect["bonus_any"]]))
    elif effect.get("mars_only"):
        tile = t("eff.on_mars", tile=tile)
    who = t("eff.who_self" if effect.get("by", "self") == "self" else "eff.who_any")
    return t("eff.on_tile", who=who, what=tile, then=then)


def _on_card_text(effect: Mapping[str, Any], then: str) -> str:
    tags = join_or([tag_name(tag) for tag in effect.get("tags", ())])
    anyone = "_any" if effect.get("by") == "any" else ""
    if effect.get("each_tag") and tags:
        return t(f"eff.on_tag{anyone}", tags=tags, then=then)
    if effect.get("event"):
        what = t("eff.tag_event", tags=tags) if tags else t("eff.an_event")
    elif tags:
        what = t("eff.tag_card", tags=tags)
    elif effect.get("min_cost"):
        what = t("eff.card_costing", n=effect["min_cost"])
    elif effect.get("vp_positive"):
        what = t("eff.card_vp_positive")
    else:
        what = t("eff.a_card")
    return t(f"eff.on_card{anyone}", what=what, then=then)


def _static_text(effect: Mapping[str, Any]) -> str:
    e = effect["e"]
    if e == "discount":
        if effect.get("next_card"):
            return t("eff.discount_next", n=effect["amount"])
        if effect.get("tag"):
            return t("eff.discount_tag", tag=tag_name(effect["tag"]), n=effect["amount"])
        return t("eff.discount", n=effect["amount"])
    if e == "req_bonus" and effect["steps"] >= IGNORESREQUIREMENTS:
        return t("eff.req_ignored_next")
    if e == "req_bonus":
        key = "eff.req_bonus_next" if effect.get("next_card") else "eff.req_bonus"
        return t(key, steps=tn("unit.step", effect["steps"]))
    if e == "metal_value":
        steel, titanium = effect.get("steel", 0), effect.get("titanium", 0)
        which = "both" if steel and titanium else "steel" if steel else "titanium"
        return t(f"eff.metal_{which}", n=max(steel, titanium))
    if e == "project_discount":
        return t("eff.project_discount", project=t(f"project.{effect['project']}"),
                 n=effect["amount"])
    if has(f"eff.{e}"):
        return t(f"eff.{e}", n=effect.get("amount", ""))
    return t("eff.unknown", name=str(e).replace("_", " "))


def effect_text(effect: Mapping[str, Any], card: Card | None = None) -> str:
    """An ongoing effect in words."""
    then = steps_text(effect.get("then", ()), card)
    e = effect["e"]
    if e == "res_as_mc":
        tags = join_or([tag_name(tag) for tag in effect.get("tags", ())])
        return t("eff.res_as_mc", res=t(f"res.{res_unit(card)}"), n=effect["value"], tags=tags)
    if e == "on_tile":
        return _on_tile_text(effect, then)
    if e == "on_card":
        return _on_card_text(effect, then)
    if e == "on_project":
        if effect.get("min_cost"):
            return t("eff.on_project_costing", n=effect["min_cost"], then=then)
        return t("eff.on_project", then=then)
    return _static_text(effect)


# ---------------------------------------------------------------- whole cards
def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_lines(card: Card, compact: bool = False) -> list[str]:
    """The card's text, one line per part: first action, play, action, effects.

    ``compact`` leaves out what happened once when it was played.
    """
    return [line for line, _ in scoped_lines(card, compact)]


# Steps that only do something in a solo game (the neutral player's cities), or only with
# other players (awards: none in solo, R-SOLO-1).
SOLO_ONLY_STEPS = frozenset({"neutral_cities_prod"})
MULTI_ONLY_STEPS = frozenset({"fund_award"})


def _scope(steps: tuple[Step, ...] | list[Step]) -> str | None:
    """"solo" or "multi" when every step applies only there, else None."""
    kinds = [str(step.get("fn") if step.get("k") == "custom" else step.get("k")) for step in steps]
    if kinds and all(k in SOLO_ONLY_STEPS for k in kinds):
        return "solo"
    if kinds and all(k in MULTI_ONLY_STEPS for k in kinds):
        return "multi"
    return None


def scoped_lines(card: Card, compact: bool = False) -> list[tuple[str, str | None]]:
    """:func:`card_lines` with where each line applies: "solo", "multi" or None (both)."""
    lines: list[tuple[str, str | None]] = []
    if card.first_action and not compact:
        lines.append((t("line.first_action", text=steps_text(card.first_action, card)),
                      _scope(card.first_action)))
    if card.play and not compact:
        lines.append((_sentence(steps_text(card.play, card)), _scope(card.play)))
    if card.action:
        lines.append((t("line.action", text=steps_text(card.action, card)), None))
    lines.extend((t("line.effect", text=effect_text(e, card)), None) for e in card.effects)
    return lines


def requirement_part(req: Mapping[str, Any]) -> str:
    """One requirement in short form, e.g. "oxygen ≥ 6 %" or "2 science tags"."""
    kind = req["r"]
    if kind == "global":
        bound = "min" if "min" in req else "max"
        value = t(f"reqv.{req['param']}", n=req[bound])
        return t(f"req.{bound}", param=t(f"param.{req['param']}"), value=value)
    if kind == "tag":
        return tn("req.tag", req["count"], tag=tag_name(req["tag"]))
    if kind == "prod":
        return t("req.prod", res=t(f"resname.{req['res']}"), n=req["count"])
    if kind in REQUIREMENTS:  # an expansion's requirement
        return REQUIREMENTS[kind](req)
    scope = "self" if req.get("scope", "self") == "self" else "any"
    return tn(f"req.tiles_{scope}", req["count"], tile=tile_name(req["tile"]))


def requirement_now(req: Mapping[str, Any], current: Any) -> str:
    """Where the player stands on a requirement, in its unit: "now 4 %", "now 1"."""
    value = t(f"reqv.{req['param']}", n=current) if req["r"] == "global" else str(current)
    return t("req.now", value=value)


def requirement_text(card: Card) -> str:
    """Requirements in short form, e.g. "oxygen ≥ 6 %, 2 science tags" ("" if none)."""
    return t("list.and").join(requirement_part(req) for req in card.requires)


def vp_text(card: Card) -> str:
    """The card's victory points in words ("" if it has none)."""
    if card.vp is None:
        return ""
    if isinstance(card.vp, int):
        return qty("vp", card.vp)
    if card.vp.get("per") == "held":
        return t("vp.held", n=card.vp.get("points", 0))
    mult = int(card.vp.get("mult", 1))
    return t("vp.per", qty=qty("vp", mult), per=per_text(card.vp, card))
