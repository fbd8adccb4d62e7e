"""The end screen's card VP, card by card: for each player, the cards that scored, most VP
first, each with its VP and, where the card counts something, what it counted ("3 animals:
1 VP per animal here")."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from tm.cards import card
from tm.view_model import CardPoints, ScoreRow
from tm.web.card_text import qty, tag_name, vp_text
from tm.web.card_words import POINTS
from tm.web.html import esc
from tm.web.i18n import card_name, sort_key, t, tn
from tm.web.model import View, player_name
from tm.web.panels import swatch

# What a card's VP counts, worded by the count: resources on the card by its resource's
# unit ("3 animals"); these by a counted word of their own; anything else "2 counted".
# An expansion's counts are worded by its page manifest's card words (POINTS).
_COUNTED = {"city": "end.cards.cities"}
_ON_CARD = ("res", "held")


def counted_text(entry: CardPoints) -> str:
    """What was counted for a card's VP: "3 animals", "2 Jovian tags", "4 cities"."""
    per, n = entry["per"], entry["count"]
    definition = card(entry["card"])
    if str(per) in POINTS:
        return POINTS[str(per)](n, definition)
    if per in _ON_CARD:
        return qty(definition.resource or "resource", n)
    if per == "tag" and isinstance(definition.vp, Mapping):
        return tn("end.cards.tags", n, tag=tag_name(str(definition.vp["tag"])))
    return tn(_COUNTED.get(str(per), "end.cards.counted"), n)


def source_text(entry: CardPoints) -> str:
    """What a card's VP counted, with the card's rate ("3 animals: 1 VP per animal here");
    "" for VP printed as a number (the section's note says so once, not on every line)."""
    if entry["per"] is None:
        return ""
    return t("end.cards.source", counted=counted_text(entry), rule=vp_text(card(entry["card"])))


def _line(entry: CardPoints) -> str:
    source = source_text(entry)
    how = f'<span class="how">{esc(source)}</span>' if source else ""
    return (f'<li><span class="name">{esc(card_name(entry["card"]))}</span>'
            f'<span class="vp">{esc(qty("vp", entry["vp"]))}</span>{how}</li>')


def ranked(entries: Sequence[CardPoints]) -> list[CardPoints]:
    """Most VP first; equal VP by the card's name in the language shown."""
    return sorted(entries, key=lambda e: (-e["vp"], sort_key(card_name(e["card"]))))


def _player(view: View, p: int, colour: str, entries: Sequence[CardPoints]) -> str:
    total = sum(e["vp"] for e in entries)
    head = (f'<summary>{swatch(colour, p)}<span class="who">{esc(player_name(view, p))}'
            f'</span> <span class="vp">{esc(qty("vp", total))}</span></summary>')
    body = ("<ul>" + "".join(_line(e) for e in ranked(entries)) + "</ul>" if entries
            else f'<p class="none">{esc(t("end.cards.none"))}</p>')
    return f'<details class="card-vp-player" open>{head}{body}</details>'


def final_order(rows: Sequence[ScoreRow]) -> list[ScoreRow]:
    """The end table's order: most VP first, then most MC left (the tie-break, R-END-3)."""
    return sorted(rows, key=lambda row: (-row["total"], -row["megacredits"]))


def card_points_section(view: View, colours: Sequence[str]) -> str:
    """Each player's VP from cards, card by card, the players in the end table's order."""
    players = "".join(_player(view, row["player"], colours[row["player"]], row["card_points"])
                      for row in final_order(view["scores"]))
    return (f'<section class="card-vp" aria-labelledby="card-vp-title">'
            f'<h3 id="card-vp-title">{esc(t("end.cards.title"))}</h3>'
            f'<p class="note">{esc(t("end.cards.note"))}</p>'
            f'<div class="card-vp-players">{players}</div></section>')
