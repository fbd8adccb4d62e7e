"""HTML for sharing and looking back: tool bar, link dialog, live scores, the
replay controls and the end-of-game chart of VP and TR by generation."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tm.view_model import ScorePart
from tm.web.card_points_html import card_points_section
from tm.web.html import attrs, button, esc
from tm.web.i18n import t
from tm.web.icons import icon, icon_button, seat_shape
from tm.web.model import ReplayAt, Screen, Tools, player_name
from tm.web.panels import swatch

LINE_COLOURS = {"red": "#d8453b", "green": "#41a447", "blue": "#3a78d8", "yellow": "#e2c23b",
                "black": "#bbbbbb"}


def tool_buttons(tools: Tools, over: bool = False) -> str:
    """Undo, redo, share, live scores and replay. Undo and redo keep their place greyed
    while they cannot act (the bar does not shift as they come and go), and leave once the
    game is over (a finished game is not taken back); replay likewise until a move."""
    parts = []
    if not over:
        parts.append(button(t("tools.undo"), "undo", "tool") if tools.can_undo
                     else _idle(t("tools.undo")))
        parts.append(button(t("tools.redo"), "redo", "tool") if tools.can_redo
                     else _idle(t("tools.redo")))
    if tools.can_share:
        parts.append(button(t("tools.share"), "share", "tool"))
    label = t("tools.hide_scores" if tools.show_scores else "tools.show_scores")
    parts.append(button(label, "toggle_scores", "tool"))
    parts.append(button(t("tools.replay"), "replay", "tool") if tools.can_replay
                 else _idle(t("tools.replay")))
    return "".join(parts)


def _idle(label: str) -> str:
    """A tool that cannot act now, in its place (no action: a click does nothing)."""
    return f'<button type="button" class="tool idle" disabled>{esc(label)}</button>'



def link_banner(tools: Tools) -> str:
    """Shown over a game opened from a link: it is not saved until continued."""
    if not tools.from_link:
        return ""
    return (f'<section class="link-banner" role="status"><p>{esc(t("link.viewing"))}</p>'
            + button(t("link.continue"), "continue_link", "primary") + "</section>")


def share_dialog(tools: Tools) -> str:
    """The link to this game, ready to copy."""
    if tools.share_link is None:
        return ""
    return (f'<section class="share" role="dialog" aria-label="{esc(t("share.title"))}">'
            f'<h2>{esc(t("share.title"))}</h2><p>{esc(t("share.hint"))}</p>'
            f'<input class="share-link" readonly{attrs(value=tools.share_link)} '
            f'aria-label="{esc(t("share.title"))}">'
            + _copy_button(tools)
            + button(t("share.close"), "close_share", "") + "</section>")


def _copy_button(tools: Tools) -> str:
    """Copy the link; once the clipboard has it, the button says so (and a screen reader
    hears it: the words are a status)."""
    if not tools.copied:
        return button(t("share.copy"), "copy_link", "primary", link=tools.share_link)
    return (f'<button type="button" class="primary copied"'
            f'{attrs(data_action="copy_link", data_link=tools.share_link)}>{icon("check")}'
            f'<span role="status">{esc(t("share.copied"))}</span></button>')


def live_scores(screen: Screen) -> str:
    """Each player's VP right now, broken down as in the final scoring."""
    if not screen.tools.show_scores or screen.view is None:
        return ""
    view = screen.view
    cols: tuple[ScorePart, ...] = ("tr", "milestones", "awards", "greeneries", "cities",
                                   "cards", "total")
    head = "".join(f'<th scope="col">{esc(t("end.col." + c))}</th>' for c in cols)
    rows = "".join(
        f'<tr><th scope="row">{esc(player_name(view, r["player"]))}</th>'
        + "".join(f'<td data-label="{esc(t("end.col." + c))}">{r[c]}</td>' for c in cols)
        + "</tr>" for r in view["scores"])
    return (f'<section class="live-scores"><h2>{esc(t("scores.title"))}</h2>'
            f'<div class="table-wrap"><table class="scores"><thead><tr>'
            f'<th scope="col">{esc(t("end.col.player"))}</th>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div></section>")


def replay_controls(replay: ReplayAt) -> str:
    """Step through the game move by move or generation by generation; branch from here."""
    total, generation = replay.total, replay.generation
    status = t("replay.position", pos=replay.pos, total=total, generation=generation)
    buttons = (icon_button(t("replay.start"), "replay_to", "first", "tool", pos=0)
               + icon_button(t("replay.prev_generation"), "replay_generation", "prev2", "tool",
                             delta=-1)
               + icon_button(t("replay.prev"), "replay_step", "prev", "tool", delta=-1)
               + icon_button(t("replay.next"), "replay_step", "next", "tool", True, delta=1)
               + icon_button(t("replay.next_generation"), "replay_generation", "next2", "tool",
                             True, delta=1)
               + icon_button(t("replay.end"), "replay_to", "last", "tool", True, pos=total)
               + button(t("replay.branch"), "replay_branch", "primary")
               + button(t("replay.exit"), "replay_exit", ""))
    return (f'<section class="replay-controls" aria-label="{esc(t("replay.title"))}">'
            f'<h2>{esc(t("replay.title"))}</h2><p class="replay-status" role="status">'
            f"{esc(status)}</p><div class=\"tools\">{buttons}</div></section>")


# ---------------------------------------------------------------- end chart
# The chart's drawing units. Its text is CHART_FONT units high; the SVG scales with its
# width, so the width is kept small enough that on a 390 px phone (about 360 px of chart)
# the text is still over 11 px, and the page caps its width (static/app.css) so a wide
# screen does not blow it up.
CHART_W, CHART_H = 400.0, 230.0
CHART_FONT = 13
LEFT, RIGHT, TOP, BOTTOM = 34.0, 14.0, 12.0, 26.0  # room for the value and generation labels
LABEL_EVERY_ONE_UP_TO = 10  # generations: beyond this, every other one is labelled
MARK_SIZE = 9.0  # a seat's symbol on its VP line, in drawing units


def _polyline(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def value_step(top: int) -> int:
    """The step between value gridlines: a round number giving three to six lines."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if top / step <= 5:
            return step
    return 1000


def labelled_generations(count: int) -> list[int]:
    """Which of ``count`` generations (by index) get a label: all of them up to ten,
    otherwise every other one counted back from the last (the last is always named)."""
    if count <= LABEL_EVERY_ONE_UP_TO:
        return list(range(count))
    return [i for i in range(count) if (count - 1 - i) % 2 == 0]


def _mark(seat: int, colour: str, x: float, y: float) -> str:
    """The seat's symbol centred on a point (colours are told apart by symbol too)."""
    scale = MARK_SIZE / 16
    return (f'<g class="mark" fill="{colour}" transform="translate({x - MARK_SIZE / 2:.1f} '
            f'{y - MARK_SIZE / 2:.1f}) scale({scale:.4f})">{seat_shape(seat)[1]}</g>')


def _chart_svg(rows: Sequence[Mapping[str, Any]], names: list[str],
               colours: Sequence[str]) -> str:
    generations = [row["generation"] for row in rows]
    highest = max([1] + [max(p["vp"], p["tr"]) for row in rows for p in row["players"]])
    step = value_step(highest)
    top = -(-highest // step) * step  # the highest value, up to a gridline
    span = max(1, len(generations) - 1)
    bottom_y = CHART_H - BOTTOM

    def point(i: int, value: int) -> tuple[float, float]:
        return (LEFT + i * (CHART_W - LEFT - RIGHT) / span,
                bottom_y - value * (bottom_y - TOP) / top)

    grid = []
    for value in range(0, top + 1, step):
        y = point(0, value)[1]
        grid.append(f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{CHART_W - RIGHT}" '
                    f'y2="{y:.1f}"/><text class="value" x="{LEFT - 5}" y="{y + 4.5:.1f}">'
                    f"{value}</text>")
    for i in labelled_generations(len(generations)):
        x = point(i, 0)[0]
        grid.append(f'<text class="gen" x="{x:.1f}" y="{CHART_H - 8}">'
                    f"{esc(generations[i])}</text>")
    lines = []
    for p, name in enumerate(names):
        colour = LINE_COLOURS.get(colours[p], "#999")
        vp = [point(i, row["players"][p]["vp"]) for i, row in enumerate(rows)]
        tr = [point(i, row["players"][p]["tr"]) for i, row in enumerate(rows)]
        marks = "".join(_mark(p, colour, x, y) for x, y in vp)
        lines.append(f'<polyline class="tr" points="{_polyline(tr)}" stroke="{colour}">'
                     f'<title>{esc(t("chart.tr_of", name=name))}</title></polyline>'
                     f'<polyline class="vp" points="{_polyline(vp)}" stroke="{colour}">'
                     f'<title>{esc(t("chart.vp_of", name=name))}</title></polyline>{marks}')
    title = esc(t("chart.title"))
    return (f'<svg class="chart" viewBox="0 0 {CHART_W:.0f} {CHART_H:.0f}" role="img" '
            f'aria-label="{title}" aria-describedby="chart-table" '
            f'font-size="{CHART_FONT}">{"".join(grid)}{"".join(lines)}</svg>')


def _chart_key(names: list[str], colours: Sequence[str]) -> str:
    """The chart's key in HTML (it keeps the page's text size on a phone): each player's
    symbol, colour and name, and which line is which measure."""
    players = "".join(f'<li>{swatch(colours[p], p)}{esc(name)}</li>'
                      for p, name in enumerate(names))
    sample = ('<svg class="line-sample" viewBox="0 0 28 8" width="28" height="8" '
              'aria-hidden="true" focusable="false"><line class="{cls}" x1="1" y1="4" '
              'x2="27" y2="4"/></svg>')
    measures = (f'<li>{sample.format(cls="vp")}{esc(t("chart.key_vp"))}</li>'
                f'<li>{sample.format(cls="tr")}{esc(t("chart.key_tr"))}</li>')
    return (f'<ul class="chart-key" aria-label="{esc(t("chart.key"))}">{players}'
            f"{measures}</ul>")


def _chart_table(rows: Sequence[Mapping[str, Any]], names: list[str]) -> str:
    head = "".join(f'<th scope="col">{esc(t("chart.vp_of", name=n))}</th>'
                   f'<th scope="col">{esc(t("chart.tr_of", name=n))}</th>' for n in names)
    body = "".join(
        f'<tr><th scope="row">{row["generation"]}</th>'
        + "".join(f'<td>{p["vp"]}</td><td>{p["tr"]}</td>' for p in row["players"]) + "</tr>"
        for row in rows)
    return (f'<div class="table-wrap"><table id="chart-table" class="chart-data">'
            f'<caption>{esc(t("chart.caption"))}</caption><thead><tr>'
            f'<th scope="col">{esc(t("chart.generation"))}</th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def end_extras(screen: Screen) -> str:
    """Below the final scores: each player's VP from cards, card by card; the chart with its
    numbers; and the link to the game."""
    rows = screen.history
    names = [str(pl["name"]) for pl in screen.game["players"]]
    chart = _chart_svg(rows, names, screen.colours) if rows else ""
    key = _chart_key(names, screen.colours) if rows else ""
    table = _chart_table(rows, names) if rows else ""
    final = (f'<p class="final-link">{esc(t("end.link"))} '
             f'<a{attrs(href=screen.link, class_="game-link")}>{esc(t("end.link_text"))}</a></p>'
             if screen.link else "")  # (none of a sealed game: its audit is beside it)
    return (card_points_section(screen.game, screen.colours)
            + f'<section class="history"><h3>{esc(t("chart.title"))}</h3>'
            f"{key}{chart}{table}{final}</section>")
