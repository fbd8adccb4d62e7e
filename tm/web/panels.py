"""Parts of the game screen: parameter tracks, player panels, milestones and awards,
all drawn from the view (``game.view(viewer)``)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tm.cards import card
from tm.view_model import ParameterView, PlayerView, ScoreRow
from tm.web.card_text import tag_name
from tm.web.cards_html import card_chip, card_html
from tm.web.html import attrs, esc
from tm.web.i18n import name as i18n_name
from tm.web.i18n import t, tn
from tm.web.icons import icon, seat_mark
from tm.web.model import RESOURCES, View, player_name
from tm.web.regions import memo

__all__ = ["milestones_awards", "player_name", "player_panel", "scores_by_player", "swatch",
           "tracks"]

Player = PlayerView


def swatch(colour: str, seat: int | None = None) -> str:
    """A player's colour (decorative: the name is always beside it): a disc, or given the
    seat, the seat's own shape in that colour, so colours need not be told apart."""
    if seat is not None:
        return seat_mark(seat, colour)
    return f'<span class="swatch owner-{esc(colour)}" aria-hidden="true"></span>'


# ---------------------------------------------------------------- tracks
def _bonus_marks(param: str, low: int, high: int, bonuses: Any) -> tuple[str, str]:
    """The board's track bonuses on one track: marks on the bar and their words."""
    marks, words = [], []
    for bonus in bonuses or ():
        if bonus["param"] != param or high == low:
            continue
        x = 100 * (int(bonus["at"]) - low) / (high - low)
        marks.append(f'<path class="bonus-mark" d="M{x:.1f} 0 l-2.5 -0.01 2.5 10 2.5 -10Z"/>')
        words.append(t("game.track_bonus", at=t(f"reqv.{param}", n=bonus["at"]),
                       gain=t(f"track_gain.{bonus['gain']}")))
    return "".join(marks), "; ".join(words)


