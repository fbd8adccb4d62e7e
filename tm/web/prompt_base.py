"""What every prompt renderer shares, below the words of choices: the decision on screen
(:class:`Ask`, from the view), the heading of a decision, and buttons that send a listed
choice by its index (the expansions' prompt renderers, :mod:`tm.web.expansions`, build
on these; the words of every choice are :mod:`tm.web.prompt_parts`).

The page never builds a response: every control carries ``data-action="choose"`` and
the index of one of the decision's listed choices, and the App sends that choice as it
stands.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tm.core.contract import Kind, Purpose
from tm.view_model import PlayerView
from tm.web.html import attrs, esc
from tm.web.i18n import sentence, t
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
    kind: Kind
    purpose: Purpose
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
        return cls(screen.game, screen.viewer, decision["kind"],
                   decision["purpose"], decision["data"], decision["choices"],
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
    def me(self) -> PlayerView:
        """The deciding player's record (resources, cards in play, ...)."""
        return self.view["players"][self.player]

    def colour(self, p: Any) -> str:
        """A player's colour (grey when unknown)."""
        return self.colours[p] if isinstance(p, int) and 0 <= p < len(self.colours) else "grey"


def label_of(choice: Choice) -> Mapping[str, Any]:
    """A choice's label record (the choice itself, keyed by its type, if it has none)."""
    label = choice.get("label")
    if isinstance(label, Mapping) and "key" in label:
        return label
    return {"key": choice.get("type"), **{k: v for k, v in choice.items() if k != "type"}}


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
