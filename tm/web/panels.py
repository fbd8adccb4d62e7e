"""Parts of the game screen: parameter tracks, player panels, milestones and awards."""
from __future__ import annotations

from typing import Any

from tm import milestones, parameters
from tm.cards import card
from tm.maps import Goal
from tm.phases import SOLO_GENERATIONS
from tm.player import tag_counts
from tm.state import NEUTRAL, RESOURCES, GameState, PlayerState
from tm.web.card_text import tag_name
from tm.web.cards_html import card_chip, card_html
from tm.web.html import attrs, esc
from tm.web.i18n import t, tn


def swatch(colour: str) -> str:
    """A small disc in a player's colour (decorative: the name is always beside it)."""
    return f'<span class="swatch owner-{esc(colour)}" aria-hidden="true"></span>'


def player_name(g: GameState, p: int) -> str:
    """A player's name; the neutral player of the solo game by its label."""
    return t("game.neutral") if p == NEUTRAL or not 0 <= p < len(g.players) else (
        g.players[p].name)


# ---------------------------------------------------------------- tracks
def _track(param: str, value: int, goal: Goal) -> str:
    low, high, step = goal.start, goal.max, goal.step
    share = max(0.0, min(1.0, (value - low) / (high - low)))
    name = t(f"game.{param}")
    shown = t(f"unit.{param}", n=value)
    span = t("game.track_range", low=t(f"reqv.{param}", n=low), high=t(f"reqv.{param}", n=high))
    ticks = "".join(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="10"/>'
                    for x in (100 * i * step / (high - low)
                              for i in range(1, (high - low) // step)))
    done = f' <span class="track-done">{esc(t("game.track_done"))}</span>' if value >= high else ""
    meter = attrs(class_=f"track track-{param}", role="meter", aria_label=name,
                  aria_valuemin=low, aria_valuemax=high, aria_valuenow=value,
                  aria_valuetext=shown)
    return (f"<div{meter}>"
            f'<span class="track-head"><span class="track-name">{esc(name)}</span> '
            f'<span class="track-value">{esc(shown)}</span>{done}</span>'
            f'<svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">'
            f'<rect class="bar-bg" width="100" height="10"/>'
            f'<rect class="bar-fill" width="{100 * share:.1f}" height="10"/>'
            f'<g class="ticks">{ticks}</g></svg>'
            f'<span class="track-range">{esc(span)}</span></div>')


def tracks(g: GameState) -> str:
    """Generation and the three global parameters as labelled meters."""
    generation = (t("game.generation_solo", n=g.generation, last=SOLO_GENERATIONS)
                  if len(g.players) == 1 else t("game.generation", n=g.generation))
    return (f'<section class="globals" aria-label="{esc(t("game.parameters"))}">'
            f'<p class="generation">{esc(generation)}</p>'
            + "".join(_track(param, int(getattr(g, param)), goal)
                      for param, goal in parameters.limits(g).items())
            + "</section>")


# ---------------------------------------------------------------- player panels
def _resources(pl: PlayerState) -> str:
    # Drawn as a grid of boxes; the roles keep it a table for screen readers.
    head = (f'<thead class="sr" role="rowgroup"><tr role="row">'
            f'<th scope="col" role="columnheader">{esc(t("game.resource"))}</th>'
            f'<th scope="col" role="columnheader">{esc(t("game.amount"))}</th>'
            f'<th scope="col" role="columnheader">{esc(t("game.production"))}</th></tr></thead>')
    rows = "".join(
        f'<tr class="res res-{r}" role="row"><th scope="row" role="rowheader">'
        f'{esc(t("res." + r))}</th><td class="res-have" role="cell">{pl.res[r]}</td>'
        f'<td class="res-prod" role="cell">{pl.prod[r]:+d}</td></tr>' for r in RESOURCES)
    return (f'<table class="resources" role="table">{head}<tbody role="rowgroup">{rows}'
            "</tbody></table>")


def _tags(pl: PlayerState) -> str:
    counts = sorted(tag_counts(pl).items(), key=lambda item: (-item[1], item[0]))
    if not counts:
        return f'<p class="tags muted">{esc(t("game.tags"))}: {esc(t("game.no_tags"))}</p>'
    chips = "".join(f'<li class="tag tag-{esc(tag)}">{esc(tag_name(tag))} <b>{n}</b></li>'
                    for tag, n in counts)
    return (f'<div class="tags"><span class="label">{esc(t("game.tags"))}</span>'
            f'<ul class="tag-list">{chips}</ul></div>')


def _group(kind: str, inner: str, count: int) -> str:
    return (f'<div class="group group-{kind}"><h4>{esc(t("game.group." + kind))} '
            f'<span class="count">({count})</span></h4>{inner}</div>')


def _in_play(pl: PlayerState, name: str) -> str:
    used = t("game.action_used") if name in pl.used_actions else None
    return card_html(name, compact=True, resources=pl.card_res.get(name), note=used)


def _tableau(pl: PlayerState) -> str:
    groups = []
    if pl.corporation:
        groups.append(_group("corporation", _in_play(pl, pl.corporation), 1))
    active = [n for n in pl.played if card(n).type == "active"]
    automated = [n for n in pl.played if card(n).type != "active"]
    if active:
        tiles = "".join(_in_play(pl, n) for n in active)
        groups.append(_group("active", f'<div class="cards mini">{tiles}</div>', len(active)))
    for kind, names in (("automated", automated), ("event", pl.events)):
        if names:
            chips = "".join(card_chip(n, pl.card_res.get(n)) for n in names)
            groups.append(_group(kind, f'<ul class="chips">{chips}</ul>', len(names)))
    if not pl.played and not pl.events:
        groups.append(f'<p class="muted">{esc(t("game.no_cards"))}</p>')
    return (f'<div class="tableau" aria-label="{esc(t("game.played"))}">{"".join(groups)}'
            "</div>")


def _badges(g: GameState, index: int) -> str:
    pl = g.players[index]
    found = []
    if g.phase == "action" and pl.passed:
        found.append(t("game.passed"))
    elif g.phase == "action" and g.active == index:
        found.append(t("game.acting"))
    if g.first_player == index and len(g.players) > 1:
        found.append(t("game.first"))
    return "".join(f'<span class="badge">{esc(b)}</span>' for b in found)


def player_panel(g: GameState, index: int, colours: list[str], score: int) -> str:
    """One player's position: resources and production, TR, tags, cards in play."""
    pl = g.players[index]
    colour = colours[index] if index < len(colours) else "grey"
    corp = pl.corporation or t("game.no_corporation")
    active = " active" if g.active == index and g.phase == "action" and not pl.passed else ""
    stats = " · ".join([t("game.tr_long", tr=pl.tr), t("game.score_now", n=score),
                        tn("game.cards_in_hand", len(pl.hand))])
    return (f'<section class="player-panel owner-{esc(colour)}{active}" data-player="{index}" '
            f'aria-label="{esc(pl.name)}">'
            f'<header><h3>{swatch(colour)}<span class="pname">{esc(pl.name)}</span></h3>'
            f"{_badges(g, index)}</header>"
            f'<p class="corp">{esc(corp)}</p><p class="stats">{esc(stats)}</p>'
            f"{_resources(pl)}{_tags(pl)}{_tableau(pl)}</section>")


# ---------------------------------------------------------------- milestones and awards
def _standing(g: GameState, colours: list[str], values: list[int], marks: list[bool],
              threshold: int | None) -> str:
    items = []
    for p, value in enumerate(values):
        shown = t("game.progress", value=value, threshold=threshold) if threshold else str(value)
        mark = f' <span class="meets">✓ <span class="sr">{esc(t("game.meets"))}</span></span>' \
            if marks[p] else ""
        cls = "lead" if marks[p] else ""
        items.append(f'<li{attrs(class_=cls or None)}>{swatch(colours[p])}'
                     f'{esc(g.players[p].name)}: {esc(shown)}{mark}</li>')
    return f'<ul class="standing">{"".join(items)}</ul>'


def _milestone_items(g: GameState, colours: list[str]) -> str:
    claimed = {name: p for name, p in g.milestones}
    closed = len(g.milestones) >= milestones.MAX_CLAIMED
    items = []
    for name in milestones.milestones_in_play(g):
        threshold = milestones.MILESTONES[name].threshold
        values = [milestones.milestone_value(g, p, name) for p in range(len(g.players))]
        if name in claimed:
            status, cls = t("game.claimed_by", name=player_name(g, claimed[name])), "taken"
        else:
            closed_now = closed or g.over
            status = t("game.ma_closed" if closed_now else "game.claim_cost",
                       cost=milestones.CLAIM_COST)
            cls = "closed" if closed_now else "open"
        items.append(
            f'<li class="ma-item {cls}"><span class="ma-name">{esc(name)}</span> '
            f'<span class="ma-what">{esc(t("ms." + name))}</span> '
            f'<span class="ma-status">{esc(status)}</span>'
            + _standing(g, colours, values, [v >= threshold for v in values], threshold)
            + "</li>")
    return "".join(items)


def _award_items(g: GameState, colours: list[str]) -> str:
    funded = {name: p for name, p in g.awards}
    closed = len(g.awards) >= len(milestones.FUND_COSTS)
    items = []
    for name in milestones.awards_in_play(g):
        values = [milestones.award_value(g, p, name) for p in range(len(g.players))]
        best = max(values) if values else 0
        if name in funded:
            status, cls = t("game.funded_by", name=player_name(g, funded[name])), "taken"
        else:
            closed_now = closed or g.over
            status = t("game.aw_closed" if closed_now else "game.fund_cost",
                       cost=milestones.fund_cost(g))
            cls = "closed" if closed_now else "open"
        items.append(
            f'<li class="ma-item {cls}"><span class="ma-name">{esc(name)}</span> '
            f'<span class="ma-what">{esc(t("aw." + name))}</span> '
            f'<span class="ma-status">{esc(status)}</span>'
            + _standing(g, colours, values, [v == best and best > 0 for v in values], None)
            + "</li>")
    return "".join(items)


def milestones_awards(g: GameState, colours: list[str]) -> str:
    """Each milestone and award: cost, claimed/funded by whom, and where everyone stands."""
    ms, aw = _milestone_items(g, colours), _award_items(g, colours)
    if not ms and not aw:
        return ""
    return (f'<section class="ma"><h2>{esc(t("game.ma"))}</h2><div class="ma-cols">'
            f'<div><h3>{esc(t("game.milestones"))}</h3><ul class="ma-list">{ms}</ul></div>'
            f'<div><h3>{esc(t("game.awards"))}</h3><ul class="ma-list">{aw}</ul></div>'
            "</div></section>")


def scores_by_player(rows: list[dict[str, Any]]) -> dict[int, int]:
    """Total VP per player index from a scores() table."""
    return {int(r["player"]): int(r["total"]) for r in rows}
