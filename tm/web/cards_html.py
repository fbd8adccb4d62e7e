"""A card drawn in our own style from its definition: cost, type, tags, requirements,
generated text and VP. Only phrasing content (spans), so a card can be a button.

What depends on the game (the cost after discounts, why a card in hand cannot be played)
comes from the view: the caller passes the view's ``cost`` and ``reasons``."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tm.cards import card
from tm.cards.dsl import Card
from tm.web.card_text import (
    qty,
    requirement_now,
    requirement_part,
    scoped_lines,
    tag_name,
    vp_text,
)
from tm.web.html import attrs, esc
from tm.web.i18n import card_name, t
from tm.web.reasons import reasons_text
from tm.web.regions import memo
from tm.web.rule_links import card_rule, rule_link

Reasons = Sequence[Mapping[str, Any]]
_SLOT = "\ue000"  # where the requirement parts go in the catalog's "Requires {list}"


def _cost(c: Card, shown: int | None) -> str:
    if not c.is_project:  # corporations and preludes are dealt, never bought
        return ""
    cost = c.cost if shown is None else shown
    label = t("card.cost", n=cost)
    printed = ""
    if cost != c.cost:
        label += t("list.and") + t("card.printed", n=c.cost)
        printed = f'<del class="printed" aria-hidden="true">{esc(c.cost)}</del>'
    return (f'<span class="cost"{attrs(title=label)}><span class="sr">{esc(label)}</span>'
            f'<span aria-hidden="true">{esc(cost)}</span></span>{printed}')


def _start_mc(c: Card) -> str:
    if not c.is_corporation:
        return ""
    return f'<span class="start-mc">{esc(t("prompt.starting_mc", n=c.starting_mc))}</span>'


def _tags(c: Card) -> str:
    chips = "".join(f'<span class="tag tag-{esc(tag)}">{esc(tag_name(tag))}</span>'
                    for tag in c.tags)
    kind = f'<span class="type">{esc(t("type." + c.type))}</span>'
    return f'<span class="meta">{kind}{chips}</span>'


def _held(c: Card, resources: int | None) -> str:
    if not resources:
        return ""
    amount = qty(c.resource or "resource", resources)
    return f'<span class="held">{esc(t("card.held", qty=amount))}</span>'


def _unmet(req: Mapping[str, Any], reasons: Reasons) -> Mapping[str, Any] | None:
    """The view's reason saying ``req`` does not hold now (None: it holds)."""
    for reason in reasons:
        if reason.get("key") == "requirement" and reason.get("requirement") == dict(req):
            return reason
    return None


def _requirements(c: Card, reasons: Reasons | None) -> str:
    """"Requires …": each requirement, and when the card is in hand (``reasons`` given),
    marked met (green) or not met (red, with where the player stands now)."""
    if not c.requires:
        return ""
    parts = []
    for req in c.requires:
        text = esc(requirement_part(req))
        if reasons is None:
            parts.append(text)
            continue
        unmet = _unmet(req, reasons)
        if unmet is None:
            parts.append(f'<span class="req-part met">{text}'
                         f'<span class="sr"> ({esc(t("req.met"))})</span></span>')
        else:
            now = requirement_now(req, unmet.get("current"))
            parts.append(f'<span class="req-part unmet">{text} ({esc(now)})'
                         f'<span class="sr"> {esc(t("req.unmet"))}</span></span>')
    joined = esc(t("list.and")).join(parts)
    cls = "req" if reasons is None else "req checked"
    return (f'<span class="{cls}">{esc(t("req.label", list=_SLOT)).replace(_SLOT, joined)}'
            "</span>")


def _name(english: str) -> str:
    """The card's name in the language shown, with the English name under it (so a search
    of the page for the English name finds the card in any language)."""
    shown = card_name(english)
    if shown == english:
        return f'<span class="name">{esc(shown)}</span>'
    return (f'<span class="name">{esc(shown)}</span>'
            f'<span class="name-en" lang="en">{esc(english)}</span>')


