"""The Mars board as SVG: hexes, tiles with owner markers, placement bonuses drawn as
our own small icons (with a legend), ocean and volcanic spaces, and the legal spaces.

Every space and what lies on it comes from the view's ``spaces``; the map module gives
only the board's geometry (how many spaces each row holds)."""
from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from tm.core.mapdef import get_map
from tm.view_model import SpaceView
from tm.web.board_tiles import SPECIAL_GLYPHS, special_symbols
from tm.web.card_text import tile_name
from tm.web.html import attrs, esc
from tm.web.i18n import has, name, space_name, t
from tm.web.model import View, player_name

RADIUS = 30.0
HEX_W = math.sqrt(3) * RADIUS
ROW_H = 1.5 * RADIUS
MARGIN = 8.0
ICON = 20.0  # a bonus icon: its shape 11 px and more on a phone's board (scale ≈ 0.67)
BONUSES = ("steel", "titanium", "plants", "heat", "energy", "megacredits", "card",
           "any_resource", "animal", "microbe")  # every bonus kind a board may print
TILE_GLYPH = {"city": "t-city", "greenery": "t-greenery",
              "ocean": "t-ocean"}

# Our own icons: a shape and colour per bonus, with a letter for colour-blind players.
_ICON_SHAPES = {
    "steel": '<rect x="1" y="1" width="10" height="10" rx="2" fill="#8a5a32" stroke="#f1d3b3"/>',
    "titanium": '<path d="M6 0.5 11.5 6 6 11.5 0.5 6Z" fill="#3b3f4a" stroke="#d9dde6"/>',
    "plants": '<circle cx="6" cy="6" r="5.3" fill="#2f7d2c" stroke="#c9f0c0"/>',
    "heat": '<path d="M6 0.6 11.6 11.2H0.4Z" fill="#c8461b" stroke="#ffd2b8"/>',
    "card": '<rect x="2" y="0.5" width="8" height="11" rx="1.5" fill="#efe6d2" stroke="#5a4632"/>',
    "energy": '<rect x="1" y="1" width="10" height="10" rx="5" fill="#6b3fa0" stroke="#e2cdf7"/>',
    "megacredits": '<circle cx="6" cy="6" r="5.3" fill="#e0b43a" stroke="#5a4214"/>',
    "any_resource": '<path d="M6 0.4 11.6 4.3 9.5 11.4H2.5L0.4 4.3Z" fill="#6b6b78" '
                    'stroke="#f0f0f5"/>',
    "animal": '<rect x="0.8" y="0.8" width="10.4" height="10.4" rx="3.5" fill="#8a5a3a" '
              'stroke="#f3dcc8"/>',
    "microbe": '<circle cx="6" cy="6" r="5.3" fill="#9bbf2f" stroke="#26330a"/>',
}
_ICON_INK = {"card": "#3a2a1a", "megacredits": "#3a2a0a", "microbe": "#1d2608"}
_GLYPHS = {
    "t-city": '<path d="M-9 9V-1h5v-7h7v4h6V9Z" fill="#f2f2f2" stroke="#3d4047" '
              'stroke-width="1.2"/><path d="M-6 2h2M-1-4h2M-1 2h2M5 2h2" stroke="#3d4047"/>',
    "t-greenery": '<path d="M0-11 8 3H-8Z" fill="#d6f5c8" stroke="#1f5a1c"/>'
                  '<rect x="-1.5" y="3" width="3" height="6" fill="#5a3a1a"/>',
    "t-ocean": '<path d="M-10-3q2.5-3 5 0t5 0 5 0 5 0M-10 4q2.5-3 5 0t5 0 5 0 5 0" '
               'fill="none" stroke="#eaf4ff" stroke-width="2"/>',
    "t-volcano": '<path d="M-6 4-1-4h2L6 4Z" fill="#5b2a17" stroke="#f3c09a" stroke-width=".8"/>',
    "t-wave": '<path d="M-8 0q2-2.5 4 0t4 0 4 0 4 0" fill="none" stroke="#7fb0e0" '
              'stroke-width="1.4"/>',
}


def _defs() -> str:
    icons = []
    for bonus, shape in _ICON_SHAPES.items():
        letter = t(f"bonus_letter.{bonus}")
        ink = _ICON_INK.get(bonus, "#fff")
        icons.append(f'<symbol id="i-{bonus}" viewBox="0 0 12 12">{shape}'
                     f'<text x="6" y="8.6" fill="{ink}" font-size="7.5" font-weight="700" '
                     f'text-anchor="middle">{esc(letter)}</text></symbol>')
    glyphs = "".join(f'<symbol id="{gid}" viewBox="-12 -12 24 24" overflow="visible">{body}'
                     "</symbol>" for gid, body in _GLYPHS.items())
    return f"<defs>{''.join(icons)}{glyphs}{special_symbols()}</defs>"


