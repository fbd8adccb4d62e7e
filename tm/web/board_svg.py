"""The Mars board as SVG: hexes, tiles with owner colours, bonuses, legal spaces."""
from __future__ import annotations

import math

from tm.maps import ROW_LENGTHS, Space, get_map
from tm.state import NEUTRAL, GameState
from tm.web.html import attrs, esc
from tm.web.i18n import t

RADIUS = 30.0
HEX_W = math.sqrt(3) * RADIUS
ROW_H = 1.5 * RADIUS
MARGIN = 8.0
BONUS_MARK = {"steel": "s", "titanium": "t", "plants": "p", "heat": "h", "card": "c"}
TILE_MARK = {"city": "C", "capital": "C", "greenery": "G", "ocean": ""}


def centre(space: Space) -> tuple[float, float]:
    """Pixel centre of a space on the board."""
    length = ROW_LENGTHS[space.row]
    col = _col_in_row(space)
    x = MARGIN + HEX_W / 2 + (9 - length) * HEX_W / 2 + col * HEX_W
    y = MARGIN + RADIUS + space.row * ROW_H
    return x, y


def _col_in_row(space: Space) -> int:
    return int(space.id) - 3 - sum(ROW_LENGTHS[: space.row])


def _hex_points(cx: float, cy: float, r: float) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return " ".join(points)


def _tile_class(tile: str | None) -> str:
    if tile is None:
        return ""
    if tile in ("city", "capital", "greenery", "ocean"):
        return f" tile-{tile}"
    return " tile-special"


def _space_svg(g: GameState, sp: Space, colours: list[str], legal: dict[str, int]) -> str:
    cx, cy = centre(sp)
    entry = g.board.get(sp.id)
    tile = entry["tile"] if entry else None
    owner = entry.get("owner") if entry else None
    classes = f"space {sp.kind}{_tile_class(tile)}"
    label = f"{sp.id} {sp.name or ''} {' '.join(sp.bonus)}".strip()
    extra: dict[str, object] = {}
    if sp.id in legal:
        classes += " legal"
        extra = {"data_action": "choose", "data_index": legal[sp.id], "tabindex": 0,
                 "role": "button"}
    parts = [f"<g{attrs(class_=classes, data_space=sp.id, aria_label=label, **extra)}>",
             f'<polygon points="{_hex_points(cx, cy, RADIUS - 1.5)}"/>']
    if tile is None:
        marks = "".join(BONUS_MARK.get(b, "?") for b in sp.bonus)
        if marks:
            parts.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" class="bonus">{esc(marks)}</text>')
    else:
        mark = TILE_MARK.get(tile, tile[:2].upper())
        parts.append(f'<text x="{cx:.1f}" y="{cy + 5:.1f}" class="tile-mark">{esc(mark)}</text>')
        if owner is not None:
            colour = "neutral" if owner == NEUTRAL else (colours[owner] if owner < len(colours)
                                                        else "grey")
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy - 14:.1f}" r="6" '
                         f'class="owner owner-{esc(colour)}"/>')
    parts.append("</g>")
    return "".join(parts)


def board_svg(g: GameState, colours: list[str], legal: dict[str, int] | None = None) -> str:
    """The board; ``legal`` maps space ids to the choice index that picks them."""
    legal = legal or {}
    board = get_map(g.options.board)
    width = MARGIN * 2 + 9 * HEX_W + 2 * RADIUS
    height = MARGIN * 2 + 8 * ROW_H + 2 * RADIUS
    spaces = []
    offmap_y = MARGIN + RADIUS
    for sp in board.spaces.values():
        if sp.kind == "offmap":
            spaces.append(_offmap_svg(g, sp, colours, legal, width - RADIUS - MARGIN, offmap_y))
            offmap_y += 2.2 * RADIUS
        else:
            spaces.append(_space_svg(g, sp, colours, legal))
    title = esc(t(f"board.{g.options.board}"))
    return (f'<svg class="board" viewBox="0 0 {width:.0f} {height:.0f}" role="group" '
            f'aria-label="{title}">{"".join(spaces)}</svg>')


def _offmap_svg(g: GameState, sp: Space, colours: list[str], legal: dict[str, int],
                cx: float, cy: float) -> str:
    entry = g.board.get(sp.id)
    classes = "space offmap" + (" tile-city" if entry else "")
    extra: dict[str, object] = {}
    if sp.id in legal:
        classes += " legal"
        extra = {"data_action": "choose", "data_index": legal[sp.id], "tabindex": 0,
                 "role": "button"}
    owner = entry.get("owner") if entry else None
    ring = ""
    if owner is not None and 0 <= owner < len(colours):
        ring = (f'<circle cx="{cx:.1f}" cy="{cy - 14:.1f}" r="6" '
                f'class="owner owner-{esc(colours[owner])}"/>')
    label = f"{sp.id} {sp.name}"
    return (f"<g{attrs(class_=classes, data_space=sp.id, aria_label=label, **extra)}>"
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS * 0.8:.1f}"/>'
            f'<text x="{cx:.1f}" y="{cy + 4:.1f}" class="bonus">{esc((sp.name or "")[:3])}</text>'
            f"{ring}</g>")
