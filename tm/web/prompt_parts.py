"""What every prompt renderer shares: the decision on screen (:class:`Ask`, from the
view), a choice's words (from its ``label`` record), the heading of a decision, and
buttons that send a listed choice by its index.

The page never builds a response: every control carries ``data-action="choose"`` and
the index of one of the decision's listed choices, and the App sends that choice as it
stands.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tm.cards import card
from tm.web.card_text import option_text, qty
from tm.web.colonies_html import held_words
from tm.web.html import attrs, esc
from tm.web.i18n import t, tn
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
        return t("option.final_greenery", n=label.get("plants", 0))
    if key == "done":
        return t("option.done")
    return t("prompt.option")


def choice_label(view: View, choice: Choice) -> str:
    """A choice of any prompt in words, from its label record."""
    label = label_of(choice)
    key = str(label["key"])
    if key == "standard_project":
        return t("action.standard_project", project=t(f"project.{label['project']}"),
                 cost=label.get("cost", 0))
    if key == "claim_milestone":
        return t("action.claim_milestone", milestone=label["milestone"],
                 cost=label.get("cost", 0))
    if key == "fund_award":
        return t("action.fund_award", award=label["award"], cost=label.get("cost", 0))
    if key in ("play_card", "card_action", "card", "pick", "unpick"):
        return t(f"action.{key}", card=label["card"])
    if key == "corporation":
        return t("action.corporation", card=label["card"], n=label.get("starting_mc", 0))
    if key == "convert_plants":
        return t("action.convert_plants", n=label.get("plants", 0))
    if key == "convert_heat":
        return t("action.convert_heat", n=label.get("heat", 0))
    if key == "player":
        return player_name(view, label["player"])
    if key == "none":
        return t("prompt.none")
    if key in ("amount", "space"):
        return str(label[key])
    if key == "use":
        return t("action.use", qty=qty(str(label["resource"]), int(label["amount"])))
    if key == "confirm":
        return t("action.confirm_pay", paid=paid_text(label.get("paid") or {}))
    if key == "setup_done":
        return tn("action.setup_done", int(label.get("count", 0)),
                  card=label.get("corporation"))
    if key == "done":
        return t("prompt.confirm")
    if key in ("steps", "final_greenery"):
        return option_label(label)
    if key == "more_cards":
        return t("action.more_cards_page", page=label.get("page", 1), pages=label.get("pages", 1))
    held = held_words(view, label)  # Colonies' tile, fee and marker answers
    if held is not None:
        return held
    if key == "trade":  # Colonies: the action menu draws trades itself, with their gains
        return t("action.trade_named", tile=label.get("tile"), gain="…")
    return t(f"action.{key}")


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
            f"<h2>{esc(title)} {rule}</h2>")


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