def centre(row: int, x: int, rows: tuple[int, ...]) -> tuple[float, float]:
    """Pixel centre of the space at ``row``, ``x`` on a board whose rows hold ``rows``
    spaces."""
    indent = max(rows) - rows[row]
    col = x - indent
    px = MARGIN + HEX_W / 2 + indent * HEX_W / 2 + col * HEX_W
    py = MARGIN + RADIUS + row * ROW_H
    return px, py


def _hex_points(cx: float, cy: float, r: float) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return " ".join(points)


def _use(ref: str, x: float, y: float, size: float, cls: str = "") -> str:
    return (f'<use href="#{ref}" x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" '
            f'width="{size:.1f}" height="{size:.1f}"{attrs(class_=cls or None)}/>')


def _owner_colour(owner: int, colours: Sequence[str]) -> str:
    return "neutral" if not 0 <= owner < len(colours) else colours[owner]


def short_name(name: str) -> str:
    """A place's name as it fits on its space: its first word, and its number if it has one
    ("Tharsis Tholus" → "Tharsis", "Viking 2" → "Viking 2")."""
    words = name.split()
    if len(words) > 1 and words[-1].isdigit():
        return f"{words[0]} {words[-1]}"
    return words[0] if words else ""


def board_label(english: str) -> str:
    """A place's name as its space shows it, in the language (``name.short.*``: "Tharsis",
    "Тарсіда", "タルシス")."""
    shown = name("short", english)
    return short_name(english) if shown == english else shown


def space_label(view: View, sp: SpaceView, legal: bool) -> str:
    """What a space is, in words: id, name, kind, bonuses, tile and owner."""
    parts = [t("board.space", id=sp["id"])]
    if sp["name"]:
        parts.append(space_name(sp["name"]))
    if sp["volcanic"]:
        parts.append(t("board.volcanic"))
    if sp["kind"] == "ocean":
        parts.append(t("board.ocean_space"))
    if sp["reserved_for"] and sp["reserved_for"] != sp["name"]:
        parts.append(t("board.reserved", card=sp["reserved_for"]))
    if sp["bonus"]:
        parts.append(t("board.bonus", list=", ".join(t(f"bonus.{b}") for b in sp["bonus"])))
    if sp.get("cost"):
        parts.append(t("board.space_cost", n=sp["cost"], effect=t(
            f"space_effect_long.{sp['effect']}") if sp.get("effect") else ""))
    if sp["tile"]:
        owner = sp["owner"]
        name = tile_name(sp["tile"])
        parts.append(name if owner is None else t("board.tile_of", tile=name,
                                                  name=player_name(view, owner)))
    elif sp.get("claim") is not None:
        parts.append(t("board.claimed_by", name=player_name(view, sp["claim"])))
    if legal:
        parts.append(t("board.legal"))
    return " · ".join(parts)


def _tile_svg(tile: str, owner: int | None, cx: float, cy: float,
              colours: Sequence[str]) -> str:
    glyph = TILE_GLYPH.get(tile)
    if glyph:
        parts = [_use(glyph, cx, cy + 3, 24)]
    elif tile in SPECIAL_GLYPHS:
        parts = [_use(f"t-{tile}", cx, cy + 5, 24)]  # below the owner marker
    else:
        short_key = f"tileshort.{tile}"
        short = t(short_key) if has(short_key) else "".join(
            w[:1].upper() for w in tile.split("_"))
        parts = [f'<text x="{cx:.1f}" y="{cy + 8:.1f}" class="tile-mark">{esc(short)}</text>']
    if owner is not None:
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy - 15:.1f}" r="6.5" '
                     f'class="owner owner-{esc(_owner_colour(owner, colours))}"/>')
    return "".join(parts)


def _claim_svg(claimant: int, cx: float, cy: float, colours: Sequence[str]) -> str:
    """A land claim: the claimant's flag over the space's printed bonus."""
    colour = esc(_owner_colour(claimant, colours))
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS - 6:.1f}" class="claim-ring '
            f'claim-{colour}"/>' + _use("t-claim", cx + 9, cy - 12, 18, f"claim owner-{colour}"))


def _number_svg(sid: str, cx: float, cy: float) -> str:
    """The space's number, shown on hover, on focus and when the log points at it: one
    element (its dark backing is the text's own stroke, painted under it: static/app.css),
    where a group, a box and the text made three per space, some 190 on the board."""
    return (f'<text class="space-id" aria-hidden="true" x="{cx:.1f}" y="{cy + 22.5:.1f}">'
            f"{esc(t('board.space_number', id=sid))}</text>")