def _track(param: str, track: ParameterView, bonuses: Any = ()) -> str:
    value = int(track["value"])
    low, high, step = int(track["start"]), int(track["max"]), int(track["step"])
    share = max(0.0, min(1.0, (value - low) / (high - low)))
    name = t(f"game.{param}")
    shown = t(f"unit.{param}", n=value, max=high)
    span = t("game.track_range", low=t(f"reqv.{param}", n=low), high=t(f"reqv.{param}", n=high))
    ticks = "".join(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="10"/>'
                    for x in (100 * i * step / (high - low)
                              for i in range(1, (high - low) // step)))
    done = f' <span class="track-done">{esc(t("game.track_done"))}</span>' if value >= high else ""
    marks, bonus_words = _bonus_marks(param, low, high, bonuses)
    # The marks on the bar show where the bonuses are; their words are for a hover and for
    # screen readers (written out under every track they would crowd the top bar).
    said = f'<span class="sr"> · {esc(bonus_words)}</span>' if bonus_words else ""
    meter = attrs(class_=f"track track-{param}", role="meter", aria_label=name,
                  aria_valuemin=low, aria_valuemax=high, aria_valuenow=value,
                  aria_valuetext=shown)
    return (f"<div{meter}>"
            f'<span class="track-head"><span class="track-name">{esc(name)}</span> '
            f'<span class="track-value">{esc(shown)}</span>{done}</span>'
            f'<svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">'
            f'<rect class="bar-bg" width="100" height="10"/>'
            f'<rect class="bar-fill" width="{100 * share:.1f}" height="10"/>'
            f'<g class="ticks">{ticks}</g>{marks}</svg>'
            f'<span class="track-range"{attrs(title=bonus_words or None)}>{esc(span)}{said}'
            "</span></div>")


TRACK_ORDER = ("temperature", "oxygen", "oceans")


def _in_track_order(parameters: Mapping[str, ParameterView]) -> list[str]:
    """The printed board's order, whatever the order of the view's keys."""
    return [p for p in TRACK_ORDER if p in parameters] + \
        sorted(p for p in parameters if p not in TRACK_ORDER)


def tracks(view: View) -> str:
    """Generation and the global parameters as labelled meters."""
    last = view.get("last_generation")
    generation = (t("game.generation_solo", n=view["generation"], last=last) if last
                  else t("game.generation", n=view["generation"]))
    return (f'<section class="globals" aria-label="{esc(t("game.parameters"))}">'
            f'<p class="generation">{esc(generation)}</p>'
            + "".join(_track(param, view["parameters"][param],
                             view.get("map", {}).get("track_bonuses"))
                      for param in _in_track_order(view["parameters"]))
            + "</section>")


# ---------------------------------------------------------------- player panels
def _in_board_order(amounts: Mapping[str, int]) -> list[tuple[str, int]]:
    """The six resources in the board's order, whatever the order of the view's keys (a
    restored or staged game's are sorted)."""
    return [(r, amounts[r]) for r in RESOURCES if r in amounts] + \
        [(r, n) for r, n in amounts.items() if r not in RESOURCES]


def _resources(pl: Player) -> str:
    # Drawn as a grid of boxes; the roles keep it a table for screen readers.
    head = (f'<thead class="sr" role="rowgroup"><tr role="row">'
            f'<th scope="col" role="columnheader">{esc(t("game.resource"))}</th>'
            f'<th scope="col" role="columnheader">{esc(t("game.amount"))}</th>'
            f'<th scope="col" role="columnheader">{esc(t("game.production"))}</th></tr></thead>')
    rows = "".join(
        f'<tr class="res res-{r}" role="row"><th scope="row" role="rowheader">'
        f'{esc(t("res." + r))}</th><td class="res-have" role="cell">{int(n)}</td>'
        f'<td class="res-prod" role="cell">{int(pl["prod"][r]):+d}</td></tr>'
        for r, n in _in_board_order(pl["res"]))
    return (f'<table class="resources" role="table">{head}<tbody role="rowgroup">{rows}'
            "</tbody></table>")


def _tags(pl: Player) -> str:
    counts = sorted(pl["tags"].items(), key=lambda item: (-item[1], item[0]))
    if not counts:
        return f'<p class="tags muted">{esc(t("game.tags"))}: {esc(t("game.no_tags"))}</p>'
    chips = "".join(f'<li class="tag tag-{esc(tag)}">{esc(tag_name(tag))} <b>{n}</b></li>'
                    for tag, n in counts)
    return (f'<div class="tags"><span class="label">{esc(t("game.tags"))}</span>'
            f'<ul class="tag-list">{chips}</ul></div>')


def _group(kind: str, inner: str, count: int) -> str:
    return (f'<div class="group group-{kind}"><h4>{esc(t("game.group." + kind))} '
            f'<span class="count">({count})</span></h4>{inner}</div>')


def _in_play(pl: Player, name: str) -> str:
    """A card in play as a compact tile that opens its full text; dimmed once its action
    has been used this generation."""
    return _in_play_tile(name, pl["card_res"].get(name), name in pl["used_actions"])


@memo  # a pure function of static card data and the words: tableaus redraw often
def _in_play_tile(name: str, resources: int | None, used: bool) -> str:
    return card_html(name, compact=True, resources=resources,
                     note=t("game.action_used") if used else None, action=("read_card", None),
                     extra_class="used" if used else None, focus=f"read:{name}")


def _tableau(pl: Player) -> str:
    groups = []
    played: Sequence[str] = pl["played"]
    events: Sequence[str] = pl["events"]
    if pl["corporation"]:
        groups.append(_group("corporation", _in_play(pl, pl["corporation"]), 1))
    active = [n for n in played if card(n).type == "active"]
    automated = [n for n in played if card(n).type != "active"]
    if active:
        tiles = "".join(_in_play(pl, n) for n in active)
        groups.append(_group("active", f'<div class="cards mini">{tiles}</div>', len(active)))
    for kind, names in (("automated", automated), ("event", events)):
        if names:
            chips = "".join(card_chip(n, pl["card_res"].get(n)) for n in names)
            groups.append(_group(kind, f'<ul class="chips">{chips}</ul>', len(names)))
    if not played and not events:
        groups.append(f'<p class="muted">{esc(t("game.no_cards"))}</p>')
    return (f'<div class="tableau" aria-label="{esc(t("game.played"))}">{"".join(groups)}'
            "</div>")


def _badges(view: View, index: int, colour: str) -> str:
    """Passed, taking a turn (the turn marker, in the player's colour and shape), first."""
    pl = view["players"][index]
    found = []
    if view["phase"] == "action" and pl["passed"]:
        found.append(f'<span class="badge">{esc(t("game.passed"))}</span>')
    elif view["phase"] == "action" and view["active"] == index:
        found.append(f'<span class="badge turn owner-{esc(colour)}">{seat_mark(index, colour)}'
                     f'{esc(t("game.acting"))}</span>')
    if view["first_player"] == index and len(view["players"]) > 1:
        found.append(f'<span class="badge">{esc(t("game.first"))}</span>')
    return "".join(found)


def _hand_size(pl: Player) -> int:
    """Cards in hand: the viewer's own are listed, anyone else's are a count."""
    hand = pl["hand"]
    return hand if isinstance(hand, int) else len(hand)


def _played_count(pl: Player) -> int:
    return len(pl["played"]) + len(pl["events"]) + (1 if pl["corporation"] else 0)


def _folding(pl: Player, index: int, cards: str) -> str:
    """Another player's cards in play behind a button that opens them ("opened": drawn
    below it; "folded": not drawn at all, so a 5-player game's screen holds some 300
    elements fewer until the viewer asks)."""
    opened = cards == "opened"
    words = t("game.hide_played") if opened else t("game.show_played", n=_played_count(pl))
    toggle = (f'<button type="button" class="tableau-toggle" data-action="toggle_tableau" '
              f'data-player="{index}" data-focus="tableau-{index}" '
              f'aria-expanded="{"true" if opened else "false"}">{esc(words)}</button>')
    return toggle + (_tableau(pl) if opened else "")


def player_panel(view: View, index: int, colours: Sequence[str], score: int,
                 cards: str = "shown") -> str:
    """One player's position: resources and production, TR, tags, cards in play
    (``cards``: "shown"; another player's "folded" behind a button, or "opened")."""
    pl = view["players"][index]
    name = str(pl["name"])
    colour = colours[index] if index < len(colours) else "grey"
    corp = i18n_name("card", pl["corporation"]) if pl["corporation"] else t("game.no_corporation")
    active = (" active" if view["active"] == index and view["phase"] == "action"
              and not pl["passed"] else "")
    stats = " · ".join([t("game.tr_long", tr=pl["tr"]), t("game.score_now", n=score),
                        tn("game.cards_in_hand", _hand_size(pl))])
    return (f'<section class="player-panel owner-{esc(colour)}{active}" data-player="{index}" '
            f'aria-label="{esc(name)}">'
            f'<header><h3>{swatch(colour, index)}<span class="pname">{esc(name)}</span></h3>'
            f"{_badges(view, index, colour)}</header>"
            f'<p class="corp">{esc(corp)}</p><p class="stats">{esc(stats)}</p>'
            f"{_resources(pl)}{_tags(pl)}"
            f"{_tableau(pl) if cards == 'shown' else _folding(pl, index, cards)}</section>")


# ---------------------------------------------------------------- milestones and awards
def _standing(view: View, colours: Sequence[str], values: Sequence[int], marks: list[bool],
              threshold: int | None) -> str:
    items = []
    for p, value in enumerate(values):
        shown = t("game.progress", value=value, threshold=threshold) if threshold else str(value)
        meets = f'{icon("check")}<span class="sr">{esc(t("game.meets"))}</span>'
        mark = f' <span class="meets">{meets}</span>' if marks[p] else ""
        cls = "lead" if marks[p] else ""
        colour = colours[p] if p < len(colours) else "grey"
        items.append(f'<li{attrs(class_=cls or None)}>{swatch(colour, p)}'
                     f'{esc(player_name(view, p))}: {esc(shown)}{mark}</li>')
    return f'<ul class="standing">{"".join(items)}</ul>'


def _ma_item(view: View, colours: Sequence[str], entry: Mapping[str, Any], kind: str) -> str:
    """One milestone (``ms``) or award (``aw``): status and where everyone stands."""
    values: Sequence[int] = entry["values"]
    taker = entry["claimed_by" if kind == "ms" else "funded_by"]
    if taker is not None:
        taken = "game.claimed_by" if kind == "ms" else "game.funded_by"
        status, cls = t(taken, name=player_name(view, taker)), "taken"
    elif entry["open"]:
        status = t("game.claim_cost" if kind == "ms" else "game.fund_cost", cost=entry["cost"])
        cls = "open"
    else:
        status, cls = t("game.ma_closed" if kind == "ms" else "game.aw_closed"), "closed"
    if kind == "ms":
        threshold = int(entry["needed"])
        standing = _standing(view, colours, values, [v >= threshold for v in values], threshold)
    else:
        best = max(values) if values else 0
        standing = _standing(view, colours, values, [v == best and best > 0 for v in values],
                             None)
    name = str(entry["name"])
    shown_name = i18n_name("milestone" if kind == "ms" else "award", name)
    return (f'<li class="ma-item {cls}"><span class="ma-name">{esc(shown_name)}</span> '
            f'<span class="ma-what">{esc(t(f"{kind}.{name}"))}</span> '
            f'<span class="ma-status">{esc(status)}</span>{standing}</li>')


def milestones_awards(view: View, colours: Sequence[str]) -> str:
    """Each milestone and award: cost, claimed/funded by whom, and where everyone stands."""
    standings = view["standings"]
    ms = "".join(_ma_item(view, colours, entry, "ms") for entry in standings["milestones"])
    aw = "".join(_ma_item(view, colours, entry, "aw") for entry in standings["awards"])
    if len(view["players"]) == 1:  # none in play in solo (R-MA-4): say so, not nothing
        return (f'<section class="ma"><h2>{esc(t("game.ma"))}</h2>'
                f'<p class="hint solo-ma">{esc(t("game.solo_ma"))}</p></section>')
    if not ms and not aw:
        return ""
    return (f'<section class="ma"><h2>{esc(t("game.ma"))}</h2><div class="ma-cols">'
            f'<div><h3>{esc(t("game.milestones"))}</h3><ul class="ma-list">{ms}</ul></div>'
            f'<div><h3>{esc(t("game.awards"))}</h3><ul class="ma-list">{aw}</ul></div>'
            "</div></section>")


def scores_by_player(rows: Sequence[ScoreRow]) -> dict[int, int]:
    """Total VP per player index from a scores() table."""
    return {int(r["player"]): int(r["total"]) for r in rows}
