"""The Colonies expansion on the game screen: the colony tiles with their trade tracks,
markers, colonies and visiting fleets, the trade fleets of each player, and the short
words that say what a tile gives (used by its prompts, :mod:`.prompts`, and its log,
:mod:`.log`), and the words of its choices' labels.

Pure functions of the view (``view["expansions"]["colonies"]``, whose ``printed`` part
gives every tile's build reward, colony bonus and track).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tm.web.card_text import qty, steps_text
from tm.web.expansions.colonies.words import colony_name
from tm.web.html import attrs, esc
from tm.web.i18n import t, tn
from tm.web.model import View, player_name
from tm.web.panels import swatch

Steps = Sequence[Mapping[str, Any]]
COLONY_SLOTS = 3  # R-COL-3: the first three track spaces hold the colonies


def section_of(view: View) -> Mapping[str, Any] | None:
    """The view's Colonies section (None when the game plays without Colonies)."""
    found = (view.get("expansions") or {}).get("colonies")
    return found if isinstance(found, Mapping) else None


def colonies_count(view: View, p: int) -> int | None:
    """Colonies player ``p`` has built (None without Colonies)."""
    sec = section_of(view)
    if sec is None:
        return None
    counts = sec.get("colonies") or []
    return int(counts[p]) if 0 <= p < len(counts) else 0


NO_TILE: Mapping[str, Any] = {"resource": None, "build": [], "bonus": [], "track": [[]] * 7}


def tile_def(view: View, name: str) -> Mapping[str, Any]:
    """A tile's printed parts as the view gives them: build reward, colony bonus, track
    (as card steps); an unknown name (an edited save) has none."""
    printed = (section_of(view) or {}).get("printed") or {}
    found = printed.get(name)
    return found if isinstance(found, Mapping) else NO_TILE


def tile_in_view(view: View, name: str) -> Mapping[str, Any] | None:
    """A tile in play as the view shows it (None if it is not in play)."""
    sec = section_of(view) or {}
    return next((tile for tile in sec.get("tiles") or () if tile["name"] == name), None)


# ---------------------------------------------------------------- words
def words(steps: Steps) -> str:
    """What steps give, in full words ("nothing" for none)."""
    return steps_text(list(steps)) if steps else t("col.nothing")


def short(steps: Steps) -> str:
    """What steps give in a track cell's few characters: "7 MC", "+1 En", "2 Flt"."""
    parts = []
    for step in steps:
        kind = step.get("k")
        if kind in ("gain", "prod"):
            for res, n in (step.get("res") or {}).items():
                sign = "+" if kind == "prod" else ""
                parts.append(f"{sign}{n} {t('colsym.' + res)}")
        elif kind == "add_res":
            parts.append(f"{step['count']} {t('colsym.' + str(step.get('rtype')))}")
        elif kind == "draw":
            parts.append(f"{step['count']} {t('colsym.card')}")
        else:
            parts.append(words([step]))
    return " ".join(parts) or "–"


def value_html(steps: Steps) -> str:
    """A track cell's value as a board shows it: the number, its unit's symbol below."""
    parts = short(steps).split(" ")
    if len(parts) == 2:
        return f"<b>{esc(parts[0])}</b><small>{esc(parts[1])}</small>"
    return f"<b>{esc(short(steps))}</b>"


def _is_prod(steps: Steps) -> bool:
    return any(step.get("k") == "prod" for step in steps)


def owners_text(view: View, owners: Sequence[int]) -> str:
    """Owners of colonies by name, each once, in building order."""
    seen: list[int] = []
    for p in owners:
        if p not in seen:
            seen.append(p)
    return ", ".join(player_name(view, p) for p in seen)


# The labels of Colonies' answers (the tile, fee and marker questions), said by held_words.
COLONY_LABELS = ("colony_tile", "refuge_tile", "trade_fee", "trade_offset", "trade_tile",
                 "marker_up", "marker_down", "colony_tile_added")


def trade_words(view: View, label: Mapping[str, Any]) -> str:
    """A trade with what it gives (the label's gain at the tile's marker)."""
    gain = label.get("gain")
    if gain is None:  # (a label of an older engine): the tile's track at its marker
        tile = str(label.get("tile", ""))
        gain = tile_def(view, tile)["track"][max(0, min(6, int(label.get("marker", 1))))]
    return t("action.trade_named", colony=label.get("tile"), gain=words(gain))


def held_words(view: View, label: Mapping[str, Any]) -> str:
    """A Colonies answer in words (the hint, the list of what a held action did)."""
    key, name = label.get("key"), str(label.get("tile", ""))
    if key == "trade_fee":
        return t("col.option_fee", qty=qty(str(label["resource"]), int(label["amount"])))
    if key == "trade_offset":
        return t("col.held_offset", colony=name, marker=label.get("marker"))
    if key == "trade_tile":
        marker = int(label.get("marker", 1))
        return t("action.trade_named", colony=name,
                 gain=words(tile_def(view, name)["track"][max(0, min(6, marker))]))
    if key in ("marker_up", "marker_down", "colony_tile_added"):
        return t(f"col.held_{key}", colony=name)
    return t("col.held_build", colony=name)  # colony_tile, refuge_tile