def _icon_spots(count: int, cx: float, cy: float) -> list[tuple[float, float, float]]:
    """Where each printed bonus goes (x, y, size): one or two in a row, large enough to
    read on a phone's narrow board (a hex is about 35 px wide there); three as two over one."""
    if count <= 2:
        return [(cx + (i - (count - 1) / 2) * (ICON + 1), cy - 1, ICON) for i in range(count)]
    small = ICON - 1
    top = [(cx + (i - 0.5) * (small + 1), cy - 9, small) for i in range(2)]
    rest = [(cx + (i - (count - 3) / 2) * (small + 1), cy + 9, small) for i in range(count - 2)]
    return top + rest


def _empty_svg(sp: SpaceView, cx: float, cy: float) -> str:
    parts = []
    if sp["volcanic"]:
        parts.append(_use("t-volcano", cx, cy - 17, 14))
    elif sp["kind"] == "ocean":
        parts.append(_use("t-wave", cx, cy + 15, 18))
    bonuses: Sequence[str] = sp["bonus"]
    parts += [_use(f"i-{bonus}", x, y, size) for bonus, (x, y, size)
              in zip(bonuses, _icon_spots(len(bonuses), cx, cy), strict=False)]
    if sp.get("cost"):  # a space its user pays for (and what it then gives: R-MAP-3)
        parts.append(f'<text x="{cx:.1f}" y="{cy - 6:.1f}" class="space-cost">'
                     f'{esc(t("board.space_cost_short", n=sp["cost"]))}</text>')
        effect = sp.get("effect")
        if effect == "ocean":
            parts.append(_use("t-wave", cx, cy + 6, 16))
        elif effect:
            parts.append(f'<text x="{cx:.1f}" y="{cy + 8:.1f}" class="space-cost">'
                         f'{esc(t("space_effect." + effect))}</text>')
    label = board_label(sp["name"] or sp["reserved_for"] or "")
    if label:
        parts.append(f'<text x="{cx:.1f}" y="{cy + 19:.1f}" class="space-name">{esc(label)}'
                     "</text>")
    return "".join(parts)


def _space_svg(view: View, sp: SpaceView, colours: Sequence[str], legal: Collection[str],
               rows: tuple[int, ...], lit: Collection[str] = ()) -> str:
    cx, cy = centre(sp["row"], sp["x"], rows)
    sid, tile = sp["id"], sp["tile"]
    classes = f"space {sp['kind']}" + (" volcanic" if sp["volcanic"] else "")
    classes += f" tile-{tile if tile in TILE_GLYPH else 'special'}" if tile else ""
    claim = sp.get("claim")
    classes += " claimed" if claim is not None and not tile else ""
    classes += " recap-space" if sid in lit else ""  # named by the recap of others' moves
    label = space_label(view, sp, sid in legal)
    extra: dict[str, object] = {"role": "img", "data_tile": tile or None}
    if sid in legal:
        classes += " legal"
        extra = {**extra, "data_action": "place", "tabindex": 0, "role": "button"}
    inner = (_tile_svg(tile, sp["owner"], cx, cy, colours) if tile
             else _empty_svg(sp, cx, cy))
    if claim is not None and not tile:
        inner += _claim_svg(claim, cx, cy, colours)
    return (f"<g{attrs(class_=classes, data_space=sid, aria_label=label, **extra)}>"
            f"<title>{esc(label)}</title>"
            f'<polygon class="hex" points="{_hex_points(cx, cy, RADIUS - 1.5)}"/>{inner}'
            f"{_number_svg(sid, cx, cy)}</g>")


def _offmap_svg(view: View, sp: SpaceView, colours: Sequence[str], legal: Collection[str],
                cx: float, cy: float, lit: Collection[str] = ()) -> str:
    sid, tile = sp["id"], sp["tile"]
    classes = "space offmap" + (" tile-city" if tile else "")
    classes += " recap-space" if sid in lit else ""
    label = space_label(view, sp, sid in legal)
    extra: dict[str, object] = {"role": "img"}
    if sid in legal:
        classes += " legal"
        extra = {"data_action": "place", "tabindex": 0, "role": "button"}
    inner = (_tile_svg(tile, sp["owner"], cx, cy, colours) if tile else "")
    short = board_label(sp["name"] or "")
    return (f"<g{attrs(class_=classes, data_space=sid, aria_label=label, **extra)}>"
            f"<title>{esc(label)}</title>"
            f'<circle class="hex" cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS * 0.8:.1f}"/>{inner}'
            f'<text x="{cx:.1f}" y="{cy + RADIUS * 0.8 + 10:.1f}" class="space-name">'
            f"{esc(short)}</text></g>")