def card_body(c: Card, cost: int | None = None, resources: int | None = None,
              compact: bool = False, reasons: Reasons | None = None) -> str:
    """The inside of a card tile (spans only); ``cost``: after discounts (the view's),
    ``reasons``: why it cannot be played now (a card in hand; empty when it can)."""
    vp = vp_text(c)
    lines = "".join(f'<span class="line{f" {scope}-only" if scope else ""}">{esc(line)}</span>'
                    for line, scope in scoped_lines(c, compact=compact))
    shown_cost = "" if compact else _cost(c, cost)
    parts = [f'<span class="head">{shown_cost}{_name(c.name)}']
    if vp and isinstance(c.vp, int):
        parts.append(f'<span class="vp">{esc(vp)}</span>')
    parts.append("</span>" + _tags(c) + ("" if compact else _start_mc(c)))
    if not compact:
        parts.append(_requirements(c, reasons))
    if lines:
        parts.append(f'<span class="text">{lines}</span>')
    if vp and not isinstance(c.vp, int):
        parts.append(f'<span class="vp-rule">{esc(vp)}</span>')
    parts.append(_held(c, resources))
    return "".join(parts)


def card_html(name: str, cost: int | None = None, *, reasons: Reasons | None = None,
              names: Sequence[str] = (), action: tuple[str, object] | None = None,
              selected: bool = False, resources: int | None = None, compact: bool = False,
              playable: bool = False, note: str | None = None,
              pressed: bool | None = None, focus: str | None = None,
              extra_class: str | None = None) -> str:
    """One card as a button (when it answers the prompt) or a static tile.

    ``cost`` is the cost after discounts (from the view; the printed cost if None).
    ``reasons`` (a card in hand: the view's reasons it cannot be played now) marks each
    requirement met or not and adds a short line saying why it is not playable;
    ``names`` are the players' names those reasons may mention.

    ``action`` is ``("choose", index)``: the card sends that choice of the prompt.
    ``pressed`` marks a card of a selection (picked or not): it is then a toggle button
    (``aria-pressed``), shown but inert (``aria-disabled``) when it has no choice now.
    ``focus`` names the control so keyboard focus can return to it after a redraw;
    ``extra_class`` is one more class (e.g. ``used``: an action card used this generation).
    """
    c = card(name)
    body = card_body(c, cost, resources, compact, reasons)
    if reasons:
        why = t("why.card", list=reasons_text(reasons, names))
        # (a link only in a static tile: nothing interactive goes inside a button)
        link = rule_link(card_rule(reasons)) if action is None and pressed is None else ""
        body += f'<span class="why">{esc(why)}{link}</span>'
    if note:
        body += f'<span class="note">{esc(note)}</span>'
    if playable:
        body += f'<span class="badge">{esc(t("game.playable"))}</span>'
    selected = selected or bool(pressed)
    inert = action is None and pressed is not None
    classes = (f"card card-{c.type}" + (" selected" if selected else "")
               + (" compact" if compact else "") + (" playable" if playable else "")
               + (" inert" if inert else "") + (f" {extra_class}" if extra_class else ""))
    if action is None and pressed is None:
        return f'<div{attrs(class_=classes, data_card=name)}>{body}</div>'
    verb, value = action if action is not None else (None, None)
    aria_pressed = None if pressed is None else ("true" if pressed else "false")
    button_attrs = attrs(class_=classes, data_action=verb, data_index=value,
                         aria_pressed=aria_pressed, aria_disabled="true" if inert else None,
                         data_card=name, data_focus=focus)
    return f'<button type="button"{button_attrs}>{body}</button>'


@memo  # a pure function of static card data and the words: tableaus redraw often
def card_chip(name: str, resources: int | None = None) -> str:
    """A played card in a tableau: its name in the colour of its type, a button that opens
    its full text (a tap works where a hover tip does not), with its text as a tip too."""
    c = card(name)
    lines = [line for line, scope in scoped_lines(c) if scope is None]  # both kinds of game
    tip = " · ".join([*lines, vp_text(c)]).strip(" ·")
    held = f' <span class="held">{esc(resources)}</span>' if resources else ""
    vp = vp_text(c)
    badge = f' <span class="vp">{esc(vp)}</span>' if vp and isinstance(c.vp, int) else ""
    read = attrs(class_="chip-read", data_action="read_card", data_card=name,
                 data_focus=f"read:{name}", title=tip or None)
    return (f'<li{attrs(class_=f"chip card-{c.type}", data_card=name)}>'
            f'<button type="button"{read}>{esc(card_name(c.name))}{badge}{held}</button></li>')
