"""The viewer's hand (sorted, filtered, a click plays a playable card), what they kept in
a draft and where the rest goes, and the dialog with a card's full text. Pure functions of
the screen model; the hand's order and filter are the page's own (``screen.hand``)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tm.cards import card
from tm.view_model import HandEntry
from tm.web.card_text import tag_name
from tm.web.cards_html import card_chip, card_html
from tm.web.html import attrs, esc
from tm.web.i18n import card_name, sort_key, t
from tm.web.icons import icon
from tm.web.model import HandPrefs, Screen, player_name
from tm.web.panels import swatch
from tm.web.prompt_base import Ask
from tm.web.regions import drawn_for

Entry = HandEntry
NO_TAG = "none"


def _sort_name(entry: Entry) -> str:
    return sort_key(card_name(str(entry["name"])))  # (the name as shown)


def _tags_of(entry: Entry) -> tuple[str, ...]:
    return tuple(card(entry["name"]).tags) or (NO_TAG,)


SORT_KEYS: Mapping[str, Callable[[Entry, bool], tuple[Any, ...]]] = {
    "playable": lambda e, ok: (not ok, int(e["cost"]), _sort_name(e)),
    "cost": lambda e, ok: (int(e["cost"]), _sort_name(e)),
    "tag": lambda e, ok: (_tags_of(e)[0] == NO_TAG, _tags_of(e)[0], _sort_name(e)),
    "name": lambda e, ok: (_sort_name(e),),
}


def play_choices(ask: Ask | None) -> dict[str, int]:
    """Each card the action menu lets the viewer play now: the index of its listed choice."""
    if ask is None or ask.kind != "action":
        return {}
    return {str(c["card"]): i for i, c in enumerate(ask.choices) if c["type"] == "play_card"}


def arrange(hand: Sequence[Entry], sort: str, tag: str | None,
            playable: Mapping[str, int]) -> list[Entry]:
    """The hand in the chosen order, only the cards with ``tag`` when one is chosen."""
    key = SORT_KEYS.get(sort, SORT_KEYS["playable"])
    shown = [e for e in hand if tag is None or tag in _tags_of(e)]
    return sorted(shown, key=lambda e: key(e, e["name"] in playable))


def _segment(label: str, action: str, pressed: bool, **data: Any) -> str:
    """A toggle of the hand's tools (focus stays on it across the redraw it causes)."""
    data_attrs = {f"data_{k}": v for k, v in data.items()}
    name = f"{action}:{next(iter(data.values()))}"
    return (f'<button type="button"'
            f'{attrs(class_="seg", data_action=action, data_focus=name, **data_attrs)}'
            f' aria-pressed="{"true" if pressed else "false"}">{esc(label)}</button>')


def _tools(hand: Sequence[Entry], sort: str, tag: str | None) -> str:
    """Sort buttons and one chip per tag in the hand (with how many cards carry it)."""
    sorts = "".join(_segment(t(f"hand.sort.{by}"), "hand_sort", by == sort, by=by)
                    for by in SORT_KEYS)
    counts: dict[str, int] = {}
    for entry in hand:
        for found in dict.fromkeys(_tags_of(entry)):
            counts[found] = counts.get(found, 0) + 1
    ordered = sorted(counts, key=lambda k: (k == NO_TAG, -counts[k], k))
    chips = _segment(t("hand.filter.all"), "hand_tag", tag is None, tag="all") + "".join(
        _segment(f"{t('hand.filter.none') if k == NO_TAG else tag_name(k)} {counts[k]}",
                 "hand_tag", k == tag, tag=k) for k in ordered)
    return (f'<div class="hand-tools" role="group" aria-label="{esc(t("hand.tools"))}">'
            f'<div class="seg-group" role="group" aria-label="{esc(t("hand.sort"))}">'
            f'<span class="seg-label" aria-hidden="true">{esc(t("hand.sort"))}</span>{sorts}</div>'
            f'<div class="seg-group tag-filter" role="group" aria-label="{esc(t("hand.filter"))}">'
            f'<span class="seg-label" aria-hidden="true">{esc(t("hand.filter"))}</span>{chips}'
            "</div></div>")


def _hand_card(entry: Entry, names: Sequence[str], index: int | None) -> str:
    """A card of the hand (a button that plays it when playable) and its read button."""
    name = str(entry["name"])
    tile = card_html(name, entry["cost"], reasons=entry["reasons"], names=names,
                     playable=index is not None,
                     action=("choose", index) if index is not None else None,
                     focus=f"hand:{name}" if index is not None else None)
    read = (f'<button type="button" class="read"{attrs(data_action="read_card", data_card=name)}'
            f'{attrs(data_focus=f"read:{name}", aria_label=t("hand.read", name=card_name(name)))}>'
            f"{icon('info')}</button>")
    return f'<li class="hand-item"{attrs(data_key=name)}>{tile}{read}</li>'  # (moved on a sort)


