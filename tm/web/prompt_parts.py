"""The words of every choice (from its ``label`` record: :data:`LABELS`, the base game's
and each expansion's page manifest's), and the parts every prompt renderer shares,
re-exported from :mod:`tm.web.prompt_base` (the decision on screen, :class:`Ask`; the
heading of a decision; buttons that send a listed choice by its index).

The page never builds a response: every control carries ``data-action="choose"`` and
the index of one of the decision's listed choices, and the App sends that choice as it
stands.
"""
from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

from tm.cards import card
from tm.web.card_text import option_text, qty
from tm.web.expansions.pages import LABELS as EXPANSION_LABELS
from tm.web.i18n import EN, NAME_FIELDS, has, space_name, t, tn
from tm.web.model import View, player_name
from tm.web.prompt_base import Choice, label_of

__all__ = ["LABELS", "UnlabelledChoice", "choice_label", "option_label", "paid_text",
           "row_words", "space_words"]


def paid_text(paid: Mapping[str, Any]) -> str:
    """A payment in words: "8 MC + 2 steel" (MC first, then the other currencies)."""
    parts = [qty(c, int(n)) for c, n in paid.items() if n and c == "megacredits"]
    parts += [qty(c, int(n)) for c, n in paid.items() if n and c != "megacredits"]
    return " + ".join(parts) or qty("megacredits", 0)


def option_label(label: Mapping[str, Any]) -> str:
    """An option of an ``option`` prompt, from its label record."""
    key = label.get("key")
    if key == "steps":
        src = label.get("src")
        source = card(src) if isinstance(src, str) else None
        steps = list(label.get("steps") or ())
        if label.get("cause") and source is not None and len(steps) == 1 \
                and steps[0].get("k") == "add_res" and steps[0].get("to") == "self":
            # another card's effect asks (Viral Enhancers): "here" would point at the
            # wrong card, so the card the resource goes to is named
            unit = source.resource or "resource"
            return t("prompt.add_to_card", qty=qty(unit, int(steps[0]["count"])), card=src)
        return option_text(steps, source)
    if key == "final_greenery":
        return tn("option.final_greenery", int(label.get("plants", 0)))
    if key == "done":
        return t("option.done")
    return t("prompt.option")


def space_words(view: View, sid: str) -> str:
    """A space as a choice: its number, its printed name and its bonuses ("29 · Arsia
    Mons · plant")."""
    sp = next((sp for sp in view["spaces"] if sp["id"] == sid), None)
    if sp is None:
        return sid
    named = [space_name(sp["name"])] if sp["name"] else []
    return " · ".join([sid] + named + [t(f"bonus.{b}") for b in sp["bonus"]])


def row_words(label: Mapping[str, Any]) -> str:
    """A board row offered first when many spaces are legal (off-map spaces are row -1)."""
    spaces = ", ".join(label["spaces"])
    if label["row"] < 0:
        return t("prompt.offmap_row", spaces=spaces)
    return tn("prompt.row", len(label["spaces"]), row=label["row"] + 1, spaces=spaces)


class UnlabelledChoice(UserWarning):
    """A choice whose label the page has no words for (the tests make it an error)."""


def _offered(label: Mapping[str, Any]) -> str:
    """Keeping (or putting back) one of a setup offer's cards: a prelude, a colony tile."""
    key = f"action.{label['key']}.{label.get('offer')}"
    if not has(key):
        return _unlabelled(label)
    named = [f for f in NAME_FIELDS if "{" + f + "}" in EN[key]]  # (an offer's items may be
    return t(key, **{(named or ["card"])[0]: label.get("card")})  # other names: tiles)


def _unlabelled(label: Mapping[str, Any]) -> str:
    warnings.warn(f"no words for a choice labelled {label.get('key')!r}", UnlabelledChoice,
                  stacklevel=3)
    return t("prompt.option")


def _plain(key: str) -> Callable[[View, Mapping[str, Any]], str]:
    return lambda view, label: t(f"action.{key}")


def _with_card(key: str) -> Callable[[View, Mapping[str, Any]], str]:
    return lambda view, label: t(f"action.{key}", card=label["card"])


# Every label the engine writes, in words (tests/web/test_web_raw_keys.py plays random
# games of every combination and fails on a label missing here).
LABELS: Mapping[str, Callable[[View, Mapping[str, Any]], str]] = {
    "standard_project": lambda view, label: t(
        "action.standard_project", project=t(f"project.{label['project']}"),
        cost=label.get("cost", 0)),
    "claim_milestone": lambda view, label: t(
        "action.claim_milestone", milestone=label["milestone"], cost=label.get("cost", 0)),
    "fund_award": lambda view, label: t(
        "action.fund_award", award=label["award"], cost=label.get("cost", 0)),
    **{key: _with_card(key) for key in ("play_card", "card_action", "card", "pick", "unpick")},
    "corporation": lambda view, label: t("action.corporation", card=label["card"],
                                         n=label.get("starting_mc", 0)),
    "convert_plants": lambda view, label: tn("action.convert_plants",
                                             int(label.get("plants", 0))),
    "convert_heat": lambda view, label: t("action.convert_heat", n=label.get("heat", 0)),
    **{key: _plain(key) for key in ("end_turn", "pass", "first_action")},
    "player": lambda view, label: player_name(view, label["player"]),
    "none": lambda view, label: t("prompt.none"),
    "amount": lambda view, label: str(label["amount"]),
    "space": lambda view, label: space_words(view, str(label["space"])),
    "region": lambda view, label: row_words(label),
    "use": lambda view, label: t("action.use", qty=qty(str(label["resource"]),
                                                       int(label["amount"]))),
    "confirm": lambda view, label: t("action.confirm_pay",
                                     paid=paid_text(label.get("paid") or {})),
    "setup_done": lambda view, label: tn("action.setup_done", int(label.get("count", 0)),
                                         card=label.get("corporation")),
    "done": lambda view, label: t("prompt.confirm") if "count" in label else option_label(label),
    "keep": lambda view, label: _offered(label),
    "unkeep": lambda view, label: _offered(label),
    "steps": lambda view, label: option_label(label),
    "final_greenery": lambda view, label: option_label(label),
    "more_cards": lambda view, label: t("action.more_cards_page", page=label.get("page", 1),
                                        pages=label.get("pages", 1)),
    **EXPANSION_LABELS,  # each expansion's (its page manifest's labels)
}


def choice_label(view: View, choice: Choice) -> str:
    """A choice of any prompt in words, from its label record (a label this page has no
    words for warns :class:`UnlabelledChoice` and reads as "Choose one": never a key)."""
    label = label_of(choice)
    words_of = LABELS.get(str(label["key"]))
    return _unlabelled(label) if words_of is None else words_of(view, label)
