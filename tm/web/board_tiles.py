"""Our own drawings of the special tiles and of a land claim, as SVG symbols.

Each special tile the engine places (cards' ``tile`` steps: Capital, Natural Preserve,
Mohole Area, Nuclear Zone, Lava Flows, Commercial District, Ecological Zone, Industrial
Center, Mining Area, Mining Rights, Restricted Area) has a glyph drawn in a 24 × 24 box
centred on 0, 0; a tile kind without one falls back to its short name on the board.
A claim is a flag in its claimant's colour (``currentColor``, set by the owner class).
"""
from __future__ import annotations

import math


def _trefoil() -> str:
    """The three blades of a radiation sign."""
    blades = []
    for centre in (-90, 30, 150):
        a0, a1 = math.radians(centre - 30), math.radians(centre + 30)
        r0, r1 = 2.6, 8.6
        blades.append(
            f"M{r0 * math.cos(a0):.2f} {r0 * math.sin(a0):.2f}"
            f"L{r1 * math.cos(a0):.2f} {r1 * math.sin(a0):.2f}"
            f"A{r1} {r1} 0 0 1 {r1 * math.cos(a1):.2f} {r1 * math.sin(a1):.2f}"
            f"L{r0 * math.cos(a1):.2f} {r0 * math.sin(a1):.2f}"
            f"A{r0} {r0} 0 0 0 {r0 * math.cos(a0):.2f} {r0 * math.sin(a0):.2f}Z")
    return f'<path d="{"".join(blades)}" fill="#1e1e1e"/>'


_PICK = ('<path d="M-8-4Q0-11 8-4" fill="none" stroke="#e4e7ee" stroke-width="2.6" '
         'stroke-linecap="round"/><path d="M0-7.5V7" stroke="#8a5a32" stroke-width="2.6" '
         'stroke-linecap="round"/>')

SPECIAL_GLYPHS: dict[str, str] = {
    "capital": '<path d="M-9 10V-1h4v-4h5v-3h4v3h5V10Z" fill="#f6f0d8" stroke="#3d4047" '
               'stroke-width="1.1"/><path d="M-6 3h2M-1-1h2M-1 4h2M4 3h2" stroke="#3d4047"/>'
               '<path d="M0-12.5 1.6-9.4 5-9 2.5-6.7 3.1-3.4 0-5 -3.1-3.4-2.5-6.7-5-9-1.6-9.4Z" '
               'fill="#ffd54a" stroke="#6b4e00" stroke-width=".7"/>',
    "natural_preserve": '<circle r="10" fill="#e6f4d8" stroke="#2f6b2a" stroke-width="1.6"/>'
                        '<path d="M0-7.5 6.5 3H-6.5Z" fill="#3b8a36" stroke="#1f5a1c" '
                        'stroke-width=".8"/><rect x="-1.3" y="3" width="2.6" height="4.5" '
                        'fill="#5a3a1a"/>',
    "mohole_area": '<circle r="10" fill="#4a2412" stroke="#f0a060" stroke-width="1.4"/>'
                   '<circle r="6.4" fill="#140a08" stroke="#c8461b" stroke-width="1.2"/>'
                   '<circle r="2.6" fill="#ff7a2a"/>',
    "nuclear_zone": '<circle r="10.2" fill="#ffd54a" stroke="#1e1e1e" stroke-width="1.2"/>'
                    + _trefoil() + '<circle r="1.7" fill="#1e1e1e"/>',
    "lava_flows": '<path d="M-9 6-2-7h4L9 6Z" fill="#4a1f10" stroke="#f3c09a" '
                  'stroke-width=".8"/><path d="M-1-7Q-3-2 1 0t-2 5 2 5H-3q-3-4 0-6t-1-5Z" '
                  'fill="#ff6a1a"/><path d="M-11 9q3-4 6-1t6-1 6 1 4-1v3h-22Z" '
                  'fill="#ff8a2a" stroke="#ffd0a0" stroke-width=".6"/>',
    "commercial_district": '<circle r="10" fill="#e8b73a" stroke="#6b4e00" stroke-width="1.6"/>'
                           '<circle r="7" fill="none" stroke="#6b4e00" stroke-width=".8"/>'
                           '<text y="3.6" font-size="10" font-weight="700" fill="#3a2a00" '
                           'text-anchor="middle">M€</text>',
    "ecological_zone": '<path d="M-9 9C-10-4 0-10 10-10 10 1 3 10-9 9Z" fill="#7ccf54" '
                       'stroke="#1f5a1c" stroke-width="1.2"/><path d="M-9 9 6-6" '
                       'stroke="#1f5a1c" stroke-width="1.2"/><circle cx="2.5" cy="3.5" r="2.2" '
                       'fill="#fff"/><circle cx="-.5" cy="-.3" r="1.1" fill="#fff"/>'
                       '<circle cx="2.3" cy="-1.3" r="1.1" fill="#fff"/>'
                       '<circle cx="5.2" cy=".2" r="1.1" fill="#fff"/>',
    "industrial_center": '<path d="M-10 9V-1l5 3V-1l5 3V-1l4 2.5V-8h4V9Z" fill="#c7c9cf" '
                         'stroke="#33363c" stroke-width="1.1"/><circle cx="6" cy="-10" r="2.2" '
                         'fill="#e8e8e8" opacity=".85"/><circle cx="9" cy="-11.5" r="1.6" '
                         'fill="#e8e8e8" opacity=".7"/><path d="M-7 5h2M-2 5h2M3 5h2" '
                         'stroke="#33363c"/>',
    "mining_area": _PICK + '<rect x="2" y="2" width="8" height="8" rx="1.5" fill="#8a5a32" '
                           'stroke="#f1d3b3"/>',
    "mining_rights": _PICK + '<path d="M6 1.5 10.5 6 6 10.5 1.5 6Z" fill="#3b3f4a" '
                             'stroke="#d9dde6"/><path d="M-10 2h8v8h-8Z" fill="#efe6d2" '
                             'stroke="#5a4632"/><path d="M-8.5 5h5M-8.5 7.5h5" '
                             'stroke="#5a4632" stroke-width=".8"/>',
    "restricted_area": '<circle r="10" fill="#c0392b" stroke="#fff" stroke-width="1.6"/>'
                       '<rect x="-6.5" y="-2" width="13" height="4" rx="1" fill="#fff"/>',
}

CLAIM_GLYPH = ('<path d="M-5 10V-10" stroke="#f4f4f4" stroke-width="1.8" stroke-linecap="round"/>'
               '<path d="M-4.2-10 8-5.5-4.2-1Z" fill="currentColor" stroke="#f4f4f4" '
               'stroke-width="1"/>')


def special_symbols() -> str:
    """The ``<symbol>`` of every special tile and of the claim flag (ids ``t-<tile>``)."""
    found = [f'<symbol id="t-{tile}" viewBox="-12 -12 24 24" overflow="visible">{body}</symbol>'
             for tile, body in SPECIAL_GLYPHS.items()]
    found.append(f'<symbol id="t-claim" viewBox="-12 -12 24 24" overflow="visible">'
                 f"{CLAIM_GLYPH}</symbol>")
    return "".join(found)
