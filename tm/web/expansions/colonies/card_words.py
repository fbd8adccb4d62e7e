"""How the card text words Colonies' notation (:mod:`tm.expansions.colonies.notation`):
the counts its cards use (colonies, resources on your cards, tags with the card itself,
resources here up to a cap), its requirements (colonies, resources on your cards), a
colony built even where you have one, and what those counts counted for a card's VP.
Read through the page manifest (``card_words``)."""
from __future__ import annotations

from collections.abc import Mapping

from tm.cards.dsl import Card, Step
from tm.web.card_text import per_phrase, qty, res_unit, tag_name, unit_name
from tm.web.expansions import CardWords
from tm.web.i18n import t, tn


def _colonies(value: Step, card: Card | None, suffix: str) -> str:
    scope = "all" if value.get("scope") == "all" else "self"
    return per_phrase(f"per.colony_{scope}{suffix}", value.get("div", 1))


def _card_res(value: Step, card: Card | None, suffix: str) -> str:
    rtype, div = str(value.get("rtype") or "resource"), value.get("div", 1)
    return t(f"per.card_res{suffix}", div=div, unit=unit_name(rtype, 1),
             units=unit_name(rtype, div))


def _tag_with_this(value: Step, card: Card | None, suffix: str) -> str:
    return per_phrase(f"per.tag_with_this{suffix}", value.get("div", 1),
                      tag=tag_name(value["tag"]))


def _res_capped(value: Step, card: Card | None, suffix: str) -> str:
    return t("per.res_capped", unit=unit_name(res_unit(card), 1), max=value["max"])


def _colonies_required(req: Step) -> str:
    return tn("req.colony_max", req["max"]) if "max" in req else tn("req.colony", req["count"])


def _card_res_required(req: Step) -> str:
    return t("req.card_res", qty=qty(str(req["rtype"]), req["count"]))


def _colony_step(step: Step) -> str | None:
    return t("ct.colony_dup") if step.get("dup") else None


def _colonies_counted(n: int, card: Card) -> str:
    return tn("end.cards.colonies", n)


def _held_counted(n: int, card: Card) -> str:
    return qty(card.resource or "resource", n)


def _tags_counted(n: int, card: Card) -> str:
    if not isinstance(card.vp, Mapping):
        return tn("end.cards.counted", n)
    return tn("end.cards.tags", n, tag=tag_name(str(card.vp["tag"])))


CARD_WORDS = CardWords(
    counts={"colony": _colonies, "card_res": _card_res, "tag_with_this": _tag_with_this,
            "res_capped": _res_capped},
    requirements={"colony": _colonies_required, "card_res": _card_res_required},
    steps={"colony": _colony_step},
    points={"colony": _colonies_counted, "res_capped": _held_counted,
            "tag_with_this": _tags_counted})