# ---------------------------------------------------------------- one tile
def _track(view: View, tile: Mapping[str, Any], colours: Sequence[str]) -> str:
    """Seven track spaces with what a trade gives there; the marker's space stands out,
    the first three hold the colonies (a disc in the owner's colour and seat shape)."""
    track: Sequence[Steps] = tile_def(view, tile["name"])["track"]
    colonies: Sequence[int] = tile.get("colonies") or ()
    marker = tile.get("marker")
    cells = []
    for pos, steps in enumerate(track):
        here = pos == marker
        slot = ""
        if pos < COLONY_SLOTS:
            if pos < len(colonies):
                p = colonies[pos]
                colour = colours[p] if 0 <= p < len(colours) else "grey"
                slot = (f'<span class="ct-colony owner-{esc(colour)}">{swatch(colour, p)}'
                        f'<span class="sr">{esc(t("col.colony_of", name=player_name(view, p)))}'
                        "</span></span>")
            else:
                slot = (f'<span class="ct-colony empty" aria-hidden="true"></span>'
                        f'<span class="sr">{esc(t("col.free_slot"))}</span>')
        said = t("col.cell", pos=pos, gain=words(steps))
        if here:
            said += " · " + t("col.marker_here")
        cls = "ct-cell" + (" at" if here else "") + (" prod" if _is_prod(steps) else "")
        cells.append(f'<li{attrs(class_=cls, aria_current="true" if here else None)}>'
                     f'<span class="ct-val" aria-hidden="true">{value_html(steps)}</span>'
                     f'<span class="sr">{esc(said)}</span>{slot}</li>')
    return (f'<ol class="ct-track" aria-label="{esc(t("col.track"))}">{"".join(cells)}</ol>')


def _visit(view: View, tile: Mapping[str, Any], colours: Sequence[str]) -> str:
    visitor = tile.get("visitor")
    if not isinstance(visitor, int):
        return ""
    colour = colours[visitor] if 0 <= visitor < len(colours) else "grey"
    return (f'<span class="ct-fleet">{swatch(colour, visitor)}'
            f'{esc(t("col.fleet_here", name=player_name(view, visitor)))}</span>')


def tile_html(view: View, tile: Mapping[str, Any], colours: Sequence[str]) -> str:
    """One colony tile in play: name, fleet there, build reward, colony bonus, track."""
    printed = tile_def(view, tile["name"])
    inactive = not tile.get("active", True)
    cls = "colony-tile" + (" inactive" if inactive else "") + (
        " visited" if isinstance(tile.get("visitor"), int) else "")
    unit = t("colunit." + str(tile.get("resource")))
    waiting = f'<p class="ct-wait">{esc(t("col.inactive", unit=unit))}</p>' if inactive else ""
    now = t("col.trade_now", gain=words(printed["track"][int(tile["marker"])]),
            marker=tile["marker"])
    shown = colony_name(str(tile["name"]))
    return (f'<li{attrs(class_=cls, aria_label=shown)}>'
            f'<div class="ct-head"><h3>{esc(shown)}</h3>{_visit(view, tile, colours)}</div>'
            f'<p class="ct-rule"><span class="ct-k">{esc(t("col.build"))}</span> '
            f'{esc(words(printed["build"]))}</p>'
            f'<p class="ct-rule"><span class="ct-k">{esc(t("col.bonus"))}</span> '
            f'{esc(words(printed["bonus"]))}</p>'
            f"{_track(view, tile, colours)}"
            f'<p class="ct-now">{esc(now)}</p>{waiting}</li>')


# ---------------------------------------------------------------- fleets
def _fleets(view: View, sec: Mapping[str, Any], colours: Sequence[str]) -> str:
    """Where each player's trade fleets are: at home, or on the tiles they visit."""
    items = []
    for p, fleet in enumerate(sec.get("fleets") or ()):
        away = [tile["name"] for tile in sec.get("tiles") or () if tile.get("visitor") == p]
        home = int(fleet.get("free", 0))
        where = [tn("col.fleets_home", home)] if home else []
        where += [t("col.fleet_on", colony=name) for name in away]
        colour = colours[p] if 0 <= p < len(colours) else "grey"
        built = tn("col.colonies_n", colonies_count(view, p) or 0)
        items.append(f"<li>{swatch(colour, p)}<b>{esc(player_name(view, p))}</b> "
                     f'<span>{esc(", ".join(where) or t("col.no_fleet"))}</span>'
                     f' <span class="ct-count">{esc(built)}</span></li>')
    return (f'<ul class="col-fleets" aria-label="{esc(t("col.fleets"))}">{"".join(items)}</ul>')


def colonies_section(view: View, colours: Sequence[str]) -> str:
    """The Colonies part of the game screen ("" without Colonies or before tiles are in
    play): fleets, then every tile in play."""
    sec = section_of(view)
    if sec is None or not sec.get("tiles"):
        return ""
    fees = (sec.get("you") or {}).get("fees") or {}
    costs = t("col.costs", cost=sec.get("build_cost", 17),
              fees=", ".join(qty(r, int(n)) for r, n in fees.items())
              or t("col.fees_default"))
    tiles = "".join(tile_html(view, tile, colours) for tile in sec["tiles"])
    return (f'<section class="colonies" aria-labelledby="colonies-title">'
            f'<h2 id="colonies-title">{esc(t("col.title"))}</h2>'
            f'<p class="hint">{esc(costs)}</p>{_fleets(view, sec, colours)}'
            f'<ul class="colony-tiles">{tiles}</ul></section>')
