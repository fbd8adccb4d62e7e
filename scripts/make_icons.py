"""Draw the app's PNG icons (static/icon-192.png, static/icon-512.png) like static/icon.svg.

    python scripts/make_icons.py

Standard library only: the picture is computed pixel by pixel (edges anti-aliased by
their distance to each shape) and written as a PNG with zlib and struct. The icons are
full-bleed squares in the page's background colour with the art inside the central 80%
circle, so they are safe as maskable icons (any mask shape cuts only background).
The output is deterministic: running the script again rewrites the same bytes.
"""
from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = (192, 512)
Colour = tuple[int, int, int]

BACKGROUND: Colour = (0x1B, 0x14, 0x10)  # --bg of static/app.css
RIM: Colour = (0xE0, 0x70, 0x3A)
MARS: Colour = (0xB5, 0x64, 0x3A)
BAND: Colour = (0x3F, 0x8F, 0x3A)
WATER: Colour = (0x2F, 0x6F, 0xB3)

# icon.svg's art, in its 64-unit viewBox: a disc of radius 28 with a 3-unit rim, a green
# band (a stroke 5 wide, round caps, along two cubic curves) and a blue dot.
CENTRE = (32.0, 32.0)
OUTER, INNER = 29.5, 26.5
BAND_WIDTH = 5.0
BAND_CURVES = (((14, 38), (22, 32), (28, 40), (36, 34)),  # M14 38 c8-6 14 2 22-4
               ((36, 34), (44, 28), (48, 32), (50, 34)))  # s12-2 14 0
DOT, DOT_RADIUS = (24.0, 22.0), 5.0
ART_SHARE = 0.74  # the disc's diameter as a share of the icon (safe zone: 0.8)


def _bezier(points: tuple[tuple[int, int], ...], steps: int = 48) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        out.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return out


def _segments() -> list[tuple[float, float, float, float]]:
    points = _bezier(BAND_CURVES[0]) + _bezier(BAND_CURVES[1])[1:]
    return [(ax, ay, bx, by) for (ax, ay), (bx, by) in zip(points, points[1:], strict=False)]


def _distance_to_band(x: float, y: float, segments: list[tuple[float, float, float, float]]
                      ) -> float:
    best = math.inf
    for ax, ay, bx, by in segments:
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(x - ax - t * dx, y - ay - t * dy))
    return best


def _mix(under: Colour, over: Colour, cover: float) -> Colour:
    if cover <= 0:
        return under
    if cover >= 1:
        return over
    return (round(under[0] + (over[0] - under[0]) * cover),
            round(under[1] + (over[1] - under[1]) * cover),
            round(under[2] + (over[2] - under[2]) * cover))


def draw(size: int) -> list[list[Colour]]:
    """The icon's pixels, rows top to bottom."""
    scale = size * ART_SHARE / (2 * OUTER)  # pixels per art unit
    segments = _segments()
    xs = [c for seg in segments for c in (seg[0], seg[2])]
    ys = [c for seg in segments for c in (seg[1], seg[3])]
    reach = BAND_WIDTH / 2 + 1
    box = (min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach)

    def cover(inside_by: float) -> float:
        """Share of a pixel covered by a shape whose edge is ``inside_by`` units away."""
        return max(0.0, min(1.0, inside_by * scale + 0.5))

    rows = []
    for row in range(size):
        y = CENTRE[1] + (row + 0.5 - size / 2) / scale
        pixels = []
        for column in range(size):
            x = CENTRE[0] + (column + 0.5 - size / 2) / scale
            from_centre = math.hypot(x - CENTRE[0], y - CENTRE[1])
            colour = _mix(BACKGROUND, RIM, cover(OUTER - from_centre))
            colour = _mix(colour, MARS, cover(INNER - from_centre))
            if box[0] <= x <= box[1] and box[2] <= y <= box[3]:
                band = _distance_to_band(x, y, segments)
                colour = _mix(colour, BAND, cover(BAND_WIDTH / 2 - band))
            colour = _mix(colour, WATER,
                          cover(DOT_RADIUS - math.hypot(x - DOT[0], y - DOT[1])))
            pixels.append(colour)
        rows.append(pixels)
    return rows


def png(rows: list[list[Colour]]) -> bytes:
    """An 8-bit RGB PNG of the pixels (no filter; zlib level 9)."""
    height, width = len(rows), len(rows[0])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = b"".join(b"\0" + bytes(v for pixel in row for v in pixel) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main() -> int:
    """Write every size into static/."""
    for size in SIZES:
        target = ROOT / "static" / f"icon-{size}.png"
        target.write_bytes(png(draw(size)))
        print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
