"""Colonies' decisions on the page: trading from the action menu, and the tile, fee,
marker and card questions of building and trading. Each button names what the tile
gives now (trade income at the current marker, build reward, colony bonus) and sends
one listed choice by its index; nothing is built here.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tm.core.contract import Purpose
from tm.web.card_text import join_or, qty
from tm.web.expansions.colonies.section import (
    owners_text,
    section_of,
    tile_def,
    tile_in_view,
    trade_words,
    value_html,
    words,
)
from tm.web.expansions.colonies.words import colony_name
from tm.web.html import attrs, esc
from tm.web.i18n import t, tn
from tm.web.icons import icon
from tm.web.model import player_name
from tm.web.prompt_base import (
    Ask,
    choice_button,
    head,
    inert_button,
    label_of,
    list_html,
)

COLONY_PURPOSES: frozenset[Purpose] = frozenset({
    "build_colony", "trade_fee", "trade_offset", "trade_tile", "marker_up", "marker_down",
    "colony_tile_added", "refuge_tile", "discard_from_hand"})


def _fees_text(fees: Mapping[str, Any]) -> str:
    """"9 MC, 3 energy or 3 titanium"."""
    return join_or([qty(r, int(n)) for r, n in fees.items()])


def _bonus_note(ask: Ask, name: str, owners: Sequence[int]) -> str:
    """Who gets the colony bonus of a trade with the tile (and what it is)."""
    if not owners:
        return ""
    bonus = words(tile_def(ask.view, name)["bonus"])
    return t("col.bonus_to", bonus=bonus, names=owners_text(ask.view, owners))


def _trade_gain(ask: Ask, name: str, marker: int) -> str:
    return words(tile_def(ask.view, name)["track"][max(0, min(6, marker))])


def trade_buttons(ask: Ask, choices: Sequence[tuple[int, Mapping[str, Any]]]) -> list[str]:
    """Each tile in play: a trade button (income now, fee, colony bonuses) when its trade
    is listed, else greyed with why not."""
    listed = {c["tile"]: (i, c) for i, c in choices if c["type"] == "trade"}
    sec = section_of(ask.view) or {}
    you = sec.get("you") or {}
    items = []
    for tile in sec.get("tiles") or ():
        name = str(tile["name"])
        gain = _trade_gain(ask, name, int(tile["marker"]))
        title = t("action.trade_named", colony=name, gain=gain)
        if name in listed:
            i, choice = listed.pop(name)
            label = choice.get("label") or {}
            fees = label.get("fees") or you.get("fees") or {}
            sub = [t("col.trade_sub", fees=_fees_text(fees))]
            note = _bonus_note(ask, name, label.get("colonies") or tile.get("colonies") or [])
            sub += [note] if note else []
            items.append(choice_button(i, title, " · ".join(sub), "choice trade-choice"))
            continue
        items.append(inert_button(title, "choice unavailable", why=_why_not(ask, tile, you)))
    for i, choice in listed.values():  # listed but not in the view: still reachable
        items.append(choice_button(i, trade_words(ask.view, label_of(choice))))
    return items


def _why_not(ask: Ask, tile: Mapping[str, Any], you: Mapping[str, Any]) -> str:
    visitor = tile.get("visitor")
    if isinstance(visitor, int):
        return t("col.trade_blocked_visited", name=player_name(ask.view, visitor))
    if not tile.get("active", True):
        return t("col.trade_blocked_inactive")
    if not you.get("trade"):
        return t("col.trade_blocked_fleet")
    if any(c.get("type") == "first_action" for c in ask.choices):  # (R-SETUP-4)
        return t("col.trade_blocked_first")
    if you.get("fees"):  # (the fee is not what stops it)
        return t("why.unknown")
    return t("col.trade_blocked_fee")


# ---------------------------------------------------------------- option prompts
def _marker_now(ask: Ask, name: str) -> int:
    tile = tile_in_view(ask.view, name)
    return int(tile["marker"]) if tile else 1


def _option_words(ask: Ask, label: Mapping[str, Any]) -> tuple[str, str | None]:
    """An option of a Colonies question: its words and a second line."""
    key = str(label.get("key"))
    name = str(label.get("tile", ""))
    if key in ("colony_tile", "refuge_tile"):
        printed = tile_def(ask.view, name)
        tile = tile_in_view(ask.view, name) or {}
        marker = max(_marker_now(ask, name), len(tile.get("colonies") or ()) + 1)
        return (t("col.option_build", colony=name, build=words(printed["build"])),
                t("col.option_build_sub", bonus=words(printed["bonus"]),
                  gain=_trade_gain(ask, name, marker)))
    if key == "trade_fee":
        return t("col.option_fee", qty=qty(str(label["resource"]), int(label["amount"]))), None
    if key == "trade_offset":
        marker = int(label["marker"])
        return tn("col.option_offset", int(label["steps"]), marker=marker,
                  gain=_trade_gain(ask, name, marker)), None
    if key == "trade_tile":
        marker = int(label.get("marker", _marker_now(ask, name)))
        tile = tile_in_view(ask.view, name) or {}
        return (t("col.option_trade", colony=name, gain=_trade_gain(ask, name, marker)),
                _bonus_note(ask, name, tile.get("colonies") or []) or None)
    if key in ("marker_up", "marker_down"):
        marker = _marker_now(ask, name)
        gain = _trade_gain(ask, name, marker)
        return colony_name(name), t("col.option_tile_sub", marker=marker, gain=gain)
    if key == "colony_tile_added":
        printed = tile_def(ask.view, name)
        return colony_name(name), t("col.option_new_tile_sub", build=words(printed["build"]),
                       bonus=words(printed["bonus"]))
    if key == "card":
        return t("action.card", card=label["card"]), None
    if key == "more_cards":
        page, pages = label.get("page", 1), label.get("pages", 1)
        return t("action.more_cards_page", page=page, pages=pages), None
    return t("prompt.option"), None


def option_prompt(ask: Ask) -> str:
    """A Colonies question (which tile, which fee, how many marker steps, which card)."""
    buttons = []
    for i, choice in enumerate(ask.choices):
        label, sub = _option_words(ask, label_of(choice))
        buttons.append(choice_button(i, label, sub))
    title = t("prompt.option." + ask.purpose)
    tile = ask.data.get("tile")
    if tile and ask.purpose in ("trade_fee", "trade_offset"):
        title += f" ({colony_name(str(tile))})"
    return f"{head(ask, title)}{list_html(buttons)}"


# ---------------------------------------------------------------- solo setup (R-COL-1)
def _offer_face(ask: Ask, name: str, kept: bool) -> str:
    """A dealt tile inside its toggle: name, colony reward, bonus and the track (spans
    only: a button holds phrasing content)."""
    printed = tile_def(ask.view, name)
    cells = "".join(f'<span class="ct-cell"><span class="ct-val" aria-hidden="true">'
                    f'{value_html(steps)}</span><span class="sr">'
                    f'{esc(t("col.cell", pos=pos, gain=words(steps)))}</span></span>'
                    for pos, steps in enumerate(printed["track"]))
    unit = printed["resource"]
    waits = (f'<span class="ct-wait">{esc(t("col.inactive", unit=t(f"colunit.{unit}")))}</span>'
             if unit else "")
    mark = icon("check", "kept") if kept else ""
    return (f'<span class="ct-head"><span class="ct-name">{esc(colony_name(name))}</span>'
            f'{mark}</span>'
            f'<span class="ct-rule"><span class="ct-k">{esc(t("col.build"))}</span> '
            f'{esc(words(printed["build"]))}</span>'
            f'<span class="ct-rule"><span class="ct-k">{esc(t("col.bonus"))}</span> '
            f'{esc(words(printed["bonus"]))}</span>'
            f'<span class="ct-track">{cells}</span>{waits}')


def offer_tiles(ask: Ask, offer: Mapping[str, Any], at: Mapping[str, int]) -> str:
    """The four dealt tiles as toggles, each drawn as the tile it is."""
    kept = list(offer.get("picked") or ())
    items = []
    for name in offer["cards"]:
        pressed = "true" if name in kept else "false"
        index = at.get(name)
        toggle = attrs(class_="colony-tile tile-offer", aria_pressed=pressed,
                       data_action="choose" if index is not None else None, data_index=index,
                       data_focus=f"colony_tiles:{name}", disabled=index is None)
        face = _offer_face(ask, name, name in kept)
        items.append(f'<button type="button"{toggle}>{face}</button>')
    return f'<div class="tile-offers">{"".join(items)}</div>'