def _kept_card(entry: Entry, names: Sequence[str], index: int | None) -> str:
    """A card of the hand as last drawn while it, the players' names and its choice are the
    same (sorting the hand, or a move that leaves the card as it was, draws it no more)."""
    return drawn_for(f"hand:{entry['name']}", (entry, names, index),
                     lambda: _hand_card(entry, names, index))


def hand_section(screen: Screen, ask: Ask | None) -> str:
    """The viewer's hand with its tools; a playable card sends its listed play choice."""
    you = screen.you
    if you is None:
        return ""
    view = screen.game
    names = [str(pl["name"]) for pl in view["players"]]
    hand: Sequence[Entry] = you["hand"]
    title = t("game.hand") if len(names) == 1 else t("game.hand_of",
                                                      name=player_name(view, you["player"]))
    head = (f'<h2>{esc(title)} <span class="count">({len(hand)})</span></h2>')
    if not hand:
        return (f'<section class="hand" aria-label="{esc(title)}">{head}'
                f'<p class="muted">{esc(t("game.hand_empty"))}</p></section>')
    prefs = screen.hand
    playable = play_choices(ask)
    inputs = (hand, names, title, prefs.sort, prefs.tag, playable)
    return drawn_for("hand", inputs, lambda: _hand_cards(hand, names, head, title, prefs, playable))


def _hand_cards(hand: Sequence[Entry], names: Sequence[str], head: str, title: str,
                prefs: HandPrefs, playable: Mapping[str, int]) -> str:
    """The hand's tools and cards (kept while the hand, its order and what is playable
    stay the same: opening a card's text or a staged step draws no card again)."""
    shown = arrange(hand, prefs.sort, prefs.tag, playable)
    items = "".join(_kept_card(e, names, playable.get(str(e["name"]))) for e in shown)
    body = (f'<ul class="hand-cards">{items}</ul>' if items
            else f'<p class="muted">{esc(t("hand.none_match"))}</p>')
    status = (f'<p class="hand-shown" role="status">'
              f'{esc(t("hand.shown", shown=len(shown), total=len(hand)))}</p>'
              if prefs.tag is not None else "")
    return (f'<section class="hand" aria-label="{esc(title)}">{head}'
            f"{_tools(hand, prefs.sort, prefs.tag)}{status}{body}</section>")


def draft_info(screen: Screen, ask: Ask | None) -> str:
    """During a draft: the cards kept so far this round, and who gets the rest."""
    you = screen.you
    draft = you.get("draft") if you is not None else None
    if not draft or ask is None or ask.purpose != "draft":
        return ""
    view = screen.game
    to = int(draft["pass_to"])
    kept = "".join(card_chip(str(name)) for name in draft["kept"])
    listing = (f'<ul class="chips">{kept}</ul>' if kept
               else f'<p class="muted">{esc(t("draft.kept_none"))}</p>')
    colour = screen.colours[to] if to < len(screen.colours) else "grey"
    passing = (f'<p class="draft-pass">{icon("arrow")}{swatch(colour, to)}'
               f'{esc(t("draft.pass_to", name=player_name(view, to)))}</p>')
    return (f'<section class="draft-info" aria-label="{esc(t("draft.kept"))}">'
            f'<h3>{esc(t("draft.kept"))} <span class="count">({len(draft["kept"])})</span></h3>'
            f"{listing}{passing}</section>")


def card_dialog(screen: Screen) -> str:
    """The full text of the card being read, over the screen, with a button to close it
    (it carries the opener's focus name, so keyboard focus moves into it and back)."""
    name = screen.hand.reading
    if name is None:
        return ""
    you = screen.you
    entry = next((e for e in (you.get("hand") if you else None) or () if e["name"] == name),
                 None)
    names = [str(pl["name"]) for pl in screen.game["players"]] if screen.view else []
    tile = (card_html(name, entry["cost"], reasons=entry["reasons"], names=names)
            if entry is not None else card_html(name))
    close = (f'<button type="button" class="close"{attrs(data_action="close_card")}'
             f'{attrs(data_focus=f"read:{name}")}>{icon("close")}'
             f'<span>{esc(t("read.close"))}</span></button>')
    return (f'<div class="card-dialog-backdrop" data-action="close_card"></div>'
            f'<section class="card-dialog" role="dialog" aria-modal="true" '
            f'aria-label="{esc(t("read.title", name=name))}">{close}{tile}</section>')