def board_svg(view: View, colours: Sequence[str],
              legal: Collection[str] | None = None, lit: Collection[str] = ()) -> str:
    """The board; ``legal`` holds the spaces the viewer may place on now (clicking one
    sends the App's ``place`` action with the space); ``lit`` the spaces highlighted (the
    recap of the others' moves)."""
    legal = legal or ()
    board_name = view["options"]["board"]
    rows = get_map(board_name).row_lengths
    width = MARGIN * 2 + max(rows) * HEX_W + 2 * RADIUS
    height = MARGIN * 2 + (len(rows) - 1) * ROW_H + 2 * RADIUS
    spaces = []
    offmap_y = MARGIN + RADIUS
    for sp in view["spaces"]:
        if sp["kind"] == "offmap":
            spaces.append(_offmap_svg(view, sp, colours, legal, width - RADIUS - MARGIN,
                                      offmap_y, lit))
            offmap_y += 2.6 * RADIUS
        else:
            spaces.append(_space_svg(view, sp, colours, legal, rows, lit))
    title = esc(t(f"board.{board_name}"))
    picking = " picking" if legal else ""
    return (f'<svg class="board{picking}" viewBox="0 0 {width:.0f} {height:.0f}" role="group" '
            f'aria-label="{title}">{_defs()}{"".join(spaces)}</svg>')


def _legend_icon(ref: str, cls: str = "") -> str:
    return (f'<svg class="ic{" " + cls if cls else ""}" viewBox="0 0 12 12" aria-hidden="true">'
            f'<use href="#{ref}"/></svg>')


def _legend_hex(cls: str, glyph: str | None = None) -> str:
    use = f'<use href="#{glyph}" x="-9" y="-9" width="18" height="18"/>' if glyph else ""
    return (f'<svg class="ic hexic {cls}" viewBox="-12 -12 24 24" aria-hidden="true">'
            f'<polygon class="hex" points="{_hex_points(0, 0, 11)}"/>{use}</svg>')


def _legend_glyph(ref: str, cls: str = "") -> str:
    return (f'<svg class="ic hexic{" " + cls if cls else ""}" viewBox="-12 -12 24 24" '
            f'aria-hidden="true"><use href="#{ref}" x="-11" y="-11" width="22" height="22"/>'
            "</svg>")


def _in_play_items(view: View | None) -> list[str]:
    """Key entries for the special tiles and claims on this board now."""
    if view is None:
        return []
    tiles = {sp["tile"] for sp in view["spaces"] if sp["tile"] in SPECIAL_GLYPHS}
    items = [f"<li>{_legend_glyph('t-' + tile)} {esc(tile_name(tile))}</li>"
             for tile in sorted(tiles)]
    if any(sp.get("claim") is not None and not sp["tile"] for sp in view["spaces"]):
        items.append(f"<li>{_legend_glyph('t-claim', 'claim owner-neutral')} "
                     f"{esc(t('board.claim'))}</li>")
    return items


def board_legend(view: View | None = None) -> str:
    """The key to the board's icons (reuses the icons defined in the board's SVG), with
    the special tiles and claims of ``view``'s board."""
    # Only asked "is b printed?": the legend's order is BONUSES', never the set's.
    printed = (frozenset(b for sp in view["spaces"] for b in sp["bonus"]) if view
               else frozenset(BONUSES[:5]))
    items = [f"<li>{_legend_icon('i-' + b)} {esc(t('bonus.' + b))}</li>" for b in BONUSES
             if b in printed]
    items += [
        f"<li>{_legend_hex('space ocean', 't-wave')} {esc(t('board.ocean_space'))}</li>",
        f"<li>{_legend_hex('space land', 't-volcano')} {esc(t('board.volcanic'))}</li>",
        f"<li>{_legend_hex('space tile-city', 't-city')} {esc(tile_name('city'))}</li>",
        f"<li>{_legend_hex('space tile-greenery', 't-greenery')} "
        f"{esc(tile_name('greenery'))}</li>",
        f"<li>{_legend_hex('space tile-ocean', 't-ocean')} {esc(tile_name('ocean'))}</li>",
        f"<li>{_legend_hex('space legal')} {esc(t('board.legal'))}</li>",
        *_in_play_items(view),
    ]
    return (f'<section class="legend" aria-label="{esc(t("board.legend"))}">'
            f'<ul>{"".join(items)}</ul></section>')
