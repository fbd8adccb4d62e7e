"""What every prompt renderer shares: the decision on screen (:class:`Ask`, from the
view), a choice's words (from its ``label`` record), the heading of a decision, and
buttons that send a listed choice by its index.

The page never builds a response: every control carries ``data-action="choose"`` and
the index of one of the decision's listed choices, and the App sends that choice as it
stands.
"""
from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tm.cards import card
from tm.web.card_text import option_text, qty
from tm.web.colonies_html import COLONY_LABELS, held_words, tile_def, words
from tm.web.html import attrs, esc
from tm.web.i18n import EN, has, sentence, space_name, t, tn
from tm.web.model import Screen, View, player_name
from tm.web.panels import swatch
from tm.web.rule_links import prompt_rule, rule_link

Choice = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Ask:
    """The viewer's decision as the view gives it: its kind and purpose, its details
    (``data``), its listed choices, the cost after discounts of each card it offers;
    with the view it belongs to and the players' colours."""

    view: View
    player: int
    kind: str
    purpose: str
    data: Mapping[str, Any]
    choices: Sequence[Choice]
    costs: Mapping[str, int]
    colours: Sequence[str]
    staged: bool = False  # part of an action under way (Cancel takes it all back)

    @classmethod
    def of(cls, screen: Screen) -> Ask | None:
        """The decision the screen shows to its viewer (None when it has none)."""
        decision = screen.decision
        if decision is None or screen.viewer is None:
            return None
        return cls(screen.game, screen.viewer, str(decision["kind"]),
                   str(decision["purpose"]), decision["data"], decision["choices"],
                   decision.get("costs") or {}, screen.colours, screen.staged)

    @property
    def min(self) -> int:
        """Fewest items a selection may hold."""
        return int(self.data.get("min", 0))

    @property
    def max(self) -> int:
        """Most items a selection may hold."""
        return int(self.data.get("max", 0))

    @property
    def me(self) -> Mapping[str, Any]:
        """The deciding player's public record (resources, cards in play, ...)."""
        players: Sequence[Mapping[str, Any]] = self.view["players"]
        return players[self.player]

    def colour(self, p: Any) -> str:
        """A player's colour (grey when unknown)."""
        return self.colours[p] if isinstance(p, int) and 0 <= p < len(self.colours) else "grey"


def label_of(choice: Choice) -> Mapping[str, Any]:
    """A choice's label record (the choice itself, keyed by its type, if it has none)."""
    label = choice.get("label")
    if isinstance(label, Mapping) and "key" in label:
        return label
    return {"key": choice.get("type"), **{k: v for k, v in choice.items() if k != "type"}}


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
    field = "colony" if "{colony}" in EN[key] else "card"  # (the offer's cards are tiles)
    return t(key, **{field: label.get("card")})


def _trade(view: View, label: Mapping[str, Any]) -> str:
    """A trade with what it gives (the label's gain at the tile's marker)."""
    gain = label.get("gain")
    if gain is None:  # (a label of an older engine): the tile's track at its marker
        tile = str(label.get("tile", ""))
        gain = tile_def(view, tile)["track"][max(0, min(6, int(label.get("marker", 1))))]
    return t("action.trade_named", colony=label.get("tile"), gain=words(gain))


def _unlabelled(label: Mapping[str, Any]) -> str:
    warnings.warn(f"no words for a choice labelled {label.get('key')!r}", UnlabelledChoice,
                  stacklevel=3)
    return t("prompt.option")


def _plain(key: str) -> Callable[[View, Mapping[str, Any]], str]:
    return lambda view, label: t(f"action.{key}")


def _with_card(key: str) -> Callable[[View, Mapping[str, Any]], str]:
    return lambda view, label: t(f"action.{key}", card=label["card"])


# Every label the engine writes, in words (tests/engine/test_web_raw_keys.py plays random
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
    **{key: _plain(key) for key in ("convert_heat_with_resources", "end_turn", "pass",
                                    "first_action")},
    "trade": _trade,
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
    **{key: held_words for key in COLONY_LABELS},  # Colonies' tile, fee and marker answers
}


def choice_label(view: View, choice: Choice) -> str:
    """A choice of any prompt in words, from its label record (a label this page has no
    words for warns :class:`UnlabelledChoice` and reads as "Choose one": never a key)."""
    label = label_of(choice)
    words_of = LABELS.get(str(label["key"]))
    return _unlabelled(label) if words_of is None else words_of(view, label)


def choice_button(index: int, label: str, sub: str | None = None, cls: str = "choice",
                  lead: str = "", **extra: Any) -> str:
    """A button answering the prompt with choice ``index`` (``lead``: trusted HTML;
    ``extra``: more attributes, e.g. ``aria_label`` or ``data_focus``)."""
    second = f'<span class="sub">{esc(sub)}</span>' if sub else ""
    button_attrs = attrs(class_=cls, data_action="choose", data_index=index, **extra)
    return (f'<button type="button"{button_attrs}>'
            f'<span class="label">{lead}{esc(label)}</span>{second}</button>')


def inert_button(label: str, cls: str = "choice", why: str | None = None,
                 rule: str | None = None, **extra: Any) -> str:
    """A button that cannot be used now (its choice is not listed), shown for clarity;
    ``why`` says what keeps it from being used, ``rule`` links to the rule behind it."""
    second = f'<span class="sub why">{esc(why)}</span>' if why else ""
    return (f'<button type="button"{attrs(class_=cls, disabled=True, **extra)}>'
            f'<span class="label">{esc(label)}</span>{second}</button>{rule_link(rule)}')


def list_html(items: list[str], cls: str = "choices") -> str:
    """Items as a list (each already HTML)."""
    return f'<ul class="{cls}">{"".join(f"<li>{item}</li>" for item in items)}</ul>'


def head(ask: Ask, title: str) -> str:
    """Whose decision it is, and the decision's title."""
    context = [t("game.your_turn", name=player_name(ask.view, ask.player))]
    if ask.kind == "action" and len(ask.view["players"]) > 1:
        context.append(t("game.action_n", n=int(ask.view["actions_this_turn"]) + 1))
    mark = swatch(ask.colour(ask.player), ask.player)
    rule = rule_link(prompt_rule(ask.kind, ask.purpose, ask.data))
    return (f'<p class="who">{mark}{esc(" · ".join(context))}</p>'
            f"<h2>{esc(sentence(title))} {rule}</h2>")


def indexes(ask: Ask, *types: str) -> dict[Any, int]:
    """Where each listed choice of these types sits, keyed by its card (or resource)."""
    found: dict[Any, int] = {}
    for i, choice in enumerate(ask.choices):
        if choice["type"] in types:
            found[choice.get("card", choice.get("resource"))] = i
    return found


def first_index(ask: Ask, kind: str) -> int | None:
    """The index of the first listed choice of type ``kind`` (None if not listed now)."""
    return next((i for i, c in enumerate(ask.choices) if c["type"] == kind), None)
