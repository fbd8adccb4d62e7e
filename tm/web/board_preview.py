"""The new-game form's board picker: each board the engine ships, with a small drawing of
its spaces and its milestones and awards, so players see what they choose."""
from __future__ import annotations

import math

from tm.board.maps import builtin_maps
from tm.core.mapdef import MapDef
from tm.web.html import attrs, esc
from tm.web.i18n import has, name, t, tn

SIZE = 7.0  # a preview hex's radius in px
_W, _H = math.sqrt(3) * SIZE, 1.5 * SIZE


def board_names() -> tuple[str, ...]:
    """The boards a new game may be played on, in the order they are offered."""
    return tuple(m.name for m in builtin_maps())


def board_title(board: MapDef) -> str:
    """A board's name for players."""
    key = f"board.{board.name}"
    return t(key) if has(key) else board.title or board.name


def _hexagon(cx: float, cy: float) -> str:
    corners = (f"{cx + SIZE * math.cos(math.radians(60 * i - 30)):.1f},"
               f"{cy + SIZE * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))
    return " ".join(corners)


def preview_svg(board: MapDef) -> str:
    """Mars of one board, drawn small: ocean, land and volcanic spaces, special spaces."""
    rows = board.row_lengths
    width = max(rows) * _W + _W
    height = (len(rows) - 1) * _H + 2 * SIZE + 2
    cells = []
    for sp in board.spaces.values():
        if sp.kind == "offmap":
            continue
        indent = max(rows) - rows[sp.row]
        cx = _W / 2 + indent * _W / 2 + (sp.x - indent) * _W + 1
        cy = SIZE + 1 + sp.row * _H
        kind = "volcanic" if sp.volcanic else sp.kind
        special = " special" if (sp.cost or sp.effect or sp.reserved_for) else ""
        cells.append(f'<polygon class="pv-{kind}{special}" points="{_hexagon(cx, cy)}"/>')
    label = tn("start.board_preview", len(board.mars_ids), board=board_title(board))
    return (f'<svg class="board-preview" viewBox="0 0 {width:.0f} {height:.0f}" role="img"'
            f'{attrs(aria_label=label)}><title>{esc(label)}</title>{"".join(cells)}</svg>')


def board_picker(chosen: str) -> str:
    """The board select and, below it, the chosen board's preview, milestones and awards."""
    boards = builtin_maps()
    current = next((m for m in boards if m.name == chosen), boards[0])
    options = "".join(
        f'<option value="{esc(m.name)}"{" selected" if m is current else ""}>'
        f"{esc(board_title(m))}</option>" for m in boards)
    milestones = t("list.and").join(name("milestone", m) for m in current.milestone_names)
    awards = t("list.and").join(name("award", a) for a in current.award_names)
    return (f'<div class="board-picker"><label>{esc(t("start.board"))} '
            f'<select name="board" data-change="form">{options}</select></label>'
            f"{preview_svg(current)}"
            f'<p class="hint">{esc(t("start.board_goals", milestones=milestones, awards=awards))}'
            "</p></div>")
